//===- OutlineProducts.cpp - products out of output fusions ---------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"
#include "llvm/ADT/BitVector.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_OUTLINEPRODUCTSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The product of `fusion` that a library can run: float, and reading
/// inputs of the fusion. A convolution is one: lowered on its own, its
/// window's patches are a buffer that the product reads as a matrix.
Operation *findOutlinableProduct(FusionOp fusion) {
  for (Operation &op : fusion.getBody().front()) {
    if (!isa<DotGeneralOp, DotOp, ConvolutionOp>(op))
      continue;
    Type element = cast<ShapedType>(op.getResult(0).getType()).getElementType();
    bool isLibraryType = element.isF32() || element.isF64() ||
                         element.isF16() || element.isBF16();
    bool readsInputs = llvm::all_of(op.getOperands(), [&](Value operand) {
      return isa<BlockArgument>(operand);
    });
    if (isLibraryType && readsInputs)
      return &op;
  }
  return nullptr;
}

struct OutlineProduct : OpRewritePattern<FusionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FusionOp fusion,
                                PatternRewriter &rewriter) const override {
    if (fusion.getKind() != FusionKind::Output)
      return rewriter.notifyMatchFailure(fusion, "not an output fusion");
    Operation *product = findOutlinableProduct(fusion);
    if (!product)
      return rewriter.notifyMatchFailure(
          fusion, "no float product that reads the fusion's inputs");

    Block &body = fusion.getBody().front();
    IRMapping inputs;
    inputs.map(body.getArguments(), fusion.getInputs());
    rewriter.setInsertionPoint(fusion);
    Operation *outlined = rewriter.clone(*product, inputs);

    rewriter.modifyOpInPlace(fusion, [&] {
      BlockArgument result =
          body.addArgument(product->getResult(0).getType(), product->getLoc());
      fusion.getInputsMutable().append(outlined->getResult(0));
      rewriter.replaceAllUsesWith(product->getResult(0), result);
      rewriter.eraseOp(product);
      llvm::BitVector unused(body.getNumArguments());
      for (BlockArgument argument : body.getArguments())
        unused[argument.getArgNumber()] = argument.use_empty();
      for (int index = unused.size() - 1; index >= 0; --index)
        if (unused[index])
          fusion.getInputsMutable().erase(index);
      body.eraseArguments(unused);
      fusion.setKind(FusionOp::inferKind(body));
    });

    // A fusion that only passes inputs on computes nothing.
    if (&body.front() == fusion.getYield()) {
      SmallVector<Value> results;
      for (Value yielded : fusion.getYield().getResults())
        results.push_back(
            fusion.getInputs()[cast<BlockArgument>(yielded).getArgNumber()]);
      rewriter.replaceOp(fusion, results);
    }
    return success();
  }
};

struct OutlineProductsPass
    : fuse::hlo::impl::OutlineProductsPassBase<OutlineProductsPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateOutlineProductPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    walkAndApplyPatterns(getOperation(), patterns);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void fuse::hlo::populateOutlineProductPatterns(RewritePatternSet &patterns) {
  patterns.add<OutlineProduct>(patterns.getContext());
}
