//===- SplitTensors.h - compute big tensors slice by slice ------*- C++ -*-===//
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
// Legality (SplitTensorsLegality.cpp) lists the ways to split a start point
// and follows each up its producers, saying why one cannot be followed; a
// SplitPolicy (SplitTensorsPolicy.cpp) ranks the feasible ones;
// populateTensorSplittingPatterns (SplitTensorsPatterns.cpp) does the
// rewrite with both.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_SPLITTENSORS_H
#define FUSE_DIALECT_HLO_TRANSFORMS_SPLITTENSORS_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Support/Decision.h"

#include "mlir/IR/Operation.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace fuse::hlo {

using fuse::Decision;

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

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

/// Whether `op` is a start point: a dot_general, dot or reduce (outside a
/// fusion) whose results each fit under the threshold while an operand does
/// not.
bool isSplitStartPoint(mlir::Operation *op, const TensorSplitOptions &options);

/// Whether a start point may be split where it stands (not inside the
/// regions of a while or case).
Decision isLegalToSplitAt(mlir::Operation *start);

/// One way to split a start point: the dimension of each operand (-1: read
/// whole), and how the slices' results combine.
struct SplitCandidate {
  llvm::SmallVector<int64_t> operandDims;
  SplitCombine combine = SplitCombine::Insert;
  /// With Insert, the result dimension that is split.
  int64_t resultDim = -1;
  /// "result dimension 1", "reduced dimension 0": for reasons.
  std::string name;
  /// Whether the start op itself can be split this way.
  Decision legality = Decision::allow();
};

/// Every dimension of `start`'s iteration space that could be split.
llvm::SmallVector<SplitCandidate> listSplitCandidates(mlir::Operation *start);

/// Follows `candidate` up the producers of `start`'s operands; when every
/// op on the way can be computed slice by slice, fills `plan` (with the
/// slice size that fits `options`).
Decision planSplitCandidate(mlir::Operation *start,
                            const SplitCandidate &candidate,
                            const TensorSplitOptions &options,
                            TensorSplitPlan &plan);

//===----------------------------------------------------------------------===//
// Policy
//===----------------------------------------------------------------------===//

/// Which of the feasible splits of a start point to take. The default:
/// slices that fit first, then the fewest slices, then a parallel split
/// over a contracting or reduced one. Subclass to rank otherwise.
class SplitPolicy {
public:
  virtual ~SplitPolicy() = default;
  /// Whether `candidate` is a better split than `best`.
  virtual bool isBetter(const TensorSplitPlan &candidate,
                        const TensorSplitPlan &best,
                        const TensorSplitOptions &options) const;
};

/// The split of `start` that `policy` ranks first among the legal ones, in
/// `plan`; or why there is none (the reasons of every candidate).
Decision planTensorSplit(mlir::Operation *start,
                         const TensorSplitOptions &options,
                         TensorSplitPlan &plan,
                         const SplitPolicy &policy = SplitPolicy());

//===----------------------------------------------------------------------===//
// Rewrite
//===----------------------------------------------------------------------===//

/// Whether the path op `op` is built anew for each slice rather than
/// sliced or cloned: an iota, a splat constant.
bool isSliceGenerator(mlir::Operation *op);

/// The identity of a reduction of `kind` over `elementType` (unsigned
/// integers compare as unsigned): where partial results start from.
mlir::TypedAttr getReductionIdentity(ReductionKind kind,
                                     mlir::Type elementType);

/// Replaces `plan.start` by an scf.for over slices (plus one more slice for
/// a remainder) and erases the path ops left without users.
void emitTensorSplit(const TensorSplitPlan &plan, mlir::RewriterBase &rewriter);

/// Splits every start point that can be split, then the start points that
/// appear inside the new loops, until none is left.
void populateTensorSplittingPatterns(mlir::RewritePatternSet &patterns,
                                     const TensorSplitOptions &options);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_SPLITTENSORS_H
