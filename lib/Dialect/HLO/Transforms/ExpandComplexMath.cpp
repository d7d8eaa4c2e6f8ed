//===- ExpandComplexMath.cpp - complex arithmetic on real parts -----------===//
//
// The formulas of hlo-expand-complex: each complex op as real ops on the
// parts, with the care for range that XLA's complex arithmetic takes
// (Smith's division with C99 Annex G's limits, an overflow-free modulus).
//
//===----------------------------------------------------------------------===//

#include "ExpandComplex.h"

using namespace mlir;
using namespace fuse::hlo;

namespace fuse::hlo::detail {

Value splat(OpBuilder &b, Location loc, RankedTensorType type, double value) {
  Type element = type.getElementType();
  Attribute attr = isa<FloatType>(element)
                       ? Attribute(FloatAttr::get(element, value))
                       : Attribute(IntegerAttr::get(element, int64_t(value)));
  return ConstantOp::create(b, loc, DenseElementsAttr::get(type, attr));
}

RankedTensorType typeOf(Value value) {
  return cast<RankedTensorType>(value.getType());
}

Value compare(OpBuilder &b, Location loc, ComparisonDirection direction,
              Value x, Value y) {
  return CompareOp::create(b, loc, direction, x, y, ComparisonTypeAttr());
}

Value select(OpBuilder &b, Location loc, Value predicate, Value x, Value y) {
  return SelectOp::create(b, loc, x.getType(), predicate, x, y);
}

/// m sqrt(1 + (s / m)^2), m and s the larger and smaller magnitude.
Value complexModulus(OpBuilder &b, Location loc, Value re, Value im) {
  Value a = AbsOp::create(b, loc, re), c = AbsOp::create(b, loc, im);
  Value large = MaxOp::create(b, loc, a, c);
  Value small = MinOp::create(b, loc, a, c);
  Value ratio = DivOp::create(b, loc, small, large);
  Value one = splat(b, loc, typeOf(re), 1.0);
  Value root = SqrtOp::create(
      b, loc, AddOp::create(b, loc, one, MulOp::create(b, loc, ratio, ratio)));
  Value scaled = MulOp::create(b, loc, large, root);
  // 0 / 0 and inf / inf make the ratio NaN where the modulus is m itself.
  Value zero = splat(b, loc, typeOf(re), 0.0);
  Value inf = splat(b, loc, typeOf(re), INFINITY);
  Value exact = OrOp::create(
      b, loc, compare(b, loc, ComparisonDirection::EQ, large, zero),
      compare(b, loc, ComparisonDirection::EQ, large, inf));
  return select(b, loc, exact, large, scaled);
}

} // namespace fuse::hlo::detail

namespace {

using fuse::hlo::detail::compare;
using fuse::hlo::detail::ComplexParts;
using fuse::hlo::detail::select;
using fuse::hlo::detail::splat;
using fuse::hlo::detail::typeOf;

/// C99's Annex G, as XLA's division: where Smith's quotient of (a + ic) /
/// (x + iy) is NaN + NaN i, infinite or zero operands still give the
/// infinite or zero result their limits have.
ComplexParts recoverInfinities(OpBuilder &b, Location loc, ComplexParts num,
                               ComplexParts den, ComplexParts quotient) {
  RankedTensorType type = typeOf(num.re);
  auto constant = [&](double value) { return splat(b, loc, type, value); };
  auto eq = [&](Value x, Value y) {
    return compare(b, loc, ComparisonDirection::EQ, x, y);
  };
  auto both = [&](Value p, Value q) -> Value {
    return AndOp::create(b, loc, p, q);
  };
  auto either = [&](Value p, Value q) -> Value {
    return OrOp::create(b, loc, p, q);
  };
  auto isNaN = [&](Value x) {
    return compare(b, loc, ComparisonDirection::NE, x, x);
  };
  auto isInf = [&](Value x) {
    return eq(AbsOp::create(b, loc, x), constant(INFINITY));
  };
  auto isFinite = [&](Value x) -> Value {
    return IsFiniteOp::create(b, loc, x);
  };
  // copysign(magnitude, x) for magnitude >= 0, -0.0 counting as negative.
  auto withSignOf = [&](Value magnitude, Value x) {
    RankedTensorType bits =
        type.clone(b.getIntegerType(type.getElementTypeBitWidth()));
    Value negative = compare(b, loc, ComparisonDirection::LT,
                             BitcastConvertOp::create(b, loc, bits, x),
                             splat(b, loc, bits, 0));
    return select(b, loc, negative, NegOp::create(b, loc, magnitude),
                  magnitude);
  };
  // 1 with the sign of x where x is infinite, 0 with its sign elsewhere.
  auto unitIfInf = [&](Value x) {
    return withSignOf(select(b, loc, isInf(x), constant(1), constant(0)), x);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return MulOp::create(b, loc, x, y);
  };
  auto add = [&](Value x, Value y) -> Value {
    return AddOp::create(b, loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return SubtractOp::create(b, loc, x, y);
  };
  auto [a, c] = num;
  auto [x, y] = den;
  // Division by zero: an infinity with the numerator's direction.
  Value zero = constant(0);
  Value byZero = both(both(eq(x, zero), eq(y, zero)),
                      either(compare(b, loc, ComparisonDirection::EQ, a, a),
                             compare(b, loc, ComparisonDirection::EQ, c, c)));
  Value inf = withSignOf(constant(INFINITY), x);
  ComplexParts zeroCase{mul(inf, a), mul(inf, c)};
  // An infinite numerator over a finite divisor.
  Value infNum =
      both(either(isInf(a), isInf(c)), both(isFinite(x), isFinite(y)));
  Value a1 = unitIfInf(a), c1 = unitIfInf(c);
  Value infinity = constant(INFINITY);
  ComplexParts infCase{mul(infinity, add(mul(a1, x), mul(c1, y))),
                       mul(infinity, sub(mul(c1, x), mul(a1, y)))};
  // A finite numerator over an infinite divisor.
  Value infDen =
      both(either(isInf(x), isInf(y)), both(isFinite(a), isFinite(c)));
  Value x1 = unitIfInf(x), y1 = unitIfInf(y);
  ComplexParts zeroResult{mul(zero, add(mul(a, x1), mul(c, y1))),
                          mul(zero, sub(mul(c, x1), mul(a, y1)))};
  Value lost = both(isNaN(quotient.re), isNaN(quotient.im));
  auto pick = [&](Value smith, Value byZeroValue, Value infValue,
                  Value zeroValue) {
    Value recovered = select(b, loc, byZero, byZeroValue,
                             select(b, loc, infNum, infValue,
                                    select(b, loc, infDen, zeroValue, smith)));
    return select(b, loc, lost, recovered, smith);
  };
  return {pick(quotient.re, zeroCase.re, infCase.re, zeroResult.re),
          pick(quotient.im, zeroCase.im, infCase.im, zeroResult.im)};
}

} // namespace

FailureOr<ComplexParts>
fuse::hlo::detail::expandComplexElementwise(OpBuilder &b, Operation *op,
                                            ArrayRef<ComplexParts> args) {
  Location loc = op->getLoc();
  auto mul = [&](Value x, Value y) -> Value {
    return MulOp::create(b, loc, x, y);
  };
  auto add = [&](Value x, Value y) -> Value {
    return AddOp::create(b, loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return SubtractOp::create(b, loc, x, y);
  };
  auto div = [&](Value x, Value y) -> Value {
    return DivOp::create(b, loc, x, y);
  };
  if (isa<AddOp>(op))
    return ComplexParts{add(args[0].re, args[1].re),
                        add(args[0].im, args[1].im)};
  if (isa<SubtractOp>(op))
    return ComplexParts{sub(args[0].re, args[1].re),
                        sub(args[0].im, args[1].im)};
  if (isa<NegOp>(op))
    return ComplexParts{NegOp::create(b, loc, args[0].re),
                        NegOp::create(b, loc, args[0].im)};
  if (isa<MulOp>(op)) {
    auto [a, c] = args[0];
    auto [x, y] = args[1];
    return ComplexParts{sub(mul(a, x), mul(c, y)), add(mul(a, y), mul(c, x))};
  }
  if (isa<DivOp>(op)) {
    // Smith's algorithm: divide by the larger part of the divisor first,
    // so that its square never overflows.
    auto [a, c] = args[0];
    auto [x, y] = args[1];
    Value byRe = compare(b, loc, ComparisonDirection::GE,
                         AbsOp::create(b, loc, x), AbsOp::create(b, loc, y));
    // |x| >= |y|: r = y / x, d = x + y r, ((a + c r) / d, (c - a r) / d).
    Value r1 = div(y, x), d1 = add(x, mul(y, r1));
    Value re1 = div(add(a, mul(c, r1)), d1), im1 = div(sub(c, mul(a, r1)), d1);
    // |x| < |y|: r = x / y, d = y + x r, ((a r + c) / d, (c r - a) / d).
    Value r2 = div(x, y), d2 = add(y, mul(x, r2));
    Value re2 = div(add(mul(a, r2), c), d2), im2 = div(sub(mul(c, r2), a), d2);
    ComplexParts quotient{select(b, loc, byRe, re1, re2),
                          select(b, loc, byRe, im1, im2)};
    return recoverInfinities(b, loc, args[0], args[1], quotient);
  }
  if (isa<ExpOp>(op)) {
    Value scale = ExpOp::create(b, loc, args[0].re);
    return ComplexParts{mul(scale, CosineOp::create(b, loc, args[0].im)),
                        mul(scale, SineOp::create(b, loc, args[0].im))};
  }
  if (isa<LogOp>(op))
    return ComplexParts{
        LogOp::create(b, loc, complexModulus(b, loc, args[0].re, args[0].im)),
        Atan2Op::create(b, loc, args[0].im, args[0].re)};
  if (isa<SqrtOp>(op)) {
    // The principal root: t = sqrt((|z| + |a|) / 2); for a >= 0 it is
    // t + i c / 2t, otherwise |c| / 2t + i sign(c) t.
    auto [a, c] = args[0];
    Value half = splat(b, loc, typeOf(a), 0.5);
    Value t = SqrtOp::create(
        b, loc,
        mul(half, add(complexModulus(b, loc, a, c), AbsOp::create(b, loc, a))));
    Value twiceT = add(t, t);
    Value zero = splat(b, loc, typeOf(a), 0.0);
    Value nonNegative = compare(b, loc, ComparisonDirection::GE, a, zero);
    Value other = div(c, twiceT);
    Value re = select(b, loc, nonNegative, t, AbsOp::create(b, loc, other));
    Value signedT = SelectOp::create(
        b, loc, compare(b, loc, ComparisonDirection::LT, c, zero),
        NegOp::create(b, loc, t), t);
    Value im = select(b, loc, nonNegative, other, signedT);
    // At 0 the quotients are 0 / 0: the root is 0 + i c.
    Value atZero = compare(b, loc, ComparisonDirection::EQ, t, zero);
    return ComplexParts{select(b, loc, atZero, zero, re),
                        select(b, loc, atZero, c, im)};
  }
  return failure();
}
