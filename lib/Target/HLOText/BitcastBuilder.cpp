//===- BitcastBuilder.cpp - bitcast, and bitcast-convert of any widths ----===//
//
// XLA's bitcast reinterprets a buffer in place: the operand's elements, in
// the order its layout stores them, are the result's in the order its own
// layout stores them. So it is a transpose of the operand into its storage
// order, a reshape, and a transpose out of the result's storage order.
// Tiling is not read: XLA makes a bitcast only where the tiled and untiled
// storage orders agree.
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

/// The dimensions of a rank-`rank` shape from major to minor, as the
/// layout `minorToMajor` (XLA's default when empty) stores them.
FailureOr<SmallVector<int64_t>> storageOrder(InstructionEmission &e,
                                             ArrayRef<int64_t> minorToMajor,
                                             int64_t rank) {
  SmallVector<int64_t> order;
  if (minorToMajor.empty()) {
    order = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    return order;
  }
  order.assign(minorToMajor.rbegin(), minorToMajor.rend());
  SmallVector<int64_t> sorted(order);
  llvm::sort(sorted);
  if (sorted != llvm::to_vector(llvm::seq<int64_t>(0, rank)))
    return e.emitError() << "layout {" << minorToMajor
                         << "} is not a permutation of " << rank
                         << " dimensions";
  return order;
}

Value transposeIfNeeded(InstructionEmission &e, Value value,
                        ArrayRef<int64_t> permutation) {
  if (llvm::equal(permutation, llvm::seq<int64_t>(0, permutation.size())))
    return value;
  return hlo::TransposeOp::create(e.builder, e.loc, value, permutation);
}

} // namespace

FailureOr<HloValue> buildBitcast(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(operands) || failed(type))
    return failure();
  Value operand = (*operands)[0];
  auto operandType = cast<RankedTensorType>(operand.getType());
  if (operandType.getNumElements() != type->getNumElements() ||
      operandType.getElementTypeBitWidth() != type->getElementTypeBitWidth())
    return e.emitError() << "bitcast from " << operandType << " to " << *type
                         << " changes the size of the buffer";
  const ParsedInstruction *definition =
      e.emitter.lookupInstruction(e.instruction.operands[0].name);
  FailureOr<SmallVector<int64_t>> operandOrder =
      storageOrder(e, definition->minorToMajor, operandType.getRank());
  FailureOr<SmallVector<int64_t>> resultOrder =
      storageOrder(e, e.instruction.minorToMajor, type->getRank());
  if (failed(operandOrder) || failed(resultOrder))
    return failure();

  Value stored = transposeIfNeeded(e, operand, *operandOrder);
  SmallVector<int64_t> storedShape;
  for (int64_t dimension : *resultOrder)
    storedShape.push_back(type->getDimSize(dimension));
  auto storedType = RankedTensorType::get(
      storedShape, cast<RankedTensorType>(stored.getType()).getElementType());
  if (stored.getType() != storedType)
    stored = hlo::ReshapeOp::create(e.builder, e.loc, storedType, stored);
  if (storedType.getElementType() != type->getElementType())
    stored = hlo::BitcastConvertOp::create(
        e.builder, e.loc, storedType.clone(type->getElementType()), stored);
  SmallVector<int64_t> inverse(resultOrder->size());
  for (auto [position, dimension] : llvm::enumerate(*resultOrder))
    inverse[dimension] = position;
  Value result = transposeIfNeeded(e, stored, inverse);
  if (Operation *op = result.getDefiningOp(); op && result != operand)
    return e.finish(op);
  return HloValue{result, {}};
}

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
