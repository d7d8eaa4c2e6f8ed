//===- GatherScatterOps.cpp - hlo.gather and hlo.scatter ------------------===//
//
// gather becomes a linalg.generic over the result that reads its index
// vector and then its element with tensor.extract: an indexing op that
// fuses into its consumers' loops like any elementwise producer. scatter
// becomes a sequential loop nest over the updates that combines each update
// into the result with the scalar form of its body (tensor.insert on the
// loop-carried tensor, in place once bufferized): updates that land on one
// element are combined one after another, so duplicates add up.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/GatherScatterDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// How the index vectors of a tensor of indices map to operand dimensions.
struct IndexMapping {
  Value indices;
  const IndexedDimensions &dims;

  /// The operand position (as index values) where the slice or window of
  /// the index vector at `batchIndex` starts, before any clamping.
  SmallVector<Value> start(OpBuilder &b, Location loc, int64_t operandRank,
                           ArrayRef<Value> batchIndex) const {
    auto indicesType = cast<RankedTensorType>(indices.getType());
    SmallVector<Value> full(batchIndex);
    bool hasVectorDim = dims.indexVectorDim < indicesType.getRank();
    if (hasVectorDim)
      full.insert(full.begin() + dims.indexVectorDim, Value());
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    SmallVector<Value> start(operandRank, zero);
    for (auto [k, dim] : llvm::enumerate(dims.startIndexMap)) {
      if (hasVectorDim)
        full[dims.indexVectorDim] = arith::ConstantIndexOp::create(b, loc, k);
      Value element = tensor::ExtractOp::create(b, loc, indices, full);
      start[dim] =
          arith::IndexCastOp::create(b, loc, b.getIndexType(), element);
    }
    for (auto [operandDim, indicesDim] :
         llvm::zip_equal(dims.operandBatching, dims.indicesBatching))
      start[operandDim] = full[indicesDim];
    return start;
  }
};

struct GatherLowering : OpConversionPattern<GatherOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(GatherOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    auto resultType = cast<RankedTensorType>(op.getType());
    Value operand = adaptor.getOperand();
    auto operandType = cast<RankedTensorType>(operand.getType());
    IndexedDimensions dims = IndexedDimensions::get(op);
    IndexMapping mapping{adaptor.getStartIndices(), dims};
    ArrayRef<int64_t> sliceSizes = op.getSliceSizes();
    int64_t rank = resultType.getRank();
    auto buildBody = [&](OpBuilder &b, Location bodyLoc, ValueRange) {
      SmallVector<Value> index;
      for (int64_t dim = 0; dim < rank; ++dim)
        index.push_back(linalg::IndexOp::create(b, bodyLoc, dim));
      SmallVector<Value> offset, batchIndex;
      splitWindowIndex<Value>(index, dims.windowDims, offset, batchIndex);
      SmallVector<Value> at =
          mapping.start(b, bodyLoc, operandType.getRank(), batchIndex);
      // The start is clamped so that the whole slice is in bounds.
      Value zero = arith::ConstantIndexOp::create(b, bodyLoc, 0);
      for (int64_t dim : op.getStartIndexMap()) {
        Value last = arith::ConstantIndexOp::create(
            b, bodyLoc, operandType.getDimSize(dim) - sliceSizes[dim]);
        at[dim] = arith::MinSIOp::create(
            b, bodyLoc, arith::MaxSIOp::create(b, bodyLoc, at[dim], zero),
            last);
      }
      for (auto [dim, position] :
           llvm::zip_equal(dims.windowOperandDims, offset))
        at[dim] = arith::AddIOp::create(b, bodyLoc, at[dim], position);
      Value element = tensor::ExtractOp::create(b, bodyLoc, operand, at);
      linalg::YieldOp::create(b, bodyLoc, element);
    };
    auto generic = linalg::GenericOp::create(
        rewriter, loc, TypeRange{resultType}, ValueRange{},
        ValueRange{fuse::detail::createEmptyTensor(rewriter, loc, resultType)},
        SmallVector<AffineMap>{rewriter.getMultiDimIdentityMap(rank)},
        fuse::detail::parallelIterators(rank), buildBody);
    rewriter.replaceOp(op, generic.getResults());
    return success();
  }
};

struct ScatterLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value updates = adaptor.getUpdates();
    auto updatesType = cast<RankedTensorType>(updates.getType());
    auto operandType = cast<RankedTensorType>(op.getType());
    int64_t operandRank = operandType.getRank();
    IndexedDimensions dims = IndexedDimensions::get(op);
    IndexMapping mapping{adaptor.getScatterIndices(), dims};
    ArrayRef<int64_t> windowDims = dims.windowDims;
    ArrayRef<int64_t> windowOperandDims = dims.windowOperandDims;
    SmallVector<int64_t> windowSizes(operandRank, 1);
    for (auto [operandDim, updateDim] :
         llvm::zip_equal(windowOperandDims, windowDims))
      windowSizes[operandDim] = updatesType.getDimSize(updateDim);

    Region &body = op.getBody();
    IRMapping outerScalars = fuse::detail::readOuterScalars(rewriter, loc, op);

    Value zero = arith::ConstantIndexOp::create(rewriter, loc, 0);
    Value one = arith::ConstantIndexOp::create(rewriter, loc, 1);
    SmallVector<Value> lowerBounds(updatesType.getRank(), zero),
        steps(updatesType.getRank(), one), upperBounds;
    for (int64_t size : updatesType.getShape())
      upperBounds.push_back(
          arith::ConstantIndexOp::create(rewriter, loc, size));

    bool bodyFailed = false;
    auto combineUpdate = [&](OpBuilder &b, Location bodyLoc, ValueRange index,
                             ValueRange carried) -> scf::ValueVector {
      Value result = carried.front();
      SmallVector<Value> window, scatterIndex;
      splitWindowIndex<Value>(llvm::to_vector(index), windowDims, window,
                              scatterIndex);
      SmallVector<Value> at =
          mapping.start(b, bodyLoc, operandRank, scatterIndex);
      // A window that does not fit in the operand is skipped.
      Value fits = arith::ConstantIntOp::create(b, bodyLoc, b.getI1Type(), 1);
      Value zeroIndex = arith::ConstantIndexOp::create(b, bodyLoc, 0);
      for (int64_t dim = 0; dim < operandRank; ++dim) {
        Value last = arith::ConstantIndexOp::create(
            b, bodyLoc, operandType.getDimSize(dim) - windowSizes[dim]);
        Value above = arith::CmpIOp::create(
            b, bodyLoc, arith::CmpIPredicate::sge, at[dim], zeroIndex);
        Value below = arith::CmpIOp::create(
            b, bodyLoc, arith::CmpIPredicate::sle, at[dim], last);
        fits = arith::AndIOp::create(
            b, bodyLoc, fits, arith::AndIOp::create(b, bodyLoc, above, below));
      }
      for (auto [dim, position] : llvm::zip_equal(windowOperandDims, window))
        at[dim] = arith::AddIOp::create(b, bodyLoc, at[dim], position);
      auto inBounds = scf::IfOp::create(
          b, bodyLoc, fits,
          [&](OpBuilder &then, Location thenLoc) {
            Value current =
                tensor::ExtractOp::create(then, thenLoc, result, at);
            Value update = tensor::ExtractOp::create(then, thenLoc, updates,
                                                     llvm::to_vector(index));
            FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
                then, body, {current, update},
                [&](Value outer) { return outerScalars.lookup(outer); });
            Value next = result;
            if (failed(combined))
              bodyFailed = true;
            else
              next = tensor::InsertOp::create(then, thenLoc, combined->front(),
                                              result, at);
            scf::YieldOp::create(then, thenLoc, next);
          },
          [&](OpBuilder &otherwise, Location otherwiseLoc) {
            scf::YieldOp::create(otherwise, otherwiseLoc, result);
          });
      return {inBounds.getResult(0)};
    };
    scf::LoopNest nest =
        scf::buildLoopNest(rewriter, loc, lowerBounds, upperBounds, steps,
                           ValueRange{adaptor.getOperand()}, combineUpdate);
    if (bodyFailed)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

} // namespace

void fuse::detail::populateGatherScatterLoweringPatterns(
    RewritePatternSet &patterns) {
  patterns.add<GatherLowering, ScatterLowering>(patterns.getContext());
}
