//===- SplitReductions.cpp - leaves of blocks and lanes, combined pairwise ===//
//
// The longest reduction loop of a generic (adjacent ones are collapsed
// first where they can be; the others run inside each leaf) becomes three:
// blocks (parallel), steps (reduction) and lanes (parallel, innermost, only
// when the loop is). Each reduced output accumulates into partial results
// that hold the blocks and lanes where the loop was among its dimensions,
// and that start from the combiner's neutral element: on the first step, or
// from a fill where the first step comes more than once (other reduction
// loops) or inside loops. Float adds and multiplies take at most leaf-steps
// steps per lane; f16 and bf16 ones accumulate in f32. Outputs written at
// every point of the loops (a softmax's exp(x - max) kept beside its sum)
// are written through expanded views. The partials of every output are then
// combined pairwise, up to four levels per generic, the last generic into
// the init.
//
// Reductions inside loops are tiles of a fused loop nest: their float
// combiners may be reassociated, which lets LLVM vectorize them with
// partial results in registers, and only those that a leaf cannot hold are
// split, into blocks whose partials are allocated per iteration.
//
//===----------------------------------------------------------------------===//

#include "FillValue.h"
#include "SelectionCombiner.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "fuse/Codegen/Common/Accumulation.h"

#include "fuse/Support/Decision.h"

#include "mlir/Analysis/SliceAnalysis.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace fuse {
#define GEN_PASS_DEF_SPLITREDUCTIONSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using fuse::combineWidened;
using fuse::Decision;
using fuse::getAccumulationNeutral;
using fuse::getAccumulationType;
using fuse::isRoundingCombiner;

namespace {

/// The largest power of two that divides `size` and is at most `limit`.
int64_t powerOfTwoDivisor(int64_t size, int64_t limit) {
  int64_t ratio = 1;
  while (ratio * 2 <= limit && size % (ratio * 2) == 0)
    ratio *= 2;
  return ratio;
}

/// The largest divisor of `size` that is at most `limit`, or, when that is
/// below an eighth of `limit` (a size with few divisors), the smallest one
/// above it.
int64_t leafDivisor(int64_t size, int64_t limit) {
  int64_t below = 1, above = size;
  for (int64_t divisor = 1; divisor * divisor <= size; ++divisor) {
    if (size % divisor != 0)
      continue;
    for (int64_t candidate : {divisor, size / divisor}) {
      if (candidate <= limit)
        below = std::max(below, candidate);
      else
        above = std::min(above, candidate);
    }
  }
  return below * 8 >= limit ? below : above;
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
  result.map = AffineMap::get(split.numSplitLoops(), 0, exprs, context);
  return result;
}

/// A tensor of `sizes` and `elementType` for partial results of `op`.
/// Outside loops, a static one of at most `stackBytes` is a stack array
/// allocated at the function's entry that bufferization writes in place, so
/// that a full reduction allocates nothing on the heap. Inside a loop every
/// iteration (on any thread) needs its own, so it is an empty tensor there,
/// as is a larger one.
Value createPartials(OpBuilder &builder, Operation *op,
                     ArrayRef<OpFoldResult> sizes, Type elementType,
                     int64_t stackBytes) {
  Location loc = op->getLoc();
  auto function = op->getParentOfType<FunctionOpInterface>();
  std::optional<SmallVector<int64_t>> shape = getConstantIntValues(sizes);
  if (!function || !shape || op->getParentOfType<LoopLikeOpInterface>() ||
      ShapedType::getNumElements(*shape) *
              llvm::divideCeil(elementType.getIntOrFloatBitWidth(), 8) >
          stackBytes)
    return tensor::EmptyOp::create(builder, loc, sizes, elementType);
  Value buffer;
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(&function.getFunctionBody().front());
    buffer = memref::AllocaOp::create(builder, loc,
                                      MemRefType::get(*shape, elementType));
  }
  return bufferization::ToTensorOp::create(
      builder, loc, RankedTensorType::get(*shape, elementType), buffer,
      /*restrict=*/true, /*writable=*/true);
}

/// `combiner`, a clone of the reduction's combining op whose accumulator
/// operand is `accumulator`, applied to `start` (in the accumulator's
/// place) and `value` in the wider of their types (f16 and bf16 partials
/// are f32), its result converted to `resultType`.
Value combine(OpBuilder &builder, Operation *combiner, Value accumulator,
              Value start, Value value, Type resultType) {
  Value result = combineWidened(builder, combiner, accumulator, start, value);
  if (result.getType() != resultType)
    result = arith::TruncFOp::create(builder, combiner->getLoc(), resultType,
                                     result);
  return result;
}

/// A generic of parallel loops over `init`'s shape, identity maps, that
/// combines two values at each point into `init`, the first as the
/// accumulator: the elements of `lhs` and `rhs`; or, with no `rhs`, the
/// scalar `start` (when given, and `init` is then only written) or else
/// `init`'s element, with `lhs`'s.
Value combineElementwise(OpBuilder &builder, Location loc, Operation *combiner,
                         Value accumulator, Value lhs, Value rhs, Value init,
                         Value start = nullptr) {
  auto type = cast<RankedTensorType>(init.getType());
  SmallVector<Value> inputs = {lhs};
  if (rhs)
    inputs.push_back(rhs);
  SmallVector<AffineMap> maps(inputs.size() + 1,
                              builder.getMultiDimIdentityMap(type.getRank()));
  SmallVector<utils::IteratorType> iterators(type.getRank(),
                                             utils::IteratorType::parallel);
  auto generic = linalg::GenericOp::create(
      builder, loc, TypeRange{type}, inputs, init, maps, iterators,
      [&](OpBuilder &nested, Location bodyLoc, ValueRange args) {
        Value first = rhs ? args[0] : (start ? start : args[1]);
        Value second = rhs ? args[1] : args[0];
        linalg::YieldOp::create(nested, bodyLoc,
                                combine(nested, combiner, accumulator, first,
                                        second, args.back().getType()));
      });
  return generic.getResult(0);
}

/// Halving levels one generic combines at most: 16 partials a point. Each
/// level had been a loop nest of its own, so 128 leaves took seven, and the
/// combining levels were half of a ResNet step's generics.
constexpr unsigned kMaxLevelsPerCombine = 4;

/// What `levels` halving levels make of element `first` of a group of
/// `inputs.size()` (2^levels) tensors of the same shape: at each level the
/// element combines the one `inputs.size() >> level` further on, the lower
/// as the accumulator.
Value combineLevels(OpBuilder &builder, Operation *combiner, Value accumulator,
                    ValueRange inputs, int64_t first, unsigned levels,
                    Type resultType) {
  if (levels == 0)
    return inputs[first];
  int64_t partner = first + (static_cast<int64_t>(inputs.size()) >> levels);
  Value lower = combineLevels(builder, combiner, accumulator, inputs, first,
                              levels - 1, resultType);
  Value upper = combineLevels(builder, combiner, accumulator, inputs, partner,
                              levels - 1, resultType);
  return combine(builder, combiner, accumulator, lower, upper, resultType);
}

/// The partials along dimension `dim` of `partials` combined pairwise into
/// `init`: while n > 1 are left, the next level holds ceil(n / 2), element i
/// combining partials i and i + ceil(n / 2) (the middle one alone when n is
/// odd), so each result is a balanced tree of the partials; the last one is
/// combined with `init`'s element, or with `start` when given (`init` is
/// then only written), as the accumulator. Levels that halve evenly are
/// combined up to kMaxLevelsPerCombine at a time, in one generic that reads
/// the 2^levels slices of the partials, and the last such generic writes
/// `init`; an odd level takes a generic of its own. Each generic reads the
/// last and writes a new tensor, which bufferizes without copies.
Value combinePairwise(OpBuilder &builder, Location loc, Value partials,
                      unsigned dim, Operation *combiner, Value accumulator,
                      Value init, Value start) {
  auto type = cast<RankedTensorType>(partials.getType());
  int64_t rank = type.getRank();
  SmallVector<OpFoldResult> zeros(rank, builder.getIndexAttr(0));
  SmallVector<OpFoldResult> ones(rank, builder.getIndexAttr(1));
  SmallVector<OpFoldResult> sizes =
      tensor::getMixedSizes(builder, loc, partials);
  auto slice = [&](Value source, int64_t offset, int64_t size) -> Value {
    SmallVector<OpFoldResult> offsets = zeros, sliceSizes = sizes;
    offsets[dim] = builder.getIndexAttr(offset);
    sliceSizes[dim] = builder.getIndexAttr(size);
    return tensor::ExtractSliceOp::create(builder, loc, source, offsets,
                                          sliceSizes, ones);
  };
  auto insert = [&](Value source, Value into, int64_t offset) -> Value {
    SmallVector<OpFoldResult> offsets = zeros;
    offsets[dim] = builder.getIndexAttr(offset);
    return tensor::InsertSliceOp::create(
        builder, loc, source, into, offsets,
        tensor::getMixedSizes(builder, loc, source), ones);
  };
  Type partialType = type.getElementType();
  // The last group reads rows without `dim`, at `init`'s points.
  SmallVector<int64_t> rowShape(type.getShape());
  rowShape.erase(rowShape.begin() + dim);
  auto rowType = RankedTensorType::get(rowShape, partialType);
  auto row = [&](Value source, int64_t offset) -> Value {
    SmallVector<OpFoldResult> offsets = zeros, rowSizes = sizes;
    offsets[dim] = builder.getIndexAttr(offset);
    rowSizes[dim] = builder.getIndexAttr(1);
    return tensor::ExtractSliceOp::create(builder, loc, rowType, source,
                                          offsets, rowSizes, ones);
  };
  for (int64_t count = type.getDimSize(dim);;) {
    unsigned levels = std::min<unsigned>(llvm::countr_zero<uint64_t>(count),
                                         kMaxLevelsPerCombine);
    if (levels == 0 && count > 1) {
      int64_t half = llvm::divideCeil(count, 2), pairs = count - half;
      sizes[dim] = builder.getIndexAttr(half);
      Value next = tensor::EmptyOp::create(builder, loc, sizes, partialType);
      Value combined = combineElementwise(
          builder, loc, combiner, accumulator, slice(partials, 0, pairs),
          slice(partials, half, pairs), slice(next, 0, pairs));
      next = insert(combined, next, 0);
      partials = insert(slice(partials, pairs, 1), next, pairs);
      count = half;
      continue;
    }
    int64_t group = int64_t{1} << levels, left = count >> levels;
    bool last = left == 1;
    SmallVector<Value> inputs;
    for (int64_t index = 0; index < group; ++index)
      inputs.push_back(last ? row(partials, index)
                            : slice(partials, index * left, left));
    sizes[dim] = builder.getIndexAttr(left);
    Value into = last
                     ? init
                     : tensor::EmptyOp::create(builder, loc, sizes, partialType)
                           .getResult();
    int64_t loops = cast<RankedTensorType>(into.getType()).getRank();
    SmallVector<AffineMap> maps(group + 1,
                                builder.getMultiDimIdentityMap(loops));
    SmallVector<utils::IteratorType> iterators(loops,
                                               utils::IteratorType::parallel);
    auto generic = linalg::GenericOp::create(
        builder, loc, TypeRange{into.getType()}, inputs, into, maps, iterators,
        [&](OpBuilder &nested, Location bodyLoc, ValueRange args) {
          Value tree =
              combineLevels(nested, combiner, accumulator, args.drop_back(),
                            /*first=*/0, levels, partialType);
          if (last)
            tree = combine(nested, combiner, accumulator,
                           start ? start : args.back(), tree,
                           args.back().getType());
          linalg::YieldOp::create(nested, bodyLoc, tree);
        });
    if (last)
      return generic.getResult(0);
    partials = generic.getResult(0);
    count = left;
  }
}

/// Splits the reduction loop of one generic in named steps: `analyze`
/// (legality: the combiners and the expanded operands), then `rewrite`:
/// the partial generic over the split loops, the generic combining its
/// partials, and the replacement of the op.
class ReductionSplitter {
public:
  ReductionSplitter(RewriterBase &rewriter, linalg::GenericOp op,
                    const LoopSplit &loopSplit, int64_t stackBytes,
                    std::optional<fuse::SelectionCombiner> selection)
      : rewriter(rewriter), op(op), loopSplit(loopSplit),
        stackBytes(stackBytes), selection(selection),
        fillPartials(selection || op->getParentOfType<LoopLikeOpInterface>() ||
                     op.getNumReductionLoops() > 1) {}

  /// Whether the op can be split: each init is reduced by one combiner
  /// with a neutral element or written (not read) at every point of the
  /// loops, at least one is reduced, and every operand indexed by the split
  /// loop can be expanded. A payload that reads the split loop's index (a
  /// gather's row) reads it rebuilt from the parts.
  Decision analyze() {
    if (Decision matched = matchCombiners(); !matched)
      return matched;
    return expandOperands();
  }

  /// Replaces the op; only after `analyze` allowed it.
  void rewrite() {
    rewriter.setInsertionPoint(op);
    linalg::GenericOp partial = createPartialGeneric();
    SmallVector<Value> combined = combinePartials(partial);
    replaceOp(partial, combined);
    eraseDeadFills();
  }

private:
  /// The combiner of each init, or null for an output indexed by the split
  /// loop that the payload writes and never reads.
  Decision matchCombiners() {
    if (selection)
      return matchSelection();
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (map.isFunctionOfDim(loopSplit.loop)) {
        if (op.payloadUsesValueFromOperand(&init))
          return Decision::forbid(
              "an output along the reduction loop is read as well as written");
        combiners.push_back(nullptr);
        continue;
      }
      // The tree and the init run over the parallel loops, which this
      // output must all index.
      if (!map.isProjectedPermutation() ||
          map.getNumResults() != op.getNumParallelLoops())
        return Decision::forbid(
            "a reduced output does not index every parallel loop once");
      SmallVector<Operation *> chain;
      unsigned index = init.getOperandNumber() - op.getNumDpsInputs();
      if (!matchReduction(op.getRegionOutputArgs(), index, chain) ||
          chain.size() != 1 || !arith::getNeutralElement(chain.front()))
        return Decision::forbid(
            "a combiner is not one op with a neutral element that linalg "
            "recognizes");
      Operation *combiner = chain.front();
      if (getAccumulationType(combiner) != combiner->getResult(0).getType() &&
          !combiner->getResult(0).hasOneUse())
        return Decision::forbid("a narrow float combiner's result is read by "
                                "more than the yield");
      combiners.push_back(combiner);
    }
    if (llvm::all_of(combiners, [](Operation *op) { return !op; }))
      return Decision::forbid("no output is reduced");
    return Decision::allow();
  }

  /// A selection combiner's two inits: reduced outputs over every parallel
  /// loop, each filled with a value that its partials start from.
  Decision matchSelection() {
    for (OpOperand &init : op.getDpsInitsMutable()) {
      AffineMap map = op.getMatchingIndexingMap(&init);
      if (!map.isProjectedPermutation() ||
          map.getNumResults() != op.getNumParallelLoops())
        return Decision::forbid(
            "a reduced output does not index every parallel loop once");
      Value fillValue = fuse::getFilledValue(init.get());
      if (!fillValue)
        return Decision::forbid(
            "an output of its value and index is not filled");
      unsigned index = init.getOperandNumber() - op.getNumDpsInputs();
      combiners.push_back(selection->selects[index]);
      selectionStarts.push_back(fillValue);
    }
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
      AffineMap outputMap = op.getMatchingIndexingMap(&init);
      SmallVector<AffineExpr> exprs =
          llvm::map_to_vector(outputMap.getResults(), [&](AffineExpr expr) {
            return expr.replaceDims(loopSplit.renumbered(context));
          });
      SmallVector<OpFoldResult> sizes =
          tensor::getMixedSizes(rewriter, loc, init.get());
      unsigned position = getPartsPosition(outputMap);
      for (auto [part, loop] : llvm::enumerate(loopSplit.parallelLoops())) {
        exprs.insert(exprs.begin() + position + part,
                     getAffineDimExpr(loop, context));
        sizes.insert(
            sizes.begin() + position + part,
            rewriter.getIndexAttr(loopSplit.sizes()[loop - loopSplit.loop]));
      }
      Value partials = createPartials(
          rewriter, op, sizes, getAccumulationType(combiner), stackBytes);
      if (fillPartials) {
        Value neutral =
            selection ? selectionStarts[inits.size()]
                      : arith::ConstantOp::create(
                            rewriter, loc, getAccumulationNeutral(combiner));
        partials = linalg::FillOp::create(rewriter, loc, neutral, partials)
                       .getResult(0);
      }
      inits.push_back(partials);
      maps.push_back(
          AffineMap::get(loopSplit.numSplitLoops(), 0, exprs, context));
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
    // Filled partials start from the neutral element already; others
    // start from it on the first step.
    Value first;
    if (!fillPartials) {
      Value step = linalg::IndexOp::create(builder, loc, loopSplit.stepLoop());
      Value zero = arith::ConstantIndexOp::create(builder, loc, 0);
      first = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                    step, zero);
    }
    for (auto [index, combiner] : llvm::enumerate(combiners)) {
      if (!combiner || fillPartials)
        continue;
      BlockArgument accumulator = op.getRegionOutputArgs()[index];
      Value start = arith::ConstantOp::create(builder, loc,
                                              getAccumulationNeutral(combiner));
      mapping.map(accumulator,
                  arith::SelectOp::create(builder, loc, first, start,
                                          mapping.lookup(accumulator)));
    }
    // Accumulators wider than the combiner (f32 partials of a bf16 sum) get
    // a combiner of their own type where the body has its combiner.
    for (Operation &nested : body) {
      if (auto index = dyn_cast<linalg::IndexOp>(&nested);
          index && index.getDim() == loopSplit.loop) {
        mapping.map(index.getResult(), splitLoopIndex(builder, loc));
        continue;
      }
      Operation *clone = fuse::cloneWidening(builder, nested, mapping);
      if (auto index = dyn_cast<linalg::IndexOp>(clone);
          index && index.getDim() > loopSplit.loop)
        index.setDim(index.getDim() + loopSplit.numParts() - 1);
    }
  }

  /// The split loop's index from its parts, which expand it row-major.
  Value splitLoopIndex(OpBuilder &builder, Location loc) const {
    Value linear;
    for (auto [part, size] : llvm::enumerate(loopSplit.sizes())) {
      Value index =
          linalg::IndexOp::create(builder, loc, loopSplit.loop + part);
      if (!linear) {
        linear = index;
        continue;
      }
      Value scaled = arith::MulIOp::create(
          builder, loc, linear,
          arith::ConstantIndexOp::create(builder, loc, size));
      linear = arith::AddIOp::create(builder, loc, scaled, index);
    }
    return linear;
  }

  /// Where the partials of a reduced output with `outputMap` put the
  /// parallel parts: before the first dimension indexed by a loop after the
  /// split one, as in the loops, so that the columns of a column reduction
  /// stay innermost.
  unsigned getPartsPosition(AffineMap outputMap) const {
    for (auto [position, expr] : llvm::enumerate(outputMap.getResults()))
      if (cast<AffineDimExpr>(expr).getPosition() > loopSplit.loop)
        return position;
    return outputMap.getNumResults();
  }

  /// The partials of every reduced output combined pairwise, then into the
  /// original init (a filled init is not filled: its fill value is
  /// combined with the partials' result instead).
  SmallVector<Value> combinePartials(linalg::GenericOp partial) {
    if (selection)
      return combineSelection(partial);
    Location loc = op.getLoc();
    unsigned numCombined = loopSplit.parallelLoops().size();
    SmallVector<Value> results;
    for (auto [index, reducedBy] : llvm::enumerate(combiners)) {
      Operation *combiner = reducedBy;
      if (!combiner)
        continue;
      OpOperand &init = op.getDpsInitsMutable()[index];
      BlockArgument accumulator = op.getRegionOutputArgs()[index];
      unsigned position = getPartsPosition(op.getMatchingIndexingMap(&init));
      Value partials = partial.getResult(index);
      if (numCombined > 1) {
        auto type = cast<RankedTensorType>(partials.getType());
        SmallVector<ReassociationIndices> groups;
        for (int64_t dim = 0; dim < type.getRank(); ++dim) {
          if (dim > position && dim < position + numCombined)
            groups.back().push_back(dim);
          else
            groups.push_back({dim});
        }
        partials =
            tensor::CollapseShapeOp::create(rewriter, loc, partials, groups);
      }
      // A filled init is only written: its fill value starts the combination.
      Value start = init.get();
      Value fillValue = fuse::getFilledValue(start);
      if (fillValue) {
        fills.push_back(start.getDefiningOp());
        start = tensor::EmptyOp::create(
            rewriter, loc, tensor::getMixedSizes(rewriter, loc, start),
            cast<RankedTensorType>(start.getType()).getElementType());
      }
      results.push_back(
          numCombined == 0
              ? combineElementwise(rewriter, loc, combiner, accumulator,
                                   partials, /*rhs=*/nullptr, start, fillValue)
              : combinePairwise(rewriter, loc, partials, position, combiner,
                                accumulator, start, fillValue));
    }
    return results;
  }

  /// A selection's lanes (the last dimension of its partials) combined in
  /// order by the op's own body into its filled inits, the partials in the
  /// place of its elements.
  SmallVector<Value> combineSelection(linalg::GenericOp partial) {
    Location loc = op.getLoc();
    MLIRContext *context = op.getContext();
    auto type = cast<RankedTensorType>(partial.getResult(0).getType());
    unsigned rank = type.getRank();
    AffineMap partialMap = AffineMap::getMultiDimIdentityMap(rank, context);
    AffineMap initMap = partialMap.dropResult(rank - 1);
    SmallVector<utils::IteratorType> iterators(rank - 1,
                                               utils::IteratorType::parallel);
    iterators.push_back(utils::IteratorType::reduction);
    auto combining = linalg::GenericOp::create(
        rewriter, loc, op.getResultTypes(), partial.getResults(),
        op.getDpsInits(), {partialMap, partialMap, initMap, initMap}, iterators,
        [&](OpBuilder &builder, Location, ValueRange args) {
          IRMapping mapping;
          for (unsigned init = 0; init < 2; ++init) {
            mapping.map(selection->elements[init], args[init]);
            mapping.map(op.getRegionOutputArgs()[init], args[2 + init]);
          }
          linalg::YieldOp::create(
              builder, loc,
              fuse::cloneSelection(builder, op, *selection, mapping));
        });
    return SmallVector<Value>(combining.getResults());
  }

  /// Reduced results come from the combining op; written ones from the
  /// partial op, collapsed back to their shape.
  void replaceOp(linalg::GenericOp partial, ArrayRef<Value> combined) {
    SmallVector<Value> replacements;
    unsigned nextCombined = 0, nextWritten = 0;
    for (auto [index, combiner] : llvm::enumerate(combiners)) {
      if (combiner) {
        replacements.push_back(combined[nextCombined++]);
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
  /// The op's combiner when it selects a value and its index together.
  std::optional<fuse::SelectionCombiner> selection;
  /// With `selection`, the values the inits are filled with.
  SmallVector<Value> selectionStarts;
  /// Partials inside loops are filled with the neutral element (a plain
  /// reduction that the code generator vectorizes in registers) instead of
  /// starting from it on the first step, and so are those of ops with other
  /// reduction loops, whose first step comes more than once.
  bool fillPartials;
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

/// `op` with each input that reads a size-1 dimension at the constant 0 (a
/// broadcast of a unit dimension) collapsed to drop it, so that every map
/// can be a projected permutation.
linalg::GenericOp dropUnitBroadcasts(RewriterBase &rewriter,
                                     linalg::GenericOp op) {
  SmallVector<Value> inputs;
  SmallVector<AffineMap> maps;
  bool changed = false;
  for (OpOperand *operand : op.getDpsInputOperands()) {
    AffineMap map = op.getMatchingIndexingMap(operand);
    auto type = dyn_cast<RankedTensorType>(operand->get().getType());
    SmallVector<AffineExpr> kept;
    SmallVector<ReassociationIndices> groups;
    // Each dropped dimension joins the next kept one's group, or the last.
    ReassociationIndices dropped;
    for (auto [dim, expr] : llvm::enumerate(map.getResults())) {
      auto constant = dyn_cast<AffineConstantExpr>(expr);
      if (type && constant && constant.getValue() == 0 &&
          type.getDimSize(dim) == 1) {
        dropped.push_back(dim);
        continue;
      }
      kept.push_back(expr);
      groups.push_back(dropped);
      groups.back().push_back(dim);
      dropped.clear();
    }
    if (kept.size() == map.getNumResults()) {
      inputs.push_back(operand->get());
      maps.push_back(map);
      continue;
    }
    if (!groups.empty())
      groups.back().append(dropped.begin(), dropped.end());
    inputs.push_back(tensor::CollapseShapeOp::create(rewriter, op.getLoc(),
                                                     operand->get(), groups));
    maps.push_back(AffineMap::get(map.getNumDims(), 0, kept, op.getContext()));
    changed = true;
  }
  if (!changed)
    return op;
  for (OpOperand &init : op.getDpsInitsMutable())
    maps.push_back(op.getMatchingIndexingMap(&init));
  auto normalized = linalg::GenericOp::create(
      rewriter, op.getLoc(), op.getResultTypes(), inputs, op.getDpsInits(),
      maps, op.getIteratorTypesArray());
  rewriter.inlineRegionBefore(op.getRegion(), normalized.getRegion(),
                              normalized.getRegion().begin());
  rewriter.replaceOp(op, normalized.getResults());
  return normalized;
}

/// The op's adjacent reduction loops collapsed into one wherever they are
/// contiguous in every operand, which must all be indexed by projected
/// permutations.
FailureOr<linalg::GenericOp> collapseReductionLoops(RewriterBase &rewriter,
                                                    linalg::GenericOp op) {
  SmallVector<unsigned> dims;
  op.getReductionDims(dims);
  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  SmallVector<ReassociationIndices> groups;
  for (unsigned dim : dims) {
    if (!groups.empty() && groups.back().back() + 1 == dim) {
      ReassociationIndices extended = groups.back();
      extended.push_back(dim);
      if (linalg::areDimSequencesPreserved(maps, {extended})) {
        groups.back() = extended;
        continue;
      }
    }
    groups.push_back({static_cast<int64_t>(dim)});
  }
  llvm::erase_if(groups, [](const ReassociationIndices &group) {
    return group.size() < 2;
  });
  if (groups.empty())
    return op;
  FailureOr<linalg::CollapseResult> collapsed =
      linalg::collapseOpIterationDims(op, groups, rewriter);
  if (failed(collapsed))
    return failure();
  rewriter.replaceOp(op, collapsed->results);
  return cast<linalg::GenericOp>(collapsed->collapsedOp.getOperation());
}

/// How the order of a reduction's combiners changes its result.
enum class Rounding {
  /// Exact in any order: max, min, integers.
  None,
  /// A float add or multiply.
  Rounds,
  /// One of f16 or bf16, which accumulates in f32.
  RoundsNarrow,
};

Rounding getRounding(linalg::LinalgOp op) {
  Rounding rounding = Rounding::None;
  for (unsigned index = 0; index < op.getNumDpsInits(); ++index) {
    SmallVector<Operation *> combiners;
    if (!matchReduction(op.getRegionOutputArgs(), index, combiners))
      continue;
    for (Operation *combiner : combiners) {
      if (!isRoundingCombiner(combiner))
        continue;
      if (getAccumulationType(combiner) != combiner->getResult(0).getType())
        return Rounding::RoundsNarrow;
      rounding = Rounding::Rounds;
    }
  }
  return rounding;
}

struct SplitReductionsPass
    : fuse::impl::SplitReductionsPassBase<SplitReductionsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<linalg::LinalgOp> reductions;
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (isa<linalg::GenericOp, linalg::ReduceOp>(op) &&
          op.hasPureTensorSemantics() && op.getNumReductionLoops() > 0)
        reductions.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (linalg::LinalgOp op : reductions) {
      Location loc = op.getLoc();
      bool inLoop = op->getParentOfType<LoopLikeOpInterface>();
      // Lanes kept in registers, and leaves that copy the combiner.
      if (inLoop)
        allowReassociation(op);
      bool planned = false;
      Decision split = splitReduction(rewriter, op, inLoop, planned);
      // Inside loops, only the refusals of a split that accuracy needs.
      if (!split && explain && (!inLoop || planned))
        emitRemark(loc, "reduction kept in order: ") << split.reason();
    }
  }

  /// The blocks, steps and lanes of a reduction over `elements`, by the
  /// pass's options. Lanes split a reduction loop that is innermost.
  /// Rounding combiners accumulate at most `leaf-steps` steps per lane and
  /// make as many blocks as that takes; others make up to `blocks` blocks of
  /// at least 64 steps. Inside a loop only rounding combiners that need
  /// more than one block are split, into blocks alone: the code generator
  /// keeps the lanes of a row in registers, so a block there is `lanes`
  /// leaves. f16 and bf16 sums are always split, so that they accumulate
  /// in f32.
  Decision planLoopSplit(int64_t elements, int64_t otherReduced, bool innermost,
                         Rounding rounding, bool inLoop, bool selects,
                         LoopSplit &split) const {
    if (ShapedType::isDynamic(elements))
      return Decision::forbid("its size is dynamic");
    if (selects)
      return planSelectionSplit(elements, otherReduced, innermost, inLoop,
                                split);
    if (inLoop && rounding == Rounding::None)
      return Decision::forbid("it is inside a loop and its combiners do not "
                              "round");
    if (!inLoop && elements * otherReduced < minSize)
      return Decision::forbid("it covers fewer than min-size (" +
                              Twine(minSize) + ") elements");
    int64_t vectorLanes = innermost ? powerOfTwoDivisor(elements, lanes) : 1;
    // Inside a loop the code generator keeps a row's lanes in registers
    // (reassociated), whatever the row's length (the remainder runs after
    // them): a block is then the leaves of the lanes of one vector of 8, the
    // fewest it keeps, or of `lanes` when that is fewer.
    split.lanes = inLoop ? 1 : vectorLanes;
    int64_t registerLanes = innermost ? std::min<int64_t>(lanes, 8) : 1;
    // Other reduction loops run inside each leaf.
    int64_t leaf = std::max<int64_t>(
        1, (inLoop ? leafSteps * registerLanes : leafSteps) / otherReduced);
    int64_t perLane = elements / split.lanes;
    if (rounding != Rounding::None) {
      split.steps = leafDivisor(perLane, leaf);
      split.blocks = perLane / split.steps;
    } else {
      // Each block should still run at least 64 steps of its lanes.
      split.blocks =
          powerOfTwoDivisor(perLane, std::min<int64_t>(blocks, perLane / 64));
      split.steps = perLane / split.blocks;
    }
    // Narrow floats are split for their f32 partials alone.
    if (rounding == Rounding::RoundsNarrow)
      return Decision::allow();
    if (inLoop && split.blocks == 1)
      return Decision::forbid("it is inside a loop and its lanes take at "
                              "most leaf-steps (" +
                              Twine(leafSteps) + ") steps each");
    if (split.lanes == 1 && split.blocks == 1)
      return Decision::forbid("no divisor of its size " + Twine(elements) +
                              " makes leaves of at most leaf-steps (" +
                              Twine(leafSteps) + ") steps, or blocks");
    return Decision::allow();
  }

  /// A selection (an arg-min) in lanes alone: in order, each step's pick
  /// waits for the last one's, and no vector holds a row.
  Decision planSelectionSplit(int64_t elements, int64_t otherReduced,
                              bool innermost, bool inLoop,
                              LoopSplit &split) const {
    if (!inLoop && elements * otherReduced < minSize)
      return Decision::forbid("it covers fewer than min-size (" +
                              Twine(minSize) + ") elements");
    if (!innermost)
      return Decision::forbid("it selects a value and its index along a loop "
                              "that is not innermost");
    split.lanes = powerOfTwoDivisor(elements, lanes);
    split.blocks = 1;
    split.steps = elements / split.lanes;
    if (split.lanes < 4 || split.steps < 2)
      return Decision::forbid("it selects a value and its index, and no "
                              "power of two from 4 to lanes (" +
                              Twine(lanes) + ") splits its size " +
                              Twine(elements) + " into lanes of 2 steps");
    return Decision::allow();
  }

  /// Splits `op` in steps (`planned` once the plan wants it): the plan,
  /// generalizing a named op, collapsing the reduction loops, then the
  /// ReductionSplitter.
  Decision splitReduction(RewriterBase &rewriter, linalg::LinalgOp op,
                          bool inLoop, bool &planned) {
    // A first plan on all reduced elements, before anything is rewritten.
    SmallVector<unsigned> dims;
    op.getReductionDims(dims);
    Rounding rounding = getRounding(op);
    bool selects = fuse::matchSelectionCombiner(op).has_value();
    LoopSplit loopSplit;
    if (Decision plan = planLoopSplit(getReducedElements(op), 1,
                                      dims.back() + 1 == op.getNumLoops(),
                                      rounding, inLoop, selects, loopSplit);
        !plan)
      return plan;
    planned = true;

    rewriter.setInsertionPoint(op);
    auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
    if (!generic) {
      FailureOr<linalg::GenericOp> generalized =
          linalg::generalizeNamedOp(rewriter, op);
      if (failed(generalized))
        return Decision::forbid("it cannot be generalized");
      generic = *generalized;
    }
    generic = dropUnitBroadcasts(rewriter, generic);
    if (!llvm::all_of(generic.getIndexingMapsArray(), [](AffineMap map) {
          return map.isProjectedPermutation();
        }))
      return Decision::forbid(
          "an operand is indexed other than by a permutation of loops");
    FailureOr<linalg::GenericOp> collapsed =
        collapseReductionLoops(rewriter, generic);
    if (failed(collapsed))
      return Decision::forbid("its reduction loops cannot be collapsed");

    // The longest reduction loop is split; the others run inside its leaves.
    SmallVector<unsigned> reductionLoops;
    collapsed->getReductionDims(reductionLoops);
    SmallVector<int64_t> ranges = collapsed->getStaticLoopRanges();
    unsigned longest =
        *llvm::max_element(reductionLoops, [&](unsigned a, unsigned b) {
          return ranges[a] < ranges[b];
        });
    int64_t otherReduced = 1;
    for (unsigned loop : reductionLoops)
      if (loop != longest)
        otherReduced *= ranges[loop];
    if (Decision plan = planLoopSplit(ranges[longest], otherReduced,
                                      longest + 1 == collapsed->getNumLoops(),
                                      rounding, inLoop, selects, loopSplit);
        !plan)
      return plan;
    loopSplit.loop = longest;
    loopSplit.numLoops = collapsed->getNumLoops();
    std::optional<fuse::SelectionCombiner> selection;
    if (selects) {
      selection = fuse::matchSelectionCombiner(*collapsed);
      if (!selection)
        return Decision::forbid(
            "its value and index selection changed with its loops");
    }
    ReductionSplitter splitter(rewriter, *collapsed, loopSplit, stackBytes,
                               selection);
    if (Decision legal = splitter.analyze(); !legal)
      return legal;
    splitter.rewrite();
    return Decision::allow();
  }
};

} // namespace
