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
#include "mlir/IR/BuiltinOps.h"
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

/// The functions of `module` that have a body, to outline from: taken
/// before the first outlined function joins them.
llvm::SmallVector<mlir::func::FuncOp>
getDefinedFunctions(mlir::ModuleOp module);

/// The functions outlined into a module, named after the function they
/// came from, one per distinct body among those shared.
class OutlinedFunctions {
public:
  explicit OutlinedFunctions(mlir::ModuleOp module) : symbols(module) {}

  /// Inserts the detached `function` into the module as
  /// `<parent>_<kind><n>` (made unique), n counting the functions so named
  /// before; returns its name.
  llvm::StringRef insert(mlir::func::FuncOp function, mlir::func::FuncOp parent,
                         llvm::StringRef kind);

  /// The name of the function to call for the detached `function`: an
  /// earlier one of the same body (and `function` is erased), or `function`
  /// itself, inserted.
  llvm::StringRef share(mlir::func::FuncOp function, mlir::func::FuncOp parent,
                        llvm::StringRef kind);

  /// As `share`, for `function` of structural key `key` (getStructuralKey),
  /// computed beforehand: printing the detached functions, the cost of
  /// sharing, can run on every core.
  llvm::StringRef share(mlir::func::FuncOp function, mlir::func::FuncOp parent,
                        llvm::StringRef kind, std::string key);

private:
  mlir::SymbolTable symbols;
  /// Functions by their structural key (getStructuralKey).
  llvm::StringMap<mlir::func::FuncOp> byBody;
  /// Functions inserted so far by name prefix (`<parent>_<kind>`).
  llvm::StringMap<unsigned> counts;
};

} // namespace fuse

#endif // FUSE_SUPPORT_OUTLINEDFUNCTIONS_H
