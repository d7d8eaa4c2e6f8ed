//===- TileContractionsAccumulation.cpp - x + A B as a product from x -----===//
//
// `x + A B`, where the product starts from zeros and `x` is a tensor of the
// result's shape, becomes the product started from `x`: linalg's products
// accumulate into their init. The gradient of a weight summed over the steps
// of a loop (`dW + h^T dz` in a scan's backward pass) is then written into
// the loop-carried tensor itself. One-shot bufferization updates that buffer
// in place instead of copying the whole accumulator on every iteration, and
// the zero fill and the second pass over the result are gone.
//
//===----------------------------------------------------------------------===//

#include "FillValue.h"
#include "fuse/Codegen/CPU/TileContractions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace fuse;

namespace {

/// Whether `value` is a tensor of zeros written by a fill that has no other
/// user.
bool isZeroFill(Value value) {
  Value scalar = getFilledValue(value);
  return scalar && value.hasOneUse() &&
         (matchPattern(scalar, m_AnyZeroFloat()) ||
          matchPattern(scalar, m_Zero()));
}

/// Whether `generic`'s body yields the sum of its block arguments `lhs` and
/// `rhs`, in either order, and does nothing else.
bool yieldsSumOf(linalg::GenericOp generic, unsigned lhs, unsigned rhs) {
  Block *body = generic.getBody();
  if (body->getOperations().size() != 2)
    return false;
  Operation *sum = &body->front();
  if (!isa<arith::AddFOp, arith::AddIOp>(sum) ||
      body->getTerminator()->getOperand(0) != sum->getResult(0))
    return false;
  Value a = body->getArgument(lhs), b = body->getArgument(rhs);
  return (sum->getOperand(0) == a && sum->getOperand(1) == b) ||
         (sum->getOperand(0) == b && sum->getOperand(1) == a);
}

/// The operand of an elementwise sum that a product's result fills: the
/// sum's init (`outs(%product)`, the form of a fused epilogue) or one of its
/// two inputs (an unfused add); null if `sum` is not such a sum.
OpOperand *findProductOperand(linalg::GenericOp sum) {
  if (!sum.hasPureTensorSemantics() || sum.getNumDpsInits() != 1 ||
      sum.getNumParallelLoops() != sum.getNumLoops() ||
      !llvm::all_of(sum.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isIdentity(); }))
    return nullptr;
  auto isProduct = [](Value value) {
    auto op = value.getDefiningOp<linalg::LinalgOp>();
    return op && value.hasOneUse() && op.getNumReductionLoops() > 0;
  };
  OpOperand *init = sum.getDpsInitOperand(0);
  if (sum.getNumDpsInputs() == 1 && yieldsSumOf(sum, 0, 1) &&
      isProduct(init->get()))
    return init;
  if (sum.getNumDpsInputs() == 2 && yieldsSumOf(sum, 0, 1))
    for (OpOperand *input : sum.getDpsInputOperands())
      if (isProduct(input->get()))
        return input;
  return nullptr;
}

struct AccumulateIntoProduct : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp sum,
                                PatternRewriter &rewriter) const override {
    OpOperand *productOperand = findProductOperand(sum);
    if (!productOperand)
      return rewriter.notifyMatchFailure(sum, "not an elementwise sum of a "
                                              "product and a tensor");
    Value product = productOperand->get();
    Value addend = sum->getOperand(1 - productOperand->getOperandNumber());
    auto op = product.getDefiningOp<linalg::LinalgOp>();
    if (op->getBlock() != sum->getBlock())
      return rewriter.notifyMatchFailure(sum, "the product is in another "
                                              "block");
    ContractionMatch match = matchContraction(op);
    if (!match)
      return rewriter.notifyMatchFailure(sum, match.refusal);
    // A product that widens or narrows its sums rounds them once at the
    // end; started from x it would round x with them.
    if (match.accumulatorType != getElementTypeOrSelf(addend.getType()) ||
        addend.getType() != product.getType() ||
        sum->getResult(0).getType() != product.getType())
      return rewriter.notifyMatchFailure(sum, "the types differ");
    OpOperand *init = op.getDpsInitOperand(0);
    if (!isZeroFill(init->get()))
      return rewriter.notifyMatchFailure(sum, "the product does not start "
                                              "from a fill of zeros");
    // x may be defined after the product; everything the product reads is
    // defined before it, so it can move down to the sum it replaces.
    rewriter.moveOpBefore(op, sum);
    rewriter.modifyOpInPlace(op, [&] { init->set(addend); });
    rewriter.replaceOp(sum, product);
    return success();
  }
};

} // namespace

void fuse::populateAccumulateIntoProductPatterns(RewritePatternSet &patterns) {
  patterns.add<AccumulateIntoProduct>(patterns.getContext());
}
