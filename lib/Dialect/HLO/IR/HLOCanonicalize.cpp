//===- HLOCanonicalize.cpp - hlo canonicalization patterns ----------------===//
//
// Rewrites that build new ops, so cannot be folds: composing chains of
// transposes and broadcasts (also through a reshape that only adds unit
// dimensions), computing a transposed product directly, and turning dynamic
// slices at constant offsets into static slices.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// transpose(transpose(x, p), q) -> transpose(x, p o q).
struct ComposeTransposes : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<TransposeOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "operand is not a transpose");
    SmallVector<int64_t> composed;
    for (int64_t dim : op.getPermutation())
      composed.push_back(inner.getPermutation()[dim]);
    rewriter.replaceOpWithNewOp<TransposeOp>(
        op, op.getType(), inner.getOperand(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};

/// transpose(dot_general(a, b)) -> dot_general(b, a) when the transpose
/// swaps the free dimensions of a with those of b: the product is computed
/// in the layout its user wants (gradients of weights, A^T B transposed).
struct TransposeDotGeneral : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp op,
                                PatternRewriter &rewriter) const override {
    auto dot = op.getOperand().getDefiningOp<DotGeneralOp>();
    if (!dot || !dot->hasOneUse())
      return rewriter.notifyMatchFailure(
          op, "operand is not a dot_general used only here");
    int64_t batch = dot.getLhsBatchingDimensions().size();
    int64_t lhsFree = cast<RankedTensorType>(dot.getLhs().getType()).getRank() -
                      batch - dot.getLhsContractingDimensions().size();
    int64_t rhsFree = cast<RankedTensorType>(dot.getRhs().getType()).getRank() -
                      batch - dot.getRhsContractingDimensions().size();
    SmallVector<int64_t> swapped =
        llvm::to_vector(llvm::seq<int64_t>(0, batch));
    llvm::append_range(swapped, llvm::seq<int64_t>(batch + lhsFree,
                                                   batch + lhsFree + rhsFree));
    llvm::append_range(swapped, llvm::seq<int64_t>(batch, batch + lhsFree));
    if (op.getPermutation() != ArrayRef<int64_t>(swapped))
      return rewriter.notifyMatchFailure(
          op, "the transpose does not swap the operands' free dimensions");
    rewriter.replaceOpWithNewOp<DotGeneralOp>(
        op, op.getType(), dot.getRhs(), dot.getLhs(),
        dot.getRhsBatchingDimensionsAttr(), dot.getLhsBatchingDimensionsAttr(),
        dot.getRhsContractingDimensionsAttr(),
        dot.getLhsContractingDimensionsAttr());
    return success();
  }
};

/// broadcast_in_dim(broadcast_in_dim(x, d1), d2) -> broadcast_in_dim(x, d)
/// with d[i] = d2[d1[i]].
struct ComposeBroadcasts : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().getDefiningOp<BroadcastInDimOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "operand is not a broadcast");
    SmallVector<int64_t> composed;
    for (int64_t dim : inner.getBroadcastDimensions())
      composed.push_back(op.getBroadcastDimensions()[dim]);
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
        op, op.getType(), inner.getOperand(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};

/// broadcast_in_dim(reshape(x), d) -> broadcast_in_dim(x, d') when the
/// reshape only inserts dimensions of size 1 (what numpy's keepdims and
/// JAX's HLO produce before a broadcast): d' maps each dimension of x where
/// d mapped the reshape's dimension that holds it. Fusion and the lowering
/// see the row broadcast directly.
struct BroadcastThroughUnitReshape : OpRewritePattern<BroadcastInDimOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(BroadcastInDimOp op,
                                PatternRewriter &rewriter) const override {
    auto reshape = op.getOperand().getDefiningOp<ReshapeOp>();
    if (!reshape)
      return rewriter.notifyMatchFailure(op, "operand is not a reshape");
    ArrayRef<int64_t> source =
        cast<RankedTensorType>(reshape.getOperand().getType()).getShape();
    ArrayRef<int64_t> reshaped = reshape.getType().getShape();
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    // Match the source's dimensions in order; the reshape's other
    // dimensions must be inserted ones.
    SmallVector<int64_t> composed;
    for (auto [position, size] : llvm::enumerate(reshaped)) {
      if (composed.size() < source.size() && source[composed.size()] == size)
        composed.push_back(dims[position]);
      else if (size != 1)
        return rewriter.notifyMatchFailure(op, "reshape moves elements");
    }
    if (composed.size() != source.size())
      return rewriter.notifyMatchFailure(op, "reshape moves elements");
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
        op, op.getType(), reshape.getOperand(),
        rewriter.getDenseI64ArrayAttr(composed));
    return success();
  }
};

/// dynamic_slice at constant offsets -> slice, with the offsets clamped as
/// dynamic_slice specifies.
struct DynamicSliceToSlice : OpRewritePattern<DynamicSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DynamicSliceOp op,
                                PatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(op.getOperand().getType());
    SmallVector<int64_t> starts, limits;
    for (auto [dim, index] : llvm::enumerate(op.getStartIndices())) {
      APInt offset;
      if (!matchPattern(index, m_ConstantInt(&offset)))
        return rewriter.notifyMatchFailure(op, "offset is not a constant");
      int64_t size = op.getSliceSizes()[dim];
      int64_t start = std::clamp<int64_t>(offset.getSExtValue(), 0,
                                          operandType.getDimSize(dim) - size);
      starts.push_back(start);
      limits.push_back(start + size);
    }
    SmallVector<int64_t> strides(starts.size(), 1);
    rewriter.replaceOpWithNewOp<SliceOp>(
        op, op.getType(), op.getOperand(),
        rewriter.getDenseI64ArrayAttr(starts),
        rewriter.getDenseI64ArrayAttr(limits),
        rewriter.getDenseI64ArrayAttr(strides));
    return success();
  }
};

} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                              MLIRContext *context) {
  patterns.add<ComposeTransposes, TransposeDotGeneral>(context);
}

void BroadcastInDimOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                   MLIRContext *context) {
  patterns.add<ComposeBroadcasts, BroadcastThroughUnitReshape>(context);
}

void DynamicSliceOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                 MLIRContext *context) {
  patterns.add<DynamicSliceToSlice>(context);
}
