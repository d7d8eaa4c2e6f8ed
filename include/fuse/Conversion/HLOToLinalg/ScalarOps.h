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
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

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

/// The bits of float `value` as a signed integer of its width in IEEE-754's
/// total order (negative values have their magnitude bits flipped), which
/// compare TOTALORDER and topk compare.
mlir::Value emitTotalOrderKey(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::Value value);

/// Emits the scalar form of a single-block region of hlo ops on rank-0
/// tensors, such as a reduce body. `arguments` are scalars standing for the
/// block arguments; a value defined outside the region is asked of
/// `lookupOuter`, which returns its scalar. Returns the scalars of the
/// terminator's operands, or fails with a diagnostic on the first op that
/// has no scalar form.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
emitScalarRegion(mlir::OpBuilder &builder, mlir::Region &region,
                 mlir::ValueRange arguments,
                 llvm::function_ref<mlir::Value(mlir::Value)> lookupOuter);

/// Emits the scalar form of `value` of a single-block region of hlo ops on
/// rank-0 tensors: only the ops it depends on. `scalars` maps the block
/// arguments it uses to their scalars and gains the values emitted; a value
/// defined outside the region is asked of `lookupOuter`.
mlir::FailureOr<mlir::Value>
emitScalarValue(mlir::OpBuilder &builder, mlir::Region &region,
                mlir::Value value, mlir::IRMapping &scalars,
                llvm::function_ref<mlir::Value(mlir::Value)> lookupOuter);

} // namespace fuse

#endif // FUSE_CONVERSION_HLOTOLINALG_SCALAROPS_H
