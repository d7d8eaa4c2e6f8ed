//===- SerializeNestedParallelLoops.cpp - one parallel loop per nest ------===//

#include "ReductionRegion.h"
#include "fuse/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_SERIALIZENESTEDPARALLELLOOPSPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Replaces `loop` by nested scf.for loops; its reductions become values
/// the loops carry, combined in iteration order.
void serialize(RewriterBase &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  scf::LoopNest nest = scf::buildLoopNest(
      rewriter, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(), loop.getInitVals(),
      [&](OpBuilder &builder, Location loc, ValueRange ivs,
          ValueRange accumulators) -> scf::ValueVector {
        IRMapping mapping;
        mapping.map(loop.getInductionVars(), ivs);
        for (Operation &op : loop.getBody()->without_terminator())
          builder.clone(op, mapping);
        auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
        scf::ValueVector combined;
        for (auto [operand, region, accumulator] : llvm::zip(
                 reduce.getOperands(), reduce.getReductions(), accumulators)) {
          combined.push_back(fuse::applyReductionRegion(
              builder, region, accumulator, mapping.lookupOrDefault(operand)));
        }
        return combined;
      });
  rewriter.replaceOp(loop, nest.results);
}

struct SerializeNestedParallelLoopsPass
    : fuse::impl::SerializeNestedParallelLoopsPassBase<
          SerializeNestedParallelLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> nested;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>())
        nested.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    // Post-order: inner loops are serialized before the bodies holding them
    // are cloned.
    for (scf::ParallelOp loop : nested)
      serialize(rewriter, loop);
  }
};

} // namespace
