//===- FunctionShapes.h - functions equal but for constants -----*- C++ -*-===//
//
// fuse-codegen-merge-similar-functions compares private LLVM functions by
// their shapes: their bodies with the integer constants that may become
// arguments left out.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_COMMON_FUNCTIONSHAPES_H
#define FUSE_LIB_CODEGEN_COMMON_FUNCTIONSHAPES_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

#include <mutex>

namespace fuse {

/// Access groups are distinct attributes: kernels of one shape have groups
/// of their own. Shapes name each function's groups, in the order first
/// met, by those of a pool all shapes share; the functions keep theirs.
class AccessGroupPool {
public:
  explicit AccessGroupPool(mlir::MLIRContext *context) : context(context) {}

  /// The pool's group `index`; safe on every thread.
  mlir::LLVM::AccessGroupAttr get(unsigned index);

private:
  mlir::MLIRContext *context;
  std::mutex mutex;
  llvm::SmallVector<mlir::LLVM::AccessGroupAttr> groups;
};

/// A function's body as a sequence of tokens (op names, types, attributes,
/// and values numbered as first met) in which each read of an integer
/// constant that may read an argument instead is a hole, whose operand and
/// value (an IntegerAttr of the operand's type) are kept in order. Two
/// functions of equal tokens are the same but for their holes' values.
struct FunctionShape {
  llvm::SmallVector<uintptr_t> tokens;
  llvm::SmallVector<mlir::OpOperand *> holes;
  llvm::SmallVector<mlir::IntegerAttr> values;
};

/// The shape of `function`. A constant stays out of the holes where a value
/// known only at run time would cost more than the compilation it saves
/// (FunctionShapes.cpp says which).
FunctionShape getFunctionShape(mlir::LLVM::LLVMFuncOp function,
                               AccessGroupPool &accessGroups);

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_COMMON_FUNCTIONSHAPES_H
