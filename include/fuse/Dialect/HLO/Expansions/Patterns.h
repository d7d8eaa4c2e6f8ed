//===- Patterns.h - hlo expansion pattern sets ------------------*- C++ -*-===//
//
// The pattern sets behind the hlo-expand-* passes, for compilers that build
// their own pass pipelines.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_EXPANSIONS_PATTERNS_H
#define FUSE_DIALECT_HLO_EXPANSIONS_PATTERNS_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace fuse::hlo {

/// Turns hlo.cholesky, hlo.triangular_solve and hlo.lu into hlo ops whose
/// work is in products, splitting matrices down to `blockSize` rows and LU
/// panels down to `panelWidth` columns (see --hlo-expand-linear-algebra).
void populateExpandLinearAlgebraPatterns(mlir::RewritePatternSet &patterns,
                                         int64_t blockSize, int64_t panelWidth);

/// Turns hlo.eigh and hlo.svd into Jacobi sweeps of hlo ops (see
/// --hlo-expand-spectral).
void populateExpandSpectralPatterns(mlir::RewritePatternSet &patterns);

/// The 1:N conversion of complex tensors into their real and imaginary
/// parts (see --hlo-expand-complex). `converter` maps each complex tensor
/// type to two tensors of its parts' type.
void populateExpandComplexPatterns(const mlir::TypeConverter &converter,
                                   mlir::RewritePatternSet &patterns);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_EXPANSIONS_PATTERNS_H
