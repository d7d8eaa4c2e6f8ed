//===- AlgebraicSimplifyBroadcasts.cpp - less work on broadcast values ----===//
//
// A broadcast repeats values; elementwise work on the repetitions, and
// idempotent reductions over them, can be done on the values once.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/AlgebraicSimplify.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// f(broadcast(a), broadcast(b), splat) -> broadcast(f(a, b, splat')) for
/// an elementwise f whose broadcasts share their operand shape and
/// dimensions: f then runs over the operand's elements, not the result's.
struct SinkBroadcastBelowElementwise : RewritePattern {
  explicit SinkBroadcastBelowElementwise(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (!isa_and_nonnull<HLODialect>(op->getDialect()) ||
        !op->hasTrait<OpTrait::Elementwise>() || op->getNumResults() != 1 ||
        op->getNumRegions() != 0)
      return failure();
    BroadcastInDimOp pattern;
    for (Value operand : op->getOperands()) {
      auto broadcast = operand.getDefiningOp<BroadcastInDimOp>();
      if (!broadcast)
        continue;
      if (!pattern) {
        pattern = broadcast;
        continue;
      }
      // Broadcasts that place their operands differently (an outer sum)
      // have no common smaller op.
      if (broadcast.getOperand().getType().getShape() !=
              pattern.getOperand().getType().getShape() ||
          broadcast.getBroadcastDimensions() !=
              pattern.getBroadcastDimensions())
        return failure();
    }
    if (!pattern)
      return failure();
    auto smallShape = pattern.getOperand().getType().getShape();
    auto resultType = cast<RankedTensorType>(op->getResult(0).getType());
    if (ShapedType::getNumElements(smallShape) >= resultType.getNumElements())
      return failure();

    SmallVector<Value> operands;
    for (Value operand : op->getOperands()) {
      if (auto broadcast = operand.getDefiningOp<BroadcastInDimOp>()) {
        operands.push_back(broadcast.getOperand());
        continue;
      }
      // Any other operand varies over the broadcast dimensions.
      SplatElementsAttr splat;
      if (!matchPattern(operand, m_Constant(&splat)))
        return failure();
      auto type = RankedTensorType::get(smallShape, splat.getElementType());
      operands.push_back(ConstantOp::create(rewriter, operand.getLoc(),
                                            splat.resizeSplat(type)));
    }
    OperationState state(
        op->getLoc(), op->getName(), operands,
        RankedTensorType::get(smallShape, resultType.getElementType()),
        op->getAttrs());
    Operation *small = rewriter.create(state);
    rewriter.replaceOpWithNewOp<BroadcastInDimOp>(
        op, resultType, small->getResult(0), pattern.getBroadcastDimensions());
    return success();
  }
};

/// True if `value` is the identity of `kind`: combining it with x gives x.
bool isIdentityOf(Value value, ReductionKind kind) {
  SplatElementsAttr splat;
  if (!matchPattern(value, m_Constant(&splat)))
    return false;
  if (auto floatType = dyn_cast<FloatType>(splat.getElementType())) {
    APFloat element = splat.getSplatValue<APFloat>();
    if (kind == ReductionKind::Max)
      return element.isInfinity() && element.isNegative();
    if (kind == ReductionKind::Min)
      return element.isInfinity() && !element.isNegative();
    return false;
  }
  APInt element = splat.getSplatValue<APInt>();
  switch (kind) {
  case ReductionKind::Max:
    return element.isMinSignedValue();
  case ReductionKind::Min:
    return element.isMaxSignedValue();
  case ReductionKind::And:
    return element.isAllOnes();
  case ReductionKind::Or:
    return element.isZero();
  default:
    return false;
  }
}

/// Combines `lhs` and `rhs` elementwise with the op of `kind`.
Value buildCombiner(OpBuilder &builder, Location loc, ReductionKind kind,
                    Value lhs, Value rhs) {
  switch (kind) {
  case ReductionKind::Max:
    return MaxOp::create(builder, loc, lhs, rhs);
  case ReductionKind::Min:
    return MinOp::create(builder, loc, lhs, rhs);
  case ReductionKind::And:
    return AndOp::create(builder, loc, lhs, rhs);
  case ReductionKind::Or:
    return OrOp::create(builder, loc, lhs, rhs);
  default:
    llvm_unreachable("not an idempotent reduction");
  }
}

/// reduce(broadcast(x)) over dimensions the broadcast added, with an
/// idempotent combiner (max, min, and, or), gives x, combined once with the
/// init value.
struct FoldIdempotentReduceOfBroadcast : OpRewritePattern<ReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(ReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    std::string reason;
    if (failed(canFoldReduceOfBroadcast(reduce, reason)))
      return rewriter.notifyMatchFailure(reduce, reason);
    auto broadcast = reduce.getInputs()[0].getDefiningOp<BroadcastInDimOp>();
    ReductionKind kind = *reduce.getReductionKind();
    ArrayRef<int64_t> reduced = reduce.getDimensions();
    // The broadcast into the dimensions the reduction keeps.
    SmallVector<int64_t> keptDims;
    for (int64_t dim : broadcast.getBroadcastDimensions())
      keptDims.push_back(
          dim - llvm::count_if(reduced, [&](int64_t r) { return r < dim; }));
    auto resultType = cast<RankedTensorType>(reduce.getResult(0).getType());
    Location loc = reduce.getLoc();
    Value result = BroadcastInDimOp::create(rewriter, loc, resultType,
                                            broadcast.getOperand(), keptDims);
    Value init = reduce.getInitValues()[0];
    if (!isIdentityOf(init, kind))
      result =
          buildCombiner(rewriter, loc, kind, result,
                        BroadcastInDimOp::create(rewriter, loc, resultType,
                                                 init, ArrayRef<int64_t>{}));
    rewriter.replaceOp(reduce, result);
    return success();
  }
};

} // namespace

LogicalResult fuse::hlo::canFoldReduceOfBroadcast(ReduceOp reduce,
                                                  std::string &reason) {
  auto broadcast = reduce.getInputs().size() == 1
                       ? reduce.getInputs()[0].getDefiningOp<BroadcastInDimOp>()
                       : BroadcastInDimOp();
  std::optional<ReductionKind> kind = reduce.getReductionKind();
  if (!broadcast || !kind)
    return failure();
  ArrayRef<int64_t> broadcastDims = broadcast.getBroadcastDimensions();
  if (llvm::any_of(reduce.getDimensions(), [&](int64_t dim) {
        return llvm::is_contained(broadcastDims, dim);
      })) {
    reason = "the reduction is not over broadcast dimensions only";
    return failure();
  }
  auto inputType = cast<RankedTensorType>(broadcast.getType());
  if (llvm::any_of(reduce.getDimensions(), [&](int64_t dim) {
        return inputType.getDimSize(dim) == 0;
      })) {
    reason = "a reduced dimension is empty: the result is the init value, "
             "not the broadcast value";
    return failure();
  }
  if (*kind == ReductionKind::Add || *kind == ReductionKind::Mul) {
    reason = "a sum (product) of n copies of a value rounds differently "
             "from n times the value (its n-th power)";
    return failure();
  }
  return success();
}

void fuse::hlo::populateBroadcastSimplificationPatterns(
    RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<SinkBroadcastBelowElementwise, FoldIdempotentReduceOfBroadcast>(
      context);
  // Merges broadcasts of broadcasts.
  BroadcastInDimOp::getCanonicalizationPatterns(patterns, context);
}
