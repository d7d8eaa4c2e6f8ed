//===- ConvolutionOps.cpp - hlo.convolution as patches times weights ------===//
//
// A convolution becomes a matrix product (im2col), so that it runs on the
// tiled product kernels:
//
//   1. hlo.pad applies the input's dilation and padding;
//   2. one linalg.generic copies the patches out of the padded input
//      through an affine map (position * stride + offset * dilation): for
//      each window offset, every output position; or, when the window has
//      more offsets than the output has positions (weight gradients), for
//      each output position, the whole window. The offsets (positions) are
//      stacked next to the input features (the batch), so that the
//      product's contracted and free dimensions stay in two groups. A 1x1
//      window with unit strides needs no copy: its patches are a view of
//      the padded input;
//   3. one hlo.dot_general contracts the patches with the kernel over the
//      window and the input features, batched over the feature groups (or
//      the batch groups);
//   4. the product is laid out as the output.
//
// The other steps are hlo ops, lowered by the other patterns of the pass.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// What a dimension of the patches (or of the product) stands for.
struct Role {
  enum Kind { Batch, Feature, Group, Spatial, Enumerated } kind;
  /// The spatial dimension of Spatial and Enumerated.
  int64_t spatial = -1;
};

/// The position of the first role of `kind` (of spatial dimension `d`).
int64_t findRole(ArrayRef<Role> roles, Role::Kind kind, int64_t d = -1) {
  return llvm::find_if(roles,
                       [&](const Role &role) {
                         return role.kind == kind &&
                                (d < 0 || role.spatial == d);
                       }) -
         roles.begin();
}

/// Builds hlo ops at one place, with result types given.
struct Builder {
  ConversionPatternRewriter &rewriter;
  Location loc;
  Type element;

  Value reshape(Value value, ArrayRef<int64_t> shape) {
    return ReshapeOp::create(rewriter, loc,
                             RankedTensorType::get(shape, element), value);
  }
  Value transpose(Value value, ArrayRef<int64_t> permutation) {
    auto type = cast<RankedTensorType>(value.getType());
    SmallVector<int64_t> shape;
    for (int64_t dim : permutation)
      shape.push_back(type.getDimSize(dim));
    return TransposeOp::create(rewriter, loc, type.clone(shape), value,
                               rewriter.getDenseI64ArrayAttr(permutation));
  }
};

/// `shape` with dimension `dim` split into [groups, size / groups].
SmallVector<int64_t> splitDim(ArrayRef<int64_t> shape, int64_t dim,
                              int64_t groups) {
  SmallVector<int64_t> split(shape.take_front(dim));
  split.append({groups, shape[dim] / groups});
  llvm::append_range(split, shape.drop_front(dim + 1));
  return split;
}

/// The sizes a convolution's steps share.
struct ConvolutionShape {
  ConvDimensions dims;
  int64_t spatial;
  SmallVector<int64_t> outSizes, windowSizes;
};

/// 1. The input with its dilation and padding applied.
Value padInput(ConvolutionOp op, const ConvolutionShape &shape, Value lhs,
               Value zero, ConversionPatternRewriter &rewriter) {
  const ConvDimensions &dims = shape.dims;
  int64_t rank = cast<RankedTensorType>(lhs.getType()).getRank();
  SmallVector<int64_t> low(rank, 0), high(rank, 0), interior(rank, 0);
  for (int64_t d = 0; d < shape.spatial; ++d) {
    low[dims.inputSpatial[d]] = op.getPaddingLow()[d];
    high[dims.inputSpatial[d]] = op.getPaddingHigh()[d];
    interior[dims.inputSpatial[d]] = op.getLhsDilation()[d] - 1;
  }
  return PadOp::create(rewriter, op.getLoc(), lhs, zero, low, high, interior);
}

/// The patches of the padded input, and what each of their dimensions
/// stands for.
struct Patches {
  Value value;
  SmallVector<int64_t> shape;
  SmallVector<Role> roles;
  /// Whether the stacked dimensions are window offsets (else output
  /// positions).
  bool enumerateWindow;
};

/// 2. The patches: per window offset, every output position (or the other
/// way round), copied by one linalg.generic.
Patches extractPatches(ConvolutionOp op, const ConvolutionShape &shape,
                       Value padded, ConversionPatternRewriter &rewriter) {
  const ConvDimensions &dims = shape.dims;
  int64_t spatial = shape.spatial;
  auto paddedType = cast<RankedTensorType>(padded.getType());
  int64_t rank = paddedType.getRank();
  Patches patches;
  patches.enumerateWindow =
      computeProduct(shape.windowSizes) <= computeProduct(shape.outSizes);
  bool enumerateWindow = patches.enumerateWindow;
  ArrayRef<int64_t> enumerated =
      enumerateWindow ? shape.windowSizes : shape.outSizes;
  SmallVector<int64_t> sliceShape(paddedType.getShape());
  for (int64_t d = 0; d < spatial; ++d)
    sliceShape[dims.inputSpatial[d]] =
        enumerateWindow ? shape.outSizes[d] : shape.windowSizes[d];
  // The stacked offsets go next to the dimensions they join: before the
  // input features when they are window offsets (contracted), before the
  // batch when they are output positions, so that the product's contracted
  // and free dimensions stay in two groups.
  int64_t stackAt = enumerateWindow ? dims.inputFeature : dims.inputBatch;
  patches.shape = sliceShape;
  patches.shape.insert(patches.shape.begin() + stackAt, enumerated.begin(),
                       enumerated.end());
  for (int64_t dim = 0; dim < rank; ++dim) {
    if (dim == stackAt)
      for (int64_t d = 0; d < spatial; ++d)
        patches.roles.push_back({Role::Enumerated, d});
    if (dim == dims.inputBatch)
      patches.roles.push_back({Role::Batch});
    else if (dim == dims.inputFeature)
      patches.roles.push_back({Role::Feature});
    else
      patches.roles.push_back(
          {Role::Spatial,
           static_cast<int64_t>(llvm::find(dims.inputSpatial, dim) -
                                dims.inputSpatial.begin())});
  }

  Location loc = op.getLoc();
  int64_t patchRank = patches.shape.size();
  auto patchType =
      RankedTensorType::get(patches.shape, paddedType.getElementType());
  // A window of one offset with unit strides (a 1x1 convolution) takes every
  // element once, in place: the patches are the padded input with the unit
  // window dimensions inserted, a view. A copy would write and read back
  // all of it (a 32x28x28x128 layer: 12.8 MB twice, about 1.5 ms).
  if (enumerateWindow &&
      llvm::all_of(shape.windowSizes, [](int64_t s) { return s == 1; }) &&
      llvm::all_of(op.getWindowStrides(), [](int64_t s) { return s == 1; })) {
    SmallVector<ReassociationIndices> groups;
    for (int64_t dim = 0; dim < rank; ++dim) {
      int64_t position = dim < stackAt ? dim : dim + spatial;
      if (dim != stackAt) {
        groups.push_back({position});
        continue;
      }
      groups.emplace_back();
      for (int64_t unit = stackAt; unit <= stackAt + spatial; ++unit)
        groups.back().push_back(unit);
    }
    patches.value =
        tensor::ExpandShapeOp::create(rewriter, loc, patchType, padded, groups);
    return patches;
  }

  // One copy reads every patch element from the padded input: along
  // spatial dimension d, the position out * stride + offset * dilation.
  MLIRContext *context = rewriter.getContext();
  SmallVector<AffineExpr> reads;
  for (int64_t dim = 0; dim < rank; ++dim) {
    int64_t position = dim < stackAt ? dim : dim + spatial;
    AffineExpr expr = getAffineDimExpr(position, context);
    if (patches.roles[position].kind == Role::Spatial) {
      int64_t d = patches.roles[position].spatial;
      AffineExpr other = getAffineDimExpr(stackAt + d, context);
      int64_t stride = op.getWindowStrides()[d];
      int64_t dilation = op.getRhsDilation()[d];
      expr = enumerateWindow ? expr * stride + other * dilation
                             : other * stride + expr * dilation;
    }
    reads.push_back(expr);
  }
  patches.value =
      linalg::GenericOp::create(
          rewriter, loc, TypeRange{patchType}, ValueRange{padded},
          ValueRange{fuse::detail::createEmptyTensor(rewriter, loc, patchType)},
          SmallVector<AffineMap>{AffineMap::get(patchRank, 0, reads, context),
                                 rewriter.getMultiDimIdentityMap(patchRank)},
          fuse::detail::parallelIterators(patchRank),
          [](OpBuilder &b, Location bodyLoc, ValueRange args) {
            linalg::YieldOp::create(b, bodyLoc, args.front());
          })
          .getResult(0);
  return patches;
}

/// 3. The product of the patches and the kernel, contracting the window and
/// the input features, batched over the groups; returns it and what each of
/// its dimensions stands for.
std::pair<Value, SmallVector<Role>>
multiplyPatches(ConvolutionOp op, const ConvolutionShape &shape,
                Patches patches, Value rhs,
                ConversionPatternRewriter &rewriter) {
  const ConvDimensions &dims = shape.dims;
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  auto resultType = cast<RankedTensorType>(op.getType());
  // Groups split the input features (or the batch) and the kernel's output
  // features.
  int64_t groups =
      std::max<int64_t>(op.getFeatureGroupCount(), op.getBatchGroupCount());
  Role::Kind grouped =
      op.getBatchGroupCount() > 1 ? Role::Batch : Role::Feature;
  int64_t kernelOut = dims.kernelOutputFeature;
  SmallVector<int64_t> kernelShape(rhsType.getShape());
  if (groups > 1) {
    int64_t dim = findRole(patches.roles, grouped);
    patches.shape = splitDim(patches.shape, dim, groups);
    patches.roles.insert(patches.roles.begin() + dim, {Role::Group});
    kernelShape = splitDim(kernelShape, kernelOut, groups);
  }
  Value lhs = Builder{rewriter, op.getLoc(),
                      getElementTypeOrSelf(patches.value.getType())}
                  .reshape(patches.value, patches.shape);
  Value kernel =
      Builder{rewriter, op.getLoc(), rhsType.getElementType()}.reshape(
          rhs, kernelShape);
  // Kernel dimensions after the split of the output features.
  auto kernelDim = [&](int64_t dim) {
    return groups > 1 && dim > kernelOut ? dim + 1 : dim;
  };
  auto patchDim = [&](Role::Kind kind, int64_t d = -1) {
    return findRole(patches.roles, kind, d);
  };
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;
  if (groups > 1) {
    lhsBatch.push_back(patchDim(Role::Group));
    rhsBatch.push_back(kernelOut);
  }
  lhsContracting.push_back(patchDim(Role::Feature));
  rhsContracting.push_back(kernelDim(dims.kernelInputFeature));
  for (int64_t d = 0; d < shape.spatial; ++d) {
    lhsContracting.push_back(patchDim(
        patches.enumerateWindow ? Role::Enumerated : Role::Spatial, d));
    rhsContracting.push_back(kernelDim(dims.kernelSpatial[d]));
  }
  // The product's dimensions: groups, the patches' free dimensions in
  // order, the kernel's output features per group.
  SmallVector<Role> productRoles;
  SmallVector<int64_t> productShape;
  if (groups > 1) {
    productRoles.push_back({Role::Group});
    productShape.push_back(groups);
  }
  for (auto [dim, role] : llvm::enumerate(patches.roles)) {
    if (llvm::is_contained(lhsBatch, static_cast<int64_t>(dim)) ||
        llvm::is_contained(lhsContracting, static_cast<int64_t>(dim)))
      continue;
    productRoles.push_back(
        role.kind == Role::Batch ? role : Role{Role::Spatial, role.spatial});
    productShape.push_back(patches.shape[dim]);
  }
  productRoles.push_back({Role::Feature});
  productShape.push_back(rhsType.getDimSize(kernelOut) / groups);
  Value result = DotGeneralOp::create(
      rewriter, op.getLoc(),
      RankedTensorType::get(productShape, resultType.getElementType()), lhs,
      kernel, lhsBatch, rhsBatch, lhsContracting, rhsContracting);
  return {result, productRoles};
}

/// 4. The product [batch, out..., groups, features per group] in the
/// output's layout.
Value layOutResult(ConvolutionOp op, const ConvolutionShape &shape,
                   Value result, ArrayRef<Role> productRoles,
                   ConversionPatternRewriter &rewriter) {
  const ConvDimensions &dims = shape.dims;
  int64_t spatial = shape.spatial;
  auto resultType = cast<RankedTensorType>(op.getType());
  SmallVector<int64_t> toCanonical;
  toCanonical.push_back(findRole(productRoles, Role::Batch));
  for (int64_t d = 0; d < spatial; ++d)
    toCanonical.push_back(findRole(productRoles, Role::Spatial, d));
  if (findRole(productRoles, Role::Group) <
      static_cast<int64_t>(productRoles.size()))
    toCanonical.push_back(findRole(productRoles, Role::Group));
  toCanonical.push_back(findRole(productRoles, Role::Feature));
  Builder build{rewriter, op.getLoc(), resultType.getElementType()};
  result = build.transpose(result, toCanonical);
  SmallVector<int64_t> flatShape{resultType.getDimSize(dims.outputBatch)};
  llvm::append_range(flatShape, shape.outSizes);
  flatShape.push_back(resultType.getDimSize(dims.outputFeature));
  result = build.reshape(result, flatShape);
  SmallVector<int64_t> toOutput(spatial + 2);
  toOutput[dims.outputBatch] = 0;
  toOutput[dims.outputFeature] = spatial + 1;
  for (int64_t d = 0; d < spatial; ++d)
    toOutput[dims.outputSpatial[d]] = 1 + d;
  return build.transpose(result, toOutput);
}

struct ConvolutionLowering : OpConversionPattern<ConvolutionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvolutionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value lhs = adaptor.getLhs(), rhs = adaptor.getRhs();
    auto lhsType = cast<RankedTensorType>(lhs.getType());
    auto rhsType = cast<RankedTensorType>(rhs.getType());
    auto resultType = cast<RankedTensorType>(op.getType());
    Type element = lhsType.getElementType();
    Value zero = ConstantOp::create(
        rewriter, loc,
        DenseElementsAttr::get(RankedTensorType::get({}, element),
                               rewriter.getZeroAttr(element)));
    if (resultType.getNumElements() == 0 || rhsType.getNumElements() == 0 ||
        lhsType.getNumElements() == 0) {
      // Nothing to sum: zeros.
      rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
          op, resultType, zero, rewriter.getDenseI64ArrayAttr({}));
      return success();
    }

    ConvolutionShape shape{op.getDimensions(), 0, {}, {}};
    shape.spatial = shape.dims.getNumSpatial();
    for (int64_t d = 0; d < shape.spatial; ++d) {
      shape.outSizes.push_back(
          resultType.getDimSize(shape.dims.outputSpatial[d]));
      shape.windowSizes.push_back(
          rhsType.getDimSize(shape.dims.kernelSpatial[d]));
    }
    Value padded = padInput(op, shape, lhs, zero, rewriter);
    Patches patches = extractPatches(op, shape, padded, rewriter);
    auto [result, productRoles] =
        multiplyPatches(op, shape, std::move(patches), rhs, rewriter);
    rewriter.replaceOp(op,
                       layOutResult(op, shape, result, productRoles, rewriter));
    return success();
  }
};

} // namespace

void fuse::detail::populateConvolutionLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConvolutionLowering>(patterns.getContext());
}
