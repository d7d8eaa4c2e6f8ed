//===- HLOToLinalg.cpp - hlo to linalg conversion -------------------------===//

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "LoweringPatterns.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

namespace fuse {
#define GEN_PASS_DEF_CONVERTHLOTOLINALGPASS
#include "fuse/Conversion/HLOToLinalg/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse::hlo;

namespace {

struct ConvertHLOToLinalgPass
    : fuse::impl::ConvertHLOToLinalgPassBase<ConvertHLOToLinalgPass> {
  using ConvertHLOToLinalgPassBase::ConvertHLOToLinalgPassBase;

  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet set(context);
    fuse::ConvertHLOToLinalgPassOptions options;
    options.parallelLowerings = parallelLowerings;
    options.sortPartLength = sortPartLength;
    fuse::populateHLOToLinalgPatterns(set, options);
    patterns = std::move(set);
    return success();
  }

  void runOnOperation() override {
    // Transfers call the host's runtime, which linalg cannot express.
    WalkResult transfers = getOperation()->walk([](Operation *op) {
      if (!isa<InfeedOp, OutfeedOp>(op))
        return WalkResult::advance();
      op->emitOpError("has no lowering to linalg: transfers with the outside "
                      "of the program run on the CPU only, where "
                      "convert-hlo-transfers-to-calls makes them calls of the "
                      "host's runtime");
      return WalkResult::interrupt();
    });
    if (transfers.wasInterrupted())
      return signalPassFailure();
    ConversionTarget target(getContext());
    fuse::configureHLOToLinalgTarget(target);
    if (failed(applyPartialConversion(getOperation(), target, patterns)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void fuse::populateHLOToLinalgPatterns(
    RewritePatternSet &patterns, const ConvertHLOToLinalgPassOptions &options) {
  bool parallelLowerings = options.parallelLowerings;
  fuse::detail::populateElementwiseLoweringPatterns(patterns);
  fuse::detail::populateShapeLoweringPatterns(patterns);
  fuse::detail::populateReduceLoweringPatterns(patterns);
  fuse::detail::populateDotLoweringPatterns(patterns);
  fuse::detail::populateControlFlowLoweringPatterns(patterns);
  fuse::detail::populateGatherScatterLoweringPatterns(patterns,
                                                      parallelLowerings);
  fuse::detail::populateConvolutionLoweringPatterns(patterns);
  fuse::detail::populateConvolutionPhaseLoweringPatterns(patterns);
  fuse::detail::populateWindowLoweringPatterns(patterns, parallelLowerings);
  fuse::detail::populateSortLoweringPatterns(patterns, parallelLowerings,
                                             options.sortPartLength);
  fuse::detail::populateRngLoweringPatterns(patterns);
  fuse::detail::populateCollectiveLoweringPatterns(patterns);
  fuse::detail::populateFusionLoweringPatterns(patterns);
}

void fuse::configureHLOToLinalgTarget(ConversionTarget &target) {
  target.addIllegalDialect<HLODialect>();
  target.addLegalDialect<
      arith::ArithDialect, bufferization::BufferizationDialect,
      complex::ComplexDialect, linalg::LinalgDialect, LLVM::LLVMDialect,
      math::MathDialect, memref::MemRefDialect, scf::SCFDialect,
      tensor::TensorDialect>();
}
