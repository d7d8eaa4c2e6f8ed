//===- DistributeSplitsPatterns.cpp - deal a slice loop out to ranks ------===//
//
// A slice loop of n iterations on R ranks becomes, on rank r,
//
//   %r = shard.process_linear_index on @fuse_ranks : index
//   scf.for %i = <r's first> to <r's end> step <1, or R when cyclic>
//       iter_args(%offset = <r's first offset>, %acc = <start value>)
//     <the body, unchanged>
//   <each carried value combined over the ranks>
//
// and every rank ends with the values of the whole loop. The combinations
// use shard.all_reduce, which convert-shard-to-mpi lowers to MPI_Allreduce:
// - partial sums and products: all_reduce sum / product, then folded into
//   the loop's initial value;
// - blocks of a parallel split: each rank's blocks as integer bits, zero
//   elsewhere, all_reduce bitwise_or (exact, whatever the element type),
//   put back where the loop wrote;
// - any other fold (maximum and minimum, whose NaN rules MPI's MAX and MIN
//   do not keep; and, or; pairwise reduces such as argmax): the ranks'
//   values gathered the same way into a leading dimension of size R, then
//   reduced with the loop's own combiner after its initial value.
// The gathers go through bitwise_or all_reduces (RankCollectives.h).
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/DistributeSplits.h"
#include "fuse/Dialect/HLO/Transforms/SplitTensors.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

class DistributionEmitter {
public:
  DistributionEmitter(const DistributionPlan &plan, int64_t ranks,
                      DistributionStrategy strategy, FlatSymbolRefAttr grid,
                      RewriterBase &rewriter)
      : plan(plan), loop(plan.loop), ranks(ranks), strategy(strategy),
        b(rewriter), loc(plan.loop->getLoc()),
        collectives(rewriter, loc, grid, ranks) {}

  void emit();

private:
  Value index(int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value scalar(Type elementType, TypedAttr value) {
    auto type = RankedTensorType::get({}, elementType);
    return ConstantOp::create(b, loc, DenseElementsAttr::get(type, value));
  }
  Value broadcast(Value scalarValue, RankedTensorType type) {
    auto scalarType = cast<RankedTensorType>(scalarValue.getType());
    return BroadcastInDimOp::create(b, loc,
                                    type.clone(scalarType.getElementType()),
                                    scalarValue, ArrayRef<int64_t>{});
  }
  Value compare(ComparisonDirection direction, Value lhs, Value rhs) {
    return CompareOp::create(
        b, loc, direction, lhs, rhs,
        ComparisonTypeAttr::get(b.getContext(), ComparisonType::SIGNED));
  }
  /// A rank-0 constant `value` defined in the loop body, cloned before the
  /// insertion point; values from outside the loop are used as they are.
  Value hoisted(Value value) {
    if (!loop->isAncestor(value.getParentBlock()->getParentOp()))
      return value;
    return b.clone(*value.getDefiningOp())->getResult(0);
  }

  Value combineInsert(const CarriedGroup &group, Value local);
  SmallVector<Value> combineGathered(const CarriedGroup &group,
                                     ValueRange locals, ValueRange inits);

  const DistributionPlan &plan;
  scf::ForOp loop;
  int64_t ranks;
  DistributionStrategy strategy;
  RewriterBase &b;
  Location loc;
  RankCollectives collectives;
  Value rank, lower, upper;
};

/// Outside the loop's positions every rank still holds the initial value;
/// inside, each position comes from the rank whose iteration wrote it.
Value DistributionEmitter::combineInsert(const CarriedGroup &group,
                                         Value local) {
  auto type = cast<RankedTensorType>(local.getType());
  auto positionType = type.clone(b.getI64Type());
  auto splat = [&](Value scalarValue) {
    return broadcast(scalarValue, positionType);
  };
  Value position = IotaOp::create(b, loc, positionType, group.insertDim);
  int64_t end = plan.firstOffset + plan.iterations * plan.sliceStride;
  Value inLoop = AndOp::create(
      b, loc,
      compare(ComparisonDirection::GE, position,
              splat(collectives.i64(plan.firstOffset))),
      compare(ComparisonDirection::LT, position, splat(collectives.i64(end))));
  // The iteration that wrote each position, and whether it was this rank's.
  Value iteration = DivOp::create(
      b, loc,
      SubtractOp::create(b, loc, position,
                         splat(collectives.i64(plan.firstOffset))),
      splat(collectives.i64(plan.sliceStride)));
  Value mine;
  if (strategy == DistributionStrategy::Blocked)
    mine = AndOp::create(b, loc,
                         compare(ComparisonDirection::GE, iteration,
                                 splat(collectives.fromIndex(lower))),
                         compare(ComparisonDirection::LT, iteration,
                                 splat(collectives.fromIndex(upper))));
  else
    mine =
        compare(ComparisonDirection::EQ,
                RemOp::create(b, loc, iteration, splat(collectives.i64(ranks))),
                splat(collectives.fromIndex(rank)));
  mine = AndOp::create(b, loc, inLoop, mine);
  Value bits = collectives.toBits(local);
  auto bitsType = cast<RankedTensorType>(bits.getType());
  Value own = SelectOp::create(b, loc, bitsType, mine, bits,
                               collectives.zerosLike(bitsType));
  Value blocks = collectives.fromBits(
      collectives.allReduce(own, mlir::shard::ReductionKind::BitwiseOr), type);
  return SelectOp::create(b, loc, type, inLoop, blocks, local);
}

SmallVector<Value>
DistributionEmitter::combineGathered(const CarriedGroup &group,
                                     ValueRange locals, ValueRange inits) {
  SmallVector<Value> stacks;
  for (auto [local, init] : llvm::zip_equal(locals, inits)) {
    auto type = cast<RankedTensorType>(local.getType());
    SmallVector<int64_t> shape{1};
    llvm::append_range(shape, type.getShape());
    Value first = ReshapeOp::create(b, loc, type.clone(shape), init);
    shape[0] = ranks + 1;
    stacks.push_back(
        ConcatenateOp::create(b, loc, type.clone(shape),
                              ValueRange{first, collectives.gather(local)}, 0));
  }
  if (group.combine == CarryCombine::Elementwise) {
    ReductionKind kind = *getReductionKindOf(group.combiner);
    Type element = cast<RankedTensorType>(locals[0].getType()).getElementType();
    Value identity = scalar(element, getReductionIdentity(kind, element));
    return {ReduceOp::create(b, loc, stacks[0], identity, ArrayRef<int64_t>{0},
                             kind)
                .getResult(0)};
  }
  auto pairs = cast<ReduceOp>(group.combiner);
  SmallVector<Value> identities = llvm::map_to_vector(
      pairs.getInitValues(), [&](Value init) { return hoisted(init); });
  auto reduce = ReduceOp::create(b, loc, TypeRange(locals), stacks, identities,
                                 ArrayRef<int64_t>{0});
  IRMapping mapping;
  pairs.getBody().cloneInto(&reduce.getBody(), mapping);
  return llvm::to_vector_of<Value>(reduce.getResults());
}

void DistributionEmitter::emit() {
  b.setInsertionPoint(loop);
  rank = collectives.rank();
  Value iterations = index(plan.iterations), rankCount = index(ranks);
  Value step = index(1);
  if (strategy == DistributionStrategy::Blocked) {
    auto share = [&](Value r) {
      return arith::DivUIOp::create(
          b, loc, arith::MulIOp::create(b, loc, r, iterations), rankCount);
    };
    lower = share(rank);
    upper = share(arith::AddIOp::create(b, loc, rank, index(1)));
  } else {
    lower = rank;
    upper = iterations;
    step = rankCount;
  }
  Value firstOffset = collectives.fromIndex(arith::AddIOp::create(
      b, loc, arith::MulIOp::create(b, loc, lower, index(plan.sliceStride)),
      index(plan.firstOffset)));

  // The values each rank starts from: a parallel split's initial tensor
  // (each rank overwrites its blocks of it), or the combiner's identity.
  SmallVector<Value> inits(loop.getInitArgs());
  SmallVector<Value> starts(inits);
  for (const CarriedGroup &group : plan.groups) {
    for (unsigned k = 0; k < group.numArgs; ++k) {
      unsigned arg = group.firstArg + k;
      auto type = cast<RankedTensorType>(inits[arg].getType());
      if (group.combine == CarryCombine::Elementwise) {
        ReductionKind kind = *getReductionKindOf(group.combiner);
        starts[arg] = ConstantOp::create(
            b, loc,
            DenseElementsAttr::get(
                type, getReductionIdentity(kind, type.getElementType())));
      } else if (group.combine == CarryCombine::Pairwise) {
        Value identity =
            hoisted(cast<ReduceOp>(group.combiner).getInitValues()[k]);
        starts[arg] = broadcast(identity, type);
      }
    }
  }
  starts[0] = firstOffset;

  // Uses of the loop's results, taken before the combinations add more.
  SmallVector<SmallVector<OpOperand *>> uses(loop.getNumResults());
  for (OpResult result : loop.getResults())
    for (OpOperand &use : result.getUses())
      uses[result.getResultNumber()].push_back(&use);

  b.modifyOpInPlace(loop, [&] {
    loop.setLowerBound(lower);
    loop.setUpperBound(upper);
    loop.setStep(step);
    for (auto [operand, start] :
         llvm::zip_equal(loop.getInitArgsMutable(), starts))
      operand.set(start);
  });
  if (strategy == DistributionStrategy::Cyclic) {
    OpBuilder::InsertionGuard guard(b);
    AddOp offsetStep = plan.offsetStep;
    b.setInsertionPoint(offsetStep);
    Value stride = collectives.i64(plan.sliceStride * ranks);
    b.modifyOpInPlace(offsetStep,
                      [&] { offsetStep.getRhsMutable().set(stride); });
  }

  b.setInsertionPointAfter(loop);
  SmallVector<Value> finals(loop.getNumResults());
  finals[0] =
      collectives.i64(plan.firstOffset + plan.iterations * plan.sliceStride);
  for (const CarriedGroup &group : plan.groups) {
    unsigned first = group.firstArg;
    ValueRange locals = loop.getResults().slice(first, group.numArgs);
    ValueRange initValues = ValueRange(inits).slice(first, group.numArgs);
    if (group.combine == CarryCombine::Insert) {
      finals[first] = combineInsert(group, locals[0]);
      continue;
    }
    if (group.viaAllReduce) {
      auto type = cast<RankedTensorType>(locals[0].getType());
      Value operand = isa<FloatType>(type.getElementType())
                          ? locals[0]
                          : collectives.toBits(locals[0]);
      Value total = collectives.allReduce(
          operand, isa<AddOp>(group.combiner)
                       ? mlir::shard::ReductionKind::Sum
                       : mlir::shard::ReductionKind::Product);
      if (total.getType() != type)
        total = BitcastConvertOp::create(b, loc, type, total);
      OperationState state(loc, group.combiner->getName(),
                           ValueRange{initValues[0], total}, TypeRange{type},
                           group.combiner->getAttrs());
      finals[first] = b.create(state)->getResult(0);
      continue;
    }
    SmallVector<Value> combined = combineGathered(group, locals, initValues);
    for (auto [k, value] : llvm::enumerate(combined))
      finals[first + k] = value;
  }
  for (auto [result, resultUses] : llvm::enumerate(uses)) {
    Value final = finals[result];
    for (OpOperand *use : resultUses)
      b.modifyOpInPlace(use->getOwner(), [&] { use->set(final); });
  }
}

} // namespace

void fuse::hlo::emitDistribution(const DistributionPlan &plan, int64_t ranks,
                                 DistributionStrategy strategy,
                                 FlatSymbolRefAttr grid,
                                 RewriterBase &rewriter) {
  DistributionEmitter(plan, ranks, strategy, grid, rewriter).emit();
}
