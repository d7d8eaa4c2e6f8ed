//===- FusionOps.cpp - hlo.fusion to as few loop nests as possible --------===//
//
// A fusion's body is lowered where it stands, then linalg's elementwise
// fusion merges its producers into their consumers (into the reduction, for
// input fusions) inside that body only, and the body is inlined. Ops outside
// fusions are never merged: a fusion boundary is the unit of one kernel.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct FusionInlining : OpConversionPattern<FusionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FusionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    YieldOp yield = op.getYield();
    SmallVector<Value> results(yield.getOperands());
    rewriter.inlineBlockBefore(&op.getBody().front(), op, adaptor.getInputs());
    rewriter.eraseOp(yield);
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void fuse::detail::populateFusionLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<FusionInlining>(patterns.getContext());
}

LogicalResult
fuse::detail::fuseFusionBodies(Operation *root,
                               const FrozenRewritePatternSet &lowering) {
  MLIRContext *context = root->getContext();
  RewritePatternSet fusionSet(context);
  linalg::populateLinalgNamedOpsGeneralizationPatterns(fusionSet);
  linalg::populateElementwiseOpsFusionPatterns(
      fusionSet, [](OpOperand *) { return true; });
  tensor::EmptyOp::getCanonicalizationPatterns(fusionSet, context);
  FrozenRewritePatternSet fusionPatterns(std::move(fusionSet));

  SmallVector<FusionOp> fusions;
  root->walk([&](FusionOp fusion) { fusions.push_back(fusion); });
  for (FusionOp fusion : fusions) {
    SmallVector<Operation *> bodyOps;
    for (Operation &op : fusion.getBody().front().without_terminator())
      bodyOps.push_back(&op);
    ConversionTarget target(*context);
    configureHLOToLinalgTarget(target);
    target.addLegalOp<YieldOp>();
    if (failed(applyPartialConversion(bodyOps, target, lowering)))
      return failure();

    GreedyRewriteConfig config;
    config.setScope(&fusion.getBody());
    (void)applyPatternsGreedily(fusion.getBody(), fusionPatterns, config);
  }
  return success();
}
