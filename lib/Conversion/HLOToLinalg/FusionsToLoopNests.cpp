//===- FusionsToLoopNests.cpp - each hlo.fusion body one loop nest --------===//
//
// A fusion's body is lowered where it stands, turned into one loop nest
// inside that body only, and inlined. Ops outside fusions are never merged:
// a fusion boundary is the unit of one kernel.
//
//  0. The body's hlo ops are converted with --convert-hlo-to-linalg's
//     patterns.
//  1. linalg's elementwise fusion merges producers into their consumers (into
//     the reduction, for input fusions). A producer whose value is also used
//     after its consumer (yielded, or read by a later op) stays a result of
//     the fused op instead of being computed twice, unless it only computes
//     from its indices (an iota): each consumer computes that again.
//     Reshapes are folded into the generics around them by expanding their
//     loops, and slices of intermediates become slices of the inputs.
//  2. Generics left side by side over the same loops (sibling outputs of a
//     loop fusion, sibling reductions of an input fusion) become one
//     multi-result generic.
//  3. An elementwise epilogue of a value elementwise fusion cannot merge (a
//     reduction's or a contraction's result) overwrites that value: no
//     intermediate buffer.
//  4. When more than one loop nest is left, a row fusion (a nest reads a
//     reduction's result) runs every nest in one scf.forall over rows
//     (FusionsToLoopNestsRows.cpp). Otherwise (the fill of a row reduction's
//     init; a contraction, its fill and its in-place epilogue) the root is
//     tiled along its parallel loops into one scf.forall that computes the
//     producers of its destination row by row, once each (a reduction with
//     two results the root reads is fused once).
//
// A fusion whose results have no elements becomes empty tensors.
//
// A rank-0 (full) reduction has no parallel loop to tile: it stays one
// generic, which --fuse-cpu-split-reductions splits into a parallel loop over
// blocks with partials on the stack; its epilogue is scalar code after it.
// The reductions inside an scf.forall are left in order by that pass (their
// partials would be allocated per row), with reassociable combiners.
//
// Output fusions (with `products-by-rows`, the default) are one parallel
// loop over rows of the result, each iteration filling, accumulating and
// finishing its row in the result's buffer: one kernel and no intermediate.
// Without it they stay a fill, a product and an in-place epilogue, which the
// CPU pipeline's fuse-cpu-tile-contractions turns into a tiled kernel with the
// epilogue applied per tile. The epilogue is not fused into
// the contraction's innermost loop (a single generic): it needs the sum
// over the whole contracted dimension first, which linalg's elementwise
// fusion cannot express. f16 and bf16 contractions accumulate in an f32
// buffer of their own; their epilogue reads it in a second nest.
//
//===----------------------------------------------------------------------===//

#include "FusionsToLoopNests.h"

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_CONVERTHLOFUSIONSTOLOOPNESTSPASS
#include "fuse/Conversion/HLOToLinalg/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The most consecutive elements of the innermost loop a tile of the fused
/// nest covers when only that loop is parallel: enough for vectors and
/// cache lines.
constexpr int64_t kMaxChunk = 64;

/// The linalg ops of `body` that have loops.
SmallVector<linalg::LinalgOp> loopNests(Block &body) {
  SmallVector<linalg::LinalgOp> nests;
  for (Operation &op : body)
    if (auto linalgOp = dyn_cast<linalg::LinalgOp>(op);
        linalgOp && linalgOp.getNumLoops() > 0)
      nests.push_back(linalgOp);
  return nests;
}

/// Whether a loop nest reads `nest`'s results, directly or through tensor
/// ops (the padded input of a convolution's patches is a fill, then an
/// insert_slice).
bool isReadByNest(linalg::LinalgOp nest) {
  SmallVector<Operation *> users(nest->getUsers());
  while (!users.empty()) {
    Operation *user = users.pop_back_val();
    if (isa<linalg::LinalgOp>(user))
      return true;
    if (isa<tensor::TensorDialect>(user->getDialect()))
      llvm::append_range(users, user->getUsers());
  }
  return false;
}

/// The tensor `value` is a slice of, through any chain of slices.
Value getSlicedTensor(Value value) {
  while (auto slice = value.getDefiningOp<tensor::ExtractSliceOp>())
    value = slice.getSource();
  return value;
}

/// The constant every element of `value` holds when it is a fill (a
/// linalg.fill, a generic that only yields a constant, or a slice of one).
Attribute getFilledConstant(Value value) {
  value = getSlicedTensor(value);
  Attribute constant;
  if (auto fill = value.getDefiningOp<linalg::FillOp>()) {
    if (matchPattern(fill.value(), m_Constant(&constant)))
      return constant;
    return {};
  }
  auto generic = value.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic.getNumDpsInputs() != 0 ||
      generic->getNumResults() != 1 ||
      !llvm::hasSingleElement(generic.getBody()->getOperations()))
    return {};
  Value yielded = generic.getBody()->getTerminator()->getOperand(0);
  if (matchPattern(yielded, m_Constant(&constant)))
    return constant;
  return {};
}

/// Whether `a` and `b` hold the same tensor: the same value, the same slice
/// of one, fills of one shape with the same constant, or two tensors of one
/// type without contents.
bool holdTheSame(Value a, Value b) {
  if (a == b)
    return true;
  if (a.getType() != b.getType())
    return false;
  auto sliceA = a.getDefiningOp<tensor::ExtractSliceOp>();
  auto sliceB = b.getDefiningOp<tensor::ExtractSliceOp>();
  if (sliceA && sliceB &&
      OperationEquivalence::isEquivalentTo(
          sliceA, sliceB, OperationEquivalence::IgnoreLocations))
    return true;
  Attribute constant = getFilledConstant(a);
  if (constant)
    return constant == getFilledConstant(b);
  // Tensors without contents (the inits of elementwise results).
  return getSlicedTensor(a).getDefiningOp<tensor::EmptyOp>() &&
         getSlicedTensor(b).getDefiningOp<tensor::EmptyOp>();
}

/// Tiling fuses a producer into the loop once per result the root reads:
/// the sum and the sum of squares of a normalization's statistics were each
/// computed twice. A later copy that computes what an earlier one does (the
/// same body over the same tensors, from fills of the same constant) is
/// replaced by it.
void mergeRepeatedProducers(RewriterBase &rewriter,
                            ArrayRef<Operation *> tiledOps) {
  SmallVector<linalg::LinalgOp> kept;
  for (Operation *op : tiledOps) {
    auto nest = dyn_cast<linalg::LinalgOp>(op);
    if (!nest)
      continue;
    auto same = llvm::find_if(kept, [&](linalg::LinalgOp earlier) {
      // The block arguments of the bodies, paired as they are compared.
      DenseMap<Value, Value> paired;
      return earlier->getBlock() == nest->getBlock() &&
             earlier->isBeforeInBlock(nest) &&
             OperationEquivalence::isEquivalentTo(
                 earlier, nest,
                 [&](Value a, Value b) {
                   return success(paired.lookup(a) == b || holdTheSame(a, b));
                 },
                 [&](Value a, Value b) { paired[a] = b; },
                 OperationEquivalence::IgnoreLocations);
    });
    if (same == kept.end()) {
      kept.push_back(nest);
      continue;
    }
    rewriter.replaceOp(nest, (*same)->getResults());
  }
}

/// When `body` still holds several loop nests, tiles the one whose results
/// no other nest reads along its parallel loops into one scf.forall that
/// computes the producers of its destinations (a reduction's filled init; a
/// contraction under an in-place epilogue, and its fill) tile by tile inside
/// it. Producers of its inputs stay outside: inside, their tiles would be
/// buffers allocated on every iteration.
void tileIntoOneLoop(RewriterBase &rewriter, Block &body, bool productsByRows) {
  SmallVector<linalg::LinalgOp> nests = loopNests(body);
  if (nests.size() < 2)
    return;
  if (!productsByRows && llvm::any_of(nests, [](linalg::LinalgOp nest) {
        return linalg::isaContractionOpInterface(nest);
      }))
    return;
  SmallVector<linalg::LinalgOp> roots;
  for (linalg::LinalgOp nest : nests)
    if (!isReadByNest(nest))
      roots.push_back(nest);
  if (roots.size() != 1 || roots.front().getNumParallelLoops() == 0)
    return;
  linalg::LinalgOp root = roots.front();
  // Tiles of empty loops would be empty too; they have nothing to fuse. A
  // single row is a full reduction, which --fuse-cpu-split-reductions
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
  // An input that another result of a destination's producer gives (the
  // sum beside the sum of squares) is fused too: its copy of the producer
  // is then merged with the destination's (mergeRepeatedProducers), instead
  // of the whole producer running again before the loop.
  llvm::SmallPtrSet<Operation *, 4> destinationProducers;
  for (Value init : root.getDpsInits())
    if (Operation *producer = init.getDefiningOp())
      destinationProducers.insert(producer);
  options.setFusionControlFn(
      [&](tensor::ExtractSliceOp, OpResult producer, bool isDestinationOperand)
          -> std::optional<scf::SCFTileAndFuseOptions::ControlFnResult> {
        if (!isDestinationOperand &&
            !destinationProducers.contains(producer.getOwner()))
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
  mergeRepeatedProducers(rewriter, tiled->tiledAndFusedOps.getArrayRef());
  // Producers were fused after their consumers; an input's slice of one
  // may be left unread.
  for (Operation *fused : tiled->fusedProducers) {
    for (Operation *user : llvm::make_early_inc_range(fused->getUsers()))
      if (isa<tensor::ExtractSliceOp>(user) && user->use_empty())
        rewriter.eraseOp(user);
    if (fused->use_empty())
      rewriter.eraseOp(fused);
  }
}

} // namespace

namespace {

struct ConvertHLOFusionsToLoopNestsPass
    : fuse::impl::ConvertHLOFusionsToLoopNestsPassBase<
          ConvertHLOFusionsToLoopNestsPass> {
  using ConvertHLOFusionsToLoopNestsPassBase::
      ConvertHLOFusionsToLoopNestsPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet lowering(context);
    fuse::populateHLOToLinalgPatterns(lowering);
    loweringPatterns = std::move(lowering);

    auto singleUse = [](OpOperand *operand) {
      Operation *producer = operand->get().getDefiningOp();
      return producer && producer->hasOneUse() &&
             !fuse::detail::recomputesExpensiveWork(operand);
    };
    // An iota or a mask of indices is computed again by each consumer: read
    // from memory, it is a nest of its own that also keeps the fusion from
    // running row by row (a causal attention mask). A contraction's operands
    // that it reads more than once (a convolution's patches) stay nests of
    // their own: fused, the product would recompute them per step of its
    // sum and no longer be a product that fuse-cpu-tile-contractions tiles.
    // An operand read once per point of the loops is fused: a sum of
    // products over positions (GroupNorm's gradient) is a reduction.
    auto singleUseOrIndices = [singleUse](OpOperand *operand) {
      auto consumer = dyn_cast<linalg::LinalgOp>(operand->getOwner());
      if (consumer && linalg::isaContractionOpInterface(consumer) &&
          !consumer.getMatchingIndexingMap(operand).isPermutation())
        return false;
      return singleUse(operand) || fuse::detail::recomputesIndicesOnly(operand);
    };
    RewritePatternSet fusion(context);
    linalg::populateLinalgNamedOpsGeneralizationPatterns(fusion);
    linalg::populateElementwiseOpsFusionPatterns(fusion, singleUseOrIndices);
    fuse::detail::populateFusionKeepingResultsPatterns(fusion);
    linalg::populateFoldReshapeOpsByExpansionPatterns(fusion, singleUse);
    tensor::populateBubbleUpExpandShapePatterns(fusion);
    fuse::detail::populateBubbleUpSlicePatterns(fusion);
    tensor::EmptyOp::getCanonicalizationPatterns(fusion, context);
    tensor::ExpandShapeOp::getCanonicalizationPatterns(fusion, context);
    tensor::CollapseShapeOp::getCanonicalizationPatterns(fusion, context);
    fusionPatterns = std::move(fusion);

    RewritePatternSet merge(context);
    fuse::detail::populateSiblingMergePatterns(merge);
    mergePatterns = std::move(merge);
    return success();
  }

  void runOnOperation() override {
    SmallVector<FusionOp> fusions;
    getOperation()->walk([&](FusionOp fusion) { fusions.push_back(fusion); });
    IRRewriter rewriter(&getContext());
    for (FusionOp fusion : fusions)
      if (failed(makeOneLoopNest(rewriter, fusion)))
        return signalPassFailure();
  }

  LogicalResult makeOneLoopNest(RewriterBase &rewriter, FusionOp fusion) {
    // Results without elements have nothing to compute, and the slices
    // that tiling would take of them are out of bounds.
    if (llvm::all_of(fusion->getResultTypes(), [](Type type) {
          auto tensorType = dyn_cast<RankedTensorType>(type);
          return tensorType && llvm::is_contained(tensorType.getShape(), 0);
        })) {
      rewriter.setInsertionPoint(fusion);
      SmallVector<Value> empties;
      for (Type type : fusion->getResultTypes()) {
        auto tensorType = cast<RankedTensorType>(type);
        empties.push_back(tensor::EmptyOp::create(rewriter, fusion.getLoc(),
                                                  tensorType.getShape(),
                                                  tensorType.getElementType()));
      }
      rewriter.replaceOp(fusion, empties);
      return success();
    }
    if (scalarFusions &&
        succeeded(fuse::detail::lowerScalarFusion(rewriter, fusion)))
      return success();
    SmallVector<Operation *> bodyOps;
    for (Operation &op : fusion.getBody().front().without_terminator())
      bodyOps.push_back(&op);
    ConversionTarget target(getContext());
    fuse::configureHLOToLinalgTarget(target);
    target.addLegalOp<YieldOp>();
    if (failed(applyPartialConversion(bodyOps, target, loweringPatterns)))
      return failure();

    // Siblings are merged once fusion is done, so that a merged op is never
    // fused into a consumer twice (once per result it feeds).
    GreedyRewriteConfig config;
    config.setScope(&fusion.getBody());
    (void)applyPatternsGreedily(fusion.getBody(), fusionPatterns, config);
    (void)applyPatternsGreedily(fusion.getBody(), mergePatterns, config);
    (void)applyPatternsGreedily(fusion.getBody(), fusionPatterns, config);
    Block &body = fusion.getBody().front();
    if (failed(fuse::detail::fuseRows(rewriter, body)))
      tileIntoOneLoop(rewriter, body, productsByRows);
    // A fusion body holds hlo ops only; the nest takes the fusion's place.
    fusion.inlineBody(rewriter, fusion.getInputs());
    return success();
  }

  FrozenRewritePatternSet loweringPatterns;
  FrozenRewritePatternSet fusionPatterns;
  FrozenRewritePatternSet mergePatterns;
};

} // namespace
