//===- MathCallBuilders.cpp - XLA builder library calls -------------------===//
//
// XLA's builder library writes some functions as custom calls named
// `xla_builder.<library>.<Function>`, each with its implementation as the
// one computation in `called_computations`; a pass inlines them later. A
// call that carries its computation is that computation, inlined here. A
// call without one (as XLA's tests write them) is imported for the
// elementary functions, by these formulas:
//
//   acos(x)  = 2 atan2(sqrt(1 - x^2), 1 + x), and pi at x = -1
//   asin(x)  = 2 atan2(x, 1 + sqrt(1 - x^2))
//   atan(x)  = atan2(x, 1)
//   acosh(x) = log(x + sqrt((x + 1)(x - 1))), log(x) + log(2) for x past
//              the square root of the largest float (NaN below 1)
//   asinh(x) = sign(x) log1p(a + a^2 / (1 + sqrt(1 + a^2))) with a = |x|,
//              sign(x) (log(a) + log(2)) for a past that root
//   cosh(x)  = exp(x + log(1/2)) + exp(-x + log(1/2)), finite wherever
//              the result is
//   nextafter(x, y): the float after x towards y, by its bits
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <cmath>

using namespace mlir;

namespace fuse::hlo_text {
namespace {

enum class MathFunction { Acos, Asin, Atan, Acosh, Asinh, Cosh, NextAfter };

std::optional<MathFunction> functionOf(StringRef target) {
  return llvm::StringSwitch<std::optional<MathFunction>>(target)
      .Case("xla_builder.math.Acos", MathFunction::Acos)
      .Case("xla_builder.math.Asin", MathFunction::Asin)
      .Case("xla_builder.math.Atan", MathFunction::Atan)
      .Case("xla_builder.math.Acosh", MathFunction::Acosh)
      .Case("xla_builder.math.Asinh", MathFunction::Asinh)
      .Case("xla_builder.math.Cosh", MathFunction::Cosh)
      .Case("xla_builder.math.NextAfter", MathFunction::NextAfter)
      .Default(std::nullopt);
}

/// Elementwise hlo ops on tensors of one float type.
struct Formula {
  InstructionEmission &e;
  RankedTensorType type;

  Value c(double value) const { return e.splat(type, value); }
  Value add(Value a, Value b) const {
    return hlo::AddOp::create(e.builder, e.loc, a, b);
  }
  Value sub(Value a, Value b) const {
    return hlo::SubtractOp::create(e.builder, e.loc, a, b);
  }
  Value mul(Value a, Value b) const {
    return hlo::MulOp::create(e.builder, e.loc, a, b);
  }
  Value div(Value a, Value b) const {
    return hlo::DivOp::create(e.builder, e.loc, a, b);
  }
  Value sqrt(Value a) const { return hlo::SqrtOp::create(e.builder, e.loc, a); }
  Value log(Value a) const { return hlo::LogOp::create(e.builder, e.loc, a); }
  Value log1p(Value a) const {
    return hlo::Log1pOp::create(e.builder, e.loc, a);
  }
  Value exp(Value a) const { return hlo::ExpOp::create(e.builder, e.loc, a); }
  Value atan2(Value a, Value b) const {
    return hlo::Atan2Op::create(e.builder, e.loc, a, b);
  }
  Value compare(hlo::ComparisonDirection direction, Value a, Value b) const {
    return hlo::CompareOp::create(e.builder, e.loc, direction, a, b,
                                  hlo::ComparisonTypeAttr());
  }
  Value select(Value condition, Value a, Value b) const {
    return hlo::SelectOp::create(e.builder, e.loc, condition, a, b);
  }

  /// The square root of the largest finite value: past it, x^2 overflows.
  double largeMagnitude() const {
    auto floatType = cast<FloatType>(type.getElementType());
    return std::sqrt(llvm::APFloat::getLargest(floatType.getFloatSemantics())
                         .convertToDouble());
  }

  Value acos(Value x) const {
    Value root = sqrt(sub(c(1), mul(x, x)));
    Value angle = mul(c(2), atan2(root, add(c(1), x)));
    return select(compare(hlo::ComparisonDirection::NE, x, c(-1)), angle,
                  c(llvm::numbers::pi));
  }
  Value asin(Value x) const {
    return mul(c(2), atan2(x, add(c(1), sqrt(sub(c(1), mul(x, x))))));
  }
  Value acosh(Value x) const {
    Value small = log(add(x, sqrt(mul(add(x, c(1)), sub(x, c(1))))));
    Value large = add(log(x), c(llvm::numbers::ln2));
    return select(compare(hlo::ComparisonDirection::GE, x, c(largeMagnitude())),
                  large, small);
  }
  Value asinh(Value x) const {
    Value a = hlo::AbsOp::create(e.builder, e.loc, x);
    Value squared = mul(a, a);
    Value small =
        log1p(add(a, div(squared, add(c(1), sqrt(add(c(1), squared))))));
    Value large = add(log(a), c(llvm::numbers::ln2));
    Value magnitude =
        select(compare(hlo::ComparisonDirection::GE, a, c(largeMagnitude())),
               large, small);
    return mul(hlo::SignOp::create(e.builder, e.loc, x), magnitude);
  }
  Value cosh(Value x) const {
    Value half = c(std::log(0.5));
    Value negated = hlo::NegOp::create(e.builder, e.loc, x);
    return add(exp(add(x, half)), exp(add(negated, half)));
  }
  /// The next float after x towards y: its bits one step up or down (from
  /// zero, the smallest subnormal of y's sign); y where they are equal, NaN
  /// where either is.
  Value nextAfter(Value x, Value y) const {
    unsigned width = type.getElementType().getIntOrFloatBitWidth();
    auto bitsType =
        RankedTensorType::get(type.getShape(), e.builder.getIntegerType(width));
    auto toBits = [&](Value v) -> Value {
      return hlo::BitcastConvertOp::create(e.builder, e.loc, bitsType, v);
    };
    auto one = e.splat(bitsType, 1.0);
    Value bits = toBits(x);
    Value up = hlo::AddOp::create(e.builder, e.loc, bits, one);
    Value down = hlo::SubtractOp::create(e.builder, e.loc, bits, one);
    // Away from zero is up in the bits of either sign.
    Value away = compare(hlo::ComparisonDirection::EQ,
                         compare(hlo::ComparisonDirection::LT, x, y),
                         compare(hlo::ComparisonDirection::GT, x, c(0)));
    Value stepped = hlo::BitcastConvertOp::create(e.builder, e.loc, type,
                                                  select(away, up, down));
    Value signOfY = hlo::AndOp::create(
        e.builder, e.loc, toBits(y),
        e.splat(bitsType,
                e.builder.getIntegerAttr(bitsType.getElementType(),
                                         llvm::APInt::getSignMask(width))));
    Value smallest = hlo::BitcastConvertOp::create(
        e.builder, e.loc, type,
        hlo::OrOp::create(e.builder, e.loc, signOfY, one));
    Value result = select(compare(hlo::ComparisonDirection::EQ, x, c(0)),
                          smallest, stepped);
    result = select(compare(hlo::ComparisonDirection::EQ, x, y), y, result);
    Value eitherNaN = hlo::OrOp::create(
        e.builder, e.loc, compare(hlo::ComparisonDirection::NE, x, x),
        compare(hlo::ComparisonDirection::NE, y, y));
    return select(eitherNaN, add(x, y), result);
  }
};

} // namespace

bool isBuilderLibraryCall(StringRef target) {
  return target.starts_with("xla_builder.");
}

FailureOr<HloValue> buildBuilderLibraryCall(InstructionEmission &e,
                                            StringRef target) {
  if (e.instruction.attributes.count("called_computations"))
    return inlineCalledComputation(e, target);
  std::optional<MathFunction> function = functionOf(target);
  if (!function)
    return e.emitError() << "custom call '" << target
                         << "' carries no computation in called_computations, "
                            "and fuse knows no formula for it";
  unsigned arity = *function == MathFunction::NextAfter ? 2 : 1;
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(arity);
  if (failed(operands))
    return failure();
  auto type = cast<RankedTensorType>((*operands)[0].getType());
  if (!isa<FloatType>(type.getElementType()) ||
      (arity == 2 && (*operands)[1].getType() != type))
    return e.emitError() << "custom call '" << target << "' takes "
                         << (arity == 2 ? "two float tensors of one type"
                                        : "a float tensor")
                         << ", not " << type;
  Formula f{e, type};
  Value x = (*operands)[0];
  Value result;
  switch (*function) {
  case MathFunction::Acos:
    result = f.acos(x);
    break;
  case MathFunction::Asin:
    result = f.asin(x);
    break;
  case MathFunction::Atan:
    result = f.atan2(x, f.c(1));
    break;
  case MathFunction::Acosh:
    result = f.acosh(x);
    break;
  case MathFunction::Asinh:
    result = f.asinh(x);
    break;
  case MathFunction::Cosh:
    result = f.cosh(x);
    break;
  case MathFunction::NextAfter:
    result = f.nextAfter(x, (*operands)[1]);
    break;
  }
  return e.finish(result.getDefiningOp());
}

} // namespace fuse::hlo_text
