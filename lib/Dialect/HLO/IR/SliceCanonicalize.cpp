//===- SliceCanonicalize.cpp - compute only what a slice keeps ------------===//
//
// Canonicalization patterns that move a slice to the operands of its
// producer, so that the producer computes only the elements kept: through
// an elementwise op, and into a product's operands. Fourier transforms,
// expanded into products, cut to their low frequencies need both.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/DotDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The slice of `dims` of `value`'s dimensions by `slice`'s bounds along
/// the result dimensions `resultDims` (pairwise); `value` itself when that
/// keeps everything.
Value sliceDims(PatternRewriter &rewriter, SliceOp slice, Value value,
                ArrayRef<int64_t> dims, ArrayRef<int64_t> resultDims) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), strides(type.getRank(), 1);
  SmallVector<int64_t> limits(type.getShape());
  bool whole = true;
  for (auto [dim, resultDim] : llvm::zip_equal(dims, resultDims)) {
    starts[dim] = slice.getStartIndices()[resultDim];
    limits[dim] = slice.getLimitIndices()[resultDim];
    strides[dim] = slice.getStrides()[resultDim];
    whole &= starts[dim] == 0 && limits[dim] == type.getDimSize(dim) &&
             strides[dim] == 1;
  }
  if (whole)
    return value;
  return SliceOp::create(rewriter, slice.getLoc(), value, starts, limits,
                         strides);
}

/// slice(op(x, y)) -> op(slice(x), slice(y)) for an elementwise op used
/// only by the slice. Rank-0 operands (select's and clamp's scalars) stay.
struct SliceElementwiseOperands : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    Operation *producer = op.getOperand().getDefiningOp();
    if (!producer || !producer->hasOneUse() || producer->getNumResults() != 1 ||
        !(producer->hasTrait<OpTrait::Elementwise>() ||
          isa<SelectOp, ClampOp>(producer)))
      return rewriter.notifyMatchFailure(
          op, "operand is not an elementwise op used only here");
    int64_t rank = op.getType().getRank();
    SmallVector<int64_t> all = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    SmallVector<Value> operands;
    for (Value operand : producer->getOperands())
      operands.push_back(cast<RankedTensorType>(operand.getType()).getRank() ==
                                 rank
                             ? sliceDims(rewriter, op, operand, all, all)
                             : operand);
    auto resultType = op.getType().clone(
        cast<RankedTensorType>(producer->getResult(0).getType())
            .getElementType());
    OperationState state(producer->getLoc(), producer->getName(), operands,
                         TypeRange{resultType}, producer->getAttrs());
    rewriter.replaceOp(op, rewriter.create(state)->getResults());
    return success();
  }
};

/// slice(dot_general(a, b)) -> dot_general(slice(a), slice(b)) for a
/// product used only by the slice: a batching dimension is sliced in both
/// operands, a free one in its own.
struct SliceProductOperands : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(SliceOp op,
                                PatternRewriter &rewriter) const override {
    auto dot = op.getOperand().getDefiningOp<DotGeneralOp>();
    if (!dot || !dot->hasOneUse())
      return rewriter.notifyMatchFailure(
          op, "operand is not a dot_general used only here");
    DotDimensions dims = *DotDimensions::get(dot);
    int64_t batch = dims.getNumBatch();
    int64_t lhsFree = dims.lhsFree.size();
    auto resultDims = [](int64_t first, size_t count) {
      return llvm::to_vector(llvm::seq<int64_t>(first, first + count));
    };
    SmallVector<int64_t> lhsDims(dims.lhsBatch),
        lhsResultDims = resultDims(0, batch);
    llvm::append_range(lhsDims, dims.lhsFree);
    llvm::append_range(lhsResultDims, resultDims(batch, lhsFree));
    SmallVector<int64_t> rhsDims(dims.rhsBatch),
        rhsResultDims = resultDims(0, batch);
    llvm::append_range(rhsDims, dims.rhsFree);
    llvm::append_range(rhsResultDims,
                       resultDims(batch + lhsFree, dims.rhsFree.size()));
    Value lhs = sliceDims(rewriter, op, dot.getLhs(), lhsDims, lhsResultDims);
    Value rhs = sliceDims(rewriter, op, dot.getRhs(), rhsDims, rhsResultDims);
    rewriter.replaceOpWithNewOp<DotGeneralOp>(
        op, op.getType(), lhs, rhs, dot.getLhsBatchingDimensionsAttr(),
        dot.getRhsBatchingDimensionsAttr(),
        dot.getLhsContractingDimensionsAttr(),
        dot.getRhsContractingDimensionsAttr());
    return success();
  }
};

} // namespace

void SliceOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                          MLIRContext *context) {
  patterns.add<SliceElementwiseOperands, SliceProductOperands>(context);
}
