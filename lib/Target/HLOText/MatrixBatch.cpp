//===- MatrixBatch.cpp - hlo ops over batches of matrices -----------------===//

#include "MatrixBatch.h"

using namespace mlir;

namespace fuse::hlo_text {

SmallVector<int64_t> MatrixBatch::batchDims() const {
  return llvm::to_vector(llvm::seq<int64_t>(0, rank() - 2));
}

RankedTensorType MatrixBatch::perMatrix(ArrayRef<int64_t> tail,
                                        Type element) const {
  SmallVector<int64_t> shape(batch());
  llvm::append_range(shape, tail);
  return RankedTensorType::get(shape, element);
}

Value MatrixBatch::index(int64_t value) {
  return e.splat(RankedTensorType::get({}, b().getI64Type()), double(value));
}

Value MatrixBatch::comparePosition(RankedTensorType like, Value j,
                                   hlo::ComparisonDirection direction) {
  RankedTensorType indices = like.clone(b().getI64Type());
  Value position = hlo::IotaOp::create(b(), e.loc, indices, like.getRank() - 1);
  Value bound = hlo::BroadcastInDimOp::create(b(), e.loc, indices, j,
                                              ArrayRef<int64_t>{});
  return compare(direction, position, bound);
}

Value MatrixBatch::compare(hlo::ComparisonDirection direction, Value lhs,
                           Value rhs) {
  return hlo::CompareOp::create(b(), e.loc, direction, lhs, rhs,
                                hlo::ComparisonTypeAttr());
}

Value MatrixBatch::select(Value condition, Value onTrue, Value onFalse) {
  return hlo::SelectOp::create(b(), e.loc, onTrue.getType(), condition, onTrue,
                               onFalse);
}

Value MatrixBatch::spread(Value value, RankedTensorType to,
                          ArrayRef<int64_t> dims) {
  return hlo::BroadcastInDimOp::create(b(), e.loc, to, value, dims);
}

Value MatrixBatch::spreadVector(Value vector, RankedTensorType to,
                                bool alongRows) {
  SmallVector<int64_t> dims = batchDims();
  dims.push_back(to.getRank() - (alongRows ? 2 : 1));
  return spread(vector, to, dims);
}

SmallVector<Value> MatrixBatch::startsAt(int64_t rank, Value j) {
  SmallVector<Value> starts(rank - 1, index(0));
  starts.push_back(j);
  return starts;
}

RankedTensorType MatrixBatch::lastUnit(RankedTensorType type) {
  SmallVector<int64_t> sizes(type.getShape());
  sizes.back() = 1;
  return type.clone(sizes);
}

Value MatrixBatch::columnOf(Value matrices, Value j) {
  RankedTensorType slice = lastUnit(cast<RankedTensorType>(matrices.getType()));
  return hlo::ReshapeOp::create(
      b(), e.loc, column(),
      hlo::DynamicSliceOp::create(b(), e.loc, slice, matrices,
                                  startsAt(rank(), j), slice.getShape()));
}

Value MatrixBatch::withColumn(Value matrices, Value vector, Value j) {
  auto type = cast<RankedTensorType>(matrices.getType());
  Value update = hlo::ReshapeOp::create(b(), e.loc, lastUnit(type), vector);
  return hlo::DynamicUpdateSliceOp::create(b(), e.loc, type, matrices, update,
                                           startsAt(rank(), j));
}

Value MatrixBatch::sumOverColumn(Value vector) {
  return sum(vector, rank() - 2);
}

Value MatrixBatch::sum(Value values, int64_t dim) {
  auto type = cast<RankedTensorType>(values.getType());
  Value zero = splat(RankedTensorType::get({}, type.getElementType()), 0);
  return hlo::ReduceOp::create(b(), e.loc, values, zero, ArrayRef<int64_t>{dim},
                               hlo::ReductionKind::Add)
      .getResult(0);
}

Value MatrixBatch::reduceFrom(Value values, int64_t first,
                              hlo::ReductionKind kind) {
  auto type = cast<RankedTensorType>(values.getType());
  auto scalar = RankedTensorType::get({}, type.getElementType());
  TypedAttr init;
  switch (kind) {
  case hlo::ReductionKind::Add:
    init = b().getFloatAttr(scalar.getElementType(), 0);
    break;
  case hlo::ReductionKind::Max:
    init = b().getFloatAttr(scalar.getElementType(),
                            -std::numeric_limits<double>::infinity());
    break;
  case hlo::ReductionKind::Or:
    init = b().getBoolAttr(false);
    break;
  default:
    llvm_unreachable("reduceFrom takes add, maximum or or");
  }
  SmallVector<int64_t> dims =
      llvm::to_vector(llvm::seq<int64_t>(first, type.getRank()));
  return hlo::ReduceOp::create(b(), e.loc, values, e.splat(scalar, init), dims,
                               kind)
      .getResult(0);
}

Value MatrixBatch::slice(Value values, int64_t dim, int64_t begin,
                         int64_t end) {
  auto type = cast<RankedTensorType>(values.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), strides(type.getRank(), 1);
  SmallVector<int64_t> limits(type.getShape());
  starts[dim] = begin;
  limits[dim] = end;
  return hlo::SliceOp::create(b(), e.loc, values, starts, limits, strides);
}

Value MatrixBatch::padEnd(Value values, int64_t dim, int64_t count) {
  auto type = cast<RankedTensorType>(values.getType());
  SmallVector<int64_t> low(type.getRank(), 0), high(type.getRank(), 0);
  high[dim] = count;
  Value zero = splat(RankedTensorType::get({}, type.getElementType()), 0);
  return hlo::PadOp::create(b(), e.loc, values, zero, low, high, low);
}

Value MatrixBatch::concat(ValueRange parts, int64_t dim) {
  if (parts.size() == 1)
    return parts.front();
  return hlo::ConcatenateOp::create(b(), e.loc, parts, dim);
}

Value MatrixBatch::diagonal(Value squares) {
  auto type = cast<RankedTensorType>(squares.getType());
  Value onDiagonal =
      compareRowWithColumn(e, type, hlo::ComparisonDirection::EQ);
  return sum(select(onDiagonal, squares, splat(type, 0)), type.getRank() - 1);
}

Value MatrixBatch::identity(RankedTensorType type) {
  return select(compareRowWithColumn(e, type, hlo::ComparisonDirection::EQ),
                splat(type, 1), splat(type, 0));
}

Value MatrixBatch::product(Value lhs, Value rhs, bool transposeLhs) {
  auto lhsType = cast<RankedTensorType>(lhs.getType());
  auto rhsType = cast<RankedTensorType>(rhs.getType());
  int64_t r = lhsType.getRank();
  SmallVector<int64_t> shape(lhsType.getShape());
  if (transposeLhs)
    shape[r - 2] = shape[r - 1];
  shape.back() = rhsType.getShape().back();
  SmallVector<int64_t> dims = batchDims();
  return hlo::DotGeneralOp::create(
      b(), e.loc, Type(lhsType.clone(shape)), lhs, rhs, dims, dims,
      ArrayRef<int64_t>{transposeLhs ? r - 2 : r - 1},
      ArrayRef<int64_t>{r - 2});
}

Value MatrixBatch::transposed(Value matrices) {
  SmallVector<int64_t> permutation = batchDims();
  permutation.append({rank() - 1, rank() - 2});
  return hlo::TransposeOp::create(b(), e.loc, matrices, permutation);
}

} // namespace fuse::hlo_text
