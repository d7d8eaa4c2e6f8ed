//===- GatherScatterBuilders.cpp - `gather` and `scatter` -----------------===//
//
// XLA's dimension numbers map one to one onto the attributes of hlo.gather
// and hlo.scatter; the batching dimensions and the `indices_are_sorted` and
// `unique_indices` hints are optional. A scatter's `to_apply` computation
// becomes its body, as a reduce's does. hlo.scatter updates one operand: a
// scatter of N operands becomes N of them when its computation is
// separable, each result reading only its own operand and update (as
// JAX's `.at[].set` and argmax-style pairs of unrelated updates are); any
// other combiner is refused.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Analysis/SliceAnalysis.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// The attributes gather and scatter share under their own names.
struct IndexedAttributes {
  ArrayRef<int64_t> windowDims, droppedDims, operandBatching, indicesBatching,
      startIndexMap;
  int64_t indexVectorDim;
};

/// Reads them, named as gather or scatter names them in this order.
FailureOr<IndexedAttributes> readIndexedAttributes(InstructionEmission &e,
                                                   ArrayRef<StringRef> names) {
  FailureOr<ArrayRef<int64_t>> windowDims = e.integers(names[0]);
  FailureOr<ArrayRef<int64_t>> droppedDims = e.integers(names[1]);
  FailureOr<ArrayRef<int64_t>> operandBatching =
      e.integers(names[2], /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> indicesBatching =
      e.integers(names[3], /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> startIndexMap = e.integers(names[4]);
  FailureOr<int64_t> indexVectorDim = e.integer("index_vector_dim");
  if (failed(windowDims) || failed(droppedDims) || failed(operandBatching) ||
      failed(indicesBatching) || failed(startIndexMap) ||
      failed(indexVectorDim))
    return failure();
  return IndexedAttributes{*windowDims,      *droppedDims,   *operandBatching,
                           *indicesBatching, *startIndexMap, *indexVectorDim};
}

} // namespace

FailureOr<HloValue> buildGather(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<IndexedAttributes> attrs = readIndexedAttributes(
      e, {"offset_dims", "collapsed_slice_dims", "operand_batching_dims",
          "start_indices_batching_dims", "start_index_map"});
  FailureOr<ArrayRef<int64_t>> sliceSizes = e.integers("slice_sizes");
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(operands) || failed(attrs) || failed(sliceSizes) || failed(type))
    return failure();
  // The declared type: a shape error is the verifier's located error.
  return e.finish(hlo::GatherOp::create(
      e.builder, e.loc, Type(*type), (*operands)[0], (*operands)[1],
      attrs->windowDims, attrs->droppedDims, attrs->operandBatching,
      attrs->indicesBatching, attrs->startIndexMap, attrs->indexVectorDim,
      *sliceSizes, e.flag("indices_are_sorted")));
}

namespace {

/// Makes `region` the combiner of operand `k` of a scatter of operands of
/// `scalars` types: `computation` on (accumulator, update), its other
/// parameters zeros, returning its k-th result. Fails when that result
/// reads another operand's values.
LogicalResult emitSeparatedCombiner(InstructionEmission &e, Region &region,
                                    ArrayRef<RankedTensorType> scalars,
                                    const ParsedComputation &computation,
                                    size_t k) {
  OpBuilder::InsertionGuard guard(e.builder);
  size_t count = scalars.size();
  Block *body = e.builder.createBlock(&region, {}, {scalars[k], scalars[k]},
                                      {e.loc, e.loc});
  SmallVector<HloValue> arguments;
  llvm::SmallPtrSet<Operation *, 4> others;
  for (size_t j = 0; j < 2 * count; ++j) {
    if (j == k || j == count + k) {
      arguments.push_back(HloValue{body->getArgument(j == k ? 0 : 1), {}});
      continue;
    }
    Value zero = e.splat(scalars[j % count], 0.0);
    others.insert(zero.getDefiningOp());
    arguments.push_back(HloValue{zero, {}});
  }
  FailureOr<HloValue> root =
      e.emitter.emitComputation(computation, arguments, std::nullopt);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  if (results.size() != count)
    return e.emitError() << "computation '" << computation.name << "' returns "
                         << results.size() << " values, not " << count;
  SetVector<Operation *> slice;
  if (Operation *result = results[k].getDefiningOp()) {
    slice.insert(result);
    (void)getBackwardSlice(result, &slice);
  }
  if (llvm::any_of(slice, [&](Operation *op) { return others.contains(op); }))
    return e.emitError() << "result " << k << " of the combiner '"
                         << computation.name
                         << "' reads other operands' values; a scatter of "
                         << count << " operands is supported when each result "
                         << "reads only its own operand and update";
  hlo::ReturnOp::create(e.builder, e.loc, results[k]);
  return success();
}

} // namespace

FailureOr<HloValue> buildScatter(InstructionEmission &e) {
  size_t operandCount = e.operands.size();
  if (operandCount < 3 || operandCount % 2 == 0)
    return e.emitError() << "'scatter' takes N operands, the indices and N "
                            "updates, not "
                         << operandCount << " operands";
  size_t count = (operandCount - 1) / 2;
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(operandCount);
  FailureOr<IndexedAttributes> attrs = readIndexedAttributes(
      e, {"update_window_dims", "inserted_window_dims", "input_batching_dims",
          "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"});
  FailureOr<const ParsedComputation *> combiner =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(operands) || failed(attrs) || failed(combiner))
    return failure();
  ArrayRef<Value> inputs = ArrayRef<Value>(*operands).take_front(count);
  Value indices = (*operands)[count];
  ArrayRef<Value> updates = ArrayRef<Value>(*operands).take_back(count);
  SmallVector<RankedTensorType> scalars;
  for (Value input : inputs)
    scalars.push_back(RankedTensorType::get(
        {}, cast<RankedTensorType>(input.getType()).getElementType()));

  SmallVector<Value> results;
  for (size_t k = 0; k < count; ++k) {
    auto scatter = hlo::ScatterOp::create(
        e.builder, e.loc, inputs[k], indices, updates[k], attrs->windowDims,
        attrs->droppedDims, attrs->operandBatching, attrs->indicesBatching,
        attrs->startIndexMap, attrs->indexVectorDim,
        e.flag("indices_are_sorted"), e.flag("unique_indices"));
    if (failed(emitSeparatedCombiner(e, scatter.getBody(), scalars,
                                     **combiner, k)) ||
        failed(e.finish(scatter)))
      return failure();
    results.push_back(scatter.getResult());
  }
  return HloValue::of(results);
}

} // namespace fuse::hlo_text
