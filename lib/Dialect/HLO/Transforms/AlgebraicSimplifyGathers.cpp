//===- AlgebraicSimplifyGathers.cpp - products of gathered rows -----------===//
//
// A gather of rows is a product with a selection matrix S, one 1 per row:
// gather(T, idx) = S T; a scatter-add of rows into zeros is S^T U. A graph
// network multiplies the features of its E edges' nodes, gathered from N
// nodes, by weights: (S T) W costs E x D x F multiply-adds where S (T W)
// costs N x D x F and a gather of E rows. With more indices than rows
// (E > N), these patterns move gathers after products and scatter-adds
// before them, and split the concatenations and slices between them:
//
//   dot(gather(T, idx), W)              -> gather(dot(T, W), idx)
//   dot(gather(T, idx)^T, U)            -> dot(T^T, scatter_add(0, idx, U))
//   scatter_add(0, idx, dot(U, W))      -> dot(scatter_add(0, idx, U), W)
//   dot(concat(A, B), W)                -> dot(A, W_a) + dot(B, W_b) when
//                                          contracted, else concat of dots
//   scatter_add(0, idx, slice(dot(U, W))) -> ... dot(U, slice(W))
//
// Sums over the selected rows then run in another order: results differ by
// rounding, as any reassociation does.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/AlgebraicSimplify.h"

#include "mlir/IR/BuiltinAttributes.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

RankedTensorType tensorType(Value value) {
  return cast<RankedTensorType>(value.getType());
}

/// A gather of whole rows of a static [N, D] matrix: [E, D].
struct RowGather {
  Value table, indices;
  int64_t indexVectorDim;
  int64_t rows() const { return tensorType(table).getDimSize(0); }
  int64_t count() const { return tensorType(indices).getDimSize(0); }
  /// More indices than rows: products of the table cost less.
  bool pays() const { return count() > rows(); }
};

/// `indices` of E start rows: [E] or [E, 1], the vector dimension last.
bool areRowIndices(Value indices, int64_t indexVectorDim) {
  RankedTensorType type = tensorType(indices);
  if (!type.hasStaticShape())
    return false;
  if (type.getRank() == 1)
    return indexVectorDim == 1;
  return type.getRank() == 2 && indexVectorDim == 1 && type.getDimSize(1) == 1;
}

std::optional<RowGather> matchRowGather(Value value) {
  auto gather = value.getDefiningOp<GatherOp>();
  if (!gather)
    return std::nullopt;
  RankedTensorType table = tensorType(gather.getOperand());
  if (table.getRank() != 2 || !table.hasStaticShape() ||
      !tensorType(gather.getResult()).hasStaticShape() ||
      gather.getOffsetDims() != ArrayRef<int64_t>{1} ||
      gather.getCollapsedSliceDims() != ArrayRef<int64_t>{0} ||
      gather.getStartIndexMap() != ArrayRef<int64_t>{0} ||
      !gather.getOperandBatchingDims().empty() ||
      gather.getSliceSizes() != ArrayRef<int64_t>{1, table.getDimSize(1)} ||
      !areRowIndices(gather.getStartIndices(), gather.getIndexVectorDim()))
    return std::nullopt;
  return RowGather{gather.getOperand(), gather.getStartIndices(),
                   int64_t(gather.getIndexVectorDim())};
}

/// A product of two static matrices, one contracted dimension each and no
/// batch: the result is [lhs free, rhs free].
struct MatrixProduct {
  Value lhs, rhs, result;
  int64_t lhsContract, rhsContract;
  Type elementType() const { return tensorType(result).getElementType(); }
  /// The left (`side` 0) or right operand, and its contracted dimension.
  Value operand(int64_t side) const { return side == 0 ? lhs : rhs; }
  int64_t contract(int64_t side) const {
    return side == 0 ? lhsContract : rhsContract;
  }
};

std::optional<MatrixProduct> matchMatrixProduct(Operation *op) {
  auto dot = dyn_cast_or_null<DotGeneralOp>(op);
  if (!dot || !dot.getLhsBatchingDimensions().empty() ||
      dot.getLhsContractingDimensions().size() != 1 ||
      tensorType(dot.getLhs()).getRank() != 2 ||
      tensorType(dot.getRhs()).getRank() != 2 ||
      !tensorType(dot.getLhs()).hasStaticShape() ||
      !tensorType(dot.getRhs()).hasStaticShape())
    return std::nullopt;
  return MatrixProduct{dot.getLhs(), dot.getRhs(), dot.getResult(),
                       dot.getLhsContractingDimensions()[0],
                       dot.getRhsContractingDimensions()[0]};
}

/// lhs x rhs contracting `lhsContract` and `rhsContract`.
Value buildProduct(OpBuilder &b, Location loc, Type element, Value lhs,
                   Value rhs, int64_t lhsContract, int64_t rhsContract) {
  RankedTensorType lhsType = tensorType(lhs), rhsType = tensorType(rhs);
  auto type = RankedTensorType::get({lhsType.getDimSize(1 - lhsContract),
                                     rhsType.getDimSize(1 - rhsContract)},
                                    element);
  return DotGeneralOp::create(
      b, loc, type, lhs, rhs, ArrayRef<int64_t>{}, ArrayRef<int64_t>{},
      ArrayRef<int64_t>{lhsContract}, ArrayRef<int64_t>{rhsContract});
}

/// Rows (`dim` 0) or columns (`dim` 1) `indices` of a matrix.
Value gatherAlong(OpBuilder &b, Location loc, Value matrix, Value indices,
                  int64_t indexVectorDim, int64_t dim) {
  RankedTensorType type = tensorType(matrix);
  int64_t kept = 1 - dim;
  int64_t count = tensorType(indices).getDimSize(0);
  SmallVector<int64_t, 2> shape = {count, count};
  shape[kept] = type.getDimSize(kept);
  SmallVector<int64_t, 2> sliceSizes = {1, 1};
  sliceSizes[kept] = type.getDimSize(kept);
  return GatherOp::create(b, loc, type.clone(shape), matrix, indices,
                          /*offset_dims=*/ArrayRef<int64_t>{kept},
                          /*collapsed_slice_dims=*/ArrayRef<int64_t>{dim},
                          /*operand_batching_dims=*/ArrayRef<int64_t>{},
                          /*start_indices_batching_dims=*/ArrayRef<int64_t>{},
                          /*start_index_map=*/ArrayRef<int64_t>{dim},
                          indexVectorDim, sliceSizes,
                          /*indices_are_sorted=*/false);
}

/// `indices` clamped into [0, rows): where a gather reads, which a scatter
/// (which skips rows out of range) must write to take its place.
Value clampRows(OpBuilder &b, Location loc, Value indices, int64_t rows) {
  auto scalar = RankedTensorType::get({}, tensorType(indices).getElementType());
  auto bound = [&](int64_t value) {
    return ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(
            scalar, APInt(scalar.getElementTypeBitWidth(), value, true)));
  };
  return ClampOp::create(b, loc, indices.getType(), bound(0), indices,
                         bound(rows - 1));
}

/// sum_e rows[e] into row indices[e] of zeros [rows, width].
Value scatterAddRows(OpBuilder &b, Location loc, Value updates, Value indices,
                     int64_t indexVectorDim, int64_t rows) {
  RankedTensorType type = tensorType(updates);
  auto zerosType = type.clone({rows, type.getDimSize(1)});
  Value zeros = ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(zerosType, b.getZeroAttr(type.getElementType())));
  auto scatter = ScatterOp::create(
      b, loc, zeros, indices, updates, /*update_window_dims=*/
      ArrayRef<int64_t>{1}, /*inserted_window_dims=*/ArrayRef<int64_t>{0},
      ArrayRef<int64_t>{}, ArrayRef<int64_t>{},
      /*scatter_dims_to_operand_dims=*/ArrayRef<int64_t>{0}, indexVectorDim,
      /*indices_are_sorted=*/false, /*unique_indices=*/false);
  buildReductionBody(b, loc, scatter.getBody(),
                     RankedTensorType::get({}, type.getElementType()),
                     ReductionKind::Add);
  return scatter.getResult();
}

/// A scatter-add of E rows into zeros [N, F], N < E: S^T updates.
struct RowScatterAdd {
  int64_t rows;
};

std::optional<RowScatterAdd> matchRowScatterAdd(Operation *op) {
  auto scatter = dyn_cast_or_null<ScatterOp>(op);
  if (!scatter)
    return std::nullopt;
  RankedTensorType type = tensorType(scatter.getResult());
  if (type.getRank() != 2 || !type.hasStaticShape() ||
      !isZeroSplat(scatter.getOperand()) ||
      scatter.getUpdateWindowDims() != ArrayRef<int64_t>{1} ||
      scatter.getInsertedWindowDims() != ArrayRef<int64_t>{0} ||
      scatter.getScatterDimsToOperandDims() != ArrayRef<int64_t>{0} ||
      !scatter.getInputBatchingDims().empty() ||
      !areRowIndices(scatter.getScatterIndices(),
                     scatter.getIndexVectorDim()) ||
      getCombinerKind(scatter.getBody()) != ReductionKind::Add)
    return std::nullopt;
  RankedTensorType updates = tensorType(scatter.getUpdates());
  if (updates.getRank() != 2 || updates.getDimSize(0) <= type.getDimSize(0) ||
      updates.getDimSize(1) != type.getDimSize(1))
    return std::nullopt;
  return RowScatterAdd{type.getDimSize(0)};
}

/// A rewrite of a product of two matrices through one of its operands,
/// tried on the left, then on the right.
struct ProductOperandPattern : OpRewritePattern<DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotGeneralOp op,
                                PatternRewriter &rewriter) const final {
    std::optional<MatrixProduct> dot = matchMatrixProduct(op);
    if (!dot)
      return rewriter.notifyMatchFailure(op, "not a product of two matrices");
    for (int64_t side : {0, 1}) {
      if (Value replacement = rewriteSide(*dot, side, op.getLoc(), rewriter)) {
        rewriter.replaceOp(op, replacement);
        return success();
      }
    }
    return rewriter.notifyMatchFailure(op, refusal());
  }

  /// The product rewritten through operand `side`; null, with the IR left
  /// as it is, when that operand does not qualify.
  virtual Value rewriteSide(const MatrixProduct &dot, int64_t side,
                            Location loc, PatternRewriter &rewriter) const = 0;
  /// Why neither operand qualified.
  virtual StringRef refusal() const = 0;
};

/// dot(gather(T, idx), W) -> gather(dot(T, W), idx), the gathered operand
/// contracted over its columns.
struct GatherAfterProduct : ProductOperandPattern {
  using ProductOperandPattern::ProductOperandPattern;

  Value rewriteSide(const MatrixProduct &dot, int64_t side, Location loc,
                    PatternRewriter &rewriter) const override {
    std::optional<RowGather> gather = matchRowGather(dot.operand(side));
    if (!gather || dot.contract(side) != 1 || !gather->pays())
      return {};
    Value product =
        side == 0 ? buildProduct(rewriter, loc, dot.elementType(),
                                 gather->table, dot.rhs, 1, dot.rhsContract)
                  : buildProduct(rewriter, loc, dot.elementType(), dot.lhs,
                                 gather->table, dot.lhsContract, 1);
    return gatherAlong(rewriter, loc, product, gather->indices,
                       gather->indexVectorDim, side);
  }

  StringRef refusal() const override {
    return "no operand is a gather of fewer rows, contracted over columns";
  }
};

/// dot(gather(T, idx), U) contracting the gathered rows with U's rows ->
/// dot(T, scatter_add(0, clamp(idx), U)), and the mirror image.
struct ScatterBeforeProduct : ProductOperandPattern {
  using ProductOperandPattern::ProductOperandPattern;

  Value rewriteSide(const MatrixProduct &dot, int64_t side, Location loc,
                    PatternRewriter &rewriter) const override {
    std::optional<RowGather> gather = matchRowGather(dot.operand(side));
    if (!gather || dot.lhsContract != 0 || dot.rhsContract != 0 ||
        !gather->pays())
      return {};
    Value indices = clampRows(rewriter, loc, gather->indices, gather->rows());
    Value summed = scatterAddRows(rewriter, loc, dot.operand(1 - side), indices,
                                  gather->indexVectorDim, gather->rows());
    Value lhs = side == 0 ? gather->table : summed;
    Value rhs = side == 0 ? summed : gather->table;
    return buildProduct(rewriter, loc, dot.elementType(), lhs, rhs, 0, 0);
  }

  StringRef refusal() const override {
    return "no operand is a gather of fewer rows contracted with the other's "
           "rows";
  }
};

/// scatter_add(0, idx, dot(U, W)) -> dot(scatter_add(0, idx, U), W), U's
/// rows being the product's.
struct ProductAfterScatter : OpRewritePattern<ScatterOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ScatterOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<RowScatterAdd> scatter = matchRowScatterAdd(op);
    if (!scatter)
      return rewriter.notifyMatchFailure(
          op, "not a scatter-add of more rows into fewer zeros");
    std::optional<MatrixProduct> dot =
        matchMatrixProduct(op.getUpdates().getDefiningOp());
    if (!dot || dot->lhsContract != 1 || !op.getUpdates().hasOneUse())
      return rewriter.notifyMatchFailure(
          op, "the updates are not rows of a product read once");
    Location loc = op.getLoc();
    Value summed =
        scatterAddRows(rewriter, loc, dot->lhs, op.getScatterIndices(),
                       op.getIndexVectorDim(), scatter->rows);
    rewriter.replaceOp(op, buildProduct(rewriter, loc, dot->elementType(),
                                        summed, dot->rhs, 1, dot->rhsContract));
    return success();
  }
};

/// slice(dot(U, W)) -> dot(U, slice(W)) (or of U) where the slice is
/// scatter-added by ProductAfterScatter: each slice becomes a product of
/// its own, which the scatter-add then moves after itself.
struct SliceBeforeScatteredProduct : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<MatrixProduct> dot =
        matchMatrixProduct(op.getOperand().getDefiningOp());
    if (!dot || !op->hasOneUse() ||
        !matchRowScatterAdd(*op->getUsers().begin()) ||
        llvm::any_of(op.getStrides(), [](int64_t s) { return s != 1; }))
      return rewriter.notifyMatchFailure(
          op, "not a unit-stride slice of a product that is scatter-added");
    ArrayRef<int64_t> starts = op.getStartIndices();
    ArrayRef<int64_t> limits = op.getLimitIndices();
    ArrayRef<int64_t> shape = tensorType(op.getOperand()).getShape();
    // Only the columns may be cut: the scatter-add takes every row.
    if (starts[0] != 0 || limits[0] != shape[0])
      return rewriter.notifyMatchFailure(op, "the slice cuts the rows");
    Location loc = op.getLoc();
    Value rhs = dot->rhs;
    int64_t free = 1 - dot->rhsContract;
    SmallVector<int64_t, 2> rhsStarts = {0, 0};
    SmallVector<int64_t, 2> rhsLimits(tensorType(rhs).getShape());
    rhsStarts[free] = starts[1];
    rhsLimits[free] = limits[1];
    Value cut = SliceOp::create(rewriter, loc, rhs, rhsStarts, rhsLimits,
                                ArrayRef<int64_t>{1, 1});
    rewriter.replaceOp(op,
                       buildProduct(rewriter, loc, dot->elementType(), dot->lhs,
                                    cut, dot->lhsContract, dot->rhsContract));
    return success();
  }
};

/// dot(concat(A, B), W): concatenated along the contracted dimension, the
/// sum of dot(A, W_a) and dot(B, W_b); along the free one, the concat of
/// the products. Only where a piece is a gather the patterns above move.
struct SplitConcatenatedOperand : ProductOperandPattern {
  using ProductOperandPattern::ProductOperandPattern;

  Value rewriteSide(const MatrixProduct &dot, int64_t side, Location loc,
                    PatternRewriter &rewriter) const override {
    auto concat = dot.operand(side).getDefiningOp<ConcatenateOp>();
    if (!concat || llvm::none_of(concat.getInputs(), [](Value input) {
          std::optional<RowGather> gather = matchRowGather(input);
          return gather && gather->pays();
        }))
      return {};
    return split(rewriter, loc, dot, side, concat);
  }

  StringRef refusal() const override {
    return "no operand is a concatenation of a gather of fewer rows";
  }

private:
  static Value split(PatternRewriter &rewriter, Location loc,
                     const MatrixProduct &dot, int64_t side,
                     ConcatenateOp concat) {
    int64_t dim = concat.getDimension();
    int64_t contract = dot.contract(side);
    Value other = dot.operand(1 - side);
    int64_t otherContract = dot.contract(1 - side);
    auto product = [&](Value piece, Value otherPiece) {
      return side == 0
                 ? buildProduct(rewriter, loc, dot.elementType(), piece,
                                otherPiece, contract, otherContract)
                 : buildProduct(rewriter, loc, dot.elementType(), otherPiece,
                                piece, otherContract, contract);
    };
    SmallVector<Value> products;
    int64_t offset = 0;
    for (Value piece : concat.getInputs()) {
      int64_t size = tensorType(piece).getDimSize(dim);
      Value otherPiece = other;
      if (dim == contract) {
        SmallVector<int64_t, 2> starts = {0, 0};
        SmallVector<int64_t, 2> limits(tensorType(other).getShape());
        starts[otherContract] = offset;
        limits[otherContract] = offset + size;
        otherPiece = SliceOp::create(rewriter, loc, other, starts, limits,
                                     ArrayRef<int64_t>{1, 1});
      }
      products.push_back(product(piece, otherPiece));
      offset += size;
    }
    if (dim == contract) {
      Value sum = products.front();
      for (Value next : llvm::drop_begin(products))
        sum = AddOp::create(rewriter, loc, sum, next);
      return sum;
    }
    return ConcatenateOp::create(rewriter, loc, tensorType(dot.result),
                                 products,
                                 /*dimension=*/side);
  }
};

} // namespace

std::string fuse::hlo::explainGatheredProduct(DotGeneralOp op) {
  std::optional<MatrixProduct> dot = matchMatrixProduct(op);
  if (!dot)
    return "";
  for (int64_t side : {0, 1}) {
    std::optional<RowGather> gather = matchRowGather(dot->operand(side));
    if (!gather)
      continue;
    if (!gather->pays())
      return (Twine(gather->count()) + " indices into " +
              Twine(gather->rows()) +
              " rows: a product of the table would cost more than one of "
              "the gathered rows")
          .str();
    if (dot->contract(side) == 0 && dot->contract(1 - side) != 0)
      return "the gathered rows are contracted with the other operand's "
             "columns, not its rows";
  }
  return "";
}

void fuse::hlo::populateGatheredProductPatterns(RewritePatternSet &patterns) {
  patterns.add<GatherAfterProduct, ScatterBeforeProduct, ProductAfterScatter,
               SliceBeforeScatteredProduct, SplitConcatenatedOperand>(
      patterns.getContext());
}
