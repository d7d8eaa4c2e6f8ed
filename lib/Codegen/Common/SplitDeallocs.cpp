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
    using Groups = llvm::MapVector<Value, SmallVector<unsigned>>;
    Groups freed, retained;
    SmallPtrSet<Block *, 2> argumentBlocks;
    auto collect = [&](ValueRange values, Groups &groups) {
      for (auto [position, value] : llvm::enumerate(values)) {
        std::optional<Value> origin = getOrigin(value);
        if (!origin)
          return false;
        Value group = *origin;
        if (auto argument = dyn_cast<BlockArgument>(group)) {
          argumentBlocks.insert(argument.getOwner());
          group = Value();
        }
        groups[group].push_back(position);
      }
      return true;
    };
    if (!collect(dealloc.getMemrefs(), freed) ||
        !collect(dealloc.getRetained(), retained))
      return rewriter.notifyMatchFailure(
          dealloc, "frees or retains a buffer of unknown origin, which may "
                   "alias any other");
    // An allocation made inside a block is not the buffer any argument of
    // that block held when it was entered.
    for (Groups *groups : {&freed, &retained})
      for (Value group : llvm::make_first_range(*groups))
        if (group && llvm::any_of(argumentBlocks, [&](Block *block) {
              return !block->findAncestorOpInBlock(*group.getDefiningOp());
            }))
          return rewriter.notifyMatchFailure(
              dealloc, "holds an allocation made before a block argument it "
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
