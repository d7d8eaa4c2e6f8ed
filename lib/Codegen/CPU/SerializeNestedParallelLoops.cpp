//===- SerializeNestedParallelLoops.cpp - one parallel loop per nest ------===//

#include "ParallelLoopSerialization.h"
#include "fuse/Codegen/CPU/Passes.h"

namespace fuse {
#define GEN_PASS_DEF_SERIALIZENESTEDPARALLELLOOPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

struct SerializeNestedParallelLoopsPass
    : fuse::impl::SerializeNestedParallelLoopsPassBase<
          SerializeNestedParallelLoopsPass> {
  void runOnOperation() override {
    SmallVector<scf::ParallelOp> nested;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>())
        nested.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    // Post-order: inner loops are serialized before the bodies holding them
    // are cloned.
    for (scf::ParallelOp loop : nested)
      fuse::serializeParallelLoop(rewriter, loop);
  }
};

} // namespace
