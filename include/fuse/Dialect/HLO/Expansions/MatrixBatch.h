//===- MatrixBatch.h - hlo ops over batches of matrices ---------*- C++ -*-===//
//
// The factorizations built as hlo loops (Householder QR in the importer,
// Jacobi eigenvalues and singular values in --hlo-expand-spectral) work on
// whole batches of matrices at once: the matrices are the last two
// dimensions, and every helper here keeps the leading (batch) dimensions
// as they are.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_EXPANSIONS_MATRIXBATCH_H
#define FUSE_DIALECT_HLO_EXPANSIONS_MATRIXBATCH_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Builders.h"

namespace fuse::hlo {

/// hlo ops over a batch of m x n matrices of `type`, built at `loc`.
struct MatrixBatch {
  mlir::OpBuilder &builder;
  mlir::Location loc;
  mlir::RankedTensorType type;

  /// The same builder and location for matrices of `other`.
  MatrixBatch withType(mlir::RankedTensorType other) const {
    return {builder, loc, other};
  }

  int64_t rank() const { return type.getRank(); }
  int64_t rows() const { return type.getDimSize(rank() - 2); }
  int64_t cols() const { return type.getShape().back(); }
  mlir::Type element() const { return type.getElementType(); }
  llvm::ArrayRef<int64_t> batch() const { return type.getShape().drop_back(2); }
  llvm::SmallVector<int64_t> batchDims() const;
  /// The shape of one value per matrix, with `tail` appended.
  mlir::RankedTensorType perMatrix(llvm::ArrayRef<int64_t> tail,
                                   mlir::Type element) const;
  mlir::RankedTensorType column() const {
    return perMatrix({rows()}, element());
  }
  mlir::RankedTensorType scalars() const { return perMatrix({}, element()); }

  mlir::OpBuilder &b() { return builder; }
  /// A constant of `like` with every element `value`.
  mlir::Value splat(mlir::RankedTensorType like, double value);
  mlir::Value splat(mlir::RankedTensorType like, mlir::TypedAttr value);
  /// An i64 scalar tensor.
  mlir::Value index(int64_t value);
  /// Whether the position along the last dimension of `like` compares with
  /// `j` as `direction` says.
  mlir::Value comparePosition(mlir::RankedTensorType like, mlir::Value j,
                              ComparisonDirection direction);
  /// Whether each entry's row compares with its column as `direction` says,
  /// for the matrices of `like`.
  mlir::Value compareRowWithColumn(mlir::RankedTensorType like,
                                   ComparisonDirection direction);
  mlir::Value compare(ComparisonDirection direction, mlir::Value lhs,
                      mlir::Value rhs);
  mlir::Value select(mlir::Value condition, mlir::Value onTrue,
                     mlir::Value onFalse);
  /// `value` broadcast to `to`, its dimensions at `dims` of `to`.
  mlir::Value spread(mlir::Value value, mlir::RankedTensorType to,
                     llvm::ArrayRef<int64_t> dims);
  /// A per-matrix vector broadcast along the rows (`alongRows`: entry i
  /// scales row i) or the columns of `to`'s matrices.
  mlir::Value spreadVector(mlir::Value vector, mlir::RankedTensorType to,
                           bool alongRows);
  /// Offsets of a slice at `j` in the last of `rank` dimensions.
  llvm::SmallVector<mlir::Value> startsAt(int64_t rank, mlir::Value j);
  /// `type` with a last dimension of 1.
  static mlir::RankedTensorType lastUnit(mlir::RankedTensorType type);
  /// Column `j` of `matrices`, one vector per matrix.
  mlir::Value columnOf(mlir::Value matrices, mlir::Value j);
  /// `matrices` with column `j` replaced by `vector`.
  mlir::Value withColumn(mlir::Value matrices, mlir::Value vector,
                         mlir::Value j);
  mlir::Value sumOverColumn(mlir::Value vector);
  /// `values` summed over dimension `dim`.
  mlir::Value sum(mlir::Value values, int64_t dim);
  /// `values` reduced by `kind` (add, maximum, minimum; or for i1) over
  /// `dims`.
  mlir::Value reduce(mlir::Value values, llvm::ArrayRef<int64_t> dims,
                     ReductionKind kind);
  /// `values` reduced by `kind` over every dimension from `first` on.
  mlir::Value reduceFrom(mlir::Value values, int64_t first, ReductionKind kind);
  /// Positions [begin, end) of dimension `dim` of `values`.
  mlir::Value slice(mlir::Value values, int64_t dim, int64_t begin,
                    int64_t end);
  /// `values` with `count` zeros appended along dimension `dim`.
  mlir::Value padEnd(mlir::Value values, int64_t dim, int64_t count);
  mlir::Value concat(mlir::ValueRange parts, int64_t dim);
  /// The diagonals of square matrices, one vector per matrix.
  mlir::Value diagonal(mlir::Value squares);
  /// Identity matrices of `type`.
  mlir::Value identity(mlir::RankedTensorType type);
  /// The matrix products lhs x rhs (lhs^T x rhs with `transposeLhs`),
  /// batch by batch.
  mlir::Value product(mlir::Value lhs, mlir::Value rhs,
                      bool transposeLhs = false);
  /// The matrices transposed.
  mlir::Value transposed(mlir::Value matrices);
  /// An hlo.while over a counter j in [0, count) (an i64 tensor) that
  /// carries `state`: `step` builds the next state from j and the current
  /// one. With `unfinished`, the loop also ends early once that i1 scalar
  /// of the state is false. Returns the final state.
  llvm::SmallVector<mlir::Value>
  loop(int64_t count, mlir::ValueRange state,
       llvm::function_ref<llvm::SmallVector<mlir::Value>(mlir::Value,
                                                         mlir::ValueRange)>
           step,
       llvm::function_ref<mlir::Value(mlir::ValueRange)> unfinished = nullptr);
};

/// LAPACK's geqrf of `a` (Householder.cpp): R above the diagonal with the
/// reflectors below it, and their scales.
std::pair<mlir::Value, mlir::Value>
buildHouseholderFactors(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Value a);
/// LAPACK's orgqr: the first columns of Q, as many as `packed` has, from
/// the reflectors of `packed` and their scales `taus`.
mlir::Value buildHouseholderQ(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value packed, mlir::Value taus);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_EXPANSIONS_MATRIXBATCH_H
