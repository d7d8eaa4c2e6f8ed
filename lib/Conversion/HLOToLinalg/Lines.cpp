//===- Lines.cpp - computing tensors line by line -------------------------===//
//
// Scans, sorts and top-k selections work on the lines of their inputs along
// one dimension, independently: an scf.forall over the other dimensions
// hands each iteration its lines as rank-1 slices and inserts the lines it
// computes, which may be shorter (top-k).
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

using namespace mlir;

FailureOr<SmallVector<Value>> fuse::detail::mapLines(
    OpBuilder &builder, Location loc, ValueRange inputs, int64_t dim,
    TypeRange resultTypes,
    function_ref<FailureOr<SmallVector<Value>>(OpBuilder &, Location,
                                               ValueRange)>
        computeLine) {
  auto type = cast<RankedTensorType>(inputs.front().getType());
  int64_t rank = type.getRank(), length = type.getDimSize(dim);
  if (rank == 1)
    return computeLine(builder, loc, inputs);

  SmallVector<Value> destinations;
  for (Type resultType : resultTypes)
    destinations.push_back(
        createEmptyTensor(builder, loc, cast<RankedTensorType>(resultType)));
  SmallVector<OpFoldResult> lines;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      lines.push_back(builder.getIndexAttr(type.getDimSize(d)));
  auto loop =
      scf::ForallOp::create(builder, loc, lines, destinations, std::nullopt);
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToStart(loop.getBody());
  // The line through the loop's indices, along `dim`.
  SmallVector<OpFoldResult> offsets, sizes(rank, builder.getIndexAttr(1)),
      strides(rank, builder.getIndexAttr(1));
  for (int64_t d = 0, i = 0; d < rank; ++d)
    offsets.push_back(d == dim ? OpFoldResult(builder.getIndexAttr(0))
                               : OpFoldResult(loop.getInductionVar(i++)));
  sizes[dim] = builder.getIndexAttr(length);
  SmallVector<Value> lineInputs;
  for (Value input : inputs) {
    auto lineType = RankedTensorType::get(
        {length}, cast<RankedTensorType>(input.getType()).getElementType());
    lineInputs.push_back(tensor::ExtractSliceOp::create(
        builder, loc, lineType, input, offsets, sizes, strides));
  }
  FailureOr<SmallVector<Value>> computed =
      computeLine(builder, loc, lineInputs);
  if (failed(computed))
    return failure();
  builder.setInsertionPointToStart(loop.getTerminator().getBody());
  for (auto [line, destination] :
       llvm::zip_equal(*computed, loop.getRegionIterArgs())) {
    sizes[dim] = builder.getIndexAttr(
        cast<RankedTensorType>(line.getType()).getDimSize(0));
    tensor::ParallelInsertSliceOp::create(builder, loc, line, destination,
                                          offsets, sizes, strides);
  }
  return llvm::to_vector_of<Value>(loop.getResults());
}
