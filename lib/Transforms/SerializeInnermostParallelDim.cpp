//===- SerializeInnermostParallelDim.cpp - a vector loop per thread ------===//
//
// OpenMP runs a multi-dimensional parallel loop as one collapsed loop and
// recovers every index with a division per iteration: a 6-D copy (the
// patches of a convolution) then runs at a few GB/s, and LLVM cannot
// vectorize its innermost dimension. Threads need only enough iterations to
// share, so when the outer dimensions give them, the innermost one becomes
// an ordinary loop: the divisions are paid once per row, and the row is a
// loop LLVM vectorizes. Keeping more dimensions sequential saves little more
// and costs compile time (LLVM unrolls the short loops around the row).
//
//===----------------------------------------------------------------------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"

namespace fuse {
#define GEN_PASS_DEF_SERIALIZEINNERMOSTPARALLELDIMPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether all dimensions of `loop` but the innermost make at least
/// `minIterations` iterations; a dimension of unknown size counts as enough.
bool outerDimsSuffice(scf::ParallelOp loop, int64_t minIterations) {
  int64_t iterations = 1;
  for (auto [lb, ub, step] : llvm::drop_end(llvm::zip(
           loop.getLowerBound(), loop.getUpperBound(), loop.getStep()))) {
    std::optional<APInt> trips = constantTripCount(
        getAsOpFoldResult(lb), getAsOpFoldResult(ub), getAsOpFoldResult(step),
        /*isSigned=*/true, scf::computeUbMinusLb);
    if (!trips)
      return true;
    iterations *= trips->getSExtValue();
    if (iterations >= minIterations)
      return true;
  }
  return false;
}

/// Replaces `loop` by a parallel loop over its first `dims` dimensions
/// around scf.for loops over the others.
void serializeInnerDims(RewriterBase &rewriter, scf::ParallelOp loop,
                        unsigned dims) {
  Location loc = loop.getLoc();
  ValueRange lbs = loop.getLowerBound(), ubs = loop.getUpperBound(),
             steps = loop.getStep();
  ValueRange ivs = loop.getBody()->getArguments();
  rewriter.setInsertionPoint(loop);
  scf::ParallelOp::create(
      rewriter, loc, lbs.take_front(dims), ubs.take_front(dims),
      steps.take_front(dims),
      [&](OpBuilder &b, Location outerLoc, ValueRange outerIvs) {
        scf::buildLoopNest(
            b, outerLoc, lbs.drop_front(dims), ubs.drop_front(dims),
            steps.drop_front(dims),
            [&](OpBuilder &nested, Location innerLoc, ValueRange innerIvs) {
              IRMapping mapping;
              mapping.map(ivs.take_front(dims), outerIvs);
              mapping.map(ivs.drop_front(dims), innerIvs);
              for (Operation &op : loop.getBody()->without_terminator())
                nested.clone(op, mapping);
            });
      });
  rewriter.eraseOp(loop);
}

struct SerializeInnermostParallelDimPass
    : fuse::impl::SerializeInnermostParallelDimPassBase<
          SerializeInnermostParallelDimPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> loops;
    getOperation()->walk([&](scf::ParallelOp loop) {
      // A loop with reductions would need partial results per outer
      // iteration; those loops (split reductions) have one dimension.
      if (loop.getNumLoops() > 1 && loop.getInitVals().empty() &&
          !loop->getParentOfType<scf::ParallelOp>() &&
          outerDimsSuffice(loop, minIterations))
        loops.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : loops)
      serializeInnerDims(rewriter, loop, loop.getNumLoops() - 1);
  }
};

} // namespace
