//===- Accumulation.h - the types reductions accumulate in ------*- C++ -*-===//
//
// What the CPU's split reductions and the GPU's thread loops share about a
// reduction's combiner: whether its order changes the result, the type its
// partial results are kept in (f32 for f16 and bf16 sums, as XLA does), and
// applying it in that type, alone or while cloning a reduction's body.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_ACCUMULATION_H
#define FUSE_CODEGEN_COMMON_ACCUMULATION_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/IRMapping.h"

namespace fuse {

/// Whether the order `combiner` is applied in changes its result: a float
/// add or multiply rounds, max, min and integer ops are exact.
bool isRoundingCombiner(mlir::Operation *combiner);

/// The type `combiner` accumulates in: f32 for float adds and multiplies
/// of f16 and bf16, else its own.
mlir::Type getAccumulationType(mlir::Operation *combiner);

/// The neutral element of `combiner` in the type it accumulates in.
mlir::TypedAttr getAccumulationNeutral(mlir::Operation *combiner);

/// `combiner` (an op of `accumulator` and one other operand) applied to
/// `start` in the accumulator's place and to `value`, in the wider of their
/// types: a narrower float operand is extended first.
mlir::Value combineWidened(mlir::OpBuilder &builder, mlir::Operation *combiner,
                           mlir::Value accumulator, mlir::Value start,
                           mlir::Value value);

/// Clones `op` with `mapping`, except a rounding combiner one of whose
/// operands `mapping` binds to a wider float (an f16 or bf16 accumulator
/// kept in f32): that one is applied in the wider type (combineWidened).
/// Returns the op built for `op`'s result.
mlir::Operation *cloneWidening(mlir::OpBuilder &builder, mlir::Operation &op,
                               mlir::IRMapping &mapping);

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_ACCUMULATION_H
