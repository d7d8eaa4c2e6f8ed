//===- MPIReduceInPlace.cpp - the --fuse-mpi-reduce-in-place pass ---------===//

#include "fuse/Codegen/MPI/Passes.h"
#include "fuse/Codegen/MPI/ReduceInPlace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ViewLikeInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_MPIREDUCEINPLACEPASS
#include "fuse/Codegen/MPI/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The buffer a view chain (collapse_shape, expand_shape, cast) starts
/// from.
Value viewSource(Value buffer) {
  while (Operation *def = buffer.getDefiningOp()) {
    if (!isa<memref::CollapseShapeOp, memref::ExpandShapeOp, memref::CastOp>(
            def))
      break;
    buffer = def->getOperand(0);
  }
  return buffer;
}

/// The one op of `reduce`'s block that uses `target` before it, if it is
/// a copy; views that only `reduce` uses do not count.
Operation *findCopyInto(Value target, Operation *reduce) {
  Operation *copy = nullptr;
  for (Operation *user : target.getUsers()) {
    if (user->getBlock() != reduce->getBlock() ||
        !user->isBeforeInBlock(reduce))
      continue;
    if (isa<ViewLikeOpInterface>(user) &&
        llvm::all_of(user->getUsers(),
                     [&](Operation *viewUser) { return viewUser == reduce; }))
      continue;
    if (!isa<linalg::CopyOp, memref::CopyOp>(user))
      return nullptr;
    if (copy)
      return nullptr;
    copy = user;
  }
  return copy;
}

struct ReduceInOperandBuffer : OpRewritePattern<mpi::AllReduceOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(mpi::AllReduceOp reduce,
                                PatternRewriter &rewriter) const override {
    if (reduce.getSendbuf() != reduce.getRecvbuf())
      return rewriter.notifyMatchFailure(reduce, "not reduced in place");
    Value target = viewSource(reduce.getRecvbuf());
    auto targetAlloc = target.getDefiningOp<memref::AllocOp>();
    if (!targetAlloc || targetAlloc->getBlock() != reduce->getBlock())
      return rewriter.notifyMatchFailure(
          reduce, "its buffer is not an allocation of its block");
    Operation *copy = findCopyInto(target, reduce);
    if (!copy)
      return rewriter.notifyMatchFailure(
          reduce, "its buffer is not written by one copy before it");
    Value source = copy->getOperand(0);
    if (copy->getOperand(1) != target)
      return rewriter.notifyMatchFailure(reduce,
                                         "the copy writes a view of it");
    auto sourceAlloc = source.getDefiningOp<memref::AllocOp>();
    if (!sourceAlloc || sourceAlloc->getBlock() != reduce->getBlock() ||
        source.getType() != target.getType())
      return rewriter.notifyMatchFailure(
          reduce, "the copy's source is not an allocation of the same type "
                  "in its block");
    memref::DeallocOp sourceDealloc;
    for (Operation *user : source.getUsers()) {
      if (user == copy)
        continue;
      if (auto dealloc = dyn_cast<memref::DeallocOp>(user)) {
        sourceDealloc = dealloc;
        continue;
      }
      if (user->getBlock() != copy->getBlock() || !user->isBeforeInBlock(copy))
        return rewriter.notifyMatchFailure(
            reduce, "the operand's buffer is used after the copy");
    }
    // The operand's buffer takes the reduction's place, and is freed where
    // that buffer was (or leaves the function as it did).
    rewriter.eraseOp(copy);
    if (sourceDealloc)
      rewriter.eraseOp(sourceDealloc);
    rewriter.replaceOp(targetAlloc, source);
    return success();
  }
};

struct MPIReduceInPlacePass
    : fuse::impl::MPIReduceInPlacePassBase<MPIReduceInPlacePass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    fuse::populateMPIReduceInPlacePatterns(patterns);
    // The rewrite erases a deallocation after the matched op, which a
    // single walk would still visit. Nothing else is folded.
    GreedyRewriteConfig config;
    config.enableFolding(false).enableConstantCSE(false);
    config.setRegionSimplificationLevel(GreedySimplifyRegionLevel::Disabled);
    if (failed(
            applyPatternsGreedily(getOperation(), std::move(patterns), config)))
      signalPassFailure();
  }
};

} // namespace

void fuse::populateMPIReduceInPlacePatterns(RewritePatternSet &patterns) {
  patterns.add<ReduceInOperandBuffer>(patterns.getContext());
}
