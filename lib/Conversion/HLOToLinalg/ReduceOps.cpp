//===- ReduceOps.cpp - hlo.reduce to linalg.reduce ------------------------===//
//
// A reduce becomes linalg.reduce (linalg.generic when no dimension is
// reduced) whose destinations are filled with the init values and whose
// body is the hlo body in scalar form. Values the body takes from outside
// are rank-0 tensors, read once before the loop. A float sum below 32
// bits accumulates in f32 and is rounded once at the end, as the
// interpreter (which carries it in double) and the split reductions do.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Whether `op` sums floats narrower than f32 over some dimension.
bool isNarrowFloatSum(ReduceOp op) {
  auto type =
      dyn_cast<FloatType>(getElementTypeOrSelf(op.getResult(0).getType()));
  return op.getInputs().size() == 1 && !op.getDimensions().empty() &&
         op.getReductionKind() == ReductionKind::Add && type &&
         type.getWidth() < 32;
}

/// The sum of `input` over `dims` from `init` (rank-0), accumulated in
/// f32 and rounded to the result's type once.
Value sumInF32(ConversionPatternRewriter &rewriter, Location loc, Value input,
               Value init, ArrayRef<int64_t> dims,
               RankedTensorType resultType) {
  Type f32 = rewriter.getF32Type();
  Value start = arith::ExtFOp::create(
      rewriter, loc, f32, fuse::detail::extractScalar(rewriter, loc, init));
  Value accumulators = fuse::detail::createFilledTensor(
      rewriter, loc, resultType.clone(f32), start);
  Value sums =
      linalg::ReduceOp::create(
          rewriter, loc, input, accumulators, dims,
          [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
            Value element = arith::ExtFOp::create(b, bodyLoc, f32, args[0]);
            linalg::YieldOp::create(b, bodyLoc,
                                    ValueRange{arith::AddFOp::create(
                                        b, bodyLoc, args[1], element)});
          })
          .getResult(0);
  return fuse::detail::roundWideSums(rewriter, loc, sums, resultType);
}

struct ReduceLowering : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    if (isNarrowFloatSum(op)) {
      SmallVector<int64_t> dims(op.getDimensions());
      llvm::sort(dims);
      rewriter.replaceOp(
          op, sumInF32(rewriter, loc, adaptor.getInputs()[0],
                       adaptor.getInitValues()[0], dims,
                       cast<RankedTensorType>(op.getResult(0).getType())));
      return success();
    }
    Region &body = op.getBody();
    size_t numInputs = adaptor.getInputs().size();

    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);

    SmallVector<Value> destinations;
    for (auto [result, init] :
         llvm::zip_equal(op.getResults(), adaptor.getInitValues())) {
      Value initScalar = fuse::detail::extractScalar(rewriter, loc, init);
      destinations.push_back(fuse::detail::createFilledTensor(
          rewriter, loc, cast<RankedTensorType>(result.getType()), initScalar));
    }

    // linalg passes the elements first, then the accumulators; the hlo body
    // takes the accumulators first.
    bool bodyFailed = false;
    auto buildBody = [&](OpBuilder &b, Location bodyLoc, ValueRange args) {
      SmallVector<Value> hloArgs(args.drop_front(numInputs));
      llvm::append_range(hloArgs, args.take_front(numInputs));
      FailureOr<SmallVector<Value>> combined =
          fuse::emitScalarRegion(b, body, hloArgs, [&](Value outer) {
            return outerScalars.lookup(outer);
          });
      if (failed(combined)) {
        bodyFailed = true;
        return;
      }
      linalg::YieldOp::create(b, bodyLoc, *combined);
    };

    Operation *lowered;
    if (op.getDimensions().empty()) {
      // Nothing reduced: each element is combined with the init value once.
      auto type = cast<RankedTensorType>(adaptor.getInputs()[0].getType());
      SmallVector<AffineMap> maps(
          2 * numInputs, rewriter.getMultiDimIdentityMap(type.getRank()));
      SmallVector<Type> resultTypes(op.getResultTypes());
      lowered = linalg::GenericOp::create(
          rewriter, loc, resultTypes, adaptor.getInputs(), destinations, maps,
          fuse::detail::parallelIterators(type.getRank()), buildBody);
    } else {
      // hlo takes the dimensions in any order, linalg in increasing order;
      // the result is the same.
      SmallVector<int64_t> dims(op.getDimensions());
      llvm::sort(dims);
      lowered = linalg::ReduceOp::create(rewriter, loc, adaptor.getInputs(),
                                         destinations, dims, buildBody);
    }
    if (bodyFailed) {
      rewriter.eraseOp(lowered);
      return failure();
    }
    rewriter.replaceOp(op, lowered->getResults());
    return success();
  }
};

} // namespace

void fuse::detail::populateReduceLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<ReduceLowering>(patterns.getContext());
}
