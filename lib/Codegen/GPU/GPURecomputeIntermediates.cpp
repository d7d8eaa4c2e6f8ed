//===- GPURecomputeIntermediates.cpp - recompute instead of reading back --===//
//
// In a row fusion, a generic that reduces a row often also writes an
// elementwise value of it (softmax's exp(x - max) beside its sum), which the
// next generic reads back. On the GPU that value costs a store and a load of
// the whole row; computing it again from the row's inputs costs a few
// arithmetic ops, and the inputs' loads are shared (fuse-gpu-reuse-loads).
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Support/Decision.h"

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
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using fuse::Decision;

namespace {

/// How a reader computes a value of `producer` itself: the value is result
/// `index`; `toProducer` maps the reader's loops to the producer's; `ops`
/// are the producer's body ops the value needs, in order.
struct Recipe {
  linalg::GenericOp producer;
  unsigned index;
  AffineMap toProducer;
  SmallVector<Operation *> ops;
};

/// Whether `value` is an output argument of `producer`'s body.
bool isOutputArgument(linalg::GenericOp producer, Value value) {
  auto arg = dyn_cast<BlockArgument>(value);
  return arg && arg.getOwner() == producer.getBlock() &&
         arg.getArgNumber() >= producer.getNumDpsInputs();
}

/// Legality: the recipe by which `reader` may compute what it reads
/// through `operand` from the producer's inputs (at most `maxOps` pure ops,
/// at every point of the producer's loops), or why not.
Decision planRecompute(linalg::GenericOp reader, OpOperand &operand,
                       int64_t maxOps, Recipe &recipe) {
  auto result = dyn_cast<OpResult>(operand.get());
  auto producer =
      result ? dyn_cast<linalg::GenericOp>(result.getOwner()) : nullptr;
  if (!producer || producer->getBlock() != reader->getBlock() ||
      !producer.hasPureTensorSemantics())
    return Decision::forbid("the value is not a result of a generic beside "
                            "the reader");
  if (!result.hasOneUse())
    return Decision::forbid("the value has other readers");
  AffineMap readMap = reader.getMatchingIndexingMap(&operand);
  AffineMap producerMap = producer.getMatchingIndexingMap(
      producer.getDpsInitOperand(result.getResultNumber()));
  if (!readMap.isPermutation() || !producerMap.isPermutation())
    return Decision::forbid("the value is not read or written at every point "
                            "of the loops");
  recipe = {producer,
            result.getResultNumber(),
            inversePermutation(producerMap).compose(readMap),
            {}};

  Block &body = producer.getRegion().front();
  Value yielded = body.getTerminator()->getOperand(recipe.index);
  if (isOutputArgument(producer, yielded))
    return Decision::forbid("the value is an output the producer reads");
  SetVector<Operation *> slice;
  BackwardSliceOptions options;
  options.filter = [&](Operation *op) { return op->getBlock() == &body; };
  options.inclusive = true;
  if (Operation *def = yielded.getDefiningOp(); def && def->getBlock() == &body)
    (void)getBackwardSlice(def, &slice, options);
  for (Operation *op : slice) {
    // linalg.index would read the reader's loops, not the producer's.
    if (!isPure(op) || op->getNumRegions() != 0 || isa<linalg::IndexOp>(op))
      return Decision::forbid("the value needs an op with side effects, "
                              "regions or loop indices");
    if (llvm::any_of(op->getOperands(), [&](Value value) {
          return isOutputArgument(producer, value);
        }))
      return Decision::forbid("the value depends on the producer's outputs");
  }
  if (static_cast<int64_t>(slice.size()) > maxOps)
    return Decision::forbid("the value takes more than max-ops ops");
  recipe.ops.assign(slice.begin(), slice.end());

  // linalg tells the loops' sizes from the operands: every loop of the
  // reader must still index one (a row value broadcast along the row, read
  // from the producer's input, would leave the row loop unindexed).
  SmallVector<AffineMap> maps;
  for (OpOperand &other : reader->getOpOperands())
    if (&other != &operand || reader.isDpsInit(&other))
      maps.push_back(reader.getMatchingIndexingMap(&other));
  for (OpOperand *input : producer.getDpsInputOperands())
    maps.push_back(
        producer.getMatchingIndexingMap(input).compose(recipe.toProducer));
  for (unsigned loop = 0; loop < reader.getNumLoops(); ++loop)
    if (llvm::none_of(maps,
                      [&](AffineMap map) { return map.isFunctionOfDim(loop); }))
      return Decision::forbid("a loop of the reader would index no operand");
  return Decision::allow();
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
    std::string why = "reads no value";
    for (OpOperand &operand : reader->getOpOperands()) {
      Recipe recipe;
      Decision decision = planRecompute(reader, operand, maxOps, recipe);
      if (decision) {
        rewrite(rewriter, reader, operand, recipe);
        return success();
      }
      why = decision.reason().str();
    }
    return rewriter.notifyMatchFailure(reader, why);
  }

  /// Rewrite: `reader` with `operand` replaced by the recipe's computation
  /// on the producer's inputs.
  void rewrite(PatternRewriter &rewriter, linalg::GenericOp reader,
               OpOperand &operand, const Recipe &recipe) const {
    linalg::GenericOp producer = recipe.producer;
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
          producer.getMatchingIndexingMap(input).compose(recipe.toProducer));
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
