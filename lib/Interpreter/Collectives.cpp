//===- Collectives.cpp - hlo collectives on simulated devices -------------===//
//
// An SPMD program runs on one thread per device (SimulatedRanks.h). At each
// collective the threads exchange their operands; each device then computes
// its own result from its group's operands, in the group's order. Outside a
// multi-device run, the program runs on one device, device 0.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"
#include "SimulatedRanks.h"

#include "fuse/Dialect/HLO/IR/ReplicaGroups.h"
#include "fuse/Interpreter/Interpreter.h"

using namespace mlir;

namespace fuse::interp {
namespace {

/// a ⊕ b elementwise by `body`, a binary scalar computation; each result is
/// rounded to the element type, as a device would store it.
FailureOr<Tensor> combine(Region &body, const Tensor &a, const Tensor &b) {
  Block &block = body.front();
  Operation &first = block.front();
  auto ret = dyn_cast<hlo::ReturnOp>(block.getTerminator());
  std::optional<BinaryElementFns> fns = getBinaryElementFns(&first);
  if (fns && ret && ret.getResults() == first.getResults() &&
      first.getNumOperands() == 2 &&
      llvm::all_of(first.getOperands(),
                   [&](Value operand) {
                     return operand.getParentBlock() == &block &&
                            isa<BlockArgument>(operand);
                   }) &&
      (fns->onFloat || !a.isFloat()) && (fns->onInt || a.isFloat())) {
    bool swapped = first.getOperand(0) == block.getArgument(1);
    const Tensor &lhs = swapped ? b : a, &rhs = swapped ? a : b;
    Tensor result = a;
    Type type = a.getElementType();
    for (int64_t i = 0; i < a.getNumElements(); ++i) {
      if (a.isFloat())
        result.setFloat(
            i, Tensor::roundToFormat(
                   fns->onFloat(lhs.getFloat(i), rhs.getFloat(i)), type));
      else
        result.setInt(i, Tensor::wrapToWidth(
                             fns->onInt(lhs.getInt(i), rhs.getInt(i)), type));
    }
    return result;
  }
  Tensor result = a;
  for (int64_t i = 0; i < a.getNumElements(); ++i) {
    FailureOr<SmallVector<Tensor>> value =
        interpretRegion(body, {a.getScalar(i), b.getScalar(i)});
    if (failed(value))
      return failure();
    result.setElementFrom(i, value->front(), 0);
  }
  return result;
}

/// The operands of `group`'s devices combined in the group's order.
FailureOr<Tensor> combineGroup(Region &body, ArrayRef<Tensor> values,
                               ArrayRef<int64_t> group) {
  Tensor result = values[group.front()];
  for (int64_t device : group.drop_front()) {
    FailureOr<Tensor> next = combine(body, result, values[device]);
    if (failed(next))
      return failure();
    result = std::move(*next);
  }
  return result;
}

/// `type` made of `parts` side by side along `dimension`, `blockSize`
/// positions each: position p * blockSize + k along it reads part p at
/// `offset` + k.
Tensor assemble(RankedTensorType type, ArrayRef<const Tensor *> parts,
                int64_t dimension, int64_t blockSize, int64_t offset) {
  Tensor result(type);
  for (int64_t i = 0; i < result.getNumElements(); ++i) {
    SmallVector<int64_t> index = result.getMultiIndex(i);
    const Tensor &part = *parts[index[dimension] / blockSize];
    index[dimension] = index[dimension] % blockSize + offset;
    result.setElementFrom(i, part, part.getLinearIndex(index));
  }
  return result;
}

/// The block `position` of `tensor` along `dimension`, `blocks` in all.
Tensor block(const Tensor &tensor, int64_t dimension, int64_t blocks,
             int64_t position) {
  SmallVector<int64_t> shape(tensor.getShape());
  shape[dimension] /= blocks;
  const Tensor *parts[] = {&tensor};
  return assemble(RankedTensorType::get(shape, tensor.getElementType()), parts,
                  dimension, shape[dimension], position * shape[dimension]);
}

/// The group of `device` among `count`; an error when no group holds it or
/// a group names a device the run does not have.
FailureOr<SmallVector<int64_t>> groupOf(Operation *op,
                                        DenseIntElementsAttr groups,
                                        int64_t device, int64_t count) {
  int64_t largest = hlo::getLargestDeviceId(groups);
  if (largest >= count)
    return op->emitError() << "the groups name device " << largest
                           << ", but the program runs on " << count << " device"
                           << (count == 1 ? "" : "s");
  std::optional<SmallVector<int64_t>> group =
      hlo::findReplicaGroup(groups, device, count);
  if (!group)
    return op->emitError() << "device " << device << " of " << count
                           << " is in none of the groups";
  return std::move(*group);
}

int64_t positionIn(ArrayRef<int64_t> group, int64_t device) {
  return llvm::find(group, device) - group.begin();
}

FailureOr<Tensor> evaluateExchange(Operation *op, ArrayRef<Tensor> values,
                                   int64_t device, int64_t count) {
  if (auto reduce = dyn_cast<hlo::AllReduceOp>(op)) {
    FailureOr<SmallVector<int64_t>> group =
        groupOf(op, reduce.getGroups(), device, count);
    if (failed(group))
      return failure();
    return combineGroup(reduce.getComputation(), values, *group);
  }
  if (auto gather = dyn_cast<hlo::AllGatherOp>(op)) {
    FailureOr<SmallVector<int64_t>> group =
        groupOf(op, gather.getGroups(), device, count);
    if (failed(group))
      return failure();
    auto type = cast<RankedTensorType>(gather.getType());
    int64_t dimension = gather.getDimension();
    if (type.getDimSize(dimension) !=
        values[device].getShape()[dimension] * (int64_t)group->size())
      return op->emitError() << "the result does not hold " << group->size()
                             << " operands, the size of the group of every "
                             << "device";
    SmallVector<const Tensor *> parts = llvm::map_to_vector(
        *group, [&](int64_t member) { return &values[member]; });
    return assemble(type, parts, dimension,
                    values[device].getShape()[dimension], 0);
  }
  if (auto scatter = dyn_cast<hlo::ReduceScatterOp>(op)) {
    FailureOr<SmallVector<int64_t>> group =
        groupOf(op, scatter.getGroups(), device, count);
    if (failed(group))
      return failure();
    int64_t dimension = scatter.getDimension();
    auto type = cast<RankedTensorType>(scatter.getType());
    if (type.getDimSize(dimension) * (int64_t)group->size() !=
        values[device].getShape()[dimension])
      return op->emitError() << "the operand is not " << group->size()
                             << " results, the size of the group of every "
                             << "device";
    FailureOr<Tensor> sum =
        combineGroup(scatter.getComputation(), values, *group);
    if (failed(sum))
      return failure();
    return block(*sum, dimension, group->size(), positionIn(*group, device));
  }
  if (auto allToAll = dyn_cast<hlo::AllToAllOp>(op)) {
    FailureOr<SmallVector<int64_t>> group =
        groupOf(op, allToAll.getGroups(), device, count);
    if (failed(group))
      return failure();
    int64_t blocks = group->size(), position = positionIn(*group, device);
    SmallVector<Tensor> received = llvm::map_to_vector(*group, [&](int64_t m) {
      return block(values[m], allToAll.getSplitDimension(), blocks, position);
    });
    SmallVector<const Tensor *> parts =
        llvm::map_to_vector(received, [](const Tensor &part) { return &part; });
    int64_t concat = allToAll.getConcatDimension();
    return assemble(cast<RankedTensorType>(allToAll.getType()), parts, concat,
                    received.front().getShape()[concat], 0);
  }
  auto permute = cast<hlo::CollectivePermuteOp>(op);
  SmallVector<int64_t> ids(permute.getPairs().getValues<int64_t>());
  for (int64_t id : ids)
    if (id >= count)
      return op->emitError()
             << "the pairs name device " << id << ", but the program runs on "
             << count << " device" << (count == 1 ? "" : "s");
  for (size_t i = 0; i < ids.size(); i += 2)
    if (ids[i + 1] == device)
      return values[ids[i]];
  return Tensor(cast<RankedTensorType>(permute.getType()));
}

} // namespace

std::optional<FailureOr<Tensor>>
evaluateCollectiveOp(Operation *op, ArrayRef<Tensor> operands) {
  if (!isa<hlo::DeviceIdOp, hlo::AllReduceOp, hlo::AllGatherOp,
           hlo::ReduceScatterOp, hlo::AllToAllOp, hlo::CollectivePermuteOp>(op))
    return std::nullopt;
  SimulatedRanks *devices = getCurrentRanks();
  int64_t device = devices ? getCurrentRank() : 0;
  int64_t count = devices ? devices->size() : 1;
  if (isa<hlo::DeviceIdOp>(op)) {
    Tensor id(cast<RankedTensorType>(op->getResult(0).getType()));
    id.setInt(0, device);
    return FailureOr<Tensor>(std::move(id));
  }
  if (!devices)
    return evaluateExchange(op, operands.take_front(), device, count);
  FailureOr<std::shared_ptr<const std::vector<Tensor>>> exchanged =
      devices->exchange(device, op, operands.front());
  if (failed(exchanged))
    return FailureOr<Tensor>(failure());
  return evaluateExchange(op, **exchanged, device, count);
}

bool isSpmdFunction(func::FuncOp func) {
  return func
      .walk([](Operation *op) {
        return isa<hlo::DeviceIdOp, hlo::AllReduceOp, hlo::AllGatherOp,
                   hlo::ReduceScatterOp, hlo::AllToAllOp,
                   hlo::CollectivePermuteOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

FailureOr<std::vector<SmallVector<Tensor>>>
interpretOnDevices(func::FuncOp func,
                   ArrayRef<SmallVector<Tensor>> deviceArguments) {
  return runOnEveryRank(deviceArguments.size(), [&](int64_t device) {
    return interpretFunction(func, deviceArguments[device]);
  });
}

} // namespace fuse::interp
