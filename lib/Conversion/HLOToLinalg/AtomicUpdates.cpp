//===- AtomicUpdates.cpp - combining into a buffer with atomics -----------===//
//
// The parallel lowerings of scatter and select_and_scatter (the GPU's): a
// new buffer that a parallel loop updates, and the body of a scatter-like
// region as one memref.atomic_rmw where it is one.
//
//===----------------------------------------------------------------------===//

#include "LoweringPatterns.h"

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace {

/// One memref.atomic_rmw: its kind and the value it combines in.
struct AtomicUpdate {
  arith::AtomicRMWKind kind;
  Value value;
};

/// The memref.atomic_rmw that does what the body of `rmw` does, when the
/// body yields a value computed without the current one (assign), or one
/// add, min, max, and or or of the current value and such a value; none
/// otherwise (a multiply has no atomic instruction that LLVM lowers it to).
std::optional<AtomicUpdate> getAtomicUpdate(memref::GenericAtomicRMWOp rmw) {
  Block &body = rmw.getRegion().front();
  Value current = rmw.getCurrentValue();
  Value yielded = body.getTerminator()->getOperand(0);
  if (current.use_empty())
    return AtomicUpdate{arith::AtomicRMWKind::assign, yielded};
  Operation *op = yielded.getDefiningOp();
  if (!op || !current.hasOneUse() || *current.user_begin() != op ||
      op->getNumOperands() != 2)
    return std::nullopt;
  Value other = op->getOperand(op->getOperand(0) == current ? 1 : 0);
  using Kind = arith::AtomicRMWKind;
  std::optional<Kind> kind =
      llvm::TypeSwitch<Operation *, std::optional<Kind>>(op)
          .Case([](arith::AddFOp) { return Kind::addf; })
          .Case([](arith::AddIOp) { return Kind::addi; })
          .Case([](arith::MaximumFOp) { return Kind::maximumf; })
          .Case([](arith::MinimumFOp) { return Kind::minimumf; })
          .Case([](arith::MaxSIOp) { return Kind::maxs; })
          .Case([](arith::MinSIOp) { return Kind::mins; })
          .Case([](arith::MaxUIOp) { return Kind::maxu; })
          .Case([](arith::MinUIOp) { return Kind::minu; })
          .Case([](arith::AndIOp) { return Kind::andi; })
          .Case([](arith::OrIOp) { return Kind::ori; })
          .Default([](Operation *) { return std::nullopt; });
  if (!kind)
    return std::nullopt;
  return AtomicUpdate{*kind, other};
}

} // namespace

Value fuse::detail::createWritableCopy(OpBuilder &b, Location loc,
                                       Value tensor) {
  auto type = cast<RankedTensorType>(tensor.getType());
  auto bufferType = MemRefType::get(type.getShape(), type.getElementType());
  Value source = bufferization::ToBufferOp::create(b, loc, bufferType, tensor,
                                                   /*read_only=*/true);
  Value buffer = memref::AllocOp::create(b, loc, bufferType);
  memref::CopyOp::create(b, loc, source, buffer);
  return buffer;
}

LogicalResult fuse::detail::emitAtomicCombine(
    RewriterBase &rewriter, Location loc, Region &body, Value buffer,
    ValueRange at, Value update, function_ref<Value(Value)> lookupOuter) {
  // The body in scalar form on the element's current value, then, when it
  // is one atomic operation, that operation.
  auto rmw = memref::GenericAtomicRMWOp::create(rewriter, loc, buffer, at);
  OpBuilder::InsertionGuard guard(rewriter);
  rewriter.setInsertionPointToStart(&rmw.getRegion().front());
  FailureOr<SmallVector<Value>> combined = fuse::emitScalarRegion(
      rewriter, body, {rmw.getCurrentValue(), update}, lookupOuter);
  if (failed(combined))
    return failure();
  memref::AtomicYieldOp::create(rewriter, loc, combined->front());
  std::optional<AtomicUpdate> atomic = getAtomicUpdate(rmw);
  if (!atomic)
    return failure();
  // What the body computes without the current value goes before the
  // atomic operation.
  Block &rmwBody = rmw.getRegion().front();
  Operation *combining =
      atomic->kind == arith::AtomicRMWKind::assign
          ? nullptr
          : rmwBody.getTerminator()->getOperand(0).getDefiningOp();
  for (Operation &inner :
       llvm::make_early_inc_range(rmwBody.without_terminator()))
    if (&inner != combining)
      rewriter.moveOpBefore(&inner, rmw);
  rewriter.setInsertionPoint(rmw);
  memref::AtomicRMWOp::create(rewriter, loc, atomic->kind, atomic->value,
                              buffer, at);
  rewriter.eraseOp(rmw);
  return success();
}
