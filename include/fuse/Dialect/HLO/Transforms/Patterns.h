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
#include "mlir/Transforms/DialectConversion.h"

namespace fuse::hlo {

/// Replaces each hlo.fusion by the ops of its body.
void populateInlineFusionPatterns(mlir::RewritePatternSet &patterns);

/// Moves each float product of an output fusion in front of the fusion
/// (see --hlo-outline-products).
void populateOutlineProductPatterns(mlir::RewritePatternSet &patterns);

/// The conversion of unsigned integer values to signless ones, with the ops
/// whose meaning depends on the sign rewritten first (see
/// --hlo-signless-integers). `converter` maps unsigned integer types, and
/// tensors of them, to signless ones.
void populateSignlessIntegersPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// Unrolls each hlo.while that counts at most `maxTrips` trips by ones
/// from a constant to a constant bound into at most `maxOps` ops (see
/// --hlo-unroll-loops).
void populateUnrollLoopsPatterns(mlir::RewritePatternSet &patterns,
                                 int64_t maxTrips, int64_t maxOps);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PATTERNS_H
