/*===- fuse-c/Fuse.h - C API of the fuse compiler -----------------*- C -*-===*\
|*                                                                            *|
|* A small C interface over fuse for other languages (the Python package     *|
|* loads it with ctypes): parse hlo modules or import XLA HLO text, run       *|
|* passes, print every stage, compile entry functions for the host CPU or an *|
|* NVIDIA GPU and call them on caller-owned row-major arrays.                *|
|*                                                                            *|
|* Handles are opaque pointers. A call that fails returns NULL (or false)    *|
|* and leaves its diagnostics, with their source locations, in the context:  *|
|* fuseContextGetError. Strings the API returns are freed with               *|
|* fuseStringDestroy. A context and everything made from it is used by one   *|
|* thread at a time.                                                          *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef FUSE_C_FUSE_H
#define FUSE_C_FUSE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define FUSE_CAPI_EXPORTED __attribute__((visibility("default")))
#else
#define FUSE_CAPI_EXPORTED
#endif

typedef struct FuseContextImpl *FuseContext;
typedef struct FuseModuleImpl *FuseModule;
typedef struct FuseExecutableImpl *FuseExecutable;

/// The version of this interface; it grows when functions are added.
#define FUSE_CAPI_VERSION 7
FUSE_CAPI_EXPORTED int fuseGetCAPIVersion(void);

/// Frees a string returned by this API.
FUSE_CAPI_EXPORTED void fuseStringDestroy(char *string);

/*===-- Element types and enums -------------------------------------------===*/

/// The element types that arrays passed to and from executables may have,
/// indexed from 0 to fuseElementTypeCount() - 1 (fuse's one table of them,
/// include/fuse/Support/ElementType.h). An index out of range gives NULL
/// or 0.
FUSE_CAPI_EXPORTED size_t fuseElementTypeCount(void);
/// The type's name in hlo types and signatures: "f32", "bf16", "ui8".
FUSE_CAPI_EXPORTED const char *fuseElementTypeName(size_t index);
/// Bytes of one element in memory (i1 takes one).
FUSE_CAPI_EXPORTED size_t fuseElementTypeBytes(size_t index);
/// The NumPy dtype its arrays are stored as ("<f4", "|b1"); bf16, which
/// NumPy lacks, as its 16-bit patterns ("<u2").
FUSE_CAPI_EXPORTED const char *fuseElementTypeNpyDescr(size_t index);

/// The integer value of case `caseName` of the hlo dialect's enum
/// `enumName` ("ComparisonDirection", "GT"), as the generic form of an op
/// writes it, from the dialect's ODS; -1 for an unknown enum or case.
FUSE_CAPI_EXPORTED int64_t fuseHLOEnumValue(const char *enumName,
                                            const char *caseName);

/*===-- Contexts ----------------------------------------------------------===*/

/// A context with the hlo dialect, the lowering dialects and fuse's passes.
FUSE_CAPI_EXPORTED FuseContext fuseContextCreate(void);
FUSE_CAPI_EXPORTED void fuseContextDestroy(FuseContext context);

/// The diagnostics of the last call on `context` that failed, one per line
/// as "file:line:col: error: message" (notes follow their error), or "" if
/// none failed. Valid until the next call on the context.
FUSE_CAPI_EXPORTED const char *fuseContextGetError(FuseContext context);

/// Receives a line (no newline) of what a long compile is doing: a compile
/// that runs over 2 s reports its stage (program size, kernels, cache
/// outcome), each stage after, and its total time. Called from the
/// compiling thread or a watcher thread, never two at once.
typedef void (*FuseProgressCallback)(const char *line, void *userData);

/// Sends the progress of compiles on `context` to `callback` (NULL: none,
/// the default), with `userData`.
FUSE_CAPI_EXPORTED void
fuseContextSetProgressCallback(FuseContext context,
                               FuseProgressCallback callback, void *userData);

/*===-- Modules -----------------------------------------------------------===*/

/// Parses and verifies a module in MLIR's textual form; `name` is the
/// buffer name in locations. NULL on failure.
FUSE_CAPI_EXPORTED FuseModule fuseModuleParse(FuseContext context,
                                              const char *text, size_t length,
                                              const char *name);

/// Imports XLA HLO text (as XLA dumps it or jax's `as_text(dialect="hlo")`)
/// into an hlo module whose entry is @main. NULL on failure.
FUSE_CAPI_EXPORTED FuseModule fuseModuleImportHLOText(FuseContext context,
                                                      const char *text,
                                                      size_t length,
                                                      const char *name);

FUSE_CAPI_EXPORTED FuseModule fuseModuleClone(FuseModule module);
FUSE_CAPI_EXPORTED void fuseModuleDestroy(FuseModule module);

/// Runs a textual pass pipeline on the module, either a list of module
/// passes ("fuse-elementwise,canonicalize") or an anchored one
/// ("builtin.module(func.func(cse))"). The module is verified after each
/// pass. False on failure; the module may then be partly transformed.
FUSE_CAPI_EXPORTED bool fuseModuleRunPasses(FuseModule module,
                                            const char *pipeline);

/// The module in MLIR's textual form, with `loc(...)` annotations when
/// `withLocations`.
FUSE_CAPI_EXPORTED char *fuseModulePrint(FuseModule module, bool withLocations);

/// The module as a Graphviz (dot) data-flow graph: a node per operation, a
/// cluster per fusion holding its operations.
FUSE_CAPI_EXPORTED char *fuseModulePrintGraphviz(FuseModule module);

/// The signature of public function `entry` as "f32[2,3],i1[3]->f64[]":
/// element types f16 bf16 f32 f64 i1 i8 i16 i32 i64, row-major shapes.
/// NULL if there is no such function or a type is not a static tensor of
/// those.
FUSE_CAPI_EXPORTED char *fuseModuleGetSignature(FuseModule module,
                                                const char *entry);

/*===-- Executables -------------------------------------------------------===*/

/// Compiles public function `entry` of `module` (not changed) for the host
/// CPU with the hlo-lower-to-cpu pipeline; `pipelineOptions` is its option
/// string (e.g. "parallel=false"), NULL or "" for the defaults. The
/// executable outlives `module` but not `context`. NULL on failure.
/// A compile in the persistent compilation cache (docs/cache.md: the
/// environment's FUSE_CACHE_DIR, FUSE_CACHE_MAX_BYTES and
/// FUSE_CACHE_MIN_COMPILE_SECONDS) is loaded from it; a compile that took
/// long enough is stored in it.
FUSE_CAPI_EXPORTED FuseExecutable fuseCompile(FuseModule module,
                                              const char *entry,
                                              const char *pipelineOptions);

/// fuseCompile of `module` after the pass pipeline `passes` (as
/// fuseModuleRunPasses takes it), without changing `module`. A compile the
/// cache holds runs neither the passes nor the lowering.
FUSE_CAPI_EXPORTED FuseExecutable
fuseCompileWithPasses(FuseModule module, const char *entry, const char *passes,
                      const char *pipelineOptions);

/// Where a compiled entry runs.
typedef enum FuseTarget {
  /// The host CPU: the hlo-lower-to-cpu pipeline.
  FUSE_TARGET_CPU = 0,
  /// An NVIDIA GPU, through the CUDA driver: the hlo-lower-to-nvvm pipeline.
  FUSE_TARGET_CUDA = 1,
} FuseTarget;

/// fuseCompileWithPasses for `target`; `pipelineOptions` are the options of
/// the target's pipeline (e.g. "chip=sm_80" for FUSE_TARGET_CUDA). A CUDA
/// executable runs each call on the GPU: fuseExecutableRun copies the
/// inputs to the device and the results back. Compiling for CUDA loads the
/// driver and picks the GPU first: without them it fails with one error
/// that names what is missing ("no GPU: ..."); a program whose arrays and
/// memory plan exceed the GPU's free memory fails too, before any launch.
/// The persistent compilation cache keeps compiles per target, as for the
/// CPU.
FUSE_CAPI_EXPORTED FuseExecutable
fuseCompileForTarget(FuseModule module, const char *entry, const char *passes,
                     FuseTarget target, const char *pipelineOptions);

/// SPMD programs (XLA's collectives, `hlo.device_id`) under mpirun: each
/// process is one device. In a process that mpirun started, the first
/// call joins the job (MPI_Init) and sets `*device` to this process's
/// device and `*devices` to the job's size, and returns 1; an SPMD entry
/// compiled by fuseCompileForTarget in such a process then runs over MPI
/// with that many devices (its own "devices=" pipeline option aside). In
/// any other process it sets device 0 of 1 and returns 0, and SPMD entries
/// run as device 0 alone. A job that cannot be joined (fuse built without
/// MPI) returns -1 and sets the context's error.
FUSE_CAPI_EXPORTED int fuseSpmdDevice(FuseContext context, int *device,
                                      int *devices);
FUSE_CAPI_EXPORTED void fuseExecutableDestroy(FuseExecutable executable);

/// fuseModuleGetSignature of the compiled entry.
FUSE_CAPI_EXPORTED char *fuseExecutableGetSignature(FuseExecutable executable);

/// Seconds spent lowering and compiling, or loading from the cache.
FUSE_CAPI_EXPORTED double
fuseExecutableGetCompileSeconds(FuseExecutable executable);

/// What the compilation cache did: "hit", "miss, stored", "miss" or "off"
/// (no cache). Owned by the executable.
FUSE_CAPI_EXPORTED const char *
fuseExecutableGetCacheOutcome(FuseExecutable executable);

/// Why the cache did not load an entry (it was damaged, and was compiled
/// again) or could not store one; "" if nothing went wrong. Owned by the
/// executable.
FUSE_CAPI_EXPORTED const char *
fuseExecutableGetCacheWarning(FuseExecutable executable);

/// Calls the entry: `inputs[i]` points to argument i, row-major and
/// contiguous with the element type of the signature (i1 as one byte 0 or
/// 1), read in place and never written; result i is built row-major in
/// `outputs[i]`, which has room for it: no copy on the way out. An output
/// that overlaps an input or another output is built aside and copied there
/// after the call. Pointers need only the alignment of their element type.
/// Stores the seconds the call took in `seconds` when it is not NULL. False
/// on failure.
FUSE_CAPI_EXPORTED bool fuseExecutableRun(FuseExecutable executable,
                                          const void *const *inputs,
                                          void *const *outputs,
                                          double *seconds);

/// fuseExecutableRun that also times each kernel of the call. The
/// executable must be compiled with the pipeline option `trace-kernels`.
/// Stores in `trace` the call as Chrome trace-event JSON, in the format of
/// fuse-run's --trace (a box for the call, one per kernel with its op,
/// source location and fused ops), to free with fuseStringDestroy. False on
/// failure, with `trace` left alone.
FUSE_CAPI_EXPORTED bool fuseExecutableRunTraced(FuseExecutable executable,
                                                const void *const *inputs,
                                                void *const *outputs,
                                                double *seconds, char **trace);

/*===-- Device memory (FUSE_TARGET_CUDA)
 * -----------------------------------===*/

/* Arrays that stay on the GPU between calls. Device memory is the CUDA
 * driver's, in the primary context of the device fuse uses, so its addresses
 * are those JAX and PyTorch see (DLPack exchanges them). The runtime orders
 * its work on the legacy default stream: a call waits there for work that
 * other libraries submitted to it, and returns when its results are
 * complete, so they may be read on any stream. */

/// Loads the driver and picks the GPU, as compiling for FUSE_TARGET_CUDA
/// does; sets `*ordinal` to the CUDA ordinal of that device and returns
/// true, or returns false with the context's error ("no GPU: ..."). The
/// other device functions need it to have succeeded.
FUSE_CAPI_EXPORTED bool fuseDeviceInitialize(FuseContext context, int *ordinal);

/// `bytes` of device memory (at least one byte, 256-byte aligned), from the
/// runtime's cache of freed buffers; NULL with the context's error when the
/// GPU has not that much free.
FUSE_CAPI_EXPORTED void *fuseDeviceAlloc(FuseContext context, size_t bytes);

/// Frees memory from fuseDeviceAlloc or fuseExecutableRunOnDevice; NULL is
/// ignored. It is reused once the work submitted before the free is done,
/// and once every DLPack tensor exported from it has been deleted.
FUSE_CAPI_EXPORTED void fuseDeviceFree(void *device);

/// A DLPack `DLManagedTensor` (the unversioned ABI of DLPack's dlpack.h) of
/// the row-major array at `device`, from fuseDeviceAlloc or
/// fuseExecutableRunOnDevice: `ndim` dimensions `shape`, one lane of DLPack
/// type `code` and `bits`, on the CUDA device of fuseDeviceInitialize. Its
/// consumer reads the memory in place and calls its `deleter` when done;
/// the memory stays allocated until that and fuseDeviceFree have both
/// happened, in either order.
FUSE_CAPI_EXPORTED void *fuseDeviceExportDLPack(void *device, int32_t ndim,
                                                const int64_t *shape,
                                                uint8_t code, uint8_t bits);

/// Copies `bytes` from host to device memory; returns when done.
FUSE_CAPI_EXPORTED void fuseDeviceCopyToDevice(void *device, const void *host,
                                               size_t bytes);

/// Copies `bytes` from device to host memory; returns when done.
FUSE_CAPI_EXPORTED void fuseDeviceCopyToHost(void *host, const void *device,
                                             size_t bytes);

/// With the environment variable FUSE_CUDA_PROFILE=1 (docs/gpu.md), the
/// times of the kernels and cuBLASLt products run since the last call,
/// summed by name, as a table to free with fuseStringDestroy; NULL without
/// it.
FUSE_CAPI_EXPORTED char *fuseDeviceTakeProfile(void);

/// Calls an executable compiled for FUSE_TARGET_CUDA on device memory:
/// `inputs[i]` is the device address of argument i, row-major, read in
/// place. Sets `outputs[i]` to a new device buffer holding result i
/// row-major, which the caller frees with fuseDeviceFree. Returns when the
/// results are complete. Stores the seconds the call took on the GPU (CUDA
/// events) in `seconds` when it is not NULL; without it the call is not
/// timed. False on failure (a CPU executable), with no outputs set.
FUSE_CAPI_EXPORTED bool fuseExecutableRunOnDevice(FuseExecutable executable,
                                                  const void *const *inputs,
                                                  void **outputs,
                                                  double *seconds);

#ifdef __cplusplus
}
#endif

#endif /* FUSE_C_FUSE_H */
