//===- RuntimeBuffers.h - buffers handed to fuse's runtime ------*- C++ -*-===//
//
// The runtime's functions take buffers as `memref<?xi8>` (their C
// interface passes its descriptor), which these make from fresh buffers of
// a tensor's elements.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CONVERSION_HLOTORUNTIME_RUNTIMEBUFFERS_H
#define FUSE_LIB_CONVERSION_HLOTORUNTIME_RUNTIMEBUFFERS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"

namespace fuse {

/// Bytes of one element in memory: a byte for each integer narrower than
/// one (i1, i2, i4), as LLVM stores them.
int64_t getElementBytes(mlir::Type element);

/// A fresh buffer of bytes for a tensor of `storage`, and its view as a
/// memref of that type.
std::pair<mlir::Value, mlir::Value>
allocateStorage(mlir::OpBuilder &b, mlir::Location loc,
                mlir::RankedTensorType storage);

/// A `memref<?xi8>` view of the bytes of `buffer`, as the runtime takes
/// them.
mlir::Value asBytes(mlir::OpBuilder &b, mlir::Location loc, mlir::Value buffer);

/// The tensor that `view` (from allocateStorage) holds once the runtime
/// has filled it.
mlir::Value filledTensor(mlir::OpBuilder &b, mlir::Location loc,
                         mlir::Value view);

/// Copies `tensor` into `view` (from allocateStorage).
void copyInto(mlir::OpBuilder &b, mlir::Location loc, mlir::Value tensor,
              mlir::Value view);

} // namespace fuse

#endif // FUSE_LIB_CONVERSION_HLOTORUNTIME_RUNTIMEBUFFERS_H
