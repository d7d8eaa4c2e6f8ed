//===- FusionOps.cpp - hlo.fusion to one loop nest ------------------------===//
//
// A fusion's body is lowered where it stands, turned into one loop nest
// inside that body only, and inlined. Ops outside fusions are never merged:
// a fusion boundary is the unit of one kernel.
//
//  1. linalg's elementwise fusion merges producers into their consumers (into
//     the reduction, for input fusions). A producer whose value is also used
//     after its consumer (yielded, or read by a later op) stays a result of
//     the fused op instead of being computed twice. Reshapes are folded into
//     the generics around them by expanding their loops, and slices of
//     intermediates become slices of the inputs.
//  2. Generics left side by side over the same loops (sibling outputs of a
//     loop fusion, sibling reductions of an input fusion) become one
//     multi-result generic.
//  3. An elementwise epilogue of a value elementwise fusion cannot merge (a
//     reduction's or a contraction's result) overwrites that value: no
//     intermediate buffer.
//  4. When more than one loop nest is left, a row fusion (a nest reads a
//     reduction's result) runs every nest in one scf.forall over rows
//     (RowFusion.cpp). Otherwise (the fill of a row reduction's init; a
//     contraction, its fill and its in-place epilogue) the root is tiled
//     along its parallel loops into one scf.forall that computes the
//     producers of its destination row by row.
//
// A rank-0 (full) reduction has no parallel loop to tile: it stays one
// generic, which --fuse-split-reductions splits into a parallel loop over
// blocks with partials on the stack; its epilogue is scalar code after it.
// The reductions inside an scf.forall are left in order by that pass (their
// partials would be allocated per row), with reassociable combiners.
//
// Output fusions (with `products-by-rows`, the default) are one parallel
// loop over rows of the result, each iteration filling, accumulating and
// finishing its row in the result's buffer: one kernel and no intermediate.
// Without it they stay a fill, a product and an in-place epilogue, which the
// CPU pipeline's fuse-tile-contractions turns into a tiled kernel with the
// epilogue applied per tile. The epilogue is not fused into
// the contraction's innermost loop (a single generic): it needs the sum
// over the whole contracted dimension first, which linalg's elementwise
// fusion cannot express. f16 and bf16 contractions accumulate in an f32
// buffer of their own; their epilogue reads it in a second nest.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/AlgebraicSimplify.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Dominance.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The most consecutive elements of the innermost loop a tile of the fused
/// nest covers when only that loop is parallel: enough for vectors and
/// cache lines.
constexpr int64_t kMaxChunk = 64;

struct FusionInlining : OpConversionPattern<FusionOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FusionOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    inlineFusion(rewriter, op, adaptor.getInputs());
    return success();
  }
};

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

/// Moves the pure ops that compute `value` before `position`.
void makeAvailableBefore(RewriterBase &rewriter, Value value,
                         Operation *position) {
  Operation *def = value.getDefiningOp();
  if (!def || def->getBlock() != position->getBlock() ||
      def->isBeforeInBlock(position))
    return;
  for (Value operand : def->getOperands())
    makeAvailableBefore(rewriter, operand, position);
  rewriter.moveOpBefore(def, position);
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

/// Moves what `op` reads (see `replacementPosition`) before `position`.
void moveOperandsBefore(RewriterBase &rewriter, Operation *op,
                        Operation *position) {
  for (Value operand : op->getOperands())
    makeAvailableBefore(rewriter, operand, position);
  visitUsedValuesDefinedAbove(op->getRegions(), [&](OpOperand *use) {
    makeAvailableBefore(rewriter, use->get(), position);
  });
}

/// Fuses a generic into a consumer when its results have other uses too.
/// linalg's fusion keeps such results as results of the fused op; every
/// other use is redirected to them, so the producer's loop nest goes away
/// instead of being computed twice. The fused op stands before the first of
/// those uses (see `replacementPosition`). Producers with one use are
/// linalg's own pattern's.
/// Whether fusing the producer of `operand` into its consumer would compute
/// an expensive payload (a math function, a division) once per element of a
/// broadcast of it instead of once: the producer of a row's mean or of
/// 1/sqrt(variance) read along the row.
bool recomputesExpensiveWork(OpOperand *operand) {
  auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
  auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
  if (!producer || !consumer ||
      consumer.getMatchingIndexingMap(operand).isPermutation())
    return false;
  return producer.getBody()
      ->walk([](Operation *op) {
        bool expensive =
            isa<math::ExpOp, math::Exp2Op, math::ExpM1Op, math::LogOp,
                math::Log1pOp, math::Log2Op, math::TanhOp, math::SinOp,
                math::CosOp, math::AtanOp, math::Atan2Op, math::SqrtOp,
                math::RsqrtOp, math::PowFOp, math::ErfOp>(op) ||
            isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
                arith::RemSIOp, arith::RemUIOp>(op);
        return expensive ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

struct FuseProducerKeepingResults : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp consumer,
                                PatternRewriter &rewriter) const override {
    for (OpOperand *operand : consumer.getDpsInputOperands()) {
      auto producer = operand->get().getDefiningOp<linalg::GenericOp>();
      if (!producer || producer->hasOneUse() ||
          !linalg::areElementwiseOpsFusable(operand) ||
          recomputesExpensiveWork(operand))
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
    rewriter.replaceOp(earlier,
                       merged.getResults().take_front(earlier.getNumResults()));
    rewriter.replaceOp(later,
                       merged.getResults().drop_front(earlier.getNumResults()));
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

/// The linalg ops of `body` that have loops.
SmallVector<linalg::LinalgOp> loopNests(Block &body) {
  SmallVector<linalg::LinalgOp> nests;
  for (Operation &op : body)
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        linalgOp && linalgOp.getNumLoops() > 0)
      nests.push_back(linalgOp);
  return nests;
}

/// When `body` still holds several loop nests, tiles the one whose results
/// no other nest reads along its parallel loops into one scf.forall that
/// computes the producers of its destinations (a reduction's filled init; a
/// contraction under an in-place epilogue, and its fill) tile by tile inside
/// it. Producers of its inputs stay outside: inside, their tiles would be
/// buffers allocated on every iteration.
void tileIntoOneLoop(RewriterBase &rewriter, Block &body,
                     bool productsByRows) {
  SmallVector<linalg::LinalgOp> nests = loopNests(body);
  if (nests.size() < 2)
    return;
  if (!productsByRows && llvm::any_of(nests, [](linalg::LinalgOp nest) {
        return linalg::isaContractionOpInterface(nest);
      }))
    return;
  SmallVector<linalg::LinalgOp> roots;
  for (linalg::LinalgOp nest : nests)
    if (llvm::none_of(nest->getUsers(), llvm::IsaPred<linalg::LinalgOp>))
      roots.push_back(nest);
  if (roots.size() != 1 || roots.front().getNumParallelLoops() == 0)
    return;
  linalg::LinalgOp root = roots.front();
  // Tiles of empty loops would be empty too; they have nothing to fuse. A
  // single row is a full reduction, which --fuse-split-reductions
  // parallelizes over blocks.
  SmallVector<int64_t> ranges = root.getStaticLoopRanges();
  auto isEmpty = [](linalg::LinalgOp nest) {
    return llvm::any_of(nest.getStaticLoopRanges(),
                        [](int64_t size) { return size <= 0; });
  };
  if (llvm::any_of(nests, isEmpty))
    return;
  int64_t parallelIterations = 1;
  for (auto [range, iterator] :
       llvm::zip_equal(ranges, root.getIteratorTypesArray()))
    if (iterator == utils::IteratorType::parallel)
      parallelIterations *= range;
  if (parallelIterations == 1)
    return;
  if (llvm::none_of(root.getDpsInits(), [](Value init) {
        return init.getDefiningOp<linalg::LinalgOp>();
      }))
    return;

  // One row per iteration: every parallel loop but the innermost is tiled
  // by 1. The innermost loop stays whole unless the others offer no
  // parallelism (a column reduction, a vector), and then goes in contiguous
  // chunks, at least two (a loop of one iteration would be folded away, and
  // the ops in it become loop nests of their own again).
  SmallVector<utils::IteratorType> iterators = root.getIteratorTypesArray();
  int64_t innermost = ranges.size() - 1;
  int64_t chunk = 0;
  if (iterators[innermost] == utils::IteratorType::parallel &&
      parallelIterations == ranges[innermost])
    chunk =
        std::min<int64_t>(kMaxChunk, llvm::divideCeil(ranges[innermost], 2));
  SmallVector<OpFoldResult> tileSizes;
  for (auto [loop, iterator] : llvm::enumerate(iterators)) {
    int64_t size = 0;
    if (iterator == utils::IteratorType::parallel)
      size = static_cast<int64_t>(loop) == innermost ? chunk : 1;
    tileSizes.push_back(rewriter.getIndexAttr(size));
  }
  scf::SCFTileAndFuseOptions options;
  options.tilingOptions.setTileSizes(tileSizes).setLoopType(
      scf::SCFTilingOptions::LoopType::ForallOp);
  options.setFusionControlFn(
      [](tensor::ExtractSliceOp, OpResult, bool isDestinationOperand)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!isDestinationOperand)
          return std::nullopt;
        return scf::SCFTileAndFuseOptions::ControlFnResult{};
      });
  rewriter.setInsertionPoint(root);
  FailureOr<scf::SCFTileAndFuseResult> tiled =
      scf::tileConsumerAndFuseProducersUsingSCF(
          rewriter, cast<TilingInterface>(root.getOperation()), options);
  if (failed(tiled))
    return;
  for (OpResult result : root->getResults())
    rewriter.replaceAllUsesWith(result, tiled->replacements.lookup(result));
  rewriter.eraseOp(root);
  // Producers were fused after their consumers.
  for (Operation *fused : tiled->fusedProducers)
    if (fused->use_empty())
      rewriter.eraseOp(fused);
}

} // namespace

void fuse::detail::populateFusionLoweringPatterns(RewritePatternSet &patterns) {
  patterns.add<FusionInlining>(patterns.getContext());
}

LogicalResult
fuse::detail::fuseFusionBodies(Operation *root,
                               const FrozenRewritePatternSet &lowering,
                               bool productsByRows) {
  MLIRContext *context = root->getContext();
  auto singleUse = [](OpOperand *operand) {
    Operation *producer = operand->get().getDefiningOp();
    return producer && producer->hasOneUse() &&
           !recomputesExpensiveWork(operand);
  };
  RewritePatternSet fusionSet(context);
  linalg::populateLinalgNamedOpsGeneralizationPatterns(fusionSet);
  linalg::populateElementwiseOpsFusionPatterns(fusionSet, singleUse);
  fusionSet.add<FuseProducerKeepingResults>(context);
  linalg::populateFoldReshapeOpsByExpansionPatterns(fusionSet, singleUse);
  tensor::populateBubbleUpExpandShapePatterns(fusionSet);
  linalg::populateBubbleUpExtractSliceOpPatterns(fusionSet);
  tensor::EmptyOp::getCanonicalizationPatterns(fusionSet, context);
  tensor::ExpandShapeOp::getCanonicalizationPatterns(fusionSet, context);
  tensor::CollapseShapeOp::getCanonicalizationPatterns(fusionSet, context);
  FrozenRewritePatternSet fusionPatterns(std::move(fusionSet));

  // Elementwise work on broadcasts of one shape runs before broadcasting:
  // less work, and no long chains of values that are the same in every
  // iteration (LLVM's vectorizer takes exponential time on those).
  RewritePatternSet broadcastSet(context);
  fuse::hlo::populateBroadcastSimplificationPatterns(broadcastSet);
  FrozenRewritePatternSet broadcastPatterns(std::move(broadcastSet));

  RewritePatternSet mergeSet(context);
  mergeSet.add<MergeSiblingGenerics, WriteEpilogueInPlace>(context);
  FrozenRewritePatternSet mergePatterns(std::move(mergeSet));

  SmallVector<FusionOp> fusions;
  root->walk([&](FusionOp fusion) { fusions.push_back(fusion); });
  IRRewriter rewriter(context);
  for (FusionOp fusion : fusions) {
    GreedyRewriteConfig config;
    config.setScope(&fusion.getBody());
    (void)applyPatternsGreedily(fusion.getBody(), broadcastPatterns, config);

    SmallVector<Operation *> bodyOps;
    for (Operation &op : fusion.getBody().front().without_terminator())
      bodyOps.push_back(&op);
    ConversionTarget target(*context);
    configureHLOToLinalgTarget(target);
    target.addLegalOp<YieldOp>();
    if (failed(applyPartialConversion(bodyOps, target, lowering)))
      return failure();

    // Siblings are merged once fusion is done, so that a merged op is never
    // fused into a consumer twice (once per result it feeds).
    (void)applyPatternsGreedily(fusion.getBody(), fusionPatterns, config);
    (void)applyPatternsGreedily(fusion.getBody(), mergePatterns, config);
    (void)applyPatternsGreedily(fusion.getBody(), fusionPatterns, config);
    if (failed(fuse::detail::fuseRows(rewriter, fusion.getBody().front())))
      tileIntoOneLoop(rewriter, fusion.getBody().front(), productsByRows);
  }
  return success();
}
