//===- SplitReductions.cpp - blocked, lane-parallel reductions ------------===//
//
// The single reduction loop of a generic (adjacent ones are collapsed first)
// becomes three: blocks (parallel), steps (reduction) and lanes (parallel,
// innermost). Each reduced output accumulates into partial results that have
// the blocks and lanes as their last dimensions and that start from the
// combiner's neutral element on the first step, so no loop nest fills them
// beforehand. Outputs written at every point of the loops (a softmax's
// exp(x - max) kept beside its sum) are written through expanded views. One
// generic then reduces blocks and lanes of every partial into the original
// init; for a full reduction that is a short sequential loop.
//
// Reductions inside loops are tiles of a fused loop nest: their partials
// would be buffers allocated on every iteration. They keep their loop, and
// their float combiners may be reassociated, which lets LLVM vectorize them
// with partial results in registers.
//
//===----------------------------------------------------------------------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace fuse {
#define GEN_PASS_DEF_SPLITREDUCTIONSPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The largest power of two that divides `size` and is at most `limit`.
int64_t powerOfTwoDivisor(int64_t size, int64_t limit) {
  int64_t ratio = 1;
  while (ratio * 2 <= limit && size % (ratio * 2) == 0)
    ratio *= 2;
  return ratio;
}

/// The loops that replace the reduction loop `loop` of a generic with
/// `numLoops` loops: blocks (when more than one), steps, lanes (when more
/// than one).
struct LoopSplit {
  unsigned loop;
  unsigned numLoops;
  int64_t blocks, steps, lanes;

  SmallVector<int64_t> sizes() const {
    SmallVector<int64_t> parts;
    if (blocks > 1)
      parts.push_back(blocks);
    parts.push_back(steps);
    if (lanes > 1)
      parts.push_back(lanes);
    return parts;
  }
  unsigned numParts() const { return sizes().size(); }
  unsigned stepLoop() const { return loop + (blocks > 1 ? 1 : 0); }
  /// The new loops of the parallel parts: blocks and lanes.
  SmallVector<unsigned> parallelLoops() const {
    SmallVector<unsigned> loops;
    if (blocks > 1)
      loops.push_back(loop);
    if (lanes > 1)
      loops.push_back(stepLoop() + 1);
    return loops;
  }
  /// The original loops as loops of the split generic.
  SmallVector<AffineExpr> renumbered(MLIRContext *context) const {
    SmallVector<AffineExpr> dims;
    for (unsigned dim = 0; dim < numLoops; ++dim)
      dims.push_back(
          getAffineDimExpr(dim <= loop ? dim : dim + numParts() - 1, context));
    return dims;
  }
};

/// An operand of the split generic: its indexing map, and how its value is
/// expanded from the original one (no reassociation: used as it is).
struct SplitOperand {
  AffineMap map;
  SmallVector<ReassociationIndices> reassociation;
  SmallVector<int64_t> shape;
};

/// `map` over the split loops, expanding the dimension indexed by the split
/// loop into its parts. Fails when that loop appears other than as one
/// plain result.
FailureOr<SplitOperand> splitOperand(AffineMap map, ArrayRef<int64_t> shape,
                                     const LoopSplit &split) {
  MLIRContext *context = map.getContext();
  SmallVector<AffineExpr> renumbered = split.renumbered(context);
  SplitOperand result;
  SmallVector<AffineExpr> exprs;
  for (auto [position, expr] : llvm::enumerate(map.getResults())) {
    unsigned first = exprs.size();
    if (expr == getAffineDimExpr(split.loop, context)) {
      for (auto [part, size] : llvm::enumerate(split.sizes())) {
        exprs.push_back(getAffineDimExpr(split.loop + part, context));
        result.shape.push_back(size);
      }
    } else if (expr.isFunctionOfDim(split.loop)) {
      return failure();
    } else {
      exprs.push_back(expr.replaceDims(renumbered));
      result.shape.push_back(shape[position]);
    }
    result.reassociation.push_back(
        llvm::to_vector(llvm::seq<int64_t>(first, exprs.size())));
  }
  if (result.shape == shape)
    result.reassociation.clear();
  result.map =
      AffineMap::get(split.numLoops + split.numParts() - 1, 0, exprs, context);
  return result;
}

/// The combiner of each init of `op` when `loop` is split, or null for an
/// output indexed by `loop` that the payload writes and never reads. Fails
/// for any other init, and when no init is reduced.
FailureOr<SmallVector<Operation *>> matchCombiners(linalg::GenericOp op,
                                                   unsigned loop) {
  SmallVector<Operation *> combiners;
  for (OpOperand &init : op.getDpsInitsMutable()) {
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (map.isFunctionOfDim(loop)) {
      if (op.payloadUsesValueFromOperand(&init))
        return failure();
      combiners.push_back(nullptr);
      continue;
    }
    // The combining generic runs over the other loops, which this output
    // must all index.
    if (!map.isProjectedPermutation() ||
        map.getNumResults() + 1 != op.getNumLoops())
      return failure();
    SmallVector<Operation *> chain;
    unsigned index = init.getOperandNumber() - op.getNumDpsInputs();
    if (!matchReduction(op.getRegionOutputArgs(), index, chain) ||
        chain.size() != 1 || !arith::getNeutralElement(chain.front()))
      return failure();
    combiners.push_back(chain.front());
  }
  if (llvm::all_of(combiners, [](Operation *op) { return !op; }))
    return failure();
  return combiners;
}

/// A tensor of `type` for partial results of `op`. One of at most
/// `stackBytes` is a stack array allocated at the function's entry (never in
/// a loop) that bufferization writes in place, so that a full reduction
/// allocates nothing on the heap; a larger one becomes a heap buffer.
Value createPartials(OpBuilder &builder, Operation *op, RankedTensorType type,
                     int64_t stackBytes) {
  Location loc = op->getLoc();
  auto function = op->getParentOfType<FunctionOpInterface>();
  int64_t bytes = type.getNumElements() *
                  llvm::divideCeil(type.getElementTypeBitWidth(), 8);
  if (!function || bytes > stackBytes)
    return tensor::EmptyOp::create(builder, loc, type.getShape(),
                                   type.getElementType());
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&function.getFunctionBody().front());
    buffer = memref::AllocaOp::create(
        builder, loc, MemRefType::get(type.getShape(), type.getElementType()));
  }
  return bufferization::ToTensorOp::create(builder, loc, type, buffer,
                                           /*restrict=*/true,
                                           /*writable=*/true);
}

/// The scalar `init` is filled with, when a fill (named or generalized)
/// computes it; null otherwise.
Value filledValue(Value init) {
  if (auto fill = init.getDefiningOp<linalg::FillOp>())
    return fill.value();
  auto generic = init.getDefiningOp<linalg::GenericOp>();
  if (!generic || generic->getNumResults() != 1 ||
      generic.getNumParallelLoops() != generic.getNumLoops() ||
      llvm::any_of(generic.getDpsInputs(), [](Value input) {
        return isa<ShapedType>(input.getType());
      }))
    return nullptr;
  Block &body = generic.getRegion().front();
  if (body.getOperations().size() != 1)
    return nullptr;
  Value yielded = body.getTerminator()->getOperand(0);
  if (auto argument = dyn_cast<BlockArgument>(yielded))
    return argument.getOwner() == &body &&
                   argument.getArgNumber() < generic.getNumDpsInputs()
               ? generic.getDpsInputs()[argument.getArgNumber()]
               : Value();
  return generic.getRegion().isAncestor(yielded.getParentRegion()) ? Value()
                                                                   : yielded;
}

/// Rewrites `op` as a partial generic over the split loops and one generic
/// combining its partials, as the file comment describes.
LogicalResult splitReduction(RewriterBase &rewriter, linalg::GenericOp op,
                             const LoopSplit &loopSplit, int64_t stackBytes) {
  FailureOr<SmallVector<Operation *>> combiners =
      matchCombiners(op, loopSplit.loop);
  if (failed(combiners))
    return failure();
  bool readsSplitIndex = false;
  op.getRegion().walk([&](linalg::IndexOp index) {
    readsSplitIndex |= index.getDim() == loopSplit.loop;
  });
  if (readsSplitIndex)
    return failure();

  // Inputs and written outputs are expanded.
  SmallVector<SplitOperand> expanded;
  for (OpOperand &operand : op->getOpOperands()) {
    unsigned index = operand.getOperandNumber();
    if (index >= op.getNumDpsInputs() &&
        (*combiners)[index - op.getNumDpsInputs()])
      continue;
    FailureOr<SplitOperand> expansion = splitOperand(
        op.getMatchingIndexingMap(&operand),
        cast<RankedTensorType>(operand.get().getType()).getShape(), loopSplit);
    if (failed(expansion))
      return failure();
    expanded.push_back(*expansion);
  }

  Location loc = op.getLoc();
  MLIRContext *context = op.getContext();
  rewriter.setInsertionPoint(op);
  const SplitOperand *nextExpanded = expanded.begin();
  SmallVector<AffineMap> maps;
  auto expand = [&](Value value) -> Value {
    const SplitOperand &operand = *nextExpanded++;
    maps.push_back(operand.map);
    if (operand.reassociation.empty())
      return value;
    auto type = cast<RankedTensorType>(value.getType());
    return tensor::ExpandShapeOp::create(
        rewriter, loc, type.clone(operand.shape), value, operand.reassociation);
  };
  SmallVector<Value> inputs = llvm::map_to_vector(op.getDpsInputs(), expand);
  // Reduced outputs get partials with the parallel parts as their last
  // dimensions, so that lanes are contiguous.
  SmallVector<Value> inits;
  SmallVector<const SplitOperand *> writtenOutputs;
  for (auto [init, combiner] :
       llvm::zip_equal(op.getDpsInitsMutable(), *combiners)) {
    auto type = cast<RankedTensorType>(init.get().getType());
    AffineMap map = op.getMatchingIndexingMap(&init);
    if (!combiner) {
      writtenOutputs.push_back(nextExpanded);
      inits.push_back(expand(init.get()));
      continue;
    }
    SmallVector<AffineExpr> exprs =
        llvm::map_to_vector(map.getResults(), [&](AffineExpr expr) {
          return expr.replaceDims(loopSplit.renumbered(context));
        });
    SmallVector<int64_t> shape(type.getShape());
    for (unsigned loop : loopSplit.parallelLoops()) {
      exprs.push_back(getAffineDimExpr(loop, context));
      shape.push_back(loopSplit.sizes()[loop - loopSplit.loop]);
    }
    inits.push_back(
        createPartials(rewriter, op, type.clone(shape), stackBytes));
    maps.push_back(AffineMap::get(loopSplit.numLoops + loopSplit.numParts() - 1,
                                  0, exprs, context));
  }

  SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
  SmallVector<utils::IteratorType> parts(loopSplit.numParts(),
                                         utils::IteratorType::parallel);
  parts[loopSplit.stepLoop() - loopSplit.loop] = utils::IteratorType::reduction;
  iterators.erase(iterators.begin() + loopSplit.loop);
  iterators.insert(iterators.begin() + loopSplit.loop, parts.begin(),
                   parts.end());

  Block &body = op.getRegion().front();
  auto buildPartialBody = [&](OpBuilder &builder, Location bodyLoc,
                              ValueRange args) {
    IRMapping mapping;
    mapping.map(body.getArguments(), args);
    // Each partial starts from the neutral element on the first step.
    Value step =
        linalg::IndexOp::create(builder, bodyLoc, loopSplit.stepLoop());
    Value zero = arith::ConstantIndexOp::create(builder, bodyLoc, 0);
    Value first = arith::CmpIOp::create(builder, bodyLoc,
                                        arith::CmpIPredicate::eq, step, zero);
    for (auto [index, combiner] : llvm::enumerate(*combiners)) {
      if (!combiner)
        continue;
      BlockArgument accumulator = op.getRegionOutputArgs()[index];
      Value neutral = arith::ConstantOp::create(
          builder, bodyLoc, *arith::getNeutralElement(combiner));
      mapping.map(accumulator,
                  arith::SelectOp::create(builder, bodyLoc, first, neutral,
                                          mapping.lookup(accumulator)));
    }
    for (Operation &nested : body) {
      Operation *clone = builder.clone(nested, mapping);
      if (auto index = dyn_cast<linalg::IndexOp>(clone);
          index && index.getDim() > loopSplit.loop)
        index.setDim(index.getDim() + loopSplit.numParts() - 1);
    }
  };
  SmallVector<Type> partialTypes =
      llvm::map_to_vector(inits, [](Value init) { return init.getType(); });
  auto partial =
      linalg::GenericOp::create(rewriter, loc, partialTypes, inputs, inits,
                                maps, iterators, buildPartialBody);

  // The combining generic: the other loops, then blocks and lanes reduced.
  unsigned numOuter = loopSplit.numLoops - 1;
  // The split loop itself is in no reduced output's map.
  SmallVector<AffineExpr> lowered;
  for (unsigned dim = 0; dim < loopSplit.numLoops; ++dim)
    lowered.push_back(
        dim == loopSplit.loop
            ? getAffineConstantExpr(0, context)
            : getAffineDimExpr(dim < loopSplit.loop ? dim : dim - 1, context));
  unsigned numCombined = loopSplit.parallelLoops().size();
  SmallVector<Value> partials, originalInits, fillValues;
  SmallVector<Operation *> fills;
  SmallVector<AffineMap> inputMaps, outputMaps;
  SmallVector<Operation *> reducedCombiners;
  SmallVector<unsigned> reducedIndices;
  for (auto [index, combiner] : llvm::enumerate(*combiners)) {
    if (!combiner)
      continue;
    OpOperand &init = op.getDpsInitsMutable()[index];
    AffineMap outputMap =
        op.getMatchingIndexingMap(&init).replaceDimsAndSymbols(
            lowered, {}, numOuter + numCombined, 0);
    AffineMap inputMap = outputMap;
    for (unsigned part = 0; part < numCombined; ++part)
      inputMap = inputMap.insertResult(
          getAffineDimExpr(numOuter + part, context), inputMap.getNumResults());
    partials.push_back(partial.getResult(index));
    // A filled init is not filled: the combination starts from its value.
    Value fillValue = filledValue(init.get());
    fillValues.push_back(fillValue);
    if (fillValue)
      fills.push_back(init.get().getDefiningOp());
    originalInits.push_back(
        fillValue ? tensor::EmptyOp::create(
                        rewriter, loc,
                        cast<RankedTensorType>(init.get().getType()).getShape(),
                        getElementTypeOrSelf(init.get().getType()))
                  : init.get());
    inputMaps.push_back(inputMap);
    outputMaps.push_back(outputMap);
    reducedCombiners.push_back(combiner);
    reducedIndices.push_back(index);
  }
  SmallVector<utils::IteratorType> combineIterators(
      numOuter, utils::IteratorType::parallel);
  combineIterators.append(numCombined, utils::IteratorType::reduction);
  llvm::append_range(inputMaps, outputMaps);
  auto buildCombineBody = [&](OpBuilder &builder, Location bodyLoc,
                              ValueRange args) {
    Value first;
    if (llvm::any_of(fillValues, [](Value value) { return value; })) {
      Value zero = arith::ConstantIndexOp::create(builder, bodyLoc, 0);
      for (unsigned part = 0; part < numCombined; ++part) {
        Value index =
            linalg::IndexOp::create(builder, bodyLoc, numOuter + part);
        Value isZero = arith::CmpIOp::create(
            builder, bodyLoc, arith::CmpIPredicate::eq, index, zero);
        first = first ? arith::AndIOp::create(builder, bodyLoc, first, isZero)
                      : isZero;
      }
    }
    SmallVector<Value> combined;
    for (auto [position, combiner] : llvm::enumerate(reducedCombiners)) {
      BlockArgument accumulator =
          op.getRegionOutputArgs()[reducedIndices[position]];
      Value start = args[partials.size() + position];
      if (Value fillValue = fillValues[position])
        start =
            arith::SelectOp::create(builder, bodyLoc, first, fillValue, start);
      IRMapping mapping;
      for (Value operand : combiner->getOperands())
        mapping.map(operand, operand == accumulator ? start : args[position]);
      combined.push_back(builder.clone(*combiner, mapping)->getResult(0));
    }
    linalg::YieldOp::create(builder, bodyLoc, combined);
  };
  SmallVector<Type> combinedTypes = llvm::map_to_vector(
      originalInits, [](Value init) { return init.getType(); });
  auto combine = linalg::GenericOp::create(rewriter, loc, combinedTypes,
                                           partials, originalInits, inputMaps,
                                           combineIterators, buildCombineBody);

  SmallVector<Value> replacements;
  unsigned nextCombined = 0, nextWritten = 0;
  for (auto [index, combiner] : llvm::enumerate(*combiners)) {
    if (combiner) {
      replacements.push_back(combine.getResult(nextCombined++));
      continue;
    }
    const SplitOperand &written = *writtenOutputs[nextWritten++];
    Value result = partial.getResult(index);
    if (!written.reassociation.empty())
      result = tensor::CollapseShapeOp::create(rewriter, loc,
                                               op.getResultTypes()[index],
                                               result, written.reassociation);
    replacements.push_back(result);
  }
  rewriter.replaceOp(op, replacements);
  // Fills no longer read, and the empty tensors they filled.
  for (Operation *fill : fills) {
    if (!fill->use_empty())
      continue;
    Value filled = cast<linalg::LinalgOp>(fill).getDpsInits().front();
    rewriter.eraseOp(fill);
    if (Operation *empty = filled.getDefiningOp<tensor::EmptyOp>();
        empty && empty->use_empty())
      rewriter.eraseOp(empty);
  }
  return success();
}

/// Lets the code generator reorder the float combiners of `op`, a reduction
/// that keeps its loop: HLO leaves the order of a reduction unspecified,
/// and LLVM then keeps vector partial results of each row in registers, the
/// lanes of a split reduction without their buffer.
void allowReassociation(linalg::LinalgOp op) {
  for (unsigned index = 0; index < op.getNumDpsInits(); ++index) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), index, combiners))
      continue;
    for (Operation *combiner : combiners) {
      auto fastMath = dyn_cast<arith::ArithFastMathInterface>(combiner);
      if (!fastMath)
        continue;
      arith::FastMathFlags flags = fastMath.getFastMathFlagsAttr().getValue() |
                                   arith::FastMathFlags::reassoc;
      combiner->setAttr(
          fastMath.getFastMathAttrName(),
          arith::FastMathFlagsAttr::get(combiner->getContext(), flags));
    }
  }
}

struct SplitReductionsPass
    : fuse::impl::SplitReductionsPassBase<SplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reductions;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp, linalg::ReduceOp>(op) ||
          !op.hasPureTensorSemantics() || op.getNumReductionLoops() == 0)
        return;
      if (op->getParentOfType<LoopLikeOpInterface>())
        allowReassociation(op);
      else
        reductions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : reductions)
      split(rewriter, op);
  }

  /// The reduction's only reduction loop after collapsing adjacent ones, or
  /// null when they are not adjacent and contiguous in every operand.
  FailureOr<linalg::GenericOp> collapseReductionLoops(RewriterBase &rewriter,
                                                      linalg::GenericOp op) {
    SmallVector<unsigned> dims;
    op.getReductionDims(dims);
    if (dims.size() == 1)
      return op;
    for (auto [position, dim] : llvm::enumerate(dims))
      if (dim != dims.front() + position)
        return failure();
    ReassociationIndices group(dims.begin(), dims.end());
    if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), {group}))
      return failure();
    FailureOr<linalg::CollapseResult> collapsed =
        linalg::collapseOpIterationDims(op, {group}, rewriter);
    if (failed(collapsed))
      return failure();
    rewriter.replaceOp(op, collapsed->results);
    return cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
  }

  void split(RewriterBase &rewriter, linalg::LinalgOp op) {
    int64_t elements = 1;
    SmallVector<unsigned> dims;
    op.getReductionDims(dims);
    SmallVector<int64_t> ranges = op.getStaticLoopRanges();
    for (unsigned dim : dims)
      elements = ShapedType::isDynamic(ranges[dim]) ? ShapedType::kDynamic
                                                    : elements * ranges[dim];
    if (ShapedType::isDynamic(elements) || elements < minSize)
      return;
    int64_t laneRatio = powerOfTwoDivisor(elements, lanes);
    // Each block should still run at least 64 steps of its lanes.
    int64_t blockRatio = powerOfTwoDivisor(
        elements / laneRatio,
        std::min<int64_t>(blocks, elements / (laneRatio * 64)));
    if (laneRatio == 1 && blockRatio == 1)
      return;

    rewriter.setInsertionPoint(op);
    linalg::GenericOp generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return;
      generic = *generalized;
    }
    FailureOr<linalg::GenericOp> single =
        collapseReductionLoops(rewriter, generic);
    if (failed(single))
      return;
    SmallVector<unsigned> reductionLoops;
    single->getReductionDims(reductionLoops);
    LoopSplit loopSplit{reductionLoops.front(), single->getNumLoops(),
                        blockRatio, elements / (blockRatio * laneRatio),
                        laneRatio};
    (void)splitReduction(rewriter, *single, loopSplit, stackBytes);
  }
};

} // namespace
