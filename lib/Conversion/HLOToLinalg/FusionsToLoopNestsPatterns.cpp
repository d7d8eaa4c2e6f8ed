//===- FusionsToLoopNestsPatterns.cpp - linalg fusion in a fusion body ----===//
//
// What linalg's own elementwise fusion leaves undone inside one hlo.fusion
// body: a producer whose results are also used elsewhere, generics side by
// side over the same loops, and an epilogue that could write in place.
//
//===----------------------------------------------------------------------===//

#include "FusionsToLoopNests.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Linalg/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using fuse::detail::recomputesExpensiveWork;
using fuse::detail::recomputesIndicesOnly;

namespace {

/// Whether `value` is defined before `position`, or by pure ops (views,
/// empty tensors, constants) that can move there, and does not depend on
/// `replaced`.
bool canBeAvailableBefore(Value value, Operation *position, Operation *replaced,
                          DominanceInfo &dominance) {
  Operation *def = value.getDefiningOp();
  if (def == replaced)
    return false;
  if (dominance.properlyDominates(value, position))
    return true;
  return def && def->getBlock() == position->getBlock() &&
         position->isBeforeInBlock(def) && isPure(def) &&
         def->getNumRegions() == 0 &&
         llvm::all_of(def->getOperands(), [&](Value operand) {
           return canBeAvailableBefore(operand, position, replaced, dominance);
         });
}

/// Adds to `toMove` the ops computing `value` that stand after `position`
/// in its block, operands first.
void collectToMoveBefore(Value value, Operation *position,
                         llvm::SetVector<Operation *> &toMove) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != position->getBlock() || toMove.contains(def) ||
      def->isBeforeInBlock(position))
    return;
  for (Value operand : def->getOperands())
    collectToMoveBefore(operand, position, toMove);
  toMove.insert(def);
}

/// Where one op can replace `first` and a later op `second` of the same
/// block (its consumer, when `secondReadsFirst`, or its sibling): before
/// every user of `first` other than `second`, and after every value `second`
/// reads, possibly by moving the pure ops computing them (see
/// `makeAvailableBefore`). Fails when `second` reads a value computed from
/// `first`, other than a result of it for a consumer.
FailureOr<Operation *> replacementPosition(Operation *first, Operation *second,
                                           bool secondReadsFirst) {
  Operation *position = second;
  for (Operation *user : first->getUsers()) {
    if (user->getBlock() != second->getBlock())
      return failure();
    if (user != second && user->isBeforeInBlock(position))
      position = user;
  }
  DominanceInfo dominance;
  auto available = [&](Value value) {
    return (secondReadsFirst && value.getDefiningOp() == first) ||
           canBeAvailableBefore(value, position, first, dominance);
  };
  bool allAvailable = llvm::all_of(second->getOperands(), available);
  visitUsedValuesDefinedAbove(second->getRegions(), [&](OpOperand *use) {
    allAvailable &= available(use->get());
  });
  if (!allAvailable)
    return failure();
  return position;
}

/// Moves the pure ops computing what `op` reads (see `replacementPosition`)
/// before `position`. All are found before any moves: a move can invalidate
/// the block's op order, which the next order query recomputes for the
/// whole block.
void moveOperandsBefore(RewriterBase &rewriter, Operation *op,
                        Operation *position) {
  llvm::SetVector<Operation *> toMove;
  for (Value operand : op->getOperands())
    collectToMoveBefore(operand, position, toMove);
  visitUsedValuesDefinedAbove(op->getRegions(), [&](OpOperand *use) {
    collectToMoveBefore(use->get(), position, toMove);
  });
  for (Operation *def : toMove)
    rewriter.moveOpBefore(def, position);
}

/// Fuses a generic into a consumer when its results have other uses too.
/// linalg's fusion keeps such results as results of the fused op; every
/// other use is redirected to them, so the producer's loop nest goes away
/// instead of being computed twice. The fused op stands before the first of
/// those uses (see `replacementPosition`). Producers with one use are
/// linalg's own pattern's.
struct FuseProducerKeepingResults : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand *operand : consumer.getDpsInputOperands()) {
      auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
      if (!producer || producer->hasOneUse() ||
          !linalg::areElementwiseOpsFusable(operand) ||
          recomputesExpensiveWork(operand) || recomputesIndicesOnly(operand))
        continue;
      FailureOr<Operation *> position =
          replacementPosition(producer, consumer, /*secondReadsFirst=*/true);
      if (failed(position))
        continue;
      moveOperandsBefore(rewriter, consumer, *position);
      rewriter.setInsertionPoint(*position);
      FailureOr<linalg::ElementwiseOpFusionResult> fused =
          linalg::fuseElementwiseOps(rewriter, operand);
      if (failed(fused))
        return failure();
      for (auto [original, replacement] : fused->replacements)
        rewriter.replaceUsesWithIf(original, replacement, [&](OpOperand &use) {
          // The fused op may still read the producer (an operand the
          // consumer took twice); it is fused on a later visit.
          return use.getOwner() != consumer && use.getOwner() != fused->fusedOp;
        });
      rewriter.eraseOp(consumer);
      if (producer->use_empty())
        rewriter.eraseOp(producer);
      return success();
    }
    return failure();
  }
};

/// Whether `op` is a math function or a division: worth computing once.
bool isExpensive(Operation *op) {
  return isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
             math::Log1pOp, math::Log2Op, math::TanhOp, math::SinOp,
             math::CosOp, math::AtanOp, math::Atan2Op, math::SqrtOp,
             math::RsqrtOp, math::PowFOp, math::ErfOp>(op) ||
         isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
             arith::RemSIOp, arith::RemUIOp>(op);
}

/// Whether `op` reads a tensor: fills (generalized) read a scalar at most.
bool readsTensor(linalg::GenericOp op) {
  return llvm::any_of(op.getDpsInputs(), [](Value input) {
    return isa<RankedTensorType>(input.getType());
  });
}

/// Merges two generics of one block that read tensors, run over the same
/// loops and do not read each other's results into one multi-result
/// generic: the sibling outputs of a loop fusion, the sibling reductions of
/// an input fusion (sum(x) and sum(x * x)). Fills stay apart: each is the
/// destination of its own reduction. The merged op stands before the first
/// use of the earlier one (see `replacementPosition`).
struct MergeSiblingGenerics : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp later,
                                PatternRewriter &rewriter) const override {
    if (!later.hasPureTensorSemantics() || !readsTensor(later) ||
        ShapedType::isDynamicShape(later.getStaticLoopRanges()))
      return failure();
    for (Operation *op = later->getPrevNode(); op; op = op->getPrevNode()) {
      auto earlier = dyn_cast<linalg::GenericOp>(op);
      if (!earlier || !earlier.hasPureTensorSemantics() ||
          !readsTensor(earlier) ||
          earlier.getIteratorTypesArray() != later.getIteratorTypesArray() ||
          earlier.getStaticLoopRanges() != later.getStaticLoopRanges())
        continue;
      FailureOr<Operation *> position =
          replacementPosition(earlier, later, /*secondReadsFirst=*/false);
      if (failed(position))
        continue;
      merge(rewriter, earlier, later, *position);
      return success();
    }
    return failure();
  }

  static void merge(PatternRewriter &rewriter, linalg::GenericOp earlier,
                    linalg::GenericOp later, Operation *position) {
    moveOperandsBefore(rewriter, later, position);
    auto concat = [](auto first, auto second) {
      auto all = llvm::to_vector(first);
      llvm::append_range(all, second);
      return all;
    };
    auto maps = [](linalg::GenericOp op, auto operands) {
      return llvm::map_to_vector(operands, [&](OpOperand *operand) {
        return op.getMatchingIndexingMap(operand);
      });
    };
    auto initOperands = [](linalg::GenericOp op) {
      return llvm::map_to_vector(op.getDpsInitsMutable(),
                                 [](OpOperand &init) { return &init; });
    };
    SmallVector<AffineMap> indexingMaps =
        concat(maps(earlier, earlier.getDpsInputOperands()),
               maps(later, later.getDpsInputOperands()));
    llvm::append_range(indexingMaps, maps(earlier, initOperands(earlier)));
    llvm::append_range(indexingMaps, maps(later, initOperands(later)));

    unsigned earlierInputs = earlier.getNumDpsInputs();
    unsigned laterInputs = later.getNumDpsInputs();
    auto buildBody = [&](OpBuilder &builder, Location loc, ValueRange args) {
      // Block arguments: inputs of both, then inits of both.
      Block &first = earlier.getRegion().front();
      Block &second = later.getRegion().front();
      IRMapping mapping;
      mapping.map(first.getArguments().take_front(earlierInputs),
                  args.take_front(earlierInputs));
      mapping.map(second.getArguments().take_front(laterInputs),
                  args.slice(earlierInputs, laterInputs));
      ValueRange inits = args.drop_front(earlierInputs + laterInputs);
      mapping.map(first.getArguments().drop_front(earlierInputs),
                  inits.take_front(earlier.getNumDpsInits()));
      mapping.map(second.getArguments().drop_front(laterInputs),
                  inits.drop_front(earlier.getNumDpsInits()));
      SmallVector<Value> yielded;
      for (Block *block : {&first, &second}) {
        for (Operation &op : block->without_terminator())
          builder.clone(op, mapping);
        for (Value value : block->getTerminator()->getOperands())
          yielded.push_back(mapping.lookupOrDefault(value));
      }
      linalg::YieldOp::create(builder, loc, yielded);
    };
    rewriter.setInsertionPoint(position);
    auto merged = linalg::GenericOp::create(
        rewriter, rewriter.getFusedLoc({earlier.getLoc(), later.getLoc()}),
        concat(earlier.getResultTypes(), later.getResultTypes()),
        concat(earlier.getDpsInputs(), later.getDpsInputs()),
        concat(earlier.getDpsInits(), later.getDpsInits()), indexingMaps,
        later.getIteratorTypesArray(), buildBody);
    // Counted before replaceOp erases `earlier`.
    unsigned earlierResults = earlier.getNumResults();
    rewriter.replaceOp(earlier, merged.getResults().take_front(earlierResults));
    rewriter.replaceOp(later, merged.getResults().drop_front(earlierResults));
  }
};

/// Makes an elementwise consumer of a value that elementwise fusion cannot
/// merge (the result of a reduction or a contraction) overwrite that value:
/// the value becomes the consumer's init, read through its block argument,
/// so bufferization writes the epilogue over it instead of into a new
/// buffer. Only when the consumer is its only use (nothing reads the old
/// value afterwards) and a linalg op of the body computed it (a fusion input
/// is the caller's buffer, never written).
struct WriteEpilogueInPlace : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (!op.hasPureTensorSemantics() || op.getNumReductionLoops() != 0)
      return failure();
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!init.get().getDefiningOp<tensor::EmptyOp>() ||
          op.payloadUsesValueFromOperand(&init))
        continue;
      for (OpOperand *input : op.getDpsInputOperands()) {
        Value value = input->get();
        if (value.getDefiningOp<linalg::LinalgOp>() && value.hasOneUse() &&
            value.getType() == init.get().getType() &&
            op.getMatchingIndexingMap(input) ==
                op.getMatchingIndexingMap(&init) &&
            !linalg::areElementwiseOpsFusable(input)) {
          overwrite(rewriter, op, *input, init);
          return success();
        }
      }
    }
    return failure();
  }

  static void overwrite(PatternRewriter &rewriter, linalg::GenericOp op,
                        OpOperand &input, OpOperand &init) {
    SmallVector<Value> inputs;
    SmallVector<AffineMap> maps;
    for (OpOperand *other : op.getDpsInputOperands()) {
      if (other == &input)
        continue;
      inputs.push_back(other->get());
      maps.push_back(op.getMatchingIndexingMap(other));
    }
    SmallVector<Value> inits = op.getDpsInits();
    unsigned initIndex = init.getOperandNumber() - op.getNumDpsInputs();
    inits[initIndex] = input.get();
    for (OpOperand &other : op.getDpsInitsMutable())
      maps.push_back(op.getMatchingIndexingMap(&other));

    Block &body = op.getRegion().front();
    unsigned inputIndex = input.getOperandNumber();
    auto buildBody = [&](OpBuilder &builder, Location loc, ValueRange args) {
      ValueRange newInits = args.drop_front(inputs.size());
      IRMapping mapping;
      for (auto [index, arg] : llvm::enumerate(
               body.getArguments().take_front(op.getNumDpsInputs()))) {
        if (index != inputIndex)
          mapping.map(arg, args[index < inputIndex ? index : index - 1]);
      }
      mapping.map(body.getArgument(inputIndex), newInits[initIndex]);
      mapping.map(body.getArguments().drop_front(op.getNumDpsInputs()),
                  newInits);
      for (Operation &nested : body)
        builder.clone(nested, mapping);
    };
    rewriter.setInsertionPoint(op);
    auto inPlace = linalg::GenericOp::create(
        rewriter, op.getLoc(), op.getResultTypes(), inputs, inits, maps,
        op.getIteratorTypesArray(), buildBody);
    rewriter.replaceOp(op, inPlace.getResults());
  }
};

} // namespace

bool fuse::detail::recomputesExpensiveWork(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!producer || !consumer ||
      consumer.getMatchingIndexingMap(operand).isPermutation())
    return false;
  return producer.getBody()
      ->walk([](Operation *op) {
        return isExpensive(op) ? WalkResult::interrupt()
                               : WalkResult::advance();
      })
      .wasInterrupted();
}

bool fuse::detail::recomputesIndicesOnly(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  if (!producer || producer.getNumResults() != 1 || readsTensor(producer) ||
      !linalg::areElementwiseOpsFusable(operand))
    return false;
  // Indices, comparisons, casts, adds and multiplies: no division.
  auto isCheap = [](Operation &op) {
    if (isa<linalg::IndexOp>(op))
      return true;
    return isa<arith::ArithDialect>(op.getDialect()) && !isExpensive(&op) &&
           !isa<arith::CeilDivSIOp, arith::CeilDivUIOp, arith::FloorDivSIOp>(
               op);
  };
  return llvm::all_of(producer.getBody()->without_terminator(), isCheap);
}

namespace {

/// extract_slice(producer) -> producer over the slice: each operand is
/// sliced where the slice's elements read it, so that only they are
/// computed (a slice of a broadcast, of an iota). Loops the result does not
/// index are kept whole. Loop indices the payload reads (an iota's) are
/// offset by the slice's start: linalg's own bubble-up pattern leaves them
/// as they were, which made a slice of an iota count from 0.
struct BubbleUpSlice : OpRewritePattern<tensor::ExtractSliceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(tensor::ExtractSliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto producer = slice.getSource().getDefiningOp<linalg::LinalgOp>();
    if (!producer || !producer->hasOneUse() || producer.getNumDpsInits() != 1 ||
        !producer.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(
          slice, "the source is not a one-result linalg op on tensors used "
                 "only here");
    if (!slice.hasUnitStride() ||
        slice.getType().getRank() != slice.getSourceType().getRank())
      return rewriter.notifyMatchFailure(
          slice, "the slice has strides or drops dimensions");
    AffineMap resultMap =
        producer.getMatchingIndexingMap(producer.getDpsInitOperand(0));
    AffineMap shapesToLoops = producer.getShapesToLoopsMap();
    if (!resultMap.isProjectedPermutation() || !shapesToLoops)
      return rewriter.notifyMatchFailure(
          slice, "the producer's loops are not its result's dimensions");

    Location loc = producer.getLoc();
    SmallVector<OpFoldResult> loopSizes =
        affine::makeComposedFoldedMultiResultAffineApply(
            rewriter, loc, shapesToLoops,
            producer.createFlatListOfOperandDims(rewriter, loc));
    SmallVector<OpFoldResult> offsets(loopSizes.size(),
                                      rewriter.getIndexAttr(0));
    SmallVector<OpFoldResult> sizes = loopSizes;
    for (auto [dim, expr] : llvm::enumerate(resultMap.getResults())) {
      unsigned loop = cast<AffineDimExpr>(expr).getPosition();
      offsets[loop] = slice.getMixedOffsets()[dim];
      sizes[loop] = slice.getMixedSizes()[dim];
    }
    SmallVector<Value> operands = linalg::makeTiledShapes(
        rewriter, loc, producer, producer->getOperands(), offsets, sizes,
        loopSizes, /*omitPartialTileCheck=*/true);
    Type resultType =
        operands[producer.getDpsInitOperand(0)->getOperandNumber()].getType();
    auto sliced = clone(rewriter, producer, TypeRange{resultType}, operands);
    linalg::offsetIndices(rewriter, sliced, offsets);
    rewriter.replaceOp(slice, sliced->getResults());
    return success();
  }
};

} // namespace

void fuse::detail::populateFusionKeepingResultsPatterns(
    RewritePatternSet &patterns) {
  patterns.add<FuseProducerKeepingResults>(patterns.getContext());
}

void fuse::detail::populateBubbleUpSlicePatterns(RewritePatternSet &patterns) {
  patterns.add<BubbleUpSlice>(patterns.getContext());
}

void fuse::detail::populateSiblingMergePatterns(RewritePatternSet &patterns) {
  patterns.add<MergeSiblingGenerics, WriteEpilogueInPlace>(
      patterns.getContext());
}
