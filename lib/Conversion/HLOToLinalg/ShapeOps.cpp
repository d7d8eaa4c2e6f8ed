//===- ShapeOps.cpp - hlo data movement ops to linalg and tensor ----------===//
//
// Broadcasts and transposes become linalg.broadcast/transpose when their
// shape allows and linalg.generic otherwise; reshapes become collapse/expand
// pairs; slices, dynamic slices, concatenation and padding become
// tensor.extract_slice/insert_slice (padding with a strided insert into a
// filled tensor covers negative edges and interior padding alike).
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/ReshapeOpsUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;
using fuse::detail::createEmptyTensor;
using fuse::detail::parallelIterators;
using fuse::detail::unitStrides;

namespace {

/// Replaces `op` by an empty tensor when its result holds no element: there
/// is no data to move, and tensor.extract_slice rejects offsets into
/// zero-size dimensions.
bool replaceIfNoElements(Operation *op, RankedTensorType resultType,
                         RewriterBase &rewriter) {
  if (resultType.getNumElements() != 0)
    return false;
  rewriter.replaceOp(op, createEmptyTensor(rewriter, op->getLoc(), resultType));
  return true;
}

/// A linalg.generic that copies `input`, read through `inputMap`, into a
/// new tensor of `resultType`.
Value createCopyGeneric(OpBuilder &builder, Location loc, Value input,
                        AffineMap inputMap, RankedTensorType resultType) {
  AffineMap outputMap = builder.getMultiDimIdentityMap(resultType.getRank());
  auto generic = linalg::GenericOp::create(
      builder, loc, resultType, input,
      createEmptyTensor(builder, loc, resultType), {inputMap, outputMap},
      parallelIterators(resultType.getRank()),
      [](OpBuilder &b, Location bodyLoc, ValueRange args) {
        linalg::YieldOp::create(b, bodyLoc, args.front());
      });
  return generic.getResult(0);
}

/// Per dimension, a clamped start index as `index`: XLA clamps each offset
/// to [0, dim(operand) - size] so the block lies inside the operand.
SmallVector<OpFoldResult> clampedOffsets(OpBuilder &builder, Location loc,
                                         ValueRange startIndices,
                                         ArrayRef<int64_t> operandShape,
                                         ArrayRef<int64_t> blockShape) {
  SmallVector<OpFoldResult> offsets;
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  for (auto [dim, startIndex] : llvm::enumerate(startIndices)) {
    Value scalar = fuse::detail::extractScalar(builder, loc, startIndex);
    Value index = arith::IndexCastOp::create(builder, loc,
                                             builder.getIndexType(), scalar);
    Value upper = arith::ConstantIndexOp::create(
        builder, loc, operandShape[dim] - blockShape[dim]);
    Value clamped = arith::MaxSIOp::create(
        builder, loc, zero, arith::MinSIOp::create(builder, loc, index, upper));
    offsets.push_back(clamped);
  }
  return offsets;
}

/// The shape that both `from` and `to` group into consecutive dimensions, if
/// any: the ratios of the union of their prefix products when each divides
/// the next (4x6 and 2x12 both group 2x2x6). Unit dimensions would need
/// groups of their own; they and empty ones are left to the caller.
std::optional<SmallVector<int64_t>> commonRefinement(ArrayRef<int64_t> from,
                                                     ArrayRef<int64_t> to) {
  SmallVector<int64_t> prefixes;
  for (ArrayRef<int64_t> shape : {from, to}) {
    if (llvm::any_of(shape, [](int64_t size) { return size <= 1; }))
      return std::nullopt;
    int64_t product = 1;
    for (int64_t size : shape)
      prefixes.push_back(product *= size);
  }
  llvm::sort(prefixes);
  prefixes.erase(llvm::unique(prefixes), prefixes.end());
  SmallVector<int64_t> sizes;
  int64_t previous = 1;
  for (int64_t prefix : prefixes) {
    if (prefix % previous != 0)
      return std::nullopt;
    sizes.push_back(prefix / previous);
    previous = prefix;
  }
  return sizes;
}

struct BroadcastInDimLowering : OpConversionPattern<BroadcastInDimOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(BroadcastInDimOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    RankedTensorType resultType = op.getType();
    ArrayRef<int64_t> dims = op.getBroadcastDimensions();
    if (operandType == resultType && llvm::is_sorted(dims)) {
      rewriter.replaceOp(op, operand);
      return success();
    }

    bool expandsSizeOne = false;
    SmallVector<AffineExpr> inputExprs;
    for (auto [operandDim, resultDim] : llvm::enumerate(dims)) {
      if (operandType.getDimSize(operandDim) !=
          resultType.getDimSize(resultDim)) {
        expandsSizeOne = true;
        inputExprs.push_back(rewriter.getAffineConstantExpr(0));
      } else {
        inputExprs.push_back(rewriter.getAffineDimExpr(resultDim));
      }
    }

    // linalg.broadcast only adds dimensions, in order.
    if (!expandsSizeOne && llvm::is_sorted(dims)) {
      SmallVector<int64_t> addedDims;
      for (int64_t dim = 0; dim < resultType.getRank(); ++dim)
        if (!llvm::is_contained(dims, dim))
          addedDims.push_back(dim);
      auto broadcast = linalg::BroadcastOp::create(
          rewriter, op.getLoc(), operand,
          createEmptyTensor(rewriter, op.getLoc(), resultType), addedDims);
      rewriter.replaceOp(op, broadcast.getResults());
      return success();
    }
    AffineMap inputMap = AffineMap::get(resultType.getRank(), 0, inputExprs,
                                        rewriter.getContext());
    rewriter.replaceOp(op, createCopyGeneric(rewriter, op.getLoc(), operand,
                                             inputMap, resultType));
    return success();
  }
};

struct ReshapeLowering : OpConversionPattern<ReshapeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReshapeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    RankedTensorType resultType = op.getType();
    if (operandType == resultType) {
      rewriter.replaceOp(op, operand);
      return success();
    }
    if (replaceIfNoElements(op, resultType, rewriter))
      return success();
    if (operandType.getRank() == 0) {
      rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
          op, resultType, operand, ArrayRef<ReassociationIndices>{});
      return success();
    }
    if (resultType.getRank() == 0) {
      rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
          op, resultType, operand, ArrayRef<ReassociationIndices>{});
      return success();
    }
    if (std::optional<SmallVector<ReassociationIndices>> reassociation =
            getReassociationIndicesForReshape(operandType, resultType)) {
      if (operandType.getRank() > resultType.getRank())
        rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
            op, resultType, operand, *reassociation);
      else
        rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
            op, resultType, operand, *reassociation);
      return success();
    }
    // Neither a pure collapse nor a pure expansion: expand to the shape both
    // group (so that fusion can fold both reshapes into the loops around
    // them), or else go through rank 1.
    if (std::optional<SmallVector<int64_t>> refined =
            commonRefinement(operandType.getShape(), resultType.getShape())) {
      auto refinedType =
          RankedTensorType::get(*refined, resultType.getElementType());
      Value expanded = tensor::ExpandShapeOp::create(
          rewriter, loc, refinedType, operand,
          *getReassociationIndicesForReshape(operandType, refinedType));
      rewriter.replaceOpWithNewOp<tensor::CollapseShapeOp>(
          op, resultType, expanded,
          *getReassociationIndicesForReshape(refinedType, resultType));
      return success();
    }
    auto flatType = RankedTensorType::get({resultType.getNumElements()},
                                          resultType.getElementType());
    Value flat = operand;
    if (operandType.getRank() != 1) {
      ReassociationIndices all =
          llvm::to_vector(llvm::seq<int64_t>(0, operandType.getRank()));
      flat =
          tensor::CollapseShapeOp::create(rewriter, loc, flatType, operand,
                                          ArrayRef<ReassociationIndices>{all});
    }
    if (resultType.getRank() == 1) {
      rewriter.replaceOp(op, flat);
      return success();
    }
    ReassociationIndices all =
        llvm::to_vector(llvm::seq<int64_t>(0, resultType.getRank()));
    rewriter.replaceOpWithNewOp<tensor::ExpandShapeOp>(
        op, resultType, flat, ArrayRef<ReassociationIndices>{all});
    return success();
  }
};

struct TransposeLowering : OpConversionPattern<TransposeOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(TransposeOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto transpose = linalg::TransposeOp::create(
        rewriter, op.getLoc(), adaptor.getOperand(),
        createEmptyTensor(rewriter, op.getLoc(), op.getType()),
        op.getPermutation());
    rewriter.replaceOp(op, transpose.getResults());
    return success();
  }
};

struct SliceLowering : OpConversionPattern<SliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(SliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (replaceIfNoElements(op, op.getType(), rewriter))
      return success();
    MLIRContext *context = rewriter.getContext();
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, op.getType(), adaptor.getOperand(),
        getAsIndexOpFoldResult(context, op.getStartIndices()),
        getAsIndexOpFoldResult(context, op.getType().getShape()),
        getAsIndexOpFoldResult(context, op.getStrides()));
    return success();
  }
};

struct DynamicSliceLowering : OpConversionPattern<DynamicSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DynamicSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (replaceIfNoElements(op, op.getType(), rewriter))
      return success();
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    ArrayRef<int64_t> sizes = op.getSliceSizes();
    SmallVector<OpFoldResult> offsets =
        clampedOffsets(rewriter, op.getLoc(), adaptor.getStartIndices(),
                       operandType.getShape(), sizes);
    rewriter.replaceOpWithNewOp<tensor::ExtractSliceOp>(
        op, op.getType(), adaptor.getOperand(), offsets,
        getAsIndexOpFoldResult(rewriter.getContext(), sizes),
        unitStrides(rewriter, sizes.size()));
    return success();
  }
};

struct DynamicUpdateSliceLowering : OpConversionPattern<DynamicUpdateSliceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(DynamicUpdateSliceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    auto updateType = cast<RankedTensorType>(adaptor.getUpdate().getType());
    if (updateType.getNumElements() == 0) {
      rewriter.replaceOp(op, adaptor.getOperand());
      return success();
    }
    SmallVector<OpFoldResult> offsets =
        clampedOffsets(rewriter, op.getLoc(), adaptor.getStartIndices(),
                       operandType.getShape(), updateType.getShape());
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, adaptor.getUpdate(), adaptor.getOperand(), offsets,
        getAsIndexOpFoldResult(rewriter.getContext(), updateType.getShape()),
        unitStrides(rewriter, updateType.getRank()));
    return success();
  }
};

struct ConcatenateLowering : OpConversionPattern<ConcatenateOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConcatenateOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (adaptor.getInputs().size() == 1) {
      rewriter.replaceOp(op, adaptor.getInputs().front());
      return success();
    }
    MLIRContext *context = rewriter.getContext();
    RankedTensorType resultType = op.getType();
    int64_t dimension = op.getDimension();
    SmallVector<std::pair<Value, int64_t>> inputsAt;
    int64_t offset = 0;
    for (Value input : adaptor.getInputs()) {
      inputsAt.push_back({input, offset});
      offset += cast<RankedTensorType>(input.getType()).getDimSize(dimension);
    }
    // The slices are inserted in the order their inputs are computed here,
    // so that fuse-codegen-compute-into-slices can compute each into its
    // slice; arguments and values from outside are copied in last.
    auto definedHere = [&](Value value) -> Operation * {
      Operation *definition = value.getDefiningOp();
      return definition && definition->getBlock() == op->getBlock() ? definition
                                                                    : nullptr;
    };
    llvm::stable_sort(inputsAt, [&](const auto &a, const auto &b) {
      Operation *first = definedHere(a.first), *second = definedHere(b.first);
      return first && (!second || first->isBeforeInBlock(second));
    });
    Value result = createEmptyTensor(rewriter, op.getLoc(), resultType);
    SmallVector<int64_t> offsets(resultType.getRank(), 0);
    for (auto [input, inputOffset] : inputsAt) {
      auto inputType = cast<RankedTensorType>(input.getType());
      if (inputType.getNumElements() == 0)
        continue;
      offsets[dimension] = inputOffset;
      result = tensor::InsertSliceOp::create(
          rewriter, op.getLoc(), input, result,
          getAsIndexOpFoldResult(context, offsets),
          getAsIndexOpFoldResult(context, inputType.getShape()),
          unitStrides(rewriter, resultType.getRank()));
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// The padded result is the padding value everywhere except at the
/// positions `low + i * (interior + 1)` of operand elements `i`; those that
/// fall inside the result (negative edges cut some off) are one strided
/// insert_slice of a contiguous block of the operand.
struct PadLowering : OpConversionPattern<PadOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(PadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    MLIRContext *context = rewriter.getContext();
    auto operandType = cast<RankedTensorType>(adaptor.getOperand().getType());
    RankedTensorType resultType = op.getType();
    Value padding =
        fuse::detail::extractScalar(rewriter, loc, adaptor.getPaddingValue());
    Value result =
        fuse::detail::createFilledTensor(rewriter, loc, resultType, padding);

    SmallVector<int64_t> sourceOffsets, counts, targetOffsets, steps;
    for (int64_t dim = 0; dim < operandType.getRank(); ++dim) {
      int64_t size = operandType.getDimSize(dim);
      int64_t low = op.getEdgePaddingLow()[dim];
      int64_t step = op.getInteriorPadding()[dim] + 1;
      int64_t resultSize = resultType.getDimSize(dim);
      int64_t first = low >= 0 ? 0 : llvm::divideCeil(-low, step);
      int64_t last = resultSize - 1 - low < 0
                         ? -1
                         : std::min(size - 1, (resultSize - 1 - low) / step);
      int64_t count = std::max<int64_t>(0, last - first + 1);
      sourceOffsets.push_back(count ? first : 0);
      counts.push_back(count);
      targetOffsets.push_back(count ? low + first * step : 0);
      steps.push_back(step);
    }
    if (llvm::is_contained(counts, 0)) {
      rewriter.replaceOp(op, result);
      return success();
    }
    Value source = adaptor.getOperand();
    if (ArrayRef<int64_t>(counts) != operandType.getShape()) {
      source = tensor::ExtractSliceOp::create(
          rewriter, loc,
          RankedTensorType::get(counts, operandType.getElementType()), source,
          getAsIndexOpFoldResult(context, sourceOffsets),
          getAsIndexOpFoldResult(context, counts),
          unitStrides(rewriter, counts.size()));
    }
    rewriter.replaceOpWithNewOp<tensor::InsertSliceOp>(
        op, source, result, getAsIndexOpFoldResult(context, targetOffsets),
        getAsIndexOpFoldResult(context, counts),
        getAsIndexOpFoldResult(context, steps));
    return success();
  }
};

struct ReverseLowering : OpConversionPattern<ReverseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReverseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    SmallVector<AffineExpr> exprs;
    for (int64_t dim = 0; dim < type.getRank(); ++dim) {
      AffineExpr index = rewriter.getAffineDimExpr(dim);
      if (llvm::is_contained(op.getDimensions(), dim))
        index =
            rewriter.getAffineConstantExpr(type.getDimSize(dim) - 1) - index;
      exprs.push_back(index);
    }
    AffineMap inputMap =
        AffineMap::get(type.getRank(), 0, exprs, rewriter.getContext());
    rewriter.replaceOp(op,
                       createCopyGeneric(rewriter, op.getLoc(),
                                         adaptor.getOperand(), inputMap, type));
    return success();
  }
};

} // namespace

void fuse::detail::populateShapeLoweringPatterns(RewritePatternSet &patterns) {
  patterns
      .add<BroadcastInDimLowering, ConcatenateLowering, DynamicSliceLowering,
           DynamicUpdateSliceLowering, PadLowering, ReshapeLowering,
           ReverseLowering, SliceLowering, TransposeLowering>(
          patterns.getContext());
}
