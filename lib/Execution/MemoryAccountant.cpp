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
    text +=
        ", plus " + std::to_string(reservedBytes) + " of inputs and results";
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

uint64_t MemoryAccountant::getKeptBytes() const {
  std::lock_guard<std::mutex> lock(mutex);
  return kept;
}

void MemoryAccountant::releaseKeptBlocks() {
  std::lock_guard<std::mutex> lock(mutex);
  releaseKeptBlocksLocked();
}

void MemoryAccountant::releaseKeptBlocksLocked() {
  for (auto &[block, pointer] : keptBlocks)
    std::free(pointer);
  keptBlocks.clear();
  kept = 0;
}

void *MemoryAccountant::allocateLocked(Block block) {
  if (llvm::SaturatingAdd(live, reserved, block.size) > limit)
    return nullptr;
  auto reusable = keptBlocks.find(block);
  if (reusable != keptBlocks.end()) {
    void *pointer = reusable->second;
    keptBlocks.erase(reusable);
    kept -= block.size;
    return pointer;
  }
  if (llvm::SaturatingAdd(live, reserved, block.size, kept) > limit)
    releaseKeptBlocksLocked();
  // A zero-byte allocation still needs a distinct pointer to free.
  uint64_t bytes = std::max<uint64_t>(block.size, 1);
  auto tryAllocate = [&] {
    return block.alignment
               ? std::aligned_alloc(block.alignment,
                                    llvm::alignTo(bytes, block.alignment))
               : std::malloc(bytes);
  };
  void *pointer = tryAllocate();
  if (!pointer && kept) {
    releaseKeptBlocksLocked();
    pointer = tryAllocate();
  }
  return pointer;
}

void *MemoryAccountant::allocate(uint64_t size, uint64_t alignment) {
  std::optional<MemoryExhaustion> exhaustion;
  {
    std::lock_guard<std::mutex> lock(mutex);
    Block block{size, alignment};
    if (void *pointer = allocateLocked(block)) {
      liveBlocks[pointer] = block;
      live += size;
      peak = std::max(peak, live);
      return pointer;
    }
    exhaustion = MemoryExhaustion{size, live, reserved, limit};
  }
  if (exhaustedHandler)
    exhaustedHandler(*exhaustion);
  llvm::report_fatal_error(llvm::Twine("out of memory: ") +
                           exhaustion->describe());
}

bool MemoryAccountant::deallocate(void *pointer) {
  std::lock_guard<std::mutex> lock(mutex);
  auto it = liveBlocks.find(pointer);
  if (it == liveBlocks.end())
    return false;
  Block block = it->second;
  live -= block.size;
  liveBlocks.erase(it);
  if (block.size >= kReuseThreshold) {
    keptBlocks.emplace(block, pointer);
    kept += block.size;
  } else {
    std::free(pointer);
  }
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
