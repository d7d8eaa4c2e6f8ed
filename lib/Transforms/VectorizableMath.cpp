//===- VectorizableMath.cpp - math and min/max that LLVM vectorizes -------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <limits>

namespace fuse {
#define GEN_PASS_DEF_VECTORIZABLEMATHPASS
#include "fuse/Transforms/Passes.h.inc"
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

/// exp on f64 (scalar or vector) in plain arithmetic: k = round(x log2 e),
/// r = x - k ln 2 (ln 2 in two parts, so r is exact to a few ulp), exp(r) by
/// its Taylor polynomial to degree 13 (below an ulp for |r| <= ln2 / 2),
/// times 2^k made as two powers of two (so that results below the normal
/// range come out subnormal). The exponent bits come from adding 1.5 * 2^52,
/// not from f64-to-i64 conversions or 64-bit arithmetic shifts, which AVX2
/// lacks. Past the overflow threshold +inf, past the subnormal range 0, and
/// NaN stays NaN.
struct ExpandF64Exp : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ExpOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF64())
      return failure();
    Location loc = op.getLoc();
    Type intType = rewriter.getI64Type();
    if (auto shaped = dyn_cast<ShapedType>(type))
      intType = shaped.clone(intType);
    auto splat = [&](double value) -> Value {
      TypedAttr attr = rewriter.getF64FloatAttr(value);
      if (auto shaped = dyn_cast<ShapedType>(type))
        attr = DenseElementsAttr::get(shaped, attr);
      return arith::ConstantOp::create(rewriter, loc, type, attr);
    };
    auto splatInt = [&](int64_t value) -> Value {
      TypedAttr attr = rewriter.getI64IntegerAttr(value);
      if (auto shaped = dyn_cast<ShapedType>(intType))
        attr = DenseElementsAttr::get(shaped, attr);
      return arith::ConstantOp::create(rewriter, loc, intType, attr);
    };
    auto mul = [&](Value a, Value b) {
      return arith::MulFOp::create(rewriter, loc, a, b).getResult();
    };
    auto add = [&](Value a, Value b) {
      return arith::AddFOp::create(rewriter, loc, a, b).getResult();
    };
    auto fma = [&](Value a, Value b, Value c) {
      return math::FmaOp::create(rewriter, loc, a, b, c).getResult();
    };

    Value x = op.getOperand();
    Value clamped = arith::MinNumFOp::create(
        rewriter, loc,
        arith::MaxNumFOp::create(rewriter, loc, x, splat(-746.0)),
        splat(710.0));
    Value k = math::RoundEvenOp::create(
        rewriter, loc, mul(clamped, splat(1.4426950408889634)));
    Value negK = arith::NegFOp::create(rewriter, loc, k);
    Value r = fma(negK, splat(6.93147180369123816490e-01), clamped);
    r = fma(negK, splat(1.90821492927058770002e-10), r);
    // exp(r) = sum r^n / n!, by Horner from n = 13.
    double coefficient = 1.0;
    SmallVector<double> coefficients;
    for (int n = 0; n <= 13; ++n) {
      if (n > 0)
        coefficient /= n;
      coefficients.push_back(coefficient);
    }
    Value poly = splat(coefficients.back());
    for (int n = 12; n >= 0; --n)
      poly = fma(poly, r, splat(coefficients[n]));

    // 2^k = 2^k1 * 2^k2 with k1 = floor(k / 2): both inside the normal range
    // for every k of the clamped input.
    Value k1 = math::FloorOp::create(rewriter, loc, mul(k, splat(0.5)));
    Value k2 = arith::SubFOp::create(rewriter, loc, k, k1);
    Value magic = splat(6755399441055744.0); // 1.5 * 2^52
    Value magicBits = arith::BitcastOp::create(rewriter, loc, intType, magic);
    auto powerOfTwo = [&](Value exponent) -> Value {
      Value bits = arith::BitcastOp::create(rewriter, loc, intType,
                                            add(exponent, magic));
      Value integer = arith::SubIOp::create(rewriter, loc, bits, magicBits);
      Value biased =
          arith::AddIOp::create(rewriter, loc, integer, splatInt(1023));
      Value shifted =
          arith::ShLIOp::create(rewriter, loc, biased, splatInt(52));
      return arith::BitcastOp::create(rewriter, loc, type, shifted);
    };
    Value result = mul(mul(poly, powerOfTwo(k1)), powerOfTwo(k2));

    auto select = [&](arith::CmpFPredicate predicate, Value rhs, Value chosen) {
      Value test = arith::CmpFOp::create(rewriter, loc, predicate, x, rhs);
      result = arith::SelectOp::create(rewriter, loc, test, chosen, result);
    };
    select(arith::CmpFPredicate::OGT, splat(709.782712893384),
           splat(std::numeric_limits<double>::infinity()));
    select(arith::CmpFPredicate::OLT, splat(-745.1332191019412), splat(0.0));
    select(arith::CmpFPredicate::UNO, x, x);
    rewriter.replaceOp(op, result);
    return success();
  }
};

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
            ExpandFloatMinMax<arith::MinimumFOp, false>, ExpandF64Exp>(context);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
