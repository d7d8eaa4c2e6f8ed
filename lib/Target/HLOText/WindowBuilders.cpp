//===- WindowBuilders.cpp - `reduce-window` and `select-and-scatter` ------===//
//
// XLA's window fields map onto the window ops' attributes: `lhs_dilate` is
// reduce-window's base dilation and `rhs_dilate` its window dilation. The
// `to_apply`, `select` and `scatter` computations become the ops' bodies.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

RankedTensorType scalarOf(Value tensor) {
  return RankedTensorType::get(
      {}, cast<RankedTensorType>(tensor.getType()).getElementType());
}

} // namespace

FailureOr<HloValue> buildReduceWindow(InstructionEmission &e) {
  size_t count = e.operands.size() / 2;
  if (e.operands.empty() || e.operands.size() % 2 != 0)
    return e.emitError()
           << "'reduce-window' takes inputs and as many init values";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  FailureOr<const ParsedComputation *> reducer =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(operands) || failed(reducer))
    return failure();
  ArrayRef<Value> inputs = ArrayRef<Value>(*operands).take_front(count);
  ArrayRef<Value> inits = ArrayRef<Value>(*operands).drop_front(count);
  FailureOr<ParsedWindow> window =
      e.window(cast<RankedTensorType>(inputs.front().getType()).getRank());
  if (failed(window))
    return failure();
  if (window->reversesKernel())
    return e.emitError() << "'reduce-window' has no kernel to reverse "
                            "(rhs_reversal)";
  auto reduce = hlo::ReduceWindowOp::create(
      e.builder, e.loc, inputs, inits, window->sizes, window->strides,
      window->low, window->high, window->lhsDilation, window->rhsDilation);
  SmallVector<Type> scalars;
  for (int pass = 0; pass < 2; ++pass)
    for (Value init : inits)
      scalars.push_back(scalarOf(init));
  if (failed(e.emitCombiner(reduce.getBody(), scalars, **reducer, count)))
    return failure();
  return e.finish(reduce);
}

FailureOr<HloValue> buildSelectAndScatter(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(3);
  FailureOr<const ParsedComputation *> select =
      e.emitter.lookupCalled(e.instruction, "select", e.loc);
  FailureOr<const ParsedComputation *> scatter =
      e.emitter.lookupCalled(e.instruction, "scatter", e.loc);
  if (failed(operands) || failed(select) || failed(scatter))
    return failure();
  Value operand = (*operands)[0];
  FailureOr<ParsedWindow> window =
      e.window(cast<RankedTensorType>(operand.getType()).getRank());
  if (failed(window))
    return failure();
  if (window->reversesKernel())
    return e.emitError() << "'select-and-scatter' has no kernel to reverse "
                            "(rhs_reversal)";
  if (llvm::any_of(
          llvm::concat<int64_t>(window->lhsDilation, window->rhsDilation),
          [](int64_t dilation) { return dilation != 1; }))
    return e.emitError() << "'select-and-scatter' with a dilated window is "
                            "not supported";
  auto op = hlo::SelectAndScatterOp::create(
      e.builder, e.loc, operand, (*operands)[1], (*operands)[2], window->sizes,
      window->strides, window->low, window->high);
  RankedTensorType scalar = scalarOf(operand);
  if (failed(e.emitCombiner(op.getSelect(), {scalar, scalar}, **select,
                            /*numResults=*/1)) ||
      failed(e.emitCombiner(op.getScatter(), {scalar, scalar}, **scatter,
                            /*numResults=*/1)))
    return failure();
  return e.finish(op);
}

} // namespace fuse::hlo_text
