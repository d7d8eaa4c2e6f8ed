//===- Reduce.cpp - reductions and contractions in the interpreter --------===//
//
// hlo.reduce combines the elements of each result position in a balanced
// binary tree, so that rounding errors grow with log2 of their number rather
// than with the number. Float sums (a body that is one add) are carried in
// double and rounded once; other bodies of one recognised combiner apply its
// element function; any other body is evaluated as a region on rank-0
// tensors. dot_general accumulates products in double (floats) or with
// 64-bit wraparound (integers).
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace fuse::interp {
namespace {

/// Combines the values at positions [begin, end), end > begin: each half
/// separately, then the two together.
template <typename T>
FailureOr<T> combinePairwise(
    int64_t begin, int64_t end, llvm::function_ref<T(int64_t)> leaf,
    llvm::function_ref<FailureOr<T>(const T &, const T &)> combine) {
  if (end - begin == 1)
    return leaf(begin);
  int64_t middle = begin + (end - begin) / 2;
  FailureOr<T> lhs = combinePairwise(begin, middle, leaf, combine);
  if (failed(lhs))
    return failure();
  FailureOr<T> rhs = combinePairwise(middle, end, leaf, combine);
  if (failed(rhs))
    return failure();
  return combine(*lhs, *rhs);
}

/// Where the elements that reduce into one result element lie in the input:
/// at base(result index) + offset(k) for the k-th of them.
class ReductionLayout {
public:
  ReductionLayout(ArrayRef<int64_t> inputShape, ArrayRef<int64_t> dims) {
    SmallVector<int64_t> strides = getStrides(inputShape);
    for (int64_t d = 0, e = inputShape.size(); d < e; ++d) {
      if (llvm::is_contained(dims, d)) {
        reducedSizes.push_back(inputShape[d]);
        reducedStrides.push_back(strides[d]);
        numReduced *= inputShape[d];
      } else {
        keptStrides.push_back(strides[d]);
      }
    }
  }

  int64_t getNumReduced() const { return numReduced; }

  /// The input linear index of the first element reduced into the result
  /// element at `resultIndex`.
  int64_t base(ArrayRef<int64_t> resultIndex) const {
    int64_t linear = 0;
    for (auto [position, stride] : llvm::zip_equal(resultIndex, keptStrides))
      linear += position * stride;
    return linear;
  }

  /// The distance from the base to the k-th reduced element, counting the
  /// reduced positions in row-major order.
  int64_t offset(int64_t k) const {
    int64_t linear = 0;
    for (int64_t i = static_cast<int64_t>(reducedSizes.size()) - 1; i >= 0;
         --i) {
      linear += (k % reducedSizes[i]) * reducedStrides[i];
      k /= reducedSizes[i];
    }
    return linear;
  }

private:
  SmallVector<int64_t> keptStrides, reducedSizes, reducedStrides;
  int64_t numReduced = 1;
};

/// The body applied to `init` and the tree of the `numReduced` elements of
/// one result position; `init` when there are none.
template <typename T>
FailureOr<T>
reducePosition(const T &init, int64_t numReduced,
               llvm::function_ref<T(int64_t)> leaf,
               llvm::function_ref<FailureOr<T>(const T &, const T &)> combine) {
  if (numReduced == 0)
    return init;
  FailureOr<T> tree = combinePairwise<T>(0, numReduced, leaf, combine);
  if (failed(tree))
    return failure();
  return combine(init, *tree);
}

/// Reduces a float input with `combine` on doubles and stores each result
/// element rounded to the element format.
void reduceFloats(const Tensor &input, const Tensor &init,
                  const ReductionLayout &layout,
                  llvm::function_ref<double(double, double)> combine,
                  Tensor &result) {
  for (int64_t i = 0, e = result.getNumElements(); i < e; ++i) {
    int64_t base = layout.base(result.getMultiIndex(i));
    FailureOr<double> total = reducePosition<double>(
        init.getFloat(0), layout.getNumReduced(),
        [&](int64_t k) { return input.getFloat(base + layout.offset(k)); },
        [&](const double &a, const double &b) -> FailureOr<double> {
          return combine(a, b);
        });
    result.setFloat(i, *total);
  }
}

/// Reduces an integer or i1 input with `combine`.
void reduceInts(const Tensor &input, const Tensor &init,
                const ReductionLayout &layout,
                llvm::function_ref<int64_t(int64_t, int64_t)> combine,
                Tensor &result) {
  for (int64_t i = 0, e = result.getNumElements(); i < e; ++i) {
    int64_t base = layout.base(result.getMultiIndex(i));
    FailureOr<int64_t> total = reducePosition<int64_t>(
        init.getInt(0), layout.getNumReduced(),
        [&](int64_t k) { return input.getInt(base + layout.offset(k)); },
        [&](const int64_t &a, const int64_t &b) -> FailureOr<int64_t> {
          return combine(a, b);
        });
    result.setInt(i, *total);
  }
}

/// A reduction whose body is the single binary elementwise op `combiner`.
/// Float sums are carried in double and rounded once; every other combiner
/// is rounded or wrapped to the element type after each step, as the op
/// would be.
void reduceWithCombiner(Operation &combiner, hlo::ReductionKind kind,
                        const Tensor &input, const Tensor &init,
                        const ReductionLayout &layout, Tensor &result) {
  BinaryElementFns fns = *getBinaryElementFns(&combiner);
  Type elementType = input.getElementType();
  if (!input.isFloat())
    return reduceInts(
        input, init, layout,
        [&](int64_t a, int64_t b) {
          return Tensor::wrapToWidth(fns.onInt(a, b), elementType);
        },
        result);
  if (kind == hlo::ReductionKind::Add)
    return reduceFloats(
        input, init, layout, [](double a, double b) { return a + b; }, result);
  reduceFloats(
      input, init, layout,
      [&](double a, double b) {
        return Tensor::roundToFormat(fns.onFloat(a, b), elementType);
      },
      result);
}

/// A reduction with any body, evaluated on rank-0 tensors: the body takes
/// the N accumulators, then the N elements, and returns N accumulators. Two
/// partial results combine as accumulators and elements, which the body's
/// required associativity and commutativity allow.
LogicalResult reduceWithBody(hlo::ReduceOp op, ArrayRef<Tensor> inputs,
                             ArrayRef<Tensor> inits,
                             const ReductionLayout &layout, const Scope &scope,
                             MutableArrayRef<Tensor> results) {
  using Values = SmallVector<Tensor>;
  auto combine = [&](const Values &accumulators,
                     const Values &elements) -> FailureOr<Values> {
    Values arguments(accumulators);
    llvm::append_range(arguments, elements);
    return interpretRegion(op.getBody(), arguments, &scope);
  };
  for (int64_t i = 0, e = results.front().getNumElements(); i < e; ++i) {
    int64_t base = layout.base(results.front().getMultiIndex(i));
    auto leaf = [&](int64_t k) {
      Values elements;
      for (const Tensor &input : inputs) {
        Tensor element(ArrayRef<int64_t>{}, input.getElementType());
        element.setElementFrom(0, input, base + layout.offset(k));
        elements.push_back(std::move(element));
      }
      return elements;
    };
    FailureOr<Values> total = reducePosition<Values>(
        Values(inits), layout.getNumReduced(), leaf, combine);
    if (failed(total))
      return failure();
    for (auto [result, value] : llvm::zip_equal(results, *total))
      result.setElementFrom(i, value, 0);
  }
  return success();
}

/// Sums the products over the contracting dimensions for every result
/// index: batching dimensions, then the free dimensions of lhs, then those
/// of rhs.
Tensor contract(const Tensor &lhs, const Tensor &rhs,
                RankedTensorType resultType, ArrayRef<int64_t> lhsBatching,
                ArrayRef<int64_t> rhsBatching, ArrayRef<int64_t> lhsContracting,
                ArrayRef<int64_t> rhsContracting) {
  SmallVector<int64_t> lhsStrides = lhs.getStrides();
  SmallVector<int64_t> rhsStrides = rhs.getStrides();
  // The stride of each result dimension in lhs and in rhs (0 where the
  // dimension does not index that operand).
  SmallVector<int64_t> resultLhsStrides, resultRhsStrides;
  for (auto [l, r] : llvm::zip_equal(lhsBatching, rhsBatching)) {
    resultLhsStrides.push_back(lhsStrides[l]);
    resultRhsStrides.push_back(rhsStrides[r]);
  }
  for (int64_t d = 0; d < lhs.getRank(); ++d) {
    if (!llvm::is_contained(lhsBatching, d) &&
        !llvm::is_contained(lhsContracting, d)) {
      resultLhsStrides.push_back(lhsStrides[d]);
      resultRhsStrides.push_back(0);
    }
  }
  for (int64_t d = 0; d < rhs.getRank(); ++d) {
    if (!llvm::is_contained(rhsBatching, d) &&
        !llvm::is_contained(rhsContracting, d)) {
      resultLhsStrides.push_back(0);
      resultRhsStrides.push_back(rhsStrides[d]);
    }
  }
  SmallVector<int64_t> contractingShape, contractingLhsStrides,
      contractingRhsStrides;
  for (auto [l, r] : llvm::zip_equal(lhsContracting, rhsContracting)) {
    contractingShape.push_back(lhs.getShape()[l]);
    contractingLhsStrides.push_back(lhsStrides[l]);
    contractingRhsStrides.push_back(rhsStrides[r]);
  }

  Tensor result(resultType);
  forEachIndex(result.getShape(), [&](int64_t linear, ArrayRef<int64_t> index) {
    int64_t lhsBase = 0, rhsBase = 0;
    for (auto [position, lhsStride, rhsStride] :
         llvm::zip_equal(index, resultLhsStrides, resultRhsStrides)) {
      lhsBase += position * lhsStride;
      rhsBase += position * rhsStride;
    }
    double floatSum = 0.0;
    std::complex<double> complexSum = 0.0;
    uint64_t intSum = 0;
    forEachIndex(contractingShape, [&](int64_t, ArrayRef<int64_t> k) {
      int64_t lhsIndex = lhsBase, rhsIndex = rhsBase;
      for (auto [position, lhsStride, rhsStride] :
           llvm::zip_equal(k, contractingLhsStrides, contractingRhsStrides)) {
        lhsIndex += position * lhsStride;
        rhsIndex += position * rhsStride;
      }
      if (lhs.isFloat())
        floatSum += lhs.getFloat(lhsIndex) * rhs.getFloat(rhsIndex);
      else if (lhs.isComplex())
        complexSum += lhs.getComplex(lhsIndex) * rhs.getComplex(rhsIndex);
      else
        intSum += static_cast<uint64_t>(lhs.getInt(lhsIndex)) *
                  static_cast<uint64_t>(rhs.getInt(rhsIndex));
    });
    if (result.isFloat())
      result.setFloat(linear, floatSum);
    else if (result.isComplex())
      result.setComplex(linear, complexSum);
    else
      result.setInt(linear, static_cast<int64_t>(intSum));
  });
  return result;
}

} // namespace

FailureOr<SmallVector<Tensor>> evaluateReduce(hlo::ReduceOp op,
                                              ArrayRef<Tensor> operands,
                                              const Scope &scope) {
  size_t numInputs = op.getInputs().size();
  ArrayRef<Tensor> inputs = operands.take_front(numInputs);
  ArrayRef<Tensor> inits = operands.drop_front(numInputs);
  SmallVector<Tensor> results = createResultTensors(op);
  ReductionLayout layout(inputs.front().getShape(), op.getDimensions());

  // Complex sums run their body, which evaluateComplexOp computes.
  std::optional<hlo::ReductionKind> kind = op.getReductionKind();
  if (kind && !inputs[0].isComplex()) {
    reduceWithCombiner(op.getBody().front().front(), *kind, inputs[0], inits[0],
                       layout, results[0]);
    return results;
  }
  if (failed(reduceWithBody(op, inputs, inits, layout, scope, results)))
    return failure();
  return results;
}

Tensor evaluateDotGeneral(hlo::DotGeneralOp op, const Tensor &lhs,
                          const Tensor &rhs) {
  return contract(lhs, rhs, cast<RankedTensorType>(op.getType()),
                  op.getLhsBatchingDimensions(), op.getRhsBatchingDimensions(),
                  op.getLhsContractingDimensions(),
                  op.getRhsContractingDimensions());
}

/// dot contracts the last dimension of lhs with the first of rhs.
Tensor evaluateDot(hlo::DotOp op, const Tensor &lhs, const Tensor &rhs) {
  return contract(lhs, rhs, cast<RankedTensorType>(op.getType()), {}, {},
                  {lhs.getRank() - 1}, {0});
}

} // namespace fuse::interp
