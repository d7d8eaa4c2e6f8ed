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

#include "MatrixBatch.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

/// The reflector's vector of column `j` of packed `matrices`: 1 at row j,
/// the stored entries below, zeros above.
Value reflector(MatrixBatch &m, Value packed, Value j) {
  Value stored = m.columnOf(packed, j);
  RankedTensorType vector = m.column();
  Value below = m.comparePosition(vector, j, hlo::ComparisonDirection::GT);
  Value at = m.comparePosition(vector, j, hlo::ComparisonDirection::EQ);
  return m.select(at, m.splat(vector, 1),
                  m.select(below, stored, m.splat(vector, 0)));
}

/// `matrices` - v (tau v^T matrices), with the columns at or before `j`
/// left alone when `onlyAfter` is set.
Value applyReflector(MatrixBatch &m, Value matrices, Value v, Value tau,
                     Value j, bool onlyAfter) {
  auto type = cast<RankedTensorType>(matrices.getType());
  SmallVector<int64_t> batchDims = m.batchDims();
  RankedTensorType row = m.perMatrix({type.getShape().back()}, m.element());
  Value w = hlo::DotGeneralOp::create(
      m.b(), m.e.loc, Type(row), v, matrices, batchDims, batchDims,
      ArrayRef<int64_t>{m.rank() - 2}, ArrayRef<int64_t>{m.rank() - 2});
  Value scaled =
      hlo::MulOp::create(m.b(), m.e.loc, w, m.spread(tau, row, batchDims));
  if (onlyAfter)
    scaled = m.select(m.comparePosition(row, j, hlo::ComparisonDirection::GT),
                      scaled, m.splat(row, 0));
  Value update = hlo::MulOp::create(m.b(), m.e.loc,
                                    m.spreadVector(v, type, /*alongRows=*/true),
                                    m.spreadVector(scaled, type, false));
  return hlo::SubtractOp::create(m.b(), m.e.loc, matrices, update);
}

} // namespace

FailureOr<std::pair<Value, Value>>
emitHouseholderFactors(InstructionEmission &e, Value a) {
  MatrixBatch matrices{e, cast<RankedTensorType>(a.getType())};
  int64_t k = std::min(matrices.rows(), matrices.cols());
  RankedTensorType tauType = matrices.perMatrix({k}, matrices.element());
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
            applyReflector(matrices, packed, v, tau, j, /*onlyAfter=*/true);
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
  return std::make_pair((*factored)[0], (*factored)[1]);
}

FailureOr<Value> emitHouseholderQ(InstructionEmission &e, Value packed,
                                  Value taus) {
  MatrixBatch matrices{e, cast<RankedTensorType>(packed.getType())};
  auto tauType = cast<RankedTensorType>(taus.getType());
  int64_t k = tauType.getShape().back();
  // The identity's first columns, the reflectors applied last to first.
  FailureOr<SmallVector<Value>> product = emitCountedLoop(
      e, k, {matrices.identity(matrices.type)},
      [&](Value i, ValueRange state) -> FailureOr<SmallVector<Value>> {
        Value j =
            hlo::SubtractOp::create(e.builder, e.loc, matrices.index(k - 1), i);
        Value v = reflector(matrices, packed, j);
        RankedTensorType one = MatrixBatch::lastUnit(tauType);
        Value tau = hlo::ReshapeOp::create(
            e.builder, e.loc, matrices.scalars(),
            hlo::DynamicSliceOp::create(e.builder, e.loc, one, taus,
                                        matrices.startsAt(tauType.getRank(), j),
                                        one.getShape()));
        return SmallVector<Value>{applyReflector(matrices, state[0], v, tau, j,
                                                 /*onlyAfter=*/false)};
      });
  if (failed(product))
    return failure();
  return product->front();
}

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
  int64_t k = std::min(matrices.rows(), matrices.cols());
  RankedTensorType tauType = matrices.perMatrix({k}, matrices.element());
  if (resultTypes.size() != 2 || resultTypes[0] != *type ||
      resultTypes[1] != tauType)
    return e.emitError() << "geqrf of " << *type << " gives (" << *type << ", "
                         << tauType << ")";
  FailureOr<std::pair<Value, Value>> factors = emitHouseholderFactors(e, a);
  if (failed(factors))
    return failure();
  return HloValue::tupleOf(SmallVector<Value>{factors->first, factors->second});
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
  if (*resultType != *type || k < 0 || k > matrices.cols() ||
      tauType != matrices.perMatrix({k}, matrices.element()))
    return e.emitError() << "orgqr takes " << *type
                         << " reflectors and their scales, and gives " << *type;
  FailureOr<Value> q = emitHouseholderQ(e, packed, taus);
  if (failed(q))
    return failure();
  return HloValue{*q, {}};
}

} // namespace fuse::hlo_text
