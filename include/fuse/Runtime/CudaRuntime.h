/*===- CudaRuntime.h - The CUDA runtime of compiled fuse programs -*- C -*-===//
//
// The host side of a compiled GPU program: the mgpu* entry points that MLIR's
// gpu-to-llvm lowering calls, and a small fuse API for the runners (fuse-run
// and the ahead-of-time driver) to move buffers and time calls.
//
// The library has no MLIR, LLVM or CUDA toolkit dependency: it loads the
// NVIDIA driver (libcuda.so.1, or the file named by the environment variable
// FUSE_LIBCUDA) with dlopen on first use, then initializes device 0 (or the
// one mgpuSetDefaultDevice chose) and makes its primary context current on
// every thread that calls in.
//
// Failures: fuseCudaInitialize reports "no GPU: ..." back to its caller. Every
// other function, being called from compiled code or from runners that cannot
// go on without the GPU, prints one line naming the failing driver call and
// the CUDA error (or "no GPU: ..." when there is no usable driver) to stderr
// and exits the process with status 1.
//
//===----------------------------------------------------------------------===*/

#ifndef FUSE_RUNTIME_CUDARUNTIME_H
#define FUSE_RUNTIME_CUDARUNTIME_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#else
#include <stdbool.h>
#endif

#define FUSE_CUDA_EXPORT __attribute__((visibility("default")))

/*===----------------------------------------------------------------------===
 * The fuse API for runners
 *===----------------------------------------------------------------------===*/

/// Loads the driver and initializes the device once (later calls return the
/// first outcome). Returns 0 on success; otherwise writes a one-line message
/// starting with "no GPU:" to `message` (truncated to `messageSize` bytes,
/// NUL-terminated; `message` may be null) and returns non-zero. Never exits.
FUSE_CUDA_EXPORT int fuseCudaInitialize(char *message, size_t messageSize);

/// The name of the device in use, e.g. "NVIDIA H100 80GB HBM3".
FUSE_CUDA_EXPORT const char *fuseCudaDeviceName(void);

/// The device's total memory in bytes.
FUSE_CUDA_EXPORT uint64_t fuseCudaDeviceTotalMemory(void);
/// The device's memory that is free now, in bytes.
FUSE_CUDA_EXPORT uint64_t fuseCudaDeviceFreeMemory(void);

/// Allocates `bytes` of device memory (at least one byte is allocated, so a
/// zero-sized buffer still has a distinct address). Memory freed earlier is
/// reused once the work before its free has finished; FUSE_CUDA_NO_CACHING=1
/// turns that off.
FUSE_CUDA_EXPORT void *fuseCudaAlloc(size_t bytes);

/// fuseCudaAlloc that returns null when the device is out of memory (after
/// giving the cache's idle buffers back), for callers that can go on.
FUSE_CUDA_EXPORT void *fuseCudaTryAlloc(size_t bytes);

/// Frees memory from fuseCudaAlloc or mgpuMemAlloc (into the runtime's cache,
/// unless FUSE_CUDA_NO_CACHING=1); null is ignored.
FUSE_CUDA_EXPORT void fuseCudaFree(void *device);

/// Copies `bytes` from host memory to device memory; returns when done.
FUSE_CUDA_EXPORT void fuseCudaCopyToDevice(void *device, const void *host,
                                           size_t bytes);

/// Copies `bytes` from device memory to host memory; returns when done.
FUSE_CUDA_EXPORT void fuseCudaCopyToHost(void *host, const void *device,
                                         size_t bytes);

/// Copies `bytes` between two device buffers.
FUSE_CUDA_EXPORT void
fuseCudaCopyDeviceToDevice(void *destination, const void *source, size_t bytes);

/// Waits until all work submitted to the device has finished.
FUSE_CUDA_EXPORT void fuseCudaSynchronize(void);

/// Waits until the work submitted so far to the legacy default stream has
/// finished. The streams the runtime creates are blocking streams, so that
/// work includes everything submitted to them before; non-blocking streams
/// of other libraries (JAX's, PyTorch's) are not waited for. Returns at once
/// when the runtime submitted nothing to the default stream since it last
/// waited (a compiled call waits for its own streams before it returns).
FUSE_CUDA_EXPORT void fuseCudaSynchronizeDefaultStream(void);

/// The CUDA ordinal of the device in use (DLPack's device id).
FUSE_CUDA_EXPORT int fuseCudaDeviceOrdinal(void);

/// With FUSE_CUDA_PROFILE=1, the kernel profile's table of the kernels and
/// products timed since the last call (which it forgets), as the process
/// prints it at exit, in a malloc'd string the caller frees; NULL without
/// the variable.
FUSE_CUDA_EXPORT char *fuseCudaTakeProfile(void);

/// A running timer: two CUDA events on the default stream.
typedef struct FuseCudaTimer FuseCudaTimer;

/// Starts a timer by recording an event on the default stream.
FUSE_CUDA_EXPORT FuseCudaTimer *fuseCudaTimerStart(void);

/// Records the end event, waits for it, frees the timer and returns the
/// milliseconds of device time between the two events. Since every stream
/// the runtime creates synchronizes with the default stream, this covers all
/// work submitted between the two calls.
FUSE_CUDA_EXPORT double fuseCudaTimerStop(FuseCudaTimer *timer);

/*===----------------------------------------------------------------------===
 * Matrix products through cuBLASLt, called by the code that
 * fuse-gpu-library-products emits
 *===----------------------------------------------------------------------===*/

/// Element types of a product, as CUDA's cudaDataType numbers them.
enum {
  FUSE_CUDA_F32 = 0,  /* CUDA_R_32F */
  FUSE_CUDA_F64 = 1,  /* CUDA_R_64F */
  FUSE_CUDA_F16 = 2,  /* CUDA_R_16F */
  FUSE_CUDA_BF16 = 14 /* CUDA_R_16BF */
};

/// Bits of fuseCudaMatmul's `options`.
enum {
  /// Add the product to `out` (beta = 1) rather than overwrite it.
  FUSE_CUDA_MATMUL_ACCUMULATE = 1,
  /// Let f32 products round their inputs to TF32 on tensor cores.
  FUSE_CUDA_MATMUL_ALLOW_TF32 = 2
};

/// What is applied to each result before it is stored.
enum {
  FUSE_CUDA_EPILOGUE_NONE = 0,
  /// out[b, m, n] = product + bias[n].
  FUSE_CUDA_EPILOGUE_BIAS = 1,
  /// out[b, m, n] = max(product + bias[n], 0).
  FUSE_CUDA_EPILOGUE_BIAS_RELU = 2,
  /// out[b, m, n] = gelu(product + bias[n]), GELU's tanh form.
  FUSE_CUDA_EPILOGUE_BIAS_GELU = 3
};

/// out[b, m, n] (+)= sum over k of lhs[b, m, k] * rhs[b, k, n], for b <
/// `batch`, m < `rows`, n < `cols`, k < `depth`, through cuBLASLt (libcublasLt
/// loaded with dlopen on first use; FUSE_LIBCUBLASLT overrides the path).
/// Each operand is its device address and its element strides: lhs and rhs
/// need one of their two matrix strides to be 1 (either may be transposed),
/// `out` its column stride. A batch stride of 0 repeats the matrix. `lhs` and
/// `rhs` have `inputType`, `out` and `bias` have `outputType`; f16 and bf16
/// inputs accumulate in f32. `workspace` is `workspaceBytes` of device memory
/// for cuBLASLt. The product runs on the legacy default stream, which orders
/// it after and before the work of every stream the runtime creates. A cuBLAS
/// error prints the call, the status and the product's shape, and exits.
FUSE_CUDA_EXPORT void
fuseCudaMatmul(int32_t inputType, int32_t outputType, int32_t options,
               int32_t epilogue, int64_t batch, int64_t rows, int64_t cols,
               int64_t depth, const void *lhs, int64_t lhsBatchStride,
               int64_t lhsRowStride, int64_t lhsDepthStride, const void *rhs,
               int64_t rhsBatchStride, int64_t rhsDepthStride,
               int64_t rhsColStride, void *out, int64_t outBatchStride,
               int64_t outRowStride, const void *bias, void *workspace,
               int64_t workspaceBytes);

/*===----------------------------------------------------------------------===
 * Entry points called by code from MLIR 22's gpu-to-llvm lowering and its
 * LLVM IR translation of gpu.binary (signatures as in the declarations that
 * mlir-opt --gpu-to-llvm | mlir-translate --mlir-to-llvmir emits). Opaque
 * handles are the driver's CUmodule, CUfunction, CUstream and CUevent.
 *===----------------------------------------------------------------------===*/

/// Loads a cubin (or fatbin) of `gpuBlobSize` bytes.
FUSE_CUDA_EXPORT void *mgpuModuleLoad(void *data, size_t gpuBlobSize);
/// Loads NUL-terminated PTX text, compiled by the driver at `optLevel`.
FUSE_CUDA_EXPORT void *mgpuModuleLoadJIT(void *data, int optLevel);
FUSE_CUDA_EXPORT void mgpuModuleUnload(void *module);
FUSE_CUDA_EXPORT void *mgpuModuleGetFunction(void *module, const char *name);
FUSE_CUDA_EXPORT void mgpuLaunchKernel(void *function, intptr_t gridX,
                                       intptr_t gridY, intptr_t gridZ,
                                       intptr_t blockX, intptr_t blockY,
                                       intptr_t blockZ, int32_t smem,
                                       void *stream, void **params,
                                       void **extra, size_t paramsCount);
FUSE_CUDA_EXPORT void *mgpuStreamCreate(void);
FUSE_CUDA_EXPORT void mgpuStreamDestroy(void *stream);
FUSE_CUDA_EXPORT void mgpuStreamSynchronize(void *stream);
FUSE_CUDA_EXPORT void mgpuStreamWaitEvent(void *stream, void *event);
FUSE_CUDA_EXPORT void *mgpuEventCreate(void);
FUSE_CUDA_EXPORT void mgpuEventDestroy(void *event);
FUSE_CUDA_EXPORT void mgpuEventSynchronize(void *event);
FUSE_CUDA_EXPORT void mgpuEventRecord(void *event, void *stream);
FUSE_CUDA_EXPORT void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                                    bool isHostShared);
FUSE_CUDA_EXPORT void mgpuMemFree(void *ptr, void *stream);
FUSE_CUDA_EXPORT void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                                 void *stream);
FUSE_CUDA_EXPORT void mgpuMemset32(void *dst, unsigned int value, size_t count,
                                   void *stream);
FUSE_CUDA_EXPORT void mgpuMemset16(void *dst, unsigned short value,
                                   size_t count, void *stream);
FUSE_CUDA_EXPORT void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes);
/// `descriptor` is a ranked memref descriptor of rank `rank`.
FUSE_CUDA_EXPORT void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                                int64_t elementSizeBytes);
FUSE_CUDA_EXPORT void mgpuMemHostUnregister(void *ptr);
FUSE_CUDA_EXPORT void mgpuMemHostUnregisterMemRef(int64_t rank,
                                                  void *descriptor,
                                                  int64_t elementSizeBytes);
FUSE_CUDA_EXPORT void mgpuSetDefaultDevice(int32_t device);

#ifdef __cplusplus
}
#endif

#endif /* FUSE_RUNTIME_CUDARUNTIME_H */
