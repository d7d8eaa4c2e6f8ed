//===- KeepInnerLoops.cpp - no full unrolling of short inner loops --------===//

#include "ParallelLoopSerialization.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace fuse {
#define GEN_PASS_DEF_KEEPINNERLOOPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isNestedInLoop(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp())
    if (isa<LoopLikeOpInterface, omp::LoopNestOp>(parent))
      return true;
  return false;
}

/// Selections and minima/maxima: the chains LLVM's vectorizer is slow on,
/// unrolled at any trip count.
bool selects(scf::ForOp loop) {
  bool found = false;
  loop.getBody()->walk([&](Operation *op) {
    if (isa<arith::SelectOp, arith::MaximumFOp, arith::MinimumFOp,
            arith::MaxNumFOp, arith::MinNumFOp, arith::MaxSIOp, arith::MinSIOp,
            arith::MaxUIOp, arith::MinUIOp>(op))
      found = true;
  });
  return found;
}

bool hasNestedLoop(scf::ForOp loop) {
  bool found = false;
  loop.getBody()->walk([&](LoopLikeOpInterface) { found = true; });
  return found;
}

struct KeepInnerLoopsPass
    : fuse::impl::KeepInnerLoopsPassBase<KeepInnerLoopsPass> {
  using KeepInnerLoopsPassBase::KeepInnerLoopsPassBase;

  void runOnOperation() override {
    MLIRContext *context = &getContext();
    auto unroll = LLVM::LoopUnrollAttr::get(
        context, /*disable=*/BoolAttr::get(context, true), {}, {}, {}, {}, {},
        {});
    auto rolled = LLVM::LoopAnnotationAttr::get(
        context, /*disableNonforced=*/{}, /*vectorize=*/{}, /*interleave=*/{},
        unroll, /*unrollAndJam=*/{}, /*licm=*/{}, /*distribute=*/{},
        /*pipeline=*/{}, /*peeled=*/{}, /*unswitch=*/{}, /*mustProgress=*/{},
        /*isVectorized=*/{}, /*startLoc=*/{}, /*endLoc=*/{},
        /*parallelAccesses=*/{});
    getOperation()->walk([&](scf::ForOp loop) {
      std::optional<APInt> trips = loop.getStaticTripCount();
      if (!trips || trips->getSExtValue() > maxTripCount ||
          !isNestedInLoop(loop) || hasNestedLoop(loop))
        return;
      // Unrolled, a loop over a row of at least a vector's elements leaves
      // its outer loop to be vectorized across rows, with gathers.
      if (trips->getSExtValue() < minTripCount && !selects(loop))
        return;
      // A serialized parallel loop keeps its access group.
      ArrayRef<LLVM::AccessGroupAttr> parallelAccesses;
      if (auto annotation = loop->getAttrOfType<LLVM::LoopAnnotationAttr>(
              fuse::kLoopAnnotationName))
        parallelAccesses = annotation.getParallelAccesses();
      loop->setAttr(
          fuse::kLoopAnnotationName,
          fuse::withParallelAccesses(context, rolled, parallelAccesses));
    });
  }
};

} // namespace
