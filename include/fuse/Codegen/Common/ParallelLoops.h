//===- ParallelLoops.h - loops LLVM is to vectorize -------------*- C++ -*-===//
//
// A loop serialized from an scf.parallel reaches the LLVM dialect as blocks
// whose back edge carries a loop annotation listing access groups: LLVM is
// to vectorize it without checking its buffers for overlap.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_PARALLELLOOPS_H
#define FUSE_CODEGEN_COMMON_PARALLELLOOPS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/SetVector.h"

namespace fuse {

/// Calls `callback` with the blocks of each loop of `function` whose back
/// edge lists parallel accesses, and with those access groups.
void forEachParallelLoop(
    mlir::LLVM::LLVMFuncOp function,
    llvm::function_ref<void(const llvm::SetVector<mlir::Block *> &blocks,
                            llvm::ArrayRef<mlir::LLVM::AccessGroupAttr>)>
        callback);

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_PARALLELLOOPS_H
