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

Operation *fuse::cloneWidening(OpBuilder &builder, Operation &op,
                               IRMapping &mapping) {
  if (isRoundingCombiner(&op)) {
    for (Value operand : op.getOperands()) {
      Value mapped = mapping.lookupOrDefault(operand);
      if (mapped.getType() == operand.getType())
        continue;
      Value other = op.getOperand(operand == op.getOperand(0) ? 1 : 0);
      Value combined = combineWidened(builder, &op, operand, mapped,
                                      mapping.lookupOrDefault(other));
      mapping.map(op.getResult(0), combined);
      return combined.getDefiningOp();
    }
  }
  return builder.clone(op, mapping);
}
