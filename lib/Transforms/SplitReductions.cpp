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

#include "FillValue.h"
#include "fuse/Transforms/Passes.h"

#include "fuse/Support/Decision.h"

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
using fuse::Decision;

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
  /// The loops of the split generic.
  unsigned numSplitLoops() const { return numLoops + numParts() - 1; }
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
      AffineMap::get(split.numSplitLoops(), 0, exprs, context);
  return result;
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

/// Splits the reduction loop of one generic in named steps: `analyze`
/// (legality: the combiners and the expanded operands), then `rewrite`:
/// the partial generic over the split loops, the generic combining its
/// partials, and the replacement of the op.
class ReductionSplitter {
public:
  ReductionSplitter(RewriterBase &rewriter, linalg::GenericOp op,
                    const LoopSplit &loopSplit, int64_t stackBytes)
      : rewriter(rewriter), op(op), loopSplit(loopSplit),
        stackBytes(stackBytes) {}

  /// Whether the op can be split: each init is reduced by one combiner
  /// with a neutral element or written (not read) at every point of the
  /// loops, at least one is reduced, the payload does not read the split
  /// loop's index, and every operand indexed by the split loop can be
  /// expanded.
  Decision analyze() {
    if (Decision matched = matchCombiners(); !matched)
      return matched;
    bool readsSplitIndex = false;
    op.getRegion().walk([&](linalg::IndexOp index) {
      readsSplitIndex |= index.getDim() == loopSplit.loop;
    });
    if (readsSplitIndex)
      return Decision::forbid("its payload reads the reduction loop's index");
    return expandOperands();
  }

  /// Replaces the op; only after `analyze` allowed it.
  void rewrite() {
    rewriter.setInsertionPoint(op);
    linalg::GenericOp partial = createPartialGeneric();
    linalg::GenericOp combine = createCombineGeneric(partial);
    replaceOp(partial, combine);
    eraseDeadFills();
  }

private:
  /// The combiner of each init, or null for an output indexed by the split
  /// loop that the payload writes and never reads.
  Decision matchCombiners() {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (map.isFunctionOfDim(loopSplit.loop)) {
        if (op.payloadUsesValueFromOperand(&init))
          return Decision::forbid(
              "an output along the reduction loop is read as well as written");
        combiners.push_back(nullptr);
        continue;
      }
      // The combining generic runs over the other loops, which this output
      // must all index.
      if (!map.isProjectedPermutation() ||
          map.getNumResults() + 1 != op.getNumLoops())
        return Decision::forbid(
            "a reduced output does not index every other loop once");
      SmallVector<Operation *> chain;
      unsigned index = init.getOperandNumber() - op.getNumDpsInputs();
      if (!matchReduction(op.getRegionOutputArgs(), index, chain) ||
          chain.size() != 1 || !arith::getNeutralElement(chain.front()))
        return Decision::forbid(
            "a combiner is not one op with a neutral element that linalg "
            "recognizes");
      combiners.push_back(chain.front());
    }
    if (llvm::all_of(combiners, [](Operation *op) { return !op; }))
      return Decision::forbid("no output is reduced");
    return Decision::allow();
  }

  /// The expansion of each input and written output, in operand order.
  Decision expandOperands() {
    for (OpOperand &operand : op->getOpOperands()) {
      unsigned index = operand.getOperandNumber();
      if (index >= op.getNumDpsInputs() &&
          combiners[index - op.getNumDpsInputs()])
        continue;
      FailureOr<SplitOperand> expansion = splitOperand(
          op.getMatchingIndexingMap(&operand),
          cast<RankedTensorType>(operand.get().getType()).getShape(),
          loopSplit);
      if (failed(expansion))
        return Decision::forbid(
            "an operand reads the reduction loop other than as one dimension");
      expanded.push_back(*expansion);
    }
    return Decision::allow();
  }

  /// The op over the split loops: inputs and written outputs expanded,
  /// reduced outputs accumulated into partials whose last dimensions are
  /// the parallel parts (so that lanes are contiguous).
  linalg::GenericOp createPartialGeneric() {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    const SplitOperand *nextExpanded = expanded.begin();
    SmallVector<AffineMap> maps;
    auto expand = [&](Value value) -> Value {
      const SplitOperand &operand = *nextExpanded++;
      maps.push_back(operand.map);
      if (operand.reassociation.empty())
        return value;
      auto type = cast<RankedTensorType>(value.getType());
      return tensor::ExpandShapeOp::create(rewriter, loc,
                                           type.clone(operand.shape), value,
                                           operand.reassociation);
    };
    SmallVector<Value> inputs = llvm::map_to_vector(op.getDpsInputs(), expand);
    SmallVector<Value> inits;
    for (auto [init, combiner] :
         llvm::zip_equal(op.getDpsInitsMutable(), combiners)) {
      if (!combiner) {
        writtenOutputs.push_back(nextExpanded);
        inits.push_back(expand(init.get()));
        continue;
      }
      auto type = cast<RankedTensorType>(init.get().getType());
      SmallVector<AffineExpr> exprs = llvm::map_to_vector(
          op.getMatchingIndexingMap(&init).getResults(), [&](AffineExpr expr) {
            return expr.replaceDims(loopSplit.renumbered(context));
          });
      SmallVector<int64_t> shape(type.getShape());
      for (unsigned loop : loopSplit.parallelLoops()) {
        exprs.push_back(getAffineDimExpr(loop, context));
        shape.push_back(loopSplit.sizes()[loop - loopSplit.loop]);
      }
      inits.push_back(
          createPartials(rewriter, op, type.clone(shape), stackBytes));
      maps.push_back(AffineMap::get(loopSplit.numSplitLoops(), 0, exprs, context));
    }

    SmallVector<utils::IteratorType> iterators = op.getIteratorTypesArray();
    SmallVector<utils::IteratorType> parts(loopSplit.numParts(),
                                           utils::IteratorType::parallel);
    parts[loopSplit.stepLoop() - loopSplit.loop] =
        utils::IteratorType::reduction;
    iterators.erase(iterators.begin() + loopSplit.loop);
    iterators.insert(iterators.begin() + loopSplit.loop, parts.begin(),
                     parts.end());

    SmallVector<Type> types =
        llvm::map_to_vector(inits, [](Value init) { return init.getType(); });
    return linalg::GenericOp::create(
        rewriter, loc, types, inputs, inits, maps, iterators,
        [&](OpBuilder &builder, Location bodyLoc, ValueRange args) {
          buildPartialBody(builder, bodyLoc, args);
        });
  }

  /// The original payload, each accumulator starting from its combiner's
  /// neutral element on the first step.
  void buildPartialBody(OpBuilder &builder, Location loc, ValueRange args) {
    Block &body = op.getRegion().front();
    IRMapping mapping;
    mapping.map(body.getArguments(), args);
    Value step = linalg::IndexOp::create(builder, loc, loopSplit.stepLoop());
    Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
    Value first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                        step, zero);
    for (auto [index, combiner] : llvm::enumerate(combiners)) {
      if (!combiner)
        continue;
      BlockArgument accumulator = op.getRegionOutputArgs()[index];
      Value neutral = arith::ConstantOp::create(
          builder, loc, *arith::getNeutralElement(combiner));
      mapping.map(accumulator,
                  arith::SelectOp::create(builder, loc, first, neutral,
                                          mapping.lookup(accumulator)));
    }
    for (Operation &nested : body) {
      Operation *clone = builder.clone(nested, mapping);
      if (auto index = dyn_cast<linalg::IndexOp>(clone);
          index && index.getDim() > loopSplit.loop)
        index.setDim(index.getDim() + loopSplit.numParts() - 1);
    }
  }

  /// The op reducing blocks and lanes of every partial into the original
  /// init, over the other loops. A filled init is not filled: the
  /// combination starts from the fill value on its first partial.
  linalg::GenericOp createCombineGeneric(linalg::GenericOp partial) {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    unsigned numOuter = loopSplit.numLoops - 1;
    unsigned numCombined = loopSplit.parallelLoops().size();
    // The split loop itself is in no reduced output's map.
    SmallVector<AffineExpr> lowered;
    for (unsigned dim = 0; dim < loopSplit.numLoops; ++dim)
      lowered.push_back(
          dim == loopSplit.loop
              ? getAffineConstantExpr(0, context)
              : getAffineDimExpr(dim < loopSplit.loop ? dim : dim - 1,
                                 context));
    SmallVector<Value> partials, originalInits, fillValues;
    SmallVector<AffineMap> inputMaps, outputMaps;
    SmallVector<unsigned> reducedIndices;
    for (auto [index, combiner] : llvm::enumerate(combiners)) {
      if (!combiner)
        continue;
      OpOperand &init = op.getDpsInitsMutable()[index];
      AffineMap outputMap =
          op.getMatchingIndexingMap(&init).replaceDimsAndSymbols(
              lowered, {}, numOuter + numCombined, 0);
      AffineMap inputMap = outputMap;
      for (unsigned part = 0; part < numCombined; ++part)
        inputMap =
            inputMap.insertResult(getAffineDimExpr(numOuter + part, context),
                                  inputMap.getNumResults());
      partials.push_back(partial.getResult(index));
      Value fillValue = fuse::getFilledValue(init.get());
      fillValues.push_back(fillValue);
      if (fillValue)
        fills.push_back(init.get().getDefiningOp());
      auto initType = cast<RankedTensorType>(init.get().getType());
      originalInits.push_back(
          fillValue
              ? tensor::EmptyOp::create(rewriter, loc, initType.getShape(),
                                        initType.getElementType())
              : init.get());
      inputMaps.push_back(inputMap);
      outputMaps.push_back(outputMap);
      reducedIndices.push_back(index);
    }
    SmallVector<utils::IteratorType> iterators(numOuter,
                                               utils::IteratorType::parallel);
    iterators.append(numCombined, utils::IteratorType::reduction);
    llvm::append_range(inputMaps, outputMaps);

    auto buildBody = [&](OpBuilder &builder, Location bodyLoc,
                         ValueRange args) {
      // True on the first block and lane, where a fill value starts.
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
      for (auto [position, index] : llvm::enumerate(reducedIndices)) {
        Operation *combiner = combiners[index];
        BlockArgument accumulator = op.getRegionOutputArgs()[index];
        Value start = args[partials.size() + position];
        if (Value fillValue = fillValues[position])
          start = arith::SelectOp::create(builder, bodyLoc, first, fillValue,
                                          start);
        IRMapping mapping;
        for (Value operand : combiner->getOperands())
          mapping.map(operand, operand == accumulator ? start : args[position]);
        combined.push_back(builder.clone(*combiner, mapping)->getResult(0));
      }
      linalg::YieldOp::create(builder, bodyLoc, combined);
    };
    SmallVector<Type> types = llvm::map_to_vector(
        originalInits, [](Value init) { return init.getType(); });
    return linalg::GenericOp::create(rewriter, loc, types, partials,
                                     originalInits, inputMaps, iterators,
                                     buildBody);
  }

  /// Reduced results come from the combining op; written ones from the
  /// partial op, collapsed back to their shape.
  void replaceOp(linalg::GenericOp partial, linalg::GenericOp combine) {
    SmallVector<Value> replacements;
    unsigned nextCombined = 0, nextWritten = 0;
    for (auto [index, combiner] : llvm::enumerate(combiners)) {
      if (combiner) {
        replacements.push_back(combine.getResult(nextCombined++));
        continue;
      }
      const SplitOperand &written = *writtenOutputs[nextWritten++];
      Value result = partial.getResult(index);
      if (!written.reassociation.empty())
        result = tensor::CollapseShapeOp::create(rewriter, op.getLoc(),
                                                 op.getResultTypes()[index],
                                                 result, written.reassociation);
      replacements.push_back(result);
    }
    rewriter.replaceOp(op, replacements);
  }

  /// Fills no longer read, and the empty tensors they filled.
  void eraseDeadFills() {
    for (Operation *fill : fills) {
      if (!fill->use_empty())
        continue;
      Value filled = cast<linalg::LinalgOp>(fill).getDpsInits().front();
      rewriter.eraseOp(fill);
      if (Operation *empty = filled.getDefiningOp<tensor::EmptyOp>();
          empty && empty->use_empty())
        rewriter.eraseOp(empty);
    }
  }

  RewriterBase &rewriter;
  linalg::GenericOp op;
  LoopSplit loopSplit;
  int64_t stackBytes;
  /// Per init: its combiner, or null for a written output.
  SmallVector<Operation *> combiners;
  /// Per input and written output, in operand order.
  SmallVector<SplitOperand> expanded;
  /// Per written output, its entry in `expanded`.
  SmallVector<const SplitOperand *> writtenOutputs;
  /// The fills of reduced inits, which the combination replaces.
  SmallVector<Operation *> fills;
};

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

/// The number of elements the reduction loops of `op` cover, or
/// ShapedType::kDynamic.
int64_t getReducedElements(linalg::LinalgOp op) {
  SmallVector<unsigned> dims;
  op.getReductionDims(dims);
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t elements = 1;
  for (unsigned dim : dims) {
    if (ShapedType::isDynamic(ranges[dim]))
      return ShapedType::kDynamic;
    elements *= ranges[dim];
  }
  return elements;
}

/// The op's reduction loops collapsed into one, when they are adjacent and
/// contiguous in every operand; the op itself when it has one.
FailureOr<linalg::GenericOp> collapseReductionLoops(RewriterBase &rewriter,
                                                    linalg::GenericOp op) {
  SmallVector<unsigned> dims;
  op.getReductionDims(dims);
  if (dims.size() == 1)
    return op;
  ReassociationIndices group(dims.begin(), dims.end());
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(op, {group}, rewriter);
  if (failed(collapsed))
    return failure();
  rewriter.replaceOp(op, collapsed->results);
  return cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
}

/// Whether the reduction loops of `op` can become one.
Decision canCollapseReductionLoops(linalg::LinalgOp op) {
  SmallVector<unsigned> dims;
  op.getReductionDims(dims);
  for (auto [position, dim] : llvm::enumerate(dims))
    if (dim != dims.front() + position)
      return Decision::forbid("its reduction loops are not adjacent");
  if (dims.size() == 1)
    return Decision::allow();
  // areDimSequencesPreserved is only defined on projected permutations.
  if (!llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap map) { return map.isProjectedPermutation(); }))
    return Decision::forbid(
        "an operand is indexed other than by a permutation of loops");
  ReassociationIndices group(dims.begin(), dims.end());
  if (!linalg::areDimSequencesPreserved(op.getIndexingMapsArray(), {group}))
    return Decision::forbid(
        "its reduction loops are not contiguous in every operand");
  return Decision::allow();
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
    for (linalg::LinalgOp op : reductions) {
      Location loc = op.getLoc();
      Decision split = splitReduction(rewriter, op);
      if (!split && explain)
        emitRemark(loc, "reduction kept in order: ") << split.reason();
    }
  }

  /// The blocks, steps and lanes of a reduction over `elements`, by the
  /// pass's options.
  Decision planLoopSplit(int64_t elements, int64_t &blockRatio,
                         int64_t &laneRatio) const {
    if (ShapedType::isDynamic(elements))
      return Decision::forbid("its size is dynamic");
    if (elements < minSize)
      return Decision::forbid("it covers fewer than min-size (" +
                              Twine(minSize) + ") elements");
    laneRatio = powerOfTwoDivisor(elements, lanes);
    // Each block should still run at least 64 steps of its lanes.
    blockRatio = powerOfTwoDivisor(
        elements / laneRatio,
        std::min<int64_t>(blocks, elements / (laneRatio * 64)));
    if (laneRatio == 1 && blockRatio == 1)
      return Decision::forbid("no power of two above 1 divides its size " +
                              Twine(elements));
    return Decision::allow();
  }

  /// Splits `op` in steps: the plan, generalizing a named op, collapsing
  /// the reduction loops, then the ReductionSplitter.
  Decision splitReduction(RewriterBase &rewriter, linalg::LinalgOp op) {
    int64_t blockRatio, laneRatio;
    int64_t elements = getReducedElements(op);
    if (Decision plan = planLoopSplit(elements, blockRatio, laneRatio); !plan)
      return plan;
    if (Decision collapsible = canCollapseReductionLoops(op); !collapsible)
      return collapsible;

    rewriter.setInsertionPoint(op);
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return Decision::forbid("it cannot be generalized");
      generic = *generalized;
    }
    FailureOr<linalg::GenericOp> single =
        collapseReductionLoops(rewriter, generic);
    if (failed(single))
      return Decision::forbid("its reduction loops cannot be collapsed");
    SmallVector<unsigned> reductionLoops;
    single->getReductionDims(reductionLoops);
    LoopSplit loopSplit{reductionLoops.front(), single->getNumLoops(),
                        blockRatio, elements / (blockRatio * laneRatio),
                        laneRatio};
    ReductionSplitter splitter(rewriter, *single, loopSplit, stackBytes);
    if (Decision legal = splitter.analyze(); !legal)
      return legal;
    splitter.rewrite();
    return Decision::allow();
  }
};

} // namespace
