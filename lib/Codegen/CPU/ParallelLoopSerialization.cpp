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
  for (scf::ForOp serialized : nest.loops)
    markParallelIterations(serialized);
  rewriter.replaceOp(loop, nest.results);
}

LLVM::LoopAnnotationAttr
fuse::withParallelAccesses(MLIRContext *context,
                           LLVM::LoopAnnotationAttr annotation,
                           ArrayRef<LLVM::AccessGroupAttr> parallelAccesses) {
  if (!annotation)
    return LLVM::LoopAnnotationAttr::get(
        context, /*disableNonforced=*/{}, /*vectorize=*/{},
        /*interleave=*/{}, /*unroll=*/{}, /*unrollAndJam=*/{}, /*licm=*/{},
        /*distribute=*/{}, /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{},
        /*mustProgress=*/{}, /*isVectorized=*/{}, /*startLoc=*/{},
        /*endLoc=*/{}, parallelAccesses);
  return LLVM::LoopAnnotationAttr::get(
      context, annotation.getDisableNonforced(), annotation.getVectorize(),
      annotation.getInterleave(), annotation.getUnroll(),
      annotation.getUnrollAndJam(), annotation.getLicm(),
      annotation.getDistribute(), annotation.getPipeline(),
      annotation.getPeeled(), annotation.getUnswitch(),
      annotation.getMustProgress(), annotation.getIsVectorized(),
      annotation.getStartLoc(), annotation.getEndLoc(), parallelAccesses);
}

void fuse::markParallelIterations(scf::ForOp loop) {
  MLIRContext *context = loop.getContext();
  loop->setAttr(
      kLoopAnnotationName,
      withParallelAccesses(
          context,
          loop->getAttrOfType<LLVM::LoopAnnotationAttr>(kLoopAnnotationName),
          {LLVM::AccessGroupAttr::get(context)}));
}

void fuse::forgetParallelIterations(scf::ForOp loop) {
  auto annotation =
      loop->getAttrOfType<LLVM::LoopAnnotationAttr>(kLoopAnnotationName);
  if (!annotation || annotation.getParallelAccesses().empty())
    return;
  MLIRContext *context = loop.getContext();
  auto kept = withParallelAccesses(context, annotation, {});
  if (kept == withParallelAccesses(context, nullptr, {}))
    loop->removeAttr(kLoopAnnotationName);
  else
    loop->setAttr(kLoopAnnotationName, kept);
}
