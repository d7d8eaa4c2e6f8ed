//===- Spectral.cpp - hlo.eigh and hlo.svd --------------------------------===//
//
// The textbook cyclic Jacobi methods, one matrix of the batch at a time, in
// double: two-sided rotations for eigh, one-sided (Hestenes) rotations of
// the taller of A and A^T's columns for svd, whose left vectors are the
// normalized columns, completed to an orthonormal basis by Gram-Schmidt
// on the unit vectors where a singular value is zero or a full U asks for
// more. Then the op's orders and signs (docs/HLO.md). The compiled code
// calls LAPACK or runs parallel Jacobi sweeps: an independent algorithm.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"
#include "Matrix.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

using namespace mlir;

namespace fuse::interp {
namespace {

constexpr int kMaxSweeps = 100;
constexpr double kEpsilon = std::numeric_limits<double>::epsilon();

/// The tangent t of the rotation (c = 1/sqrt(1 + t^2), s = t c) that
/// diagonalizes [[p, r], [r, q]], the smaller of the two.
double rotationTangent(double p, double r, double q) {
  double theta = (q - p) / (2 * r);
  double sign = theta >= 0 ? 1.0 : -1.0;
  return sign / (std::abs(theta) + std::sqrt(theta * theta + 1));
}

/// Rotates columns `p` and `q` of `m` by (c, s).
void rotateColumns(Matrix &m, int64_t p, int64_t q, double c, double s) {
  for (int64_t i = 0; i < m.rows; ++i) {
    double x = m.at(i, p), y = m.at(i, q);
    m.at(i, p) = c * x - s * y;
    m.at(i, q) = s * x + c * y;
  }
}

/// Rotates rows `p` and `q` of `m` by (c, s).
void rotateRows(Matrix &m, int64_t p, int64_t q, double c, double s) {
  for (int64_t k = 0; k < m.cols; ++k) {
    double x = m.at(p, k), y = m.at(q, k);
    m.at(p, k) = c * x - s * y;
    m.at(q, k) = s * x + c * y;
  }
}

/// Indices 0..n-1 ordered by `values`, ties in index order.
std::vector<int64_t> orderOf(const std::vector<double> &values,
                             bool descending) {
  std::vector<int64_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
    return descending ? values[a] > values[b] : values[a] < values[b];
  });
  return order;
}

/// 1 or -1: the sign of column `j`'s entry of largest magnitude, the first
/// of equal ones.
double largestEntrySign(const Matrix &m, int64_t j) {
  int64_t largest = 0;
  for (int64_t i = 1; i < m.rows; ++i)
    if (std::abs(m.at(i, j)) > std::abs(m.at(largest, j)))
      largest = i;
  return m.rows > 0 && m.at(largest, j) < 0 ? -1.0 : 1.0;
}

/// Symmetric `a` diagonalized in place, the rotations accumulated in `v`;
/// whether the off-diagonal part came within eps of the whole.
bool diagonalize(Matrix &a, Matrix &v) {
  int64_t n = a.rows;
  for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
    double off = 0, whole = 0;
    for (int64_t i = 0; i < n; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double square = a.at(i, j) * a.at(i, j);
        whole += square;
        off += i == j ? 0 : square;
      }
    if (!std::isfinite(whole))
      return false;
    if (off <= kEpsilon * kEpsilon * whole)
      return true;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        if (a.at(p, q) == 0)
          continue;
        double t = rotationTangent(a.at(p, p), a.at(p, q), a.at(q, q));
        double c = 1 / std::sqrt(1 + t * t), s = t * c;
        // A <- R^T A R, with R rotating columns p and q.
        rotateColumns(a, p, q, c, s);
        rotateRows(a, p, q, c, s);
        rotateColumns(v, p, q, c, s);
      }
  }
  return false;
}

/// The columns of `b` rotated in pairs until orthogonal, the rotations
/// accumulated in `v`; whether they came within eps of orthogonal.
bool orthogonalize(Matrix &b, Matrix &v) {
  int64_t n = b.cols;
  for (int sweep = 0; sweep < kMaxSweeps; ++sweep) {
    bool rotated = false;
    for (int64_t p = 0; p < n; ++p)
      for (int64_t q = p + 1; q < n; ++q) {
        double alpha = 0, beta = 0, gamma = 0;
        for (int64_t i = 0; i < b.rows; ++i) {
          alpha += b.at(i, p) * b.at(i, p);
          beta += b.at(i, q) * b.at(i, q);
          gamma += b.at(i, p) * b.at(i, q);
        }
        if (!std::isfinite(alpha + beta + gamma))
          return false;
        if (std::abs(gamma) <= kEpsilon * std::sqrt(alpha * beta))
          continue;
        double t = rotationTangent(alpha, gamma, beta);
        double c = 1 / std::sqrt(1 + t * t), s = t * c;
        rotateColumns(b, p, q, c, s);
        rotateColumns(v, p, q, c, s);
        rotated = true;
      }
    if (!rotated)
      return true;
  }
  return false;
}

/// `columns` of a rows x `count` matrix with orthonormal columns: column j
/// of `given` where `keep[j]`, the others orthonormal to all of them (unit
/// vectors by Gram-Schmidt, twice for accuracy).
Matrix completeBasis(const Matrix &given, const std::vector<bool> &keep,
                     int64_t count) {
  int64_t rows = given.rows;
  Matrix basis(rows, count);
  std::vector<bool> filled(count, false);
  for (int64_t j = 0; j < count; ++j)
    if (j < given.cols && keep[j]) {
      for (int64_t i = 0; i < rows; ++i)
        basis.at(i, j) = given.at(i, j);
      filled[j] = true;
    }
  int64_t unit = 0;
  for (int64_t j = 0; j < count; ++j) {
    while (!filled[j] && unit < rows) {
      std::vector<double> x(rows, 0.0);
      x[unit++] = 1;
      for (int pass = 0; pass < 2; ++pass)
        for (int64_t other = 0; other < count; ++other) {
          if (!filled[other])
            continue;
          double dot = 0;
          for (int64_t i = 0; i < rows; ++i)
            dot += basis.at(i, other) * x[i];
          for (int64_t i = 0; i < rows; ++i)
            x[i] -= dot * basis.at(i, other);
        }
      double norm = 0;
      for (double value : x)
        norm += value * value;
      norm = std::sqrt(norm);
      if (norm < 0.5)
        continue;
      for (int64_t i = 0; i < rows; ++i)
        basis.at(i, j) = x[i] / norm;
      filled[j] = true;
    }
  }
  return basis;
}

/// Every element of `tensor`'s matrix `index` (of `size` elements) NaN.
void fillNaN(Tensor &tensor, int64_t index, int64_t size) {
  for (int64_t k = 0; k < size; ++k)
    tensor.setFloat(index * size + k, std::numeric_limits<double>::quiet_NaN());
}

} // namespace

SmallVector<Tensor> evaluateEigh(hlo::EighOp op, const Tensor &operand) {
  SmallVector<Tensor> results = createResultTensors(op);
  Tensor &vectors = results[0], &values = results[1], &info = results[2];
  int64_t n = operand.getShape().back();
  for (int64_t index = 0, e = info.getNumElements(); index < e; ++index) {
    info.setInt(index, 0);
    if (n == 0)
      continue;
    Matrix given = Matrix::read(operand, index);
    Matrix a(n, n), v(n, n);
    for (int64_t i = 0; i < n; ++i) {
      v.at(i, i) = 1;
      for (int64_t j = 0; j < n; ++j)
        a.at(i, j) =
            (op.getLower() ? i >= j : i <= j) ? given.at(i, j) : given.at(j, i);
    }
    if (!diagonalize(a, v)) {
      info.setInt(index, 1);
      fillNaN(vectors, index, n * n);
      fillNaN(values, index, n);
      continue;
    }
    std::vector<double> diagonal(n);
    for (int64_t i = 0; i < n; ++i)
      diagonal[i] = a.at(i, i);
    std::vector<int64_t> order = orderOf(diagonal, /*descending=*/false);
    Matrix sorted(n, n);
    for (int64_t j = 0; j < n; ++j) {
      double sign = largestEntrySign(v, order[j]);
      values.setFloat(index * n + j, diagonal[order[j]]);
      for (int64_t i = 0; i < n; ++i)
        sorted.at(i, j) = sign * v.at(i, order[j]);
    }
    sorted.write(vectors, index);
  }
  return results;
}

SmallVector<Tensor> evaluateSvd(hlo::SvdOp op, const Tensor &operand) {
  SmallVector<Tensor> results = createResultTensors(op);
  Tensor &sigma = results[0], &u = results[1], &vt = results[2],
         &info = results[3];
  ArrayRef<int64_t> shape = operand.getShape();
  int64_t m = shape[shape.size() - 2], n = shape.back();
  int64_t k = std::min(m, n), tall = std::max(m, n);
  bool wide = m < n, full = op.getFullMatrices();
  int64_t uCols = full ? m : k, vtRows = full ? n : k;
  for (int64_t index = 0, e = info.getNumElements(); index < e; ++index) {
    info.setInt(index, 0);
    // B = A or A^T, tall x k, with B = U_B diag(S) V_B^T.
    Matrix b = k == 0 ? Matrix(tall, 0) : Matrix::read(operand, index);
    if (wide)
      b = b.transposed();
    Matrix v(k, k);
    for (int64_t i = 0; i < k; ++i)
      v.at(i, i) = 1;
    if (!orthogonalize(b, v)) {
      info.setInt(index, 1);
      fillNaN(sigma, index, k);
      fillNaN(u, index, m * uCols);
      fillNaN(vt, index, vtRows * n);
      continue;
    }
    std::vector<double> norms(k, 0.0);
    for (int64_t j = 0; j < k; ++j) {
      for (int64_t i = 0; i < tall; ++i)
        norms[j] += b.at(i, j) * b.at(i, j);
      norms[j] = std::sqrt(norms[j]);
    }
    std::vector<int64_t> order = orderOf(norms, /*descending=*/true);
    double zero = k == 0 ? 0 : norms[order[0]] * tall * kEpsilon;
    Matrix left(tall, k), right(k, k);
    std::vector<bool> keep(k);
    for (int64_t j = 0; j < k; ++j) {
      double norm = norms[order[j]];
      sigma.setFloat(index * k + j, norm);
      keep[j] = norm > zero;
      for (int64_t i = 0; i < tall; ++i)
        left.at(i, j) = keep[j] ? b.at(i, order[j]) / norm : 0;
      for (int64_t i = 0; i < k; ++i)
        right.at(i, j) = v.at(i, order[j]);
    }
    // U_B completed to as many columns as asked for; V_B is square.
    Matrix uB = completeBasis(left, keep, wide ? vtRows : uCols);
    Matrix &uMatrix = wide ? right : uB, &vMatrix = wide ? uB : right;
    for (int64_t j = 0; j < k; ++j) {
      double sign = largestEntrySign(uMatrix, j);
      for (int64_t i = 0; i < uMatrix.rows; ++i)
        uMatrix.at(i, j) *= sign;
      for (int64_t i = 0; i < vMatrix.rows; ++i)
        vMatrix.at(i, j) *= sign;
    }
    uMatrix.write(u, index);
    vMatrix.transposed().write(vt, index);
  }
  return results;
}

} // namespace fuse::interp
