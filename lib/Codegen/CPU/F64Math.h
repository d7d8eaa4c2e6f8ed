//===- F64Math.h - exp, log and tanh on f64 in plain arithmetic -*- C++ -*-===//

#ifndef FUSE_LIB_CODEGEN_CPU_F64MATH_H
#define FUSE_LIB_CODEGEN_CPU_F64MATH_H

#include "mlir/IR/PatternMatch.h"

namespace fuse {

/// Rewrites math.exp, math.log and math.tanh on f64 (scalars or vectors)
/// into arithmetic that loops vectorize (F64Math.cpp).
void populateF64MathExpansionPatterns(mlir::RewritePatternSet &patterns);

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_CPU_F64MATH_H
