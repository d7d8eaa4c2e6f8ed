//===- ScanBuilder.cpp - XLA's `scan` as an hlo.while ---------------------===//
//
// `scan(inputs..., inits...), dimensions={d}, num_carries=K, to_apply=f`
// walks dimension d of the inputs (backwards with is_reverse=true): at each
// position f takes the inputs' slices there and the carries, and returns the
// outputs' slices there and the next carries. The results are the outputs,
// then the last carries. It becomes an hlo.while over the positions whose
// state is the position, the carries and the outputs so far; each step
// reads the inputs with dynamic_slice and writes the outputs with
// dynamic_update_slice.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// `type` without dimension `dim`.
RankedTensorType dropDimension(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  return type.clone(shape);
}

/// `type` with dimension `dim` of size 1.
RankedTensorType unitDimension(RankedTensorType type, int64_t dim) {
  SmallVector<int64_t> shape(type.getShape());
  shape[dim] = 1;
  return type.clone(shape);
}

} // namespace

FailureOr<HloValue> buildScan(InstructionEmission &e) {
  FailureOr<ArrayRef<int64_t>> dims = e.integers("dimensions");
  FailureOr<int64_t> carries = e.integer("num_carries");
  FailureOr<const ParsedComputation *> body =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  SmallVector<Type> resultTypes;
  if (failed(dims) || failed(carries) || failed(body) || failed(operands) ||
      failed(e.resultTypes(resultTypes)))
    return failure();
  int64_t inputCount = operands->size() - *carries;
  int64_t outputCount = resultTypes.size() - *carries;
  if (dims->size() != 1 || *carries < 0 || inputCount < 1 || outputCount < 0)
    return e.emitError() << "'scan' takes one dimension, and its inputs "
                            "before its num_carries initial carries";
  int64_t dim = dims->front();
  auto first = cast<RankedTensorType>((*operands)[0].getType());
  if (dim < 0 || dim >= first.getRank())
    return e.emitError() << "'scan' dimension " << dim
                         << " is not a dimension of its inputs";
  int64_t length = first.getDimSize(dim);
  ArrayRef<Value> inputs = ArrayRef<Value>(*operands).take_front(inputCount);
  ArrayRef<Value> inits = ArrayRef<Value>(*operands).drop_front(inputCount);
  ArrayRef<Type> outputTypes =
      ArrayRef<Type>(resultTypes).take_front(outputCount);
  for (Value input : inputs) {
    auto type = cast<RankedTensorType>(input.getType());
    if (type.getRank() <= dim || type.getDimSize(dim) != length)
      return e.emitError() << "'scan' inputs must share dimension " << dim;
  }
  for (Type type : outputTypes) {
    auto output = cast<RankedTensorType>(type);
    if (output.getRank() <= dim || output.getDimSize(dim) != length)
      return e.emitError() << "'scan' outputs must have dimension " << dim
                           << " of the inputs' size " << length;
  }

  // State: the carries and the outputs so far (zeros), after the step.
  auto index = RankedTensorType::get({}, e.builder.getI64Type());
  SmallVector<Value> initial(inits);
  for (Type type : outputTypes)
    initial.push_back(e.splat(cast<RankedTensorType>(type), 0.0));
  auto step = [&](Value counter,
                  ValueRange state) -> FailureOr<SmallVector<Value>> {
    Value position =
        e.flag("is_reverse")
            ? hlo::SubtractOp::create(
                  e.builder, e.loc, e.splat(index, double(length - 1)), counter)
                  .getResult()
            : counter;
    auto startsAt = [&](int64_t rank) {
      SmallVector<Value> starts(rank, e.splat(index, 0.0));
      starts[dim] = position;
      return starts;
    };
    SmallVector<HloValue> arguments;
    for (Value input : inputs) {
      auto type = cast<RankedTensorType>(input.getType());
      RankedTensorType unit = unitDimension(type, dim);
      Value slice = hlo::DynamicSliceOp::create(e.builder, e.loc, unit, input,
                                                startsAt(type.getRank()),
                                                unit.getShape());
      arguments.push_back(
          HloValue{hlo::ReshapeOp::create(e.builder, e.loc,
                                          dropDimension(type, dim), slice),
                   {}});
    }
    for (int64_t k = 0; k < *carries; ++k)
      arguments.push_back(HloValue{state[k], {}});
    FailureOr<HloValue> root =
        e.emitter.emitComputation(**body, arguments, e.loc);
    if (failed(root))
      return failure();
    SmallVector<Value> returned;
    root->flatten(returned);
    if (static_cast<int64_t>(returned.size()) != outputCount + *carries)
      return e.emitError() << "the computation of 'scan' returns "
                           << returned.size() << " values, not " << outputCount
                           << " outputs and " << *carries << " carries";
    SmallVector<Value> next(ArrayRef<Value>(returned).drop_front(outputCount));
    for (auto [k, type] : llvm::enumerate(outputTypes)) {
      auto output = cast<RankedTensorType>(type);
      Value update = hlo::ReshapeOp::create(
          e.builder, e.loc, unitDimension(output, dim), returned[k]);
      next.push_back(hlo::DynamicUpdateSliceOp::create(
          e.builder, e.loc, output, state[*carries + k], update,
          startsAt(output.getRank())));
    }
    return next;
  };
  FailureOr<SmallVector<Value>> lastState =
      emitCountedLoop(e, length, initial, step);
  if (failed(lastState))
    return failure();
  // Results: the outputs, then the last carries.
  SmallVector<Value> results(ArrayRef<Value>(*lastState).drop_front(*carries));
  llvm::append_range(results, ArrayRef<Value>(*lastState).take_front(*carries));
  ArrayRef<Value> tensors = results;
  return regroup(e.instruction.shape, tensors);
}

} // namespace fuse::hlo_text
