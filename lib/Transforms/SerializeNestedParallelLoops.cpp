//===- SerializeNestedParallelLoops.cpp - one parallel loop per nest ------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_SERIALIZENESTEDPARALLELLOOPSPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Replaces `loop`, which has no reductions, by nested scf.for loops.
void serialize(RewriterBase &rewriter, scf::ParallelOp loop) {
  rewriter.setInsertionPoint(loop);
  scf::buildLoopNest(
      rewriter, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
      loop.getStep(), [&](OpBuilder &builder, Location, ValueRange ivs) {
        IRMapping mapping;
        mapping.map(loop.getInductionVars(), ivs);
        for (Operation &op : loop.getBody()->without_terminator())
          builder.clone(op, mapping);
      });
  rewriter.eraseOp(loop);
}

struct SerializeNestedParallelLoopsPass
    : fuse::impl::SerializeNestedParallelLoopsPassBase<
          SerializeNestedParallelLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> nested;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>() && loop.getNumResults() == 0)
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
