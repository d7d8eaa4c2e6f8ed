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
// A context (XLA's handle of the running operation) is zeros of its shape.
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
HloValue startTuple(InstructionEmission &e, HloValue result) {
  HloValue start;
  start.elements.push_back(HloValue{
      Value(), std::vector<HloValue>(e.operands.begin(), e.operands.end())});
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

} // namespace

FailureOr<HloValue> buildAsyncStart(InstructionEmission &e) {
  StringRef key = e.instruction.opcode == "call-start" ? "to_apply" : "calls";
  FailureOr<const ParsedComputation *> called =
      e.emitter.lookupCalled(e.instruction, key, e.loc);
  if (failed(called))
    return failure();
  int64_t parameters = parameterCount(**called);
  if (parameters != static_cast<int64_t>(e.operands.size()))
    return e.emitError() << "'" << e.instruction.opcode << "' binds "
                         << e.operands.size() << " of the " << parameters
                         << " parameters of '" << (*called)->name
                         << "': operands bound later by an update are not "
                            "supported";
  FailureOr<HloValue> result =
      e.emitter.emitComputation(**called, e.operands, e.loc);
  if (failed(result))
    return failure();
  return startTuple(e, std::move(*result));
}

FailureOr<HloValue> buildCopyStart(InstructionEmission &e) {
  if (e.operands.size() != 1)
    return e.emitError() << "'copy-start' takes 1 operand, not "
                         << e.operands.size();
  HloValue start = startTuple(e, e.operands[0]);
  // copy-start's tuple holds the operand once, not in a tuple of operands.
  start.elements.front() = e.operands[0];
  return start;
}

FailureOr<HloValue> buildAsyncUpdate(InstructionEmission &e) {
  if (e.operands.size() != 1)
    return e.emitError() << "'" << e.instruction.opcode
                         << "' binding operands late is not supported";
  return e.operands[0];
}

FailureOr<HloValue> buildAsyncDone(InstructionEmission &e) {
  return takeElement(e, 1);
}

FailureOr<HloValue> buildCopyDone(InstructionEmission &e) {
  return takeElement(e, 0);
}

} // namespace fuse::hlo_text
