//===- ConvolutionPhases.cpp - a dilated input split by output phase ------===//
//
// A convolution whose input is dilated by s (the input gradient of a
// convolution with stride s) multiplies s - 1 of every s input positions,
// which are zeros, per spatial dimension. Along such a dimension, output
// position o = s q + p (phase p) meets input elements only through the
// window offsets k with (p + k - low) divisible by s: offsets r_p, r_p + s,
// ... with r_p = (low - p) mod s. So each phase is a convolution of the
// undilated input with that strided slice of the kernel, and the phases
// interleave into the output. A stride-2 input gradient in two dimensions
// becomes four convolutions with a quarter of the work in all.
//
// Output phase p has Q_p = ceil((O - p) / s) positions and T_p =
// ceil((K - r_p) / s) window offsets. Its element q reads input q + c_p +
// t for offset r_p + s t, with c_p = (p + r_p - low) / s: padding -c_p
// below and Q_p + c_p + T_p - L - 1 above (negative values crop). A phase
// without offsets is zeros.
//
// Only dimensions with unit window strides and unit window dilation are
// split (the form of input gradients); others keep the op whole.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "llvm/Support/MathExtras.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// How one spatial dimension splits: its dilation s, and per phase the
/// kernel's first offset, the window's and the output's sizes, and the
/// padding of the phase's convolution.
struct DimensionPhases {
  int64_t dilation = 1;
  SmallVector<int64_t> firstOffset, windowSize, outSize, low, high;
};

DimensionPhases splitDimension(int64_t dilation, int64_t low, int64_t window,
                               int64_t inSize, int64_t outSize) {
  DimensionPhases phases;
  phases.dilation = dilation;
  for (int64_t p = 0; p < dilation; ++p) {
    int64_t first = llvm::mod(low - p, dilation);
    int64_t offsets =
        window > first ? llvm::divideCeil(window - first, dilation) : 0;
    int64_t positions =
        outSize > p ? llvm::divideCeil(outSize - p, dilation) : 0;
    int64_t shift = (p + first - low) / dilation;
    phases.firstOffset.push_back(first);
    phases.windowSize.push_back(offsets);
    phases.outSize.push_back(positions);
    phases.low.push_back(-shift);
    phases.high.push_back(positions + shift + offsets - inSize - 1);
  }
  return phases;
}

struct ConvolutionByPhases : OpConversionPattern<ConvolutionOp> {
  ConvolutionByPhases(MLIRContext *context)
      : OpConversionPattern(context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    ConvDimensions dims = op.getDimensions();
    auto lhsType = cast<RankedTensorType>(adaptor.getLhs().getType());
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    if (resultType.getNumElements() == 0 || lhsType.getNumElements() == 0 ||
        rhsType.getNumElements() == 0)
      return rewriter.notifyMatchFailure(op, "empty: zeros, not phases");
    SmallVector<DimensionPhases, 3> phases;
    bool split = false;
    for (int64_t d = 0; d < dims.getNumSpatial(); ++d) {
      int64_t dilation = op.getLhsDilation()[d];
      bool splits = dilation > 1 && op.getWindowStrides()[d] == 1 &&
                    op.getRhsDilation()[d] == 1;
      split |= splits;
      phases.push_back(
          splitDimension(splits ? dilation : 1, op.getPaddingLow()[d],
                         rhsType.getDimSize(dims.kernelSpatial[d]),
                         lhsType.getDimSize(dims.inputSpatial[d]),
                         resultType.getDimSize(dims.outputSpatial[d])));
    }
    if (!split)
      return rewriter.notifyMatchFailure(op, "no dilated input to split");
    SmallVector<int64_t> phase(phases.size(), 0);
    rewriter.replaceOp(op, interleave(op, adaptor, phases, 0, phase, rewriter));
    return success();
  }

private:
  /// The output over every phase of the spatial dimensions from `d` on,
  /// with the earlier ones fixed at `phase`.
  Value interleave(ConvolutionOp op, OpAdaptor adaptor,
                   ArrayRef<DimensionPhases> phases, int64_t d,
                   SmallVector<int64_t> &phase,
                   ConversionPatternRewriter &rewriter) const {
    if (d == static_cast<int64_t>(phases.size()))
      return convolvePhase(op, adaptor, phases, phase, rewriter);
    const DimensionPhases &along = phases[d];
    if (along.dilation == 1) {
      phase[d] = 0;
      return interleave(op, adaptor, phases, d + 1, phase, rewriter);
    }
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Type element = resultType.getElementType();
    int64_t outDim = op.getDimensions().outputSpatial[d];
    int64_t widest = along.outSize.front();
    // Each phase padded to the widest, given a unit dimension after `d`,
    // side by side along it, then merged into `d` and cut to size.
    SmallVector<Value> parts;
    for (int64_t p = 0; p < along.dilation; ++p) {
      phase[d] = p;
      Value part = interleave(op, adaptor, phases, d + 1, phase, rewriter);
      auto partType = cast<RankedTensorType>(part.getType());
      int64_t rank = partType.getRank();
      if (along.outSize[p] < widest) {
        SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
        high[outDim] = widest - along.outSize[p];
        part = PadOp::create(rewriter, loc, part, zero(rewriter, loc, element),
                             low, high, interior);
      }
      SmallVector<int64_t> shape(
          cast<RankedTensorType>(part.getType()).getShape());
      shape.insert(shape.begin() + outDim + 1, 1);
      parts.push_back(ReshapeOp::create(
          rewriter, loc, RankedTensorType::get(shape, element), part));
    }
    Value stacked = ConcatenateOp::create(rewriter, loc, parts, outDim + 1);
    SmallVector<int64_t> shape(
        cast<RankedTensorType>(stacked.getType()).getShape());
    shape[outDim] *= along.dilation;
    shape.erase(shape.begin() + outDim + 1);
    Value merged = ReshapeOp::create(
        rewriter, loc, RankedTensorType::get(shape, element), stacked);
    int64_t size = resultType.getDimSize(outDim);
    if (shape[outDim] == size)
      return merged;
    SmallVector<int64_t> starts(shape.size(), 0), limits(shape),
        strides(shape.size(), 1);
    limits[outDim] = size;
    return SliceOp::create(rewriter, loc, merged, starts, limits, strides);
  }

  /// One phase: the input undilated along the split dimensions, with the
  /// phase's strided slice of the kernel and its padding.
  Value convolvePhase(ConvolutionOp op, OpAdaptor adaptor,
                      ArrayRef<DimensionPhases> phases, ArrayRef<int64_t> phase,
                      ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    ConvDimensions dims = op.getDimensions();
    auto rhsType = cast<RankedTensorType>(adaptor.getRhs().getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    SmallVector<int64_t> outShape(resultType.getShape());
    SmallVector<int64_t> starts(rhsType.getRank(), 0),
        limits(rhsType.getShape()), strides(rhsType.getRank(), 1);
    SmallVector<int64_t> low(op.getPaddingLow()), high(op.getPaddingHigh()),
        dilation(op.getLhsDilation());
    bool empty = false;
    for (auto [d, along] : llvm::enumerate(phases)) {
      if (along.dilation == 1)
        continue;
      int64_t p = phase[d];
      outShape[dims.outputSpatial[d]] = along.outSize[p];
      empty |= along.windowSize[p] == 0 || along.outSize[p] == 0;
      int64_t kernelDim = dims.kernelSpatial[d];
      starts[kernelDim] = along.firstOffset[p];
      limits[kernelDim] =
          along.firstOffset[p] + (along.windowSize[p] - 1) * along.dilation + 1;
      strides[kernelDim] = along.dilation;
      low[d] = along.low[p];
      high[d] = along.high[p];
      dilation[d] = 1;
    }
    auto type = RankedTensorType::get(outShape, resultType.getElementType());
    if (empty)
      return BroadcastInDimOp::create(
          rewriter, loc, type, zero(rewriter, loc, type.getElementType()),
          rewriter.getDenseI64ArrayAttr({}));
    Value kernel = SliceOp::create(rewriter, loc, adaptor.getRhs(), starts,
                                   limits, strides);
    return ConvolutionOp::create(
        rewriter, loc, type, adaptor.getLhs(), kernel, op.getDimLabels(),
        op.getWindowStrides(), low, high, dilation, op.getRhsDilation(),
        op.getFeatureGroupCount(), op.getBatchGroupCount());
  }

  static Value zero(OpBuilder &builder, Location loc, Type element) {
    return ConstantOp::create(
        builder, loc,
        DenseElementsAttr::get(RankedTensorType::get({}, element),
                               builder.getZeroAttr(element)));
  }
};

} // namespace

void fuse::detail::populateConvolutionPhaseLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConvolutionByPhases>(patterns.getContext());
}
