//===- MarkLightKernels.cpp - cheap code for kernels that do little -------===//
//
// LLVM's IR optimizer costs about as much per instruction for a kernel over
// 16 channels as for one over an image, and vectorizing a short loop makes
// it larger, not faster to compile. Kernels that run few operations per
// call of the program are marked, and the JIT compiles them without it.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/LightKernels.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/MathExtras.h"

namespace fuse {
#define GEN_PASS_DEF_MARKLIGHTKERNELSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// A count that may be unbounded (std::nullopt): a loop of unknown trip
/// count, a call inside one.
using Count = std::optional<uint64_t>;

Count multiply(Count a, Count b) {
  if (!a || !b)
    return std::nullopt;
  return llvm::SaturatingMultiply(*a, *b);
}

Count add(Count a, Count b) {
  if (!a || !b)
    return std::nullopt;
  return llvm::SaturatingAdd(*a, *b);
}

/// The iterations of the loops `lowerBounds` .. `steps` describe, each
/// dimension's count multiplied.
Count countIterations(ArrayRef<OpFoldResult> lowerBounds,
                      ArrayRef<OpFoldResult> upperBounds,
                      ArrayRef<OpFoldResult> steps) {
  Count iterations = 1;
  for (auto [lower, upper, step] : llvm::zip(lowerBounds, upperBounds, steps)) {
    std::optional<int64_t> l = getConstantIntValue(lower),
                           u = getConstantIntValue(upper),
                           s = getConstantIntValue(step);
    if (!l || !u || !s || *s <= 0)
      return std::nullopt;
    iterations = multiply(
        iterations, uint64_t(*u > *l ? llvm::divideCeil(*u - *l, *s) : 0));
  }
  return iterations;
}

/// How often `op` runs its regions each time it runs: a loop's iterations,
/// once for other ops (branches, a parallel region).
Count countRegionRuns(Operation *op) {
  if (isa<scf::WhileOp>(op))
    return std::nullopt;
  if (auto nest = dyn_cast<omp::LoopNestOp>(op))
    return countIterations(getAsOpFoldResult(nest.getLoopLowerBounds()),
                           getAsOpFoldResult(nest.getLoopUpperBounds()),
                           getAsOpFoldResult(nest.getLoopSteps()));
  if (auto loop = dyn_cast<LoopLikeOpInterface>(op)) {
    std::optional<SmallVector<OpFoldResult>> lower = loop.getLoopLowerBounds(),
                                             upper = loop.getLoopUpperBounds(),
                                             steps = loop.getLoopSteps();
    if (!lower || !upper || !steps)
      return std::nullopt;
    return countIterations(*lower, *upper, *steps);
  }
  return 1;
}

/// The operations one run of `op` executes: itself, and its regions' ops as
/// often as they run.
Count countExecutedOps(Operation *op) {
  Count inside = 0;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      for (Operation &nested : block)
        inside = add(inside, countExecutedOps(&nested));
  if (inside == Count(0))
    return 1;
  return add(1, multiply(countRegionRuns(op), inside));
}

bool hasLoop(func::FuncOp function) {
  return function
      .walk([](Operation *op) {
        return isa<LoopLikeOpInterface, omp::LoopNestOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// How often each function runs per call of the program's public functions
/// (each called once by the program's user). A private function that no
/// `func.call` names may be called some other way: its count is unknown.
class CallCounts {
public:
  explicit CallCounts(ModuleOp module) {
    module.walk([&](func::CallOp call) {
      callsOf[call.getCalleeAttr().getAttr()].push_back(call);
    });
  }

  Count get(func::FuncOp function) {
    auto [known, inserted] = counts.try_emplace(function, std::nullopt);
    // A function in a cycle of calls is reached again before it is known.
    if (!inserted)
      return known->second;
    SmallVector<func::CallOp> calls = callsOf.lookup(function.getSymNameAttr());
    if (function.isPrivate() && calls.empty())
      return std::nullopt;
    Count total = function.isPublic() ? 1 : 0;
    for (func::CallOp call : calls) {
      auto caller = call->getParentOfType<func::FuncOp>();
      Count runs = get(caller);
      for (Operation *around = call->getParentOp(); around != caller;
           around = around->getParentOp())
        runs = multiply(runs, countRegionRuns(around));
      total = add(total, runs);
    }
    counts[function] = total;
    return total;
  }

private:
  llvm::DenseMap<StringAttr, SmallVector<func::CallOp>> callsOf;
  llvm::DenseMap<func::FuncOp, Count> counts;
};

void markLight(func::FuncOp function) {
  Builder builder(function.getContext());
  SmallVector<Attribute> passthrough;
  if (auto existing = function->getAttrOfType<ArrayAttr>("passthrough"))
    llvm::append_range(passthrough, existing);
  passthrough.push_back(builder.getStringAttr(fuse::kLightKernelAttribute));
  function->setAttr("passthrough", builder.getArrayAttr(passthrough));
}

struct MarkLightKernelsPass
    : fuse::impl::MarkLightKernelsPassBase<MarkLightKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    if (maxOps <= 0)
      return;
    ModuleOp module = getOperation();
    CallCounts calls(module);
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isExternal() || !hasLoop(function))
        continue;
      Count ops = multiply(calls.get(function), countExecutedOps(function));
      if (ops && *ops <= uint64_t(maxOps))
        markLight(function);
    }
  }
};

} // namespace
