//===- LinearAlgebra.cpp - hlo.cholesky and hlo.triangular_solve ----------===//
//
// The textbook algorithms, one matrix of the batch at a time, in double
// (LU's multipliers as the reciprocal of the pivot times the entry, as the
// compiled code computes them):
// the oracle the compiled blocked algorithms are checked against.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"
#include "Matrix.h"

#include <cmath>
#include <limits>
#include <vector>

using namespace mlir;

namespace fuse::interp {
namespace {

/// The lower factor of the lower triangle of `a`; NaN from the first
/// column whose pivot is not positive on.
Matrix lowerCholesky(const Matrix &a) {
  int64_t n = a.rows;
  Matrix l(n, n);
  bool failed = false;
  for (int64_t j = 0; j < n; ++j) {
    double pivot = a.at(j, j);
    for (int64_t p = 0; p < j; ++p)
      pivot -= l.at(j, p) * l.at(j, p);
    failed = failed || !(pivot > 0);
    if (failed) {
      for (int64_t i = j; i < n; ++i)
        l.at(i, j) = std::numeric_limits<double>::quiet_NaN();
      continue;
    }
    l.at(j, j) = std::sqrt(pivot);
    for (int64_t i = j + 1; i < n; ++i) {
      double sum = a.at(i, j);
      for (int64_t p = 0; p < j; ++p)
        sum -= l.at(i, p) * l.at(j, p);
      l.at(i, j) = sum / l.at(j, j);
    }
  }
  return l;
}

/// `x` with `m x = b`, `m` lower triangular when `lower`, else upper.
Matrix substitute(const Matrix &m, const Matrix &b, bool lower) {
  int64_t n = m.rows;
  Matrix x(b.rows, b.cols);
  for (int64_t step = 0; step < n; ++step) {
    int64_t i = lower ? step : n - 1 - step;
    for (int64_t c = 0; c < b.cols; ++c) {
      double sum = b.at(i, c);
      for (int64_t k = 0; k < n; ++k)
        if (k != i && (lower ? k < i : k > i))
          sum -= m.at(i, k) * x.at(k, c);
      x.at(i, c) = sum / m.at(i, i);
    }
  }
  return x;
}

} // namespace

Tensor evaluateCholesky(hlo::CholeskyOp op, const Tensor &operand) {
  Tensor result(op.getType());
  bool lower = op.getLower();
  for (int64_t index = 0, e = batchCount(operand); index < e; ++index) {
    // The upper factor U of A is L^T for the L of A's upper triangle, read
    // transposed.
    Matrix a = Matrix::read(operand, index);
    Matrix factor = lowerCholesky(lower ? a : a.transposed());
    (lower ? factor : factor.transposed()).write(result, index);
  }
  return result;
}

SmallVector<Tensor> evaluateLu(hlo::LuOp op, const Tensor &operand) {
  SmallVector<Tensor> results = createResultTensors(op);
  for (int64_t index = 0, e = batchCount(operand); index < e; ++index) {
    Matrix a = Matrix::read(operand, index);
    int64_t n = a.rows;
    for (int64_t j = 0; j < n; ++j) {
      int64_t pivot = j;
      for (int64_t i = j + 1; i < n; ++i)
        if (std::abs(a.at(i, j)) > std::abs(a.at(pivot, j)))
          pivot = i;
      results[1].setInt(index * n + j, pivot);
      for (int64_t k = 0; k < n; ++k)
        std::swap(a.at(j, k), a.at(pivot, k));
      double d = a.at(j, j);
      double scale = d == 0 ? 1.0 : 1.0 / d;
      for (int64_t i = j + 1; i < n; ++i) {
        a.at(i, j) *= scale;
        for (int64_t k = j + 1; k < n; ++k)
          a.at(i, k) -= a.at(i, j) * a.at(j, k);
      }
    }
    a.write(results[0], index);
  }
  return results;
}

Tensor evaluateTriangularSolve(hlo::TriangularSolveOp op, const Tensor &a,
                               const Tensor &b) {
  Tensor result(op.getType());
  bool lower = op.getLower();
  for (int64_t index = 0, e = batchCount(b); index < e; ++index) {
    Matrix full = Matrix::read(a, index);
    // The triangle that is read, with ones on a unit diagonal.
    Matrix m(full.rows, full.cols);
    for (int64_t i = 0; i < m.rows; ++i)
      for (int64_t j = 0; j < m.cols; ++j)
        if (i == j)
          m.at(i, j) = op.getUnitDiagonal() ? 1.0 : full.at(i, j);
        else if (lower ? i > j : i < j)
          m.at(i, j) = full.at(i, j);
    bool mLower = lower;
    if (op.getTransposeA()) {
      m = m.transposed();
      mLower = !mLower;
    }
    Matrix rhs = Matrix::read(b, index);
    // X M = B is M^T X^T = B^T.
    if (op.getLeftSide())
      substitute(m, rhs, mLower).write(result, index);
    else
      substitute(m.transposed(), rhs.transposed(), !mLower)
          .transposed()
          .write(result, index);
  }
  return result;
}

} // namespace fuse::interp
