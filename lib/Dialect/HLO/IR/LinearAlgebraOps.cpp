//===- LinearAlgebraOps.cpp - cholesky, lu and triangular_solve -----------===//
//
// The shape rules of the factorizations and solves (docs/HLO.md): square
// matrices in the last two dimensions, and the same batch dimensions on
// every operand.
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
