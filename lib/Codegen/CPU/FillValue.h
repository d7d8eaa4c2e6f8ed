//===- FillValue.h - the scalar a fill writes -------------------*- C++ -*-===//

#ifndef FUSE_LIB_CODEGEN_CPU_FILLVALUE_H
#define FUSE_LIB_CODEGEN_CPU_FILLVALUE_H

#include "mlir/IR/Value.h"

namespace fuse {

/// The scalar `tensor` is filled with, when a fill computes it: a
/// linalg.fill, or a generic of parallel loops whose body only yields a
/// value defined outside it or one of its scalar inputs; null otherwise.
mlir::Value getFilledValue(mlir::Value tensor);

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_CPU_FILLVALUE_H
