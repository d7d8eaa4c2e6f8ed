//===- HoistLoopAllocas.cpp - one stack buffer per thread, not per row ----===//
//
// An alloca in a loop body takes new stack on every iteration until the
// function returns: a row fusion over a million rows with a 4 KiB buffer per
// row would need 4 GiB of stack. A memref.alloca_scope around the body would
// release it, but the scope cannot hold the blocks its inner loops lower to.
// The buffers are temporaries of one iteration, so each moves before the
// loops, where every thread allocates it once and reuses it; the loops it
// leaves no longer have iterations independent through memory.
//
//===----------------------------------------------------------------------===//

#include "ParallelLoopSerialization.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace fuse {
#define GEN_PASS_DEF_HOISTLOOPALLOCASPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether `buffer`, or a view of it, reaches a terminator: it would then
/// outlive its iteration.
bool escapesIteration(Value buffer) {
  SmallVector<Value> worklist = {buffer};
  while (!worklist.empty()) {
    Value value = worklist.pop_back_val();
    for (Operation *user : value.getUsers()) {
      if (user->hasTrait<OpTrait::IsTerminator>())
        return true;
      if (auto view = dyn_cast<ViewLikeOpInterface>(user);
          view && view.getViewSource() == value)
        llvm::append_range(worklist, user->getResults());
    }
  }
  return false;
}

/// The block the stack buffers of `alloca`'s thread live in: the region of
/// the enclosing omp.parallel (each thread runs it once) or the function's
/// entry block.
Block *threadEntryBlock(memref::AllocaOp alloca) {
  Operation *scope = alloca->getParentOp();
  while (scope && !isa<omp::ParallelOp, FunctionOpInterface>(scope))
    scope = scope->getParentOp();
  if (!scope)
    return nullptr;
  return &scope->getRegion(0).front();
}

struct HoistLoopAllocasPass
    : fuse::impl::HoistLoopAllocasPassBase<HoistLoopAllocasPass> {
  void runOnOperation() override {
    SmallVector<std::pair<memref::AllocaOp, Block *>> moves;
    getOperation()->walk([&](memref::AllocaOp alloca) {
      Block *entry = threadEntryBlock(alloca);
      if (!entry || alloca->getBlock() == entry ||
          !alloca.getType().hasStaticShape() || alloca->getNumOperands() != 0 ||
          escapesIteration(alloca))
        return;
      moves.push_back({alloca, entry});
    });
    IRRewriter rewriter(&getContext());
    for (auto [alloca, entry] : moves) {
      // The loops it leaves share it between their iterations.
      for (Operation *parent = alloca->getParentOp();
           parent != entry->getParentOp(); parent = parent->getParentOp())
        if (auto loop = dyn_cast<scf::ForOp>(parent))
          fuse::forgetParallelIterations(loop);
      rewriter.moveOpBefore(alloca, entry, entry->begin());
    }
  }
};

} // namespace
