//===- HLOCanonicalize.cpp - hlo canonicalization patterns ----------------===//
//
// Rewrites that build new ops, so cannot be folds: composing chains of
// transposes and broadcasts (also through a reshape that only adds unit
// dimensions), computing a transposed product directly, reading a product's
// transposed operand in its own layout, skipping a product's zero padding,
// and turning dynamic slices at constant offsets into static slices.
// Slices move into their producers in SliceCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/DotDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The one dimension list of transpose(transpose(x, inner), outer):
/// result dimension i reads inner[outer[i]].
SmallVector<int64_t> composeDims(TransposeOp inner, TransposeOp outer) {
  return llvm::map_to_vector(outer.getPermutation(), [&](int64_t dim) {
    return inner.getPermutation()[dim];
  });
}

/// The one dimension list of broadcast_in_dim(broadcast_in_dim(x, inner),
/// outer): dimension i of x lands at outer[inner[i]].
SmallVector<int64_t> composeDims(BroadcastInDimOp inner,
                                 BroadcastInDimOp outer) {
  return llvm::map_to_vector(inner.getBroadcastDimensions(), [&](int64_t dim) {
    return outer.getBroadcastDimensions()[dim];
  });
}

/// op(op(x, inner), outer) -> op(x, composeDims(inner, outer)) for the ops
/// whose only attribute is a list of dimensions.
template <typename DimsOp> struct ComposeDimsOps : OpRewritePattern<DimsOp> {
  using OpRewritePattern<DimsOp>::OpRewritePattern;

  LogicalResult matchAndRewrite(DimsOp op,
                                PatternRewriter &rewriter) const override {
    auto inner = op.getOperand().template getDefiningOp<DimsOp>();
    if (!inner)
      return rewriter.notifyMatchFailure(op, "operand is not the same op");
    rewriter.replaceOpWithNewOp<DimsOp>(
        op, op.getType(), inner.getOperand(),
        rewriter.getDenseI64ArrayAttr(composeDims(inner, op)));
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
    DotDimensions dims = *DotDimensions::get(dot);
    int64_t batch = dims.getNumBatch();
    int64_t lhsFree = dims.lhsFree.size(), rhsFree = dims.rhsFree.size();
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

/// dot_general(transpose(x), y) -> dot_general(x, y) with x's dimensions in
/// the dimension numbers, when the transpose keeps the order of the free
/// dimensions (the result lists them in operand order): JAX's tied
/// embeddings (h E^T) and attention's k^T. The product kernels read either
/// layout; a transpose writes the whole operand once more.
struct FoldTransposeIntoDotGeneral : OpRewritePattern<DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    DotDimensions dims = *DotDimensions::get(op);
    SmallVector<Value> operands = {op.getLhs(), op.getRhs()};
    SmallVector<SmallVector<int64_t>> batch = {dims.lhsBatch, dims.rhsBatch};
    SmallVector<SmallVector<int64_t>> contracting = {dims.lhsContracting,
                                                     dims.rhsContracting};
    SmallVector<SmallVector<int64_t>> free = {dims.lhsFree, dims.rhsFree};
    bool folded = false;
    for (int side = 0; side < 2; ++side) {
      auto transpose = operands[side].getDefiningOp<TransposeOp>();
      if (!transpose)
        continue;
      ArrayRef<int64_t> permutation = transpose.getPermutation();
      auto through = [&](ArrayRef<int64_t> list) {
        return llvm::map_to_vector(
            list, [&](int64_t dim) { return permutation[dim]; });
      };
      if (!llvm::is_sorted(through(free[side])))
        continue;
      operands[side] = transpose.getOperand();
      batch[side] = through(batch[side]);
      contracting[side] = through(contracting[side]);
      folded = true;
    }
    if (!folded)
      return rewriter.notifyMatchFailure(
          op, "no operand is a transpose that keeps its free dimensions' "
              "order");
    rewriter.replaceOpWithNewOp<DotGeneralOp>(
        op, op.getType(), operands[0], operands[1],
        rewriter.getDenseI64ArrayAttr(batch[0]),
        rewriter.getDenseI64ArrayAttr(batch[1]),
        rewriter.getDenseI64ArrayAttr(contracting[0]),
        rewriter.getDenseI64ArrayAttr(contracting[1]));
    return success();
  }
};

/// Whether `value` is a constant whose elements are all finite floats:
/// multiplied by zero, each gives zero.
bool isFiniteConstant(Value value) {
  DenseElementsAttr elements;
  if (!matchPattern(value, m_Constant(&elements)) ||
      !isa<FloatType>(elements.getElementType()))
    return false;
  return llvm::all_of(elements.getValues<APFloat>(),
                      [](const APFloat &x) { return x.isFinite(); });
}

/// dot_general(pad(x, 0), c) -> dot_general(x, slice(c)) where the pad
/// only adds zeros at the ends of contracting dimensions and c is a
/// constant of finite values: those terms are 0 * c = 0 (either operand).
struct SkipZeroPaddingInProduct : OpRewritePattern<DotGeneralOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(DotGeneralOp op,
                                PatternRewriter &rewriter) const override {
    DotDimensions dims = *DotDimensions::get(op);
    SmallVector<Value> operands = {op.getLhs(), op.getRhs()};
    SmallVector<SmallVector<int64_t>> contracting = {dims.lhsContracting,
                                                     dims.rhsContracting};
    for (int side = 0; side < 2; ++side) {
      auto pad = operands[side].getDefiningOp<PadOp>();
      Value other = operands[1 - side];
      if (!pad || !matchPattern(pad.getPaddingValue(), m_AnyZeroFloat()) ||
          !isFiniteConstant(other) ||
          llvm::any_of(pad.getInteriorPadding(),
                       [](int64_t p) { return p != 0; }))
        continue;
      auto otherType = cast<RankedTensorType>(other.getType());
      SmallVector<int64_t> starts(otherType.getRank(), 0),
          limits(otherType.getShape()), strides(otherType.getRank(), 1);
      bool onlyContracting = true;
      for (int64_t d = 0; d < pad.getType().getRank(); ++d) {
        int64_t low = pad.getEdgePaddingLow()[d];
        int64_t high = pad.getEdgePaddingHigh()[d];
        if (low == 0 && high == 0)
          continue;
        auto it = llvm::find(contracting[side], d);
        if (it == contracting[side].end() || low < 0 || high < 0) {
          onlyContracting = false;
          break;
        }
        int64_t otherDim =
            contracting[1 - side][it - contracting[side].begin()];
        starts[otherDim] = low;
        limits[otherDim] = otherType.getDimSize(otherDim) - high;
      }
      if (!onlyContracting)
        continue;
      operands[side] = pad.getOperand();
      operands[1 - side] = SliceOp::create(rewriter, op.getLoc(), other, starts,
                                           limits, strides);
      rewriter.replaceOpWithNewOp<DotGeneralOp>(
          op, op.getType(), operands[0], operands[1],
          op.getLhsBatchingDimensionsAttr(), op.getRhsBatchingDimensionsAttr(),
          op.getLhsContractingDimensionsAttr(),
          op.getRhsContractingDimensionsAttr());
      return success();
    }
    return rewriter.notifyMatchFailure(
        op, "no operand is a zero padding of contracting dimensions against "
            "a finite constant");
  }
};

/// broadcast_in_dim(reshape(x), d) -> broadcast_in_dim(x, d') when the
/// reshape only inserts or drops dimensions of size 1 (what numpy's keepdims
/// and JAX's HLO produce around a broadcast): d' maps each dimension of x
/// where d mapped the reshape's dimension that holds it, and a dropped unit
/// dimension to a result dimension d leaves free, in order. Fusion and the
/// lowering see the row broadcast directly, with no loop of one iteration.
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
    constexpr int64_t kDropped = -1;
    // Match the dimensions in order; the others must be inserted (in the
    // reshape's result) or dropped (in x) ones.
    SmallVector<int64_t> composed;
    size_t at = 0;
    for (int64_t size : source) {
      while (at < reshaped.size() && reshaped[at] != size && reshaped[at] == 1)
        ++at;
      if (at < reshaped.size() && reshaped[at] == size)
        composed.push_back(dims[at++]);
      else if (size == 1)
        composed.push_back(kDropped);
      else
        return rewriter.notifyMatchFailure(op, "reshape moves elements");
    }
    if (llvm::any_of(reshaped.drop_front(at),
                     [](int64_t size) { return size != 1; }))
      return rewriter.notifyMatchFailure(op, "reshape moves elements");
    // A dropped dimension takes the first free result dimension between its
    // neighbours'.
    llvm::SmallDenseSet<int64_t> used(composed.begin(), composed.end());
    int64_t previous = -1;
    for (auto [position, dim] : llvm::enumerate(composed)) {
      if (dim != kDropped) {
        previous = dim;
        continue;
      }
      auto next = llvm::find_if(llvm::drop_begin(composed, position),
                                [](int64_t d) { return d != kDropped; });
      int64_t limit = next == composed.end() ? op.getType().getRank() : *next;
      int64_t free = previous + 1;
      while (free < limit && used.contains(free))
        ++free;
      if (free >= limit)
        return rewriter.notifyMatchFailure(op, "no result dimension is free "
                                               "for a dropped unit one");
      used.insert(free);
      dim = previous = free;
    }
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
  patterns.add<ComposeDimsOps<TransposeOp>, TransposeDotGeneral>(context);
}

void DotGeneralOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                               MLIRContext *context) {
  patterns.add<FoldTransposeIntoDotGeneral, SkipZeroPaddingInProduct>(context);
}

void BroadcastInDimOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                   MLIRContext *context) {
  patterns.add<ComposeDimsOps<BroadcastInDimOp>, BroadcastThroughUnitReshape>(
      context);
}

void DynamicSliceOp::getCanonicalizationPatterns(RewritePatternSet &patterns,
                                                 MLIRContext *context) {
  patterns.add<DynamicSliceToSlice>(context);
}
