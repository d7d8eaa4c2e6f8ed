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

/// Turns hlo.cholesky, hlo.triangular_solve and hlo.lu into hlo ops whose
/// work is in products, splitting matrices down to `blockSize` rows and LU
/// panels down to `panelWidth` columns (see --hlo-expand-linear-algebra).
void populateExpandLinearAlgebraPatterns(mlir::RewritePatternSet &patterns,
                                         int64_t blockSize, int64_t panelWidth);

/// The conversion of unsigned integer values to signless ones, with the ops
/// whose meaning depends on the sign rewritten first (see
/// --hlo-signless-integers). `converter` maps unsigned integer types, and
/// tensors of them, to signless ones.
void populateSignlessIntegersPatterns(const mlir::TypeConverter &converter,
                                      mlir::RewritePatternSet &patterns);

/// The 1:N conversion of complex tensors into their real and imaginary
/// parts (see --hlo-expand-complex). `converter` maps each complex tensor
/// type to two tensors of its parts' type.
void populateExpandComplexPatterns(const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PATTERNS_H
