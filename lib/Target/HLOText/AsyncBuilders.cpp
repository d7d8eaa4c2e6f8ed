//===- AsyncBuilders.cpp - async pairs as their synchronous forms ---------===//
//
// XLA splits a long operation into `-start`, `-update` and `-done`
// instructions so that other work can run in between. Values do not depend
// on when it runs, so the start computes the operation and the done takes
// its result:
// - `async-start(ops), calls=C` and `call-start(ops), to_apply=C` give the
//   tuple (operands, C's result, context...);
// - `copy-start(x)` gives (x, x, context);
// - `async-update(t)` and `call-update(t)` pass `t` through;
// - `async-done(t)` and `call-done(t)` take element 1, `copy-done(t)`
//   element 0.
// A start may bind only the first operands of its computation, and updates
// bind the rest (`async-update(t, more...)`): the computation runs once the
// last one is bound, at the done where the tuples' shapes leave the result
// out (`(operands, (), context)`), and until then the tuple's result is
// zeros of its shape.
// A context (XLA's handle of the running operation) is zeros of its shape.
// Any other op may be written the same way, `abs-start(x)` giving
// `(operands, result, context...)` and `abs-done(t)` its element 1: the op
// runs at the start.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// Zeros of `shape` (a tensor type or a tuple of them).
HloValue zerosOf(InstructionEmission &e, Type shape) {
  if (auto tuple = dyn_cast<TupleType>(shape)) {
    HloValue value;
    for (Type element : tuple.getTypes())
      value.elements.push_back(zerosOf(e, element));
    return value;
  }
  auto type = cast<RankedTensorType>(shape);
  Value zeros = hlo::ConstantOp::create(
      e.builder, e.loc,
      DenseElementsAttr::get(type,
                             e.builder.getZeroAttr(type.getElementType())));
  return HloValue{zeros, {}};
}

/// (operands, result, context...): the contexts as the shape gives them
/// after its first two elements, else one s32[].
HloValue startTuple(InstructionEmission &e, ArrayRef<HloValue> operands,
                    HloValue result) {
  HloValue start;
  start.elements.push_back(HloValue{
      Value(), std::vector<HloValue>(operands.begin(), operands.end())});
  start.elements.push_back(std::move(result));
  auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
  if (!shape) {
    start.elements.push_back(
        zerosOf(e, RankedTensorType::get({}, e.builder.getIntegerType(32))));
    return start;
  }
  for (Type context : shape.getTypes().drop_front(2))
    start.elements.push_back(zerosOf(e, context));
  return start;
}

/// The element `index` of the tuple operand of a `-done`.
FailureOr<HloValue> takeElement(InstructionEmission &e, size_t index) {
  if (e.operands.size() != 1 || !e.operands[0].isTuple() ||
      e.operands[0].elements.size() <= index)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes the tuple of its start";
  return e.operands[0].elements[index];
}

int64_t parameterCount(const ParsedComputation &computation) {
  int64_t count = 0;
  for (const ParsedInstruction &instruction : computation.instructions)
    count = std::max(count, instruction.parameterNumber + 1);
  return count;
}

/// The computation an async chain runs: the one its `-start` names, found
/// through the chain's first operands from `instruction`.
FailureOr<const ParsedComputation *>
calledComputation(InstructionEmission &e,
                  const ParsedInstruction *instruction) {
  while (instruction && !StringRef(instruction->opcode).ends_with("-start")) {
    instruction =
        instruction->operands.empty()
            ? nullptr
            : e.emitter.lookupInstruction(instruction->operands.front().name);
  }
  if (!instruction)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' does not follow an async start";
  StringRef key = instruction->opcode == "call-start" ? "to_apply" : "calls";
  return e.emitter.lookupCalled(*instruction, key, e.loc);
}

/// Whether the instruction's shape leaves the result out, as XLA's updates
/// do: `(operands, (), context...)`.
bool leavesResultOut(InstructionEmission &e) {
  auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
  if (!shape || shape.size() < 2)
    return false;
  auto result = dyn_cast<TupleType>(shape.getType(1));
  return result && result.size() == 0;
}

/// The chain's tuple once `operands` are bound: with the computation's
/// result when they are all of its parameters and the shape has a place
/// for it; zeros of the shape's result (usually ()) before that.
FailureOr<HloValue> bindOperands(InstructionEmission &e,
                                 const ParsedComputation &called,
                                 ArrayRef<HloValue> operands) {
  int64_t parameters = parameterCount(called);
  int64_t bound = static_cast<int64_t>(operands.size());
  if (bound > parameters)
    return e.emitError() << "'" << e.instruction.opcode << "' binds " << bound
                         << " operands to the " << parameters
                         << " parameters of '" << called.name << "'";
  if (bound < parameters || leavesResultOut(e)) {
    auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
    HloValue pending;
    if (shape && shape.size() >= 2)
      pending = zerosOf(e, shape.getType(1));
    return startTuple(e, operands, std::move(pending));
  }
  FailureOr<HloValue> result =
      e.emitter.emitComputation(called, operands, e.loc);
  if (failed(result))
    return failure();
  return startTuple(e, operands, std::move(*result));
}

} // namespace

FailureOr<HloValue> buildAsyncStart(InstructionEmission &e) {
  FailureOr<const ParsedComputation *> called =
      calledComputation(e, &e.instruction);
  if (failed(called))
    return failure();
  return bindOperands(e, **called, e.operands);
}

FailureOr<HloValue> buildCopyStart(InstructionEmission &e) {
  if (e.operands.size() != 1)
    return e.emitError() << "'copy-start' takes 1 operand, not "
                         << e.operands.size();
  HloValue start = startTuple(e, e.operands, e.operands[0]);
  // copy-start's tuple holds the operand once, not in a tuple of operands.
  start.elements.front() = e.operands[0];
  return start;
}

FailureOr<HloValue> buildAsyncUpdate(InstructionEmission &e) {
  if (e.operands.size() == 1)
    return e.operands[0];
  // Binds more operands: the chain's tuple holds those bound so far.
  const HloValue &chain = e.operands[0];
  if (!chain.isTuple() || chain.elements.size() < 2 ||
      !chain.elements[0].isTuple())
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes the tuple of its start first";
  FailureOr<const ParsedComputation *> called =
      calledComputation(e, &e.instruction);
  if (failed(called))
    return failure();
  std::vector<HloValue> operands = chain.elements[0].elements;
  operands.insert(operands.end(), e.operands.begin() + 1, e.operands.end());
  return bindOperands(e, **called, operands);
}

FailureOr<HloValue> buildAsyncDone(InstructionEmission &e) {
  FailureOr<HloValue> result = takeElement(e, 1);
  if (failed(result))
    return failure();
  FailureOr<const ParsedComputation *> called =
      calledComputation(e, &e.instruction);
  if (failed(called))
    return failure();
  const std::vector<HloValue> &operands = e.operands[0].elements[0].elements;
  int64_t bound = static_cast<int64_t>(operands.size());
  if (bound < parameterCount(**called))
    return e.emitError() << "'" << e.instruction.opcode << "' ends a chain "
                         << "that bound " << bound << " of the "
                         << parameterCount(**called) << " parameters of '"
                         << (*called)->name << "'";
  // A chain whose tuples left the result out computes it here.
  if (result->isTuple() && result->elements.empty())
    return e.emitter.emitComputation(**called, operands, e.loc);
  return result;
}

FailureOr<HloValue> buildCopyDone(InstructionEmission &e) {
  return takeElement(e, 0);
}

FailureOr<HloValue> buildOpStart(InstructionEmission &e) {
  StringRef opcode =
      StringRef(e.instruction.opcode).drop_back(strlen("-start"));
  auto shape = dyn_cast_or_null<TupleType>(e.instruction.shape);
  if (!shape || shape.size() < 2)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' gives (operands, result, context...)";
  ParsedInstruction op = e.instruction;
  op.opcode = opcode.str();
  op.shape = shape.getType(1);
  InstructionEmission running{op,    e.operands, e.parameters,
                              e.loc, e.emitter,  e.builder};
  FailureOr<HloValue> result = lookupOpBuilder(opcode)(running);
  if (failed(result))
    return failure();
  return startTuple(e, e.operands, std::move(*result));
}

FailureOr<HloValue> buildOpUpdate(InstructionEmission &e) {
  if (e.operands.size() != 1)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' takes the tuple of its start alone";
  return e.operands[0];
}

FailureOr<HloValue> buildOpDone(InstructionEmission &e) {
  return takeElement(e, 1);
}

} // namespace fuse::hlo_text
