//===- Matrix.h - dense matrices of doubles for the interpreter -*- C++ -*-===//
//
// The linear-algebra evaluators (LinearAlgebra.cpp, Spectral.cpp) compute
// one matrix of a batch at a time, in double.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_INTERPRETER_MATRIX_H
#define FUSE_LIB_INTERPRETER_MATRIX_H

#include "fuse/Interpreter/Tensor.h"

#include <vector>

namespace fuse::interp {

/// A dense row-major matrix of doubles.
struct Matrix {
  int64_t rows, cols;
  std::vector<double> values;

  Matrix(int64_t rows, int64_t cols)
      : rows(rows), cols(cols), values(rows * cols, 0.0) {}
  double &at(int64_t i, int64_t j) { return values[i * cols + j]; }
  double at(int64_t i, int64_t j) const { return values[i * cols + j]; }

  /// Matrix `index` of a batch in `tensor`'s last two dimensions.
  static Matrix read(const Tensor &tensor, int64_t index) {
    llvm::ArrayRef<int64_t> shape = tensor.getShape();
    Matrix m(shape[shape.size() - 2], shape.back());
    int64_t base = index * m.rows * m.cols;
    for (int64_t k = 0; k < m.rows * m.cols; ++k)
      m.values[k] = tensor.getFloat(base + k);
    return m;
  }
  void write(Tensor &tensor, int64_t index) const {
    int64_t base = index * rows * cols;
    for (int64_t k = 0; k < rows * cols; ++k)
      tensor.setFloat(base + k, values[k]);
  }
  Matrix transposed() const {
    Matrix t(cols, rows);
    for (int64_t i = 0; i < rows; ++i)
      for (int64_t j = 0; j < cols; ++j)
        t.at(j, i) = at(i, j);
    return t;
  }
};

inline int64_t batchCount(const Tensor &tensor) {
  llvm::ArrayRef<int64_t> shape = tensor.getShape();
  int64_t matrix = shape[shape.size() - 2] * shape.back();
  return matrix == 0 ? 0 : tensor.getNumElements() / matrix;
}

} // namespace fuse::interp

#endif // FUSE_LIB_INTERPRETER_MATRIX_H
