//===- ScalarOps.h - hlo element semantics in arith/math --------*- C++ -*-===//
//
// The computation of one element of an hlo elementwise op, as arith and math
// ops on scalars. Shared by every lowering that builds loop bodies
// (elementwise ops, reduce bodies, fusions).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CONVERSION_HLOTOLINALG_SCALAROPS_H
#define FUSE_CONVERSION_HLOTOLINALG_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/Operation.h"

namespace fuse {

/// Whether `op` is an hlo op computed element by element (unary, binary,
/// compare, select, clamp, convert, is_finite).
bool isScalarizable(mlir::Operation *op);

/// Emits the scalar computation of elementwise hlo `op` on scalar `operands`
/// (one per operand of `op`, of its element types). Fails, with a
/// diagnostic on `op`, for ops that are not elementwise.
mlir::FailureOr<mlir::Value> emitScalarOp(mlir::OpBuilder &builder,
                                          mlir::Location loc,
                                          mlir::Operation *op,
                                          mlir::ValueRange operands);

} // namespace fuse

#endif // FUSE_CONVERSION_HLOTOLINALG_SCALAROPS_H
