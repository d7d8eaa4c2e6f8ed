//===- ParallelLoopSerialization.h - scf.parallel as scf.for ----*- C++ -*-===//

#ifndef FUSE_LIB_CODEGEN_CPU_PARALLELLOOPSERIALIZATION_H
#define FUSE_LIB_CODEGEN_CPU_PARALLELLOOPSERIALIZATION_H

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {

/// Replaces `loop` by nested scf.for loops; its reductions become values
/// the loops carry, combined in iteration order.
void serializeParallelLoop(mlir::RewriterBase &rewriter,
                           mlir::scf::ParallelOp loop);

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_CPU_PARALLELLOOPSERIALIZATION_H
