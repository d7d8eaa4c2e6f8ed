//===- GatherScatterBuilders.cpp - `gather` and `scatter` -----------------===//
//
// XLA's dimension numbers map one to one onto the attributes of hlo.gather
// and hlo.scatter; the batching dimensions and the `indices_are_sorted` and
// `unique_indices` hints are optional. A scatter's `to_apply` computation
// becomes its body, as a reduce's does.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

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

FailureOr<HloValue> buildScatter(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(3);
  FailureOr<IndexedAttributes> attrs = readIndexedAttributes(
      e, {"update_window_dims", "inserted_window_dims", "input_batching_dims",
          "scatter_indices_batching_dims", "scatter_dims_to_operand_dims"});
  FailureOr<const ParsedComputation *> combiner =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(operands) || failed(attrs) || failed(combiner))
    return failure();
  auto scatter = hlo::ScatterOp::create(
      e.builder, e.loc, (*operands)[0], (*operands)[1], (*operands)[2],
      attrs->windowDims, attrs->droppedDims, attrs->operandBatching,
      attrs->indicesBatching, attrs->startIndexMap, attrs->indexVectorDim,
      e.flag("indices_are_sorted"), e.flag("unique_indices"));

  auto scalar = RankedTensorType::get(
      {}, cast<RankedTensorType>((*operands)[0].getType()).getElementType());
  if (failed(e.emitCombiner(scatter.getBody(), {scalar, scalar}, **combiner,
                            /*numResults=*/1)))
    return failure();
  return e.finish(scatter);
}

} // namespace fuse::hlo_text
