//===- RankCollectives.cpp - hlo values exchanged over MPI ranks ----------===//

#include "fuse/Dialect/HLO/Transforms/RankCollectives.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"

using namespace mlir;

namespace fuse::hlo {

mlir::shard::GridOp lookupRanksGrid(ModuleOp module) {
  return module.lookupSymbol<mlir::shard::GridOp>(kRanksGridName);
}

FlatSymbolRefAttr createRanksGrid(ModuleOp module, int64_t ranks) {
  OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
  mlir::shard::GridOp::create(builder, module.getLoc(), kRanksGridName,
                              ArrayRef<int64_t>{ranks});
  return FlatSymbolRefAttr::get(module.getContext(), kRanksGridName);
}

Value RankCollectives::rank() {
  if (!rankIndex)
    rankIndex = mlir::shard::ProcessLinearIndexOp::create(b, loc, grid);
  return rankIndex;
}

Value RankCollectives::fromIndex(Value index) {
  Value wide = arith::IndexCastOp::create(b, loc, b.getI64Type(), index);
  return tensor::FromElementsOp::create(
      b, loc, RankedTensorType::get({}, b.getI64Type()), wide);
}

Value RankCollectives::i64(int64_t value) {
  auto type = RankedTensorType::get({}, b.getI64Type());
  return ConstantOp::create(
      b, loc, DenseElementsAttr::get(type, b.getI64IntegerAttr(value)));
}

Value RankCollectives::zerosLike(RankedTensorType type) {
  return ConstantOp::create(
      b, loc,
      DenseElementsAttr::get(type, b.getZeroAttr(type.getElementType())));
}

Value RankCollectives::toBits(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Type element = type.getElementType();
  // MPI moves bytes: i1 and the 2- and 4-bit integers travel as i8.
  if (isa<IntegerType>(element) && element.getIntOrFloatBitWidth() < 8)
    return ConvertOp::create(b, loc, type.clone(b.getI8Type()), value);
  if (element.isSignlessInteger())
    return value;
  return BitcastConvertOp::create(
      b, loc, type.clone(b.getIntegerType(element.getIntOrFloatBitWidth())),
      value);
}

Value RankCollectives::fromBits(Value bits, RankedTensorType type) {
  if (bits.getType() == type)
    return bits;
  if (type.getElementType().isInteger(1))
    return CompareOp::create(
        b, loc, ComparisonDirection::NE, bits,
        zerosLike(cast<RankedTensorType>(bits.getType())),
        ComparisonTypeAttr::get(b.getContext(), ComparisonType::SIGNED));
  if (type.getElementType().getIntOrFloatBitWidth() < 8)
    return ConvertOp::create(b, loc, type, bits);
  return BitcastConvertOp::create(b, loc, type, bits);
}

Value RankCollectives::allReduce(Value value, mlir::shard::ReductionKind kind) {
  return mlir::shard::AllReduceOp::create(b, loc, value.getType(),
                                          grid.getValue(), ArrayRef<int16_t>{0},
                                          value, kind);
}

Value RankCollectives::gather(Value value) {
  auto type = cast<RankedTensorType>(value.getType());
  Value bits = toBits(value);
  auto bitsType = cast<RankedTensorType>(bits.getType());
  SmallVector<int64_t> shape{1};
  llvm::append_range(shape, type.getShape());
  Value unit = ReshapeOp::create(b, loc, bitsType.clone(shape), bits);
  shape[0] = ranks;
  SmallVector<Value> starts(shape.size(), i64(0));
  starts[0] = fromIndex(rank());
  Value placed = DynamicUpdateSliceOp::create(
      b, loc, zerosLike(bitsType.clone(shape)), unit, starts);
  return fromBits(allReduce(placed, mlir::shard::ReductionKind::BitwiseOr),
                  type.clone(shape));
}

} // namespace fuse::hlo
