//===- SplitReductions.cpp - blocked, lane-parallel reductions ------------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_SPLITREDUCTIONSPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The largest power of two that divides `size` and is at most `limit`.
int64_t powerOfTwoDivisor(int64_t size, int64_t limit) {
  int64_t ratio = 1;
  while (ratio * 2 <= limit && size % (ratio * 2) == 0)
    ratio *= 2;
  return ratio;
}

struct SplitReductionsPass
    : fuse::impl::SplitReductionsPassBase<SplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reductions;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isa<linalg::GenericOp, linalg::ReduceOp>(op) &&
          op.hasPureTensorSemantics() && op.getNumReductionLoops() > 0 &&
          op.getNumDpsInits() == 1)
        reductions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : reductions)
      split(rewriter, op);
  }

  /// The reduction's only reduction loop after collapsing adjacent ones, or
  /// null when they are not adjacent and contiguous in every operand.
  FailureOr<linalg::GenericOp> collapseReductionLoops(RewriterBase &rewriter,
                                                      linalg::GenericOp op) {
    SmallVector<unsigned> dims;
    op.getReductionDims(dims);
    if (dims.size() == 1)
      return op;
    for (auto [position, dim] : llvm::enumerate(dims))
      if (dim != dims.front() + position)
        return failure();
    ReassociationIndices group(dims.begin(), dims.end());
    if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), {group}))
      return failure();
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(op, {group}, rewriter);
    if (failed(collapsed))
      return failure();
    rewriter.replaceOp(op, collapsed->results);
    return cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
  }

  void split(RewriterBase &rewriter, linalg::LinalgOp op) {
    int64_t elements = 1;
    SmallVector<unsigned> dims;
    op.getReductionDims(dims);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (unsigned dim : dims)
      elements = ShapedType::isDynamic(ranges[dim]) ? ShapedType::kDynamic
                                                    : elements * ranges[dim];
    if (ShapedType::isDynamic(elements) || elements < minSize)
      return;

    rewriter.setInsertionPoint(op);
    linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return;
      generic = *generalized;
    }
    FailureOr<linalg::GenericOp> single =
        collapseReductionLoops(rewriter, generic);
    if (failed(single))
      return;

    int64_t laneRatio = powerOfTwoDivisor(elements, lanes);
    // Each block should still run at least 64 steps of its lanes.
    int64_t blockRatio = powerOfTwoDivisor(
        elements / laneRatio,
        std::min<int64_t>(blocks, elements / (laneRatio * 64)));
    linalg::LinalgOp current = *single;
    auto splitBy = [&](int64_t ratio, bool innerParallel) {
      if (ratio <= 1)
        return;
      // The new dimension goes last in the partial results, so that lanes
      // are contiguous.
      unsigned index =
          cast<ShapedType>(current.getDpsInitOperand(0)->get().getType())
              .getRank();
      rewriter.setInsertionPoint(current);
      FailureOr<linalg::SplitReductionResult> result =
          linalg::splitReduction(rewriter, current, [&](linalg::LinalgOp) {
            return linalg::SplitReductionOptions{ratio, index, innerParallel};
          });
      if (succeeded(result))
        current = result->splitLinalgOp;
    };
    splitBy(blockRatio, /*innerParallel=*/false);
    splitBy(laneRatio, /*innerParallel=*/true);
  }
};

} // namespace
