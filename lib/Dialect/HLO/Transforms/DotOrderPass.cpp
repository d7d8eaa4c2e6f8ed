//===- DotOrderPass.cpp - the --dot-order pass ----------------------------===//

#include "fuse/Dialect/HLO/Transforms/DotOrder.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/IR/PatternMatch.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_DOTORDERPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct DotOrderPass : fuse::hlo::impl::DotOrderPassBase<DotOrderPass> {
  using DotOrderPassBase::DotOrderPassBase;

  void runOnOperation() override {
    DotOrderOptions options;
    options.costModel = costModel;
    options.debug = debug;
    // Each chain once: its roots are found before any is rewritten, and a
    // rebuilt chain is already in a best order. Rewriting one chain leaves
    // the others valid, as they share no products.
    SmallVector<Operation *> roots;
    getOperation()->walk([&](Operation *op) {
      if (isChainRoot(op))
        roots.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *root : roots)
      (void)reorderMatrixChain(rewriter, root, options);
  }
};

} // namespace
