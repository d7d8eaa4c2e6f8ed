//===- SplitDeallocs.cpp - one dealloc per allocation ---------------------===//
//
// A dealloc frees each distinct allocation among its buffers at most once,
// unless a retained value views it. When every buffer's origin is known to
// be an allocating op or a block argument, the allocations are told apart
// by their origin value alone, without upstream's pairwise alias queries.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/Common/ViewedBuffer.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"

namespace fuse {
#define GEN_PASS_DEF_SPLITDEALLOCSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The allocation `value` views: the allocating op's result, or the block
/// argument it is (a function's argument, a loop's carried buffer, which
/// may alias each other); none when unknown (a call's result).
std::optional<Value> getOrigin(Value value) {
  Value buffer = fuse::getViewedBuffer(value);
  if (isa<BlockArgument>(buffer))
    return buffer;
  Operation *op = buffer.getDefiningOp();
  if (op && hasEffect<MemoryEffects::Allocate>(op, buffer))
    return buffer;
  return std::nullopt;
}

struct SplitDeallocByAllocation : OpRewritePattern<bufferization::DeallocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(bufferization::DeallocOp dealloc,
                                PatternRewriter &rewriter) const override {
    // The operand positions of each allocation's buffers and retained
    // values; block arguments share one group (null), since they may alias
    // each other.
    llvm::MapVector<Value, SmallVector<unsigned>> freed;
    DenseMap<Value, SmallVector<unsigned>> retained;
    SmallPtrSet<Block *, 2> argumentBlocks;
    auto groupOf = [&](Value value) -> std::optional<Value> {
      std::optional<Value> origin = getOrigin(value);
      if (!origin || !isa<BlockArgument>(*origin))
        return origin;
      argumentBlocks.insert(cast<BlockArgument>(*origin).getOwner());
      return Value();
    };
    for (auto [position, memref] : llvm::enumerate(dealloc.getMemrefs())) {
      std::optional<Value> group = groupOf(memref);
      if (!group)
        return rewriter.notifyMatchFailure(
            dealloc, "frees a buffer of unknown origin, which may alias any "
                     "other");
      freed[*group].push_back(position);
    }
    for (auto [position, value] : llvm::enumerate(dealloc.getRetained())) {
      std::optional<Value> group = groupOf(value);
      if (!group)
        return rewriter.notifyMatchFailure(
            dealloc, "retains a buffer of unknown origin, which may alias "
                     "any other");
      retained[*group].push_back(position);
    }
    // An allocation made inside a block is not the buffer any argument of
    // that block held when it was entered.
    auto isFreshInArgumentBlocks = [&](Value allocation) {
      return llvm::all_of(argumentBlocks, [&](Block *block) {
        return block->findAncestorOpInBlock(*allocation.getDefiningOp());
      });
    };
    for (auto &[group, positions] : freed)
      if (group && !isFreshInArgumentBlocks(group))
        return rewriter.notifyMatchFailure(
            dealloc, "frees an allocation made before a block argument it "
                     "may be");
    for (auto &[group, positions] : retained)
      if (group && !isFreshInArgumentBlocks(group))
        return rewriter.notifyMatchFailure(
            dealloc, "retains an allocation made before a block argument it "
                     "may be");

    bool argumentsOnly =
        freed.size() == 1 && !freed.front().first &&
        (retained.empty() || (retained.size() == 1 && retained.count(Value())));
    bool oneAllocation = freed.size() == 1 && freed.front().first &&
                         dealloc.getRetained().empty();
    if (argumentsOnly || oneAllocation || (freed.empty() && retained.empty()))
      return rewriter.notifyMatchFailure(dealloc, "has nothing to split");

    Location loc = dealloc.getLoc();
    // Each retained value's updated condition: the disjunction of the
    // conditions of the freed buffers of its allocation (null: none).
    SmallVector<Value> updated(dealloc.getRetained().size());
    auto addCondition = [&](unsigned position, Value condition) {
      Value &current = updated[position];
      current = current
                    ? arith::OrIOp::create(rewriter, loc, current, condition)
                          .getResult()
                    : condition;
    };
    for (auto &[origin, positions] : freed) {
      SmallVector<Value> memrefs, conditions;
      for (unsigned position : positions) {
        memrefs.push_back(dealloc.getMemrefs()[position]);
        conditions.push_back(dealloc.getConditions()[position]);
      }
      auto owners = retained.find(origin);
      if (origin && owners != retained.end()) {
        // Retained, so never freed here: its retained values own it
        // where any of its buffers' conditions holds.
        for (Value condition : conditions)
          for (unsigned position : owners->second)
            addCondition(position, condition);
        continue;
      }
      // Arguments keep the retained arguments, which they may alias.
      SmallVector<Value> kept;
      if (!origin && owners != retained.end())
        for (unsigned position : owners->second)
          kept.push_back(dealloc.getRetained()[position]);
      auto split = bufferization::DeallocOp::create(rewriter, loc, memrefs,
                                                    conditions, kept);
      if (!kept.empty())
        for (auto [position, condition] :
             llvm::zip(owners->second, split.getUpdatedConditions()))
          addCondition(position, condition);
    }
    Value none;
    for (Value &condition : updated)
      if (!condition) {
        if (!none)
          none = arith::ConstantOp::create(rewriter, loc,
                                           rewriter.getBoolAttr(false));
        condition = none;
      }
    rewriter.replaceOp(dealloc, updated);
    return success();
  }
};

struct SplitDeallocsPass
    : fuse::impl::SplitDeallocsPassBase<SplitDeallocsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitDeallocByAllocation>(&getContext());
    // A split dealloc frees one allocation, or arguments retaining only
    // arguments, and cannot be split again: one walk suffices.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
