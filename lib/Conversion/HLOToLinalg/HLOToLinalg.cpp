//===- HLOToLinalg.cpp - hlo to linalg conversion -------------------------===//

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"

namespace fuse {
#define GEN_PASS_DEF_CONVERTHLOTOLINALGPASS
#include "fuse/Conversion/HLOToLinalg/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// hlo.constant -> arith.constant of the same value.
struct ConstantToArith : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
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
    SmallVector<utils::IteratorType> iterators(rank,
                                               utils::IteratorType::parallel);

    Value init = tensor::EmptyOp::create(rewriter, loc, resultType.getShape(),
                                         resultType.getElementType());
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

struct ConvertHLOToLinalgPass
    : fuse::impl::ConvertHLOToLinalgPassBase<ConvertHLOToLinalgPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    fuse::populateHLOToLinalgPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    ConversionTarget target(getContext());
    fuse::configureHLOToLinalgTarget(target);
    if (failed(applyPartialConversion(getOperation(), target, patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void fuse::populateHLOToLinalgPatterns(RewritePatternSet &patterns) {
  patterns.add<ConstantToArith, ElementwiseToGeneric>(patterns.getContext());
}

void fuse::configureHLOToLinalgTarget(ConversionTarget &target) {
  target.addIllegalDialect<HLODialect>();
  target.addLegalDialect<arith::ArithDialect, linalg::LinalgDialect,
                         math::MathDialect, scf::SCFDialect,
                         tensor::TensorDialect>();
}
