//===- FuseElementwiseUtils.h - helpers shared by the fusion ----*- C++ -*-===//

#ifndef FUSE_LIB_DIALECT_HLO_TRANSFORMS_FUSEELEMENTWISEUTILS_H
#define FUSE_LIB_DIALECT_HLO_TRANSFORMS_FUSEELEMENTWISEUTILS_H

#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"

#include <string>

namespace fuse::hlo::detail {

/// The domain of a producer: a fusion's, or that of one op as its own fusion.
std::optional<FusionDomain> getProducerDomain(mlir::Operation *producer);

/// A short name for messages: "`hlo.exponential`", "fusion (loop)".
std::string describe(mlir::Operation *op);

/// The ops a producer computes: a fusion's body, or the op itself.
llvm::SmallVector<mlir::Operation *> getBodyOps(mlir::Operation *producer);

/// Uses, inside the consumer's body, of the producer's results.
llvm::SmallVector<mlir::OpOperand *> getUsesInside(mlir::Operation *producer,
                                                   FusionOp consumer);

/// Uses of the producer's results by ops other than `consumer` (all of
/// them when `consumer` is null).
llvm::SmallVector<mlir::OpOperand *> getUsesOutside(mlir::Operation *producer,
                                                    mlir::Operation *consumer);

/// A dot_general reading one of `uses`, directly or through shape ops.
mlir::Operation *findContractionReading(llvm::ArrayRef<mlir::OpOperand *> uses);

/// The inputs of the fusion made of two siblings: the first's, then the
/// second's, without repeats.
llvm::SmallVector<mlir::Value> getSiblingInputs(FusionOp first,
                                                FusionOp second);

/// The inputs through which a fusion can have siblings: its tensors of rank
/// above zero (sharing a scalar saves no reads).
llvm::SmallVector<mlir::Value> getSharableInputs(FusionOp fusion);

/// The ops of a fusion body that do work: all but the terminator and
/// constants.
llvm::SmallVector<mlir::Operation *> getWorkOps(FusionOp fusion);

/// The producer's results that ops other than `consumer` read: the extra
/// results of a multi-output fusion.
llvm::SmallVector<mlir::Value> getResultsUsedOutside(mlir::Operation *producer,
                                                     mlir::Operation *consumer);

/// The inputs of the fusion made of `producer` and `consumer`: the
/// producer's, then the consumer's other inputs, without repeats.
llvm::SmallVector<mlir::Value> getMergedInputs(mlir::Operation *producer,
                                               FusionOp consumer);

/// The number of getMergedInputs, counted without a set: the operand bound
/// asks it of every producer of a consumer at the bound, each time one of
/// them changes.
size_t countMergedInputs(mlir::Operation *producer, FusionOp consumer);

/// The ops before `anchor` that read, directly or through each other, the
/// values of `uses`, in block order: they must move after `anchor` when the
/// values become results of a fusion at `anchor`. Fails, setting
/// `cycleThrough`, when `anchor` itself depends on them.
mlir::FailureOr<llvm::SmallVector<mlir::Operation *>>
collectOpsToSink(llvm::ArrayRef<mlir::OpOperand *> uses,
                 mlir::Operation *anchor, mlir::Operation *&cycleThrough);

/// The ops of `op`'s block that `op` depends on, directly or through each
/// other, found on demand: a query about an op searches back to it and no
/// further, and later queries reuse what was found. One search serves every
/// sibling a fusion is tried with.
class BlockAncestors {
public:
  explicit BlockAncestors(mlir::Operation *op);
  /// Whether `op` depends on `earlier`, an op of its block before it.
  bool contains(mlir::Operation *earlier);

private:
  /// Visits the ops in the block that define what `op` reads.
  void visitReads(mlir::Operation *op);

  mlir::Block *block;
  llvm::SmallPtrSet<mlir::Operation *, 32> found;
  /// Found ops whose reads are not searched yet: they lie before the
  /// earliest op asked about.
  llvm::SmallVector<mlir::Operation *> beyond;
  mlir::Operation *earliest = nullptr;
};

/// isLegalToMergeSiblings with `second`'s ancestors, shared between the
/// siblings it is tried with: the same decisions.
Decision isLegalToMergeSiblings(FusionOp first, FusionOp second,
                                BlockAncestors &ancestorsOfSecond);

/// Forbids a merge that takes a block's estimated peak memory from
/// `before` to a larger `after`, whichever model measured them.
Decision checkPeakNotRaised(int64_t before, int64_t after);

/// The name of the `index`-th fusion of a module in walk order, as the
/// report, the graph and execution traces call it: "fusion.<index>".
std::string getFusionName(unsigned index);

} // namespace fuse::hlo::detail

#endif // FUSE_LIB_DIALECT_HLO_TRANSFORMS_FUSEELEMENTWISEUTILS_H
