//===- ParallelLoopSerialization.cpp - scf.parallel as scf.for ------------===//

#include "ParallelLoopSerialization.h"
#include "fuse/Codegen/Common/ReductionRegion.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;

void fuse::serializeParallelLoop(RewriterBase &rewriter, scf::ParallelOp loop) {
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
          combined.push_back(applyReductionRegion(
              builder, region, accumulator, mapping.lookupOrDefault(operand)));
        }
        return combined;
      });
  rewriter.replaceOp(loop, nest.results);
}
