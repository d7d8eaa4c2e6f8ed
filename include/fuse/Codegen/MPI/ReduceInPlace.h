//===- ReduceInPlace.h - MPI all-reduces in their operand's buffer -*- C++
//-*-===//

#ifndef FUSE_CODEGEN_MPI_REDUCEINPLACE_H
#define FUSE_CODEGEN_MPI_REDUCEINPLACE_H

#include "mlir/IR/PatternMatch.h"

namespace fuse {

/// An in-place `mpi.allreduce` of a fresh buffer that a copy filled from
/// another allocation, which dies at the copy, reduces in that allocation
/// instead (--fuse-mpi-reduce-in-place).
void populateMPIReduceInPlacePatterns(mlir::RewritePatternSet &patterns);

} // namespace fuse

#endif // FUSE_CODEGEN_MPI_REDUCEINPLACE_H
