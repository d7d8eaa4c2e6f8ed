//===- DistributeSplitsLegality.cpp - which slice loops can be dealt out --===//
//
// A loop can run on several ranks when its iterations are independent but
// for the values it carries, and each carried value is combined in a way
// that can be done across ranks: blocks written at the slice offset, or
// partial results folded in by an associative op or a pairwise reduce.
// This is the loop --split-tensors emits; the checks read it from the IR,
// so a loop written by hand in that form is distributed too.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/DistributeSplits.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace fuse;
using namespace fuse::hlo;

namespace {

/// Whether MPI's own sum or product may combine the ranks' values of an
/// elementwise fold: an add or multiply of types MPI adds as hlo does (its
/// maximum and minimum do not propagate NaN as hlo's do).
bool isAllReduced(Operation *combiner) {
  Type element =
      cast<RankedTensorType>(combiner->getResult(0).getType()).getElementType();
  return isa<AddOp, MulOp>(combiner) &&
         (element.isF32() || element.isF64() || element.isInteger(32) ||
          element.isInteger(64));
}

/// Element types whose bits the collectives can carry: i1, and integers and
/// floats of 8, 16, 32 or 64 bits.
Decision checkElementType(Value value, unsigned arg) {
  Type elementType = cast<RankedTensorType>(value.getType()).getElementType();
  unsigned width =
      elementType.isIntOrFloat() ? elementType.getIntOrFloatBitWidth() : 0;
  if (elementType.isInteger(1) ||
      (width >= 8 && width <= 64 && llvm::isPowerOf2_32(width)))
    return Decision::allow();
  std::string typeName;
  llvm::raw_string_ostream(typeName) << elementType;
  return Decision::forbid("carried value " + Twine(arg) +
                          " has elements of type " + typeName +
                          ", which the collectives do not carry");
}

/// Insert: `update` writes the slice at the offset into `acc`, and every
/// iteration's block lies inside it (a write past the end would be clamped
/// onto another iteration's positions).
Decision planInsert(DynamicUpdateSliceOp update, BlockArgument offset,
                    const DistributionPlan &plan, unsigned arg,
                    CarriedGroup &group) {
  int64_t stride = plan.sliceStride;
  int64_t dim = -1;
  for (auto [index, start] : llvm::enumerate(update.getStartIndices())) {
    if (start == offset) {
      if (dim >= 0)
        return Decision::forbid("carried value " + Twine(arg) +
                                " is written at the offset along two "
                                "dimensions");
      dim = index;
      continue;
    }
    if (getConstantIntValue(start) != 0)
      return Decision::forbid("carried value " + Twine(arg) +
                              " is written at a start other than the slice "
                              "offset and zeros");
  }
  if (dim < 0)
    return Decision::forbid("carried value " + Twine(arg) +
                            " is written at a start that does not depend on "
                            "the slice offset");
  auto updateType = cast<RankedTensorType>(update.getUpdate().getType());
  if (updateType.getDimSize(dim) != stride)
    return Decision::forbid(
        "carried value " + Twine(arg) + " is written in blocks of " +
        Twine(updateType.getDimSize(dim)) + " along dimension " + Twine(dim) +
        " while the offset moves by " + Twine(stride));
  int64_t extent = update.getType().getDimSize(dim);
  int64_t end = plan.firstOffset + plan.iterations * stride;
  if (plan.firstOffset < 0 || end > extent)
    return Decision::forbid(
        "carried value " + Twine(arg) + " is written at offsets " +
        Twine(plan.firstOffset) + " to " + Twine(end) +
        ", outside its dimension " + Twine(dim) + " of size " + Twine(extent));
  group.combine = CarryCombine::Insert;
  group.insertDim = dim;
  return Decision::allow();
}

/// Pairwise: `acc` is stacked with the slice's partial result, and a
/// reduce over the pair yields the loop's next values.
Decision planPairwise(ReshapeOp stack, scf::ForOp loop, unsigned arg,
                      CarriedGroup &group) {
  auto reasonText = [&](const Twine &what) {
    return Decision::forbid("carried value " + Twine(arg) + " " + what);
  };
  if (!stack->hasOneUse())
    return reasonText("is reshaped for more than one use");
  auto pair = dyn_cast<ConcatenateOp>(*stack->getUsers().begin());
  if (!pair || pair.getDimension() != 0 || pair.getInputs().size() != 2 ||
      pair.getInputs()[0] != stack.getResult() || !pair->hasOneUse())
    return reasonText("is reshaped, but not stacked first in a pair");
  auto reduce = dyn_cast<ReduceOp>(*pair->getUsers().begin());
  if (!reduce || reduce.getDimensions() != ArrayRef<int64_t>{0})
    return reasonText("is stacked in a pair that is not reduced along the "
                      "pair's dimension");
  // The reduce's inputs are the pairs of consecutive carried values, and
  // its results are yielded for them, in order.
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  unsigned first = arg;
  for (auto [index, input] : llvm::enumerate(reduce.getInputs()))
    if (input == pair.getResult())
      first = arg - index;
  for (auto [index, input] : llvm::enumerate(reduce.getInputs())) {
    unsigned carried = first + index;
    auto inputPair = input.getDefiningOp<ConcatenateOp>();
    auto inputStack = inputPair
                          ? inputPair.getInputs()[0].getDefiningOp<ReshapeOp>()
                          : ReshapeOp();
    if (carried >= loop.getNumRegionIterArgs() || !inputStack ||
        inputStack.getOperand() != loop.getRegionIterArgs()[carried] ||
        yield.getOperand(carried) != reduce.getResult(index))
      return reasonText("is combined by a reduce whose inputs and results "
                        "are not the loop's carried values in order");
  }
  for (Value init : reduce.getInitValues())
    if (loop->isAncestor(init.getParentBlock()->getParentOp()) &&
        !init.getDefiningOp<ConstantOp>())
      return reasonText("is reduced from an init value computed in the loop");
  for (unsigned k = 0; k < reduce.getNumResults(); ++k)
    if (Decision type =
            checkElementType(loop.getRegionIterArgs()[first + k], first + k);
        !type)
      return type;
  group.combine = CarryCombine::Pairwise;
  group.firstArg = first;
  group.numArgs = reduce.getNumResults();
  group.combiner = reduce;
  return Decision::allow();
}

/// Argument 0 is the slice offset: a rank-0 i64 tensor that starts at a
/// constant and moves by a constant each iteration.
Decision planOffset(scf::ForOp loop, DistributionPlan &plan) {
  Decision notAnOffset = Decision::forbid(
      "the loop does not carry a slice offset as --split-tensors emits it (a "
      "rank-0 i64 tensor from a constant, moved by a constant)");
  if (loop.getNumRegionIterArgs() == 0)
    return notAnOffset;
  BlockArgument offset = loop.getRegionIterArgs()[0];
  auto type = dyn_cast<RankedTensorType>(offset.getType());
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  auto step = yield.getOperand(0).getDefiningOp<AddOp>();
  if (!type || type.getRank() != 0 || !type.getElementType().isInteger(64) ||
      !step || step.getLhs() != offset)
    return notAnOffset;
  std::optional<int64_t> first = getConstantIntValue(loop.getInitArgs()[0]);
  std::optional<int64_t> stride = getConstantIntValue(step.getRhs());
  if (!first || !stride || *stride <= 0)
    return notAnOffset;
  plan.firstOffset = *first;
  plan.sliceStride = *stride;
  plan.offsetStep = step;
  return Decision::allow();
}

} // namespace

Decision fuse::hlo::planDistribution(scf::ForOp loop, DistributionPlan &plan) {
  plan = DistributionPlan();
  plan.loop = loop;
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound()),
                         upper = getConstantIntValue(loop.getUpperBound()),
                         step = getConstantIntValue(loop.getStep());
  if (!lower || !upper || !step || *lower != 0 || *step != 1)
    return Decision::forbid(
        "the loop does not run from 0 by 1 to a constant bound");
  plan.iterations = *upper;
  if (plan.iterations < 2)
    return Decision::forbid("the loop has " + Twine(plan.iterations) +
                            " iteration(s): nothing to share");
  if (Decision offset = planOffset(loop, plan); !offset)
    return offset;

  bool sideEffects =
      loop.getBody()
          ->walk([&](Operation *op) {
            return !isMemoryEffectFree(op) && !isa<scf::YieldOp>(op) &&
                           !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>()
                       ? WalkResult::interrupt()
                       : WalkResult::advance();
          })
          .wasInterrupted();
  if (sideEffects)
    return Decision::forbid("the loop body has ops with side effects");

  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  BlockArgument offset = loop.getRegionIterArgs()[0];

  for (unsigned arg = 1; arg < loop.getNumRegionIterArgs();) {
    BlockArgument acc = loop.getRegionIterArgs()[arg];
    if (Decision type = checkElementType(acc, arg); !type)
      return type;
    if (!acc.hasOneUse())
      return Decision::forbid("carried value " + Twine(arg) +
                              " is read by more than the op that folds the "
                              "slice's result into it");
    Operation *user = *acc.getUsers().begin();
    CarriedGroup group;
    group.firstArg = arg;
    if (auto update = dyn_cast<DynamicUpdateSliceOp>(user);
        update && update.getOperand() == acc &&
        yield.getOperand(arg) == update.getResult()) {
      if (Decision insert = planInsert(update, offset, plan, arg, group);
          !insert)
        return insert;
    } else if (getReductionKindOf(user) &&
               yield.getOperand(arg) == user->getResult(0)) {
      group.combine = CarryCombine::Elementwise;
      group.combiner = user;
      group.viaAllReduce = isAllReduced(user);
    } else if (auto stack = dyn_cast<ReshapeOp>(user)) {
      if (Decision pairwise = planPairwise(stack, loop, arg, group); !pairwise)
        return pairwise;
      if (group.firstArg != arg)
        return Decision::forbid("carried value " + Twine(arg) +
                                " is reduced together with earlier ones "
                                "that are combined otherwise");
    } else {
      return Decision::forbid("carried value " + Twine(arg) +
                              " is combined by `" +
                              user->getName().getStringRef() +
                              "`, not by a dynamic_update_slice at the "
                              "offset, an elementwise add, multiply, maximum, "
                              "minimum, and, or, or a pairwise reduce");
    }
    plan.groups.push_back(group);
    arg += group.numArgs;
  }
  if (plan.groups.empty())
    return Decision::forbid("the loop carries nothing but its offset");
  return Decision::allow();
}
