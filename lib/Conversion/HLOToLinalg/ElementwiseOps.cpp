//===- ElementwiseOps.cpp - hlo elementwise ops to linalg.generic ---------===//
//
// Elementwise ops become one all-parallel linalg.generic each whose body is
// the op's scalar form (ScalarOps.h); iota is a generic of linalg.index;
// constants become arith.constant.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// hlo.constant -> arith.constant of the same value, or a fill for splats.
struct ConstantToArith : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // A splat becomes a fill, so that no large constant is ever stored.
    auto splat = dyn_cast<SplatElementsAttr>(op.getValue());
    if (splat && splat.getNumElements() > 1) {
      Value scalar = arith::ConstantOp::create(
          rewriter, op.getLoc(), splat.getSplatValue<TypedAttr>());
      rewriter.replaceOp(op, fuse::detail::createFilledTensor(
                                 rewriter, op.getLoc(), op.getType(), scalar));
      return success();
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, cast<TypedAttr>(op.getValue()));
    return success();
  }
};

/// Any elementwise hlo op -> one all-parallel linalg.generic whose body is
/// the op's scalar form. Rank-0 operands of a higher-rank op (the pred of
/// select, the bounds of clamp) are broadcast by an empty indexing map.
struct ElementwiseToGeneric : ConversionPattern {
  ElementwiseToGeneric(MLIRContext *context)
      : ConversionPattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<HLODialect>(op->getDialect()) || !fuse::isScalarizable(op))
      return rewriter.notifyMatchFailure(op, "not an elementwise hlo op");
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    Location loc = op->getLoc();
    int64_t rank = resultType.getRank();
    MLIRContext *context = rewriter.getContext();

    SmallVector<AffineMap> maps;
    for (Value operand : operands) {
      bool broadcastScalar =
          cast<RankedTensorType>(operand.getType()).getRank() < rank;
      maps.push_back(broadcastScalar ? AffineMap::get(rank, 0, {}, context)
                                     : rewriter.getMultiDimIdentityMap(rank));
    }
    maps.push_back(rewriter.getMultiDimIdentityMap(rank));
    SmallVector<utils::IteratorType> iterators =
        fuse::detail::parallelIterators(rank);

    Value init = fuse::detail::createEmptyTensor(rewriter, loc, resultType);
    bool bodyFailed = false;
    auto generic = linalg::GenericOp::create(
        rewriter, loc, resultType, operands, init, maps, iterators,
        [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
          FailureOr<Value> scalar =
              fuse::emitScalarOp(builder, bodyLoc, op, args.drop_back());
          if (failed(scalar)) {
            bodyFailed = true;
            return;
          }
          linalg::YieldOp::create(builder, bodyLoc, *scalar);
        });
    if (bodyFailed) {
      rewriter.eraseOp(generic);
      return failure();
    }
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

/// hlo.iota -> a generic whose body converts its loop index.
struct IotaLowering : OpConversionPattern<IotaOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(IotaOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    RankedTensorType type = op.getType();
    int64_t dimension = op.getIotaDimension();
    auto generic = linalg::GenericOp::create(
        rewriter, op.getLoc(), type, ValueRange{},
        fuse::detail::createEmptyTensor(rewriter, op.getLoc(), type),
        rewriter.getMultiDimIdentityMap(type.getRank()),
        fuse::detail::parallelIterators(type.getRank()),
        [&](OpBuilder &b, Location loc, ValueRange) {
          Value index = linalg::IndexOp::create(b, loc, dimension);
          Value wide =
              arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
          Type elementType = type.getElementType();
          Value element;
          if (isa<FloatType>(elementType))
            element = arith::SIToFPOp::create(b, loc, elementType, wide);
          else if (elementType.getIntOrFloatBitWidth() < 64)
            element = arith::TruncIOp::create(b, loc, elementType, wide);
          else
            element = wide;
          linalg::YieldOp::create(b, loc, element);
        });
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

} // namespace

SmallVector<utils::IteratorType> fuse::detail::parallelIterators(int64_t rank) {
  return SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel);
}

Value fuse::detail::createEmptyTensor(OpBuilder &builder, Location loc,
                                      RankedTensorType type) {
  return tensor::EmptyOp::create(builder, loc, type.getShape(),
                                 type.getElementType());
}

fuse::detail::ShapeBounds
fuse::detail::getShapeBounds(OpBuilder &builder, Location loc,
                             ArrayRef<int64_t> shape) {
  Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
  Value one = arith::ConstantIndexOp::create(builder, loc, 1);
  ShapeBounds bounds{SmallVector<Value>(shape.size(), zero),
                     {},
                     SmallVector<Value>(shape.size(), one)};
  for (int64_t size : shape)
    bounds.upper.push_back(arith::ConstantIndexOp::create(builder, loc, size));
  return bounds;
}

SmallVector<OpFoldResult> fuse::detail::unitStrides(OpBuilder &builder,
                                                    int64_t rank) {
  return SmallVector<OpFoldResult>(rank, builder.getIndexAttr(1));
}

Value fuse::detail::extractScalar(OpBuilder &builder, Location loc,
                                  Value rankZeroTensor) {
  return tensor::ExtractOp::create(builder, loc, rankZeroTensor, ValueRange{});
}

IRMapping fuse::detail::readOuterScalars(ConversionPatternRewriter &rewriter,
                                         Location loc, Operation *op) {
  IRMapping outerScalars;
  for (Region &region : op->getRegions())
    region.walk([&](Operation *nested) {
      for (Value operand : nested->getOperands())
        if (!region.isAncestor(operand.getParentRegion()) &&
            !outerScalars.contains(operand))
          outerScalars.map(
              operand,
              extractScalar(rewriter, loc, rewriter.getRemappedValue(operand)));
    });
  return outerScalars;
}

Value fuse::detail::createFilledTensor(OpBuilder &builder, Location loc,
                                       RankedTensorType type, Value scalar) {
  return linalg::FillOp::create(builder, loc, scalar,
                                createEmptyTensor(builder, loc, type))
      .getResult(0);
}

Value fuse::detail::roundWideSums(OpBuilder &builder, Location loc, Value sums,
                                  RankedTensorType type) {
  int64_t rank = type.getRank();
  return linalg::GenericOp::create(
             builder, loc, TypeRange{type}, ValueRange{sums},
             ValueRange{createEmptyTensor(builder, loc, type)},
             SmallVector<AffineMap>(2, builder.getMultiDimIdentityMap(rank)),
             parallelIterators(rank),
             [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
               linalg::YieldOp::create(
                   b, bodyLoc,
                   ValueRange{arith::TruncFOp::create(
                       b, bodyLoc, type.getElementType(), args[0])});
             })
      .getResult(0);
}

void fuse::detail::populateElementwiseLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<ConstantToArith, ElementwiseToGeneric, IotaLowering>(
      patterns.getContext());
}
