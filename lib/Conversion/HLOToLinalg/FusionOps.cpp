//===- FusionOps.cpp - hlo.fusion inlined ---------------------------------===//
//
// A fusion's body takes its place, converted like the rest: one loop nest
// per op. --convert-hlo-fusions-to-loop-nests, run first, leaves no fusion
// behind: it puts one nest in each fusion's place.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct FusionInlining : OpConversionPattern<FusionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FusionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    op.inlineBody(rewriter, adaptor.getInputs());
    return success();
  }
};

} // namespace

void fuse::detail::populateFusionLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<FusionInlining>(patterns.getContext());
}
