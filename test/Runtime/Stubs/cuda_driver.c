/*===- cuda_driver.c - A CUDA driver without a GPU, for tests -------------===//
//
// Loaded through FUSE_LIBCUDA, it lets the runtime's host side run on a
// machine without a GPU: "device" memory is host memory, copies are memcpy,
// modules load as numbered handles, and a kernel launch runs nothing but
// prints "stub driver: launch" to stderr, so that a test can tell that a
// program ran no kernels. Streams are numbered handles and events
// placeholders; all work is immediate. FUSE_STUB_TRACE=1 also prints each
// stream creation, stream and event synchronization, allocation and
// cuMemFree, and
// answers that no event has completed
// (as while the device is busy), so that a test sees when the host waits and
// which freed memory the runtime reuses without waiting.
//
//===----------------------------------------------------------------------===*/

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int CUresult;
typedef unsigned long long CUdeviceptr;

static char placeholder;

static int tracing(void) {
  const char *trace = getenv("FUSE_STUB_TRACE");
  return trace && trace[0] == '1';
}

static void trace(const char *what) {
  if (tracing())
    fprintf(stderr, "stub driver: %s\n", what);
}

CUresult cuGetErrorName(CUresult error, const char **name) {
  *name = error ? "CUDA_ERROR_STUB" : "CUDA_SUCCESS";
  return 0;
}
CUresult cuGetErrorString(CUresult error, const char **text) {
  *text = error ? "an error of the stub driver" : "no error";
  return 0;
}
CUresult cuInit(unsigned flags) { return 0; }
CUresult cuDeviceGet(int *device, int ordinal) {
  *device = ordinal;
  return ordinal == 0 ? 0 : 101;
}
CUresult cuDeviceGetCount(int *count) {
  *count = 1;
  return 0;
}
CUresult cuDeviceGetName(char *name, int length, int device) {
  snprintf(name, (size_t)length, "stub driver (no GPU)");
  return 0;
}
CUresult cuDeviceTotalMem_v2(size_t *bytes, int device) {
  *bytes = (size_t)1 << 32;
  return 0;
}
/* 3 GiB free of the 4, or FUSE_STUB_FREE_BYTES. */
CUresult cuMemGetInfo_v2(size_t *free, size_t *total) {
  const char *bytes = getenv("FUSE_STUB_FREE_BYTES");
  *free = bytes ? (size_t)strtoull(bytes, NULL, 10) : (size_t)3 << 30;
  *total = (size_t)1 << 32;
  return 0;
}
CUresult cuDevicePrimaryCtxRetain(void **context, int device) {
  *context = &placeholder;
  return 0;
}
CUresult cuCtxSetCurrent(void *context) { return 0; }
CUresult cuCtxSynchronize(void) { return 0; }

CUresult cuMemAlloc_v2(CUdeviceptr *pointer, size_t bytes) {
  /* Aligned like the driver's allocations. */
  void *memory = NULL;
  if (posix_memalign(&memory, 256, bytes ? bytes : 1))
    return 2; /* CUDA_ERROR_OUT_OF_MEMORY */
  trace("alloc");
  *pointer = (CUdeviceptr)memory;
  return 0;
}
CUresult cuMemAllocManaged(CUdeviceptr *pointer, size_t bytes, unsigned flags) {
  return cuMemAlloc_v2(pointer, bytes);
}
CUresult cuMemFree_v2(CUdeviceptr pointer) {
  trace("free");
  free((void *)pointer);
  return 0;
}
CUresult cuMemcpyHtoD_v2(CUdeviceptr to, const void *from, size_t bytes) {
  memcpy((void *)to, from, bytes);
  return 0;
}
CUresult cuMemcpyDtoH_v2(void *to, CUdeviceptr from, size_t bytes) {
  memcpy(to, (const void *)from, bytes);
  return 0;
}
CUresult cuMemcpyDtoD_v2(CUdeviceptr to, CUdeviceptr from, size_t bytes) {
  memmove((void *)to, (const void *)from, bytes);
  return 0;
}
CUresult cuMemcpyAsync(CUdeviceptr to, CUdeviceptr from, size_t bytes,
                       void *stream) {
  memmove((void *)to, (const void *)from, bytes);
  return 0;
}
CUresult cuMemsetD32Async(CUdeviceptr to, unsigned value, size_t count,
                          void *stream) {
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)to + 4 * i, &value, 4);
  return 0;
}
CUresult cuMemsetD16Async(CUdeviceptr to, unsigned short value, size_t count,
                          void *stream) {
  for (size_t i = 0; i < count; ++i)
    memcpy((char *)to + 2 * i, &value, 2);
  return 0;
}
CUresult cuMemHostRegister_v2(void *pointer, size_t bytes, unsigned flags) {
  return 0;
}
CUresult cuMemHostUnregister(void *pointer) { return 0; }

/* Modules and their functions are distinct handles (one function per
   module: fuse's kernel modules hold one kernel each). */
static unsigned long long modules;
CUresult cuModuleLoadData(void **module, const void *image) {
  *module = (void *)(++modules);
  return 0;
}
CUresult cuModuleLoadDataEx(void **module, const void *image, unsigned count,
                            int *options, void **values) {
  return cuModuleLoadData(module, image);
}
CUresult cuModuleUnload(void *module) { return 0; }
CUresult cuModuleGetFunction(void **function, void *module, const char *name) {
  *function = module;
  return 0;
}
CUresult cuLaunchKernel(void *function, unsigned gridX, unsigned gridY,
                        unsigned gridZ, unsigned blockX, unsigned blockY,
                        unsigned blockZ, unsigned sharedBytes, void *stream,
                        void **parameters, void **extra) {
  fprintf(stderr, "stub driver: launch\n");
  return 0;
}

CUresult cuStreamCreate(void **stream, unsigned flags) {
  static unsigned long long streams;
  *stream = (void *)(++streams);
  trace("stream create");
  return 0;
}
CUresult cuStreamDestroy_v2(void *stream) { return 0; }
CUresult cuStreamSynchronize(void *stream) {
  trace("stream synchronize");
  return 0;
}
CUresult cuStreamWaitEvent(void *stream, void *event, unsigned flags) {
  return 0;
}
CUresult cuEventCreate(void **event, unsigned flags) {
  *event = &placeholder;
  return 0;
}
CUresult cuEventDestroy_v2(void *event) { return 0; }
CUresult cuEventRecord(void *event, void *stream) { return 0; }
CUresult cuEventSynchronize(void *event) {
  trace("event synchronize");
  return 0;
}
CUresult cuEventQuery(void *event) {
  return tracing() ? 600 /* CUDA_ERROR_NOT_READY */ : 0;
}
CUresult cuEventElapsedTime(float *milliseconds, void *start, void *end) {
  *milliseconds = 0.0f;
  return 0;
}
