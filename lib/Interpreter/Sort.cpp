//===- Sort.cpp - sort and topk in the interpreter ------------------------===//
//
// Every line along the sorted dimension is put in order by a bottom-up merge
// sort of its positions, which takes the right element only when it goes
// strictly before the left one: stable, n log n comparisons, and safe with
// any comparator (one that is not a strict weak order still ends). The
// compiled general sort uses the same merges, so the two agree even then.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include <limits>

using namespace mlir;

namespace fuse::interp {
namespace {

/// Sorts `order` stably: `before(a, b)` says whether position a goes first.
void mergeSort(MutableArrayRef<int64_t> order,
               function_ref<bool(int64_t, int64_t)> before) {
  int64_t size = order.size();
  SmallVector<int64_t> merged(size);
  for (int64_t width = 1; width < size; width *= 2) {
    for (int64_t low = 0; low < size; low += 2 * width) {
      int64_t mid = std::min(low + width, size);
      int64_t high = std::min(low + 2 * width, size);
      for (int64_t i = low, j = mid, k = low; k < high; ++k) {
        bool right = j < high && (i >= mid || before(order[j], order[i]));
        merged[k] = right ? order[j++] : order[i++];
      }
    }
    std::copy(merged.begin(), merged.end(), order.begin());
  }
}

/// Calls `fn` with the linear index of every line's first element along
/// `dimension` of `shape`, and the distance between its elements.
void forEachLine(ArrayRef<int64_t> shape, int64_t dimension,
                 function_ref<void(int64_t first, int64_t stride)> fn) {
  SmallVector<int64_t> lineStarts(shape);
  lineStarts[dimension] = 1;
  SmallVector<int64_t> strides = getStrides(shape);
  forEachIndex(lineStarts, [&](int64_t, ArrayRef<int64_t> index) {
    int64_t first = 0;
    for (auto [position, step] : llvm::zip_equal(index, strides))
      first += position * step;
    fn(first, strides[dimension]);
  });
}

/// A signed key in topk's order: TOTALORDER for floats, the integer's own
/// order (unsigned ones, held zero-extended, with the top bit flipped so
/// that u64 values of 2^63 and more stay above the others).
int64_t orderKey(const Tensor &tensor, int64_t index) {
  if (tensor.isFloat())
    return totalOrderKey(tensor.getFloat(index));
  if (tensor.getElementType().isUnsignedInteger())
    return tensor.getInt(index) ^ std::numeric_limits<int64_t>::min();
  return tensor.getInt(index);
}

} // namespace

FailureOr<SmallVector<Tensor>>
evaluateSort(hlo::SortOp op, ArrayRef<Tensor> inputs, const Scope &scope) {
  SmallVector<Tensor> results;
  for (const Tensor &input : inputs)
    results.emplace_back(input.getType());
  ArrayRef<int64_t> shape = inputs.front().getShape();
  int64_t length = shape[op.getDimension()];
  bool failedComparator = false;
  forEachLine(shape, op.getDimension(), [&](int64_t first, int64_t stride) {
    auto at = [&](int64_t position) { return first + position * stride; };
    SmallVector<int64_t> order = llvm::to_vector(llvm::seq<int64_t>(0, length));
    mergeSort(order, [&](int64_t lhs, int64_t rhs) {
      if (failedComparator)
        return false;
      SmallVector<Tensor> arguments;
      for (const Tensor &input : inputs) {
        arguments.push_back(input.getScalar(at(lhs)));
        arguments.push_back(input.getScalar(at(rhs)));
      }
      FailureOr<SmallVector<Tensor>> before =
          interpretRegion(op.getComparator(), arguments, &scope);
      if (failed(before)) {
        failedComparator = true;
        return false;
      }
      return before->front().getInt(0) != 0;
    });
    for (auto [result, input] : llvm::zip_equal(results, inputs))
      for (auto [position, source] : llvm::enumerate(order))
        result.setElementFrom(at(position), input, at(source));
  });
  if (failedComparator)
    return failure();
  return results;
}

SmallVector<Tensor> evaluateTopK(hlo::TopKOp op, const Tensor &operand) {
  SmallVector<Tensor> results = createResultTensors(op);
  int64_t length = operand.getShape().back(), k = op.getK();
  bool largest = op.getLargest();
  int64_t lines = length == 0 ? 0 : operand.getNumElements() / length;
  for (int64_t line = 0; line < lines; ++line) {
    int64_t first = line * length;
    SmallVector<int64_t> order = llvm::to_vector(llvm::seq<int64_t>(0, length));
    mergeSort(order, [&](int64_t lhs, int64_t rhs) {
      int64_t a = orderKey(operand, first + lhs);
      int64_t b = orderKey(operand, first + rhs);
      return largest ? a > b : a < b;
    });
    for (int64_t i = 0; i < k; ++i) {
      results[0].setElementFrom(line * k + i, operand, first + order[i]);
      results[1].setInt(line * k + i, order[i]);
    }
  }
  return results;
}

} // namespace fuse::interp
