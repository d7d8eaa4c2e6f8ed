//===- SplitTensors.cpp - the --split-tensors pass ------------------------===//

#include "fuse/Dialect/HLO/Transforms/SplitTensors.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Support/ByteSize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SetVector.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_SPLITTENSORSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct SplitTensorsPass
    : fuse::hlo::impl::SplitTensorsPassBase<SplitTensorsPass> {
  using SplitTensorsPassBase::SplitTensorsPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    std::optional<int64_t> threshold = fuse::parseByteSize(tensorSizeThreshold);
    if (!threshold || *threshold == 0)
      return emitError(UnknownLoc::get(context))
             << "split-tensors: invalid tensor-size-threshold '"
             << tensorSizeThreshold
             << "': expected a positive byte count such as 1GB, 256MiB or "
                "4096";
    options.thresholdBytes = options.sliceBytes = *threshold;
    if (!splitSize.empty()) {
      std::optional<int64_t> slice = fuse::parseByteSize(splitSize);
      if (!slice || *slice == 0 || *slice > *threshold)
        return emitError(UnknownLoc::get(context))
               << "split-tensors: invalid split-size '" << splitSize
               << "': expected a positive byte count no larger than "
                  "tensor-size-threshold";
      options.sliceBytes = *slice;
    }
    RewritePatternSet set(context);
    populateTensorSplittingPatterns(set, options);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override;

  /// A remark (an error with fail-on-unsplittable) at `op`.
  InFlightDiagnostic diagnose(Operation *op) {
    return failOnUnsplittable ? op->emitError() : op->emitRemark();
  }

  void explainSplits(Operation *root);
  bool reportUnsplit(Operation *root);

  TensorSplitOptions options;
  FrozenRewritePatternSet patterns;
};

/// Says how each start point would be split, before the rewrite.
void SplitTensorsPass::explainSplits(Operation *root) {
  root->walk([&](Operation *op) {
    if (!isSplitStartPoint(op, options))
      return;
    TensorSplitPlan plan;
    if (!planTensorSplit(op, options, plan))
      return;
    int64_t slices = (plan.extent + plan.sliceSize - 1) / plan.sliceSize;
    InFlightDiagnostic remark = op->emitRemark();
    remark << "split along "
           << (plan.combine == SplitCombine::Insert ? "result" : "reduced")
           << " dimension of size " << plan.extent << " into " << slices
           << " slices of " << plan.sliceSize;
    if (int64_t remainder = plan.extent % plan.sliceSize)
      remark << " (the last of " << remainder << ")";
    remark << ", recomputing " << plan.path.size()
           << (plan.path.size() == 1 ? " op" : " ops")
           << " per slice; largest tensor of a slice "
           << fuse::formatByteSize(plan.sliceBytes);
  });
}

/// Reports each start point left and each tensor over the threshold that
/// no start point reads; returns whether there was any.
bool SplitTensorsPass::reportUnsplit(Operation *root) {
  // The producers of the big operands of unsplit start points: their
  // remark says why.
  llvm::SetVector<Operation *> explained;
  bool any = false;
  root->walk([&](Operation *op) {
    if (!isSplitStartPoint(op, options))
      return;
    TensorSplitPlan plan;
    Decision planned = planTensorSplit(op, options, plan);
    if (planned)
      return; // split inside a loop that the driver has not revisited
    any = true;
    diagnose(op) << "cannot split `" << op->getName()
                 << "`, which reads a tensor over the " << tensorSizeThreshold
                 << " threshold: " << planned.reason();
    SmallVector<Value> worklist(op->getOperands());
    while (!worklist.empty()) {
      Operation *def = worklist.pop_back_val().getDefiningOp();
      if (def && explained.insert(def))
        for (Value operand : def->getOperands())
          if (LiveTensorSchedule::getBytes(operand) > options.thresholdBytes)
            worklist.push_back(operand);
    }
  });
  root->walk([&](Operation *op) {
    // Slices of an enclosing split are views of a tensor that is there.
    if (explained.contains(op) || isa<DynamicSliceOp>(op) ||
        isa_and_nonnull<FusionOp>(op->getParentOp()))
      return;
    for (Value result : op->getResults()) {
      int64_t bytes = LiveTensorSchedule::getBytes(result);
      if (bytes <= options.thresholdBytes)
        continue;
      any = true;
      diagnose(op) << "`" << op->getName() << "` makes a tensor of "
                   << fuse::formatByteSize(bytes) << ", over the "
                   << tensorSizeThreshold
                   << " threshold, that no dot_general, dot or reduce reduces "
                      "below it";
      break;
    }
  });
  return any;
}

void SplitTensorsPass::runOnOperation() {
  Operation *root = getOperation();
  if (explain)
    explainSplits(root);
  GreedyRewriteConfig config;
  config.setUseTopDownTraversal()
      .enableFolding(false)
      .enableConstantCSE(false)
      .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
  if (failed(applyPatternsGreedily(root, patterns, config))) {
    root->emitError("split-tensors did not converge");
    return signalPassFailure();
  }
  if (reportUnsplit(root) && failOnUnsplittable)
    signalPassFailure();
}

} // namespace
