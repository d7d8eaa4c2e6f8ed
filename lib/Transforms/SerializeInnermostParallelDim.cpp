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

/// Replaces `loop` by a parallel loop over all its dimensions but the last,
/// around an scf.for over the last.
void serializeInnermostDim(RewriterBase &rewriter, scf::ParallelOp loop) {
  Location loc = loop.getLoc();
  unsigned outer = loop.getNumLoops() - 1;
  ValueRange lbs = loop.getLowerBound(), ubs = loop.getUpperBound(),
             steps = loop.getStep();
  ValueRange ivs = loop.getBody()->getArguments();
  rewriter.setInsertionPoint(loop);
  scf::ParallelOp::create(
      rewriter, loc, lbs.take_front(outer), ubs.take_front(outer),
      steps.take_front(outer),
      [&](OpBuilder &b, Location outerLoc, ValueRange outerIvs) {
        scf::ForOp::create(
            b, outerLoc, lbs.back(), ubs.back(), steps.back(), ValueRange{},
            [&](OpBuilder &nested, Location innerLoc, Value innermost,
                ValueRange) {
              IRMapping mapping;
              mapping.map(ivs.take_front(outer), outerIvs);
              mapping.map(ivs.back(), innermost);
              for (Operation &op : loop.getBody()->without_terminator())
                nested.clone(op, mapping);
              scf::YieldOp::create(nested, innerLoc);
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
      serializeInnermostDim(rewriter, loop);
  }
};

} // namespace
