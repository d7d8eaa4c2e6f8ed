//===- LoweringPatterns.h - hlo to linalg pattern groups --------*- C++ -*-===//
//
// The hlo-to-linalg patterns, one group per file, and the small builders
// they share. Private to the conversion library.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CONVERSION_HLOTOLINALG_LOWERINGPATTERNS_H
#define FUSE_LIB_CONVERSION_HLOTOLINALG_LOWERINGPATTERNS_H

#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

namespace fuse::detail {

/// hlo.constant, iota and every elementwise op.
void populateElementwiseLoweringPatterns(mlir::RewritePatternSet &patterns);
/// broadcast_in_dim, reshape, transpose, slice, dynamic slices, concatenate,
/// pad and reverse.
void populateShapeLoweringPatterns(mlir::RewritePatternSet &patterns);
/// reduce, with any body.
void populateReduceLoweringPatterns(mlir::RewritePatternSet &patterns);
/// dot_general and dot.
void populateDotLoweringPatterns(mlir::RewritePatternSet &patterns);
/// convolution, as patches (a generic) times weights (a dot_general).
void populateConvolutionLoweringPatterns(mlir::RewritePatternSet &patterns);
/// convolution with a dilated input (a strided convolution's input
/// gradient), as one convolution per output phase, without the dilation.
void populateConvolutionPhaseLoweringPatterns(
    mlir::RewritePatternSet &patterns);
/// gather (a generic of extracts) and scatter (a loop nest of inserts; with
/// `parallelLowerings`, a parallel loop of atomic updates where the body is
/// one atomic operation).
void populateGatherScatterLoweringPatterns(mlir::RewritePatternSet &patterns,
                                           bool parallelLowerings);
/// reduce_window (a generic over positions and window offsets) and
/// select_and_scatter (a loop nest; with `parallelLowerings`, a parallel loop
/// of atomic updates where the scatter body is one atomic operation).
void populateWindowLoweringPatterns(mlir::RewritePatternSet &patterns,
                                    bool parallelLowerings);
/// sort (a radix or merge sort of every line) and topk (a scan of every
/// line for small k, a sort otherwise; always a sort with
/// `parallelLowerings`, whose sorts are then bitonic networks). A radix
/// sort of one line splits it into parts of at least `sortPartLength`.
void populateSortLoweringPatterns(mlir::RewritePatternSet &patterns,
                                  bool parallelLowerings,
                                  int64_t sortPartLength);
/// sort as a bitonic sorting network of parallel loops.
void populateBitonicSortLoweringPatterns(mlir::RewritePatternSet &patterns);
/// rng_bit_generator (a generic that runs the generator per element).
void populateRngLoweringPatterns(mlir::RewritePatternSet &patterns);
/// An SPMD program's collectives on one device (CollectiveOps.cpp).
void populateCollectiveLoweringPatterns(mlir::RewritePatternSet &patterns);
/// while and case, to scf.while and scf.index_switch.
void populateControlFlowLoweringPatterns(mlir::RewritePatternSet &patterns);
/// hlo.fusion, by inlining its body.
void populateFusionLoweringPatterns(mlir::RewritePatternSet &patterns);

/// `rank` parallel iterators: the loops of an elementwise or copy generic.
llvm::SmallVector<mlir::utils::IteratorType> parallelIterators(int64_t rank);

/// A tensor.empty of `type`, the destination of a structured op.
mlir::Value createEmptyTensor(mlir::OpBuilder &builder, mlir::Location loc,
                              mlir::RankedTensorType type);
/// The bounds of a loop nest over every index of `shape` (scf.buildLoopNest's
/// arguments): zeros, the sizes, unit steps.
struct ShapeBounds {
  llvm::SmallVector<mlir::Value> lower, upper, steps;
};
ShapeBounds getShapeBounds(mlir::OpBuilder &builder, mlir::Location loc,
                           llvm::ArrayRef<int64_t> shape);
/// Unit strides of a slice of rank `rank`.
llvm::SmallVector<mlir::OpFoldResult> unitStrides(mlir::OpBuilder &builder,
                                                  int64_t rank);
/// The element of a rank-0 tensor.
mlir::Value extractScalar(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value rankZeroTensor);
/// The scalars of the rank-0 tensors that the regions of `op` (reduce,
/// scatter and window bodies) use from outside, read once before the loops
/// that evaluate the regions in scalar form.
mlir::IRMapping readOuterScalars(mlir::ConversionPatternRewriter &rewriter,
                                 mlir::Location loc, mlir::Operation *op);
/// A tensor of `type` filled with `scalar`.
mlir::Value createFilledTensor(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::RankedTensorType type, mlir::Value scalar);
/// `sums` (f32, accumulated wide) rounded once to the float type `type`.
mlir::Value roundWideSums(mlir::OpBuilder &builder, mlir::Location loc,
                          mlir::Value sums, mlir::RankedTensorType type);

/// A new buffer holding `tensor`'s elements, for memref ops to write;
/// bufferization.to_tensor of it (restrict, writable) is the result. An
/// allocation, not to_buffer of a tensor copy: a load through to_buffer may
/// be folded into a read of the tensor, which the writes do not change.
mlir::Value createWritableCopy(mlir::OpBuilder &builder, mlir::Location loc,
                               mlir::Value tensor);
/// Combines `update` into `buffer` at `at` with `body` (a scatter-like
/// region of two rank-0 tensors: the current element, the update) as one
/// memref.atomic_rmw: when the body is one add, min, max, and or or of the
/// current element and a value computed from the update, or a replace.
/// Fails for any other body, leaving the ops it made to the conversion's
/// rollback.
mlir::LogicalResult
emitAtomicCombine(mlir::RewriterBase &rewriter, mlir::Location loc,
                  mlir::Region &body, mlir::Value buffer, mlir::ValueRange at,
                  mlir::Value update,
                  llvm::function_ref<mlir::Value(mlir::Value)> lookupOuter);

/// The tensors of `resultTypes` that `computeLine` makes line by line
/// along `dim` from the lines of `inputs` (rank-1 tensors, as long as the
/// results are along `dim`; the other dimensions are the inputs'): an
/// scf.forall over the lines, or the one call when the inputs are rank 1.
mlir::FailureOr<llvm::SmallVector<mlir::Value>>
mapLines(mlir::OpBuilder &builder, mlir::Location loc, mlir::ValueRange inputs,
         int64_t dim, mlir::TypeRange resultTypes,
         llvm::function_ref<mlir::FailureOr<llvm::SmallVector<mlir::Value>>(
             mlir::OpBuilder &, mlir::Location, mlir::ValueRange)>
             computeLine);

} // namespace fuse::detail

#endif // FUSE_LIB_CONVERSION_HLOTOLINALG_LOWERINGPATTERNS_H
