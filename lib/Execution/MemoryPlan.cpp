//===- MemoryPlan.cpp - the memory a program will need, before it runs ----===//

#include "fuse/Execution/MemoryPlan.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

using namespace mlir;

namespace fuse::exec {
namespace {

/// Whether the tensors of `op`'s regions are materialised: not those of a
/// fusion (one kernel) or of a reduction's scalar body.
bool materialisesRegions(Operation *op) {
  return !isa<hlo::FusionOp, hlo::ReduceOp>(op);
}

uint64_t planBlock(Block &block, MemoryPlan &plan,
                   hlo::LiveTensorSchedule::BytesFn bytesOf) {
  uint64_t nestedPeak = 0;
  for (Operation &op : block) {
    for (Value result : op.getResults()) {
      uint64_t bytes = bytesOf(result);
      if (bytes > plan.largestBytes) {
        plan.largestBytes = bytes;
        plan.largest = result;
      }
    }
    if (!materialisesRegions(&op))
      continue;
    for (Region &region : op.getRegions())
      for (Block &nested : region)
        nestedPeak = std::max(nestedPeak, planBlock(nested, plan, bytesOf));
  }
  // An upper bound: the loop body's peak on top of the block's.
  return hlo::LiveTensorSchedule(block, bytesOf).peakBytes() + nestedPeak;
}

} // namespace

MemoryPlan planMemory(func::FuncOp func,
                      hlo::LiveTensorSchedule::BytesFn bytesOf) {
  MemoryPlan plan;
  if (!func.isExternal())
    plan.peakBytes = planBlock(func.getBody().front(), plan, bytesOf);
  return plan;
}

} // namespace fuse::exec
