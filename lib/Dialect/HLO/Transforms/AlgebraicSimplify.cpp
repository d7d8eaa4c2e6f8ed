//===- AlgebraicSimplify.cpp - the --algebraic-simplify pass --------------===//

#include "fuse/Dialect/HLO/Transforms/AlgebraicSimplify.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_ALGEBRAICSIMPLIFYPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Remarks for the reductions and products left that almost matched a
/// rewrite.
void explainNearMisses(Operation *root, bool broadcasts, bool squaredDistances,
                       bool gatheredProducts) {
  if (gatheredProducts)
    root->walk([&](DotGeneralOp dot) {
      std::string reason = explainGatheredProduct(dot);
      if (!reason.empty())
        emitRemark(dot.getLoc())
            << "gathered product not rewritten: " << reason;
    });
  root->walk([&](ReduceOp reduce) {
    std::string reason;
    if (squaredDistances && !matchSquaredDistance(reduce, reason) &&
        !reason.empty())
      emitRemark(reduce.getLoc())
          << "squared distance not rewritten: " << reason;
    reason.clear();
    if (broadcasts && failed(canFoldReduceOfBroadcast(reduce, reason)) &&
        !reason.empty())
      emitRemark(reduce.getLoc())
          << "reduction of a broadcast not folded: " << reason;
  });
}

struct AlgebraicSimplifyPass
    : fuse::hlo::impl::AlgebraicSimplifyPassBase<AlgebraicSimplifyPass> {
  using AlgebraicSimplifyPassBase::AlgebraicSimplifyPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    if (broadcasts)
      populateBroadcastSimplificationPatterns(set);
    if (squaredDistances)
      populateSquaredDistancePatterns(set);
    if (gatheredProducts)
      populateGatheredProductPatterns(set);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    if (failed(applyPatternsGreedily(getOperation(), patterns))) {
      getOperation()->emitError("algebraic-simplify did not converge");
      return signalPassFailure();
    }
    if (explain)
      explainNearMisses(getOperation(), broadcasts, squaredDistances,
                        gatheredProducts);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
