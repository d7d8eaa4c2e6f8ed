//===- DistributeSplits.h - split loops over MPI ranks ----------*- C++ -*-===//
//
// The pieces of --distribute-splits, for reuse by other compilers:
// - legality: `planDistribution` reads a slice loop as --split-tensors emits
//   it and says how each value it carries combines across ranks, or why the
//   loop cannot be distributed;
// - rewrite: `emitDistribution` gives each rank its share of the iterations
//   and combines the ranks' results with `shard` collectives.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_DISTRIBUTESPLITS_H
#define FUSE_DIALECT_HLO_TRANSFORMS_DISTRIBUTESPLITS_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/RankCollectives.h"
#include "fuse/Support/Decision.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse::hlo {

/// How the iterations of a loop are dealt to ranks.
enum class DistributionStrategy {
  /// Rank r takes iterations [n r / R, n (r + 1) / R): contiguous blocks
  /// whose sizes differ by at most one.
  Blocked,
  /// Rank r takes iterations r, r + R, r + 2R, ...
  Cyclic,
};

/// How one group of loop-carried values becomes the value of all ranks.
enum class CarryCombine {
  /// Each iteration writes a block of the value at the slice offset (a
  /// parallel split): the ranks' blocks are put together.
  Insert,
  /// Each iteration folds its partial result in with one elementwise op
  /// (add, multiply, maximum, minimum, and, or).
  Elementwise,
  /// Each iteration folds its partial results in with a reduce over the
  /// pair (accumulator, partial), e.g. an argmax of (value, index) pairs.
  Pairwise,
};

struct CarriedGroup {
  CarryCombine combine = CarryCombine::Insert;
  /// The loop's iteration arguments of the group (the offset is argument 0):
  /// one, or with Pairwise one per result of the pair reduce.
  unsigned firstArg = 0;
  unsigned numArgs = 1;
  /// Insert: the dimension the slice offset indexes.
  int64_t insertDim = -1;
  /// Elementwise: the op; Pairwise: the pair reduce.
  mlir::Operation *combiner = nullptr;
  /// Elementwise: whether MPI's own sum or product combines the ranks (an
  /// add or multiply of f32, f64, i32 or i64) rather than a gather and the
  /// op folded in rank order.
  bool viaAllReduce = false;
};

struct DistributionPlan {
  mlir::scf::ForOp loop;
  int64_t iterations = 0;
  /// The offset of the first slice, and how far each iteration moves it.
  int64_t firstOffset = 0;
  int64_t sliceStride = 0;
  /// The op of the body that advances the offset.
  AddOp offsetStep;
  llvm::SmallVector<CarriedGroup> groups;
};

/// Whether `loop` is a slice loop whose iterations can run on different
/// ranks, and if so how its carried values combine (in `plan`).
Decision planDistribution(mlir::scf::ForOp loop, DistributionPlan &plan);

/// Rewrites the loop of `plan` so that each of the `ranks` ranks of the
/// grid `grid` runs its share of the iterations, then combines the ranks'
/// values so that every rank holds the results of the whole loop.
void emitDistribution(const DistributionPlan &plan, int64_t ranks,
                      DistributionStrategy strategy,
                      mlir::FlatSymbolRefAttr grid,
                      mlir::RewriterBase &rewriter);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_DISTRIBUTESPLITS_H
