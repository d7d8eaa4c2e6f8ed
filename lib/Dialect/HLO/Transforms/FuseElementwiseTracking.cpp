//===- FuseElementwiseTracking.cpp - peak memory kept up to date ----------===//
//
// fuse-elementwise checks that no merge raises a block's estimated peak
// memory. Modelling the block for each check made fusion quadratic in the
// block's size. Here the policy keeps one LiveTensorTracker per block and
// follows the rewriter: the merges it allowed and the fusion seeds replace
// ops in their trackers, and any other change to a block drops its tracker.
//
//===----------------------------------------------------------------------===//

#include "FuseElementwiseUtils.h"

#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <utility>

using namespace mlir;
using namespace fuse::hlo;

struct FusionPolicy::Tracking : RewriterBase::Listener {
  bool enabled = false;
  llvm::DenseMap<Block *, std::unique_ptr<LiveTensorTracker>> trackers;
  /// The merge the policy allowed last, which the rewriter applies next.
  std::optional<LiveTensorTracker::Merge> allowed;
  /// Or the merge that sinks ops it allowed last (siblings, or a producer
  /// with an extra result): the ops it moves, and the two ops it replaces,
  /// which stay in the tracker until both are erased and the stretch
  /// between them is final.
  std::optional<LiveTensorTracker::Reorder> allowedReorder;
  llvm::SmallPtrSet<Operation *, 8> reorderMoves;
  Operation *reorderFirst = nullptr, *reorderSecond = nullptr;
  bool reorderErasedOne = false;
  /// A new op at the top of a tracked block, which will replace one.
  Operation *inserted = nullptr;
  /// The op whose uses are being replaced: its users change in place.
  Operation *replacing = nullptr;

  LiveTensorTracker &trackerOf(Block &block, uint64_t &scheduledOps) {
    std::unique_ptr<LiveTensorTracker> &tracker = trackers[&block];
    if (!tracker) {
      tracker = std::make_unique<LiveTensorTracker>(block);
      scheduledOps += block.getOperations().size();
    }
    return *tracker;
  }

  void drop(Block *block) {
    if (trackers.erase(block)) {
      inserted = replacing = nullptr;
      forgetReorder();
    }
  }

  void forgetReorder() {
    allowedReorder.reset();
    reorderMoves.clear();
    reorderFirst = reorderSecond = nullptr;
    reorderErasedOne = false;
  }

  bool isReordered(Operation *op) const {
    return allowedReorder && (op == reorderFirst || op == reorderSecond);
  }

  /// A change to `op`, nested in a tracked block's op and not behind an op
  /// isolated from above, may change what that op reads; not so inside an
  /// op that has left its tracker (replaced or merged, and being erased).
  void dropEnclosing(Operation *op) {
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (parent->hasTrait<OpTrait::IsIsolatedFromAbove>())
        return;
      auto tracker = trackers.find(parent->getBlock());
      if (tracker == trackers.end())
        continue;
      if (!tracker->second->contains(parent))
        return;
      drop(parent->getBlock());
    }
  }

  /// Trackers of blocks inside `op`, which goes away.
  void dropNested(Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        drop(&block);
  }

  bool isTracked(Operation *op) const {
    return op->getBlock() && trackers.count(op->getBlock());
  }

  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    if (!isTracked(op)) {
      if (op->getBlock())
        dropEnclosing(op);
      return;
    }
    // An op the allowed reorder sinks below the new op.
    if (previous.isSet() && reorderMoves.contains(op))
      return;
    // A moved op, or a second new one before the first replaced anything.
    if (previous.isSet() || inserted) {
      drop(op->getBlock());
      return;
    }
    inserted = op;
  }

  /// Whether `replacement` reads what `op` reads: a fusion seed.
  static bool readsTheSame(Operation *op, Operation *replacement) {
    llvm::SetVector<Value> reads, replacementReads;
    reads.insert(op->operand_begin(), op->operand_end());
    replacementReads.insert(replacement->operand_begin(),
                            replacement->operand_end());
    return reads.size() == replacementReads.size() &&
           llvm::all_of(reads, [&](Value value) {
             return replacementReads.contains(value);
           });
  }

  void notifyOperationReplaced(Operation *op, ValueRange values) override {
    if (!isTracked(op)) {
      dropEnclosing(op);
      return;
    }
    Block *block = op->getBlock();
    Operation *replacement =
        values.empty() ? nullptr : values.front().getDefiningOp();
    if (isReordered(op)) {
      if (!replacement || replacement != inserted)
        drop(block);
      return;
    }
    bool whole =
        replacement && replacement == inserted &&
        values.size() == op->getNumResults() &&
        llvm::equal(values,
                    replacement->getResults().take_front(values.size()));
    inserted = nullptr;
    LiveTensorTracker &tracker = *trackers[block];
    if (whole && allowed && allowed->consumer == op &&
        llvm::equal(replacement->getOperands(), allowed->reads)) {
      tracker.commit(*allowed, replacement);
    } else if (whole && replacement->getNumResults() == op->getNumResults() &&
               readsTheSame(op, replacement)) {
      tracker.replace(op, replacement);
    } else {
      drop(block);
      return;
    }
    allowed.reset();
    replacing = op;
  }

  void notifyOperationModified(Operation *op) override {
    // Users of the ops a reorder replaces, which read the new op.
    if (allowedReorder && isTracked(op))
      return;
    // Users of a replaced op read its replacement, which has its intervals.
    if (replacing && isTracked(op) && op->getBlock() == replacing->getBlock())
      return;
    if (isTracked(op))
      drop(op->getBlock());
    else if (op->getBlock())
      dropEnclosing(op);
  }

  void notifyOperationErased(Operation *op) override {
    dropNested(op);
    if (op == replacing)
      replacing = nullptr;
    if (!isTracked(op)) {
      if (op->getBlock())
        dropEnclosing(op);
      return;
    }
    // The second of the ops a reorder replaces to go: the stretch is final.
    if (isReordered(op)) {
      if (std::exchange(reorderErasedOne, true)) {
        trackers[op->getBlock()]->commit(*allowedReorder, inserted);
        forgetReorder();
        inserted = nullptr;
      }
      return;
    }
    // A replaced op, or a merged producer, has left its tracker already.
    if (trackers[op->getBlock()]->contains(op))
      drop(op->getBlock());
  }

  void notifyBlockErased(Block *block) override { drop(block); }
};

FusionPolicy::FusionPolicy(FusionPolicyOptions options)
    : options(options), tracking(std::make_shared<Tracking>()) {}

FusionPolicy::~FusionPolicy() = default;

RewriterBase::Listener &FusionPolicy::getRewriteListener() const {
  // Blocks tracked for an earlier driver may be gone, their addresses reused.
  tracking->trackers.clear();
  tracking->allowed.reset();
  tracking->forgetReorder();
  tracking->inserted = tracking->replacing = nullptr;
  tracking->enabled = true;
  return *tracking;
}

bool FusionPolicy::isTracking() const { return tracking->enabled; }

void FusionPolicy::forgetAllowedMerge() const {
  tracking->allowed.reset();
  tracking->forgetReorder();
}

std::optional<bool> FusionPolicy::isTrackedAtOrAfter(Operation *op,
                                                     Operation *anchor) const {
  auto tracker = tracking->trackers.find(anchor->getBlock());
  if (tracker == tracking->trackers.end())
    return std::nullopt;
  std::optional<int64_t> slot = tracker->second->slotOfUser(op);
  std::optional<int64_t> anchorSlot = tracker->second->slotOfUser(anchor);
  if (!slot || !anchorSlot)
    return std::nullopt;
  return *slot >= *anchorSlot;
}

std::optional<Decision> FusionPolicy::checkTrackedPeak(Operation *producer,
                                                       FusionOp consumer,
                                                       bool removed,
                                                       ArrayRef<Value> inputs,
                                                       bool cannotRaise) const {
  if (!tracking->enabled)
    return std::nullopt;
  Block &block = *consumer->getBlock();
  LiveTensorTracker &tracker = tracking->trackerOf(block, scheduledOps);
  std::optional<LiveTensorTracker::Merge> merge =
      tracker.planMerge(removed ? producer : nullptr, consumer, inputs);
  if (!merge) {
    // Out of date: the next check builds the block's tracker again.
    tracking->drop(&block);
    return std::nullopt;
  }
  if (!cannotRaise)
    if (Decision decision = detail::checkPeakNotRaised(
            tracker.peakBytes(), tracker.peakBytesAfter(*merge));
        !decision)
      return decision;
  tracking->allowed = std::move(*merge);
  return Decision::allow();
}

/// What `op` reads, as the tracker's steps list it.
static SmallVector<Value> getReads(Operation *op) {
  SmallVector<Value> reads;
  forEachRead(op, [&](Value value) { reads.push_back(value); });
  return reads;
}

std::optional<Decision> FusionPolicy::checkTrackedReorder(
    Operation *from, Operation *to, ArrayRef<Value> reads,
    ArrayRef<Value> defines, ArrayRef<Operation *> sunk,
    bool cannotRaise) const {
  if (!tracking->enabled)
    return std::nullopt;
  Block &block = *to->getBlock();
  LiveTensorTracker &tracker = tracking->trackerOf(block, scheduledOps);
  // The stretch from `from` to `to` as the rewrite leaves it: the ops
  // between that stay, the new op, the sunk ops.
  llvm::SmallPtrSet<Operation *, 8> moved(sunk.begin(), sunk.end());
  SmallVector<LiveTensorTracker::Step> steps;
  for (Operation *op = from->getNextNode(); op != to; op = op->getNextNode())
    if (!moved.contains(op))
      steps.push_back({op, getReads(op), SmallVector<Value>(op->getResults())});
  steps.push_back(
      {nullptr, SmallVector<Value>(reads), SmallVector<Value>(defines)});
  for (Operation *op : sunk)
    steps.push_back({op, getReads(op), SmallVector<Value>(op->getResults())});
  std::optional<LiveTensorTracker::Reorder> reorder =
      tracker.planReorder(from, to, steps);
  if (!reorder) {
    // Out of date: the next check builds the block's tracker again.
    tracking->drop(&block);
    return std::nullopt;
  }
  if (!cannotRaise)
    if (Decision decision = detail::checkPeakNotRaised(
            tracker.peakBytes(), tracker.peakBytesAfter(reorder->changes));
        !decision)
      return decision;
  tracking->allowedReorder = std::move(*reorder);
  tracking->reorderMoves.insert(sunk.begin(), sunk.end());
  tracking->reorderFirst = from;
  tracking->reorderSecond = to;
  return Decision::allow();
}
