//===- MatrixBatch.cpp - hlo ops over batches of matrices -----------------===//

#include "fuse/Dialect/HLO/Expansions/MatrixBatch.h"

#include <limits>

using namespace mlir;

namespace fuse::hlo {

SmallVector<int64_t> MatrixBatch::batchDims() const {
  return llvm::to_vector(llvm::seq<int64_t>(0, rank() - 2));
}

RankedTensorType MatrixBatch::perMatrix(ArrayRef<int64_t> tail,
                                        Type element) const {
  SmallVector<int64_t> shape(batch());
  llvm::append_range(shape, tail);
  return RankedTensorType::get(shape, element);
}

Value MatrixBatch::splat(RankedTensorType like, TypedAttr value) {
  return ConstantOp::create(builder, loc, DenseElementsAttr::get(like, value));
}

Value MatrixBatch::splat(RankedTensorType like, double value) {
  Type element = like.getElementType();
  if (isa<FloatType>(element))
    return splat(like, builder.getFloatAttr(element, value));
  return splat(like,
               builder.getIntegerAttr(element, static_cast<int64_t>(value)));
}

Value MatrixBatch::index(int64_t value) {
  return splat(RankedTensorType::get({}, b().getI64Type()), double(value));
}

Value MatrixBatch::comparePosition(RankedTensorType like, Value j,
                                   ComparisonDirection direction) {
  RankedTensorType indices = like.clone(b().getI64Type());
  Value position = IotaOp::create(b(), loc, indices, like.getRank() - 1);
  Value bound =
      BroadcastInDimOp::create(b(), loc, indices, j, ArrayRef<int64_t>{});
  return compare(direction, position, bound);
}

Value MatrixBatch::compareRowWithColumn(RankedTensorType like,
                                        ComparisonDirection direction) {
  RankedTensorType indices = like.clone(b().getI32Type());
  int64_t rank = like.getRank();
  Value row = IotaOp::create(b(), loc, indices, rank - 2);
  Value col = IotaOp::create(b(), loc, indices, rank - 1);
  return compare(direction, row, col);
}

Value MatrixBatch::compare(ComparisonDirection direction, Value lhs,
                           Value rhs) {
  return CompareOp::create(b(), loc, direction, lhs, rhs, ComparisonTypeAttr());
}

Value MatrixBatch::select(Value condition, Value onTrue, Value onFalse) {
  return SelectOp::create(b(), loc, onTrue.getType(), condition, onTrue,
                          onFalse);
}

Value MatrixBatch::spread(Value value, RankedTensorType to,
                          ArrayRef<int64_t> dims) {
  return BroadcastInDimOp::create(b(), loc, to, value, dims);
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
  return ReshapeOp::create(b(), loc, column(),
                           DynamicSliceOp::create(b(), loc, slice, matrices,
                                                  startsAt(rank(), j),
                                                  slice.getShape()));
}

Value MatrixBatch::withColumn(Value matrices, Value vector, Value j) {
  auto type = cast<RankedTensorType>(matrices.getType());
  Value update = ReshapeOp::create(b(), loc, lastUnit(type), vector);
  return DynamicUpdateSliceOp::create(b(), loc, type, matrices, update,
                                      startsAt(rank(), j));
}

Value MatrixBatch::sumOverColumn(Value vector) {
  return sum(vector, rank() - 2);
}

Value MatrixBatch::sum(Value values, int64_t dim) {
  return reduce(values, {dim}, ReductionKind::Add);
}

Value MatrixBatch::reduceFrom(Value values, int64_t first, ReductionKind kind) {
  int64_t rank = cast<RankedTensorType>(values.getType()).getRank();
  return reduce(values, llvm::to_vector(llvm::seq<int64_t>(first, rank)), kind);
}

Value MatrixBatch::reduce(Value values, ArrayRef<int64_t> dims,
                          ReductionKind kind) {
  auto type = cast<RankedTensorType>(values.getType());
  auto scalar = RankedTensorType::get({}, type.getElementType());
  assert((kind == ReductionKind::Add || kind == ReductionKind::Max ||
          kind == ReductionKind::Min || kind == ReductionKind::Or) &&
         "reduce takes add, maximum, minimum or or");
  Value init;
  if (kind == ReductionKind::Or) {
    init = splat(scalar, b().getBoolAttr(false));
  } else if (auto integer = dyn_cast<IntegerType>(scalar.getElementType())) {
    unsigned bits = integer.getWidth();
    APInt value = kind == ReductionKind::Add   ? APInt::getZero(bits)
                  : kind == ReductionKind::Max ? APInt::getSignedMinValue(bits)
                                               : APInt::getSignedMaxValue(bits);
    init = splat(scalar, b().getIntegerAttr(integer, value));
  } else {
    double infinity = std::numeric_limits<double>::infinity();
    init = splat(scalar, kind == ReductionKind::Add   ? 0.0
                         : kind == ReductionKind::Max ? -infinity
                                                      : infinity);
  }
  return ReduceOp::create(b(), loc, values, init, dims, kind).getResult(0);
}

Value MatrixBatch::slice(Value values, int64_t dim, int64_t begin,
                         int64_t end) {
  auto type = cast<RankedTensorType>(values.getType());
  SmallVector<int64_t> starts(type.getRank(), 0), strides(type.getRank(), 1);
  SmallVector<int64_t> limits(type.getShape());
  starts[dim] = begin;
  limits[dim] = end;
  return SliceOp::create(b(), loc, values, starts, limits, strides);
}

Value MatrixBatch::padEnd(Value values, int64_t dim, int64_t count) {
  auto type = cast<RankedTensorType>(values.getType());
  SmallVector<int64_t> low(type.getRank(), 0), high(type.getRank(), 0);
  high[dim] = count;
  Value zero = splat(RankedTensorType::get({}, type.getElementType()), 0);
  return PadOp::create(b(), loc, values, zero, low, high, low);
}

Value MatrixBatch::concat(ValueRange parts, int64_t dim) {
  if (parts.size() == 1)
    return parts.front();
  return ConcatenateOp::create(b(), loc, parts, dim);
}

Value MatrixBatch::diagonal(Value squares) {
  auto type = cast<RankedTensorType>(squares.getType());
  Value onDiagonal = compareRowWithColumn(type, ComparisonDirection::EQ);
  return sum(select(onDiagonal, squares, splat(type, 0)), type.getRank() - 1);
}

Value MatrixBatch::identity(RankedTensorType type) {
  return select(compareRowWithColumn(type, ComparisonDirection::EQ),
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
  return DotGeneralOp::create(b(), loc, Type(lhsType.clone(shape)), lhs, rhs,
                              dims, dims,
                              ArrayRef<int64_t>{transposeLhs ? r - 2 : r - 1},
                              ArrayRef<int64_t>{r - 2});
}

Value MatrixBatch::transposed(Value matrices) {
  SmallVector<int64_t> permutation = batchDims();
  permutation.append({rank() - 1, rank() - 2});
  return TransposeOp::create(b(), loc, matrices, permutation);
}

SmallVector<Value>
MatrixBatch::loop(int64_t count, ValueRange state,
                  function_ref<SmallVector<Value>(Value, ValueRange)> step,
                  function_ref<Value(ValueRange)> unfinished) {
  auto counter = RankedTensorType::get({}, b().getI64Type());
  SmallVector<Value> initial{splat(counter, 0.0)};
  llvm::append_range(initial, state);
  SmallVector<Type> types(ValueRange(initial).getTypes());
  auto whileOp = WhileOp::create(b(), loc, types, initial);
  SmallVector<Location> locations(types.size(), loc);
  OpBuilder::InsertionGuard guard(b());
  Block *cond = b().createBlock(&whileOp.getCond(), {}, types, locations);
  Value more = compare(ComparisonDirection::LT, cond->getArgument(0),
                       splat(counter, double(count)));
  if (unfinished)
    more = AndOp::create(b(), loc, more,
                         unfinished(cond->getArguments().drop_front()));
  ReturnOp::create(b(), loc, more);
  Block *body = b().createBlock(&whileOp.getBody(), {}, types, locations);
  Value j = body->getArgument(0);
  SmallVector<Value> next{AddOp::create(b(), loc, j, splat(counter, 1.0))};
  llvm::append_range(next, step(j, body->getArguments().drop_front()));
  ReturnOp::create(b(), loc, next);
  return SmallVector<Value>(whileOp.getResults().drop_front());
}

} // namespace fuse::hlo
