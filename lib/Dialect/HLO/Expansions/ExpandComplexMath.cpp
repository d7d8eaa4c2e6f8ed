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
using namespace fuse::hlo::detail;

RankedTensorType fuse::hlo::detail::typeOf(Value value) {
  return cast<RankedTensorType>(value.getType());
}

Value RealOps::add(Value x, Value y) {
  return AddOp::create(builder, loc, x, y);
}
Value RealOps::sub(Value x, Value y) {
  return SubtractOp::create(builder, loc, x, y);
}
Value RealOps::mul(Value x, Value y) {
  return MulOp::create(builder, loc, x, y);
}
Value RealOps::div(Value x, Value y) {
  return DivOp::create(builder, loc, x, y);
}
Value RealOps::neg(Value x) { return NegOp::create(builder, loc, x); }
Value RealOps::abs(Value x) { return AbsOp::create(builder, loc, x); }
Value RealOps::compare(ComparisonDirection direction, Value x, Value y) {
  return CompareOp::create(builder, loc, direction, x, y, ComparisonTypeAttr());
}
Value RealOps::select(Value predicate, Value x, Value y) {
  return SelectOp::create(builder, loc, x.getType(), predicate, x, y);
}
Value RealOps::both(Value p, Value q) {
  return AndOp::create(builder, loc, p, q);
}
Value RealOps::either(Value p, Value q) {
  return OrOp::create(builder, loc, p, q);
}
Value RealOps::constant(RankedTensorType type, double value) {
  Type element = type.getElementType();
  Attribute attr = isa<FloatType>(element)
                       ? Attribute(FloatAttr::get(element, value))
                       : Attribute(IntegerAttr::get(element, int64_t(value)));
  return ConstantOp::create(builder, loc, DenseElementsAttr::get(type, attr));
}
Value RealOps::constantLike(Value like, double value) {
  return constant(typeOf(like), value);
}

/// m sqrt(1 + (s / m)^2), m and s the larger and smaller magnitude.
Value fuse::hlo::detail::complexModulus(RealOps &ops, Value re, Value im) {
  Value a = ops.abs(re), c = ops.abs(im);
  Value large = MaxOp::create(ops.builder, ops.loc, a, c);
  Value small = MinOp::create(ops.builder, ops.loc, a, c);
  Value ratio = ops.div(small, large);
  Value root =
      SqrtOp::create(ops.builder, ops.loc,
                     ops.add(ops.constantLike(re, 1.0), ops.mul(ratio, ratio)));
  // 0 / 0 and inf / inf make the ratio NaN where the modulus is m itself.
  Value exact = ops.either(
      ops.compare(ComparisonDirection::EQ, large, ops.constantLike(re, 0.0)),
      ops.compare(ComparisonDirection::EQ, large,
                  ops.constantLike(re, INFINITY)));
  return ops.select(exact, large, ops.mul(large, root));
}

namespace {

/// C99's Annex G, as XLA's division: where Smith's quotient of (a + ic) /
/// (x + iy) is NaN + NaN i, infinite or zero operands still give the
/// infinite or zero result their limits have.
ComplexParts recoverInfinities(RealOps &ops, ComplexParts num, ComplexParts den,
                               ComplexParts quotient) {
  RankedTensorType type = typeOf(num.re);
  auto constant = [&](double value) { return ops.constant(type, value); };
  auto eq = [&](Value x, Value y) {
    return ops.compare(ComparisonDirection::EQ, x, y);
  };
  auto isNaN = [&](Value x) {
    return ops.compare(ComparisonDirection::NE, x, x);
  };
  auto isInf = [&](Value x) { return eq(ops.abs(x), constant(INFINITY)); };
  auto isFinite = [&](Value x) -> Value {
    return IsFiniteOp::create(ops.builder, ops.loc, x);
  };
  // copysign(magnitude, x) for magnitude >= 0, -0.0 counting as negative.
  auto withSignOf = [&](Value magnitude, Value x) {
    RankedTensorType bits =
        type.clone(ops.builder.getIntegerType(type.getElementTypeBitWidth()));
    Value negative =
        ops.compare(ComparisonDirection::LT,
                    BitcastConvertOp::create(ops.builder, ops.loc, bits, x),
                    ops.constant(bits, 0));
    return ops.select(negative, ops.neg(magnitude), magnitude);
  };
  // 1 with the sign of x where x is infinite, 0 with its sign elsewhere.
  auto unitIfInf = [&](Value x) {
    return withSignOf(ops.select(isInf(x), constant(1), constant(0)), x);
  };
  auto [a, c] = num;
  auto [x, y] = den;
  // Division by zero: an infinity with the numerator's direction.
  Value zero = constant(0);
  Value byZero = ops.both(ops.both(eq(x, zero), eq(y, zero)),
                          ops.either(eq(a, a), eq(c, c)));
  Value inf = withSignOf(constant(INFINITY), x);
  ComplexParts zeroCase{ops.mul(inf, a), ops.mul(inf, c)};
  // An infinite numerator over a finite divisor.
  Value infNum = ops.both(ops.either(isInf(a), isInf(c)),
                          ops.both(isFinite(x), isFinite(y)));
  Value a1 = unitIfInf(a), c1 = unitIfInf(c);
  Value infinity = constant(INFINITY);
  ComplexParts infCase{
      ops.mul(infinity, ops.add(ops.mul(a1, x), ops.mul(c1, y))),
      ops.mul(infinity, ops.sub(ops.mul(c1, x), ops.mul(a1, y)))};
  // A finite numerator over an infinite divisor.
  Value infDen = ops.both(ops.either(isInf(x), isInf(y)),
                          ops.both(isFinite(a), isFinite(c)));
  Value x1 = unitIfInf(x), y1 = unitIfInf(y);
  ComplexParts zeroResult{
      ops.mul(zero, ops.add(ops.mul(a, x1), ops.mul(c, y1))),
      ops.mul(zero, ops.sub(ops.mul(c, x1), ops.mul(a, y1)))};
  Value lost = ops.both(isNaN(quotient.re), isNaN(quotient.im));
  auto pick = [&](Value smith, Value byZeroValue, Value infValue,
                  Value zeroValue) {
    Value recovered = ops.select(
        byZero, byZeroValue,
        ops.select(infNum, infValue, ops.select(infDen, zeroValue, smith)));
    return ops.select(lost, recovered, smith);
  };
  return {pick(quotient.re, zeroCase.re, infCase.re, zeroResult.re),
          pick(quotient.im, zeroCase.im, infCase.im, zeroResult.im)};
}

/// Smith's algorithm: divide by the larger part of the divisor first, so
/// that its square never overflows.
ComplexParts divide(RealOps &ops, ComplexParts num, ComplexParts den) {
  auto [a, c] = num;
  auto [x, y] = den;
  Value byRe = ops.compare(ComparisonDirection::GE, ops.abs(x), ops.abs(y));
  // |x| >= |y|: r = y / x, d = x + y r, ((a + c r) / d, (c - a r) / d).
  Value r1 = ops.div(y, x), d1 = ops.add(x, ops.mul(y, r1));
  Value re1 = ops.div(ops.add(a, ops.mul(c, r1)), d1);
  Value im1 = ops.div(ops.sub(c, ops.mul(a, r1)), d1);
  // |x| < |y|: r = x / y, d = y + x r, ((a r + c) / d, (c r - a) / d).
  Value r2 = ops.div(x, y), d2 = ops.add(y, ops.mul(x, r2));
  Value re2 = ops.div(ops.add(ops.mul(a, r2), c), d2);
  Value im2 = ops.div(ops.sub(ops.mul(c, r2), a), d2);
  ComplexParts quotient{ops.select(byRe, re1, re2), ops.select(byRe, im1, im2)};
  return recoverInfinities(ops, num, den, quotient);
}

/// The principal root: t = sqrt((|z| + |a|) / 2); for a >= 0 it is
/// t + i c / 2t, otherwise |c| / 2t + i sign(c) t.
ComplexParts squareRoot(RealOps &ops, ComplexParts z) {
  auto [a, c] = z;
  Value t =
      SqrtOp::create(ops.builder, ops.loc,
                     ops.mul(ops.constantLike(a, 0.5),
                             ops.add(complexModulus(ops, a, c), ops.abs(a))));
  Value zero = ops.constantLike(a, 0.0);
  Value nonNegative = ops.compare(ComparisonDirection::GE, a, zero);
  Value other = ops.div(c, ops.add(t, t));
  Value re = ops.select(nonNegative, t, ops.abs(other));
  Value signedT =
      ops.select(ops.compare(ComparisonDirection::LT, c, zero), ops.neg(t), t);
  Value im = ops.select(nonNegative, other, signedT);
  // At 0 the quotients are 0 / 0: the root is 0 + i c.
  Value atZero = ops.compare(ComparisonDirection::EQ, t, zero);
  return {ops.select(atZero, zero, re), ops.select(atZero, c, im)};
}

/// sin(a + ic) = sin a cosh c + i cos a sinh c, and cos(a + ic) = cos a
/// cosh c - i sin a sinh c. sinh c is (expm1(c) - expm1(-c)) / 2, exact to
/// the last places for small c, where exp(c) - exp(-c) cancels.
ComplexParts sineOrCosine(RealOps &ops, ComplexParts z, bool sine) {
  auto [a, c] = z;
  OpBuilder &b = ops.builder;
  Value half = ops.constantLike(c, 0.5);
  Value cosh = ops.mul(half, ops.add(ExpOp::create(b, ops.loc, c),
                                     ExpOp::create(b, ops.loc, ops.neg(c))));
  Value sinh = ops.mul(half, ops.sub(Expm1Op::create(b, ops.loc, c),
                                     Expm1Op::create(b, ops.loc, ops.neg(c))));
  Value sinA = SineOp::create(b, ops.loc, a);
  Value cosA = CosineOp::create(b, ops.loc, a);
  if (sine)
    return {ops.mul(sinA, cosh), ops.mul(cosA, sinh)};
  return {ops.mul(cosA, cosh), ops.neg(ops.mul(sinA, sinh))};
}

/// z / |z|; 0 stays itself, signed zeros included.
ComplexParts sign(RealOps &ops, ComplexParts z) {
  Value modulus = complexModulus(ops, z.re, z.im);
  Value atZero = ops.compare(ComparisonDirection::EQ, modulus,
                             ops.constantLike(modulus, 0.0));
  return {ops.select(atZero, z.re, ops.div(z.re, modulus)),
          ops.select(atZero, z.im, ops.div(z.im, modulus))};
}

} // namespace

FailureOr<ComplexParts>
fuse::hlo::detail::expandComplexElementwise(OpBuilder &b, Operation *op,
                                            ArrayRef<ComplexParts> args) {
  RealOps ops(b, op->getLoc());
  if (isa<AddOp>(op))
    return ComplexParts{ops.add(args[0].re, args[1].re),
                        ops.add(args[0].im, args[1].im)};
  if (isa<SubtractOp>(op))
    return ComplexParts{ops.sub(args[0].re, args[1].re),
                        ops.sub(args[0].im, args[1].im)};
  if (isa<NegOp>(op))
    return ComplexParts{ops.neg(args[0].re), ops.neg(args[0].im)};
  if (isa<MulOp>(op)) {
    auto [a, c] = args[0];
    auto [x, y] = args[1];
    return ComplexParts{ops.sub(ops.mul(a, x), ops.mul(c, y)),
                        ops.add(ops.mul(a, y), ops.mul(c, x))};
  }
  if (isa<DivOp>(op))
    return divide(ops, args[0], args[1]);
  if (isa<ExpOp>(op)) {
    Value scale = ExpOp::create(b, ops.loc, args[0].re);
    return ComplexParts{
        ops.mul(scale, CosineOp::create(b, ops.loc, args[0].im)),
        ops.mul(scale, SineOp::create(b, ops.loc, args[0].im))};
  }
  if (isa<LogOp>(op))
    return ComplexParts{
        LogOp::create(b, ops.loc, complexModulus(ops, args[0].re, args[0].im)),
        Atan2Op::create(b, ops.loc, args[0].im, args[0].re)};
  if (isa<SqrtOp>(op))
    return squareRoot(ops, args[0]);
  if (isa<RsqrtOp>(op)) {
    Value one = ops.constantLike(args[0].re, 1.0);
    Value zero = ops.constantLike(args[0].re, 0.0);
    return divide(ops, {one, zero}, squareRoot(ops, args[0]));
  }
  if (isa<SineOp, CosineOp>(op))
    return sineOrCosine(ops, args[0], isa<SineOp>(op));
  if (isa<SignOp>(op))
    return sign(ops, args[0]);
  return failure();
}
