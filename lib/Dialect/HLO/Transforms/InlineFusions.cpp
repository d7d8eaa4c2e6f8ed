//===- InlineFusions.cpp - dissolve hlo.fusion ----------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_INLINEFUSIONSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct InlineFusion : OpRewritePattern<FusionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FusionOp op,
                                PatternRewriter &rewriter) const override {
    op.inlineBody(rewriter, op.getInputs());
    return success();
  }
};

struct InlineFusionsPass
    : fuse::hlo::impl::InlineFusionsPassBase<InlineFusionsPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateInlineFusionPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    walkAndApplyPatterns(getOperation(), patterns);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void fuse::hlo::populateInlineFusionPatterns(RewritePatternSet &patterns) {
  patterns.add<InlineFusion>(patterns.getContext());
}
