//===- Patterns.h - hlo rewrite pattern sets --------------------*- C++ -*-===//
//
// The pattern sets behind the hlo passes, for compilers that build their own
// pass pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_PATTERNS_H
#define FUSE_DIALECT_HLO_TRANSFORMS_PATTERNS_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/PatternMatch.h"

namespace fuse::hlo {

/// Replaces each hlo.fusion by the ops of its body.
void populateInlineFusionPatterns(mlir::RewritePatternSet &patterns);

/// Replaces `fusion` by the ops of its body, reading `inputs` (the fusion's
/// inputs, or their converted values in a dialect conversion).
void inlineFusion(mlir::RewriterBase &rewriter, FusionOp fusion,
                  mlir::ValueRange inputs);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PATTERNS_H
