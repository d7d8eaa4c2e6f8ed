//===- FuseElementwisePatterns.cpp - the rewrites that form hlo.fusion ----===//
//
// Fusions grow from seeds: each elementwise op and reduction starts as a
// fusion of its own, and a fusion pulls in its producers one at a time while
// legality and the policy agree. Merging clones the producer's ops into a
// new fusion in place of the consumer, so a producer that stays for other
// users (duplication) needs no special handling.
//
//===----------------------------------------------------------------------===//

#include "FuseElementwiseUtils.h"

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/IR/IRMapping.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace fuse::hlo;
using namespace fuse::hlo::detail;

/// The block argument standing for each input of a fusion being built.
using ArgumentMap = DenseMap<Value, Value>;

/// Creates a fusion before `insertionPoint` whose body is built by
/// `buildBody` from the block arguments standing for `inputs`; the body
/// returns the values to yield.
static FusionOp
createFusion(RewriterBase &rewriter, Operation *insertionPoint, Location loc,
             ArrayRef<Value> inputs,
             function_ref<SmallVector<Value>(IRMapping &, const ArgumentMap &)>
                 buildBody) {
  OpBuilder::InsertionGuard guard(rewriter);
  // The body comes first: it gives the result types.
  auto body = std::make_unique<Block>();
  for (Value input : inputs)
    body->addArgument(input.getType(), loc);
  rewriter.setInsertionPointToStart(body.get());
  ArgumentMap argOf;
  for (auto [input, arg] : llvm::zip_equal(inputs, body->getArguments()))
    argOf[input] = arg;
  IRMapping mapping;
  SmallVector<Value> yielded = buildBody(mapping, argOf);
  YieldOp::create(rewriter, loc, yielded);

  rewriter.setInsertionPoint(insertionPoint);
  auto fusion = FusionOp::create(rewriter, loc, ValueRange(yielded).getTypes(),
                                 FusionOp::inferKind(*body), inputs);
  fusion.getBody().push_back(body.release());
  return fusion;
}

/// Clones the ops of a fusion body (not its yield) and returns the values
/// it yields, mapped.
static SmallVector<Value> cloneBody(RewriterBase &rewriter, FusionOp fusion,
                                    IRMapping &mapping) {
  Block &body = fusion.getBody().front();
  for (Operation &op : body.without_terminator())
    rewriter.clone(op, mapping);
  SmallVector<Value> yielded;
  for (Value value : fusion.getYield().getResults())
    yielded.push_back(mapping.lookupOrDefault(value));
  return yielded;
}

/// Moves the ops of a fusion body (not its yield) to the end of the block
/// being built, its arguments replaced by `arguments`, and returns the
/// values it yields. The fusion is left without a body: the caller
/// replaces it next. Moving, unlike cloning, keeps a fusion that grows one
/// producer at a time linear in its size.
static SmallVector<Value> moveBody(RewriterBase &rewriter, FusionOp fusion,
                                   ValueRange arguments) {
  Block &body = fusion.getBody().front();
  Operation *yield = body.getTerminator();
  rewriter.mergeBlocks(&body, rewriter.getInsertionBlock(), arguments);
  SmallVector<Value> yielded(yield->getOperands());
  rewriter.eraseOp(yield);
  return yielded;
}

/// What the new fusion's block passes for each input of `fusion`.
static SmallVector<Value> argumentsFor(FusionOp fusion,
                                       const ArgumentMap &argOf) {
  return llvm::map_to_vector(fusion.getInputs(),
                             [&](Value input) { return argOf.lookup(input); });
}

static Location fuseLocs(Operation *a, Operation *b) {
  return FusedLoc::get(a->getContext(), {a->getLoc(), b->getLoc()});
}

FusionOp fuse::hlo::fuseProducerIntoConsumer(RewriterBase &rewriter,
                                             Operation *producer,
                                             FusionOp consumer,
                                             MergeMode mode) {
  SmallVector<Value> inputs = getMergedInputs(producer, consumer);
  SmallVector<Value> extraResults;
  SmallVector<Operation *> sunk;
  if (mode == MergeMode::MultiOutput) {
    extraResults = getResultsUsedOutside(producer, consumer);
    Operation *cycleThrough = nullptr;
    sunk = *collectOpsToSink(getUsesOutside(producer, consumer), consumer,
                             cycleThrough);
  }

  FusionOp fused = createFusion(
      rewriter, consumer, fuseLocs(consumer, producer), inputs,
      [&](IRMapping &mapping, const ArgumentMap &argOf) {
        // The producer first, reading the new block arguments; moved when
        // it leaves the block, copied when it stays for other users.
        SmallVector<Value> producerValues;
        if (auto fusion = dyn_cast<FusionOp>(producer)) {
          SmallVector<Value> arguments = argumentsFor(fusion, argOf);
          if (mode == MergeMode::Duplicate) {
            mapping.map(fusion.getBody().getArguments(), arguments);
            producerValues = cloneBody(rewriter, fusion, mapping);
          } else {
            producerValues = moveBody(rewriter, fusion, arguments);
          }
        } else {
          for (Value operand : producer->getOperands())
            mapping.map(operand, argOf.lookup(operand));
          llvm::append_range(producerValues,
                             rewriter.clone(*producer, mapping)->getResults());
        }
        // Then the consumer, reading the producer's values directly.
        SmallVector<Value> arguments =
            llvm::map_to_vector(consumer.getInputs(), [&](Value input) {
              return input.getDefiningOp() == producer
                         ? producerValues[cast<OpResult>(input)
                                              .getResultNumber()]
                         : argOf.lookup(input);
            });
        SmallVector<Value> yielded = moveBody(rewriter, consumer, arguments);
        for (Value result : extraResults)
          yielded.push_back(
              producerValues[cast<OpResult>(result).getResultNumber()]);
        return yielded;
      });

  rewriter.replaceOp(consumer,
                     fused.getResults().take_front(consumer.getNumResults()));
  switch (mode) {
  case MergeMode::Move:
    rewriter.eraseOp(producer);
    break;
  case MergeMode::Duplicate:
    break;
  case MergeMode::MultiOutput: {
    Operation *anchor = fused;
    for (Operation *op : sunk) {
      rewriter.moveOpAfter(op, anchor);
      anchor = op;
    }
    for (auto [result, replacement] : llvm::zip_equal(
             extraResults, fused.getResults().drop_front(fused.getNumResults() -
                                                         extraResults.size())))
      rewriter.replaceAllUsesWith(result, replacement);
    rewriter.eraseOp(producer);
    break;
  }
  }
  return fused;
}

FusionOp fuse::hlo::mergeSiblingFusions(RewriterBase &rewriter, FusionOp first,
                                        FusionOp second) {
  SmallVector<Value> inputs = getSiblingInputs(first, second);
  Operation *cycleThrough = nullptr;
  SmallVector<Operation *> sunk =
      *collectOpsToSink(getUsesOutside(first, nullptr), second, cycleThrough);

  FusionOp merged = createFusion(
      rewriter, second, fuseLocs(first, second), inputs,
      [&](IRMapping &mapping, const ArgumentMap &argOf) {
        SmallVector<Value> yielded;
        for (FusionOp fusion : {first, second})
          llvm::append_range(
              yielded, moveBody(rewriter, fusion, argumentsFor(fusion, argOf)));
        return yielded;
      });

  Operation *anchor = merged;
  for (Operation *op : sunk) {
    rewriter.moveOpAfter(op, anchor);
    anchor = op;
  }
  // Counted before replaceOp erases `first`.
  unsigned firstResults = first.getNumResults();
  rewriter.replaceOp(first, merged.getResults().take_front(firstResults));
  rewriter.replaceOp(second, merged.getResults().drop_front(firstResults));
  return merged;
}

namespace {

/// Wraps an elementwise op or a reduction in a fusion of its own, the seed
/// that producers then join.
struct FormFusionSeed : RewritePattern {
  FormFusionSeed(MLIRContext *context, const FusionPolicy &policy)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context),
        policy(policy) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    FusionRole role = getFusionRole(op);
    if (role != FusionRole::Elementwise &&
        !(role == FusionRole::Reduction && policy.getOptions().fuseReductions))
      return failure();
    if (!op->getParentOp() || isInKernelBody(op))
      return failure();
    llvm::SetVector<Value> captured;
    getUsedValuesDefinedAbove(op->getRegions(), captured);
    if (!captured.empty())
      return rewriter.notifyMatchFailure(op, "body uses values from above");

    llvm::SetVector<Value> inputSet;
    inputSet.insert_range(op->getOperands());
    SmallVector<Value> inputs = inputSet.takeVector();
    FusionOp fusion =
        createFusion(rewriter, op, op->getLoc(), inputs,
                     [&](IRMapping &mapping, const ArgumentMap &argOf) {
                       for (Value input : inputs)
                         mapping.map(input, argOf.lookup(input));
                       return llvm::to_vector_of<Value>(
                           rewriter.clone(*op, mapping)->getResults());
                     });
    rewriter.replaceOp(op, fusion.getResults());
    return success();
  }

  const FusionPolicy &policy;
};

/// Pulls one producer of a fusion's inputs into it.
struct FuseProducer : OpRewritePattern<FusionOp> {
  FuseProducer(MLIRContext *context, const FusionPolicy &policy,
               bool allowMultiOutput)
      : OpRewritePattern(context), policy(policy),
        allowMultiOutput(allowMultiOutput) {}

  LogicalResult matchAndRewrite(FusionOp consumer,
                                PatternRewriter &rewriter) const override {
    for (Value input : consumer.getInputs()) {
      Operation *producer = input.getDefiningOp();
      if (!producer || producer->getBlock() != consumer->getBlock())
        continue;
      // Elementwise ops outside fusions are about to become seeds.
      if (!isa<FusionOp>(producer) &&
          getFusionRole(producer) == FusionRole::Elementwise)
        continue;
      MergeMode mode;
      if (!decideProducerFusion(producer, consumer, policy, allowMultiOutput,
                                mode))
        continue;
      fuseProducerIntoConsumer(rewriter, producer, consumer, mode);
      return success();
    }
    return failure();
  }

  const FusionPolicy &policy;
  bool allowMultiOutput;
};

/// Merges a fusion with an earlier one that reads one of its inputs, the
/// nearest first: the readers it sinks and the stretch whose live tensors
/// change are then short, where a distant sibling's span the block.
struct MergeSiblings : OpRewritePattern<FusionOp> {
  MergeSiblings(MLIRContext *context, const FusionPolicy &policy)
      : OpRewritePattern(context), policy(policy) {}

  /// How far back from a fusion its siblings are looked for op by op.
  static constexpr unsigned kNearbyOps = 128;
  /// The most readers of an input through which farther siblings are
  /// looked for.
  static constexpr unsigned kMaxFarReaders = 256;

  LogicalResult matchAndRewrite(FusionOp second,
                                PatternRewriter &rewriter) const override {
    // A product with its epilogue merges with no sibling (legality): no
    // need to gather the other readers of its inputs, thousands for a
    // weight read by every branch of a wide program.
    std::optional<FusionDomain> domain = getFusionDomain(second);
    if (!domain || domain->kind == FusionKind::Output)
      return rewriter.notifyMatchFailure(
          second, "not a loop or input fusion over one iteration space");
    BlockAncestors ancestors(second);
    auto tryMerge = [&](FusionOp first) {
      if (!isLegalToMergeSiblings(first, second, ancestors) ||
          !policy.shouldMergeSiblings(first, second))
        return false;
      mergeSiblingFusions(rewriter, first, second);
      return true;
    };
    // The nearest siblings are found by walking the block back from
    // `second`, not through its inputs' readers: a weight that every
    // branch of a wide program reads has thousands, and a merge usually
    // takes the nearest.
    SmallVector<Value> sharable = getSharableInputs(second);
    if (sharable.empty())
      return rewriter.notifyMatchFailure(second, "no input to share");
    llvm::SmallPtrSet<Value, 8> inputs(sharable.begin(), sharable.end());
    llvm::SmallPtrSet<Operation *, 8> tried;
    unsigned walked = 0;
    for (Operation *op = second->getPrevNode(); op && walked < kNearbyOps;
         op = op->getPrevNode(), ++walked) {
      auto first = dyn_cast<FusionOp>(op);
      if (!first || llvm::none_of(first.getInputs(), [&](Value input) {
            return inputs.contains(input);
          }))
        continue;
      if (tryMerge(first))
        return success();
      tried.insert(first);
    }
    if (walked < kNearbyOps)
      return failure();
    // The farther siblings, nearest first, through the inputs' readers:
    // not those of an input that more than kMaxFarReaders fusions read (the
    // shared argument of every segment of a long chain, refused each time
    // as the chain's own ancestors), which would cost all of them on every
    // visit. A heap: the first tried usually merges.
    llvm::SetVector<FusionOp> siblings;
    for (Value input : sharable) {
      if (input.hasNUsesOrMore(kMaxFarReaders + 1))
        continue;
      for (Operation *user : input.getUsers()) {
        auto first = dyn_cast<FusionOp>(user);
        if (first && first != second && !tried.contains(first) &&
            first->getBlock() == second->getBlock() &&
            first->isBeforeInBlock(second))
          siblings.insert(first);
      }
    }
    SmallVector<FusionOp> heap = siblings.takeVector();
    auto fartherThan = [](FusionOp a, FusionOp b) {
      return a->isBeforeInBlock(b);
    };
    std::make_heap(heap.begin(), heap.end(), fartherThan);
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), fartherThan);
      if (tryMerge(heap.pop_back_val()))
        return success();
    }
    return failure();
  }

  const FusionPolicy &policy;
};

/// Dissolves a fusion of one op (constants aside).
struct DissolveTrivialFusion : OpRewritePattern<FusionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(FusionOp fusion,
                                PatternRewriter &rewriter) const override {
    if (getWorkOps(fusion).size() > 1)
      return failure();
    fusion.inlineBody(rewriter, fusion.getInputs());
    return success();
  }
};

} // namespace

void fuse::hlo::populateProducerConsumerFusionPatterns(
    RewritePatternSet &patterns, const FusionPolicy &policy) {
  patterns.add<FormFusionSeed>(patterns.getContext(), policy);
  patterns.add<FuseProducer>(patterns.getContext(), policy,
                             /*allowMultiOutput=*/false);
}

void fuse::hlo::populateMultiOutputFusionPatterns(RewritePatternSet &patterns,
                                                  const FusionPolicy &policy) {
  patterns.add<FuseProducer>(patterns.getContext(), policy,
                             /*allowMultiOutput=*/true);
  patterns.add<MergeSiblings>(patterns.getContext(), policy);
}

void fuse::hlo::populateTrivialFusionCleanupPatterns(
    RewritePatternSet &patterns) {
  patterns.add<DissolveTrivialFusion>(patterns.getContext());
}
