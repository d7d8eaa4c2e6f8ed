//===- GatherScatterOps.cpp - hlo.gather and hlo.scatter ------------------===//
//
// gather becomes a linalg.generic over the result that reads its index
// vector and then its element with tensor.extract: an indexing op that
// fuses into its consumers' loops like any elementwise producer. scatter
// becomes a sequential loop nest over the updates' windows that combines
// each window into the result with the scalar form of its body (a
// linalg.generic on slices of the loop-carried tensor, or tensor.insert for
// a one-element window; in place once bufferized): updates that land on
// one element are combined one after another, so duplicates add up. With
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
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
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
    // A slice of no elements along a collapsed dimension reads nothing
    // (its operand may have no elements at all): XLA's result is zeros.
    if (llvm::is_contained(sliceSizes, 0)) {
      Value zero = arith::ConstantOp::create(
          rewriter, loc, rewriter.getZeroAttr(resultType.getElementType()));
      rewriter.replaceOpWithNewOp<linalg::FillOp>(
          op, zero, fuse::detail::createEmptyTensor(rewriter, loc, resultType));
      return success();
    }
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

  /// Where the window of the update at `scatterIndex`, its position along
  /// the update dimensions outside the window, starts in the operand.
  ScatterTarget locateWindow(OpBuilder &b, Location loc,
                             ArrayRef<Value> scatterIndex) const {
    int64_t operandRank = operandType.getRank();
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
    return target;
  }

  /// Where the element of the updates at `index` lands.
  ScatterTarget locate(OpBuilder &b, Location loc, ValueRange index) const {
    SmallVector<Value> window, scatterIndex;
    splitWindowIndex<Value>(llvm::to_vector(index), dims.windowDims, window,
                            scatterIndex);
    ScatterTarget target = locateWindow(b, loc, scatterIndex);
    for (auto [dim, position] : llvm::zip_equal(dims.windowOperandDims, window))
      target.at[dim] = arith::AddIOp::create(b, loc, target.at[dim], position);
    return target;
  }

  /// The elements of one window.
  int64_t getWindowElements() const { return computeProduct(windowSizes); }

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

/// The update dimensions outside the window, along which the updates' index
/// vectors vary.
SmallVector<int64_t> getScatterDims(const ScatterParts &parts) {
  SmallVector<int64_t> scatterDims;
  for (int64_t dim = 0, rank = parts.updatesType.getRank(); dim < rank; ++dim)
    if (!llvm::is_contained(parts.geometry.dims.windowDims, dim))
      scatterDims.push_back(dim);
  return scatterDims;
}

/// The offsets and sizes of the updates' window at `scatterIndex`.
void getUpdateWindow(OpBuilder &b, const ScatterParts &parts,
                     ArrayRef<Value> scatterIndex,
                     SmallVectorImpl<OpFoldResult> &offsets,
                     SmallVectorImpl<OpFoldResult> &sizes) {
  ArrayRef<int64_t> windowDims = parts.geometry.dims.windowDims;
  const Value *position = scatterIndex.begin();
  for (int64_t dim = 0, rank = parts.updatesType.getRank(); dim < rank; ++dim) {
    bool inWindow = llvm::is_contained(windowDims, dim);
    offsets.push_back(inWindow ? OpFoldResult(b.getIndexAttr(0))
                               : OpFoldResult(*position++));
    sizes.push_back(
        b.getIndexAttr(inWindow ? parts.updatesType.getDimSize(dim) : 1));
  }
}

/// `result` with the window of updates at `scatterIndex` combined into it at
/// `target`, by one linalg.generic over the window's slices: a loop over
/// contiguous rows that the CPU vectorizes, where one element at a time
/// reloads the index vector and checks its bounds for every element.
FailureOr<Value> combineWindow(OpBuilder &b, Location loc,
                               const ScatterParts &parts, Value result,
                               const ScatterTarget &target,
                               ArrayRef<Value> scatterIndex) {
  const ScatterGeometry &geometry = parts.geometry;
  SmallVector<OpFoldResult> updateOffsets, updateSizes;
  getUpdateWindow(b, parts, scatterIndex, updateOffsets, updateSizes);
  Value updates = tensor::ExtractSliceOp::create(
      b, loc, parts.updates, updateOffsets, updateSizes,
      fuse::detail::unitStrides(b, parts.updatesType.getRank()));
  int64_t operandRank = geometry.operandType.getRank();
  SmallVector<OpFoldResult> offsets = getAsOpFoldResult(target.at);
  SmallVector<OpFoldResult> sizes =
      getAsIndexOpFoldResult(b.getContext(), geometry.windowSizes);
  SmallVector<OpFoldResult> strides = fuse::detail::unitStrides(b, operandRank);
  Value current =
      tensor::ExtractSliceOp::create(b, loc, result, offsets, sizes, strides);

  // The window's dimensions are the loops; the slices' other dimensions have
  // size 1.
  auto windowMap = [&](int64_t rank, ArrayRef<int64_t> windowDims) {
    SmallVector<AffineExpr> exprs(rank, b.getAffineConstantExpr(0));
    for (auto [loop, dim] : llvm::enumerate(windowDims))
      exprs[dim] = b.getAffineDimExpr(loop);
    return AffineMap::get(windowDims.size(), 0, exprs, b.getContext());
  };
  SmallVector<AffineMap> maps = {
      windowMap(parts.updatesType.getRank(), geometry.dims.windowDims),
      windowMap(operandRank, geometry.dims.windowOperandDims)};
  SmallVector<utils::IteratorType> iterators(geometry.dims.windowDims.size(),
                                             utils::IteratorType::parallel);
  bool bodyFailed = false;
  auto combined = linalg::GenericOp::create(
      b, loc, current.getType(), updates, current, maps, iterators,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange scalars) {
        FailureOr<SmallVector<Value>> next = fuse::emitScalarRegion(
            nested, parts.body, {scalars[1], scalars[0]}, parts.outerScalar());
        bodyFailed = failed(next);
        linalg::YieldOp::create(nested, nestedLoc,
                                bodyFailed ? scalars[1] : next->front());
      });
  if (bodyFailed)
    return failure();
  return tensor::InsertSliceOp::create(b, loc, combined.getResult(0), result,
                                       offsets, sizes, strides)
      .getResult();
}

/// `result` with the one-element window of updates at `scatterIndex`
/// combined into it at `target`.
FailureOr<Value> combineElement(OpBuilder &b, Location loc,
                                const ScatterParts &parts, Value result,
                                const ScatterTarget &target,
                                ArrayRef<Value> scatterIndex) {
  SmallVector<OpFoldResult> updateOffsets, updateSizes;
  getUpdateWindow(b, parts, scatterIndex, updateOffsets, updateSizes);
  Value current = tensor::ExtractOp::create(b, loc, result, target.at);
  Value update = tensor::ExtractOp::create(
      b, loc, parts.updates,
      getValueOrCreateConstantIndexOp(b, loc, updateOffsets));
  FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
      b, parts.body, {current, update}, parts.outerScalar());
  if (failed(combined))
    return failure();
  return tensor::InsertOp::create(b, loc, combined->front(), result, target.at)
      .getResult();
}

/// scatter as a sequential loop nest over the update positions outside the
/// window, each window combined into the loop-carried result: duplicates
/// combine in order, deterministically.
struct ScatterLowering : OpConversionPattern<ScatterOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ScatterOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    ScatterParts parts(op, adaptor, rewriter);
    SmallVector<int64_t> scatterShape;
    for (int64_t dim : getScatterDims(parts))
      scatterShape.push_back(parts.updatesType.getDimSize(dim));
    fuse::detail::ShapeBounds bounds =
        fuse::detail::getShapeBounds(rewriter, loc, scatterShape);
    auto combine =
        parts.geometry.getWindowElements() > 1 ? combineWindow : combineElement;

    bool bodyFailed = false;
    auto combineUpdate = [&](OpBuilder &b, Location bodyLoc,
                             ValueRange scatterIndex,
                             ValueRange carried) -> scf::ValueVector {
      Value result = carried.front();
      SmallVector<Value> position(scatterIndex);
      ScatterTarget target = parts.geometry.locateWindow(b, bodyLoc, position);
      auto inBounds = scf::IfOp::create(
          b, bodyLoc, target.fits,
          [&](OpBuilder &then, Location thenLoc) {
            FailureOr<Value> next =
                combine(then, thenLoc, parts, result, target, position);
            bodyFailed |= failed(next);
            scf::YieldOp::create(then, thenLoc, failed(next) ? result : *next);
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
