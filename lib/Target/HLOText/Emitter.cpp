//===- Emitter.cpp - parsed computations to hlo ops -----------------------===//

#include "Emitter.h"
#include "Locations.h"
#include "OpBuilders.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/ScopeExit.h"

#include <map>

using namespace mlir;

namespace fuse::hlo_text {

Type HloValue::getType(MLIRContext *context) const {
  if (!isTuple())
    return tensor.getType();
  SmallVector<Type> types;
  for (const HloValue &element : elements)
    types.push_back(element.getType(context));
  return TupleType::get(context, types);
}

HloValue HloValue::tupleOf(ValueRange values) {
  HloValue tuple;
  for (Value value : values)
    tuple.elements.push_back(HloValue{value, {}});
  return tuple;
}

HloValue HloValue::of(ValueRange values) {
  if (values.size() == 1)
    return HloValue{values.front(), {}};
  return tupleOf(values);
}

void HloValue::flatten(SmallVectorImpl<Value> &tensors) const {
  if (!isTuple()) {
    tensors.push_back(tensor);
    return;
  }
  for (const HloValue &element : elements)
    element.flatten(tensors);
}

void HloValue::replace(Value from, Value to) {
  if (tensor == from)
    tensor = to;
  for (HloValue &element : elements)
    element.replace(from, to);
}

FailureOr<SmallVector<const ParsedInstruction *>>
Emitter::entryParameters(const ParsedComputation &entry) const {
  std::map<int64_t, const ParsedInstruction *> byNumber;
  for (const ParsedInstruction &instruction : entry.instructions) {
    if (instruction.opcode != "parameter")
      continue;
    if (!instruction.shape)
      return emitError(instruction.opcodeLoc)
             << "a parameter of the entry computation needs its shape";
    if (!byNumber.try_emplace(instruction.parameterNumber, &instruction).second)
      return emitError(instruction.opcodeLoc)
             << "parameter(" << instruction.parameterNumber
             << ") is defined twice";
  }
  SmallVector<const ParsedInstruction *> parameters;
  for (auto [number, instruction] : byNumber) {
    if (number != static_cast<int64_t>(parameters.size()))
      return emitError(instruction->opcodeLoc)
             << "parameter(" << number << ") but no parameter("
             << parameters.size() << "): parameters are numbered from 0 on";
    parameters.push_back(instruction);
  }
  return parameters;
}

LogicalResult Emitter::emitEntryFunction() {
  const ParsedComputation &entry = module.entry();
  FailureOr<SmallVector<const ParsedInstruction *>> parameters =
      entryParameters(entry);
  if (failed(parameters))
    return failure();
  // A tuple-shaped parameter takes one argument per tensor, depth first.
  SmallVector<Type> argumentTypes;
  SmallVector<Location> argumentLocs;
  for (const ParsedInstruction *parameter : *parameters) {
    flattenShape(parameter->shape, argumentTypes);
    argumentLocs.resize(argumentTypes.size(), instructionLocation(*parameter));
  }

  MLIRContext *context = builder.getContext();
  auto function =
      func::FuncOp::create(builder, entry.loc, "main",
                           FunctionType::get(context, argumentTypes, {}));
  OpBuilder::InsertionGuard guard(builder);
  Block *body =
      builder.createBlock(&function.getBody(), {}, argumentTypes, argumentLocs);

  SmallVector<HloValue> arguments;
  SmallVector<Value> blockArguments(body->getArguments());
  ArrayRef<Value> tensors = blockArguments;
  for (const ParsedInstruction *parameter : *parameters)
    arguments.push_back(regroup(parameter->shape, tensors));
  FailureOr<HloValue> root = emitComputation(entry, arguments, std::nullopt);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  func::ReturnOp::create(builder, instructionLocation(entry.root()), results);
  function.setFunctionType(FunctionType::get(context, argumentTypes,
                                             ValueRange(results).getTypes()));
  return success();
}

FailureOr<HloValue>
Emitter::emitComputation(const ParsedComputation &computation,
                         ArrayRef<HloValue> arguments,
                         std::optional<Location> callSite) {
  if (llvm::is_contained(active, &computation))
    return emitError(computation.loc)
           << "computation '" << computation.name << "' calls itself";
  active.push_back(&computation);
  llvm::scope_exit popActive([&] { active.pop_back(); });

  llvm::StringMap<const ParsedInstruction *> definitions;
  for (const ParsedInstruction &instruction : computation.instructions)
    if (!definitions.try_emplace(instruction.name, &instruction).second)
      return emitError(instruction.opcodeLoc)
             << "'" << instruction.name << "' is defined twice";
  activeDefinitions.push_back(&definitions);
  llvm::scope_exit popDefinitions([&] { activeDefinitions.pop_back(); });
  PendingTransfers transfers;
  pendingTransfers.push_back(&transfers);
  llvm::scope_exit popTransfers([&] { pendingTransfers.pop_back(); });

  llvm::StringMap<HloValue> values;
  for (const ParsedInstruction &instruction : computation.instructions) {
    SmallVector<HloValue> operands;
    for (const ParsedOperand &operand : instruction.operands) {
      auto it = values.find(operand.name);
      if (it == values.end()) {
        if (definitions.contains(operand.name))
          return emitError(operand.loc)
                 << "'" << operand.name << "' is used before its definition";
        return emitError(operand.loc)
               << "unknown operand '" << operand.name << "'";
      }
      operands.push_back(it->second);
    }
    Location loc = instructionLocation(instruction);
    if (callSite)
      loc = CallSiteLoc::get(loc, *callSite);
    InstructionEmission emission{instruction, operands, arguments,
                                 loc,         *this,    builder};
    FailureOr<HloValue> value = lookupOpBuilder(instruction.opcode)(emission);
    if (failed(value))
      return failure();
    Type type = value->getType(builder.getContext());
    if (instruction.shape && type != instruction.shape)
      return emitError(loc) << "'" << instruction.name << "' has type " << type
                            << " but its shape says " << instruction.shape;
    values[instruction.name] = std::move(*value);
    for (auto [standIn, data] : transfers.arrived) {
      for (auto &entry : values)
        entry.second.replace(standIn, data);
      standIn.replaceAllUsesWith(data);
      standIn.getDefiningOp()->erase();
    }
    transfers.arrived.clear();
  }
  if (failed(checkTransfersMatched(transfers, computation)))
    return failure();
  return values.lookup(computation.root().name);
}

const ParsedInstruction *Emitter::lookupInstruction(StringRef name) const {
  return activeDefinitions.back()->lookup(name);
}

FailureOr<const ParsedComputation *>
Emitter::lookupComputation(StringRef name, Location loc) const {
  const ParsedComputation *computation = module.lookupComputation(name);
  if (!computation)
    return emitError(loc) << "unknown computation '" << name << "'";
  return computation;
}

FailureOr<const ParsedComputation *>
Emitter::lookupCalled(const ParsedInstruction &instruction, StringRef key,
                      Location loc) const {
  auto attribute = instruction.attributes.find(key);
  if (attribute == instruction.attributes.end())
    return emitError(loc) << "'" << instruction.opcode << "' needs a " << key
                          << " computation";
  return lookupComputation(attribute->second.word, attribute->second.loc);
}

} // namespace fuse::hlo_text
