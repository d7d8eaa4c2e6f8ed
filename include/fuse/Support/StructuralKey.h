//===- StructuralKey.h - what identifies an op's computation ----*- C++ -*-===//

#ifndef FUSE_SUPPORT_STRUCTURALKEY_H
#define FUSE_SUPPORT_STRUCTURALKEY_H

#include "mlir/IR/Operation.h"

#include <string>

namespace fuse {

/// The generic form of `op` without locations: two ops that print the same
/// compute the same, which lets passes share one function between them.
std::string getStructuralKey(mlir::Operation *op);

} // namespace fuse

#endif // FUSE_SUPPORT_STRUCTURALKEY_H
