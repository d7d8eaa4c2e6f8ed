//===- FunctionUses.h - who calls each LLVM function ------------*- C++ -*-===//
//
// Passes that change the signature of a private llvm.func rewrite each of
// its calls, and leave alone functions whose address is taken.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_FUNCTIONUSES_H
#define FUSE_CODEGEN_COMMON_FUNCTIONUSES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace fuse {

/// The direct calls of each function of a module, and the functions used
/// otherwise (their address taken), which keep their signatures.
struct FunctionUses {
  llvm::DenseMap<mlir::StringAttr, llvm::SmallVector<mlir::LLVM::CallOp>> calls;
  /// How many uses other than direct calls each function has.
  llvm::DenseMap<mlir::StringAttr, unsigned> otherwise;
  /// False when an op of unknown semantics may hide uses.
  bool complete = true;

  explicit FunctionUses(mlir::ModuleOp module);

  /// Drops the uses inside `op` (a function about to be erased), so that a
  /// pass need not find every use of the module again.
  void forget(mlir::Operation *op);

  /// Whether calls of `function` may change with its signature: a private
  /// definition, not variadic, whose every use is a known direct call.
  bool hasOnlyDirectCalls(mlir::LLVM::LLVMFuncOp function) const;
};

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_FUNCTIONUSES_H
