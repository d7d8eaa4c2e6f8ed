//===- CudaRuntime.cpp - mgpu* and fuseCuda* over the CUDA driver API -----===//
//
// The driver is loaded with dlopen, never linked, so that this library builds
// without the CUDA toolkit and loads on machines without a GPU (where it
// reports "no GPU: ..." instead of failing to load). The few driver types and
// constants used are declared here with the values of the driver API's
// cuda.h, which is stable across driver versions.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/CudaRuntime.h"

#include "Internal.h"

#include <dlfcn.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <initializer_list>
#include <mutex>
#include <string>
#include <unordered_map>
#include <vector>

namespace {

//===----------------------------------------------------------------------===//
// The slice of the CUDA driver API that the runtime uses
//===----------------------------------------------------------------------===//

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctxOpaque *;
using CUmodule = struct CUmodOpaque *;
using CUfunction = struct CUfuncOpaque *;
using CUstream = struct CUstreamOpaque *;
using CUevent = struct CUeventOpaque *;

constexpr CUresult kCudaSuccess = 0;
constexpr CUresult kCudaOutOfMemory = 2;      // CUDA_ERROR_OUT_OF_MEMORY
constexpr unsigned kStreamDefault = 0x0;      // CU_STREAM_DEFAULT
constexpr unsigned kEventDefault = 0x0;       // CU_EVENT_DEFAULT
constexpr unsigned kEventDisableTiming = 0x2; // CU_EVENT_DISABLE_TIMING
constexpr unsigned kMemAttachGlobal = 0x1;    // CU_MEM_ATTACH_GLOBAL
constexpr int kJitErrorLogBuffer = 5;         // CU_JIT_ERROR_LOG_BUFFER
constexpr int kJitErrorLogBufferSizeBytes =
    6;                                   // ..._ERROR_LOG_BUFFER_SIZE_BYTES
constexpr int kJitOptimizationLevel = 7; // CU_JIT_OPTIMIZATION_LEVEL

/// Names and descriptions of the errors most likely met, for when the
/// driver's own cuGetErrorName cannot answer (the toolkit's stub library
/// answers every call with CUDA_ERROR_STUB_LIBRARY).
struct KnownError {
  CUresult code;
  const char *name;
  const char *description;
};
constexpr KnownError kKnownErrors[] = {
    {1, "CUDA_ERROR_INVALID_VALUE", "invalid argument"},
    {2, "CUDA_ERROR_OUT_OF_MEMORY", "out of memory"},
    {3, "CUDA_ERROR_NOT_INITIALIZED", "driver not initialized"},
    {4, "CUDA_ERROR_DEINITIALIZED", "driver shutting down"},
    {34, "CUDA_ERROR_STUB_LIBRARY",
     "the CUDA toolkit's stub library was loaded instead of the driver"},
    {35, "CUDA_ERROR_INSUFFICIENT_DRIVER",
     "the driver is older than the CUDA version required"},
    {46, "CUDA_ERROR_DEVICE_UNAVAILABLE", "the device is busy or unavailable"},
    {100, "CUDA_ERROR_NO_DEVICE", "no CUDA-capable device is detected"},
    {101, "CUDA_ERROR_INVALID_DEVICE", "invalid device ordinal"},
    {200, "CUDA_ERROR_INVALID_IMAGE", "invalid kernel image"},
    {201, "CUDA_ERROR_INVALID_CONTEXT", "invalid context"},
    {209, "CUDA_ERROR_NO_BINARY_FOR_GPU",
     "no kernel image is available for the device"},
    {218, "CUDA_ERROR_INVALID_PTX", "invalid PTX"},
    {222, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION",
     "the PTX is newer than the driver supports"},
    {304, "CUDA_ERROR_OPERATING_SYSTEM", "an operating system call failed"},
    {400, "CUDA_ERROR_INVALID_HANDLE", "invalid resource handle"},
    {500, "CUDA_ERROR_NOT_FOUND", "named symbol not found"},
    {700, "CUDA_ERROR_ILLEGAL_ADDRESS", "an illegal memory access"},
    {701, "CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES",
     "too many resources requested for launch"},
    {719, "CUDA_ERROR_LAUNCH_FAILED", "unspecified launch failure"},
    {803, "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH",
     "the kernel driver and the user-space driver differ in version"},
    {999, "CUDA_ERROR_UNKNOWN", "unknown error"},
};

/// The driver functions, resolved once. `_v2` names are the current ABI of
/// the functions that have them (the unversioned symbols keep the 32-bit-era
/// signatures).
struct DriverApi {
  CUresult (*cuGetErrorName)(CUresult, const char **);
  CUresult (*cuGetErrorString)(CUresult, const char **);
  CUresult (*cuInit)(unsigned);
  CUresult (*cuDeviceGet)(CUdevice *, int);
  CUresult (*cuDeviceGetCount)(int *);
  CUresult (*cuDeviceGetName)(char *, int, CUdevice);
  CUresult (*cuDeviceTotalMem)(size_t *, CUdevice);
  CUresult (*cuMemGetInfo)(size_t *, size_t *);
  CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*cuCtxSetCurrent)(CUcontext);
  CUresult (*cuCtxSynchronize)();
  CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
  CUresult (*cuMemAllocManaged)(CUdeviceptr *, size_t, unsigned);
  CUresult (*cuMemFree)(CUdeviceptr);
  CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*cuMemcpyDtoD)(CUdeviceptr, CUdeviceptr, size_t);
  CUresult (*cuMemcpyAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*cuMemsetD32Async)(CUdeviceptr, unsigned, size_t, CUstream);
  CUresult (*cuMemsetD16Async)(CUdeviceptr, unsigned short, size_t, CUstream);
  CUresult (*cuMemHostRegister)(void *, size_t, unsigned);
  CUresult (*cuMemHostUnregister)(void *);
  CUresult (*cuModuleLoadData)(CUmodule *, const void *);
  CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned, int *,
                                 void **);
  CUresult (*cuModuleUnload)(CUmodule);
  CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned,
                             unsigned, unsigned, unsigned, CUstream, void **,
                             void **);
  CUresult (*cuStreamCreate)(CUstream *, unsigned);
  CUresult (*cuStreamDestroy)(CUstream);
  CUresult (*cuStreamSynchronize)(CUstream);
  CUresult (*cuStreamWaitEvent)(CUstream, CUevent, unsigned);
  CUresult (*cuEventCreate)(CUevent *, unsigned);
  CUresult (*cuEventDestroy)(CUevent);
  CUresult (*cuEventRecord)(CUevent, CUstream);
  CUresult (*cuEventSynchronize)(CUevent);
  CUresult (*cuEventQuery)(CUevent);
  CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
};

/// The process's one device: the driver, its primary context and facts
/// about it, or why there is none.
struct Runtime {
  DriverApi api = {};
  std::atomic<bool> ready{false};
  std::string failure;
  CUdevice device = 0;
  int deviceOrdinal = 0;
  CUcontext context = nullptr;
  char deviceName[256] = {};
  size_t totalMemory = 0;
};

Runtime &runtime() {
  static Runtime instance;
  return instance;
}

std::once_flag initializeOnce;
/// The device that initialization picks, set by mgpuSetDefaultDevice;
/// unset (-1): the process's rank on its machine under an MPI launcher, modulo
/// the machine's devices (one rank per GPU), else device 0.
std::atomic<int> requestedDevice{-1};

/// The rank of this process among those an MPI launcher started on this
/// machine, as OpenMPI, MPICH (Hydra) and Slurm name it.
int getLocalRank() {
  for (const char *name :
       {"OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID", "SLURM_LOCALID"})
    if (const char *value = std::getenv(name))
      return std::atoi(value);
  return 0;
}
/// The context made current on this thread by the runtime, so that it is set
/// once per thread rather than before every call.
thread_local CUcontext contextOfThisThread = nullptr;

/// "CUDA_ERROR_NAME: description" of a driver result.
std::string describe(const DriverApi &api, CUresult result) {
  const char *name = nullptr;
  const char *description = nullptr;
  if (api.cuGetErrorName && api.cuGetErrorName(result, &name) != kCudaSuccess)
    name = nullptr;
  if (api.cuGetErrorString &&
      api.cuGetErrorString(result, &description) != kCudaSuccess)
    description = nullptr;
  for (const KnownError &known : kKnownErrors) {
    if (known.code != result)
      continue;
    if (!name)
      name = known.name;
    if (!description)
      description = known.description;
  }
  std::string text = name ? name : "CUDA error " + std::to_string(result);
  text += ": ";
  text += description ? description : "no description";
  return text;
}

using fuse::cuda_runtime::fail;

/// Resolves `function` from the first of `names` that `library` exports.
template <typename Function>
bool resolve(void *library, Function &function,
             std::initializer_list<const char *> names, std::string &missing) {
  for (const char *name : names) {
    if (void *address = dlsym(library, name)) {
      function = reinterpret_cast<Function>(address);
      return true;
    }
  }
  missing = *names.begin();
  return false;
}

bool resolveAll(void *library, DriverApi &api, std::string &missing) {
  return resolve(library, api.cuGetErrorName, {"cuGetErrorName"}, missing) &&
         resolve(library, api.cuGetErrorString, {"cuGetErrorString"},
                 missing) &&
         resolve(library, api.cuInit, {"cuInit"}, missing) &&
         resolve(library, api.cuDeviceGet, {"cuDeviceGet"}, missing) &&
         resolve(library, api.cuDeviceGetCount, {"cuDeviceGetCount"},
                 missing) &&
         resolve(library, api.cuDeviceGetName, {"cuDeviceGetName"}, missing) &&
         resolve(library, api.cuDeviceTotalMem, {"cuDeviceTotalMem_v2"},
                 missing) &&
         resolve(library, api.cuMemGetInfo, {"cuMemGetInfo_v2"}, missing) &&
         resolve(library, api.cuDevicePrimaryCtxRetain,
                 {"cuDevicePrimaryCtxRetain"}, missing) &&
         resolve(library, api.cuCtxSetCurrent, {"cuCtxSetCurrent"}, missing) &&
         resolve(library, api.cuCtxSynchronize, {"cuCtxSynchronize"},
                 missing) &&
         resolve(library, api.cuMemAlloc, {"cuMemAlloc_v2"}, missing) &&
         resolve(library, api.cuMemAllocManaged, {"cuMemAllocManaged"},
                 missing) &&
         resolve(library, api.cuMemFree, {"cuMemFree_v2"}, missing) &&
         resolve(library, api.cuMemcpyHtoD, {"cuMemcpyHtoD_v2"}, missing) &&
         resolve(library, api.cuMemcpyDtoH, {"cuMemcpyDtoH_v2"}, missing) &&
         resolve(library, api.cuMemcpyDtoD, {"cuMemcpyDtoD_v2"}, missing) &&
         resolve(library, api.cuMemcpyAsync, {"cuMemcpyAsync"}, missing) &&
         resolve(library, api.cuMemsetD32Async, {"cuMemsetD32Async"},
                 missing) &&
         resolve(library, api.cuMemsetD16Async, {"cuMemsetD16Async"},
                 missing) &&
         resolve(library, api.cuMemHostRegister, {"cuMemHostRegister_v2"},
                 missing) &&
         resolve(library, api.cuMemHostUnregister, {"cuMemHostUnregister"},
                 missing) &&
         resolve(library, api.cuModuleLoadData, {"cuModuleLoadData"},
                 missing) &&
         resolve(library, api.cuModuleLoadDataEx, {"cuModuleLoadDataEx"},
                 missing) &&
         resolve(library, api.cuModuleUnload, {"cuModuleUnload"}, missing) &&
         resolve(library, api.cuModuleGetFunction, {"cuModuleGetFunction"},
                 missing) &&
         resolve(library, api.cuLaunchKernel, {"cuLaunchKernel"}, missing) &&
         resolve(library, api.cuStreamCreate, {"cuStreamCreate"}, missing) &&
         resolve(library, api.cuStreamDestroy, {"cuStreamDestroy_v2"},
                 missing) &&
         resolve(library, api.cuStreamSynchronize, {"cuStreamSynchronize"},
                 missing) &&
         resolve(library, api.cuStreamWaitEvent, {"cuStreamWaitEvent"},
                 missing) &&
         resolve(library, api.cuEventCreate, {"cuEventCreate"}, missing) &&
         resolve(library, api.cuEventDestroy, {"cuEventDestroy_v2"}, missing) &&
         resolve(library, api.cuEventRecord, {"cuEventRecord"}, missing) &&
         resolve(library, api.cuEventSynchronize, {"cuEventSynchronize"},
                 missing) &&
         resolve(library, api.cuEventQuery, {"cuEventQuery"}, missing) &&
         // CUDA 12.8 added a _v2 with the same signature; older drivers have
         // only the first.
         resolve(library, api.cuEventElapsedTime,
                 {"cuEventElapsedTime_v2", "cuEventElapsedTime"}, missing);
}

/// Loads the driver and sets up the device; on failure leaves the reason in
/// `rt.failure`.
void initialize(Runtime &rt) {
  const char *override = std::getenv("FUSE_LIBCUDA");
  const char *path = override && *override ? override : "libcuda.so.1";
  void *library = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (!library) {
    const char *reason = dlerror();
    rt.failure = std::string("no GPU: cannot load ") + path +
                 (override ? " (from FUSE_LIBCUDA)" : " (the NVIDIA driver)") +
                 ": " + (reason ? reason : "unknown reason");
    return;
  }
  DriverApi &api = rt.api;
  std::string missing;
  if (!resolveAll(library, api, missing)) {
    rt.failure = std::string("no GPU: the driver ") + path + " lacks " +
                 missing + " (the driver is too old)";
    api = DriverApi{};
    return;
  }
  auto failed = [&](CUresult result, const std::string &call) {
    if (result == kCudaSuccess)
      return false;
    rt.failure = "no GPU: " + call + " failed: " + describe(api, result);
    return true;
  };
  int devices = 0;
  if (failed(api.cuInit(0), "cuInit") ||
      failed(api.cuDeviceGetCount(&devices), "cuDeviceGetCount"))
    return;
  if (devices == 0) {
    rt.failure = "no GPU: the driver sees no device";
    return;
  }
  rt.deviceOrdinal = requestedDevice.load();
  if (rt.deviceOrdinal < 0)
    rt.deviceOrdinal = getLocalRank() % devices;
  if (failed(api.cuDeviceGet(&rt.device, rt.deviceOrdinal),
             "cuDeviceGet(" + std::to_string(rt.deviceOrdinal) + ")") ||
      failed(api.cuDevicePrimaryCtxRetain(&rt.context, rt.device),
             "cuDevicePrimaryCtxRetain") ||
      failed(api.cuDeviceGetName(rt.deviceName, sizeof(rt.deviceName) - 1,
                                 rt.device),
             "cuDeviceGetName") ||
      failed(api.cuDeviceTotalMem(&rt.totalMemory, rt.device),
             "cuDeviceTotalMem"))
    return;
  rt.ready = true;
}

Runtime &initializedRuntime() {
  std::call_once(initializeOnce, [] { initialize(runtime()); });
  return runtime();
}

/// The driver, with the device's context current on the calling thread; exits
/// with "no GPU: ..." when there is none.
const DriverApi &driver() {
  Runtime &rt = initializedRuntime();
  if (!rt.ready)
    fail(rt.failure);
  if (contextOfThisThread != rt.context) {
    CUresult result = rt.api.cuCtxSetCurrent(rt.context);
    if (result != kCudaSuccess)
      fail("fuse-cuda-runtime: cuCtxSetCurrent failed: " +
           describe(rt.api, result));
    contextOfThisThread = rt.context;
  }
  return rt.api;
}

/// Exits with a message naming `call` when `result` is an error.
void check(CUresult result, const char *call) {
  if (result != kCudaSuccess)
    fail(std::string("fuse-cuda-runtime: ") + call +
         " failed: " + describe(runtime().api, result));
}

CUdeviceptr devicePointer(const void *pointer) {
  return reinterpret_cast<CUdeviceptr>(pointer);
}

/// The bytes a strided memref descriptor {allocated, aligned, offset,
/// sizes[rank], strides[rank]} spans from its first element, and that first
/// element's address.
void memRefSpan(int64_t rank, void *descriptor, int64_t elementSizeBytes,
                char *&first, uint64_t &bytes) {
  auto *words = static_cast<int64_t *>(descriptor);
  char *aligned = reinterpret_cast<char **>(descriptor)[1];
  int64_t offset = words[2];
  const int64_t *sizes = words + 3;
  const int64_t *strides = sizes + rank;
  int64_t lastElement = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0) {
      lastElement = -1;
      break;
    }
    lastElement += (sizes[i] - 1) * strides[i];
  }
  first = aligned + offset * elementSizeBytes;
  bytes = static_cast<uint64_t>(lastElement + 1) * elementSizeBytes;
}

//===----------------------------------------------------------------------===//
// Device memory cache
//===----------------------------------------------------------------------===//

/// Freed device memory kept for the next allocation of the same size, as
/// JAX's and PyTorch's allocators keep it: cuMemAlloc costs up to a
/// millisecond for large buffers and cuMemFree waits for the whole device, so
/// a program run in a loop would otherwise pay both on every call. A freed
/// block is reused once the work submitted before its free has finished (an
/// event recorded at the free), so no stream can still be reading it, or at
/// once by work submitted to the stream it was freed on, which runs after
/// that work: a loop whose iterations allocate and free on one stream keeps
/// reusing one block instead of allocating per iteration ahead of the GPU.
/// FUSE_CUDA_NO_CACHING=1 frees at once, for tools such as compute-sanitizer.
class DeviceMemoryCache {
public:
  /// Memory for work submitted to `stream` (null: any stream).
  /// A device buffer of at least `bytes`; with `orNull`, null when the
  /// device is out of memory (any other failure exits, as always).
  void *allocate(const DriverApi &api, size_t bytes, CUstream stream,
                 bool orNull = false) {
    size_t rounded = roundUp(bytes);
    std::lock_guard<std::mutex> lock(mutex);
    if (caching()) {
      auto [first, last] = idle.equal_range(rounded);
      for (auto it = first; it != last; ++it) {
        bool sameStream = stream && it->second.freedOn == stream;
        if (!sameStream && api.cuEventQuery(it->second.freed) != kCudaSuccess)
          continue;
        Block block = it->second;
        idle.erase(it);
        live[block.pointer] = block;
        return reinterpret_cast<void *>(block.pointer);
      }
    }
    CUdeviceptr pointer = 0;
    CUresult result = api.cuMemAlloc(&pointer, rounded);
    if (result == kCudaOutOfMemory && !idle.empty()) {
      releaseIdle(api);
      result = api.cuMemAlloc(&pointer, rounded);
    }
    if (orNull && result == kCudaOutOfMemory)
      return nullptr;
    check(result, "cuMemAlloc");
    if (caching())
      live[pointer] = Block{pointer, rounded, nullptr, nullptr};
    return reinterpret_cast<void *>(pointer);
  }

  /// Keeps `pointer` for reuse once the work submitted to `stream` (null:
  /// the legacy default stream, which follows every blocking stream) has
  /// finished. Returns false for memory the cache does not keep (managed
  /// memory, or any with FUSE_CUDA_NO_CACHING=1): the caller frees it.
  bool keep(const DriverApi &api, void *pointer, CUstream stream) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = live.find(devicePointer(pointer));
    if (it == live.end())
      return false;
    Block block = it->second;
    live.erase(it);
    if (!block.freed)
      check(api.cuEventCreate(&block.freed, kEventDisableTiming),
            "cuEventCreate");
    check(api.cuEventRecord(block.freed, stream), "cuEventRecord");
    block.freedOn = stream;
    idle.emplace(block.bytes, block);
    return true;
  }

  /// Forgets that idle blocks were freed on `stream`, which is destroyed:
  /// the driver may hand its handle to a new stream, whose work would not
  /// follow the old one's.
  void forgetStream(CUstream stream) {
    std::lock_guard<std::mutex> lock(mutex);
    for (auto &[bytes, block] : idle)
      if (block.freedOn == stream)
        block.freedOn = nullptr;
  }

private:
  struct Block {
    CUdeviceptr pointer;
    size_t bytes;
    CUevent freed;
    /// The stream the block was freed on (null: the legacy default stream,
    /// whose work a reuse does not follow unless on that stream too).
    CUstream freedOn;
  };

  /// Sizes are rounded so that buffers of nearly the same size share blocks.
  static size_t roundUp(size_t bytes) {
    size_t granule = bytes >= (size_t(1) << 20) ? size_t(1) << 20 : 512;
    bytes = std::max<size_t>(bytes, 1);
    return (bytes + granule - 1) / granule * granule;
  }

  static bool caching() {
    static const bool enabled = [] {
      const char *value = std::getenv("FUSE_CUDA_NO_CACHING");
      return !(value && *value && std::strcmp(value, "0") != 0);
    }();
    return enabled;
  }

  /// Waits for the device, then returns every idle block to the driver.
  void releaseIdle(const DriverApi &api) {
    check(api.cuCtxSynchronize(), "cuCtxSynchronize");
    for (auto &[bytes, block] : idle) {
      check(api.cuEventDestroy(block.freed), "cuEventDestroy");
      check(api.cuMemFree(block.pointer), "cuMemFree");
    }
    idle.clear();
  }

  std::mutex mutex;
  std::unordered_map<CUdeviceptr, Block> live;
  std::unordered_multimap<size_t, Block> idle;
};

DeviceMemoryCache &memoryCache() {
  static DeviceMemoryCache cache;
  return cache;
}

/// Frees device memory from fuseCudaAlloc or mgpuMemAlloc after the work
/// submitted to `stream`: into the cache, or to the driver.
void freeDeviceMemory(void *pointer, CUstream stream) {
  if (!pointer)
    return;
  const DriverApi &api = driver();
  if (!memoryCache().keep(api, pointer, stream))
    check(api.cuMemFree(devicePointer(pointer)), "cuMemFree");
}

} // namespace

void fuse::cuda_runtime::fail(const std::string &message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  std::fflush(stderr);
  std::exit(1);
}

void fuse::cuda_runtime::makeContextCurrent() { driver(); }

void *fuse::cuda_runtime::createTimingEvent() {
  CUevent event = nullptr;
  check(driver().cuEventCreate(&event, kEventDefault), "cuEventCreate");
  return event;
}

void fuse::cuda_runtime::recordEvent(void *event, void *stream) {
  check(driver().cuEventRecord(static_cast<CUevent>(event),
                               static_cast<CUstream>(stream)),
        "cuEventRecord");
}

float fuse::cuda_runtime::elapsedMilliseconds(void *start, void *stop) {
  const DriverApi &api = driver();
  check(api.cuEventSynchronize(static_cast<CUevent>(stop)),
        "cuEventSynchronize");
  float milliseconds = 0;
  check(api.cuEventElapsedTime(&milliseconds, static_cast<CUevent>(start),
                               static_cast<CUevent>(stop)),
        "cuEventElapsedTime");
  return milliseconds;
}

void fuse::cuda_runtime::destroyEvent(void *event) {
  check(driver().cuEventDestroy(static_cast<CUevent>(event)), "cuEventDestroy");
}

//===----------------------------------------------------------------------===//
// The fuse API
//===----------------------------------------------------------------------===//

struct FuseCudaTimer {
  CUevent start;
  CUevent stop;
};

extern "C" int fuseCudaInitialize(char *message, size_t messageSize) {
  Runtime &rt = initializedRuntime();
  if (rt.ready)
    return 0;
  if (message && messageSize > 0) {
    size_t length = std::min(rt.failure.size(), messageSize - 1);
    std::memcpy(message, rt.failure.data(), length);
    message[length] = '\0';
  }
  return 1;
}

extern "C" const char *fuseCudaDeviceName(void) {
  driver();
  return runtime().deviceName;
}

extern "C" uint64_t fuseCudaDeviceTotalMemory(void) {
  driver();
  return runtime().totalMemory;
}

extern "C" uint64_t fuseCudaDeviceFreeMemory(void) {
  const DriverApi &api = driver();
  size_t free = 0, total = 0;
  check(api.cuMemGetInfo(&free, &total), "cuMemGetInfo");
  return free;
}

extern "C" void *fuseCudaAlloc(size_t bytes) {
  return memoryCache().allocate(driver(), bytes, /*stream=*/nullptr);
}

extern "C" void *fuseCudaTryAlloc(size_t bytes) {
  return memoryCache().allocate(driver(), bytes, /*stream=*/nullptr,
                                /*orNull=*/true);
}

extern "C" void fuseCudaFree(void *device) {
  freeDeviceMemory(device, nullptr);
}

extern "C" void fuseCudaCopyToDevice(void *device, const void *host,
                                     size_t bytes) {
  if (bytes)
    check(driver().cuMemcpyHtoD(devicePointer(device), host, bytes),
          "cuMemcpyHtoD");
}

extern "C" void fuseCudaCopyToHost(void *host, const void *device,
                                   size_t bytes) {
  if (bytes)
    check(driver().cuMemcpyDtoH(host, devicePointer(device), bytes),
          "cuMemcpyDtoH");
}

extern "C" void fuseCudaCopyDeviceToDevice(void *destination,
                                           const void *source, size_t bytes) {
  fuse::cuda_runtime::noteDefaultStreamWork();
  if (bytes)
    check(driver().cuMemcpyDtoD(devicePointer(destination),
                                devicePointer(source), bytes),
          "cuMemcpyDtoD");
}

extern "C" void fuseCudaSynchronize(void) {
  check(driver().cuCtxSynchronize(), "cuCtxSynchronize");
}

namespace {
/// Whether the runtime submitted work to the legacy default stream (a
/// product, a device-to-device copy) since fuseCudaSynchronizeDefaultStream
/// last waited for it.
std::atomic<bool> defaultStreamWork{false};
} // namespace

void fuse::cuda_runtime::noteDefaultStreamWork() {
  defaultStreamWork.store(true, std::memory_order_relaxed);
}

extern "C" void fuseCudaSynchronizeDefaultStream(void) {
  // The host code waits for its own streams before it returns: only the
  // runtime's work on the default stream can still be running.
  if (!defaultStreamWork.exchange(false))
    return;
  const DriverApi &api = driver();
  // One event, recorded anew by each call: creating one costs as much as
  // the wait.
  static CUevent event = [&] {
    CUevent created = nullptr;
    check(api.cuEventCreate(&created, kEventDisableTiming), "cuEventCreate");
    return created;
  }();
  static std::mutex mutex;
  std::lock_guard<std::mutex> lock(mutex);
  check(api.cuEventRecord(event, nullptr), "cuEventRecord");
  check(api.cuEventSynchronize(event), "cuEventSynchronize");
}

extern "C" char *fuseCudaTakeProfile(void) {
  if (!fuse::cuda_runtime::profiling())
    return nullptr;
  return strdup(fuse::cuda_runtime::takeProfile().c_str());
}

extern "C" int fuseCudaDeviceOrdinal(void) {
  driver();
  return runtime().deviceOrdinal;
}

extern "C" FuseCudaTimer *fuseCudaTimerStart(void) {
  const DriverApi &api = driver();
  auto *timer = new FuseCudaTimer{};
  check(api.cuEventCreate(&timer->start, kEventDefault), "cuEventCreate");
  check(api.cuEventCreate(&timer->stop, kEventDefault), "cuEventCreate");
  check(api.cuEventRecord(timer->start, nullptr), "cuEventRecord");
  return timer;
}

extern "C" double fuseCudaTimerStop(FuseCudaTimer *timer) {
  const DriverApi &api = driver();
  check(api.cuEventRecord(timer->stop, nullptr), "cuEventRecord");
  check(api.cuEventSynchronize(timer->stop), "cuEventSynchronize");
  float milliseconds = 0;
  check(api.cuEventElapsedTime(&milliseconds, timer->start, timer->stop),
        "cuEventElapsedTime");
  check(api.cuEventDestroy(timer->start), "cuEventDestroy");
  check(api.cuEventDestroy(timer->stop), "cuEventDestroy");
  delete timer;
  return milliseconds;
}

//===----------------------------------------------------------------------===//
// The entry points of MLIR's gpu-to-llvm lowering
//===----------------------------------------------------------------------===//

namespace {

/// A module the host code asked for. The host code loads its modules in
/// global constructors, before main(): loading waits for the first kernel
/// looked up in it, so that a program starts (and can say what it needs)
/// on a machine without a GPU, and reports a missing GPU from main().
struct LazyModule {
  const void *data;
  bool isPTX;
  int optLevel;
  std::once_flag loadOnce;
  CUmodule module = nullptr;
};

CUmodule loadBinary(const void *data) {
  // A cubin or fatbin carries its own size in its header.
  CUmodule module = nullptr;
  check(driver().cuModuleLoadData(&module, data), "cuModuleLoadData");
  return module;
}

CUmodule loadPTX(const void *data, int optLevel) {
  const DriverApi &api = driver();
  char log[8192] = {};
  int options[] = {kJitErrorLogBuffer, kJitErrorLogBufferSizeBytes,
                   kJitOptimizationLevel};
  void *values[] = {log, reinterpret_cast<void *>(sizeof(log)),
                    reinterpret_cast<void *>(static_cast<intptr_t>(optLevel))};
  CUmodule module = nullptr;
  CUresult result = api.cuModuleLoadDataEx(&module, data, 3, options, values);
  if (result != kCudaSuccess)
    fail(std::string("fuse-cuda-runtime: cuModuleLoadDataEx failed: ") +
         describe(api, result) + (log[0] ? std::string("\n") + log : ""));
  return module;
}

} // namespace

extern "C" void *mgpuModuleLoad(void *data, size_t /*gpuBlobSize*/) {
  return new LazyModule{data, /*isPTX=*/false, 0};
}

// MLIR 22 calls this with two arguments. Later MLIR versions add the PTX's
// size as a third; a caller passing it to this definition is harmless in the
// C calling convention, and the text is NUL-terminated either way.
extern "C" void *mgpuModuleLoadJIT(void *data, int optLevel) {
  return new LazyModule{data, /*isPTX=*/true, optLevel};
}

extern "C" void mgpuModuleUnload(void *handle) {
  // Called from global destructors: a module never used was never loaded,
  // and at exit the driver may already be shutting down.
  auto *lazy = static_cast<LazyModule *>(handle);
  if (lazy->module)
    driver().cuModuleUnload(lazy->module);
  delete lazy;
}

extern "C" void *mgpuModuleGetFunction(void *handle, const char *name) {
  auto *lazy = static_cast<LazyModule *>(handle);
  std::call_once(lazy->loadOnce, [&] {
    lazy->module = lazy->isPTX ? loadPTX(lazy->data, lazy->optLevel)
                               : loadBinary(lazy->data);
  });
  CUfunction function = nullptr;
  CUresult result = driver().cuModuleGetFunction(&function, lazy->module, name);
  if (result != kCudaSuccess)
    fail(std::string("fuse-cuda-runtime: cuModuleGetFunction(") + name +
         ") failed: " + describe(runtime().api, result));
  if (fuse::cuda_runtime::profiling())
    fuse::cuda_runtime::nameKernel(function, name);
  return function;
}

// The index-typed dimensions of gpu.launch_func arrive as intptr_t; the
// driver checks their range. `paramsCount` is not needed: the driver knows
// each kernel's parameter layout.
extern "C" void mgpuLaunchKernel(void *function, intptr_t gridX, intptr_t gridY,
                                 intptr_t gridZ, intptr_t blockX,
                                 intptr_t blockY, intptr_t blockZ, int32_t smem,
                                 void *stream, void **params, void **extra,
                                 size_t /*paramsCount*/) {
  void *profiled = fuse::cuda_runtime::profiling()
                       ? fuse::cuda_runtime::profileBegin(stream)
                       : nullptr;
  check(driver().cuLaunchKernel(static_cast<CUfunction>(function), gridX, gridY,
                                gridZ, blockX, blockY, blockZ, smem,
                                static_cast<CUstream>(stream), params, extra),
        "cuLaunchKernel");
  if (profiled)
    fuse::cuda_runtime::profileEnd(
        profiled, stream,
        fuse::cuda_runtime::kernelName(function) + " <<<" +
            std::to_string(gridX * gridY * gridZ) + ", " +
            std::to_string(blockX * blockY * blockZ) + ">>>");
}

namespace {

/// Streams the host code destroyed, kept for its next call: creating and
/// destroying a stream per call costs microseconds of every call.
/// The host code waits for a stream before it destroys it, so the next user
/// of a kept stream finds it idle (were it not, its work would only follow
/// the earlier work, still correct). Its handle stays that stream's, so the
/// memory cache may go on handing it the buffers freed on it.
/// FUSE_CUDA_NO_STREAM_POOL=1 creates and destroys them each time.
class StreamPool {
public:
  static StreamPool &get() {
    static StreamPool *pool = new StreamPool; // outlives static destructors
    return *pool;
  }

  CUstream take() {
    if (!enabled)
      return nullptr;
    std::lock_guard<std::mutex> lock(mutex);
    if (idle.empty())
      return nullptr;
    CUstream stream = idle.back();
    idle.pop_back();
    return stream;
  }

  bool keep(CUstream stream) {
    if (!enabled)
      return false;
    std::lock_guard<std::mutex> lock(mutex);
    idle.push_back(stream);
    return true;
  }

private:
  std::mutex mutex;
  std::vector<CUstream> idle;
  const bool enabled = [] {
    const char *value = std::getenv("FUSE_CUDA_NO_STREAM_POOL");
    return !(value && *value && std::strcmp(value, "0") != 0);
  }();
};

} // namespace

// Streams are created with CU_STREAM_DEFAULT rather than non-blocking: work
// on them is ordered with the legacy default stream, so an event the runner
// records on the default stream after a call completes only after everything
// the call submitted.
extern "C" void *mgpuStreamCreate(void) {
  if (CUstream kept = StreamPool::get().take())
    return kept;
  CUstream stream = nullptr;
  check(driver().cuStreamCreate(&stream, kStreamDefault), "cuStreamCreate");
  return stream;
}

extern "C" void mgpuStreamDestroy(void *stream) {
  if (StreamPool::get().keep(static_cast<CUstream>(stream)))
    return;
  memoryCache().forgetStream(static_cast<CUstream>(stream));
  check(driver().cuStreamDestroy(static_cast<CUstream>(stream)),
        "cuStreamDestroy");
}

extern "C" void mgpuStreamSynchronize(void *stream) {
  check(driver().cuStreamSynchronize(static_cast<CUstream>(stream)),
        "cuStreamSynchronize");
}

extern "C" void mgpuStreamWaitEvent(void *stream, void *event) {
  check(driver().cuStreamWaitEvent(static_cast<CUstream>(stream),
                                   static_cast<CUevent>(event), 0),
        "cuStreamWaitEvent");
}

// These events only order streams; without timing they are cheaper.
extern "C" void *mgpuEventCreate(void) {
  CUevent event = nullptr;
  check(driver().cuEventCreate(&event, kEventDisableTiming), "cuEventCreate");
  return event;
}

extern "C" void mgpuEventDestroy(void *event) {
  check(driver().cuEventDestroy(static_cast<CUevent>(event)), "cuEventDestroy");
}

extern "C" void mgpuEventSynchronize(void *event) {
  check(driver().cuEventSynchronize(static_cast<CUevent>(event)),
        "cuEventSynchronize");
}

extern "C" void mgpuEventRecord(void *event, void *stream) {
  check(driver().cuEventRecord(static_cast<CUevent>(event),
                               static_cast<CUstream>(stream)),
        "cuEventRecord");
}

// The memory is usable at once by work on `stream`; a block reused from
// `stream`'s own frees may still be read by earlier work there, so another
// stream may use it only after a wait for `stream`, which the lowering puts
// between two streams' work (gpu-async-region chains one stream per block).
extern "C" void *mgpuMemAlloc(uint64_t sizeBytes, void *stream,
                              bool isHostShared) {
  const DriverApi &api = driver();
  if (!isHostShared)
    return memoryCache().allocate(api, sizeBytes,
                                  static_cast<CUstream>(stream));
  CUdeviceptr pointer = 0;
  check(api.cuMemAllocManaged(&pointer, std::max<uint64_t>(sizeBytes, 1),
                              kMemAttachGlobal),
        "cuMemAllocManaged");
  return reinterpret_cast<void *>(pointer);
}

// The free waits for the work submitted to `stream` so far: the lowering
// orders every use of the buffer before its dealloc on that stream.
extern "C" void mgpuMemFree(void *ptr, void *stream) {
  freeDeviceMemory(ptr, static_cast<CUstream>(stream));
}

extern "C" void mgpuMemcpy(void *dst, void *src, size_t sizeBytes,
                           void *stream) {
  // Unified addressing lets the driver tell host from device pointers.
  check(driver().cuMemcpyAsync(devicePointer(dst), devicePointer(src),
                               sizeBytes, static_cast<CUstream>(stream)),
        "cuMemcpyAsync");
}

extern "C" void mgpuMemset32(void *dst, unsigned int value, size_t count,
                             void *stream) {
  check(driver().cuMemsetD32Async(devicePointer(dst), value, count,
                                  static_cast<CUstream>(stream)),
        "cuMemsetD32Async");
}

extern "C" void mgpuMemset16(void *dst, unsigned short value, size_t count,
                             void *stream) {
  check(driver().cuMemsetD16Async(devicePointer(dst), value, count,
                                  static_cast<CUstream>(stream)),
        "cuMemsetD16Async");
}

extern "C" void mgpuMemHostRegister(void *ptr, uint64_t sizeBytes) {
  if (sizeBytes)
    check(driver().cuMemHostRegister(ptr, sizeBytes, 0), "cuMemHostRegister");
}

extern "C" void mgpuMemHostRegisterMemRef(int64_t rank, void *descriptor,
                                          int64_t elementSizeBytes) {
  char *first = nullptr;
  uint64_t bytes = 0;
  memRefSpan(rank, descriptor, elementSizeBytes, first, bytes);
  mgpuMemHostRegister(first, bytes);
}

extern "C" void mgpuMemHostUnregister(void *ptr) {
  check(driver().cuMemHostUnregister(ptr), "cuMemHostUnregister");
}

extern "C" void mgpuMemHostUnregisterMemRef(int64_t rank, void *descriptor,
                                            int64_t elementSizeBytes) {
  char *first = nullptr;
  uint64_t bytes = 0;
  memRefSpan(rank, descriptor, elementSizeBytes, first, bytes);
  if (bytes)
    mgpuMemHostUnregister(first);
}

// One device per process: the choice counts only before first use.
extern "C" void mgpuSetDefaultDevice(int32_t device) {
  requestedDevice.store(device);
  Runtime &rt = runtime();
  if (rt.ready && rt.deviceOrdinal != device)
    fail("fuse-cuda-runtime: mgpuSetDefaultDevice(" + std::to_string(device) +
         ") after device " + std::to_string(rt.deviceOrdinal) +
         " was initialized; the runtime uses one device per process");
}
