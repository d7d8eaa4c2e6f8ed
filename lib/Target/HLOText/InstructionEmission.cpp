//===- InstructionEmission.cpp - helpers of the op builders ---------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;

namespace fuse::hlo_text {

InFlightDiagnostic InstructionEmission::emitError() const {
  return mlir::emitError(loc);
}

FailureOr<SmallVector<Value>>
InstructionEmission::tensorOperands(unsigned count) const {
  if (operands.size() != count)
    return emitError() << "'" << instruction.opcode << "' takes " << count
                       << " operand" << (count == 1 ? "" : "s") << ", not "
                       << operands.size();
  SmallVector<Value> tensors;
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (operand.isTuple())
      return emitError() << "operand " << index << " of '" << instruction.opcode
                         << "' is a tuple";
    tensors.push_back(operand.tensor);
  }
  return tensors;
}

FailureOr<RankedTensorType> InstructionEmission::resultType() const {
  if (auto type = dyn_cast<RankedTensorType>(instruction.shape))
    return type;
  return emitError() << "'" << instruction.opcode
                     << "' does not produce a tuple";
}

FailureOr<const AttributeValue *>
InstructionEmission::attribute(StringRef key) const {
  auto it = instruction.attributes.find(key);
  if (it == instruction.attributes.end())
    return emitError() << "'" << instruction.opcode << "' needs attribute '"
                       << key << "'";
  return &it->second;
}

FailureOr<ArrayRef<int64_t>>
InstructionEmission::integers(StringRef key, bool optional) const {
  if (optional && !instruction.attributes.count(key))
    return ArrayRef<int64_t>();
  FailureOr<const AttributeValue *> value = attribute(key);
  if (failed(value))
    return failure();
  return ArrayRef<int64_t>((*value)->integers);
}

LogicalResult
InstructionEmission::emitCombiner(Region &region, TypeRange scalars,
                                  const ParsedComputation &computation,
                                  size_t numResults) const {
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&region, {}, scalars,
                                    SmallVector<Location>(scalars.size(), loc));
  SmallVector<HloValue> arguments;
  for (BlockArgument argument : body->getArguments())
    arguments.push_back(HloValue{argument, {}});
  FailureOr<HloValue> root =
      emitter.emitComputation(computation, arguments, std::nullopt);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  if (results.size() != numResults)
    return emitError() << "computation '" << computation.name << "' returns "
                       << results.size() << " values, not " << numResults;
  hlo::ReturnOp::create(builder, loc, results);
  return success();
}

FailureOr<HloValue> InstructionEmission::finish(Operation *op) const {
  if (failed(verify(op)))
    return failure();
  if (op->getNumResults() == 1)
    return HloValue{op->getResult(0), {}};
  HloValue tuple;
  for (Value result : op->getResults())
    tuple.elements.push_back(HloValue{result, {}});
  return tuple;
}

} // namespace fuse::hlo_text
