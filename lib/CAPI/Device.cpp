//===- Device.cpp - device memory and calls on it -------------------------===//

#include "Handles.h"

#include "fuse/Runtime/CudaRuntime.h"

#include "llvm/ADT/DenseMap.h"

#include <mutex>

using fuse::capi::ErrorCapture;

bool fuseDeviceInitialize(FuseContext context, int *ordinal) {
  ErrorCapture capture(context);
  char message[1024];
  if (fuseCudaInitialize(message, sizeof(message)) != 0) {
    capture.add(message);
    return false;
  }
  *ordinal = fuseCudaDeviceOrdinal();
  return true;
}

void *fuseDeviceAlloc(FuseContext context, size_t bytes) {
  ErrorCapture capture(context);
  void *device = fuseCudaTryAlloc(bytes);
  if (!device)
    capture.add("out of GPU memory: " + llvm::Twine(bytes) +
                " bytes asked for, " + llvm::Twine(fuseCudaDeviceFreeMemory()) +
                " free");
  return device;
}

namespace {

// DLPack's ABI (dlpack.h, unversioned): the layout its consumers read.
struct DLDevice {
  int32_t deviceType;
  int32_t deviceId;
};
struct DLDataType {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
};
struct DLTensor {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byteOffset;
};
struct DLManagedTensor {
  DLTensor tensor;
  void *managerContext;
  void (*deleter)(DLManagedTensor *self);
};
constexpr int32_t kDLCUDA = 2;

/// An exported tensor with the shape it points to.
struct Export {
  DLManagedTensor managed;
  llvm::SmallVector<int64_t> shape;
};

/// Device buffers that DLPack consumers hold: how many, and whether their
/// owner has freed them. Never destroyed: consumers may delete their
/// tensors while the process exits.
struct SharedBuffers {
  struct Holders {
    unsigned consumers = 0;
    bool ownerFreed = false;
  };
  std::mutex mutex;
  llvm::DenseMap<void *, Holders> buffers;

  static SharedBuffers &get() {
    static auto *shared = new SharedBuffers;
    return *shared;
  }

  void share(void *device) {
    std::lock_guard<std::mutex> lock(mutex);
    ++buffers[device].consumers;
  }

  /// Drops one holder of `device`: the owner's, or a consumer's. True when
  /// it was the last.
  bool release(void *device, bool owner) {
    std::lock_guard<std::mutex> lock(mutex);
    auto it = buffers.find(device);
    if (it == buffers.end())
      return owner;
    if (owner)
      it->second.ownerFreed = true;
    else
      --it->second.consumers;
    if (it->second.consumers || !it->second.ownerFreed)
      return false;
    buffers.erase(it);
    return true;
  }
};

void deleteExport(DLManagedTensor *managed) {
  auto *exported = static_cast<Export *>(managed->managerContext);
  if (SharedBuffers::get().release(managed->tensor.data, /*owner=*/false))
    fuseCudaFree(managed->tensor.data);
  delete exported;
}

} // namespace

void fuseDeviceFree(void *device) {
  if (device && SharedBuffers::get().release(device, /*owner=*/true))
    fuseCudaFree(device);
}

void *fuseDeviceExportDLPack(void *device, int32_t ndim, const int64_t *shape,
                             uint8_t code, uint8_t bits) {
  auto *exported = new Export;
  exported->shape.assign(shape, shape + ndim);
  DLTensor &tensor = exported->managed.tensor;
  tensor.data = device;
  tensor.device = {kDLCUDA, fuseCudaDeviceOrdinal()};
  tensor.ndim = ndim;
  tensor.dtype = {code, bits, 1};
  tensor.shape = exported->shape.data();
  tensor.strides = nullptr; // row-major
  tensor.byteOffset = 0;
  exported->managed.managerContext = exported;
  exported->managed.deleter = deleteExport;
  SharedBuffers::get().share(device);
  return &exported->managed;
}

void fuseDeviceCopyToDevice(void *device, const void *host, size_t bytes) {
  fuseCudaCopyToDevice(device, host, bytes);
}

void fuseDeviceCopyToHost(void *host, const void *device, size_t bytes) {
  fuseCudaCopyToHost(host, device, bytes);
}

// Both strings are malloc'd: fuseStringDestroy frees either.
char *fuseDeviceTakeProfile(void) { return fuseCudaTakeProfile(); }

bool fuseExecutableRunOnDevice(FuseExecutable executable,
                               const void *const *inputs, void **outputs,
                               double *seconds) {
  ErrorCapture capture(executable->owner);
  llvm::SmallVector<const void *> inputPointers(
      inputs, inputs + executable->type.getNumInputs());
  llvm::SmallVector<void *> results;
  llvm::Expected<double> elapsed = executable->program->callOnDevice(
      executable->entry, inputPointers, results, /*timed=*/seconds != nullptr);
  if (!elapsed) {
    capture.add(llvm::toString(elapsed.takeError()));
    return false;
  }
  llvm::copy(results, outputs);
  if (seconds)
    *seconds = *elapsed;
  return true;
}
