//===- OutlinedFunctions.h - functions of outlined code, shared -*- C++ -*-===//
//
// Passes that move pieces of a program (kernels, fusions) into functions
// of their own build each function detached, then keep one function per
// distinct body: the pieces of a model that repeat are compiled once.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_OUTLINEDFUNCTIONS_H
#define FUSE_SUPPORT_OUTLINEDFUNCTIONS_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"

namespace fuse {

/// A detached private function taking `arguments`' types and returning
/// `resultTypes`, whose entry block holds clones of `copies` (values that
/// stay known inside: constants). `inside` maps `arguments` to the block's
/// arguments and `copies` to their clones.
mlir::func::FuncOp createOutlinedFunction(
    mlir::Location loc, mlir::ValueRange arguments, mlir::TypeRange resultTypes,
    llvm::ArrayRef<mlir::Operation *> copies, mlir::IRMapping &inside);

/// One function per distinct body among those offered.
class OutlinedFunctions {
public:
  explicit OutlinedFunctions(mlir::SymbolTable &symbols) : symbols(symbols) {}

  /// The name of the function to call for the detached `function`: an
  /// earlier one of the same body (and `function` is erased), or
  /// `function` itself, inserted into the symbol table under the name that
  /// `makeName` gives (made unique).
  llvm::StringRef share(mlir::func::FuncOp function,
                        llvm::function_ref<std::string()> makeName);

private:
  mlir::SymbolTable &symbols;
  /// Functions by their structural key (getStructuralKey).
  llvm::StringMap<mlir::func::FuncOp> byBody;
};

} // namespace fuse

#endif // FUSE_SUPPORT_OUTLINEDFUNCTIONS_H
