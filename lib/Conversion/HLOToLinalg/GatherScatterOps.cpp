//===- GatherScatterOps.cpp - hlo.gather and hlo.scatter ------------------===//
//
// gather becomes a linalg.generic over the result that reads its index
// vector and then its element with tensor.extract: an indexing op that
// fuses into its consumers' loops like any elementwise producer. scatter
// becomes a sequential loop nest over the updates that combines each update
// into the result with the scalar form of its body (tensor.insert on the
// loop-carried tensor, in place once bufferized): updates that land on one
// element are combined one after another, so duplicates add up. With
// parallel scatters (the GPU's), an scf.forall over the updates combines
// each into the result's buffer with one memref.atomic_rmw instead, when the
// body is one add, min, max, and, or or a replace of a value computed from
// the update; any other body runs the loop nest on the buffer in one
// iteration of an scf.forall (one thread of a kernel).
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/GatherScatterDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
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

/// Where the update at one position of the updates lands in the operand.
struct ScatterTarget {
  /// Whether the update's whole window fits in the operand (XLA drops the
  /// window otherwise).
  Value fits;
  /// The operand position the element goes to.
  SmallVector<Value> at;
};

/// The positions of a scatter's updates in its operand.
struct ScatterGeometry {
  ScatterGeometry(ScatterOp op, Value indices)
      : operandType(cast<RankedTensorType>(op.getType())),
        dims(IndexedDimensions::get(op)), mapping{indices, dims},
        windowSizes(operandType.getRank(), 1) {
    auto updatesType = cast<RankedTensorType>(op.getUpdates().getType());
    for (auto [operandDim, updateDim] :
         llvm::zip_equal(dims.windowOperandDims, dims.windowDims))
      windowSizes[operandDim] = updatesType.getDimSize(updateDim);
  }

  ScatterTarget locate(OpBuilder &b, Location loc, ValueRange index) const {
    int64_t operandRank = operandType.getRank();
    SmallVector<Value> window, scatterIndex;
    splitWindowIndex<Value>(llvm::to_vector(index), dims.windowDims, window,
                            scatterIndex);
    ScatterTarget target;
    target.at = mapping.start(b, loc, operandRank, scatterIndex);
    target.fits = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    for (int64_t dim = 0; dim < operandRank; ++dim) {
      Value last = arith::ConstantIndexOp::create(
          b, loc, operandType.getDimSize(dim) - windowSizes[dim]);
      Value above = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                          target.at[dim], zero);
      Value below = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sle,
                                          target.at[dim], last);
      target.fits = arith::AndIOp::create(
          b, loc, target.fits, arith::AndIOp::create(b, loc, above, below));
    }
    for (auto [dim, position] : llvm::zip_equal(dims.windowOperandDims, window))
      target.at[dim] = arith::AddIOp::create(b, loc, target.at[dim], position);
    return target;
  }

  RankedTensorType operandType;
  IndexedDimensions dims;
  IndexMapping mapping;
  SmallVector<int64_t> windowSizes;
};

/// What every scatter lowering reads first: the updates, where they go,
/// the update computation, and the scalars it reads from outside.
struct ScatterParts {
  ScatterParts(ScatterOp op, ScatterOp::Adaptor adaptor,
               ConversionPatternRewriter &rewriter)
      : updates(adaptor.getUpdates()),
        updatesType(cast<RankedTensorType>(updates.getType())),
        geometry(op, adaptor.getScatterIndices()), body(op.getBody()),
        outerScalars(
            fuse::detail::readOuterScalars(rewriter, op.getLoc(), op)) {}

  /// The scalars of values defined outside the body, as the body's
  /// emitters look them up.
  std::function<Value(Value)> outerScalar() const {
    return [this](Value outer) { return outerScalars.lookup(outer); };
  }

  Value updates;
  RankedTensorType updatesType;
  ScatterGeometry geometry;
  Region &body;
  IRMapping outerScalars;
};

/// scatter as a sequential loop nest over the updates, each combined into
/// the loop-carried result: duplicates combine in order, deterministically.
struct ScatterLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScatterParts parts(op, adaptor, rewriter);
    fuse::detail::ShapeBounds bounds = fuse::detail::getShapeBounds(
        rewriter, loc, parts.updatesType.getShape());

    bool bodyFailed = false;
    auto combineUpdate = [&](OpBuilder &b, Location bodyLoc, ValueRange index,
                             ValueRange carried) -> scf::ValueVector {
      Value result = carried.front();
      ScatterTarget target = parts.geometry.locate(b, bodyLoc, index);
      auto inBounds = scf::IfOp::create(
          b, bodyLoc, target.fits,
          [&](OpBuilder &then, Location thenLoc) {
            Value current =
                tensor::ExtractOp::create(then, thenLoc, result, target.at);
            Value update = tensor::ExtractOp::create(
                then, thenLoc, parts.updates, llvm::to_vector(index));
            FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
                then, parts.body, {current, update}, parts.outerScalar());
            Value next = result;
            if (failed(combined))
              bodyFailed = true;
            else
              next = tensor::InsertOp::create(then, thenLoc, combined->front(),
                                              result, target.at);
            scf::YieldOp::create(then, thenLoc, next);
          },
          [&](OpBuilder &otherwise, Location otherwiseLoc) {
            scf::YieldOp::create(otherwise, otherwiseLoc, result);
          });
      return {inBounds.getResult(0)};
    };
    scf::LoopNest nest = scf::buildLoopNest(
        rewriter, loc, bounds.lower, bounds.upper, bounds.steps,
        ValueRange{adaptor.getOperand()}, combineUpdate);
    if (bodyFailed)
      return failure();
    rewriter.replaceOp(op, nest.results);
    return success();
  }
};

/// scatter whose body is not one atomic operation, with parallel scatters:
/// the sequential loop nest, on a buffer, as the first of two iterations of
/// an scf.forall (one would be inlined by canonicalization), so that the
/// GPU runs it in one thread of a kernel. Correct for any body, and slow;
/// ParallelScatterLowering covers the usual bodies.
struct SingleThreadScatterLowering : OpConversionPattern<ScatterOp> {
  SingleThreadScatterLowering(MLIRContext *context)
      : OpConversionPattern(context, /*benefit=*/2) {}

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScatterParts parts(op, adaptor, rewriter);
    Value buffer =
        fuse::detail::createWritableCopy(rewriter, loc, adaptor.getOperand());
    auto forall = scf::ForallOp::create(
        rewriter, loc, ArrayRef<OpFoldResult>{rewriter.getIndexAttr(2)},
        ValueRange{}, std::nullopt);
    bool bodyFailed = false;
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(forall.getTerminator());
      Value first = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq,
          forall.getInductionVars().front(),
          arith::ConstantIndexOp::create(rewriter, loc, 0));
      auto once = scf::IfOp::create(rewriter, loc, first,
                                    /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(&once.getThenRegion().front());
      fuse::detail::ShapeBounds bounds = fuse::detail::getShapeBounds(
          rewriter, loc, parts.updatesType.getShape());
      scf::buildLoopNest(
          rewriter, loc, bounds.lower, bounds.upper, bounds.steps,
          [&](OpBuilder &b, Location bodyLoc, ValueRange index) {
            ScatterTarget target = parts.geometry.locate(b, bodyLoc, index);
            auto inBounds = scf::IfOp::create(b, bodyLoc, target.fits,
                                              /*withElseRegion=*/false);
            OpBuilder then = inBounds.getThenBodyBuilder();
            Value current =
                memref::LoadOp::create(then, bodyLoc, buffer, target.at);
            Value update = tensor::ExtractOp::create(
                then, bodyLoc, parts.updates, llvm::to_vector(index));
            FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
                then, parts.body, {current, update}, parts.outerScalar());
            if (failed(combined)) {
              bodyFailed = true;
              return;
            }
            memref::StoreOp::create(then, bodyLoc, combined->front(), buffer,
                                    target.at);
          });
    }
    if (bodyFailed)
      return failure();
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, op.getType(), buffer, /*restrict=*/true, /*writable=*/true);
    return success();
  }
};

/// scatter as an scf.forall over the updates, each combined into a copy of
/// the operand by one memref.atomic_rmw: a thread per update on the GPU.
/// Duplicates combine in any order. The copy is a buffer from the start,
/// which the forall's atomics write; the result is that buffer as a
/// tensor. A body that is not one atomic operation is left to
/// SingleThreadScatterLowering (memref.generic_atomic_rmw, the general
/// form, has a region that buffer deallocation cannot see through).
struct ParallelScatterLowering : OpConversionPattern<ScatterOp> {
  ParallelScatterLowering(MLIRContext *context)
      : OpConversionPattern(context, /*benefit=*/3) {}

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScatterParts parts(op, adaptor, rewriter);

    Value buffer =
        fuse::detail::createWritableCopy(rewriter, loc, adaptor.getOperand());
    auto forall = scf::ForallOp::create(
        rewriter, loc,
        getAsIndexOpFoldResult(rewriter.getContext(),
                               parts.updatesType.getShape()),
        ValueRange{}, std::nullopt);
    {
      OpBuilder::InsertionGuard guard(rewriter);
      rewriter.setInsertionPoint(forall.getTerminator());
      SmallVector<Value> index(forall.getInductionVars());
      ScatterTarget target = parts.geometry.locate(rewriter, loc, index);
      auto inBounds = scf::IfOp::create(rewriter, loc, target.fits,
                                        /*withElseRegion=*/false);
      rewriter.setInsertionPointToStart(&inBounds.getThenRegion().front());
      Value update =
          tensor::ExtractOp::create(rewriter, loc, parts.updates, index);
      if (failed(fuse::detail::emitAtomicCombine(rewriter, loc, parts.body,
                                                 buffer, target.at, update,
                                                 parts.outerScalar())))
        return rewriter.notifyMatchFailure(
            op, "the update computation is not one atomic operation");
    }
    rewriter.replaceOpWithNewOp<bufferization::ToTensorOp>(
        op, parts.geometry.operandType, buffer, /*restrict=*/true,
        /*writable=*/true);
    return success();
  }
};

} // namespace

void fuse::detail::populateGatherScatterLoweringPatterns(
    RewritePatternSet &patterns, bool parallelLowerings) {
  patterns.add<GatherLowering, ScatterLowering>(patterns.getContext());
  if (parallelLowerings)
    patterns.add<ParallelScatterLowering, SingleThreadScatterLowering>(
        patterns.getContext());
}
