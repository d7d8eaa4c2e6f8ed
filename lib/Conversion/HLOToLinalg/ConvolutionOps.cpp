//===- ConvolutionOps.cpp - hlo.convolution as patches times weights ------===//
//
// A convolution becomes a matrix product (im2col), so that it runs on the
// tiled product kernels:
//
//   1. a linalg.generic gathers the patches [G, N, out..., window..., C/G]:
//      the input element under each window offset of each output position,
//      read through the input's dilation and padding (zero outside);
//   2. the kernel is laid out as [G, window... * C/G, O/G];
//   3. one batched hlo.dot_general per group contracts the two;
//   4. the product [G, N * out..., O/G] is laid out as the output.
//
// G is the feature group count, or the batch group count (then the groups
// split the batch, not the features). Steps 2 to 4 are hlo ops, lowered by
// the other patterns of the pass.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

int64_t product(ArrayRef<int64_t> sizes) {
  int64_t result = 1;
  for (int64_t size : sizes)
    result *= size;
  return result;
}

struct ConvolutionLowering : OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ConvDimensions dims = op.getDimensions();
    int64_t spatial = dims.getNumSpatial();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type element = lhsType.getElementType();
    bool batchGroups = op.getBatchGroupCount() > 1;
    int64_t groups =
        std::max<int64_t>(op.getFeatureGroupCount(), op.getBatchGroupCount());
    int64_t batch = resultType.getDimSize(dims.outputBatch);
    int64_t groupFeatures = rhsType.getDimSize(dims.kernelInputFeature);
    int64_t outFeatures = rhsType.getDimSize(dims.kernelOutputFeature);
    SmallVector<int64_t> outSizes, windowSizes;
    for (int64_t d = 0; d < spatial; ++d) {
      outSizes.push_back(resultType.getDimSize(dims.outputSpatial[d]));
      windowSizes.push_back(rhsType.getDimSize(dims.kernelSpatial[d]));
    }

    // 1. Patches [G, N, out..., window..., C/G].
    SmallVector<int64_t> patchShape{groups, batch};
    llvm::append_range(patchShape, outSizes);
    llvm::append_range(patchShape, windowSizes);
    patchShape.push_back(groupFeatures);
    auto patchType = RankedTensorType::get(patchShape, element);
    auto buildPatch = [&](OpBuilder &b, Location bodyLoc, ValueRange) {
      auto constant = [&](int64_t value) -> Value {
        return arith::ConstantIndexOp::create(b, bodyLoc, value);
      };
      SmallVector<Value> index;
      for (int64_t dim = 0, e = patchShape.size(); dim < e; ++dim)
        index.push_back(linalg::IndexOp::create(b, bodyLoc, dim));
      Value group = index[0], feature = index.back();
      SmallVector<Value> at(lhsType.getRank());
      at[dims.inputBatch] =
          batchGroups
              ? arith::AddIOp::create(
                    b, bodyLoc,
                    arith::MulIOp::create(b, bodyLoc, group, constant(batch)),
                    index[1])
              : index[1];
      at[dims.inputFeature] =
          batchGroups ? feature
                      : arith::AddIOp::create(
                            b, bodyLoc,
                            arith::MulIOp::create(b, bodyLoc, group,
                                                  constant(groupFeatures)),
                            feature);
      Value inBounds =
          arith::ConstantIntOp::create(b, bodyLoc, b.getI1Type(), 1);
      for (int64_t d = 0; d < spatial; ++d) {
        // The position in the dilated, padded input; an element of the
        // input only where it is a multiple of the dilation.
        Value position = arith::SubIOp::create(
            b, bodyLoc,
            arith::AddIOp::create(
                b, bodyLoc,
                arith::MulIOp::create(b, bodyLoc, index[2 + d],
                                      constant(op.getWindowStrides()[d])),
                arith::MulIOp::create(b, bodyLoc, index[2 + spatial + d],
                                      constant(op.getRhsDilation()[d]))),
            constant(op.getPaddingLow()[d]));
        Value dilation = constant(op.getLhsDilation()[d]);
        Value source = arith::DivSIOp::create(b, bodyLoc, position, dilation);
        Value onElement = arith::AndIOp::create(
            b, bodyLoc,
            arith::CmpIOp::create(b, bodyLoc, arith::CmpIPredicate::sge,
                                  position, constant(0)),
            arith::CmpIOp::create(
                b, bodyLoc, arith::CmpIPredicate::eq,
                arith::RemSIOp::create(b, bodyLoc, position, dilation),
                constant(0)));
        onElement = arith::AndIOp::create(
            b, bodyLoc, onElement,
            arith::CmpIOp::create(
                b, bodyLoc, arith::CmpIPredicate::slt, source,
                constant(lhsType.getDimSize(dims.inputSpatial[d]))));
        inBounds = arith::AndIOp::create(b, bodyLoc, inBounds, onElement);
        at[dims.inputSpatial[d]] =
            arith::SelectOp::create(b, bodyLoc, onElement, source, constant(0));
      }
      Value value = tensor::ExtractOp::create(b, bodyLoc, lhs, at);
      Value zero =
          arith::ConstantOp::create(b, bodyLoc, b.getZeroAttr(element));
      Value selected =
          arith::SelectOp::create(b, bodyLoc, inBounds, value, zero);
      linalg::YieldOp::create(b, bodyLoc, selected);
    };
    Value patches =
        linalg::GenericOp::create(
            rewriter, loc, TypeRange{patchType}, ValueRange{},
            ValueRange{
                fuse::detail::createEmptyTensor(rewriter, loc, patchType)},
            SmallVector<AffineMap>{
                rewriter.getMultiDimIdentityMap(patchShape.size())},
            fuse::detail::parallelIterators(patchShape.size()), buildPatch)
            .getResult(0);
    int64_t positions = batch * product(outSizes);
    int64_t depth = product(windowSizes) * groupFeatures;
    patches = ReshapeOp::create(
        rewriter, loc,
        RankedTensorType::get({groups, positions, depth}, element), patches);

    // 2. Weights [G, window... * C/G, O/G].
    SmallVector<int64_t> toWindowMajor(dims.kernelSpatial);
    toWindowMajor.push_back(dims.kernelInputFeature);
    toWindowMajor.push_back(dims.kernelOutputFeature);
    SmallVector<int64_t> windowMajorShape(windowSizes);
    windowMajorShape.append({groupFeatures, outFeatures});
    Value weights = TransposeOp::create(
        rewriter, loc, RankedTensorType::get(windowMajorShape, element), rhs,
        rewriter.getDenseI64ArrayAttr(toWindowMajor));
    int64_t groupOut = outFeatures / groups;
    weights = ReshapeOp::create(
        rewriter, loc,
        RankedTensorType::get({depth, groups, groupOut}, element), weights);
    weights = TransposeOp::create(
        rewriter, loc,
        RankedTensorType::get({groups, depth, groupOut}, element), weights,
        rewriter.getDenseI64ArrayAttr({1, 0, 2}));

    // 3. One product per group.
    Value products = DotGeneralOp::create(
        rewriter, loc,
        RankedTensorType::get({groups, positions, groupOut},
                              resultType.getElementType()),
        patches, weights, ArrayRef<int64_t>{0}, ArrayRef<int64_t>{0},
        ArrayRef<int64_t>{2}, ArrayRef<int64_t>{1});

    // 4. [G, N, out..., O/G] -> [N, out..., G, O/G] -> [N, out..., O] -> the
    // output's layout.
    Type resultElement = resultType.getElementType();
    SmallVector<int64_t> grouped{groups, batch};
    llvm::append_range(grouped, outSizes);
    grouped.push_back(groupOut);
    Value result = ReshapeOp::create(
        rewriter, loc, RankedTensorType::get(grouped, resultElement), products);
    SmallVector<int64_t> groupsLast, groupsLastShape{batch};
    groupsLast.push_back(1);
    for (int64_t d = 0; d < spatial; ++d)
      groupsLast.push_back(2 + d);
    groupsLast.append({0, spatial + 2});
    llvm::append_range(groupsLastShape, outSizes);
    groupsLastShape.append({groups, groupOut});
    result = TransposeOp::create(
        rewriter, loc, RankedTensorType::get(groupsLastShape, resultElement),
        result, rewriter.getDenseI64ArrayAttr(groupsLast));
    SmallVector<int64_t> flatShape{batch};
    llvm::append_range(flatShape, outSizes);
    flatShape.push_back(outFeatures);
    result = ReshapeOp::create(
        rewriter, loc, RankedTensorType::get(flatShape, resultElement), result);
    SmallVector<int64_t> toOutput(spatial + 2);
    toOutput[dims.outputBatch] = 0;
    toOutput[dims.outputFeature] = spatial + 1;
    for (int64_t d = 0; d < spatial; ++d)
      toOutput[dims.outputSpatial[d]] = 1 + d;
    result = TransposeOp::create(rewriter, loc, resultType, result,
                                 rewriter.getDenseI64ArrayAttr(toOutput));
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

void fuse::detail::populateConvolutionLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConvolutionLowering>(patterns.getContext());
}
