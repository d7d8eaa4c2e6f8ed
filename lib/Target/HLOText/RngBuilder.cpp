//===- RngBuilder.cpp - XLA's stateful rng from a generator of bits -------===//
//
// `rng(a, b), distribution=rng_uniform` draws uniformly from [a, b) and
// `distribution=rng_normal` from the normal distribution of mean a and
// deviation b. XLA leaves the numbers to the backend and keeps a hidden
// state between calls; here each instruction draws from a Philox stream of
// its own (hlo.rng_bit_generator), keyed by a hash of its name, so a
// program gives the same numbers on every run.
//
// From bits to numbers: a float in [1, 2) takes the top mantissa bits and
// the exponent of 1, minus 1 it is uniform in [0, 1); f16 and bf16 are
// drawn in f32 and rounded. An integer is a + bits mod (b - a), with the
// range taken as unsigned. A normal number is Box and Muller's
// sqrt(-2 log u) cos(2 pi v) of two uniform draws, u in (0, 1].
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/xxhash.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// Builds the draws of one rng instruction of shape `type`.
struct Draws {
  InstructionEmission &e;
  RankedTensorType type;
  /// The Philox state, advanced by each draw of bits.
  Value state;

  /// `width` random bits (32 or 64) per element of the shape.
  Value bits(unsigned width) {
    auto bitsType = type.clone(
        IntegerType::get(e.builder.getContext(), width, IntegerType::Unsigned));
    auto generator = hlo::RngBitGeneratorOp::create(
        e.builder, e.loc, TypeRange{state.getType(), bitsType}, state,
        hlo::RngAlgorithm::PHILOX);
    state = generator.getResult(0);
    return generator.getResult(1);
  }

  /// Uniform in [0, 1), in f32 or f64.
  Value unit(FloatType element) {
    bool wide = element.isF64();
    unsigned width = wide ? 64 : 32;
    Value drawn = bits(width);
    auto bitsType = cast<RankedTensorType>(drawn.getType());
    Type bitsElement = bitsType.getElementType();
    // Keep the mantissa's width of bits; set the exponent of 1.0.
    Value mantissa = hlo::ShiftRightLogicalOp::create(
        e.builder, e.loc, drawn, e.splat(bitsType, wide ? 12 : 9));
    uint64_t one = wide ? 0x3FF0000000000000ull : 0x3F800000ull;
    Value oneToTwo = hlo::BitcastConvertOp::create(
        e.builder, e.loc, type.clone(element),
        hlo::OrOp::create(
            e.builder, e.loc, mantissa,
            e.splat(bitsType, e.builder.getIntegerAttr(bitsElement, one))));
    return hlo::SubtractOp::create(e.builder, e.loc, oneToTwo,
                                   e.splat(type.clone(element), 1.0));
  }

  /// The rank-0 `scalar` over the shape, in `element`.
  Value spread(Value scalar, Type element) {
    if (getElementTypeOrSelf(scalar.getType()) != element)
      scalar = hlo::ConvertOp::create(
          e.builder, e.loc, RankedTensorType::get({}, element), scalar);
    return hlo::BroadcastInDimOp::create(e.builder, e.loc, type.clone(element),
                                         scalar,
                                         e.builder.getDenseI64ArrayAttr({}));
  }
};

} // namespace

FailureOr<HloValue> buildRng(InstructionEmission &e) {
  FailureOr<const AttributeValue *> distribution = e.attribute("distribution");
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(distribution) || failed(type))
    return failure();
  StringRef kind = (*distribution)->word;
  if (kind != "rng_uniform" && kind != "rng_normal")
    return emitError((*distribution)->loc)
           << "unknown rng distribution '" << kind << "'";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  if (failed(operands))
    return failure();
  Type element = type->getElementType();
  for (Value operand : *operands)
    if (operand.getType() != RankedTensorType::get({}, element))
      return e.emitError() << "rng takes two rank-0 operands of the result's "
                              "element type, not "
                           << operand.getType();
  auto floatType = dyn_cast<FloatType>(element);
  auto intType = dyn_cast<IntegerType>(element);
  if (kind == "rng_normal" && !floatType)
    return e.emitError() << "rng_normal draws floats, not " << element;
  if (!floatType &&
      (!intType || (intType.getWidth() != 32 && intType.getWidth() != 64)))
    return e.emitError() << "rng of " << element << " is not supported";

  auto stateType = RankedTensorType::get(
      {2}, IntegerType::get(e.builder.getContext(), 64, IntegerType::Unsigned));
  uint64_t key = llvm::xxh3_64bits(e.instruction.name);
  Draws draws{
      e, *type,
      hlo::ConstantOp::create(
          e.builder, e.loc,
          DenseElementsAttr::get(
              stateType, ArrayRef<APInt>{APInt(64, key), APInt(64, 0)}))};
  Value a = (*operands)[0], b = (*operands)[1];

  if (intType) {
    // a + bits mod (b - a), the range and the bits unsigned.
    unsigned width = intType.getWidth();
    auto unsignedType =
        IntegerType::get(e.builder.getContext(), width, IntegerType::Unsigned);
    Value range = hlo::SubtractOp::create(e.builder, e.loc, b, a);
    Value rangeBits = hlo::BitcastConvertOp::create(
        e.builder, e.loc, RankedTensorType::get({}, unsignedType), range);
    Value offset = hlo::RemOp::create(e.builder, e.loc, draws.bits(width),
                                      draws.spread(rangeBits, unsignedType));
    Value drawn = hlo::AddOp::create(
        e.builder, e.loc,
        hlo::BitcastConvertOp::create(e.builder, e.loc, *type, offset),
        draws.spread(a, element));
    return HloValue{drawn, {}};
  }

  // f16 and bf16 are drawn in f32.
  FloatType compute =
      floatType.isF64() ? floatType : cast<FloatType>(e.builder.getF32Type());
  RankedTensorType computeType = type->clone(compute);
  Value first = draws.spread(a, compute), second = draws.spread(b, compute);
  Value drawn;
  if (kind == "rng_uniform") {
    drawn = hlo::AddOp::create(
        e.builder, e.loc, first,
        hlo::MulOp::create(
            e.builder, e.loc,
            hlo::SubtractOp::create(e.builder, e.loc, second, first),
            draws.unit(compute)));
  } else {
    Value u = hlo::SubtractOp::create(
        e.builder, e.loc, e.splat(computeType, 1.0), draws.unit(compute));
    Value v = draws.unit(compute);
    Value radius = hlo::SqrtOp::create(
        e.builder, e.loc,
        hlo::MulOp::create(e.builder, e.loc, e.splat(computeType, -2.0),
                           hlo::LogOp::create(e.builder, e.loc, u)));
    Value angle = hlo::MulOp::create(
        e.builder, e.loc, e.splat(computeType, 2 * llvm::numbers::pi), v);
    Value normal =
        hlo::MulOp::create(e.builder, e.loc, radius,
                           hlo::CosineOp::create(e.builder, e.loc, angle));
    drawn = hlo::AddOp::create(
        e.builder, e.loc, first,
        hlo::MulOp::create(e.builder, e.loc, second, normal));
  }
  if (compute != floatType)
    drawn = hlo::ConvertOp::create(e.builder, e.loc, *type, drawn);
  return HloValue{drawn, {}};
}

} // namespace fuse::hlo_text
