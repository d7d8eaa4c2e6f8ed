//===- BitcastBuilder.cpp - bitcast-convert of any widths -----------------===//
//
// XLA's bitcast-convert may change the element width: to a type r times
// wider, the operand's last dimension (of size r) is consumed, its element
// k holding bits [k*w, (k+1)*w) of the result (little-endian); to one r
// times narrower, a last dimension of size r is added. JAX builds its u64
// generator states from pairs of u32 this way. hlo.bitcast_convert keeps
// the width, so such an instruction becomes slices, conversions, shifts
// and ors of unsigned integers (or the reverse).
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

struct BitEmission {
  InstructionEmission &e;

  Type unsignedOfWidth(unsigned width) {
    return IntegerType::get(e.builder.getContext(), width,
                            IntegerType::Unsigned);
  }
  /// `value` as unsigned integers of its width (a bitcast where needed).
  Value asUnsigned(Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    Type element = type.getElementType();
    if (element.isUnsignedInteger())
      return value;
    return hlo::BitcastConvertOp::create(
        e.builder, e.loc,
        type.clone(unsignedOfWidth(element.getIntOrFloatBitWidth())), value);
  }
  Value bitcast(Value value, RankedTensorType type) {
    return value.getType() == type
               ? value
               : hlo::BitcastConvertOp::create(e.builder, e.loc, type, value)
                     .getResult();
  }
  Value splat(RankedTensorType type, uint64_t value) {
    return hlo::ConstantOp::create(
        e.builder, e.loc,
        DenseElementsAttr::get(
            type, e.builder.getIntegerAttr(type.getElementType(),
                                           static_cast<int64_t>(value))));
  }
  Value reshape(Value value, ArrayRef<int64_t> shape) {
    auto type = cast<RankedTensorType>(value.getType());
    return hlo::ReshapeOp::create(e.builder, e.loc, type.clone(shape), value);
  }
  Value convert(Value value, Type element) {
    auto type = cast<RankedTensorType>(value.getType());
    return hlo::ConvertOp::create(e.builder, e.loc, type.clone(element), value);
  }

  /// [..., r] of w bits -> [...] of r*w bits.
  Value combine(Value operand, RankedTensorType resultType) {
    Value parts = asUnsigned(operand);
    auto partsType = cast<RankedTensorType>(parts.getType());
    Type wide = unsignedOfWidth(resultType.getElementTypeBitWidth());
    auto wideType = resultType.clone(wide);
    int64_t rank = partsType.getRank();
    SmallVector<int64_t> starts(rank, 0), limits(partsType.getShape()),
        strides(rank, 1);
    Value combined;
    for (int64_t k = 0, count = partsType.getShape().back(); k < count; ++k) {
      starts.back() = k;
      limits.back() = k + 1;
      Value part = hlo::SliceOp::create(e.builder, e.loc, parts, starts, limits,
                                        strides);
      part = convert(reshape(part, resultType.getShape()), wide);
      if (k > 0)
        part = hlo::ShiftLeftOp::create(
            e.builder, e.loc, part,
            splat(wideType, k * partsType.getElementTypeBitWidth()));
      combined =
          combined
              ? hlo::OrOp::create(e.builder, e.loc, combined, part).getResult()
              : part;
    }
    return bitcast(combined, resultType);
  }

  /// [...] of r*w bits -> [..., r] of w bits.
  Value split(Value operand, RankedTensorType resultType) {
    Value whole = asUnsigned(operand);
    auto wholeType = cast<RankedTensorType>(whole.getType());
    unsigned width = resultType.getElementTypeBitWidth();
    Type narrow = unsignedOfWidth(width);
    SmallVector<int64_t> partShape(wholeType.getShape());
    partShape.push_back(1);
    SmallVector<Value> parts;
    for (int64_t k = 0, r = resultType.getShape().back(); k < r; ++k) {
      Value shifted = whole;
      if (k > 0)
        shifted = hlo::ShiftRightLogicalOp::create(e.builder, e.loc, whole,
                                                   splat(wholeType, k * width));
      parts.push_back(reshape(convert(shifted, narrow), partShape));
    }
    Value joined = hlo::ConcatenateOp::create(e.builder, e.loc, parts,
                                              partShape.size() - 1);
    return bitcast(joined, resultType);
  }
};

} // namespace

FailureOr<HloValue> buildBitcastConvert(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(operands) || failed(type))
    return failure();
  Value operand = (*operands)[0];
  auto operandType = cast<RankedTensorType>(operand.getType());
  unsigned from = operandType.getElementTypeBitWidth();
  unsigned to = type->getElementTypeBitWidth();
  if (from == to)
    return e.finish(
        hlo::BitcastConvertOp::create(e.builder, e.loc, *type, operand));
  // The shapes must differ by the last dimension of the narrower side,
  // whose size is the ratio of the widths.
  RankedTensorType narrow = from < to ? operandType : *type;
  RankedTensorType wide = from < to ? *type : operandType;
  if (narrow.getRank() != wide.getRank() + 1 ||
      narrow.getShape().drop_back() != wide.getShape() ||
      narrow.getShape().back() * narrow.getElementTypeBitWidth() !=
          wide.getElementTypeBitWidth())
    return e.emitError() << "bitcast-convert from " << operandType << " to "
                         << *type
                         << " must add or remove a last dimension of the "
                            "ratio of the element widths";
  BitEmission emit{e};
  Value result =
      from < to ? emit.combine(operand, *type) : emit.split(operand, *type);
  return e.finish(result.getDefiningOp());
}

} // namespace fuse::hlo_text
