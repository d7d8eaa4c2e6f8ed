//===- StochasticConvertBuilder.cpp - floats to integers at random --------===//
//
// XLA's `stochastic-convert(x, random)` converts floats to signed integers,
// rounding each |x| up with probability equal to its fractional part: the
// fraction, as a fixed-point number of random's width (its 2^-1 bit the
// top one), is compared with the unsigned random bits, and |x| rounds up
// where random is below it. The sign is put back after rounding, and values
// at or beyond the integer type's range give its minimum or maximum. It is
// written out as the elementwise ops of that rule; XLA defines no
// conversion to floats.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<HloValue> buildStochasticConvert(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  if (failed(operands))
    return failure();
  Value x = (*operands)[0], random = (*operands)[1];
  auto type = cast<RankedTensorType>(x.getType());
  auto randomType = cast<RankedTensorType>(random.getType());
  auto floatType = dyn_cast<FloatType>(type.getElementType());
  auto randomElement = dyn_cast<IntegerType>(randomType.getElementType());
  if (!floatType || !randomElement || !randomElement.isUnsigned() ||
      randomElement.getWidth() != floatType.getWidth() ||
      randomType.getShape() != type.getShape())
    return e.emitError() << "'stochastic-convert' takes floats and unsigned "
                            "random bits of their shape and width, not "
                         << type << " and " << randomType;
  FailureOr<RankedTensorType> resultType = e.resultType();
  if (failed(resultType))
    return failure();
  auto integer = dyn_cast<IntegerType>(resultType->getElementType());
  if (!integer || integer.isUnsigned() || integer.getWidth() == 1)
    return e.emitError() << "'stochastic-convert' converts to signed "
                            "integers only, not "
                         << resultType->getElementType();
  if (resultType->getShape() != type.getShape())
    return e.emitError() << "'stochastic-convert' keeps the shape "
                         << type.getShape() << ", not "
                         << resultType->getShape();

  OpBuilder &b = e.builder;
  Location loc = e.loc;
  auto compare = [&](hlo::ComparisonDirection direction, Value lhs,
                     Value rhs) -> Value {
    return hlo::CompareOp::create(b, loc, direction, lhs, rhs,
                                  hlo::ComparisonTypeAttr());
  };
  Value negative = compare(hlo::ComparisonDirection::LT, x, e.splat(type, 0.0));
  Value magnitude = hlo::AbsOp::create(b, loc, x);
  Value whole = hlo::FloorOp::create(b, loc, magnitude);
  Value fraction = hlo::SubtractOp::create(b, loc, magnitude, whole);
  // The fixed-point fraction, in f32 where the float cannot hold 2^width
  // (f16); scaling by a power of two is exact either way.
  if (floatType.getWidth() < 32) {
    fraction = hlo::ConvertOp::create(b, loc, Type(type.clone(b.getF32Type())),
                                      fraction);
  }
  auto fractionType = cast<RankedTensorType>(fraction.getType());
  Value fixed = hlo::ConvertOp::create(
      b, loc, Type(randomType),
      hlo::MulOp::create(
          b, loc, fraction,
          e.splat(fractionType, std::ldexp(1.0, randomElement.getWidth()))));
  Value roundsUp = compare(hlo::ComparisonDirection::LT, random, fixed);
  Value truncated = hlo::ConvertOp::create(b, loc, Type(*resultType), whole);
  Value rounded = hlo::SelectOp::create(
      b, loc, roundsUp,
      hlo::AddOp::create(b, loc, truncated, e.splat(*resultType, 1.0)),
      truncated);
  Value result = hlo::SelectOp::create(
      b, loc, negative, hlo::NegOp::create(b, loc, rounded), rounded);
  // The range's ends, compared on the float operand.
  unsigned width = integer.getWidth();
  auto end = [&](const APInt &value) {
    return std::pair(e.splat(type, value.signedRoundToDouble()),
                     e.splat(*resultType, b.getIntegerAttr(integer, value)));
  };
  auto [lowestFloat, lowest] = end(APInt::getSignedMinValue(width));
  auto [highestFloat, highest] = end(APInt::getSignedMaxValue(width));
  result = hlo::SelectOp::create(
      b, loc, compare(hlo::ComparisonDirection::LE, x, lowestFloat), lowest,
      result);
  return e.finish(hlo::SelectOp::create(
      b, loc, compare(hlo::ComparisonDirection::GE, x, highestFloat), highest,
      result));
}

} // namespace fuse::hlo_text
