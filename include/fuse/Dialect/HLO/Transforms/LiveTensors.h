//===- LiveTensors.h - peak memory of a block of tensor ops -----*- C++ -*-===//
//
// A model of the memory a block needs when each tensor result of its ops is
// materialised from its definition to its last use. Values defined outside
// the block (function arguments) are not counted: the caller owns them.
// Edits ("what if these ops became one op here?") let a cost model compare
// the peak before and after a rewrite without doing it.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_LIVETENSORS_H
#define FUSE_DIALECT_HLO_TRANSFORMS_LIVETENSORS_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <set>
#include <vector>

namespace fuse::hlo {

/// Calls `read` with each operand of `op` and of the ops nested in it: what
/// a step of the schedule reads. An op isolated from above (a fusion)
/// reads only its operands, so its body is not searched.
void forEachRead(mlir::Operation *op,
                 llvm::function_ref<void(mlir::Value)> read);

class LiveTensorSchedule {
public:
  /// The size of a value in bytes, as some holder of it stores it.
  using BytesFn = int64_t (*)(mlir::Value);

  /// The ops of `block` in order; the terminator keeps its operands live to
  /// the end. Each tensor takes `bytesOf` bytes (compiled code's by default).
  explicit LiveTensorSchedule(mlir::Block &block, BytesFn bytesOf = getBytes);

  /// The most bytes of tensors live at once.
  int64_t peakBytes() const;

  /// Replaces the ops `removed` by one op at the position of `at` (one of
  /// them) that reads `reads` and defines `defines`.
  void merge(llvm::ArrayRef<mlir::Operation *> removed, mlir::Operation *at,
             llvm::ArrayRef<mlir::Value> reads,
             llvm::ArrayRef<mlir::Value> defines);

  /// Moves `op` to just after `anchor`.
  void moveAfter(mlir::Operation *op, mlir::Operation *anchor);

  /// Bytes of a ranked tensor value (0 for other values).
  static int64_t getBytes(mlir::Value value);

private:
  struct Step {
    Step(mlir::Operation *op, llvm::ArrayRef<mlir::Value> reads,
         llvm::ArrayRef<mlir::Value> defines, BytesFn bytesOf);

    mlir::Operation *op;
    llvm::SmallVector<mlir::Value> reads;
    llvm::SmallVector<mlir::Value> defines;
    /// getBytes of each of `defines`, which peakBytes reads once per query.
    llvm::SmallVector<int64_t> defineBytes;
  };
  size_t indexOf(mlir::Operation *op) const;

  std::vector<Step> steps;
  BytesFn bytesOf;
};

/// The same model kept up to date while a pass rewrites the block, so that
/// asking what a merge does to the peak costs the values it changes
/// (logarithmically in their readers) rather than the block. Each op has a
/// slot (its index when the tracker was built); the live bytes at every
/// slot sit in a segment tree that adds bytes over a value's live interval
/// and keeps the maximum. Erased ops leave empty slots, whose live bytes
/// never exceed the next op's, so the peak is the tree's maximum. Each
/// value's readers are kept by slot, so that its last reader after a merge
/// is found without searching its uses: a constant may have thousands. A
/// merge that moves ops (a sibling merge sinking readers) renumbers the
/// stretch it reorders within the stretch's own slots.
class LiveTensorTracker {
public:
  explicit LiveTensorTracker(
      mlir::Block &block,
      LiveTensorSchedule::BytesFn bytesOf = LiveTensorSchedule::getBytes);

  /// What a merge changes: the live interval of each value it touches.
  struct Change {
    mlir::Value value;
    int64_t first, oldLast;
    /// -1 when the value no longer exists in the block.
    int64_t newLast;
    int64_t bytes;
    /// Where the value is defined after the change (a reorder moves it).
    int64_t newFirst = first;
  };
  struct Merge {
    mlir::Operation *removed = nullptr;
    mlir::Operation *consumer = nullptr;
    /// What the merged op reads.
    llvm::SmallVector<mlir::Value> reads;
    /// The tracked values whose readers change.
    llvm::SmallVector<mlir::Value> touched;
    llvm::SmallVector<Change> changes;
  };

  /// The changes of LiveTensorSchedule::merge({consumer[, removed]},
  /// consumer, reads, consumer's results): `consumer` reads `reads`
  /// instead of its operands, and `removed` (or none) leaves the block.
  /// None when an op involved is not one the tracker knows.
  std::optional<Merge> planMerge(mlir::Operation *removed,
                                 mlir::Operation *consumer,
                                 llvm::ArrayRef<mlir::Value> reads) const;

  /// A step of a reordered stretch of the block: an op of it, or (null)
  /// the op a merge is about to create, with what it reads and defines.
  struct Step {
    mlir::Operation *op;
    llvm::SmallVector<mlir::Value> reads, defines;
  };
  /// The ops from `from` to `to` (in the block, inclusive) replaced by
  /// `steps` in order: a sibling merge, its merged op at the later sibling
  /// and the readers of the earlier one sunk after it. The steps take the
  /// stretch's slots, so the work is the stretch's, not the block's.
  struct Reorder {
    /// The stretch's first and last slots.
    int64_t low, high;
    llvm::SmallVector<Step> steps;
    /// The slot of each step.
    llvm::SmallVector<int64_t> stepSlots;
    /// The ops of the stretch, which leave their slots.
    llvm::SmallVector<mlir::Operation *> ops;
    llvm::SmallVector<mlir::Value> touched;
    llvm::SmallVector<Change> changes;
  };
  /// None when an op of the stretch is not one the tracker knows, or the
  /// steps outnumber its ops.
  std::optional<Reorder> planReorder(mlir::Operation *from, mlir::Operation *to,
                                     llvm::ArrayRef<Step> steps) const;
  /// Makes `reorder` so, `created` being the op of its null step.
  void commit(const Reorder &reorder, mlir::Operation *created);

  int64_t peakBytes() const { return maxBytes[1]; }
  /// The peak after `changes`, the tracker unchanged.
  int64_t peakBytesAfter(llvm::ArrayRef<Change> changes);
  int64_t peakBytesAfter(const Merge &merge) {
    return peakBytesAfter(merge.changes);
  }
  /// Makes `merge` so: `replacement` takes the consumer's slot and defines
  /// its results, in order, with their intervals.
  void commit(const Merge &merge, mlir::Operation *replacement);
  /// `replacement` takes `op`'s slot and its results' intervals: it reads
  /// what `op` read (a fusion of one op).
  void replace(mlir::Operation *op, mlir::Operation *replacement);

  bool contains(mlir::Operation *op) const { return slots.count(op); }
  /// Reader slots planMerge has looked at so far: its work, which tests
  /// check stays independent of how many ops read a value.
  uint64_t getReadersVisited() const { return readersVisited; }
  /// The slot of the op of this block that is or holds `user`: slots keep
  /// the block's order.
  std::optional<int64_t> slotOfUser(mlir::Operation *user) const;

private:
  struct Interval {
    int64_t first, last, bytes;
    /// Slots of the ops that read the value.
    std::set<int64_t> readers;
  };
  void addBytes(int64_t first, int64_t last, int64_t bytes);
  void addBytes(size_t node, int64_t low, int64_t high, int64_t first,
                int64_t last, int64_t bytes);
  void apply(llvm::ArrayRef<Change> changes, int sign);
  /// `replacement`'s results take the intervals of `values`, in order.
  void rekey(mlir::ValueRange values, mlir::ValueRange replacement);

  mlir::Block &block;
  int64_t size;
  llvm::DenseMap<mlir::Operation *, int64_t> slots;
  llvm::DenseMap<mlir::Value, Interval> intervals;
  /// Per tree node: the maximum of its range, and what was added to all of
  /// it (already counted in its maximum).
  std::vector<int64_t> maxBytes, addedBytes;
  mutable uint64_t readersVisited = 0;
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_LIVETENSORS_H
