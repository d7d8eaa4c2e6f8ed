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
// below and Q_p + c_p + T_p - L - 1 above (negative values crop). Each
// phase is written into the output through a slice strided by s at offset
// p; a phase without offsets leaves zeros.
//
// Only dimensions with unit window strides and unit window dilation are
// split (the form of input gradients); others keep the op whole.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
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
      bool splits = op.splitsDilatedInput(d);
      split |= splits;
      phases.push_back(
          splitDimension(splits ? dilation : 1, op.getPaddingLow()[d],
                         rhsType.getDimSize(dims.kernelSpatial[d]),
                         lhsType.getDimSize(dims.inputSpatial[d]),
                         resultType.getDimSize(dims.outputSpatial[d])));
    }
    if (!split)
      return rewriter.notifyMatchFailure(op, "no dilated input to split");
    rewriter.replaceOp(op, interleave(op, adaptor, phases, rewriter));
    return success();
  }

private:
  /// Every phase's convolution written into its positions of the output:
  /// a slice with the dilations as strides. Positions of phases without
  /// window offsets keep the zeros the output starts from.
  Value interleave(ConvolutionOp op, OpAdaptor adaptor,
                   ArrayRef<DimensionPhases> phases,
                   ConversionPatternRewriter &rewriter) const {
    Location loc = op.getLoc();
    ConvDimensions dims = op.getDimensions();
    auto resultType = cast<RankedTensorType>(op.getType());
    bool zeroPhases = llvm::any_of(phases, [](const DimensionPhases &along) {
      return llvm::is_contained(along.windowSize, 0);
    });
    Value output =
        zeroPhases ? fuse::detail::createFilledTensor(
                         rewriter, loc, resultType,
                         arith::ConstantOp::create(
                             rewriter, loc,
                             rewriter.getZeroAttr(resultType.getElementType())))
                   : fuse::detail::createEmptyTensor(rewriter, loc, resultType);
    int64_t rank = resultType.getRank();
    SmallVector<int64_t> phase(phases.size(), 0);
    while (true) {
      Value part = convolvePhase(op, adaptor, phases, phase, rewriter);
      if (part) {
        SmallVector<OpFoldResult> offsets(rank, rewriter.getIndexAttr(0)),
            strides(rank, rewriter.getIndexAttr(1)), sizes;
        for (int64_t size : cast<RankedTensorType>(part.getType()).getShape())
          sizes.push_back(rewriter.getIndexAttr(size));
        for (auto [d, along] : llvm::enumerate(phases)) {
          offsets[dims.outputSpatial[d]] = rewriter.getIndexAttr(phase[d]);
          strides[dims.outputSpatial[d]] =
              rewriter.getIndexAttr(along.dilation);
        }
        output = tensor::InsertSliceOp::create(rewriter, loc, part, output,
                                               offsets, sizes, strides);
      }
      // The next phase, the last dimension fastest.
      int64_t d = static_cast<int64_t>(phases.size()) - 1;
      while (d >= 0 && ++phase[d] == phases[d].dilation)
        phase[d--] = 0;
      if (d < 0)
        return output;
    }
  }

  /// One phase: the input undilated along the split dimensions, with the
  /// phase's strided slice of the kernel and its padding; null when the
  /// phase has no window offsets or no positions.
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
    if (empty)
      return Value();
    auto type = RankedTensorType::get(outShape, resultType.getElementType());
    Value kernel = SliceOp::create(rewriter, loc, adaptor.getRhs(), starts,
                                   limits, strides);
    return ConvolutionOp::create(
        rewriter, loc, type, adaptor.getLhs(), kernel, op.getDimLabels(),
        op.getWindowStrides(), low, high, dilation, op.getRhsDilation(),
        op.getFeatureGroupCount(), op.getBatchGroupCount());
  }
};

} // namespace

void fuse::detail::populateConvolutionPhaseLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConvolutionByPhases>(patterns.getContext());
}
