//===- AlgebraicSimplifyDistances.cpp - squared distances as a product ----===//
//
// sum_k (a_ik - b_jk)^2 builds an N x M x K tensor (three of them before
// fusion); |a_i|^2 + |b_j|^2 - 2 a_i . b_j computes the same in O(NMK)
// multiply-adds of one matrix product, with N x M memory.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/AlgebraicSimplify.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// A matrix broadcast into a rank-3 tensor: `resultDims[d]` is the result
/// dimension of matrix dimension `d`.
struct BroadcastMatrix {
  Value matrix;
  int64_t resultDims[2];
};

/// Matches `value` as a broadcast of a matrix: directly, or of the matrix
/// reshaped with a unit dimension inserted (`a[:, None, :]` in NumPy).
std::optional<BroadcastMatrix> matchBroadcastMatrix(Value value) {
  auto broadcast = value.getDefiningOp<BroadcastInDimOp>();
  if (!broadcast)
    return std::nullopt;
  auto resultType = cast<RankedTensorType>(broadcast.getType());
  ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
  Value source = broadcast.getOperand();
  auto sourceType = cast<RankedTensorType>(source.getType());
  // Source dimensions that keep their size; expanded unit ones carry no
  // index.
  SmallVector<int64_t> kept;
  for (auto [i, dim] : llvm::enumerate(dims))
    if (sourceType.getDimSize(i) == resultType.getDimSize(dim))
      kept.push_back(i);
  if (auto reshape = source.getDefiningOp<ReshapeOp>()) {
    auto matrixType = cast<RankedTensorType>(reshape.getOperand().getType());
    if (matrixType.getRank() == 2 && sourceType.getRank() == 3 &&
        kept.size() == 2 &&
        sourceType.getDimSize(kept[0]) == matrixType.getDimSize(0) &&
        sourceType.getDimSize(kept[1]) == matrixType.getDimSize(1))
      return BroadcastMatrix{reshape.getOperand(),
                             {dims[kept[0]], dims[kept[1]]}};
  }
  if (sourceType.getRank() != 2 || kept.size() != 2)
    return std::nullopt;
  return BroadcastMatrix{source, {dims[0], dims[1]}};
}

/// The value of a splat constant, also one broadcast from a scalar.
std::optional<APFloat> getSplatFloat(Value value) {
  if (auto broadcast = value.getDefiningOp<BroadcastInDimOp>())
    value = broadcast.getOperand();
  APFloat splat(0.0);
  if (!matchPattern(value, m_ConstantFloat(&splat)))
    return std::nullopt;
  return splat;
}

/// The value squared by `op`: x * x, or x ^ 2.
Value getSquaredValue(Operation *op) {
  if (auto multiply = dyn_cast_or_null<MulOp>(op))
    return multiply.getLhs() == multiply.getRhs() ? multiply.getLhs() : Value();
  auto power = dyn_cast_or_null<PowOp>(op);
  if (!power)
    return Value();
  std::optional<APFloat> exponent = getSplatFloat(power.getRhs());
  return exponent && exponent->isExactlyValue(2.0) ? power.getLhs() : Value();
}

} // namespace

std::optional<SquaredDistance>
fuse::hlo::matchSquaredDistance(ReduceOp reduce, std::string &reason) {
  if (reduce.getInputs().size() != 1 ||
      reduce.getReductionKind() != ReductionKind::Add ||
      reduce.getDimensions().size() != 1)
    return std::nullopt;
  Value squared = reduce.getInputs()[0];
  Operation *square = squared.getDefiningOp();
  Value squaredValue = getSquaredValue(square);
  auto subtract =
      squaredValue ? squaredValue.getDefiningOp<SubtractOp>() : SubtractOp();
  if (!subtract || cast<RankedTensorType>(squared.getType()).getRank() != 3)
    return std::nullopt;
  std::optional<BroadcastMatrix> x = matchBroadcastMatrix(subtract.getLhs());
  std::optional<BroadcastMatrix> y = matchBroadcastMatrix(subtract.getRhs());
  if (!x || !y)
    return std::nullopt;

  int64_t feature = reduce.getDimensions()[0];
  auto featureOf = [&](const BroadcastMatrix &m) -> int64_t {
    if (m.resultDims[0] == feature)
      return 0;
    return m.resultDims[1] == feature ? 1 : -1;
  };
  int64_t xFeature = featureOf(*x), yFeature = featureOf(*y);
  if (xFeature < 0 || yFeature < 0) {
    reason = "the reduced dimension is not a dimension of both broadcast "
             "matrices";
    return std::nullopt;
  }
  int64_t xRow = x->resultDims[1 - xFeature];
  int64_t yRow = y->resultDims[1 - yFeature];
  if (xRow == yRow) {
    reason = "both matrices are broadcast along the same dimension";
    return std::nullopt;
  }
  if (!isa<FloatType>(getElementTypeOrSelf(squared))) {
    reason = "integer elements: the product form can overflow where the "
             "naive form does not";
    return std::nullopt;
  }
  std::optional<APFloat> init = getSplatFloat(reduce.getInitValues()[0]);
  if (!init || !init->isZero()) {
    reason = "the reduction does not start from 0";
    return std::nullopt;
  }
  if (!squared.hasOneUse() ||
      !llvm::all_of(subtract->getUsers(),
                    [&](Operation *user) { return user == square; })) {
    reason = "the differences or their squares are used elsewhere, so the "
             "N x M x K tensor would stay";
    return std::nullopt;
  }
  // The result keeps the other two dimensions in order: the one of lower
  // index gives its rows.
  if (xRow < yRow)
    return SquaredDistance{x->matrix, y->matrix, xFeature, yFeature};
  return SquaredDistance{y->matrix, x->matrix, yFeature, xFeature};
}

namespace {

/// |m_i|^2 for every row i of `matrix`.
Value buildRowNorms(OpBuilder &builder, Location loc, Value matrix,
                    int64_t featureDim, Value zero) {
  Value squares = MulOp::create(builder, loc, matrix, matrix);
  return ReduceOp::create(builder, loc, squares, zero,
                          ArrayRef<int64_t>{featureDim}, ReductionKind::Add)
      .getResult(0);
}

Value buildSplat(OpBuilder &builder, Location loc, RankedTensorType type,
                 double value) {
  auto elementType = cast<FloatType>(type.getElementType());
  return ConstantOp::create(
      builder, loc,
      DenseElementsAttr::get(type, FloatAttr::get(elementType, value)));
}

struct RewriteSquaredDistance : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    std::optional<SquaredDistance> distance =
        matchSquaredDistance(reduce, reason);
    if (!distance)
      return rewriter.notifyMatchFailure(reduce, reason);
    Location loc = reduce.getLoc();
    auto resultType = cast<RankedTensorType>(reduce.getResult(0).getType());
    Value zero = reduce.getInitValues()[0];
    Value lhsNorms = buildRowNorms(rewriter, loc, distance->lhs,
                                   distance->lhsFeatureDim, zero);
    Value rhsNorms = buildRowNorms(rewriter, loc, distance->rhs,
                                   distance->rhsFeatureDim, zero);
    // 2 (a . b) = (2 a) . b exactly, and doubling the smaller operand
    // takes N K multiplies instead of N M.
    auto lhsType = cast<RankedTensorType>(distance->lhs.getType());
    auto rhsType = cast<RankedTensorType>(distance->rhs.getType());
    Value lhs = distance->lhs, rhs = distance->rhs;
    if (lhsType.getNumElements() <= rhsType.getNumElements())
      lhs = MulOp::create(rewriter, loc, lhs,
                          buildSplat(rewriter, loc, lhsType, 2.0));
    else
      rhs = MulOp::create(rewriter, loc, rhs,
                          buildSplat(rewriter, loc, rhsType, 2.0));
    Value twice = DotGeneralOp::create(
        rewriter, loc, resultType, lhs, rhs, ArrayRef<int64_t>{},
        ArrayRef<int64_t>{}, ArrayRef<int64_t>{distance->lhsFeatureDim},
        ArrayRef<int64_t>{distance->rhsFeatureDim});
    Value norms =
        AddOp::create(rewriter, loc,
                      BroadcastInDimOp::create(rewriter, loc, resultType,
                                               lhsNorms, ArrayRef<int64_t>{0}),
                      BroadcastInDimOp::create(rewriter, loc, resultType,
                                               rhsNorms, ArrayRef<int64_t>{1}));
    Value distances = SubtractOp::create(rewriter, loc, norms, twice);
    // Cancellation can leave tiny negative values where the distance is 0.
    rewriter.replaceOpWithNewOp<MaxOp>(
        reduce, distances, buildSplat(rewriter, loc, resultType, 0.0));
    return success();
  }
};

} // namespace

void fuse::hlo::populateSquaredDistancePatterns(RewritePatternSet &patterns) {
  patterns.add<RewriteSquaredDistance>(patterns.getContext());
}
