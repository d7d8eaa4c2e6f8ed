//===- Shape.cpp - data movement ops in the interpreter -------------------===//
//
// Each op is written as the map from a result index to the operand index it
// reads, following its definition in docs/HLO.md.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "llvm/ADT/STLExtras.h"

#include <algorithm>

using namespace mlir;

namespace fuse::interp {
namespace {

RankedTensorType resultType(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType());
}

/// The tensor of `type` whose element at each index is the element of
/// `operand` at the index `operandIndexOf` computes.
Tensor gather(RankedTensorType type, const Tensor &operand,
              llvm::function_ref<void(ArrayRef<int64_t> resultIndex,
                                      MutableArrayRef<int64_t> operandIndex)>
                  operandIndexOf) {
  Tensor result(type);
  SmallVector<int64_t> operandIndex(operand.getRank());
  forEachIndex(type.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
    operandIndexOf(index, operandIndex);
    result.setElementFrom(linear, operand,
                          operand.getLinearIndex(operandIndex));
  });
  return result;
}

/// The start offsets of a dynamic slice of `sizes`, clamped so that the
/// block lies inside `operandShape`.
SmallVector<int64_t> clampedStarts(ArrayRef<Tensor> startIndices,
                                   ArrayRef<int64_t> operandShape,
                                   ArrayRef<int64_t> sizes) {
  SmallVector<int64_t> starts;
  for (auto [start, dimSize, size] :
       llvm::zip_equal(startIndices, operandShape, sizes))
    starts.push_back(std::clamp<int64_t>(start.getInt(0), 0, dimSize - size));
  return starts;
}

Tensor evaluateIota(hlo::IotaOp op) {
  Tensor result(resultType(op));
  int64_t dim = op.getIotaDimension();
  forEachIndex(result.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
    if (result.isFloat())
      result.setFloat(linear, static_cast<double>(index[dim]));
    else
      result.setInt(linear, index[dim]);
  });
  return result;
}

/// Operand dimension i is result dimension dims[i]; operand dimensions of
/// size 1 are broadcast.
Tensor evaluateBroadcastInDim(hlo::BroadcastInDimOp op, const Tensor &operand) {
  ArrayRef<int64_t> dims = op.getBroadcastDimensions();
  return gather(resultType(op), operand,
                [&](ArrayRef<int64_t> index, MutableArrayRef<int64_t> from) {
                  for (auto [operandDim, resultDim] : llvm::enumerate(dims))
                    from[operandDim] = operand.getShape()[operandDim] == 1
                                           ? 0
                                           : index[resultDim];
                });
}

/// The same elements in the same row-major order.
Tensor evaluateReshape(hlo::ReshapeOp op, const Tensor &operand) {
  Tensor result(resultType(op));
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i)
    result.setElementFrom(i, operand, i);
  return result;
}

/// Result dimension i is operand dimension permutation[i].
Tensor evaluateTranspose(hlo::TransposeOp op, const Tensor &operand) {
  ArrayRef<int64_t> permutation = op.getPermutation();
  return gather(resultType(op), operand,
                [&](ArrayRef<int64_t> index, MutableArrayRef<int64_t> from) {
                  for (auto [resultDim, operandDim] :
                       llvm::enumerate(permutation))
                    from[operandDim] = index[resultDim];
                });
}

Tensor evaluateSlice(hlo::SliceOp op, const Tensor &operand) {
  ArrayRef<int64_t> starts = op.getStartIndices();
  ArrayRef<int64_t> strides = op.getStrides();
  return gather(resultType(op), operand,
                [&](ArrayRef<int64_t> index, MutableArrayRef<int64_t> from) {
                  for (int64_t d = 0, e = index.size(); d < e; ++d)
                    from[d] = starts[d] + index[d] * strides[d];
                });
}

Tensor evaluateDynamicSlice(hlo::DynamicSliceOp op, const Tensor &operand,
                            ArrayRef<Tensor> startIndices) {
  SmallVector<int64_t> starts =
      clampedStarts(startIndices, operand.getShape(), op.getSliceSizes());
  return gather(resultType(op), operand,
                [&](ArrayRef<int64_t> index, MutableArrayRef<int64_t> from) {
                  for (int64_t d = 0, e = index.size(); d < e; ++d)
                    from[d] = starts[d] + index[d];
                });
}

Tensor evaluateDynamicUpdateSlice(const Tensor &operand, const Tensor &update,
                                  ArrayRef<Tensor> startIndices) {
  SmallVector<int64_t> starts =
      clampedStarts(startIndices, operand.getShape(), update.getShape());
  Tensor result = operand;
  SmallVector<int64_t> target(operand.getRank());
  forEachIndex(update.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
    for (int64_t d = 0, e = index.size(); d < e; ++d)
      target[d] = starts[d] + index[d];
    result.setElementFrom(result.getLinearIndex(target), update, linear);
  });
  return result;
}

Tensor evaluateConcatenate(hlo::ConcatenateOp op, ArrayRef<Tensor> inputs) {
  Tensor result(resultType(op));
  int64_t dim = op.getDimension();
  int64_t offset = 0;
  SmallVector<int64_t> target(result.getRank());
  for (const Tensor &input : inputs) {
    forEachIndex(
        input.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
          llvm::copy(index, target.begin());
          target[dim] += offset;
          result.setElementFrom(result.getLinearIndex(target), input, linear);
        });
    offset += input.getShape()[dim];
  }
  return result;
}

/// Result position p along a dimension reads operand position
/// (p - low) / (interior + 1) when that divides exactly and lies inside the
/// operand; every other position is padding. Negative low and high padding
/// thus remove elements at the edges.
Tensor evaluatePad(hlo::PadOp op, const Tensor &operand,
                   const Tensor &paddingValue) {
  ArrayRef<int64_t> low = op.getEdgePaddingLow();
  ArrayRef<int64_t> interior = op.getInteriorPadding();
  Tensor result(resultType(op));
  SmallVector<int64_t> from(operand.getRank());
  forEachIndex(result.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
    bool isPadding = false;
    for (int64_t d = 0, e = index.size(); d < e && !isPadding; ++d) {
      int64_t step = interior[d] + 1;
      int64_t position = index[d] - low[d];
      isPadding = position < 0 || position % step != 0 ||
                  position / step >= operand.getShape()[d];
      from[d] = position / step;
    }
    if (isPadding)
      result.setElementFrom(linear, paddingValue, 0);
    else
      result.setElementFrom(linear, operand, operand.getLinearIndex(from));
  });
  return result;
}

Tensor evaluateReverse(hlo::ReverseOp op, const Tensor &operand) {
  ArrayRef<int64_t> dims = op.getDimensions();
  return gather(resultType(op), operand,
                [&](ArrayRef<int64_t> index, MutableArrayRef<int64_t> from) {
                  for (int64_t d = 0, e = index.size(); d < e; ++d)
                    from[d] = llvm::is_contained(dims, d)
                                  ? operand.getShape()[d] - 1 - index[d]
                                  : index[d];
                });
}

} // namespace

std::optional<Tensor> evaluateShapeOp(Operation *op,
                                      ArrayRef<Tensor> operands) {
  if (auto iota = dyn_cast<hlo::IotaOp>(op))
    return evaluateIota(iota);
  if (auto broadcast = dyn_cast<hlo::BroadcastInDimOp>(op))
    return evaluateBroadcastInDim(broadcast, operands[0]);
  if (auto reshape = dyn_cast<hlo::ReshapeOp>(op))
    return evaluateReshape(reshape, operands[0]);
  if (auto transpose = dyn_cast<hlo::TransposeOp>(op))
    return evaluateTranspose(transpose, operands[0]);
  if (auto slice = dyn_cast<hlo::SliceOp>(op))
    return evaluateSlice(slice, operands[0]);
  if (auto slice = dyn_cast<hlo::DynamicSliceOp>(op))
    return evaluateDynamicSlice(slice, operands[0], operands.drop_front());
  if (isa<hlo::DynamicUpdateSliceOp>(op))
    return evaluateDynamicUpdateSlice(operands[0], operands[1],
                                      operands.drop_front(2));
  if (auto concatenate = dyn_cast<hlo::ConcatenateOp>(op))
    return evaluateConcatenate(concatenate, operands);
  if (auto pad = dyn_cast<hlo::PadOp>(op))
    return evaluatePad(pad, operands[0], operands[1]);
  if (auto reverse = dyn_cast<hlo::ReverseOp>(op))
    return evaluateReverse(reverse, operands[0]);
  return std::nullopt;
}

} // namespace fuse::interp
