//===- RuntimeBuffers.cpp - buffers handed to fuse's runtime --------------===//

#include "RuntimeBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"

using namespace mlir;

int64_t fuse::getElementBytes(Type element) {
  return std::max<int64_t>(
      1, llvm::divideCeil(element.getIntOrFloatBitWidth(), 8));
}

std::pair<Value, Value> fuse::allocateStorage(OpBuilder &b, Location loc,
                                              RankedTensorType storage) {
  int64_t bytes =
      storage.getNumElements() * getElementBytes(storage.getElementType());
  auto buffer = memref::AllocOp::create(
      b, loc, MemRefType::get({bytes}, b.getI8Type()), b.getI64IntegerAttr(64));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value view = memref::ViewOp::create(
      b, loc, MemRefType::get(storage.getShape(), storage.getElementType()),
      buffer, zero, ValueRange{});
  return {buffer, view};
}

Value fuse::asBytes(OpBuilder &b, Location loc, Value buffer) {
  return memref::CastOp::create(
      b, loc, MemRefType::get({ShapedType::kDynamic}, b.getI8Type()), buffer);
}

Value fuse::filledTensor(OpBuilder &b, Location loc, Value view) {
  auto type = cast<MemRefType>(view.getType());
  return bufferization::ToTensorOp::create(
      b, loc,
      Type(RankedTensorType::get(type.getShape(), type.getElementType())), view,
      /*restrict=*/b.getUnitAttr(), /*writable=*/b.getUnitAttr());
}

void fuse::copyInto(OpBuilder &b, Location loc, Value tensor, Value view) {
  auto copy =
      bufferization::MaterializeInDestinationOp::create(b, loc, tensor, view);
  copy.setRestrict(true);
  copy.setWritable(true);
}
