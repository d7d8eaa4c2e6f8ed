//===- SplitTensorsPolicy.cpp - which feasible split to take --------------===//

#include "fuse/Dialect/HLO/Transforms/SplitTensors.h"

#include "llvm/ADT/StringExtras.h"

#include <tuple>

using namespace mlir;
using namespace fuse::hlo;

bool SplitPolicy::isBetter(const TensorSplitPlan &candidate,
                           const TensorSplitPlan &best,
                           const TensorSplitOptions &options) const {
  // Fewer slices first; a slice over the threshold only as a last resort
  // (a later split of the loop body takes it further).
  auto key = [&](const TensorSplitPlan &plan) {
    int64_t slices = (plan.extent + plan.sliceSize - 1) / plan.sliceSize;
    return std::make_tuple(plan.sliceBytes > options.sliceBytes, slices,
                           plan.combine == SplitCombine::Accumulate);
  };
  return key(candidate) < key(best);
}

Decision fuse::hlo::planTensorSplit(Operation *start,
                                    const TensorSplitOptions &options,
                                    TensorSplitPlan &plan,
                                    const SplitPolicy &policy) {
  if (Decision here = isLegalToSplitAt(start); !here)
    return here;
  SmallVector<std::string> reasons;
  std::optional<TensorSplitPlan> best;
  for (const SplitCandidate &candidate : listSplitCandidates(start)) {
    TensorSplitPlan candidatePlan;
    Decision feasible =
        planSplitCandidate(start, candidate, options, candidatePlan);
    if (!feasible) {
      reasons.push_back(candidate.name + ": " + feasible.reason().str());
      continue;
    }
    if (!best || policy.isBetter(candidatePlan, *best, options))
      best = std::move(candidatePlan);
  }
  if (!best)
    return Decision::forbid(reasons.empty() ? "it has no dimension to split"
                                            : llvm::join(reasons, "; "));
  plan = std::move(*best);
  return Decision::allow();
}
