//===- DistinctResultBuffers.cpp - one buffer per returned result ---------===//

#include "fuse/Codegen/Common/Passes.h"

namespace fuse {
#define GEN_PASS_DEF_DISTINCTRESULTBUFFERSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// A new row-major buffer holding a copy of `buffer`, built before
/// `before` and cast to the type of `buffer`; null if that type's layout
/// cannot describe a row-major buffer.
Value copyBuffer(OpBuilder &builder, Operation *before, Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  auto copyType =
      MemRefType::get(type.getShape(), type.getElementType(),
                      MemRefLayoutAttrInterface(), type.getMemorySpace());
  if (!memref::CastOp::areCastCompatible(copyType, type))
    return nullptr;
  builder.setInsertionPoint(before);
  Location loc = before->getLoc();
  SmallVector<Value> dynamicSizes;
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    if (type.isDynamicDim(dim))
      dynamicSizes.push_back(memref::DimOp::create(builder, loc, buffer, dim));
  Value copy = memref::AllocOp::create(builder, loc, copyType, dynamicSizes);
  memref::CopyOp::create(builder, loc, buffer, copy);
  if (copyType == type)
    return copy;
  return memref::CastOp::create(builder, loc, type, copy);
}

/// The buffer that `value` views through reshapes that undo each other
/// (the batched form a product is computed in, collapsed back): returned
/// as itself, its allocation can become the caller's buffer instead of
/// being copied into it.
Value foldInverseReshapes(Value value) {
  while (Operation *reshape = value.getDefiningOp()) {
    if (!isa<memref::CollapseShapeOp, memref::ExpandShapeOp>(reshape))
      break;
    SmallVector<OpFoldResult> folded;
    if (failed(reshape->fold(folded)) || folded.size() != 1)
      break;
    auto source = dyn_cast<Value>(folded.front());
    if (!source || source == value)
      break;
    value = source;
  }
  return value;
}

struct DistinctResultBuffersPass
    : fuse::impl::DistinctResultBuffersPassBase<DistinctResultBuffersPass> {
  using Base::Base;

  void runOnOperation() override {
    if (privateOnly && getOperation().isPublic())
      return;
    OpBuilder builder(&getContext());
    WalkResult walk = getOperation().walk([&](func::ReturnOp returnOp) {
      DenseSet<Value> returned;
      for (OpOperand &operand : returnOp->getOpOperands()) {
        Value value = operand.get();
        if (!isa<MemRefType>(value.getType()))
          continue;
        value = foldInverseReshapes(value);
        operand.set(value);
        if (returned.insert(value).second)
          continue;
        Value copy = copyBuffer(builder, returnOp, value);
        if (!copy) {
          returnOp.emitOpError("returns a buffer of type ")
              << value.getType()
              << " twice, and a row-major copy cannot have that type";
          return WalkResult::interrupt();
        }
        operand.set(copy);
      }
      return WalkResult::advance();
    });
    if (walk.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
