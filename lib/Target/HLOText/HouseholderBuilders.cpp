//===- HouseholderBuilders.cpp - LAPACK's QR as hlo loops -----------------===//
//
// JAX's CPU lowering of `jnp.linalg.qr` calls LAPACK's `geqrf` (the
// Householder factorization: R in the upper triangle, the reflectors'
// vectors below it with their leading 1 implied, and their scales `tau`)
// and `orgqr` (Q from the reflectors). Both become blocked hlo.while loops,
// as LAPACK's own routines are blocked, with LAPACK's conventions, so that
// R's signs and the packed form match what JAX's programs read:
//
//   reflector j of column x = a[j:, j]:  alpha = x[0],
//   beta = -sign(alpha) * |x| (sign(0) = +),  tau = (beta - alpha) / beta,
//   v = x / (alpha - beta) below row j, v[j] = 1;
//   a zero tail (|x[1:]| = 0) is no reflection: tau = 0, beta = alpha.
//   geqrf applies H_j = I - tau v v^T to the columns after j;
//   orgqr applies H_{k-1}, ..., H_0 to the identity's first columns.
//
// The columns go in panels of up to 32: a loop over a panel's columns
// reflects them one at a time within the panel; the panel's reflections
// then act as one, H_p0 ... H_p0+31 = I - Y T Y^T (the compact WY form,
// T from LAPACK's larft recurrence), on the later columns (geqrf) or on Q
// (orgqr, panels last to first) as three products. Every step works on
// whole panels with masks, so batches of matrices (leading dimensions)
// need nothing more.
//
//===----------------------------------------------------------------------===//

#include "MatrixBatch.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

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

/// The panels' width for `k` reflectors: reflections are applied one at a
/// time inside a panel, and to the columns after it as one block
/// reflector.
int64_t panelWidth(int64_t k) { return std::clamp<int64_t>(k, 1, 32); }

/// Reflects column `jj` of `panel` (rows at and below row `j`) onto row j,
/// as LAPACK's geqrf does, and applies the reflection to the panel's later
/// columns; records its scale at `jj` of `taus`.
SmallVector<Value> reflectColumn(MatrixBatch &matrices, Value panel, Value taus,
                                 Value jj, Value j) {
  InstructionEmission &e = matrices.e;
  RankedTensorType vector = matrices.column();
  RankedTensorType scalars = matrices.scalars();
  auto tauType = cast<RankedTensorType>(taus.getType());
  Value x = matrices.columnOf(panel, jj);
  Value below =
      matrices.comparePosition(vector, j, hlo::ComparisonDirection::GT);
  Value at = matrices.comparePosition(vector, j, hlo::ComparisonDirection::EQ);
  Value zeros = matrices.splat(vector, 0);
  Value tail = matrices.select(below, x, zeros);
  Value alpha = matrices.sumOverColumn(matrices.select(at, x, zeros));
  Value tailSquares =
      matrices.sumOverColumn(hlo::MulOp::create(e.builder, e.loc, tail, tail));
  Value norm = hlo::SqrtOp::create(
      e.builder, e.loc,
      hlo::AddOp::create(e.builder, e.loc,
                         hlo::MulOp::create(e.builder, e.loc, alpha, alpha),
                         tailSquares));
  Value nonNegative = matrices.compare(hlo::ComparisonDirection::GE, alpha,
                                       matrices.splat(scalars, 0));
  Value noReflection = matrices.compare(
      hlo::ComparisonDirection::EQ, tailSquares, matrices.splat(scalars, 0));
  Value beta = matrices.select(
      noReflection, alpha,
      matrices.select(nonNegative, hlo::NegOp::create(e.builder, e.loc, norm),
                      norm));
  Value tau = matrices.select(
      noReflection, matrices.splat(scalars, 0),
      hlo::DivOp::create(e.builder, e.loc,
                         hlo::SubtractOp::create(e.builder, e.loc, beta, alpha),
                         beta));
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
      applyReflector(matrices, panel, v, tau, jj, /*onlyAfter=*/true);
  Value newColumn =
      matrices.select(at, matrices.spread(beta, vector, batchDims),
                      matrices.select(below, v, x));
  Value tauAt = hlo::DynamicUpdateSliceOp::create(
      e.builder, e.loc, tauType, taus,
      hlo::ReshapeOp::create(e.builder, e.loc, MatrixBatch::lastUnit(tauType),
                             tau),
      matrices.startsAt(tauType.getRank(), jj));
  return {matrices.withColumn(reflected, newColumn, jj), tauAt};
}

/// The reflectors' vectors of a panel whose column jj reflected from row
/// first + jj: 1 there, the stored entries below, zeros above.
Value reflectorVectors(MatrixBatch &matrices, Value panel, Value first) {
  auto type = cast<RankedTensorType>(panel.getType());
  RankedTensorType indices = type.clone(matrices.b().getI64Type());
  Value row = hlo::IotaOp::create(matrices.b(), matrices.e.loc, indices,
                                  matrices.rank() - 2);
  Value diagonal =
      hlo::AddOp::create(matrices.b(), matrices.e.loc,
                         hlo::IotaOp::create(matrices.b(), matrices.e.loc,
                                             indices, matrices.rank() - 1),
                         matrices.spread(first, indices, {}));
  return matrices.select(
      matrices.compare(hlo::ComparisonDirection::EQ, row, diagonal),
      matrices.splat(type, 1),
      matrices.select(
          matrices.compare(hlo::ComparisonDirection::GT, row, diagonal), panel,
          matrices.splat(type, 0)));
}

/// `values` with as many zero columns appended as reach `columns`.
Value padColumns(MatrixBatch &matrices, Value values, int64_t columns) {
  int64_t have = cast<RankedTensorType>(values.getType()).getShape().back();
  if (have >= columns)
    return values;
  return matrices.padEnd(values,
                         cast<RankedTensorType>(values.getType()).getRank() - 1,
                         columns - have);
}

/// Columns (last positions) [first, first + w) of `values`, `first` an i64
/// scalar.
Value columnsAt(MatrixBatch &matrices, Value values, Value first, int64_t w) {
  auto type = cast<RankedTensorType>(values.getType());
  SmallVector<int64_t> sizes(type.getShape());
  sizes.back() = w;
  return hlo::DynamicSliceOp::create(
      matrices.b(), matrices.e.loc, type.clone(sizes), values,
      matrices.startsAt(type.getRank(), first), sizes);
}

/// T of the compact WY form H_0 ... H_{w-1} = I - Y T Y^T of reflectors
/// `y` (m x w) with scales `taus` (LAPACK's larft, forward, by columns):
/// column j of T is -tau_j T (Y^T y_j) above the diagonal and tau_j on it.
FailureOr<Value> blockReflectorFactor(InstructionEmission &e, Value y,
                                      Value taus) {
  auto yType = cast<RankedTensorType>(y.getType());
  MatrixBatch vectors{e, yType};
  int64_t w = vectors.cols();
  MatrixBatch square{e, vectors.perMatrix({w, w}, vectors.element())};
  FailureOr<SmallVector<Value>> t = emitCountedLoop(
      e, w, {square.splat(square.type, 0)},
      [&](Value j, ValueRange state) -> FailureOr<SmallVector<Value>> {
        Value yj = vectors.columnOf(y, j);
        RankedTensorType products = square.column();
        Value overlaps = hlo::DotGeneralOp::create(
            e.builder, e.loc, Type(products), y, yj, square.batchDims(),
            square.batchDims(), ArrayRef<int64_t>{vectors.rank() - 2},
            ArrayRef<int64_t>{vectors.rank() - 2});
        overlaps = square.select(
            square.comparePosition(products, j, hlo::ComparisonDirection::LT),
            overlaps, square.splat(products, 0));
        Value tau = hlo::ReshapeOp::create(e.builder, e.loc, square.scalars(),
                                           columnsAt(square, taus, j, 1));
        Value spreadTau = square.spread(tau, products, square.batchDims());
        Value column = hlo::MulOp::create(
            e.builder, e.loc, hlo::NegOp::create(e.builder, e.loc, spreadTau),
            hlo::DotGeneralOp::create(e.builder, e.loc, Type(products),
                                      state[0], overlaps, square.batchDims(),
                                      square.batchDims(),
                                      ArrayRef<int64_t>{square.rank() - 1},
                                      ArrayRef<int64_t>{square.rank() - 2}));
        column = square.select(
            square.comparePosition(products, j, hlo::ComparisonDirection::EQ),
            spreadTau, column);
        return SmallVector<Value>{square.withColumn(state[0], column, j)};
      });
  if (failed(t))
    return failure();
  return t->front();
}

} // namespace

FailureOr<std::pair<Value, Value>>
emitHouseholderFactors(InstructionEmission &e, Value a) {
  MatrixBatch matrices{e, cast<RankedTensorType>(a.getType())};
  int64_t m = matrices.rows(), n = matrices.cols(), k = std::min(m, n);
  int64_t w = panelWidth(k);
  int64_t panels = llvm::divideCeil(k, w), columns = std::max(n, panels * w);
  int64_t rows = matrices.rank() - 2, cols = matrices.rank() - 1;
  // Zero columns past the last panel reflect nothing (tau = 0).
  Value padded = padColumns(matrices, a, columns);
  MatrixBatch panel{e, matrices.perMatrix({m, w}, matrices.element())};
  RankedTensorType panelTaus = matrices.perMatrix({w}, matrices.element());
  RankedTensorType allTaus =
      matrices.perMatrix({panels * w}, matrices.element());
  FailureOr<SmallVector<Value>> factored = emitCountedLoop(
      e, panels, {padded, matrices.splat(allTaus, 0)},
      [&](Value p, ValueRange state) -> FailureOr<SmallVector<Value>> {
        Value first =
            hlo::MulOp::create(e.builder, e.loc, p, matrices.index(w));
        FailureOr<SmallVector<Value>> reflected = emitCountedLoop(
            e, w,
            {columnsAt(matrices, state[0], first, w),
             panel.splat(panelTaus, 0)},
            [&](Value jj, ValueRange inner) -> FailureOr<SmallVector<Value>> {
              Value j = hlo::AddOp::create(e.builder, e.loc, first, jj);
              return reflectColumn(panel, inner[0], inner[1], jj, j);
            });
        if (failed(reflected))
          return failure();
        Value y = reflectorVectors(panel, (*reflected)[0], first);
        FailureOr<Value> t = blockReflectorFactor(e, y, (*reflected)[1]);
        if (failed(t))
          return failure();
        // The later columns get Q_p^T = I - Y T^T Y^T at once.
        Value withPanel = hlo::DynamicUpdateSliceOp::create(
            e.builder, e.loc, state[0], (*reflected)[0],
            matrices.startsAt(matrices.rank(), first));
        Value overlaps = matrices.product(y, withPanel, /*transposeLhs=*/true);
        Value weights = matrices.product(*t, overlaps, /*transposeLhs=*/true);
        auto weightType = cast<RankedTensorType>(weights.getType());
        Value after = matrices.comparePosition(
            weightType,
            hlo::AddOp::create(e.builder, e.loc, first, matrices.index(w - 1)),
            hlo::ComparisonDirection::GT);
        weights =
            matrices.select(after, weights, matrices.splat(weightType, 0));
        Value updated = hlo::SubtractOp::create(e.builder, e.loc, withPanel,
                                                matrices.product(y, weights));
        Value taus = hlo::DynamicUpdateSliceOp::create(
            e.builder, e.loc, state[1], (*reflected)[1],
            matrices.startsAt(allTaus.getRank(), first));
        return SmallVector<Value>{updated, taus};
      });
  if (failed(factored))
    return failure();
  return std::make_pair(matrices.slice((*factored)[0], cols, 0, n),
                        matrices.slice((*factored)[1], rows, 0, k));
}

FailureOr<Value> emitHouseholderQ(InstructionEmission &e, Value packed,
                                  Value taus) {
  MatrixBatch matrices{e, cast<RankedTensorType>(packed.getType())};
  auto tauType = cast<RankedTensorType>(taus.getType());
  int64_t m = matrices.rows(), k = tauType.getShape().back();
  int64_t w = panelWidth(k);
  int64_t panels = llvm::divideCeil(k, w);
  Value reflectors = padColumns(matrices, packed, panels * w);
  Value scales = padColumns(matrices, taus, panels * w);
  MatrixBatch panel{e, matrices.perMatrix({m, w}, matrices.element())};
  // The identity's first columns, the panels' block reflectors applied
  // last to first: Q_p = I - Y T Y^T.
  FailureOr<SmallVector<Value>> product = emitCountedLoop(
      e, panels, {matrices.identity(matrices.type)},
      [&](Value i, ValueRange state) -> FailureOr<SmallVector<Value>> {
        Value first = hlo::MulOp::create(
            e.builder, e.loc,
            hlo::SubtractOp::create(e.builder, e.loc,
                                    matrices.index(panels - 1), i),
            matrices.index(w));
        Value y = reflectorVectors(
            panel, columnsAt(matrices, reflectors, first, w), first);
        FailureOr<Value> t =
            blockReflectorFactor(e, y, columnsAt(matrices, scales, first, w));
        if (failed(t))
          return failure();
        Value overlaps = matrices.product(y, state[0], /*transposeLhs=*/true);
        Value update = matrices.product(y, matrices.product(*t, overlaps));
        return SmallVector<Value>{
            hlo::SubtractOp::create(e.builder, e.loc, state[0], update)};
      });
  if (failed(product))
    return failure();
  return product->front();
}

FailureOr<HloValue> buildGeqrf(InstructionEmission &e) {
  FailureOr<LapackCall> call = readLapackCall(e, "geqrf");
  if (failed(call))
    return failure();
  ArrayRef<Type> resultTypes = call->resultTypes;
  RankedTensorType type = call->type;
  MatrixBatch matrices{e, type};
  int64_t k = std::min(matrices.rows(), matrices.cols());
  RankedTensorType tauType = matrices.perMatrix({k}, matrices.element());
  if (resultTypes.size() != 2 || resultTypes[0] != type ||
      resultTypes[1] != tauType)
    return e.emitError() << "geqrf of " << type << " gives (" << type << ", "
                         << tauType << ")";
  FailureOr<std::pair<Value, Value>> factors =
      emitHouseholderFactors(e, call->matrix);
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
