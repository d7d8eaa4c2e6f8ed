//===- Householder.cpp - LAPACK's QR as hlo loops ------------------------===//
//
// LAPACK's `geqrf` (the Householder factorization: R in the upper
// triangle, the reflectors' vectors below it with their leading 1 implied,
// and their scales `tau`) and `orgqr` (Q from the reflectors), which JAX's
// `jnp.linalg.qr` calls on the CPU and the importer builds with these, and
// which give --hlo-expand-spectral its singular vectors. Both are blocked
// hlo.while loops,
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

#include "fuse/Dialect/HLO/Expansions/MatrixBatch.h"

#include <algorithm>

using namespace mlir;

namespace fuse::hlo {
namespace {

/// `matrices` - v (tau v^T matrices), with the columns at or before `j`
/// left alone when `onlyAfter` is set.
Value applyReflector(MatrixBatch &m, Value matrices, Value v, Value tau,
                     Value j, bool onlyAfter) {
  OpBuilder &b = m.b();
  Location loc = m.loc;
  auto type = cast<RankedTensorType>(matrices.getType());
  SmallVector<int64_t> batchDims = m.batchDims();
  RankedTensorType row = m.perMatrix({type.getShape().back()}, m.element());
  Value w = DotGeneralOp::create(b, loc, Type(row), v, matrices, batchDims,
                                 batchDims, ArrayRef<int64_t>{m.rank() - 2},
                                 ArrayRef<int64_t>{m.rank() - 2});
  Value scaled = MulOp::create(b, loc, w, m.spread(tau, row, batchDims));
  if (onlyAfter)
    scaled = m.select(m.comparePosition(row, j, ComparisonDirection::GT),
                      scaled, m.splat(row, 0));
  Value update =
      MulOp::create(b, loc, m.spreadVector(v, type, /*alongRows=*/true),
                    m.spreadVector(scaled, type, false));
  return SubtractOp::create(b, loc, matrices, update);
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
  OpBuilder &b = matrices.b();
  Location loc = matrices.loc;
  RankedTensorType vector = matrices.column();
  RankedTensorType scalars = matrices.scalars();
  auto tauType = cast<RankedTensorType>(taus.getType());
  Value x = matrices.columnOf(panel, jj);
  Value below = matrices.comparePosition(vector, j, ComparisonDirection::GT);
  Value at = matrices.comparePosition(vector, j, ComparisonDirection::EQ);
  Value zeros = matrices.splat(vector, 0);
  Value tail = matrices.select(below, x, zeros);
  Value alpha = matrices.sumOverColumn(matrices.select(at, x, zeros));
  Value tailSquares = matrices.sumOverColumn(MulOp::create(b, loc, tail, tail));
  Value norm = SqrtOp::create(
      b, loc,
      AddOp::create(b, loc, MulOp::create(b, loc, alpha, alpha), tailSquares));
  Value nonNegative = matrices.compare(ComparisonDirection::GE, alpha,
                                       matrices.splat(scalars, 0));
  Value noReflection = matrices.compare(ComparisonDirection::EQ, tailSquares,
                                        matrices.splat(scalars, 0));
  Value beta = matrices.select(
      noReflection, alpha,
      matrices.select(nonNegative, NegOp::create(b, loc, norm), norm));
  Value tau = matrices.select(
      noReflection, matrices.splat(scalars, 0),
      DivOp::create(b, loc, SubtractOp::create(b, loc, beta, alpha), beta));
  Value scale =
      matrices.select(noReflection, matrices.splat(scalars, 0),
                      DivOp::create(b, loc, matrices.splat(scalars, 1),
                                    SubtractOp::create(b, loc, alpha, beta)));
  SmallVector<int64_t> batchDims = matrices.batchDims();
  Value v = matrices.select(
      at, matrices.splat(vector, 1),
      MulOp::create(b, loc, tail, matrices.spread(scale, vector, batchDims)));
  Value reflected =
      applyReflector(matrices, panel, v, tau, jj, /*onlyAfter=*/true);
  Value newColumn =
      matrices.select(at, matrices.spread(beta, vector, batchDims),
                      matrices.select(below, v, x));
  Value tauAt = DynamicUpdateSliceOp::create(
      b, loc, tauType, taus,
      ReshapeOp::create(b, loc, MatrixBatch::lastUnit(tauType), tau),
      matrices.startsAt(tauType.getRank(), jj));
  return {matrices.withColumn(reflected, newColumn, jj), tauAt};
}

/// The reflectors' vectors of a panel whose column jj reflected from row
/// first + jj: 1 there, the stored entries below, zeros above.
Value reflectorVectors(MatrixBatch &matrices, Value panel, Value first) {
  OpBuilder &b = matrices.b();
  Location loc = matrices.loc;
  auto type = cast<RankedTensorType>(panel.getType());
  RankedTensorType indices = type.clone(b.getI64Type());
  Value row = IotaOp::create(b, loc, indices, matrices.rank() - 2);
  Value diagonal = AddOp::create(
      b, loc, IotaOp::create(b, loc, indices, matrices.rank() - 1),
      matrices.spread(first, indices, {}));
  return matrices.select(
      matrices.compare(ComparisonDirection::EQ, row, diagonal),
      matrices.splat(type, 1),
      matrices.select(matrices.compare(ComparisonDirection::GT, row, diagonal),
                      panel, matrices.splat(type, 0)));
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
  return DynamicSliceOp::create(
      matrices.b(), matrices.loc, type.clone(sizes), values,
      matrices.startsAt(type.getRank(), first), sizes);
}

/// T of the compact WY form H_0 ... H_{w-1} = I - Y T Y^T of reflectors
/// `y` (m x w) with scales `taus` (LAPACK's larft, forward, by columns):
/// column j of T is -tau_j T (Y^T y_j) above the diagonal and tau_j on it.
Value blockReflectorFactor(MatrixBatch &matrices, Value y, Value taus) {
  MatrixBatch vectors = matrices.withType(cast<RankedTensorType>(y.getType()));
  int64_t w = vectors.cols();
  MatrixBatch square =
      matrices.withType(vectors.perMatrix({w, w}, vectors.element()));
  OpBuilder &b = matrices.b();
  Location loc = matrices.loc;
  return square
      .loop(
          w, {square.splat(square.type, 0)},
          [&](Value j, ValueRange state) -> SmallVector<Value> {
            Value yj = vectors.columnOf(y, j);
            RankedTensorType products = square.column();
            Value overlaps = DotGeneralOp::create(
                b, loc, Type(products), y, yj, square.batchDims(),
                square.batchDims(), ArrayRef<int64_t>{vectors.rank() - 2},
                ArrayRef<int64_t>{vectors.rank() - 2});
            overlaps = square.select(
                square.comparePosition(products, j, ComparisonDirection::LT),
                overlaps, square.splat(products, 0));
            Value tau = ReshapeOp::create(b, loc, square.scalars(),
                                          columnsAt(square, taus, j, 1));
            Value spreadTau = square.spread(tau, products, square.batchDims());
            Value column = MulOp::create(
                b, loc, NegOp::create(b, loc, spreadTau),
                DotGeneralOp::create(b, loc, Type(products), state[0], overlaps,
                                     square.batchDims(), square.batchDims(),
                                     ArrayRef<int64_t>{square.rank() - 1},
                                     ArrayRef<int64_t>{square.rank() - 2}));
            column = square.select(
                square.comparePosition(products, j, ComparisonDirection::EQ),
                spreadTau, column);
            return {square.withColumn(state[0], column, j)};
          })
      .front();
}

} // namespace

std::pair<Value, Value> buildHouseholderFactors(OpBuilder &b, Location loc,
                                                Value a) {
  MatrixBatch matrices{b, loc, cast<RankedTensorType>(a.getType())};
  int64_t m = matrices.rows(), n = matrices.cols(), k = std::min(m, n);
  int64_t w = panelWidth(k);
  int64_t panels = llvm::divideCeil(k, w), columns = std::max(n, panels * w);
  int64_t rows = matrices.rank() - 2, cols = matrices.rank() - 1;
  // Zero columns past the last panel reflect nothing (tau = 0).
  Value padded = padColumns(matrices, a, columns);
  MatrixBatch panel =
      matrices.withType(matrices.perMatrix({m, w}, matrices.element()));
  RankedTensorType panelTaus = matrices.perMatrix({w}, matrices.element());
  RankedTensorType allTaus =
      matrices.perMatrix({panels * w}, matrices.element());
  SmallVector<Value> factored = matrices.loop(
      panels, {padded, matrices.splat(allTaus, 0)},
      [&](Value p, ValueRange state) -> SmallVector<Value> {
        Value first = MulOp::create(b, loc, p, matrices.index(w));
        SmallVector<Value> reflected = matrices.loop(
            w,
            {columnsAt(matrices, state[0], first, w),
             panel.splat(panelTaus, 0)},
            [&](Value jj, ValueRange inner) -> SmallVector<Value> {
              Value j = AddOp::create(b, loc, first, jj);
              return reflectColumn(panel, inner[0], inner[1], jj, j);
            });
        Value y = reflectorVectors(panel, reflected[0], first);
        Value t = blockReflectorFactor(matrices, y, reflected[1]);
        // The later columns get Q_p^T = I - Y T^T Y^T at once.
        Value withPanel = DynamicUpdateSliceOp::create(
            b, loc, state[0], reflected[0],
            matrices.startsAt(matrices.rank(), first));
        Value overlaps = matrices.product(y, withPanel, /*transposeLhs=*/true);
        Value weights = matrices.product(t, overlaps, /*transposeLhs=*/true);
        auto weightType = cast<RankedTensorType>(weights.getType());
        Value after = matrices.comparePosition(
            weightType, AddOp::create(b, loc, first, matrices.index(w - 1)),
            ComparisonDirection::GT);
        weights =
            matrices.select(after, weights, matrices.splat(weightType, 0));
        Value updated =
            SubtractOp::create(b, loc, withPanel, matrices.product(y, weights));
        Value taus = DynamicUpdateSliceOp::create(
            b, loc, state[1], reflected[1],
            matrices.startsAt(allTaus.getRank(), first));
        return {updated, taus};
      });
  return {matrices.slice(factored[0], cols, 0, n),
          matrices.slice(factored[1], rows, 0, k)};
}

Value buildHouseholderQ(OpBuilder &b, Location loc, Value packed, Value taus) {
  MatrixBatch matrices{b, loc, cast<RankedTensorType>(packed.getType())};
  auto tauType = cast<RankedTensorType>(taus.getType());
  int64_t m = matrices.rows(), k = tauType.getShape().back();
  int64_t w = panelWidth(k);
  int64_t panels = llvm::divideCeil(k, w);
  Value reflectors = padColumns(matrices, packed, panels * w);
  Value scales = padColumns(matrices, taus, panels * w);
  MatrixBatch panel =
      matrices.withType(matrices.perMatrix({m, w}, matrices.element()));
  // The identity's first columns, the panels' block reflectors applied
  // last to first: Q_p = I - Y T Y^T.
  return matrices
      .loop(panels, {matrices.identity(matrices.type)},
            [&](Value i, ValueRange state) -> SmallVector<Value> {
              Value first = MulOp::create(
                  b, loc,
                  SubtractOp::create(b, loc, matrices.index(panels - 1), i),
                  matrices.index(w));
              Value y = reflectorVectors(
                  panel, columnsAt(matrices, reflectors, first, w), first);
              Value t = blockReflectorFactor(
                  matrices, y, columnsAt(matrices, scales, first, w));
              Value overlaps =
                  matrices.product(y, state[0], /*transposeLhs=*/true);
              Value update = matrices.product(y, matrices.product(t, overlaps));
              return {SubtractOp::create(b, loc, state[0], update)};
            })
      .front();
}

} // namespace fuse::hlo
