//===- FusionsToLoopNests.h - the steps of one fusion's nest ----*- C++ -*-===//
//
// Private to the conversion library: what --convert-hlo-fusions-to-loop-nests
// runs on each fusion body once its ops are linalg, and the scalar path of
// fusions of one element that skips linalg.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CONVERSION_HLOTOLINALG_FUSIONSTOLOOPNESTS_H
#define FUSE_LIB_CONVERSION_HLOTOLINALG_FUSIONSTOLOOPNESTS_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/PatternMatch.h"

namespace fuse::detail {

/// Whether fusing the producer of `operand` into its consumer would compute
/// an expensive payload (a math function, a division) once per element of a
/// broadcast of it instead of once: the producer of a row's mean or of
/// 1/sqrt(variance) read along the row.
bool recomputesExpensiveWork(mlir::OpOperand *operand);

/// Whether `operand` is made by a generic that reads no tensor and computes
/// nothing expensive (an iota, a mask of its indices): every consumer
/// computes it again rather than reading it, whatever its other uses.
bool recomputesIndicesOnly(mlir::OpOperand *operand);

/// Fuses a generic into a consumer when its results have other uses too,
/// keeping them as results of the fused op.
void populateFusionKeepingResultsPatterns(mlir::RewritePatternSet &patterns);

/// Computes a slice of a one-result linalg op by slicing its operands, with
/// the loop indices its payload reads offset.
void populateBubbleUpSlicePatterns(mlir::RewritePatternSet &patterns);

/// Merges generics over the same loops into one multi-result generic, and
/// makes an elementwise epilogue of a reduction or contraction overwrite
/// its input.
void populateSiblingMergePatterns(mlir::RewritePatternSet &patterns);

/// Row fusion: when the nests of a fusion body all run over the same rows
/// and a reduction feeds another nest, computes them all row by row in one
/// scf.forall. Fails, changing nothing, when the body is not of that form.
mlir::LogicalResult fuseRows(mlir::RewriterBase &rewriter, mlir::Block &body);

/// A fusion whose every value holds one element (JAX's threefry rounds on
/// a PRNG key) as scalar code in its place: its inputs' elements extracted,
/// each op's scalar form, its results built from their elements. Fails,
/// changing nothing, when a value holds more (except an input that only
/// slices read) or an op has no scalar form.
mlir::LogicalResult lowerScalarFusion(mlir::RewriterBase &rewriter,
                                      fuse::hlo::FusionOp fusion);

} // namespace fuse::detail

#endif // FUSE_LIB_CONVERSION_HLOTOLINALG_FUSIONSTOLOOPNESTS_H
