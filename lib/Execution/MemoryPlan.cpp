//===- MemoryPlan.cpp - the memory a program will need, before it runs ----===//

#include "fuse/Execution/MemoryPlan.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"
#include "fuse/Execution/JitProgram.h"
#include "fuse/Support/ByteSize.h"
#include "fuse/Support/Location.h"

#include "llvm/Support/raw_ostream.h"

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

std::optional<MemoryExcess> findMemoryExcess(func::FuncOp func, uint64_t limit,
                                             bool checkPlan) {
  uint64_t callBytes = getCallBytes(func.getFunctionType());
  std::string limitText =
      std::to_string(limit) + " bytes (" + formatByteSize(limit) + ")";
  if (callBytes > limit)
    return MemoryExcess{"@" + func.getSymName().str() + " needs at least " +
                            std::to_string(callBytes) +
                            " bytes for its inputs and results; limit " +
                            limitText,
                        /*byPlan=*/false};
  if (!checkPlan)
    return std::nullopt;
  // The plan counts the results among the tensors the function makes.
  uint64_t inputBytes = getCallBytes(FunctionType::get(
      func.getContext(), func.getArgumentTypes(), TypeRange{}));
  MemoryPlan plan = planMemory(func);
  if (inputBytes + plan.peakBytes <= limit)
    return std::nullopt;
  Operation *def = plan.largest.getDefiningOp();
  std::string largestType;
  llvm::raw_string_ostream(largestType) << plan.largest.getType();
  return MemoryExcess{
      "@" + func.getSymName().str() + " would hold " +
          std::to_string(plan.peakBytes) + " bytes (" +
          formatByteSize(plan.peakBytes) + ") of tensors at once, besides " +
          std::to_string(inputBytes) + " bytes of inputs; the largest, " +
          largestType + " from " +
          (def ? describeOp(def) : std::string("a loop argument")) + ", is " +
          formatByteSize(plan.largestBytes) + ". The memory limit is " +
          limitText,
      /*byPlan=*/true};
}

} // namespace fuse::exec
