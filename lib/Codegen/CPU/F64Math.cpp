//===- F64Math.cpp - exp, log and tanh on f64 in plain arithmetic ---------===//
//
// LLVM calls libm for math.exp/log/tanh on f64, one element at a time, and
// MLIR's polynomial approximations cover f32 only. These expansions use
// arithmetic, bit operations and selects that loops vectorize on AVX2: no
// f64<->i64 conversions or 64-bit arithmetic shifts (AVX-512 only); integer
// parts go through the bits of x + 1.5 * 2^52 instead. Each is within a few
// ulp of the correctly rounded result and exact on the special values.
//
//===----------------------------------------------------------------------===//

#include "F64Math.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

#include <limits>

using namespace mlir;

namespace {

/// Builds f64 arithmetic on values of `type` (f64 or a shaped type of f64)
/// and on their bits as i64.
class F64Builder {
public:
  F64Builder(PatternRewriter &rewriter, Location loc, Type type)
      : rewriter(rewriter), loc(loc), type(type),
        bitsType(rewriter.getI64Type()) {
    if (auto shaped = dyn_cast<ShapedType>(type))
      bitsType = shaped.clone(bitsType);
  }

  Value constant(double value) {
    TypedAttr attr = rewriter.getF64FloatAttr(value);
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = DenseElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(rewriter, loc, type, attr);
  }
  Value bitsConstant(int64_t value) {
    TypedAttr attr = rewriter.getI64IntegerAttr(value);
    if (auto shaped = dyn_cast<ShapedType>(bitsType))
      attr = DenseElementsAttr::get(shaped, attr);
    return arith::ConstantOp::create(rewriter, loc, bitsType, attr);
  }
  Value add(Value a, Value b) {
    return arith::AddFOp::create(rewriter, loc, a, b);
  }
  Value sub(Value a, Value b) {
    return arith::SubFOp::create(rewriter, loc, a, b);
  }
  Value mul(Value a, Value b) {
    return arith::MulFOp::create(rewriter, loc, a, b);
  }
  Value div(Value a, Value b) {
    return arith::DivFOp::create(rewriter, loc, a, b);
  }
  Value fma(Value a, Value b, Value c) {
    return math::FmaOp::create(rewriter, loc, a, b, c);
  }
  /// `predicate(x, y) ? chosen : otherwise`.
  Value selectIf(arith::CmpFPredicate predicate, Value x, Value y, Value chosen,
                 Value otherwise) {
    Value test = arith::CmpFOp::create(rewriter, loc, predicate, x, y);
    return arith::SelectOp::create(rewriter, loc, test, chosen, otherwise);
  }
  /// sum c[n] x^n by Horner's rule.
  Value polynomial(Value x, ArrayRef<double> coefficients) {
    Value result = constant(coefficients.back());
    for (double c : llvm::reverse(coefficients.drop_back()))
      result = fma(result, x, constant(c));
    return result;
  }
  Value toBits(Value value) {
    return arith::BitcastOp::create(rewriter, loc, bitsType, value);
  }
  Value fromBits(Value bits) {
    return arith::BitcastOp::create(rewriter, loc, type, bits);
  }
  /// The i64 `integer` (|integer| < 2^51) as f64.
  Value toFloat(Value integer) {
    return sub(fromBits(arith::AddIOp::create(rewriter, loc, integer,
                                              toBits(magic()))),
               magic());
  }
  /// 1.5 * 2^52: adding it leaves an integer in the low bits.
  Value magic() { return constant(6755399441055744.0); }

  PatternRewriter &rewriter;
  Location loc;
  Type type;
  Type bitsType;
};

/// 1/n! for n = 0..degree.
SmallVector<double> taylorExp(int degree) {
  SmallVector<double> coefficients = {1.0};
  for (int n = 1; n <= degree; ++n)
    coefficients.push_back(coefficients.back() / n);
  return coefficients;
}

constexpr double kLn2High = 6.93147180369123816490e-01;
constexpr double kLn2Low = 1.90821492927058770002e-10;
constexpr double kInfinity = std::numeric_limits<double>::infinity();

/// exp(x): k = round(x log2 e), r = x - k ln 2 (ln 2 in two parts), exp(r)
/// by its Taylor polynomial to degree 13 (below an ulp for |r| <= ln2 / 2),
/// times 2^k. k is rounded by adding 1.5 * 2^52, which leaves it in the low
/// bits, ready for the exponent field. That field holds 2^-1022 to 2^1023;
/// k from -1076 to -1023 (subnormal results) scales by 2^(k + 54) and then
/// 2^-54, so that the result is rounded once, and k = 1024 by 2^1023 and 2.
/// x is clamped to [-746, 710] first: past the overflow threshold the
/// product overflows to +inf, past the subnormal range it rounds to 0, as
/// the correctly rounded result does. NaN for NaN.
Value buildExp(F64Builder &b, Value x) {
  PatternRewriter &rewriter = b.rewriter;
  Location loc = b.loc;
  Value clamped = arith::MinNumFOp::create(
      rewriter, loc,
      arith::MaxNumFOp::create(rewriter, loc, x, b.constant(-746.0)),
      b.constant(710.0));
  Value rounded = b.fma(clamped, b.constant(1.4426950408889634), b.magic());
  Value k = b.sub(rounded, b.magic());
  Value kBits = arith::SubIOp::create(rewriter, loc, b.toBits(rounded),
                                      b.toBits(b.magic()));
  Value r = b.fma(k, b.constant(-kLn2High), clamped);
  r = b.fma(k, b.constant(-kLn2Low), r);
  Value poly = b.polynomial(r, taylorExp(13));
  Value low = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, k,
                                    b.constant(-1022.0));
  Value high = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT,
                                     k, b.constant(1023.0));
  Value bias = arith::SelectOp::create(
      rewriter, loc, low, b.bitsConstant(1023 + 54),
      arith::SelectOp::create(rewriter, loc, high, b.bitsConstant(1023 - 1),
                              b.bitsConstant(1023)));
  Value factor = arith::SelectOp::create(
      rewriter, loc, low, b.constant(0x1p-54),
      arith::SelectOp::create(rewriter, loc, high, b.constant(2.0),
                              b.constant(1.0)));
  Value scale = b.fromBits(arith::ShLIOp::create(
      rewriter, loc, arith::AddIOp::create(rewriter, loc, kBits, bias),
      b.bitsConstant(52)));
  Value result = b.mul(b.mul(poly, scale), factor);
  return b.selectIf(arith::CmpFPredicate::UNO, x, x, x, result);
}

/// log(x): x = 2^e m with m in [sqrt(1/2), sqrt(2)) (subnormals scaled by
/// 2^54 first), log(m) = 2 atanh(s) with s = (m - 1) / (m + 1), |s| < 0.172,
/// by its odd series to s^23, plus e ln 2. NaN below 0 and for NaN, -inf at
/// 0, +inf at +inf.
Value buildLog(F64Builder &b, Value x) {
  PatternRewriter &rewriter = b.rewriter;
  Location loc = b.loc;
  Value subnormal =
      arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, x,
                            b.constant(2.2250738585072014e-308));
  Value scaled = arith::SelectOp::create(
      rewriter, loc, subnormal, b.mul(x, b.constant(18014398509481984.0)), x);
  Value bits = b.toBits(scaled);
  Value exponentBits = arith::AndIOp::create(
      rewriter, loc,
      arith::ShRUIOp::create(rewriter, loc, bits, b.bitsConstant(52)),
      b.bitsConstant(0x7ff));
  Value exponent = b.toFloat(
      arith::SubIOp::create(rewriter, loc, exponentBits, b.bitsConstant(1023)));
  exponent = arith::SelectOp::create(
      rewriter, loc, subnormal, b.sub(exponent, b.constant(54.0)), exponent);
  Value mantissa = b.fromBits(arith::OrIOp::create(
      rewriter, loc,
      arith::AndIOp::create(rewriter, loc, bits,
                            b.bitsConstant(0x000fffffffffffff)),
      b.bitsConstant(0x3ff0000000000000)));
  // m in [1, 2): above sqrt(2), halve it and count one more power of two.
  Value large = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGT,
                                      mantissa, b.constant(1.4142135623730951));
  mantissa = arith::SelectOp::create(
      rewriter, loc, large, b.mul(mantissa, b.constant(0.5)), mantissa);
  exponent = arith::SelectOp::create(
      rewriter, loc, large, b.add(exponent, b.constant(1.0)), exponent);
  Value s =
      b.div(b.sub(mantissa, b.constant(1.0)), b.add(mantissa, b.constant(1.0)));
  SmallVector<double> series;
  for (int n = 0; n <= 11; ++n)
    series.push_back(2.0 / (2 * n + 1));
  Value logMantissa = b.mul(s, b.polynomial(b.mul(s, s), series));
  Value result = b.fma(exponent, b.constant(kLn2High),
                       b.fma(exponent, b.constant(kLn2Low), logMantissa));
  result = b.selectIf(arith::CmpFPredicate::OEQ, x, b.constant(kInfinity), x,
                      result);
  result = b.selectIf(arith::CmpFPredicate::OEQ, x, b.constant(0.0),
                      b.constant(-kInfinity), result);
  Value nan = b.constant(std::numeric_limits<double>::quiet_NaN());
  result =
      b.selectIf(arith::CmpFPredicate::OLT, x, b.constant(0.0), nan, result);
  return b.selectIf(arith::CmpFPredicate::UNO, x, x, x, result);
}

/// tanh(x) = sign(x) t(|x|): below 0.55, t = e / (e + 2) with e = expm1(2a)
/// by its Taylor series to degree 20 (no cancellation near 0); above,
/// t = 1 - 2 / (exp(2a) + 1) (t >= 0.5: no cancellation either).
Value buildTanh(F64Builder &b, Value x) {
  Value a = math::AbsFOp::create(b.rewriter, b.loc, x);
  Value y = b.add(a, a);
  SmallVector<double> coefficients = taylorExp(20);
  Value expm1 =
      b.mul(y, b.polynomial(y, ArrayRef<double>(coefficients).drop_front()));
  Value small = b.div(expm1, b.add(expm1, b.constant(2.0)));
  Value large =
      b.sub(b.constant(1.0),
            b.div(b.constant(2.0), b.add(buildExp(b, y), b.constant(1.0))));
  Value t =
      b.selectIf(arith::CmpFPredicate::OLT, a, b.constant(0.55), small, large);
  return math::CopySignOp::create(b.rewriter, b.loc, t, x);
}

template <typename OpTy, Value (*build)(F64Builder &, Value)>
struct ExpandF64 : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    if (!getElementTypeOrSelf(op.getType()).isF64())
      return rewriter.notifyMatchFailure(op, "not f64");
    F64Builder builder(rewriter, op.getLoc(), op.getType());
    rewriter.replaceOp(op, build(builder, op.getOperand()));
    return success();
  }
};

} // namespace

void fuse::populateF64MathExpansionPatterns(RewritePatternSet &patterns) {
  patterns
      .add<ExpandF64<math::ExpOp, buildExp>, ExpandF64<math::LogOp, buildLog>,
           ExpandF64<math::TanhOp, buildTanh>>(patterns.getContext());
}
