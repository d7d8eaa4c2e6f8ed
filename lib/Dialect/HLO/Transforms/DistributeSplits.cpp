//===- DistributeSplits.cpp - the --distribute-splits pass ----------------===//

#include "fuse/Dialect/HLO/Transforms/DistributeSplits.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/SymbolTable.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_DISTRIBUTESPLITSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

StringRef describe(const CarriedGroup &group) {
  switch (group.combine) {
  case CarryCombine::Insert:
    return "blocks gathered";
  case CarryCombine::Elementwise:
    if (!group.viaAllReduce)
      return "gathered and folded";
    return isa<AddOp>(group.combiner) ? "summed" : "multiplied";
  case CarryCombine::Pairwise:
    return "gathered and reduced pairwise";
  }
  llvm_unreachable("unknown combination");
}

struct DistributeSplitsPass
    : fuse::hlo::impl::DistributeSplitsPassBase<DistributeSplitsPass> {
  using DistributeSplitsPassBase::DistributeSplitsPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    if (ranks < 1)
      return emitError(UnknownLoc::get(context))
             << "distribute-splits: ranks must be at least 1, got "
             << static_cast<int64_t>(ranks)
             << " (the number of processes `mpirun -np` will start)";
    if (strategy == "blocked")
      parsedStrategy = DistributionStrategy::Blocked;
    else if (strategy == "cyclic")
      parsedStrategy = DistributionStrategy::Cyclic;
    else
      return emitError(UnknownLoc::get(context))
             << "distribute-splits: unknown strategy '" << strategy
             << "': expected 'blocked' or 'cyclic'";
    return success();
  }

  void runOnOperation() override;

  /// The module's grid of ranks, created on first use.
  FailureOr<FlatSymbolRefAttr> getGrid();

  DistributionStrategy parsedStrategy = DistributionStrategy::Blocked;
};

FailureOr<FlatSymbolRefAttr> DistributeSplitsPass::getGrid() {
  ModuleOp module = getOperation();
  mlir::shard::GridOp grid = lookupRanksGrid(module);
  if (!grid)
    return createRanksGrid(module, ranks);
  if (grid.getShape() != ArrayRef<int64_t>{ranks})
    return grid.emitError()
           << "the program is already distributed over a grid of another "
              "shape; distribute-splits was asked for "
           << static_cast<int64_t>(ranks) << " ranks";
  return FlatSymbolRefAttr::get(&getContext(), kRanksGridName);
}

void DistributeSplitsPass::runOnOperation() {
  // The outermost loops; a nested split runs within its rank's slices.
  SmallVector<scf::ForOp> loops;
  getOperation().walk([&](scf::ForOp loop) {
    if (!loop->getParentOfType<scf::ForOp>())
      loops.push_back(loop);
  });
  IRRewriter rewriter(&getContext());
  for (scf::ForOp loop : loops) {
    DistributionPlan plan;
    if (fuse::Decision planned = planDistribution(loop, plan); !planned) {
      loop.emitRemark() << "cannot distribute this loop over "
                        << static_cast<int64_t>(ranks)
                        << " ranks: " << planned.reason();
      continue;
    }
    FailureOr<FlatSymbolRefAttr> grid = getGrid();
    if (failed(grid))
      return signalPassFailure();
    if (explain) {
      int64_t most = (plan.iterations + ranks - 1) / ranks;
      InFlightDiagnostic remark = loop.emitRemark();
      remark << "distributed " << plan.iterations << " slices over "
             << static_cast<int64_t>(ranks) << " ranks (" << strategy
             << "): at most " << most << " per rank";
      for (const CarriedGroup &group : plan.groups) {
        remark << "; carried value " << group.firstArg;
        if (group.numArgs > 1)
          remark << "-" << group.firstArg + group.numArgs - 1;
        remark << ": " << describe(group);
      }
    }
    emitDistribution(plan, ranks, parsedStrategy, *grid, rewriter);
  }
}

} // namespace
