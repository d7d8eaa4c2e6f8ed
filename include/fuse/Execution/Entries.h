//===- Entries.h - which functions of a program run -------------*- C++ -*-===//
//
// The entry rules that fuse-run, the C API and Python share: an entry is a
// public function with a body, taken by name, else @main, else the only
// public function; it runs when every argument and result is a statically
// shaped tensor of an element type HostBuffer holds.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_ENTRIES_H
#define FUSE_EXECUTION_ENTRIES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace fuse::exec {

/// The public functions with a body of `module`, in order.
llvm::SmallVector<mlir::func::FuncOp> getPublicFunctions(mlir::ModuleOp module);

/// The function named `entry`, or without a name @main, else the only public
/// function. Errors name `programName` and list the candidates.
llvm::Expected<mlir::func::FuncOp>
selectEntry(mlir::ModuleOp module, std::optional<llvm::StringRef> entry,
            llvm::StringRef programName);

/// Every public function, in order; an error when there is none.
llvm::Expected<llvm::SmallVector<mlir::func::FuncOp>>
selectAllEntries(mlir::ModuleOp module, llvm::StringRef programName);

/// Succeeds when `func`'s arguments and results can be run; else names the
/// first that cannot.
llvm::Error checkRunnableSignature(mlir::func::FuncOp func);

/// The number of ranks of the grid --distribute-splits distributed `module`
/// over, if it did: such a program runs as that many processes (mpirun).
std::optional<int64_t> getDistributedRanks(mlir::ModuleOp module);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_ENTRIES_H
