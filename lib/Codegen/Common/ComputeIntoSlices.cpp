//===- ComputeIntoSlices.cpp - operands computed into their slices --------===//
//
// One-shot bufferization copies a value inserted into a larger tensor
// unless its producer already wrote it there. Upstream's empty-tensor
// elimination finds such producers with a bufferization analysis of the
// whole module; the chains a concatenation lowers to need no analysis.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_COMPUTEINTOSLICESPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether `value`, which an op of `op`'s block reads, is available before
/// `op`: a block argument, defined in another block (which then dominates
/// this one), or defined before `op`.
bool isDefinedBefore(Value value, Operation *op) {
  Operation *definition = value.getDefiningOp();
  return !definition || definition->getBlock() != op->getBlock() ||
         definition->isBeforeInBlock(op);
}

/// Whether `value` is a tensor.empty, or inserts into one: a buffer the
/// program makes anew, which the producer may write. (A function's
/// argument is read-only: bufferization would copy it whole.)
bool isInsertedIntoEmpty(Value value) {
  while (auto insert = value.getDefiningOp<tensor::InsertSliceOp>())
    value = insert.getDest();
  return value.getDefiningOp<tensor::EmptyOp>() != nullptr;
}

/// Makes the producer of `insert`'s source compute into the slice of the
/// destination, and moves `insert` to just after it.
LogicalResult computeInsertedSliceInPlace(RewriterBase &rewriter,
                                          tensor::InsertSliceOp insert) {
  if (!insert.getOffsets().empty() || !insert.getSizes().empty() ||
      !insert.getStrides().empty())
    return rewriter.notifyMatchFailure(insert, "the slice is not static");
  auto source = dyn_cast<OpResult>(insert.getSource());
  auto producer =
      source ? dyn_cast<linalg::LinalgOp>(source.getOwner()) : nullptr;
  if (!producer || !source.hasOneUse() ||
      producer->getBlock() != insert->getBlock())
    return rewriter.notifyMatchFailure(
        insert, "the source is not a linalg result read by the insert "
                "alone in its block");
  OpOperand *init = producer.getDpsInitOperand(source.getResultNumber());
  auto empty = init->get().getDefiningOp<tensor::EmptyOp>();
  if (!empty || !empty->hasOneUse() ||
      producer.payloadUsesValueFromOperand(init))
    return rewriter.notifyMatchFailure(
        insert, "the producer does not start from a tensor.empty of its "
                "own");
  Value destination = insert.getDest();
  if (!isInsertedIntoEmpty(destination))
    return rewriter.notifyMatchFailure(
        insert, "the destination does not start as a tensor.empty");
  auto emptyDestination = destination.getDefiningOp<tensor::EmptyOp>();
  bool moveDestination = !isDefinedBefore(destination, producer);
  if (moveDestination &&
      (!emptyDestination || emptyDestination->getNumOperands() != 0))
    return rewriter.notifyMatchFailure(
        insert, "the destination is computed after the source");

  if (moveDestination)
    rewriter.moveOpBefore(emptyDestination, producer);
  rewriter.setInsertionPoint(producer);
  Value slice = tensor::ExtractSliceOp::create(
      rewriter, insert.getLoc(), cast<RankedTensorType>(source.getType()),
      destination, insert.getMixedOffsets(), insert.getMixedSizes(),
      insert.getMixedStrides());
  rewriter.modifyOpInPlace(producer, [&] { init->set(slice); });
  rewriter.eraseOp(empty);
  // The next insert of a chain takes its slice from this one's result,
  // which must then be defined before that insert's producer.
  rewriter.moveOpAfter(insert, producer);
  return success();
}

struct ComputeIntoSlicesPass
    : fuse::impl::ComputeIntoSlicesPassBase<ComputeIntoSlicesPass> {
  void runOnOperation() override {
    // In program order: a chain's inserts are rewritten first to last, each
    // moving up before the next one's destination is looked at.
    SmallVector<tensor::InsertSliceOp> inserts;
    getOperation()->walk(
        [&](tensor::InsertSliceOp insert) { inserts.push_back(insert); });
    IRRewriter rewriter(&getContext());
    for (tensor::InsertSliceOp insert : inserts)
      (void)computeInsertedSliceInPlace(rewriter, insert);
  }
};

} // namespace
