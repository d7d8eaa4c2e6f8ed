//===- ElementTypes.h - MLIR element types and fuse's table -----*- C++ -*-===//
//
// The MLIR element type of each entry of fuse::getElementTypes
// (Support/ElementType.h), and back: the types that host buffers, .npy
// files, entry signatures and the C API exchange.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_ELEMENTTYPES_H
#define FUSE_EXECUTION_ELEMENTTYPES_H

#include "fuse/Support/ElementType.h"

#include "mlir/IR/Types.h"

#include <optional>

namespace fuse::exec {

/// The table's element type that `type` is; none for types fuse does not
/// run (signed integers, f8, complex, index).
std::optional<ElementType> getElementType(mlir::Type type);

mlir::Type getMLIRType(ElementType type, mlir::MLIRContext *context);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_ELEMENTTYPES_H
