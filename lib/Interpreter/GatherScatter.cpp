//===- GatherScatter.cpp - hlo.gather and hlo.scatter in the interpreter --===//
//
// Both ops read an index vector from the indices for every index of their
// batch (gather) or scatter (scatter) dimensions and place it in operand
// dimensions. Gather clamps the start so that the slice fits; scatter skips
// a window that does not fit, and combines the updates in row-major order
// of the updates with the body, evaluated as a region on rank-0 tensors.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "fuse/Dialect/HLO/IR/GatherScatterDimensions.h"

using namespace mlir;

namespace fuse::interp {
namespace {

/// How the index vectors of `indices` map to operand dimensions.
struct IndexMapping {
  const hlo::IndexedDimensions &dims;

  /// The operand index where the slice (window) of the index vector at
  /// `batchIndex` (an index of the dimensions of `indices` other than the
  /// index vector's) starts, before any clamping.
  SmallVector<int64_t> start(const Tensor &indices, int64_t operandRank,
                             ArrayRef<int64_t> batchIndex) const {
    SmallVector<int64_t> full(batchIndex);
    bool hasVectorDim = dims.indexVectorDim < indices.getRank();
    if (hasVectorDim)
      full.insert(full.begin() + dims.indexVectorDim, 0);
    SmallVector<int64_t> start(operandRank, 0);
    for (auto [k, dim] : llvm::enumerate(dims.startIndexMap)) {
      if (hasVectorDim)
        full[dims.indexVectorDim] = k;
      start[dim] = indices.getInt(indices.getLinearIndex(full));
    }
    for (auto [operandDim, indicesDim] :
         llvm::zip_equal(dims.operandBatching, dims.indicesBatching))
      start[operandDim] = full[indicesDim];
    return start;
  }
};

} // namespace

Tensor evaluateGather(hlo::GatherOp op, const Tensor &operand,
                      const Tensor &indices) {
  Tensor result(cast<RankedTensorType>(op.getType()));
  hlo::IndexedDimensions dims = hlo::IndexedDimensions::get(op);
  IndexMapping mapping{dims};
  ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
  // A slice of no elements along a collapsed dimension (of an operand that
  // may have none) reads nothing: XLA's result is zeros.
  if (llvm::is_contained(sliceSizes, 0))
    return result;
  forEachIndex(result.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
    SmallVector<int64_t> offset, batchIndex;
    hlo::splitWindowIndex<int64_t>(index, dims.windowDims, offset, batchIndex);
    SmallVector<int64_t> at =
        mapping.start(indices, operand.getRank(), batchIndex);
    for (int64_t dim : op.getStartIndexMap())
      at[dim] = std::clamp<int64_t>(at[dim], 0,
                                    operand.getShape()[dim] - sliceSizes[dim]);
    for (auto [dim, position] : llvm::zip_equal(dims.windowOperandDims, offset))
      at[dim] += position;
    result.setElementFrom(linear, operand, operand.getLinearIndex(at));
  });
  return result;
}

FailureOr<Tensor> evaluateScatter(hlo::ScatterOp op, const Tensor &operand,
                                  const Tensor &indices, const Tensor &updates,
                                  const Scope &scope) {
  Tensor result = operand;
  hlo::IndexedDimensions dims = hlo::IndexedDimensions::get(op);
  IndexMapping mapping{dims};
  ArrayRef<int64_t> windowDims = dims.windowDims;
  ArrayRef<int64_t> windowOperandDims = dims.windowOperandDims;
  // The extent of the window along each operand dimension.
  SmallVector<int64_t> windowSizes(operand.getRank(), 1);
  for (auto [operandDim, updateDim] :
       llvm::zip_equal(windowOperandDims, windowDims))
    windowSizes[operandDim] = updates.getShape()[updateDim];
  Type elementType = operand.getElementType();
  for (int64_t linear = 0, e = updates.getNumElements(); linear < e; ++linear) {
    SmallVector<int64_t> window, scatterIndex;
    hlo::splitWindowIndex<int64_t>(updates.getMultiIndex(linear), windowDims,
                                   window, scatterIndex);
    SmallVector<int64_t> at =
        mapping.start(indices, operand.getRank(), scatterIndex);
    bool fits = llvm::all_of(
        llvm::seq<int64_t>(0, operand.getRank()), [&](int64_t dim) {
          return at[dim] >= 0 &&
                 at[dim] + windowSizes[dim] <= operand.getShape()[dim];
        });
    if (!fits)
      continue;
    for (auto [dim, position] : llvm::zip_equal(windowOperandDims, window))
      at[dim] += position;
    int64_t target = result.getLinearIndex(at);
    Tensor current({}, elementType), update({}, elementType);
    current.setElementFrom(0, result, target);
    update.setElementFrom(0, updates, linear);
    FailureOr<SmallVector<Tensor>> combined =
        interpretRegion(op.getBody(), {current, update}, &scope);
    if (failed(combined))
      return failure();
    result.setElementFrom(target, combined->front(), 0);
  }
  return result;
}

} // namespace fuse::interp
