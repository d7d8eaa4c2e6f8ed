//===- HouseholderBuilders.cpp - LAPACK's QR as hlo loops -----------------===//
//
// JAX's CPU lowering of `jnp.linalg.qr` calls LAPACK's `geqrf` (the
// Householder factorization: R in the upper triangle, the reflectors'
// vectors below it with their leading 1 implied, and their scales `tau`)
// and `orgqr` (Q from the reflectors). Both become hlo.while loops over the
// columns, as XLA's QR expander builds them, with LAPACK's conventions, so
// that R's signs and the packed form match what JAX's programs read:
//
//   reflector j of column x = a[j:, j]:  alpha = x[0],
//   beta = -sign(alpha) * |x| (sign(0) = +),  tau = (beta - alpha) / beta,
//   v = x / (alpha - beta) below row j, v[j] = 1;
//   a zero tail (|x[1:]| = 0) is no reflection: tau = 0, beta = alpha.
//   geqrf applies H_j = I - tau v v^T to the columns after j;
//   orgqr applies H_{k-1}, ..., H_0 to the identity's first columns.
//
// Every step works on whole matrices with masks, so batches of matrices
// (leading dimensions) need nothing more.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// hlo ops over a batch of m x n matrices of `type`.
struct MatrixBatch {
  InstructionEmission &e;
  RankedTensorType type;

  int64_t rank() const { return type.getRank(); }
  int64_t rows() const { return type.getDimSize(rank() - 2); }
  Type element() const { return type.getElementType(); }
  ArrayRef<int64_t> batch() const { return type.getShape().drop_back(2); }
  SmallVector<int64_t> batchDims() const {
    return llvm::to_vector(llvm::seq<int64_t>(0, rank() - 2));
  }
  /// The shape of one value per matrix, with `tail` appended.
  RankedTensorType perMatrix(ArrayRef<int64_t> tail, Type element) const {
    SmallVector<int64_t> shape(batch());
    llvm::append_range(shape, tail);
    return RankedTensorType::get(shape, element);
  }
  RankedTensorType column() const { return perMatrix({rows()}, element()); }
  RankedTensorType scalars() const { return perMatrix({}, element()); }

  OpBuilder &b() { return e.builder; }
  Value index(int64_t value) {
    return e.splat(RankedTensorType::get({}, b().getI64Type()), double(value));
  }
  Value splat(RankedTensorType like, double value) {
    return e.splat(like, value);
  }
  /// Whether the position along the last dimension of `like` compares with
  /// `j` as `direction` says.
  Value comparePosition(RankedTensorType like, Value j,
                        hlo::ComparisonDirection direction) {
    RankedTensorType indices = like.clone(b().getI64Type());
    Value position =
        hlo::IotaOp::create(b(), e.loc, indices, like.getRank() - 1);
    Value bound = hlo::BroadcastInDimOp::create(b(), e.loc, indices, j,
                                                ArrayRef<int64_t>{});
    return hlo::CompareOp::create(b(), e.loc, direction, position, bound,
                                  hlo::ComparisonTypeAttr());
  }
  Value select(Value condition, Value onTrue, Value onFalse) {
    return hlo::SelectOp::create(b(), e.loc, onTrue.getType(), condition,
                                 onTrue, onFalse);
  }
  /// `value` broadcast to `to`, its dimensions at `dims` of `to`.
  Value spread(Value value, RankedTensorType to, ArrayRef<int64_t> dims) {
    return hlo::BroadcastInDimOp::create(b(), e.loc, to, value, dims);
  }
  /// Offsets of a slice at `j` in the last of `rank` dimensions.
  SmallVector<Value> startsAt(int64_t rank, Value j) {
    SmallVector<Value> starts(rank - 1, index(0));
    starts.push_back(j);
    return starts;
  }
  /// `type` with a last dimension of 1.
  static RankedTensorType lastUnit(RankedTensorType type) {
    SmallVector<int64_t> sizes(type.getShape());
    sizes.back() = 1;
    return type.clone(sizes);
  }
  /// Column `j` of `matrices`, one vector per matrix.
  Value columnOf(Value matrices, Value j) {
    RankedTensorType slice =
        lastUnit(cast<RankedTensorType>(matrices.getType()));
    return hlo::ReshapeOp::create(
        b(), e.loc, column(),
        hlo::DynamicSliceOp::create(b(), e.loc, slice, matrices,
                                    startsAt(rank(), j), slice.getShape()));
  }
  /// `matrices` with column `j` replaced by `vector`.
  Value withColumn(Value matrices, Value vector, Value j) {
    auto type = cast<RankedTensorType>(matrices.getType());
    Value update = hlo::ReshapeOp::create(b(), e.loc, lastUnit(type), vector);
    return hlo::DynamicUpdateSliceOp::create(b(), e.loc, type, matrices, update,
                                             startsAt(rank(), j));
  }
  Value sumOverColumn(Value vector) {
    Value zero = splat(RankedTensorType::get({}, element()), 0);
    return hlo::ReduceOp::create(b(), e.loc, vector, zero,
                                 ArrayRef<int64_t>{rank() - 2},
                                 hlo::ReductionKind::Add)
        .getResult(0);
  }
  /// The reflector's vector of column `j` of packed `matrices`: 1 at row j,
  /// the stored entries below, zeros above.
  Value reflector(Value packed, Value j) {
    Value stored = columnOf(packed, j);
    RankedTensorType vector = column();
    Value below = comparePosition(vector, j, hlo::ComparisonDirection::GT);
    Value at = comparePosition(vector, j, hlo::ComparisonDirection::EQ);
    return select(at, splat(vector, 1),
                  select(below, stored, splat(vector, 0)));
  }
  /// `matrices` - v (tau v^T matrices), with the columns at or before `j`
  /// left alone when `onlyAfter` is set.
  Value applyReflector(Value matrices, Value v, Value tau, Value j,
                       bool onlyAfter) {
    auto type = cast<RankedTensorType>(matrices.getType());
    int64_t cols = type.getShape().back();
    SmallVector<int64_t> batchDims = this->batchDims();
    RankedTensorType row = perMatrix({cols}, element());
    Value w = hlo::DotGeneralOp::create(
        b(), e.loc, Type(row), v, matrices, batchDims, batchDims,
        ArrayRef<int64_t>{rank() - 2}, ArrayRef<int64_t>{rank() - 2});
    Value scaled =
        hlo::MulOp::create(b(), e.loc, w, spread(tau, row, batchDims));
    if (onlyAfter)
      scaled = select(comparePosition(row, j, hlo::ComparisonDirection::GT),
                      scaled, splat(row, 0));
    SmallVector<int64_t> columnDims(batchDims), rowDims(batchDims);
    columnDims.push_back(rank() - 2);
    rowDims.push_back(rank() - 1);
    Value update = hlo::MulOp::create(b(), e.loc, spread(v, type, columnDims),
                                      spread(scaled, type, rowDims));
    return hlo::SubtractOp::create(b(), e.loc, matrices, update);
  }
};

/// The float matrices a LAPACK call takes, or an error naming `what`.
FailureOr<RankedTensorType> realMatrices(InstructionEmission &e, Value a,
                                         StringRef what) {
  auto type = cast<RankedTensorType>(a.getType());
  if (type.getRank() < 2 ||
      !(type.getElementType().isF32() || type.getElementType().isF64()))
    return e.emitError() << what << " of " << type
                         << " is not supported: fuse factors f32 and f64 "
                            "matrices";
  return type;
}

} // namespace

FailureOr<HloValue> buildGeqrf(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  SmallVector<Type> resultTypes;
  if (failed(operands) || failed(e.resultTypes(resultTypes)))
    return failure();
  Value a = (*operands)[0];
  FailureOr<RankedTensorType> type = realMatrices(e, a, "geqrf");
  if (failed(type))
    return failure();
  MatrixBatch matrices{e, *type};
  int64_t k = std::min(matrices.rows(), type->getShape().back());
  RankedTensorType tauType = matrices.perMatrix({k}, matrices.element());
  if (resultTypes.size() != 2 || resultTypes[0] != *type ||
      resultTypes[1] != tauType)
    return e.emitError() << "geqrf of " << *type << " gives (" << *type << ", "
                         << tauType << ")";
  FailureOr<SmallVector<Value>> factored = emitCountedLoop(
      e, k, {a, matrices.splat(tauType, 0)},
      [&](Value j, ValueRange state) -> FailureOr<SmallVector<Value>> {
        Value packed = state[0], taus = state[1];
        RankedTensorType vector = matrices.column();
        RankedTensorType scalars = matrices.scalars();
        Value x = matrices.columnOf(packed, j);
        Value below =
            matrices.comparePosition(vector, j, hlo::ComparisonDirection::GT);
        Value at =
            matrices.comparePosition(vector, j, hlo::ComparisonDirection::EQ);
        Value zeros = matrices.splat(vector, 0);
        Value tail = matrices.select(below, x, zeros);
        Value alpha = matrices.sumOverColumn(matrices.select(at, x, zeros));
        Value tailSquares = matrices.sumOverColumn(
            hlo::MulOp::create(e.builder, e.loc, tail, tail));
        Value norm = hlo::SqrtOp::create(
            e.builder, e.loc,
            hlo::AddOp::create(
                e.builder, e.loc,
                hlo::MulOp::create(e.builder, e.loc, alpha, alpha),
                tailSquares));
        Value nonNegative = hlo::CompareOp::create(
            e.builder, e.loc, hlo::ComparisonDirection::GE, alpha,
            matrices.splat(scalars, 0), hlo::ComparisonTypeAttr());
        Value noReflection = hlo::CompareOp::create(
            e.builder, e.loc, hlo::ComparisonDirection::EQ, tailSquares,
            matrices.splat(scalars, 0), hlo::ComparisonTypeAttr());
        Value beta = matrices.select(
            noReflection, alpha,
            matrices.select(nonNegative,
                            hlo::NegOp::create(e.builder, e.loc, norm), norm));
        Value tau = matrices.select(
            noReflection, matrices.splat(scalars, 0),
            hlo::DivOp::create(
                e.builder, e.loc,
                hlo::SubtractOp::create(e.builder, e.loc, beta, alpha), beta));
        Value scale = matrices.select(
            noReflection, matrices.splat(scalars, 0),
            hlo::DivOp::create(
                e.builder, e.loc, matrices.splat(scalars, 1),
                hlo::SubtractOp::create(e.builder, e.loc, alpha, beta)));
        SmallVector<int64_t> batchDims = matrices.batchDims();
        Value v = matrices.select(
            at, matrices.splat(vector, 1),
            hlo::MulOp::create(e.builder, e.loc, tail,
                               matrices.spread(scale, vector, batchDims)));
        Value reflected =
            matrices.applyReflector(packed, v, tau, j, /*onlyAfter=*/true);
        Value newColumn =
            matrices.select(at, matrices.spread(beta, vector, batchDims),
                            matrices.select(below, v, x));
        Value tauAt = hlo::DynamicUpdateSliceOp::create(
            e.builder, e.loc, tauType, taus,
            hlo::ReshapeOp::create(e.builder, e.loc,
                                   MatrixBatch::lastUnit(tauType), tau),
            matrices.startsAt(tauType.getRank(), j));
        return SmallVector<Value>{matrices.withColumn(reflected, newColumn, j),
                                  tauAt};
      });
  if (failed(factored))
    return failure();
  return HloValue::tupleOf(*factored);
}

FailureOr<HloValue> buildOrgqr(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<RankedTensorType> resultType = e.resultType();
  if (failed(operands) || failed(resultType))
    return failure();
  Value packed = (*operands)[0], taus = (*operands)[1];
  FailureOr<RankedTensorType> type = realMatrices(e, packed, "orgqr");
  if (failed(type))
    return failure();
  MatrixBatch matrices{e, *type};
  auto tauType = cast<RankedTensorType>(taus.getType());
  int64_t k = tauType.getShape().empty() ? -1 : tauType.getShape().back();
  if (*resultType != *type || k < 0 || k > type->getShape().back() ||
      tauType != matrices.perMatrix({k}, matrices.element()))
    return e.emitError() << "orgqr takes " << *type
                         << " reflectors and their scales, and gives " << *type;
  // The identity's first columns, the reflectors applied last to first.
  Value identity = matrices.select(
      compareRowWithColumn(e, *type, hlo::ComparisonDirection::EQ),
      matrices.splat(*type, 1), matrices.splat(*type, 0));
  FailureOr<SmallVector<Value>> product = emitCountedLoop(
      e, k, {identity},
      [&](Value i, ValueRange state) -> FailureOr<SmallVector<Value>> {
        Value j =
            hlo::SubtractOp::create(e.builder, e.loc, matrices.index(k - 1), i);
        Value v = matrices.reflector(packed, j);
        RankedTensorType one = MatrixBatch::lastUnit(tauType);
        Value tau = hlo::ReshapeOp::create(
            e.builder, e.loc, matrices.scalars(),
            hlo::DynamicSliceOp::create(e.builder, e.loc, one, taus,
                                        matrices.startsAt(tauType.getRank(), j),
                                        one.getShape()));
        return SmallVector<Value>{
            matrices.applyReflector(state[0], v, tau, j, /*onlyAfter=*/false)};
      });
  if (failed(product))
    return failure();
  return HloValue{product->front(), {}};
}

} // namespace fuse::hlo_text
