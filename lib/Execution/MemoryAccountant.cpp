//===- MemoryAccountant.cpp - count and bound compiled allocations --------===//

#include "fuse/Execution/MemoryAccountant.h"

#include "llvm/ADT/Twine.h"
#include "llvm/Support/ErrorHandling.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <cstdlib>
#include <cstring>

namespace fuse::exec {

std::string MemoryExhaustion::describe() const {
  std::string text = "the program asked for " + std::to_string(requestedBytes) +
                     " bytes (" + std::to_string(liveBytes) + " live";
  if (reservedBytes)
    text += ", plus " + std::to_string(reservedBytes) + " of inputs";
  return text + "); limit " + std::to_string(limitBytes);
}

MemoryAccountant &MemoryAccountant::get() {
  // Never destroyed: a handler may exit while compiled code still runs.
  static MemoryAccountant *accountant = new MemoryAccountant();
  return *accountant;
}

uint64_t MemoryAccountant::getLiveBytes() const {
  std::lock_guard<std::mutex> lock(mutex);
  return live;
}

uint64_t MemoryAccountant::getPeakBytes() const {
  std::lock_guard<std::mutex> lock(mutex);
  return peak;
}

void MemoryAccountant::resetPeak() {
  std::lock_guard<std::mutex> lock(mutex);
  peak = live;
}

void *MemoryAccountant::allocate(uint64_t size, uint64_t alignment) {
  std::optional<MemoryExhaustion> exhaustion;
  void *pointer = nullptr;
  {
    std::lock_guard<std::mutex> lock(mutex);
    if (llvm::SaturatingAdd(live, reserved, size) > limit) {
      exhaustion = MemoryExhaustion{size, live, reserved, limit};
    } else {
      // A zero-byte allocation still needs a distinct pointer to free.
      uint64_t bytes = std::max<uint64_t>(size, 1);
      pointer = alignment ? std::aligned_alloc(alignment,
                                               llvm::alignTo(bytes, alignment))
                          : std::malloc(bytes);
      if (!pointer) {
        exhaustion = MemoryExhaustion{size, live, reserved, limit};
      } else {
        sizes[pointer] = size;
        live += size;
        peak = std::max(peak, live);
      }
    }
  }
  if (!exhaustion)
    return pointer;
  if (exhaustedHandler)
    exhaustedHandler(*exhaustion);
  llvm::report_fatal_error(llvm::Twine("out of memory: ") +
                           exhaustion->describe());
}

bool MemoryAccountant::deallocate(void *pointer) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = sizes.find(pointer);
  if (it == sizes.end())
    return false;
  live -= it->second;
  sizes.erase(it);
  std::free(pointer);
  return true;
}

// The hooks' C signatures, from FinalizeMemRefToLLVM's generic functions.
static void *fuseAlloc(uint64_t size) {
  return MemoryAccountant::get().allocate(size, 0);
}
static void *fuseAlignedAlloc(uint64_t alignment, uint64_t size) {
  return MemoryAccountant::get().allocate(size, alignment);
}
static void fuseFree(void *pointer) {
  MemoryAccountant::get().deallocate(pointer);
}

llvm::orc::SymbolMap
MemoryAccountant::getHookSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
  auto add = [&](llvm::StringRef name, auto *function) {
    symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                               llvm::JITSymbolFlags::Exported};
  };
  add("_mlir_memref_to_llvm_alloc", &fuseAlloc);
  add("_mlir_memref_to_llvm_aligned_alloc", &fuseAlignedAlloc);
  add("_mlir_memref_to_llvm_free", &fuseFree);
  return symbols;
}

std::optional<uint64_t> getAvailableMemory() {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> meminfo =
      llvm::MemoryBuffer::getFileAsStream("/proc/meminfo");
  if (!meminfo)
    return std::nullopt;
  llvm::StringRef text = (*meminfo)->getBuffer();
  size_t at = text.find("MemAvailable:");
  if (at == llvm::StringRef::npos)
    return std::nullopt;
  llvm::StringRef value = text.drop_front(at + strlen("MemAvailable:")).ltrim();
  uint64_t kibibytes;
  if (value.consumeInteger(10, kibibytes))
    return std::nullopt;
  return kibibytes * 1024;
}

} // namespace fuse::exec
