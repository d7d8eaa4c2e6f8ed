//===- Convolution.cpp - hlo.convolution in the interpreter ---------------===//
//
// Every output element as a direct sum over the input features of its group
// and the kernel window, reading the input through its dilation and padding
// (positions between dilated elements and in the padding read zero). Float
// sums are carried in double and rounded once; integer sums wrap.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

using namespace mlir;

namespace fuse::interp {

Tensor evaluateConvolution(hlo::ConvolutionOp op, const Tensor &lhs,
                           const Tensor &rhs) {
  Tensor result(cast<RankedTensorType>(op.getType()));
  hlo::ConvDimensions dims = op.getDimensions();
  int64_t spatial = dims.getNumSpatial();
  int64_t groups =
      std::max<int64_t>(op.getFeatureGroupCount(), op.getBatchGroupCount());
  bool batchGroups = op.getBatchGroupCount() > 1;
  int64_t outFeatures = rhs.getShape()[dims.kernelOutputFeature];
  int64_t kernelIn = rhs.getShape()[dims.kernelInputFeature];
  int64_t outBatch = result.getShape()[dims.outputBatch];
  SmallVector<int64_t> window;
  for (int64_t dim : dims.kernelSpatial)
    window.push_back(rhs.getShape()[dim]);
  ArrayRef<int64_t> strides = op.getWindowStrides(), low = op.getPaddingLow(),
                    lhsDilation = op.getLhsDilation(),
                    rhsDilation = op.getRhsDilation();

  forEachIndex(result.getShape(), [&](int64_t linear, ArrayRef<int64_t> out) {
    int64_t feature = out[dims.outputFeature];
    int64_t group = feature / (outFeatures / groups);
    SmallVector<int64_t> in(lhs.getRank()), kernel(rhs.getRank());
    in[dims.inputBatch] = batchGroups ? group * outBatch + out[dims.outputBatch]
                                      : out[dims.outputBatch];
    kernel[dims.kernelOutputFeature] = feature;
    double floatSum = 0;
    int64_t intSum = 0;
    forEachIndex(window, [&](int64_t, ArrayRef<int64_t> offset) {
      // The input position under this window offset, if it is an element.
      for (int64_t d = 0; d < spatial; ++d) {
        int64_t dilated = out[dims.outputSpatial[d]] * strides[d] +
                          offset[d] * rhsDilation[d] - low[d];
        if (dilated < 0 || dilated % lhsDilation[d] != 0 ||
            dilated / lhsDilation[d] >= lhs.getShape()[dims.inputSpatial[d]])
          return;
        in[dims.inputSpatial[d]] = dilated / lhsDilation[d];
        kernel[dims.kernelSpatial[d]] = offset[d];
      }
      for (int64_t i = 0; i < kernelIn; ++i) {
        in[dims.inputFeature] = batchGroups ? i : group * kernelIn + i;
        kernel[dims.kernelInputFeature] = i;
        int64_t a = lhs.getLinearIndex(in), b = rhs.getLinearIndex(kernel);
        if (result.isFloat())
          floatSum += lhs.getFloat(a) * rhs.getFloat(b);
        else
          intSum += static_cast<int64_t>(static_cast<uint64_t>(lhs.getInt(a)) *
                                         static_cast<uint64_t>(rhs.getInt(b)));
      }
    });
    if (result.isFloat())
      result.setFloat(linear, floatSum);
    else
      result.setInt(linear, intSum);
  });
  return result;
}

} // namespace fuse::interp
