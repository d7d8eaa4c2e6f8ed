//===- ParallelLoopSerialization.h - scf.parallel as scf.for ----*- C++ -*-===//

#ifndef FUSE_LIB_CODEGEN_CPU_PARALLELLOOPSERIALIZATION_H
#define FUSE_LIB_CODEGEN_CPU_PARALLELLOOPSERIALIZATION_H

#include "mlir/Dialect/LLVMIR/LLVMAttrs.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {

/// Replaces `loop` by nested scf.for loops; its reductions become values
/// the loops carry, combined in iteration order.
void serializeParallelLoop(mlir::RewriterBase &rewriter,
                           mlir::scf::ParallelOp loop);

/// The name of the `scf.for` attribute that `scf-to-cf` carries to the
/// loop's back edge.
inline constexpr llvm::StringLiteral kLoopAnnotationName = "loop_annotation";

/// `annotation` (null: an empty one) with `parallelAccesses` in place of its
/// own.
mlir::LLVM::LoopAnnotationAttr withParallelAccesses(
    mlir::MLIRContext *context, mlir::LLVM::LoopAnnotationAttr annotation,
    llvm::ArrayRef<mlir::LLVM::AccessGroupAttr> parallelAccesses);

/// Records on `loop`, made from an scf.parallel, that its iterations access
/// memory independently: an `llvm.loop_annotation` listing a new access
/// group as the loop's parallel accesses (fuse-cpu-parallel-access-groups
/// puts the loop's loads and stores in it once they are LLVM's).
void markParallelIterations(mlir::scf::ForOp loop);

/// Removes that record from `loop`, whose iterations have come to share
/// memory (a buffer moved out of its body), keeping the rest of its
/// annotation.
void forgetParallelIterations(mlir::scf::ForOp loop);

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_CPU_PARALLELLOOPSERIALIZATION_H
