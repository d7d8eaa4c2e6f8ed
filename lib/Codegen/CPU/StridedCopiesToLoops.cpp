//===- StridedCopiesToLoops.cpp - strided copies as vectorizable loops ----===//
//
// A memref.copy that is not between two identity layouts lowers to the
// runtime's memrefCopy, one element at a time on one thread. As linalg.copy
// it becomes parallel loops that LLVM vectorizes.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_STRIDEDCOPIESTOLOOPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

struct StridedCopyToLinalg : OpRewritePattern<memref::CopyOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(memref::CopyOp copy,
                                PatternRewriter &rewriter) const override {
    auto source = dyn_cast<MemRefType>(copy.getSource().getType());
    auto target = dyn_cast<MemRefType>(copy.getTarget().getType());
    if (!source || !target)
      return rewriter.notifyMatchFailure(copy, "unranked buffers");
    if (source.getLayout().isIdentity() && target.getLayout().isIdentity())
      return rewriter.notifyMatchFailure(copy, "contiguous: one memcpy");
    if (source.getRank() == 0 ||
        (source.hasStaticShape() && source.getNumElements() == 0))
      return rewriter.notifyMatchFailure(copy, "nothing to loop over");
    rewriter.replaceOpWithNewOp<linalg::CopyOp>(copy, copy.getSource(),
                                                copy.getTarget());
    return success();
  }
};

struct StridedCopiesToLoopsPass
    : fuse::impl::StridedCopiesToLoopsPassBase<StridedCopiesToLoopsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<StridedCopyToLinalg>(&getContext());
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
