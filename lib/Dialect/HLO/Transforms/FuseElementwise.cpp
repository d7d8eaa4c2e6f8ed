//===- FuseElementwise.cpp - the --fuse-elementwise pass ------------------===//
//
// Wires the fusion patterns to the default policy in three rounds:
// producer/consumer fusion first (so multi-output fusion does not grab a
// producer that plain fusion would have taken whole), then multi-output
// fusion, then cleanup of single-op fusions. Explanations are computed
// before the cleanup, while every op that could seed a fusion still is one;
// the report and the Graphviz dump look at the final IR.
//
//===----------------------------------------------------------------------===//

#include "FuseElementwiseUtils.h"

#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Transforms/CSE.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/ToolOutputFile.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_FUSEELEMENTWISEPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Remarks for every producer/consumer pair that was not fused.
void explainUnfusedPairs(ModuleOp module, const FusionPolicy &policy) {
  module.walk([&](Operation *consumer) {
    Block *block = consumer->getBlock();
    if (!block || isInKernelBody(consumer) ||
        consumer->hasTrait<OpTrait::IsTerminator>() ||
        isa<ConstantOp, func::FuncOp>(consumer))
      return;
    llvm::SmallPtrSet<Operation *, 4> seen;
    for (Value operand : consumer->getOperands()) {
      Operation *producer = operand.getDefiningOp();
      if (!producer || producer->getBlock() != block ||
          !seen.insert(producer).second)
        continue;
      std::string reason;
      if (auto fusion = dyn_cast<FusionOp>(consumer)) {
        MergeMode mode;
        Decision decision = decideProducerFusion(
            producer, fusion, policy, policy.getOptions().multiOutput, mode);
        if (decision)
          continue;
        reason = decision.reason().str();
      } else if (isa_and_nonnull<HLODialect>(consumer->getDialect())) {
        reason = "it is lowered as a kernel of its own";
      } else {
        reason = "it is not an hlo op";
      }
      emitRemark(producer->getLoc())
          << "not fused into " << fuse::hlo::detail::describe(consumer) << ": "
          << reason;
    }
  });
}

struct FuseElementwisePass
    : fuse::hlo::impl::FuseElementwisePassBase<FuseElementwisePass> {
  using FuseElementwisePassBase::FuseElementwisePassBase;

  LogicalResult initialize(MLIRContext *context) override {
    FusionPolicyOptions options;
    options.maxOperands = maxOperands;
    options.maxResults = maxResults;
    options.allowDuplication = allowDuplication;
    options.fuseReductions = fuseReductions;
    options.fuseDotEpilogues = fuseDotEpilogues;
    options.multiOutput = multiOutput;
    options.rowFusion = rowFusion;
    policy = std::make_shared<FusionPolicy>(options);

    RewritePatternSet producerConsumer(context);
    populateProducerConsumerFusionPatterns(producerConsumer, *policy);
    rounds.emplace_back(std::move(producerConsumer));
    if (multiOutput) {
      RewritePatternSet multi(context);
      populateMultiOutputFusionPatterns(multi, *policy);
      rounds.emplace_back(std::move(multi));
    }
    RewritePatternSet cleanup(context);
    populateTrivialFusionCleanupPatterns(cleanup);
    rounds.emplace_back(std::move(cleanup));
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Fusion only regroups ops: no folding or region simplification, which
    // would change the program being fused.
    GreedyRewriteConfig config;
    config.enableFolding(false)
        .enableConstantCSE(false)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled)
        .setListener(&policy->getRewriteListener());
    for (const FrozenRewritePatternSet &patterns : rounds) {
      if (&patterns == &rounds.back() && explain)
        explainUnfusedPairs(module, *policy);
      if (failed(applyPatternsGreedily(module, patterns, config))) {
        module.emitError("fuse-elementwise did not converge");
        return signalPassFailure();
      }
    }
    // Producers duplicated into a fusion along several paths, and repeated
    // constants, collapse to one copy.
    IRRewriter rewriter(module.getContext());
    DominanceInfo dominance;
    module.walk([&](FusionOp fusion) {
      eliminateCommonSubExpressions(rewriter, dominance, fusion);
    });

    if (report)
      fuse::hlo::printFusionReport(module, llvm::errs());
    if (!dumpDot.empty()) {
      std::string error;
      std::unique_ptr<llvm::ToolOutputFile> file =
          openOutputFile(dumpDot, &error);
      if (!file) {
        module.emitError("cannot write the fusion graph: ") << error;
        return signalPassFailure();
      }
      fuse::hlo::printFusionGraph(module, file->os());
      file->keep();
    }
  }

  std::shared_ptr<FusionPolicy> policy;
  SmallVector<FrozenRewritePatternSet> rounds;
};

} // namespace
