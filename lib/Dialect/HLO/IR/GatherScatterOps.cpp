//===- GatherScatterOps.cpp - hlo.gather and hlo.scatter ------------------===//
//
// The shape rules of gather and scatter (docs/HLO.md, C1, C2, ...): both read
// index vectors from an integer tensor along `index_vector_dim` and place
// them in operand dimensions, so they share the checks of the dimension
// numbers.
//
//===----------------------------------------------------------------------===//

#include "ShapeChecker.h"

#include "fuse/Dialect/HLO/IR/GatherScatterDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The index vectors of `indices` along `indexVectorDim` (C1, C2), and the
/// batching dimensions pairing operand and indices (C5, C6); shared by
/// gather and scatter.
struct IndexedAccess {
  RankedTensorType operand, indices;
  int64_t indexVectorDim;
  ArrayRef<int64_t> startIndexMap, operandBatching, indicesBatching;
  StringRef startIndexMapName, operandBatchingName, indicesBatchingName;

  /// The dimensions of `indices` that enumerate index vectors, in order.
  SmallVector<int64_t> batchShape() const {
    SmallVector<int64_t> shape;
    for (auto [dim, size] : llvm::enumerate(indices.getShape()))
      if (static_cast<int64_t>(dim) != indexVectorDim)
        shape.push_back(size);
    return shape;
  }

  LogicalResult verify(const ShapeChecker &check) const {
    int64_t indicesRank = indices.getRank();
    // C1
    if (indexVectorDim < 0 || indexVectorDim > indicesRank)
      return check.fail("index_vector_dim " + Twine(indexVectorDim) +
                        " is outside [0, " + Twine(indicesRank) + "]");
    // C2
    int64_t vectorSize =
        indexVectorDim == indicesRank ? 1 : indices.getDimSize(indexVectorDim);
    if (static_cast<int64_t>(startIndexMap.size()) != vectorSize)
      return check.fail(startIndexMapName + " has " +
                        Twine(startIndexMap.size()) +
                        " dimensions but the index vectors have " +
                        Twine(vectorSize) + " elements");
    int64_t operandRank = operand.getRank();
    // C7 of gather, C6 of scatter
    if (failed(check.dimensions(startIndexMapName, startIndexMap, operandRank,
                                /*sorted=*/false)))
      return failure();
    // C5
    if (failed(check.dimensions(operandBatchingName, operandBatching,
                                operandRank, /*sorted=*/true)) ||
        failed(check.disjoint(startIndexMapName, startIndexMap,
                              operandBatchingName, operandBatching)))
      return failure();
    // C6
    if (failed(check.dimensions(indicesBatchingName, indicesBatching,
                                indicesRank, /*sorted=*/false)))
      return failure();
    if (llvm::is_contained(indicesBatching, indexVectorDim))
      return check.fail(indicesBatchingName + " holds index_vector_dim");
    if (operandBatching.size() != indicesBatching.size())
      return check.fail(operandBatchingName + " and " + indicesBatchingName +
                        " differ in length");
    for (auto [o, i] : llvm::zip_equal(operandBatching, indicesBatching))
      if (operand.getDimSize(o) != indices.getDimSize(i))
        return check.fail("batching dimension " + Twine(o) +
                          " of the operand and " + Twine(i) +
                          " of the indices differ in size");
    return success();
  }
};

} // namespace

/// The operand dimensions below `rank` that neither `dropped` nor
/// `batching` name, in order.
static SmallVector<int64_t> getWindowOperandDims(int64_t rank,
                                                 ArrayRef<int64_t> dropped,
                                                 ArrayRef<int64_t> batching) {
  SmallVector<int64_t> kept;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(dropped, dim) && !llvm::is_contained(batching, dim))
      kept.push_back(dim);
  return kept;
}

//===----------------------------------------------------------------------===//
// gather
//===----------------------------------------------------------------------===//

LogicalResult GatherOp::inferReturnTypes(MLIRContext *,
                                         std::optional<Location> loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  ShapeChecker check{loc};
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  auto indices = cast<RankedTensorType>(adaptor.getStartIndices().getType());
  IndexedAccess access{operand,
                       indices,
                       static_cast<int64_t>(adaptor.getIndexVectorDim()),
                       adaptor.getStartIndexMap(),
                       adaptor.getOperandBatchingDims(),
                       adaptor.getStartIndicesBatchingDims(),
                       "start_index_map",
                       "operand_batching_dims",
                       "start_indices_batching_dims"};
  if (failed(access.verify(check)))
    return failure();
  int64_t operandRank = operand.getRank();
  ArrayRef<int64_t> sliceSizes = adaptor.getSliceSizes();
  ArrayRef<int64_t> collapsed = adaptor.getCollapsedSliceDims();
  ArrayRef<int64_t> batching = adaptor.getOperandBatchingDims();
  ArrayRef<int64_t> offsetDims = adaptor.getOffsetDims();
  // C8
  if (static_cast<int64_t>(sliceSizes.size()) != operandRank)
    return check.fail("slice_sizes has " + Twine(sliceSizes.size()) +
                      " sizes for an operand of rank " + Twine(operandRank));
  for (auto [dim, size] : llvm::enumerate(sliceSizes))
    if (size < 0 || size > operand.getDimSize(dim))
      return check.fail("slice size " + Twine(size) + " of dimension " +
                        Twine(dim) + " does not fit in the operand");
  // C4
  if (failed(check.dimensions("collapsed_slice_dims", collapsed, operandRank,
                              /*sorted=*/true)) ||
      failed(check.disjoint("collapsed_slice_dims", collapsed,
                            "operand_batching_dims", batching)))
    return failure();
  for (int64_t dim : llvm::concat<const int64_t>(collapsed, batching))
    if (sliceSizes[dim] > 1)
      return check.fail("dimension " + Twine(dim) +
                        " is dropped from the slice but its size is " +
                        Twine(sliceSizes[dim]));
  // C9
  int64_t offsetRank = operandRank - collapsed.size() - batching.size();
  if (static_cast<int64_t>(offsetDims.size()) != offsetRank)
    return check.fail("offset_dims has " + Twine(offsetDims.size()) +
                      " dimensions but the slice keeps " + Twine(offsetRank));
  SmallVector<int64_t> batchShape = access.batchShape();
  int64_t resultRank = batchShape.size() + offsetRank;
  // C3
  if (failed(check.dimensions("offset_dims", offsetDims, resultRank,
                              /*sorted=*/true)))
    return failure();

  SmallVector<int64_t> sliceShape;
  for (int64_t dim : getWindowOperandDims(operandRank, collapsed, batching))
    sliceShape.push_back(sliceSizes[dim]);
  SmallVector<int64_t> shape;
  auto nextSlice = sliceShape.begin(), nextBatch = batchShape.begin();
  for (int64_t dim = 0; dim < resultRank; ++dim)
    shape.push_back(llvm::is_contained(offsetDims, dim) ? *nextSlice++
                                                        : *nextBatch++);
  results.push_back(operand.clone(shape));
  return success();
}

//===----------------------------------------------------------------------===//
// scatter
//===----------------------------------------------------------------------===//

LogicalResult ScatterOp::inferReturnTypes(MLIRContext *,
                                          std::optional<Location>,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  results.push_back(adaptor.getOperand().getType());
  return success();
}

LogicalResult ScatterOp::verify() {
  ShapeChecker check{getLoc()};
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto indices = cast<RankedTensorType>(getScatterIndices().getType());
  auto updates = cast<RankedTensorType>(getUpdates().getType());
  IndexedAccess access{operand,
                       indices,
                       static_cast<int64_t>(getIndexVectorDim()),
                       getScatterDimsToOperandDims(),
                       getInputBatchingDims(),
                       getScatterIndicesBatchingDims(),
                       "scatter_dims_to_operand_dims",
                       "input_batching_dims",
                       "scatter_indices_batching_dims"};
  if (failed(access.verify(check)))
    return failure();
  int64_t operandRank = operand.getRank();
  ArrayRef<int64_t> windowDims = getUpdateWindowDims();
  ArrayRef<int64_t> inserted = getInsertedWindowDims();
  ArrayRef<int64_t> batching = getInputBatchingDims();
  // C9
  if (updates.getElementType() != operand.getElementType())
    return emitOpError("updates have element type ")
           << updates.getElementType() << " but the operand "
           << operand.getElementType();
  // C3
  if (failed(check.dimensions("update_window_dims", windowDims,
                              updates.getRank(), /*sorted=*/true)))
    return failure();
  // C4
  if (failed(check.dimensions("inserted_window_dims", inserted, operandRank,
                              /*sorted=*/true)) ||
      failed(check.disjoint("inserted_window_dims", inserted,
                            "input_batching_dims", batching)))
    return failure();
  // C7
  int64_t windowRank = operandRank - inserted.size() - batching.size();
  if (static_cast<int64_t>(windowDims.size()) != windowRank)
    return check.fail("update_window_dims has " + Twine(windowDims.size()) +
                      " dimensions but the operand leaves " +
                      Twine(windowRank) + " for the window");
  // C8
  SmallVector<int64_t> batchShape = access.batchShape();
  if (updates.getRank() != static_cast<int64_t>(batchShape.size()) + windowRank)
    return check.fail("updates have rank " + Twine(updates.getRank()) +
                      " but the indices give " + Twine(batchShape.size()) +
                      " scatter dimensions and the window " +
                      Twine(windowRank));
  auto nextBatch = batchShape.begin();
  auto windowOperandDim = llvm::make_filter_range(
      llvm::seq<int64_t>(0, operandRank), [&](int64_t dim) {
        return !llvm::is_contained(inserted, dim) &&
               !llvm::is_contained(batching, dim);
      });
  auto nextOperandDim = windowOperandDim.begin();
  for (int64_t dim = 0; dim < updates.getRank(); ++dim) {
    int64_t size = updates.getDimSize(dim);
    if (llvm::is_contained(windowDims, dim)) {
      int64_t operandDim = *nextOperandDim++;
      if (size > operand.getDimSize(operandDim))
        return check.fail("window dimension " + Twine(dim) + " of size " +
                          Twine(size) + " exceeds operand dimension " +
                          Twine(operandDim));
    } else if (size != *nextBatch++) {
      return check.fail("scatter dimension " + Twine(dim) +
                        " of the updates has size " + Twine(size) +
                        " but the indices' has " +
                        Twine(*std::prev(nextBatch)));
    }
  }
  return success();
}

LogicalResult ScatterOp::verifyRegions() {
  // C10
  auto scalar = RankedTensorType::get(
      {}, cast<RankedTensorType>(getOperand().getType()).getElementType());
  Block &block = getBody().front();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (block.getArgumentTypes() != TypeRange{scalar, scalar} || !ret ||
      ret.getResults().getTypes() != TypeRange{scalar})
    return emitOpError("body must take two ")
           << scalar << " and return one with hlo.return";
  return success();
}

//===----------------------------------------------------------------------===//
// IndexedDimensions
//===----------------------------------------------------------------------===//

IndexedDimensions IndexedDimensions::get(GatherOp op) {
  int64_t rank = cast<RankedTensorType>(op.getOperand().getType()).getRank();
  return {static_cast<int64_t>(op.getIndexVectorDim()),
          llvm::to_vector(op.getStartIndexMap()),
          llvm::to_vector(op.getOperandBatchingDims()),
          llvm::to_vector(op.getStartIndicesBatchingDims()),
          getWindowOperandDims(rank, op.getCollapsedSliceDims(),
                               op.getOperandBatchingDims()),
          llvm::to_vector(op.getOffsetDims())};
}

IndexedDimensions IndexedDimensions::get(ScatterOp op) {
  int64_t rank = cast<RankedTensorType>(op.getOperand().getType()).getRank();
  return {static_cast<int64_t>(op.getIndexVectorDim()),
          llvm::to_vector(op.getScatterDimsToOperandDims()),
          llvm::to_vector(op.getInputBatchingDims()),
          llvm::to_vector(op.getScatterIndicesBatchingDims()),
          getWindowOperandDims(rank, op.getInsertedWindowDims(),
                               op.getInputBatchingDims()),
          llvm::to_vector(op.getUpdateWindowDims())};
}
