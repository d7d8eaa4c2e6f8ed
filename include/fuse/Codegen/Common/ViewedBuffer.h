//===- ViewedBuffer.h - the buffer under a chain of views ------*- C++ -*-===//
//
// Subviews, casts, reshapes and metadata extraction all view one buffer;
// passes that reason about buffers (which ones alias, which ones a kernel
// reads) look through them to it.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_VIEWEDBUFFER_H
#define FUSE_CODEGEN_COMMON_VIEWEDBUFFER_H

#include "mlir/Interfaces/ViewLikeInterface.h"

namespace fuse {

/// The buffer `value` views: an allocation, a global, a block argument, or
/// whatever no view leads past.
inline mlir::Value getViewedBuffer(mlir::Value value) {
  while (auto view = value.getDefiningOp<mlir::ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_VIEWEDBUFFER_H
