//===- DotOrder.cpp - the --dot-order pass --------------------------------===//

#include "fuse/Dialect/HLO/Transforms/DotOrder.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include <algorithm>

namespace fuse::hlo {
#define GEN_PASS_DEF_DOTORDERPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct DotOrderPass : fuse::hlo::impl::DotOrderPassBase<DotOrderPass> {
  using DotOrderPassBase::DotOrderPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    DotOrderOptions options;
    options.costModel = costModel;
    options.debug = debug;
    RewritePatternSet set(context);
    populateDotOrderPatterns(set, options);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // Each chain once: its roots are found before any is rewritten, and the
    // driver visits no op it creates (a rebuilt chain is already in a best
    // order). Rewriting one chain leaves the others valid, as they share no
    // products. No folding: a program without a cheaper order comes out as
    // it went in.
    SmallVector<Operation *> roots;
    getOperation()->walk([&](Operation *op) {
      if (isChainRoot(op))
        roots.push_back(op);
    });
    // The driver takes the last op first: reversed, the chains come (and
    // debug prints them) in program order.
    std::reverse(roots.begin(), roots.end());
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps)
        .enableFolding(false)
        .enableConstantCSE(false);
    (void)applyOpPatternsGreedily(roots, patterns, config);
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
