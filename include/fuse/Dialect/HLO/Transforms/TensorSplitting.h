//===- TensorSplitting.h - compute big tensors slice by slice ---*- C++ -*-===//
//
// The Gambit tensor splitter behind --split-tensors. A dot_general, dot or
// reduce whose results fit under a memory threshold but which reads a tensor
// that does not (a kernel matrix, a distance matrix) is a start point. The
// ops that produce that tensor are walked back to leaves that can be sliced
// cheaply, a dimension that survives along the whole path is chosen, and the
// start op becomes a loop that computes the path one slice at a time:
// slices of a parallel dimension are inserted into the result, partial
// results over a contracted or reduced dimension are combined.
//
// planTensorSplit is the legality and cost side (it says why an op cannot be
// split); populateTensorSplittingPatterns does the rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_TENSORSPLITTING_H
#define FUSE_DIALECT_HLO_TRANSFORMS_TENSORSPLITTING_H

#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace fuse::hlo {

struct TensorSplitOptions {
  /// Tensors of more bytes than this are split.
  int64_t thresholdBytes = 1000 * 1000 * 1000;
  /// The most bytes a tensor of the loop body may have; at most
  /// thresholdBytes.
  int64_t sliceBytes = 1000 * 1000 * 1000;
};

/// How the slices of a start op's results come together.
enum class SplitCombine {
  /// A parallel dimension is split: each slice is a block of the result.
  Insert,
  /// A contracting or reduced dimension is split: each slice gives a
  /// partial result, combined with the others as the reduction would.
  Accumulate,
};

struct TensorSplitPlan {
  /// The dot_general, dot or reduce computed slice by slice.
  mlir::Operation *start = nullptr;
  /// The split dimension of every value the loop body slices or computes:
  /// the leaves it slices (values not produced by `path`) and the results
  /// of `path`.
  llvm::MapVector<mlir::Value, int64_t> dims;
  /// The ops recomputed on each slice, in block order.
  llvm::SmallVector<mlir::Operation *> path;
  SplitCombine combine = SplitCombine::Insert;
  /// With Insert, the dimension of every result of `start` that is split.
  int64_t resultDim = -1;
  /// The size of the split dimension, and of a slice (the last slice has
  /// the remainder when it does not divide).
  int64_t extent = 0;
  int64_t sliceSize = 0;
  /// The bytes of the largest tensor of one slice.
  int64_t sliceBytes = 0;
};

/// Whether `op` is a start point: a dot_general, dot or reduce (outside a
/// fusion) whose results each fit under the threshold while an operand does
/// not.
bool isSplitStartPoint(mlir::Operation *op, const TensorSplitOptions &options);

/// The best split of the start point `start`: the dimension that gives the
/// fewest slices, a parallel one on a tie. Returns nullopt with the reason
/// in `reason` when no dimension can be split.
std::optional<TensorSplitPlan> planTensorSplit(mlir::Operation *start,
                                               const TensorSplitOptions &options,
                                               std::string &reason);

/// Whether the path op `op` is built anew for each slice rather than
/// sliced or cloned: an iota, a splat constant.
bool isSliceGenerator(mlir::Operation *op);

/// Replaces `plan.start` by an scf.for over slices (plus one more slice for
/// a remainder) and erases the path ops left without users.
void emitTensorSplit(const TensorSplitPlan &plan, mlir::RewriterBase &rewriter);

/// Splits every start point that can be split, then the start points that
/// appear inside the new loops, until none is left.
void populateTensorSplittingPatterns(mlir::RewritePatternSet &patterns,
                                     const TensorSplitOptions &options);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_TENSORSPLITTING_H
