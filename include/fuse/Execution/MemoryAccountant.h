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
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_MEMORYACCOUNTANT_H
#define FUSE_EXECUTION_MEMORYACCOUNTANT_H

#include "llvm/ADT/DenseMap.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <cstdint>
#include <limits>
#include <mutex>
#include <optional>
#include <string>

namespace fuse::exec {

/// An allocation the accountant refused, for the message that reports it.
struct MemoryExhaustion {
  uint64_t requestedBytes;
  uint64_t liveBytes;
  uint64_t reservedBytes;
  uint64_t limitBytes;

  /// "the program asked for N bytes (M live, plus K of inputs); limit L".
  std::string describe() const;
};

class MemoryAccountant {
public:
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
  /// Bytes held for the program outside its allocations (its inputs), which
  /// count against the limit but not as live or peak bytes.
  void setReserved(uint64_t bytes) { reserved = bytes; }
  void setExhaustedHandler(ExhaustedHandler handler) {
    exhaustedHandler = handler;
  }

  uint64_t getLiveBytes() const;
  /// The most bytes live at once since the last resetPeak().
  uint64_t getPeakBytes() const;
  /// Starts a new peak at the bytes live now.
  void resetPeak();

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
  MemoryAccountant() = default;

  mutable std::mutex mutex; // compiled code allocates from OpenMP threads
  llvm::DenseMap<void *, uint64_t> sizes;
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
