//===- SplitDeallocs.cpp - one dealloc per allocation ---------------------===//
//
// A dealloc that retains nothing frees each distinct allocation among its
// buffers at most once. When every buffer's origin is known to be an
// allocating op or a function argument, the allocations are told apart by
// their origin value alone, without upstream's pairwise alias queries.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/MapVector.h"

namespace fuse {
#define GEN_PASS_DEF_SPLITDEALLOCSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The buffer `value` views: the value at the start of its chain of views.
Value getViewedBuffer(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

/// Whether `buffer` is a fresh allocation: the result of an op that
/// allocates it.
bool isAllocation(Value buffer) {
  Operation *op = buffer.getDefiningOp();
  return op && hasEffect<MemoryEffects::Allocate>(op, buffer);
}

/// Whether `buffer` is an argument of the function `dealloc` is in.
bool isFunctionArgument(Value buffer, bufferization::DeallocOp dealloc) {
  auto argument = dyn_cast<BlockArgument>(buffer);
  auto function = dealloc->getParentOfType<FunctionOpInterface>();
  return argument && function &&
         argument.getOwner() == &function.getFunctionBody().front();
}

struct SplitDeallocByAllocation : OpRewritePattern<bufferization::DeallocOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(bufferization::DeallocOp dealloc,
                                PatternRewriter &rewriter) const override {
    if (!dealloc.getRetained().empty())
      return rewriter.notifyMatchFailure(
          dealloc, "retains values, whose results need alias queries");
    // The operand positions of each allocation's buffers; the function's
    // arguments share one group (null), since they may alias each other.
    llvm::MapVector<Value, SmallVector<unsigned>> groups;
    for (auto [position, memref] : llvm::enumerate(dealloc.getMemrefs())) {
      Value buffer = getViewedBuffer(memref);
      if (isAllocation(buffer))
        groups[buffer].push_back(position);
      else if (isFunctionArgument(buffer, dealloc))
        groups[Value()].push_back(position);
      else
        return rewriter.notifyMatchFailure(
            dealloc, "frees a buffer of unknown origin, which may alias any "
                     "other");
    }
    if (groups.size() < 2)
      return rewriter.notifyMatchFailure(dealloc, "frees one allocation");
    for (auto &[buffer, positions] : groups) {
      SmallVector<Value> memrefs, conditions;
      for (unsigned position : positions) {
        memrefs.push_back(dealloc.getMemrefs()[position]);
        conditions.push_back(dealloc.getConditions()[position]);
      }
      bufferization::DeallocOp::create(rewriter, dealloc.getLoc(), memrefs,
                                       conditions, ValueRange());
    }
    rewriter.eraseOp(dealloc);
    return success();
  }
};

struct SplitDeallocsPass
    : fuse::impl::SplitDeallocsPassBase<SplitDeallocsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitDeallocByAllocation>(&getContext());
    // A split dealloc frees one allocation (or arguments only) and cannot
    // be split again: one walk suffices.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
