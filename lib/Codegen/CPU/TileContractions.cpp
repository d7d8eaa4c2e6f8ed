//===- TileContractions.cpp - products as packed vector kernels -----------===//

#include "fuse/Codegen/CPU/TileContractions.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_TILECONTRACTIONSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

struct TileContractionsPass
    : fuse::impl::TileContractionsPassBase<TileContractionsPass> {
  using TileContractionsPassBase::TileContractionsPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    fuse::TileContractionsOptions options;
    options.overrides = {
        registerRows, registerCols, depthBlock, rowBlock, colBlock, 0, 0};
    options.leftPacking = packLeft;
    RewritePatternSet accumulation(context);
    fuse::populateAccumulateIntoProductPatterns(accumulation);
    accumulations = std::move(accumulation);
    RewritePatternSet set(context);
    fuse::populateTileContractionsPatterns(set, policy, options);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // Sums into a product first, so that the kernel starts from them.
    if (failed(applyPatternsGreedily(getOperation(), accumulations)))
      return signalPassFailure();
    if (explain)
      explainRefusals();
    if (failed(applyPatternsGreedily(getOperation(), patterns)))
      signalPassFailure();
  }

  /// A remark on every product the patterns will leave, with the reason.
  void explainRefusals() {
    getOperation()->walk([&](linalg::LinalgOp op) {
      if (op.getNumReductionLoops() == 0 ||
          !linalg::isaContractionOpInterface(op))
        return;
      fuse::ContractionMatch match = fuse::matchContraction(op);
      std::string reason = match ? policy->refuse(match) : match.refusal;
      if (!reason.empty())
        op->emitRemark("product left to the loop path: ") << reason;
    });
  }

  std::shared_ptr<const fuse::ContractionPolicy> policy =
      std::make_shared<fuse::ContractionPolicy>();
  FrozenRewritePatternSet accumulations, patterns;
};

} // namespace
