//===- ReuseInputBuffers.cpp - elementwise results in their inputs' place -===//
//
// One-shot bufferization gives the result of a linalg.generic whose init is
// a tensor.empty a new buffer, even when an input of the same shape dies at
// that op. In a loop that carries an accumulator (`acc + x`), the new
// buffer is then copied into the loop's buffer at every iteration. Making
// the dying input the init lets bufferization write the result in place.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace fuse {
#define GEN_PASS_DEF_REUSEINPUTBUFFERSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether `value` lives in a buffer the program owns and may overwrite: a
/// loop's carried value or a linalg op's result (not a function argument,
/// a constant or a view of another buffer).
bool isWritableBuffer(Value value) {
  if (auto argument = dyn_cast<BlockArgument>(value))
    return isa<scf::ForOp, scf::WhileOp>(argument.getOwner()->getParentOp());
  return isa<linalg::LinalgOp>(value.getDefiningOp());
}

/// An input of `op` that its init `init` can take the place of: same type
/// and indexing map, read by `op` alone, in a writable buffer, and defined
/// in `op`'s block (a value from around a loop is read again by the next
/// iteration).
OpOperand *findDyingInput(linalg::GenericOp op, OpOperand &init) {
  AffineMap initMap = op.getMatchingIndexingMap(&init);
  for (OpOperand *input : op.getDpsInputOperands()) {
    Value value = input->get();
    if (value.getType() == init.get().getType() && value.hasOneUse() &&
        value.getParentBlock() == op->getBlock() &&
        op.getMatchingIndexingMap(input) == initMap && isWritableBuffer(value))
      return input;
  }
  return nullptr;
}

/// Every init of a generic that an input can take the place of takes it,
/// in one rewrite: the pass visits each op once.
struct ReuseDyingInputs : OpRewritePattern<linalg::GenericOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(linalg::GenericOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumLoops() != op.getNumParallelLoops())
      return rewriter.notifyMatchFailure(op, "has reduction loops");
    bool reused = false;
    for (OpOperand &init : op.getDpsInitsMutable()) {
      if (!init.get().getDefiningOp<tensor::EmptyOp>() ||
          op.payloadUsesValueFromOperand(&init) ||
          !op.getMatchingIndexingMap(&init).isPermutation())
        continue;
      if (OpOperand *input = findDyingInput(op, init)) {
        rewriter.modifyOpInPlace(op, [&] { init.set(input->get()); });
        reused = true;
      }
    }
    if (!reused)
      return rewriter.notifyMatchFailure(op,
                                         "no init can take an input's place");
    return success();
  }
};

struct ReuseInputBuffersPass
    : fuse::impl::ReuseInputBuffersPassBase<ReuseInputBuffersPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<ReuseDyingInputs>(&getContext());
    // One walk: a rewrite makes no new match elsewhere, and the greedy
    // driver would also fold the whole program before bufferization.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
