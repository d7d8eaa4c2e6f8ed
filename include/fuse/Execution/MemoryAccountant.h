//===- MemoryAccountant.h - count and bound compiled allocations -*- C++
//-*-===//
//
// Code from the CPU pipeline with `allocation-hooks` allocates through
// _mlir_memref_to_llvm_alloc, _mlir_memref_to_llvm_aligned_alloc and
// _mlir_memref_to_llvm_free. The accountant provides the three: it counts
// the bytes the program holds (live and peak) and refuses allocations past a
// limit, so that a program too large for the machine stops with a message
// instead of being killed by the kernel or crashing on a null pointer.
//
// Freed blocks of kReuseThreshold bytes or more are kept and handed to the
// next allocation of the same size and alignment, as a runtime's caching
// allocator does. A program called again then runs on memory it has touched
// before: without this, malloc returns large blocks to the kernel and every
// call pays a page fault per 4 KiB of its temporaries, which for 64 MiB
// temporaries costs several times the computation. glibc maps blocks from
// 128 KiB on their own and trims its heap when 128 KiB at its top are free,
// so the threshold sits below that: with 1 MiB, the attention block's three
// packed 512 KiB operands still faulted about 250 pages per call. Kept
// blocks count against the limit and are released when an allocation needs
// the room.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_MEMORYACCOUNTANT_H
#define FUSE_EXECUTION_MEMORYACCOUNTANT_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <cstdint>
#include <limits>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <tuple>

namespace fuse::exec {

/// An allocation the accountant refused, for the message that reports it.
struct MemoryExhaustion {
  uint64_t requestedBytes;
  uint64_t liveBytes;
  uint64_t reservedBytes;
  uint64_t limitBytes;

  /// "the program asked for N bytes (M live, plus K of inputs and results);
  /// limit L".
  std::string describe() const;
};

class MemoryAccountant {
public:
  static constexpr uint64_t kReuseThreshold = 64 << 10;

  /// Called when an allocation cannot be satisfied. Compiled code cannot
  /// take an error back, so the handler must not return (e.g. it reports
  /// and exits). The default one reports a fatal error.
  using ExhaustedHandler = void (*)(const MemoryExhaustion &);

  /// The accountant the hooks use; there is one per process since compiled
  /// code calls the hooks by symbol, without a context.
  static MemoryAccountant &get();

  /// The most bytes the program and the reserved bytes may hold together;
  /// unlimited by default.
  void setLimit(uint64_t bytes) { limit = bytes; }
  uint64_t getLimit() const { return limit; }
  /// Bytes held for the program outside its allocations (its inputs and the
  /// buffers its results are built in), which count against the limit but
  /// not as live or peak bytes.
  void setReserved(uint64_t bytes) { reserved = bytes; }
  void setExhaustedHandler(ExhaustedHandler handler) {
    exhaustedHandler = handler;
  }

  uint64_t getLiveBytes() const;
  /// The most bytes live at once since the last resetPeak().
  uint64_t getPeakBytes() const;
  /// Starts a new peak at the bytes live now.
  void resetPeak();
  /// Bytes of freed blocks kept for reuse.
  uint64_t getKeptBytes() const;
  /// Returns the kept blocks to the system.
  void releaseKeptBlocks();

  /// Allocates `size` bytes aligned to `alignment` (0: malloc's alignment).
  void *allocate(uint64_t size, uint64_t alignment);
  /// Frees `pointer` when it is a live allocation of the accountant and
  /// returns whether it was; other pointers (inputs, constants, null) are
  /// left alone, which also makes a second free of an alias harmless.
  bool deallocate(void *pointer);

  /// The three hooks, to pass to mlir::ExecutionEngine::registerSymbols.
  static llvm::orc::SymbolMap
  getHookSymbols(llvm::orc::MangleAndInterner interner);

private:
  struct Block {
    uint64_t size;
    uint64_t alignment;
    bool operator<(const Block &other) const {
      return std::tie(size, alignment) < std::tie(other.size, other.alignment);
    }
  };

  MemoryAccountant() = default;
  /// A kept or new block, or null when the limit or malloc refuses; the
  /// caller holds the lock.
  void *allocateLocked(Block block);
  void releaseKeptBlocksLocked();

  mutable std::mutex mutex; // compiled code allocates from OpenMP threads
  llvm::DenseMap<void *, Block> liveBlocks;
  std::multimap<Block, void *> keptBlocks;
  uint64_t kept = 0;
  uint64_t live = 0;
  uint64_t peak = 0;
  uint64_t limit = std::numeric_limits<uint64_t>::max();
  uint64_t reserved = 0;
  ExhaustedHandler exhaustedHandler = nullptr;
};

/// The physical memory available to new allocations (MemAvailable in
/// /proc/meminfo), if the system says.
std::optional<uint64_t> getAvailableMemory();

} // namespace fuse::exec

#endif // FUSE_EXECUTION_MEMORYACCOUNTANT_H
