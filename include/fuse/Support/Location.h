//===- Location.h - source positions of ops for messages --------*- C++ -*-===//
//
// Messages printed outside MLIR's diagnostics (remarks of a tool, the C
// API's error text, kernel names in traces) name the source of an op as
// "file:line:col". The position may sit inside name, fused and call-site
// locations; these helpers dig it out.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_LOCATION_H
#define FUSE_SUPPORT_LOCATION_H

#include "mlir/IR/Location.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace fuse {

/// "file:line:col" of every source position inside `loc` in walk order:
/// several for the FusedLoc of fused ops, none for an unknown location.
llvm::SmallVector<std::string> getSourcePositions(mlir::Location loc);

/// The first of getSourcePositions(loc), or "" when there is none.
std::string getFirstSourcePosition(mlir::Location loc);

/// "`hlo.multiply` at prog.mlir:15:8", or only the op's name in backquotes
/// when its location has no source position.
std::string describeOp(mlir::Operation *op);

} // namespace fuse

#endif // FUSE_SUPPORT_LOCATION_H
