//===- Accumulation.cpp - the types reductions accumulate in --------------===//

#include "fuse/Codegen/Common/Accumulation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

bool fuse::isRoundingCombiner(Operation *combiner) {
  return isa<arith::AddFOp, arith::MulFOp>(combiner);
}

Type fuse::getAccumulationType(Operation *combiner) {
  Type type = combiner->getResult(0).getType();
  if (isRoundingCombiner(combiner) && type.getIntOrFloatBitWidth() < 32)
    return Float32Type::get(combiner->getContext());
  return type;
}

TypedAttr fuse::getAccumulationNeutral(Operation *combiner) {
  TypedAttr neutral = *arith::getNeutralElement(combiner);
  Type type = getAccumulationType(combiner);
  if (type == neutral.getType())
    return neutral;
  return FloatAttr::get(type,
                        cast<FloatAttr>(neutral).getValue().convertToDouble());
}

Value fuse::combineWidened(OpBuilder &builder, Operation *combiner,
                           Value accumulator, Value start, Value value) {
  Location loc = combiner->getLoc();
  Type type = start.getType();
  if (value.getType().getIntOrFloatBitWidth() > type.getIntOrFloatBitWidth())
    type = value.getType();
  auto extend = [&](Value operand) -> Value {
    return operand.getType() == type
               ? operand
               : arith::ExtFOp::create(builder, loc, type, operand);
  };
  IRMapping mapping;
  for (Value operand : combiner->getOperands())
    mapping.map(operand,
                operand == accumulator ? extend(start) : extend(value));
  Operation *clone = builder.clone(*combiner, mapping);
  clone->getResult(0).setType(type);
  return clone->getResult(0);
}
