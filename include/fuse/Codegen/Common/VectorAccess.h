//===- VectorAccess.h - which kernel accesses are vectors -------*- C++ -*-===//
//
// Kernels read and write several consecutive elements of the innermost loop
// at once (16 bytes per thread on the GPU) when every buffer the loop walks
// is contiguous along it. These functions decide how many lanes, and
// whether a vector access may claim its full alignment.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_VECTORACCESS_H
#define FUSE_CODEGEN_COMMON_VECTORACCESS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace fuse {

/// How `op` accesses V consecutive points along its loop `loop` at once.
struct VectorAccess {
  /// Points per access; 1 when the accesses stay scalar.
  int64_t lanes = 1;
  /// Per operand: whether it walks `loop` (a vector access); the others
  /// are one value for all lanes.
  llvm::SmallVector<bool> walksLoop;
  /// Per operand: whether its vector accesses may claim their size as
  /// alignment.
  llvm::SmallVector<bool> aligned;
};

/// The widest access of at most `vectorBytes` per operand that `op` allows
/// along `loop` of `loopSize` points: every buffer operand that reads `loop`
/// reads it as its last, unit-stride dimension; element types are whole
/// bytes (no i1); `loopSize` is a multiple of the lanes. With
/// `alignedBuffers` (allocations start at addresses aligned to
/// `vectorBytes`), vector accesses claim their size as alignment where
/// every view keeps it.
VectorAccess chooseVectorAccess(mlir::linalg::GenericOp op, unsigned loop,
                                int64_t loopSize, int64_t vectorBytes,
                                bool alignedBuffers);

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_VECTORACCESS_H
