//===- VectorAccess.cpp - which kernel accesses are vectors ---------------===//

#include "fuse/Codegen/Common/VectorAccess.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace {

/// Whether element `index * lanes` of every row of `buffer` starts at a
/// multiple of `lanes` elements from an allocation: its offset and its
/// strides but the last are multiples of `lanes`, through the views that
/// made it.
bool keepsAlignment(Value buffer, int64_t lanes) {
  auto type = cast<MemRefType>(buffer.getType());
  auto [strides, offset] = type.getStridesAndOffset();
  for (int64_t stride : ArrayRef<int64_t>(strides).drop_back())
    if (ShapedType::isDynamic(stride) || stride % lanes != 0)
      return false;
  if (!ShapedType::isDynamic(offset))
    return offset % lanes == 0;
  // A dynamic offset: a subview whose offsets each move by whole rows of
  // aligned elements.
  auto subview = buffer.getDefiningOp<memref::SubViewOp>();
  if (!subview || !keepsAlignment(subview.getSource(), lanes))
    return false;
  auto [sourceStrides, sourceOffset] =
      subview.getSourceType().getStridesAndOffset();
  for (auto [position, stride] : llvm::enumerate(sourceStrides)) {
    if (!ShapedType::isDynamic(stride) && stride % lanes == 0)
      continue;
    std::optional<int64_t> start =
        getConstantIntValue(subview.getMixedOffsets()[position]);
    if (!start || ShapedType::isDynamic(stride) ||
        (*start * stride) % lanes != 0)
      return false;
  }
  return true;
}

} // namespace

fuse::VectorAccess fuse::chooseVectorAccess(linalg::GenericOp op, unsigned loop,
                                            int64_t loopSize,
                                            int64_t vectorBytes,
                                            bool alignedBuffers) {
  VectorAccess scalar;
  MLIRContext *context = op.getContext();
  AffineExpr loopExpr = getAffineDimExpr(loop, context);
  int64_t widestElement = 1;
  SmallVector<bool> walksLoop;
  for (OpOperand &operand : op->getOpOperands()) {
    auto type = dyn_cast<MemRefType>(operand.get().getType());
    if (!type) {
      walksLoop.push_back(false);
      continue;
    }
    // Vectors hold no complex numbers.
    if (isa<ComplexType>(type.getElementType()))
      return scalar;
    unsigned bits = type.getElementTypeBitWidth();
    if (bits < 8 || bits % 8 != 0)
      return scalar;
    widestElement = std::max<int64_t>(widestElement, bits / 8);
    AffineMap map = op.getMatchingIndexingMap(&operand);
    if (!map.isFunctionOfDim(loop)) {
      walksLoop.push_back(false);
      continue;
    }
    // The loop must be the last index, alone, over contiguous elements.
    auto [strides, offset] = type.getStridesAndOffset();
    if (map.getNumResults() == 0 || map.getResults().back() != loopExpr ||
        strides.back() != 1 ||
        llvm::any_of(map.getResults().drop_back(), [&](AffineExpr expr) {
          return expr.isFunctionOfDim(loop);
        }))
      return scalar;
    walksLoop.push_back(true);
  }
  int64_t lanes = vectorBytes / widestElement;
  if (lanes < 2 || loopSize % lanes != 0)
    return scalar;

  VectorAccess access;
  access.lanes = lanes;
  access.walksLoop = walksLoop;
  for (auto [operand, walks] : llvm::zip(op->getOperands(), walksLoop))
    access.aligned.push_back(walks && alignedBuffers &&
                             keepsAlignment(operand, lanes));
  return access;
}
