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

FailureOr<HloValue> buildGather(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<ArrayRef<int64_t>> offsetDims = e.integers("offset_dims");
  FailureOr<ArrayRef<int64_t>> collapsed = e.integers("collapsed_slice_dims");
  FailureOr<ArrayRef<int64_t>> operandBatching =
      e.integers("operand_batching_dims", /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> indicesBatching =
      e.integers("start_indices_batching_dims", /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> startIndexMap = e.integers("start_index_map");
  FailureOr<int64_t> indexVectorDim = e.integer("index_vector_dim");
  FailureOr<ArrayRef<int64_t>> sliceSizes = e.integers("slice_sizes");
  if (failed(operands) || failed(offsetDims) || failed(collapsed) ||
      failed(operandBatching) || failed(indicesBatching) ||
      failed(startIndexMap) || failed(indexVectorDim) || failed(sliceSizes))
    return failure();
  return e.finish(hlo::GatherOp::create(
      e.builder, e.loc, (*operands)[0], (*operands)[1], *offsetDims, *collapsed,
      *operandBatching, *indicesBatching, *startIndexMap, *indexVectorDim,
      *sliceSizes, e.flag("indices_are_sorted")));
}

FailureOr<HloValue> buildScatter(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(3);
  FailureOr<ArrayRef<int64_t>> windowDims = e.integers("update_window_dims");
  FailureOr<ArrayRef<int64_t>> inserted = e.integers("inserted_window_dims");
  FailureOr<ArrayRef<int64_t>> inputBatching =
      e.integers("input_batching_dims", /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> indicesBatching =
      e.integers("scatter_indices_batching_dims", /*optional=*/true);
  FailureOr<ArrayRef<int64_t>> toOperandDims =
      e.integers("scatter_dims_to_operand_dims");
  FailureOr<int64_t> indexVectorDim = e.integer("index_vector_dim");
  FailureOr<const ParsedComputation *> combiner =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(operands) || failed(windowDims) || failed(inserted) ||
      failed(inputBatching) || failed(indicesBatching) ||
      failed(toOperandDims) || failed(indexVectorDim) || failed(combiner))
    return failure();
  auto scatter = hlo::ScatterOp::create(
      e.builder, e.loc, (*operands)[0], (*operands)[1], (*operands)[2],
      *windowDims, *inserted, *inputBatching, *indicesBatching, *toOperandDims,
      *indexVectorDim, e.flag("indices_are_sorted"), e.flag("unique_indices"));

  auto scalar = RankedTensorType::get(
      {}, cast<RankedTensorType>((*operands)[0].getType()).getElementType());
  if (failed(e.emitCombiner(scatter.getBody(), {scalar, scalar}, **combiner,
                            /*numResults=*/1)))
    return failure();
  return e.finish(scatter);
}

} // namespace fuse::hlo_text
