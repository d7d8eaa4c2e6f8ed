//===- GPURecomputeIntermediates.cpp - recompute instead of reading back --===//
//
// In a row fusion, a generic that reduces a row often also writes an
// elementwise value of it (softmax's exp(x - max) beside its sum), which the
// next generic reads back. On the GPU that value costs a store and a load of
// the whole row; computing it again from the row's inputs costs a few
// arithmetic ops, and the inputs' loads are shared (fuse-gpu-reuse-loads).
//
//===----------------------------------------------------------------------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_GPURECOMPUTEINTERMEDIATESPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// How `producer` computes its result `index`: the ops of its body that the
/// yielded value depends on, in order, when they read inputs only.
struct Recipe {
  linalg::GenericOp producer;
  unsigned index;
  SmallVector<Operation *> ops;
};

/// Legality: `producer`'s result `index` as a recipe of at most `maxOps`
/// pure ops of its inputs at every point of its loops, or why not.
FailureOr<Recipe> getRecipe(linalg::GenericOp producer, unsigned index,
                            int64_t maxOps, std::string &why) {
  OpOperand *init = producer.getDpsInitOperand(index);
  if (!producer.getMatchingIndexingMap(init).isPermutation()) {
    why = "the value is not written at every point of the producer's loops";
    return failure();
  }
  Block &body = producer.getRegion().front();
  Value yielded = body.getTerminator()->getOperand(index);
  Recipe recipe{producer, index, {}};
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *op) { return op->getBlock() == &body; };
  options.inclusive = true;
  if (Operation *def = yielded.getDefiningOp(); def && def->getBlock() == &body)
    (void)getBackwardSlice(def, &slice, options);
  for (Operation *op : slice) {
    // linalg.index would read the reader's loops, not the producer's.
    if (!isPure(op) || op->getNumRegions() != 0 || isa<linalg::IndexOp>(op)) {
      why = "the value needs an op with side effects or regions";
      return failure();
    }
    for (Value operand : op->getOperands()) {
      auto arg = dyn_cast<BlockArgument>(operand);
      if (arg && arg.getOwner() == &body &&
          arg.getArgNumber() >= producer.getNumDpsInputs()) {
        why = "the value depends on the producer's outputs";
        return failure();
      }
    }
  }
  if (auto arg = dyn_cast<BlockArgument>(yielded);
      arg && arg.getOwner() == &body &&
      arg.getArgNumber() >= producer.getNumDpsInputs()) {
    why = "the value is an output the producer reads";
    return failure();
  }
  if (static_cast<int64_t>(slice.size()) > maxOps) {
    why = "the value takes more than max-ops ops";
    return failure();
  }
  recipe.ops.assign(slice.begin(), slice.end());
  return recipe;
}

/// Rewrites the reader of a producer's elementwise result to recompute it.
struct RecomputeIntermediate : OpRewritePattern<linalg::GenericOp> {
  RecomputeIntermediate(MLIRContext *context, int64_t maxOps)
      : OpRewritePattern(context), maxOps(maxOps) {}

  LogicalResult matchAndRewrite(linalg::GenericOp reader,
                                PatternRewriter &rewriter) const override {
    if (!reader->getParentOfType<scf::ForallOp>() ||
        !reader.hasPureTensorSemantics())
      return rewriter.notifyMatchFailure(reader, "not in a row fusion");
    for (OpOperand &operand : reader->getOpOperands()) {
      auto result = dyn_cast<OpResult>(operand.get());
      auto producer =
          result ? dyn_cast<linalg::GenericOp>(result.getOwner()) : nullptr;
      if (!producer || producer->getBlock() != reader->getBlock() ||
          !result.hasOneUse() || !producer.hasPureTensorSemantics())
        continue;
      AffineMap readMap = reader.getMatchingIndexingMap(&operand);
      if (!readMap.isPermutation())
        continue;
      std::string why;
      FailureOr<Recipe> recipe =
          getRecipe(producer, result.getResultNumber(), maxOps, why);
      if (failed(recipe) || !keepsEveryLoop(reader, operand, readMap, *recipe))
        continue;
      rewrite(rewriter, reader, operand, readMap, *recipe);
      return success();
    }
    return rewriter.notifyMatchFailure(reader, "reads no recomputable value");
  }

  /// Whether every loop of `reader` still indexes one of its operands once
  /// `operand` is replaced by the producer's inputs, as linalg needs to
  /// tell the loops' sizes (a producer reading a row value broadcast along
  /// the row would leave the row loop unindexed).
  static bool keepsEveryLoop(linalg::GenericOp reader, OpOperand &operand,
                             AffineMap readMap, const Recipe &recipe) {
    linalg::GenericOp producer = recipe.producer;
    AffineMap toProducer =
        inversePermutation(producer.getMatchingIndexingMap(
                               producer.getDpsInitOperand(recipe.index)))
            .compose(readMap);
    SmallVector<AffineMap> maps;
    for (OpOperand &other : reader->getOpOperands())
      if (&other != &operand || reader.isDpsInit(&other))
        maps.push_back(reader.getMatchingIndexingMap(&other));
    for (OpOperand *input : producer.getDpsInputOperands())
      maps.push_back(
          producer.getMatchingIndexingMap(input).compose(toProducer));
    for (unsigned loop = 0; loop < reader.getNumLoops(); ++loop)
      if (llvm::none_of(
              maps, [&](AffineMap map) { return map.isFunctionOfDim(loop); }))
        return false;
    return true;
  }

  /// `reader` with `operand` (read by `readMap`) replaced by the recipe's
  /// computation on the producer's inputs.
  void rewrite(PatternRewriter &rewriter, linalg::GenericOp reader,
               OpOperand &operand, AffineMap readMap,
               const Recipe &recipe) const {
    linalg::GenericOp producer = recipe.producer;
    // A reader's point -> the producer's point: through the value's index.
    AffineMap producerMap = producer.getMatchingIndexingMap(
        producer.getDpsInitOperand(recipe.index));
    AffineMap toProducer = inversePermutation(producerMap).compose(readMap);

    SmallVector<Value> inputs, inits;
    SmallVector<AffineMap> maps;
    for (OpOperand *input : reader.getDpsInputOperands())
      if (input != &operand) {
        inputs.push_back(input->get());
        maps.push_back(reader.getMatchingIndexingMap(input));
      }
    unsigned firstAdded = inputs.size();
    for (OpOperand *input : producer.getDpsInputOperands()) {
      inputs.push_back(input->get());
      maps.push_back(
          producer.getMatchingIndexingMap(input).compose(toProducer));
    }
    for (OpOperand &init : reader.getDpsInitsMutable()) {
      // The recomputed init is written, not read: the producer's own
      // destination takes the result.
      inits.push_back(&init == &operand ? producer.getDpsInits()[recipe.index]
                                        : init.get());
      maps.push_back(reader.getMatchingIndexingMap(&init));
    }
    auto generic = linalg::GenericOp::create(
        rewriter, reader.getLoc(), reader.getResultTypes(), inputs, inits, maps,
        reader.getIteratorTypesArray());
    Block &oldBody = reader.getRegion().front();
    Block &producerBody = producer.getRegion().front();
    SmallVector<Type> argTypes;
    SmallVector<Location> argLocs;
    for (Value value : llvm::concat<Value>(inputs, inits)) {
      argTypes.push_back(getElementTypeOrSelf(value.getType()));
      argLocs.push_back(value.getLoc());
    }
    Block *body =
        rewriter.createBlock(&generic.getRegion(), {}, argTypes, argLocs);
    IRMapping mapping;
    // The producer's input arguments are the added inputs.
    for (unsigned i = 0; i < producer.getNumDpsInputs(); ++i)
      mapping.map(producerBody.getArgument(i),
                  body->getArgument(firstAdded + i));
    for (Operation *op : recipe.ops)
      rewriter.clone(*op, mapping);
    Value recomputed = mapping.lookupOrDefault(
        producerBody.getTerminator()->getOperand(recipe.index));
    // The reader's arguments, in their new places.
    unsigned next = 0;
    for (OpOperand *input : reader.getDpsInputOperands())
      mapping.map(oldBody.getArgument(input->getOperandNumber()),
                  input == &operand ? recomputed : body->getArgument(next++));
    for (OpOperand &init : reader.getDpsInitsMutable()) {
      BlockArgument arg = body->getArgument(
          inputs.size() + (init.getOperandNumber() - reader.getNumDpsInputs()));
      mapping.map(reader.getMatchingBlockArgument(&init),
                  &init == &operand ? recomputed : Value(arg));
    }
    for (Operation &op : oldBody)
      rewriter.clone(op, mapping);
    rewriter.replaceOp(reader, generic.getResults());
  }

  int64_t maxOps;
};

struct GPURecomputeIntermediatesPass
    : fuse::impl::GPURecomputeIntermediatesPassBase<
          GPURecomputeIntermediatesPass> {
  using Base::Base;

  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RecomputeIntermediate>(&getContext(), maxOps);
    // The producer's result, now unread, is dropped.
    linalg::populateEraseUnusedOperandsAndResultsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
