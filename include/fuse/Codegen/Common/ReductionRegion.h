//===- ReductionRegion.h - applying an scf.reduce region --------*- C++ -*-===//

#ifndef FUSE_CODEGEN_COMMON_REDUCTIONREGION_H
#define FUSE_CODEGEN_COMMON_REDUCTIONREGION_H

#include "mlir/IR/Builders.h"

namespace fuse {

/// Clones the ops of `region` (one reduction of an scf.reduce: two block
/// arguments, an scf.reduce.return) at the builder's insertion point with
/// its arguments bound to `lhs` and `rhs`; returns the combined value.
mlir::Value applyReductionRegion(mlir::OpBuilder &builder, mlir::Region &region,
                                 mlir::Value lhs, mlir::Value rhs);

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_REDUCTIONREGION_H
