//===- JitProgram.h - compile hlo for the host and call it ------*- C++ -*-===//
//
// Compiles functions of an hlo module with the CPU pipeline and
// HostJit (LLVM -O3 for the host CPU, on every core) and calls them on host
// buffers. The compiled code allocates through the MemoryAccountant, which
// counts its memory and bounds it. With the NVVM pipeline, the host code
// launches CUDA kernels through libFuseCudaRuntime: calls copy the inputs to
// the GPU and the results back, and are timed with CUDA events.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_JITPROGRAM_H
#define FUSE_EXECUTION_JITPROGRAM_H

#include "fuse/Execution/CompileInstrumentation.h"
#include "fuse/Execution/HostBuffer.h"
#include "fuse/Execution/HostJit.h"
#include "fuse/Execution/TeamSize.h"
#include "fuse/Execution/Trace.h"
#include "fuse/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <functional>
#include <memory>

namespace fuse::exec {

/// Whether `type` can be an argument or result of a function fuse runs: a
/// statically shaped tensor of a HostBuffer element type.
bool isRunnableType(mlir::Type type);

/// Bytes of the arguments and results of `type` together, the memory a call
/// needs at least.
uint64_t getCallBytes(mlir::FunctionType type);

/// Prepares the functions `entries` of `module` for calls from C: each gets
/// a C interface (`_mlir_ciface_<name>`) and read-only arguments; other
/// public functions become private.
void markEntries(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries);

/// The signature of `type` as the C API and the ahead-of-time driver read
/// it: "f32[2,3],i1[3]->f64[]".
std::string formatSignature(mlir::FunctionType type);

enum class CacheOutcome { Off, Hit, Miss };

struct CacheReport {
  CacheOutcome outcome = CacheOutcome::Off;
  /// A miss whose compile went into the cache.
  bool stored = false;
  /// Why an entry was not loaded (it was damaged) or not stored; empty if
  /// nothing went wrong.
  std::string warning;

  /// "hit", "miss, stored", "miss" or "off" (null-terminated, static).
  llvm::StringLiteral describe() const;
};

class JitProgram {
public:
  /// Compiles the public functions `entries` of `module` (and the functions
  /// they call; other functions are dropped). `module` is not changed: a
  /// clone is lowered. The entries take their arguments read-only
  /// (`bufferization.writable = false`), so a call never changes its inputs.
  /// `options.allocationHooks` and `options.resultsInPlace` are turned on
  /// whatever they say.
  /// `instrumentation` sets up the pass manager and times the stages.
  /// With a `cache`, a compile it holds is loaded from it, and a compile
  /// that took long enough is stored in it (getCacheReport says which).
  /// `hloPasses` (a pass pipeline on the module, as fuse-opt takes it) runs
  /// first: a hit runs none of them.
  /// Failures report their diagnostics through the module's context and
  /// return an error naming the stage that failed.
  static llvm::Expected<std::unique_ptr<JitProgram>>
  compile(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries,
          const CPUPipelineOptions &options,
          const CompileInstrumentation &instrumentation = {},
          CompilationCache *cache = nullptr, llvm::StringRef hloPasses = {});

  /// The same for NVIDIA GPUs: lowered with the NVVM pipeline; calls run on
  /// the GPU. Compiling needs no GPU; calling needs one
  /// (fuseCudaInitialize must have succeeded).
  static llvm::Expected<std::unique_ptr<JitProgram>>
  compileForCUDA(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries,
                 const NVVMPipelineOptions &options,
                 const CompileInstrumentation &instrumentation = {},
                 CompilationCache *cache = nullptr,
                 llvm::StringRef hloPasses = {});

  /// Seconds spent lowering and JIT-compiling (or loading from the cache),
  /// until the entries could run.
  double getCompileSeconds() const { return compileSeconds; }

  /// What the compilation cache did for this compile.
  const CacheReport &getCacheReport() const { return cacheReport; }

  struct RunResult {
    llvm::SmallVector<HostBuffer> results;
    /// Seconds the call took.
    double seconds;
  };

  /// Calls `entry` on `inputs`, which have the types of its arguments. With
  /// a `trace`, records the call in it, with a box per kernel when the
  /// program was compiled with `trace-kernels`.
  llvm::Expected<RunResult> run(llvm::StringRef entry,
                                llvm::ArrayRef<HostBuffer> inputs,
                                Trace *trace = nullptr);
  /// `run` into the `results` of an earlier run of `entry`, as a caller that
  /// keeps its result arrays calls again: the program writes to memory it
  /// has touched before. Returns the seconds the call took.
  llvm::Expected<double> runAgain(llvm::StringRef entry,
                                  llvm::ArrayRef<HostBuffer> inputs,
                                  llvm::MutableArrayRef<HostBuffer> results,
                                  Trace *trace = nullptr);

  /// A row-major tensor of `type` at `data`, read in place.
  struct InputView {
    const void *data;
    mlir::RankedTensorType type;
  };

  /// Calls `entry` on `inputs` without copying them; the program builds
  /// result `i` row-major in `outputs[i]`, which has room for it (CPU
  /// programs are compiled with `results-in-place`). An output that
  /// overlaps an input or another output is built aside and copied there.
  /// Returns the seconds the call took. For callers that own their arrays
  /// (the C API): `run` is this call on HostBuffers.
  llvm::Expected<double> call(llvm::StringRef entry,
                              llvm::ArrayRef<InputView> inputs,
                              llvm::ArrayRef<char *> outputs,
                              Trace *trace = nullptr);

  /// Calls `entry` of a GPU program on device memory: `inputs[i]` is the
  /// device address of argument `i`, row-major, read in place. Appends to
  /// `outputs` a device buffer of its own per result (row-major, to free with
  /// fuseCudaFree); a result the program leaves in an input, beside another
  /// result or inside a larger buffer is copied into one. Returns when the
  /// results are complete for any stream: the seconds the call took on the
  /// device (CUDA events) when `timed`, else 0.
  llvm::Expected<double> callOnDevice(llvm::StringRef entry,
                                      llvm::ArrayRef<const void *> inputs,
                                      llvm::SmallVectorImpl<void *> &outputs,
                                      bool timed);

  /// Whether the program runs on the GPU.
  bool runsOnGPU() const { return onGPU; }

  /// Whether the program was compiled with `trace-kernels`: its calls
  /// record a box per kernel in a Trace.
  bool tracesKernels() const { return kernelsTraced; }

  /// The result types of `entry`, or an error if it was not compiled.
  llvm::Expected<llvm::ArrayRef<mlir::Type>>
  getResultTypes(llvm::StringRef entry) const;

private:
  struct Entry {
    mlir::FunctionType type;
    void (*function)(void **);
    /// The entry's calls, to the team sizer.
    TeamSizePolicy::CallKind callKind = TeamSizePolicy::newCallKind();
  };

  JitProgram() = default;

  /// With `jacobiSpectral`, hlo.eigh and hlo.svd become Jacobi sweeps
  /// before `hloPasses`, so that fusion sees the sweeps' ops.
  static llvm::Expected<std::unique_ptr<JitProgram>>
  compileWith(mlir::ModuleOp module, llvm::ArrayRef<std::string> entries,
              std::function<void(mlir::OpPassManager &)> buildPipeline,
              bool onGPU, llvm::ArrayRef<std::string> runtimeLibraries,
              bool traceKernels, const CompileInstrumentation &instrumentation,
              CompilationCache *cache, llvm::StringRef hloPasses,
              bool jacobiSpectral);
  /// callOnDevice's work, on device `inputs` of the entry's types.
  llvm::Expected<double> launch(const Entry &entry,
                                llvm::ArrayRef<InputView> deviceInputs,
                                llvm::SmallVectorImpl<void *> &outputs,
                                bool timed);
  llvm::Expected<double> callOnGPU(const Entry &entry,
                                   llvm::ArrayRef<InputView> inputs,
                                   llvm::ArrayRef<char *> outputs);

  std::unique_ptr<HostJit> engine;
  llvm::StringMap<Entry> entries;
  /// By id, with `trace-kernels`.
  std::vector<TracedKernel> kernels;
  double compileSeconds = 0;
  CacheReport cacheReport;
  bool onGPU = false;
  bool kernelsTraced = false;
  /// Sizes the OpenMP team before each call to the cores the process gets
  /// (TeamSize.h), unless OMP_DYNAMIC is set.
  TeamSizer *teamSizer = nullptr;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_JITPROGRAM_H
