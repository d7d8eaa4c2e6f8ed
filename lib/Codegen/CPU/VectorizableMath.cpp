//===- VectorizableMath.cpp - math and min/max that LLVM vectorizes -------===//

#include "F64Math.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_VECTORIZABLEMATHPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// True for the combiner of a reduction along the innermost loop of a
/// generic: LLVM's loop vectorizer turns a maximum/minimum recurrence into
/// vector operations itself, and would not recognise the expanded form.
/// Across lanes (the innermost loop parallel) the expansion is what
/// vectorizes.
bool isInnermostReductionCombiner(Operation *op) {
  auto generic = dyn_cast<linalg::GenericOp>(op->getParentOp());
  if (!generic || generic.getNumLoops() == 0 ||
      generic.getIteratorTypesArray().back() != utils::IteratorType::reduction)
    return false;
  return llvm::any_of(op->getOperands(), [&](Value operand) {
    auto arg = dyn_cast<BlockArgument>(operand);
    return arg && arg.getOwner() == generic.getBody() &&
           arg.getArgNumber() >= generic.getNumDpsInputs();
  });
}

/// Expands a NaN-propagating float maximum (or minimum) into compares and
/// selects: the larger operand; on a tie (only -0.0 against +0.0 differs),
/// the AND (maximum) or OR (minimum) of the bit patterns, which picks +0.0
/// (-0.0); NaN if either operand is NaN.
template <typename OpTy, bool isMaximum>
struct ExpandFloatMinMax : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = op.getLhs(), rhs = op.getRhs();
    Type type = lhs.getType();
    auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    if (!floatType)
      return failure();
    if (isInnermostReductionCombiner(op))
      return rewriter.notifyMatchFailure(op, "LLVM vectorizes it as is");
    auto wins = arith::CmpFOp::create(rewriter, loc,
                                      isMaximum ? arith::CmpFPredicate::OGT
                                                : arith::CmpFPredicate::OLT,
                                      lhs, rhs);
    Value chosen = arith::SelectOp::create(rewriter, loc, wins, lhs, rhs);

    Type intType = rewriter.getIntegerType(floatType.getWidth());
    if (auto shaped = dyn_cast<ShapedType>(type))
      intType = shaped.clone(intType);
    Value lhsBits = arith::BitcastOp::create(rewriter, loc, intType, lhs);
    Value rhsBits = arith::BitcastOp::create(rewriter, loc, intType, rhs);
    Value tieBits =
        isMaximum
            ? arith::AndIOp::create(rewriter, loc, lhsBits, rhsBits).getResult()
            : arith::OrIOp::create(rewriter, loc, lhsBits, rhsBits).getResult();
    Value tie = arith::BitcastOp::create(rewriter, loc, type, tieBits);
    auto equal = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OEQ,
                                       lhs, rhs);
    chosen = arith::SelectOp::create(rewriter, loc, equal, tie, chosen);

    // lhs + rhs is NaN when either is.
    auto unordered = arith::CmpFOp::create(rewriter, loc,
                                           arith::CmpFPredicate::UNO, lhs, rhs);
    Value nan = arith::AddFOp::create(rewriter, loc, lhs, rhs);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, unordered, nan, chosen);
    return success();
  }
};

/// Gives the exp approximation a number where `op` may see NaN, and returns
/// the NaN itself there. The approximation converts its scaled argument to
/// an integer with fptosi, which is poison in LLVM for NaN; where LLVM can
/// prove the argument is NaN (a folded constant) it turns the whole result
/// into poison instead of NaN.
void guardNaNArgument(math::ExpOp op) {
  OpBuilder builder(op);
  Location loc = op.getLoc();
  Value x = op.getOperand();
  Value isNaN =
      arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNO, x, x);
  Value zero = arith::ConstantOp::create(builder, loc, x.getType(),
                                         builder.getZeroAttr(x.getType()));
  Value number = arith::SelectOp::create(builder, loc, isNaN, zero, x);
  op.getOperandMutable().assign(number);
  builder.setInsertionPointAfter(op);
  auto result = arith::SelectOp::create(builder, loc, isNaN, x, op.getResult());
  op.getResult().replaceAllUsesExcept(result, result);
}

/// Polynomial approximations are used for these math ops (the predicate
/// sees op names, with or without the dialect prefix).
bool isApproximated(StringRef name) {
  name.consume_front("math.");
  return name == "exp" || name == "log" || name == "tanh";
}

struct VectorizableMathPass
    : fuse::impl::VectorizableMathPassBase<VectorizableMathPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    populateMathF32ExpansionPatterns(set, isApproximated);
    populateMathPolynomialApproximationPatterns(set, isApproximated);
    set.add<ExpandFloatMinMax<arith::MaximumFOp, true>,
            ExpandFloatMinMax<arith::MinimumFOp, false>>(context);
    fuse::populateF64MathExpansionPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // f16 and bf16 exp go through the f32 approximation; f64's
    // (F64Math.cpp) makes no integer of its argument.
    getOperation()->walk([](math::ExpOp op) {
      if (!getElementTypeOrSelf(op.getType()).isF64())
        guardNaNArgument(op);
    });
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
