//===- MPIMemoryEffects.h - what MPI's ops read and write -------*- C++ -*-===//
//
// MLIR 22's `mpi` ops that take buffers declare no memory effects, so
// bufferization's deallocation refuses them ("ops with unknown memory side
// effects"). This attaches the effects MPI defines: a send reads its
// buffer, a receive writes its buffer, an allreduce reads the send buffer
// and writes the receive buffer.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_MPI_MPIMEMORYEFFECTS_H
#define FUSE_CODEGEN_MPI_MPIMEMORYEFFECTS_H

#include "mlir/IR/DialectRegistry.h"

namespace fuse {

void registerMPIMemoryEffects(mlir::DialectRegistry &registry);

} // namespace fuse

#endif // FUSE_CODEGEN_MPI_MPIMEMORYEFFECTS_H
