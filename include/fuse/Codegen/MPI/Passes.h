//===- Passes.h - code generation for MPI jobs ------------------*- C++ -*-===//

#ifndef FUSE_CODEGEN_MPI_PASSES_H
#define FUSE_CODEGEN_MPI_PASSES_H

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Pass/Pass.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Codegen/MPI/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Codegen/MPI/Passes.h.inc"

} // namespace fuse

#endif // FUSE_CODEGEN_MPI_PASSES_H
