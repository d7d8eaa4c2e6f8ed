//===- ScheduleParallelLoops.cpp - OpenMP loops shared as threads ask -----===//

#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"

namespace fuse {
#define GEN_PASS_DEF_SCHEDULEPARALLELLOOPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

struct ScheduleParallelLoopsPass
    : fuse::impl::ScheduleParallelLoopsPassBase<ScheduleParallelLoopsPass> {
  using Base::Base;

  LogicalResult initialize(MLIRContext *context) override {
    kind = llvm::StringSwitch<std::optional<omp::ClauseScheduleKind>>(
               schedule.getValue())
               .Case("guided", omp::ClauseScheduleKind::Guided)
               .Case("dynamic", omp::ClauseScheduleKind::Dynamic)
               .Case("static", omp::ClauseScheduleKind::Static)
               .Default(std::nullopt);
    if (!kind)
      return emitError(UnknownLoc::get(context))
             << "fuse-cpu-schedule-parallel-loops: schedule must be guided, "
                "dynamic or static, not '"
             << schedule << "'";
    return success();
  }

  void runOnOperation() override {
    auto attr = omp::ClauseScheduleKindAttr::get(&getContext(), *kind);
    getOperation()->walk(
        [&](omp::WsloopOp loop) { loop.setScheduleKindAttr(attr); });
  }

  std::optional<omp::ClauseScheduleKind> kind;
};

} // namespace
