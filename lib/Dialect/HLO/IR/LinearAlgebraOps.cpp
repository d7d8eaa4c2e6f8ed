//===- LinearAlgebraOps.cpp - factorizations, solves, eigh and svd --------===//
//
// The shape rules of the factorizations, solves and decompositions
// (docs/HLO.md): matrices in the last two dimensions, and the same batch
// dimensions on every operand and result.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

/// Checks that `type` holds square matrices in its last two dimensions.
static LogicalResult verifySquareMatrices(Operation *op, StringRef name,
                                          RankedTensorType type) {
  if (type.getRank() < 2)
    return op->emitOpError()
           << name << " must have rank 2 or more, not " << type.getRank();
  ArrayRef<int64_t> shape = type.getShape();
  if (shape[shape.size() - 2] != shape.back())
    return op->emitOpError() << name << " must hold square matrices, not "
                             << shape[shape.size() - 2] << "x" << shape.back();
  return success();
}

LogicalResult CholeskyOp::verify() {
  return verifySquareMatrices(*this, "the operand", getOperand().getType());
}

LogicalResult LuOp::verify() {
  auto type = getOperand().getType();
  if (failed(verifySquareMatrices(*this, "the operand", type)))
    return failure();
  ArrayRef<int64_t> shape = type.getShape();
  auto pivots = getPivots().getType();
  if (pivots.getShape() != shape.drop_back())
    return emitOpError() << "pivots must have the operand's shape without its "
                            "last dimension";
  return success();
}

/// Checks that `type` has the batch dimensions of `matrices` followed by
/// `tail`.
static LogicalResult verifyPerMatrix(Operation *op, StringRef name, Type type,
                                     RankedTensorType matrices,
                                     ArrayRef<int64_t> tail) {
  SmallVector<int64_t> shape(matrices.getShape().drop_back(2));
  llvm::append_range(shape, tail);
  if (cast<ShapedType>(type).getShape() == ArrayRef<int64_t>(shape))
    return success();
  auto diag = op->emitOpError() << name << " must have shape [";
  llvm::interleave(shape, diag, ", ");
  return diag << "], not " << type;
}

/// Checks that the decompositions of `type` are of f32 or f64 matrices,
/// the types LAPACK and the Jacobi sweeps compute in.
static LogicalResult verifyDecomposed(Operation *op, RankedTensorType type) {
  if (type.getRank() < 2)
    return op->emitOpError()
           << "the operand must have rank 2 or more, not " << type.getRank();
  if (!type.getElementType().isF32() && !type.getElementType().isF64())
    return op->emitOpError()
           << "decomposes f32 or f64 matrices, not " << type.getElementType();
  return success();
}

LogicalResult EighOp::verify() {
  RankedTensorType type = getOperand().getType();
  if (failed(verifyDecomposed(*this, type)) ||
      failed(verifySquareMatrices(*this, "the operand", type)))
    return failure();
  if (getValues().getType().getElementType() != type.getElementType())
    return emitOpError() << "values must have the operand's element type";
  return failure(
      failed(verifyPerMatrix(*this, "values", getValues().getType(), type,
                             {type.getShape().back()})) ||
      failed(verifyPerMatrix(*this, "info", getInfo().getType(), type, {})));
}

LogicalResult SvdOp::verify() {
  RankedTensorType type = getOperand().getType();
  if (failed(verifyDecomposed(*this, type)))
    return failure();
  int64_t m = type.getDimSize(type.getRank() - 2), n = type.getShape().back();
  int64_t k = std::min(m, n);
  bool full = getFullMatrices();
  return failure(
      failed(verifyPerMatrix(*this, "singular_values",
                             getSingularValues().getType(), type, {k})) ||
      failed(verifyPerMatrix(*this, "u", getU().getType(), type,
                             {m, full ? m : k})) ||
      failed(verifyPerMatrix(*this, "vt", getVt().getType(), type,
                             {full ? n : k, n})) ||
      failed(verifyPerMatrix(*this, "info", getInfo().getType(), type, {})));
}

LogicalResult TriangularSolveOp::verify() {
  auto a = getA().getType();
  auto b = getB().getType();
  if (failed(verifySquareMatrices(*this, "a", a)))
    return failure();
  if (a.getRank() != b.getRank())
    return emitOpError() << "a and b must have the same rank, not "
                         << a.getRank() << " and " << b.getRank();
  ArrayRef<int64_t> aShape = a.getShape(), bShape = b.getShape();
  size_t batch = aShape.size() - 2;
  if (aShape.take_front(batch) != bShape.take_front(batch))
    return emitOpError() << "a and b must have the same batch dimensions";
  int64_t n = aShape.back();
  int64_t solved = getLeftSide() ? bShape[batch] : bShape[batch + 1];
  if (solved != n)
    return emitOpError() << "b's " << (getLeftSide() ? "rows" : "columns")
                         << " (" << solved << ") must match a's order (" << n
                         << ")";
  return success();
}
