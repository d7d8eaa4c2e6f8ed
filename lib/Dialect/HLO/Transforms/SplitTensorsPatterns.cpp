//===- SplitTensorsPatterns.cpp - emit the loop over slices ---------------===//
//
// A plan becomes
//
//   %r:2 = scf.for %i = 0 to <full slices> iter_args(%offset = 0, %acc = init)
//     <the path on the slice at %offset of size S>
//     <%acc combined with the slice's result>
//     scf.yield %offset + S, <combined>
//   <the same body once more on the remainder slice, if S does not divide>
//
// (with a single full slice, no loop: the two slices one after the other).
//
// The offset is a rank-0 i64 tensor carried by the loop, so that the body
// is ordinary hlo: dynamic_slice reads the leaves, dynamic_update_slice
// writes the blocks of a parallel split, and fusion and lowering treat it as
// any other block.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/SplitTensors.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

RankedTensorType withDimSize(Type type, int64_t dim, int64_t size) {
  auto tensorType = cast<RankedTensorType>(type);
  SmallVector<int64_t> shape(tensorType.getShape());
  shape[dim] = size;
  return tensorType.clone(shape);
}

Value buildScalar(OpBuilder &builder, Location loc, Type elementType,
                  TypedAttr value) {
  auto type = RankedTensorType::get({}, elementType);
  return ConstantOp::create(builder, loc, DenseElementsAttr::get(type, value));
}

Value buildIndex(OpBuilder &builder, Location loc, int64_t value) {
  return buildScalar(builder, loc, builder.getI64Type(),
                     builder.getI64IntegerAttr(value));
}

Value buildBroadcast(OpBuilder &builder, Location loc, Value scalar,
                     RankedTensorType type) {
  if (scalar.getType() == type)
    return scalar;
  return BroadcastInDimOp::create(builder, loc, type, scalar,
                                  ArrayRef<int64_t>{});
}

class SplitEmitter {
public:
  SplitEmitter(const TensorSplitPlan &plan, RewriterBase &rewriter)
      : plan(plan), rewriter(rewriter), loc(plan.start->getLoc()) {}

  /// The values that replace the start op's results.
  SmallVector<Value> emit();

private:
  SmallVector<Value> buildInitialResults();
  /// The path and start op on the slice at `offset` of `size`, combined
  /// into `results`.
  SmallVector<Value> buildSlice(Value offset, int64_t size, ValueRange results);
  void buildOffsets(Value value, int64_t dim, Value offset,
                    SmallVectorImpl<Value> &offsets);
  Value sliceLeaf(Value leaf, int64_t dim, Value offset, int64_t size);
  Value rebuildGenerator(Operation *op, int64_t dim, Value offset,
                         int64_t size);
  SmallVector<Value> combine(Operation *slice, Value offset,
                             ValueRange results);

  const TensorSplitPlan &plan;
  RewriterBase &rewriter;
  Location loc;
  Value zeroIndex;
};

SmallVector<Value> SplitEmitter::buildInitialResults() {
  SmallVector<Value> results;
  auto reduce = dyn_cast<ReduceOp>(plan.start);
  for (auto [index, result] : llvm::enumerate(plan.start->getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    // A reduction starts from its init value; a product, or a result that
    // every slice overwrites a block of, from zeros.
    Value scalar =
        reduce ? reduce.getInitValues()[index]
               : buildScalar(rewriter, loc, type.getElementType(),
                             rewriter.getZeroAttr(type.getElementType()));
    results.push_back(buildBroadcast(rewriter, loc, scalar, type));
  }
  return results;
}

void SplitEmitter::buildOffsets(Value value, int64_t dim, Value offset,
                                SmallVectorImpl<Value> &offsets) {
  int64_t rank = cast<RankedTensorType>(value.getType()).getRank();
  offsets.assign(rank, zeroIndex);
  offsets[dim] = offset;
}

Value SplitEmitter::sliceLeaf(Value leaf, int64_t dim, Value offset,
                              int64_t size) {
  SmallVector<Value> offsets;
  buildOffsets(leaf, dim, offset, offsets);
  RankedTensorType type = withDimSize(leaf.getType(), dim, size);
  return DynamicSliceOp::create(rewriter, loc, type, leaf, offsets,
                                type.getShape());
}

Value SplitEmitter::rebuildGenerator(Operation *op, int64_t dim, Value offset,
                                     int64_t size) {
  RankedTensorType type = withDimSize(op->getResult(0).getType(), dim, size);
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    auto splat = cast<DenseElementsAttr>(constant.getValue());
    return ConstantOp::create(rewriter, op->getLoc(), splat.resizeSplat(type));
  }
  auto iota = cast<IotaOp>(op);
  Value slice =
      IotaOp::create(rewriter, op->getLoc(), type, iota.getIotaDimension());
  if (static_cast<int64_t>(iota.getIotaDimension()) != dim)
    return slice;
  // Along the split dimension the slice counts from its offset.
  auto scalarType = RankedTensorType::get({}, type.getElementType());
  Value start = ConvertOp::create(rewriter, op->getLoc(), scalarType, offset);
  return AddOp::create(rewriter, op->getLoc(), slice,
                       buildBroadcast(rewriter, op->getLoc(), start, type));
}

SmallVector<Value> SplitEmitter::combine(Operation *slice, Value offset,
                                         ValueRange results) {
  SmallVector<Value> combined;
  if (plan.combine == SplitCombine::Insert) {
    for (auto [result, block] : llvm::zip_equal(results, slice->getResults())) {
      SmallVector<Value> offsets;
      buildOffsets(result, plan.resultDim, offset, offsets);
      combined.push_back(
          DynamicUpdateSliceOp::create(rewriter, loc, result, block, offsets));
    }
    return combined;
  }
  auto reduce = dyn_cast<ReduceOp>(slice);
  if (!reduce) // a product: partial sums add up
    return {AddOp::create(rewriter, loc, results[0], slice->getResult(0))};
  if (reduce.getReductionKind()) {
    // The body's one op, applied elementwise to the two partial results.
    Operation &combiner = reduce.getBody().front().front();
    for (auto [result, partial] :
         llvm::zip_equal(results, slice->getResults())) {
      OperationState state(loc, combiner.getName(), ValueRange{result, partial},
                           TypeRange{result.getType()}, combiner.getAttrs());
      combined.push_back(rewriter.create(state)->getResult(0));
    }
    return combined;
  }
  // Any other body (a selection, e.g. argmax) reduces the pair of partial
  // results stacked along a new leading dimension.
  SmallVector<Value> stacked;
  for (auto [result, partial] : llvm::zip_equal(results, slice->getResults())) {
    auto type = cast<RankedTensorType>(result.getType());
    SmallVector<int64_t> shape{1};
    llvm::append_range(shape, type.getShape());
    auto unitType = type.clone(shape);
    shape[0] = 2;
    Value pair = ConcatenateOp::create(
        rewriter, loc, type.clone(shape),
        ValueRange{ReshapeOp::create(rewriter, loc, unitType, result),
                   ReshapeOp::create(rewriter, loc, unitType, partial)},
        0);
    stacked.push_back(pair);
  }
  auto pairReduce =
      ReduceOp::create(rewriter, loc, TypeRange(results), stacked,
                       reduce.getInitValues(), ArrayRef<int64_t>{0});
  IRMapping mapping;
  reduce.getBody().cloneInto(&pairReduce.getBody(), mapping);
  return llvm::to_vector_of<Value>(pairReduce.getResults());
}

SmallVector<Value> SplitEmitter::buildSlice(Value offset, int64_t size,
                                            ValueRange results) {
  zeroIndex = buildIndex(rewriter, loc, 0);
  llvm::SmallPtrSet<Operation *, 16> onPath(plan.path.begin(), plan.path.end());
  IRMapping mapping;
  for (auto [value, dim] : plan.dims) {
    Operation *def = value.getDefiningOp();
    if (!def || !onPath.contains(def))
      mapping.map(value, sliceLeaf(value, dim, offset, size));
  }
  // Scalar constants go with the ops that read them, so that fusion of the
  // body sees them (a reduction's init value, a scale factor).
  auto cloneScalarConstants = [&](Operation *op) {
    for (Value operand : op->getOperands()) {
      auto constant = operand.getDefiningOp<ConstantOp>();
      if (constant && !mapping.contains(operand) &&
          cast<RankedTensorType>(operand.getType()).getRank() == 0)
        rewriter.clone(*constant, mapping);
    }
  };
  for (Operation *op : plan.path) {
    int64_t dim = plan.dims.lookup(op->getResult(0));
    cloneScalarConstants(op);
    if (isSliceGenerator(op)) {
      mapping.map(op->getResult(0), rebuildGenerator(op, dim, offset, size));
      continue;
    }
    Operation *clone = rewriter.clone(*op, mapping);
    for (Value result : clone->getResults())
      result.setType(withDimSize(result.getType(), dim, size));
  }
  cloneScalarConstants(plan.start);
  Operation *slice = rewriter.clone(*plan.start, mapping);
  if (plan.combine == SplitCombine::Insert) {
    for (Value result : slice->getResults())
      result.setType(withDimSize(result.getType(), plan.resultDim, size));
  } else if (auto reduce = dyn_cast<ReduceOp>(slice)) {
    // Partial sums and products start from the identity, so that the init
    // value enters once, through the initial results.
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPoint(reduce);
    if (std::optional<ReductionKind> kind = reduce.getReductionKind())
      for (OpOperand &init : reduce.getInitValuesMutable()) {
        Type elementType =
            cast<RankedTensorType>(init.get().getType()).getElementType();
        init.set(buildScalar(rewriter, loc, elementType,
                             getReductionIdentity(*kind, elementType)));
      }
  }
  return combine(slice, offset, results);
}

SmallVector<Value> SplitEmitter::emit() {
  rewriter.setInsertionPoint(plan.start);
  SmallVector<Value> results = buildInitialResults();
  Value offset = buildIndex(rewriter, loc, 0);
  int64_t fullSlices = plan.extent / plan.sliceSize;
  int64_t remainder = plan.extent % plan.sliceSize;
  if (fullSlices == 1) {
    results = buildSlice(offset, plan.sliceSize, results);
    offset = buildIndex(rewriter, loc, plan.sliceSize);
  } else if (fullSlices > 1) {
    SmallVector<Value> carried{offset};
    llvm::append_range(carried, results);
    auto bound = [&](int64_t value) -> Value {
      return arith::ConstantIndexOp::create(rewriter, loc, value);
    };
    auto loop = scf::ForOp::create(rewriter, loc, bound(0), bound(fullSlices),
                                   bound(1), carried);
    OpBuilder::InsertionGuard guard(rewriter);
    rewriter.setInsertionPointToStart(loop.getBody());
    ValueRange arguments = loop.getRegionIterArgs();
    SmallVector<Value> next{
        AddOp::create(rewriter, loc, arguments[0],
                      buildIndex(rewriter, loc, plan.sliceSize))};
    llvm::append_range(
        next, buildSlice(arguments[0], plan.sliceSize, arguments.drop_front()));
    scf::YieldOp::create(rewriter, loc, next);
    offset = loop.getResult(0);
    results = llvm::to_vector_of<Value>(loop.getResults().drop_front());
  }
  if (remainder > 0)
    results = buildSlice(offset, remainder, results);
  return results;
}

} // namespace

void fuse::hlo::emitTensorSplit(const TensorSplitPlan &plan,
                                RewriterBase &rewriter) {
  Operation *start = plan.start;
  SmallVector<Value> results = SplitEmitter(plan, rewriter).emit();
  rewriter.replaceOp(start, results);
  // The path ops whose only users were the start op and each other.
  for (Operation *op : llvm::reverse(plan.path))
    if (op->use_empty())
      rewriter.eraseOp(op);
}

namespace {

struct SplitStartPoint : RewritePattern {
  SplitStartPoint(MLIRContext *context, const TensorSplitOptions &options)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        options(options) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isSplitStartPoint(op, options))
      return failure();
    TensorSplitPlan plan;
    if (Decision planned = planTensorSplit(op, options, plan); !planned)
      return rewriter.notifyMatchFailure(op, planned.reason());
    emitTensorSplit(plan, rewriter);
    return success();
  }

  TensorSplitOptions options;
};

} // namespace

void fuse::hlo::populateTensorSplittingPatterns(
    RewritePatternSet &patterns, const TensorSplitOptions &options) {
  patterns.add<SplitStartPoint>(patterns.getContext(), options);
}

TypedAttr fuse::hlo::getReductionIdentity(ReductionKind kind,
                                          Type elementType) {
  if (auto floatType = dyn_cast<FloatType>(elementType)) {
    const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
    switch (kind) {
    case ReductionKind::Max:
      return FloatAttr::get(floatType, APFloat::getInf(semantics, true));
    case ReductionKind::Min:
      return FloatAttr::get(floatType, APFloat::getInf(semantics, false));
    case ReductionKind::Mul:
      return FloatAttr::get(floatType, 1.0);
    default:
      return FloatAttr::get(floatType, 0.0);
    }
  }
  unsigned width = elementType.getIntOrFloatBitWidth();
  bool isUnsigned = elementType.isUnsignedInteger();
  switch (kind) {
  case ReductionKind::Max:
    return IntegerAttr::get(elementType, isUnsigned
                                             ? APInt::getMinValue(width)
                                             : APInt::getSignedMinValue(width));
  case ReductionKind::Min:
    return IntegerAttr::get(elementType, isUnsigned
                                             ? APInt::getMaxValue(width)
                                             : APInt::getSignedMaxValue(width));
  case ReductionKind::Mul:
    return IntegerAttr::get(elementType, APInt(width, 1));
  case ReductionKind::And:
    return IntegerAttr::get(elementType, APInt::getAllOnes(width));
  default:
    return IntegerAttr::get(elementType, APInt(width, 0));
  }
}
