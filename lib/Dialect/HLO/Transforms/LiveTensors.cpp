//===- LiveTensors.cpp - peak memory of a block of tensor ops -------------===//

#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"

#include <algorithm>
#include <cassert>

using namespace mlir;
using namespace fuse::hlo;

LiveTensorSchedule::Step::Step(Operation *op, ArrayRef<Value> reads,
                               ArrayRef<Value> defines, BytesFn bytesOf)
    : op(op), reads(reads), defines(defines),
      defineBytes(llvm::map_range(defines, bytesOf)) {}

void fuse::hlo::forEachRead(Operation *op, function_ref<void(Value)> read) {
  // Values read anywhere inside the op: reduce bodies may capture rank-0
  // values. A fusion's body, where fused programs keep most of their ops,
  // reads the block only through the fusion's operands.
  op->walk<WalkOrder::PreOrder>([&](Operation *nested) {
    for (Value operand : nested->getOperands())
      read(operand);
    return nested->hasTrait<OpTrait::IsIsolatedFromAbove>()
               ? WalkResult::skip()
               : WalkResult::advance();
  });
}

LiveTensorSchedule::LiveTensorSchedule(Block &block, BytesFn bytesOf)
    : bytesOf(bytesOf) {
  for (Operation &op : block) {
    SmallVector<Value> reads;
    forEachRead(&op, [&](Value value) {
      if (value.getParentBlock() == &block)
        reads.push_back(value);
    });
    steps.emplace_back(&op, reads, SmallVector<Value>(op.getResults()),
                       bytesOf);
  }
}

int64_t LiveTensorSchedule::getBytes(Value value) {
  auto type = dyn_cast<RankedTensorType>(value.getType());
  if (!type || !type.hasStaticShape())
    return 0;
  Type element = type.getElementType();
  // A complex number is two floats.
  int64_t bits = isa<ComplexType>(element) ? 2 * cast<ComplexType>(element)
                                                     .getElementType()
                                                     .getIntOrFloatBitWidth()
                                           : element.getIntOrFloatBitWidth();
  // Sub-byte types (i1) take a byte per element once materialised.
  return type.getNumElements() * std::max<int64_t>(1, (bits + 7) / 8);
}

int64_t LiveTensorSchedule::peakBytes() const {
  llvm::DenseMap<Value, std::pair<size_t, size_t>> intervals;
  for (auto [index, step] : llvm::enumerate(steps))
    for (Value value : step.defines)
      intervals[value] = {index, index};
  for (auto [index, step] : llvm::enumerate(steps))
    for (Value value : step.reads) {
      auto it = intervals.find(value);
      if (it != intervals.end())
        it->second.second = std::max(it->second.second, index);
    }
  // Bytes born at a step, and bytes dying after it.
  std::vector<int64_t> delta(steps.size() + 1, 0);
  for (const Step &step : steps)
    for (auto [value, bytes] :
         llvm::zip_equal(step.defines, step.defineBytes)) {
      auto [first, last] = intervals.lookup(value);
      delta[first] += bytes;
      delta[last + 1] -= bytes;
    }
  int64_t live = 0, peak = 0;
  for (size_t i = 0; i < steps.size(); ++i) {
    live += delta[i];
    peak = std::max(peak, live);
  }
  return peak;
}

size_t LiveTensorSchedule::indexOf(Operation *op) const {
  auto it = llvm::find_if(steps, [&](const Step &s) { return s.op == op; });
  assert(it != steps.end() && "op is not in the schedule");
  return it - steps.begin();
}

void LiveTensorSchedule::merge(ArrayRef<Operation *> removed, Operation *at,
                               ArrayRef<Value> reads, ArrayRef<Value> defines) {
  size_t position = indexOf(at);
  steps[position] = Step(at, reads, defines, bytesOf);
  for (Operation *op : removed)
    if (op != at)
      steps.erase(steps.begin() + indexOf(op));
}

void LiveTensorSchedule::moveAfter(Operation *op, Operation *anchor) {
  Step step = steps[indexOf(op)];
  steps.erase(steps.begin() + indexOf(op));
  steps.insert(steps.begin() + indexOf(anchor) + 1, std::move(step));
}
