//===- Windows.cpp - reduce_window and select_and_scatter in the interpreter
//===//
//
// Both walk the windows of an operand: window position p covers, along each
// dimension, the positions p * stride + k * window_dilation - padding_low
// of the dilated operand, for k in [0, window size); those that fall in
// the padding or between dilated elements are skipped. The bodies are
// evaluated as regions on rank-0 tensors.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

using namespace mlir;

namespace fuse::interp {
namespace {

struct Window {
  ArrayRef<int64_t> sizes, strides, low, baseDilations, windowDilations;

  /// The operand index under window offset `offset` of the window at
  /// `position`, or std::nullopt in the padding or a dilation hole.
  std::optional<SmallVector<int64_t>> element(ArrayRef<int64_t> shape,
                                              ArrayRef<int64_t> position,
                                              ArrayRef<int64_t> offset) const {
    SmallVector<int64_t> index;
    for (auto [d, size] : llvm::enumerate(shape)) {
      int64_t dilated =
          position[d] * strides[d] + offset[d] * windowDilations[d] - low[d];
      if (dilated < 0 || dilated % baseDilations[d] != 0 ||
          dilated / baseDilations[d] >= size)
        return std::nullopt;
      index.push_back(dilated / baseDilations[d]);
    }
    return index;
  }
};

} // namespace

FailureOr<SmallVector<Tensor>> evaluateReduceWindow(hlo::ReduceWindowOp op,
                                                    ArrayRef<Tensor> operands,
                                                    const Scope &scope) {
  size_t count = op.getInputs().size();
  ArrayRef<Tensor> inputs = operands.take_front(count);
  ArrayRef<Tensor> inits = operands.drop_front(count);
  Window window{op.getWindowDimensions(), op.getWindowStrides(),
                op.getPaddingLow(), op.getBaseDilations(),
                op.getWindowDilations()};
  SmallVector<Tensor> results = createResultTensors(op);
  ArrayRef<int64_t> shape = inputs.front().getShape();
  for (int64_t linear = 0, e = results.front().getNumElements(); linear < e;
       ++linear) {
    SmallVector<int64_t> position = results.front().getMultiIndex(linear);
    SmallVector<Tensor> accumulators(inits);
    bool failedBody = false;
    forEachIndex(window.sizes, [&](int64_t, ArrayRef<int64_t> offset) {
      std::optional<SmallVector<int64_t>> at =
          window.element(shape, position, offset);
      if (!at || failedBody)
        return;
      SmallVector<Tensor> arguments(accumulators);
      for (const Tensor &input : inputs)
        arguments.push_back(input.getScalar(input.getLinearIndex(*at)));
      FailureOr<SmallVector<Tensor>> next =
          interpretRegion(op.getBody(), arguments, &scope);
      if (failed(next)) {
        failedBody = true;
        return;
      }
      accumulators = std::move(*next);
    });
    if (failedBody)
      return failure();
    for (auto [result, accumulator] : llvm::zip_equal(results, accumulators))
      result.setElementFrom(linear, accumulator, 0);
  }
  return results;
}

FailureOr<Tensor> evaluateSelectAndScatter(hlo::SelectAndScatterOp op,
                                           const Tensor &operand,
                                           const Tensor &source,
                                           const Tensor &init,
                                           const Scope &scope) {
  Tensor result(cast<RankedTensorType>(op.getType()));
  for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
    result.setElementFrom(i, init, 0);
  SmallVector<int64_t> ones(operand.getRank(), 1);
  Window window{op.getWindowDimensions(), op.getWindowStrides(),
                op.getPaddingLow(), ones, ones};
  for (int64_t linear = 0, e = source.getNumElements(); linear < e; ++linear) {
    SmallVector<int64_t> position = source.getMultiIndex(linear);
    std::optional<int64_t> chosen;
    bool failedBody = false;
    forEachIndex(window.sizes, [&](int64_t, ArrayRef<int64_t> offset) {
      std::optional<SmallVector<int64_t>> at =
          window.element(operand.getShape(), position, offset);
      if (!at || failedBody)
        return;
      int64_t candidate = operand.getLinearIndex(*at);
      if (!chosen) {
        chosen = candidate;
        return;
      }
      FailureOr<SmallVector<Tensor>> keep = interpretRegion(
          op.getSelect(),
          {operand.getScalar(*chosen), operand.getScalar(candidate)}, &scope);
      if (failed(keep)) {
        failedBody = true;
        return;
      }
      if (!keep->front().getInt(0))
        chosen = candidate;
    });
    if (failedBody)
      return failure();
    if (!chosen)
      continue;
    FailureOr<SmallVector<Tensor>> combined = interpretRegion(
        op.getScatter(), {result.getScalar(*chosen), source.getScalar(linear)},
        &scope);
    if (failed(combined))
      return failure();
    result.setElementFrom(*chosen, combined->front(), 0);
  }
  return result;
}

} // namespace fuse::interp
