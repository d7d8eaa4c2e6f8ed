//===- FuseElementwise.h - legality and cost model of fusion ----*- C++ -*-===//
//
// The pieces behind --fuse-elementwise, for compilers that want XLA-style
// fusion with their own policy:
//  - legality: which producers can join which fusions so that the fusion
//    still lowers to one loop nest (a property of the ops and the IR);
//  - FusionPolicy: which legal fusions are worth it (a cost model that can
//    be subclassed);
//  - populate...Patterns: the rewrites, driven by a legality check and a
//    policy.
// Every negative answer carries a reason, so a rejected fusion can be
// explained to the user.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_FUSEELEMENTWISE_H
#define FUSE_DIALECT_HLO_TRANSFORMS_FUSEELEMENTWISE_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Support/Decision.h"

#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace fuse::hlo {

using fuse::Decision;

class LiveTensorSchedule;

//===----------------------------------------------------------------------===//
// Legality
//===----------------------------------------------------------------------===//

/// What an op can be in a fusion.
enum class FusionRole {
  /// Not fusible: lowered as its own kernel (concatenate, pad, ...), not an
  /// hlo op, or has side effects.
  None,
  /// Elementwise arithmetic; the seed of a loop fusion.
  Elementwise,
  /// Shape ops and gathers, which become indexing in the consumer's loop
  /// nest, and constants: fused into every consumer that wants them.
  Indexing,
  /// hlo.reduce: the root of an input fusion.
  Reduction,
  /// dot_general / dot: the root of an output fusion.
  Contraction,
};

FusionRole getFusionRole(mlir::Operation *op);

/// Whether `op` is in the body of a kernel (a fusion) or of a combiner (the
/// body of a reduce, reduce_window, scatter, select_and_scatter or sort),
/// where it is already placed. The bodies of loops and branches are program
/// code, fused like a function body.
bool isInKernelBody(mlir::Operation *op);

/// True for elementwise ops worth computing once: transcendental functions,
/// division, power, ... (XLA's "expensive" instructions).
bool isExpensive(mlir::Operation *op);

/// How a producer joins a consumer fusion.
enum class MergeMode {
  /// Every user of the producer is in the consumer: the producer moves in.
  Move,
  /// The producer is copied into the consumer and stays for its other users.
  Duplicate,
  /// The producer moves in and its results used elsewhere become extra
  /// results of the consumer (multi-output fusion).
  MultiOutput,
};

/// The iteration space a fusion's loop nest runs over: the reduce input
/// shape and reduced dims of an input fusion, the dot result of an output
/// fusion, the result shape of a loop fusion.
struct FusionDomain {
  FusionKind kind;
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<int64_t> reducedDims;

  bool operator==(const FusionDomain &other) const {
    return kind == other.kind && shape == other.shape &&
           reducedDims == other.reducedDims;
  }
};

/// The domain of a fusion, or nullopt when its body has no single domain.
std::optional<FusionDomain> getFusionDomain(FusionOp fusion);

/// Can `producer` (an op or a fusion) join `consumer` in `mode` and still be
/// one loop nest without cycles? Structural only: no cost considerations.
/// `rowFusion` admits reductions over rows into consumers that read their
/// results row by row (the fusion is then computed one row at a time).
Decision isLegalToFuse(mlir::Operation *producer, FusionOp consumer,
                       MergeMode mode, bool rowFusion = true);

/// Can two fusions that read a common input become one multi-output fusion?
/// `first` must come before `second` in their block.
Decision isLegalToMergeSiblings(FusionOp first, FusionOp second);

//===----------------------------------------------------------------------===//
// Cost model
//===----------------------------------------------------------------------===//

struct FusionPolicyOptions {
  /// Most inputs a fusion may have (kernel parameter limits, register
  /// pressure).
  unsigned maxOperands = 64;
  /// Most results a multi-output fusion may have. Siblings of one widely
  /// read input would otherwise merge into one fusion, each merge copying
  /// the bodies of all before it.
  unsigned maxResults = 64;
  /// Copy cheap producers into each consumer instead of materialising them.
  bool allowDuplication = true;
  /// Fuse producers into reductions (input fusion).
  bool fuseReductions = true;
  /// Fuse elementwise epilogues into dot_general (output fusion).
  bool fuseDotEpilogues = true;
  /// Allow multi-output fusion (extra results, sibling merges).
  bool multiOutput = true;
  /// Fuse row reductions with the consumers that read them row by row.
  bool rowFusion = true;
};

/// XLA's fusion heuristics: duplicate only cheap producers, never recompute
/// an expensive one per broadcast element, bound the operand count, and
/// never raise the estimated peak memory of the enclosing block.
class FusionPolicy {
public:
  explicit FusionPolicy(FusionPolicyOptions options = {});
  virtual ~FusionPolicy();

  const FusionPolicyOptions &getOptions() const { return options; }

  /// Should a legal producer/consumer fusion happen?
  virtual Decision shouldFuse(mlir::Operation *producer, FusionOp consumer,
                              MergeMode mode) const;

  /// Should two legal siblings merge into one multi-output fusion?
  virtual Decision shouldMergeSiblings(FusionOp first, FusionOp second) const;

  /// Ops of the block schedules built so far to check peak memory. Each
  /// check that cannot be settled locally models the whole block, so this
  /// is what makes fusion quadratic when too many checks need a schedule.
  uint64_t getScheduledOps() const { return scheduledOps; }

  /// A listener for the rewriter that applies this policy's fusions. Once
  /// it is attached, the checks of merges into a fusion (moved or copied
  /// producers) keep one LiveTensorTracker per block, updated as merges
  /// and new fusion seeds replace ops, instead of modelling the block per
  /// check; any other rewrite of a block drops its tracker, which the next
  /// check builds again. The decisions are the same. Each call starts
  /// afresh: attach the listener to one driver at a time.
  mlir::RewriterBase::Listener &getRewriteListener() const;

  /// Forbids fusions with more than `max-operands` inputs.
  Decision checkOperandCount(size_t count) const;

protected:
  /// Forbids fusions with more than `max-results` results.
  Decision checkResultCount(size_t count) const;

  /// Forbids a merge, modelled by `applyMerge`, that raises the peak memory
  /// of `block`.
  Decision checkPeakMemory(
      mlir::Block &block,
      llvm::function_ref<void(LiveTensorSchedule &)> applyMerge) const;

  FusionPolicyOptions options;
  mutable uint64_t scheduledOps = 0;

private:
  struct Tracking;
  /// A new decision: the merge allowed before it is not the one applied
  /// next.
  void forgetAllowedMerge() const;
  /// Whether the rewrite listener is attached: the block trackers follow
  /// the merges.
  bool isTracking() const;
  /// Whether a merge of `producer` (leaving when `removed`) into `consumer`
  /// reading `inputs` keeps the peak, from the block's tracker; none
  /// without tracking or with a tracker that does not know the ops.
  std::optional<Decision> checkTrackedPeak(mlir::Operation *producer,
                                           FusionOp consumer, bool removed,
                                           llvm::ArrayRef<mlir::Value> inputs,
                                           bool cannotRaise) const;
  /// Whether replacing `from` and `to` by one op at `to` that reads
  /// `reads` and defines `defines`, and sinking `sunk` after it (a sibling
  /// merge, or a producer merged with an extra result), keeps the peak,
  /// from the block's tracker (allowed without comparing peaks when
  /// `cannotRaise`, so that the tracker follows the merge); none without
  /// tracking or with a tracker that does not know the ops.
  std::optional<Decision> checkTrackedReorder(
      mlir::Operation *from, mlir::Operation *to,
      llvm::ArrayRef<mlir::Value> reads, llvm::ArrayRef<mlir::Value> defines,
      llvm::ArrayRef<mlir::Operation *> sunk, bool cannotRaise = false) const;
  /// Whether `op`, which is or is in an op of `anchor`'s block, comes at
  /// or after `anchor`, by the block's tracker; none without one. Each
  /// merge inserts a fusion, and the block's own order
  /// (Operation::isBeforeInBlock) is then recomputed on the next query.
  std::optional<bool> isTrackedAtOrAfter(mlir::Operation *op,
                                         mlir::Operation *anchor) const;
  /// The same, by the block's own order where no tracker knows the ops.
  bool isAtOrAfter(mlir::Operation *op, mlir::Operation *anchor) const;
  std::shared_ptr<Tracking> tracking;
};

/// Legality and policy together, trying the modes in order of preference
/// (move, duplicate, then multi-output if `allowMultiOutput`). On success
/// sets `mode`; on failure the reason covers every mode tried. The
/// policy's operand bound is checked first, before legality.
Decision decideProducerFusion(mlir::Operation *producer, FusionOp consumer,
                              const FusionPolicy &policy, bool allowMultiOutput,
                              MergeMode &mode);

//===----------------------------------------------------------------------===//
// Rewrites
//===----------------------------------------------------------------------===//

/// Merges `producer` into `consumer` as `mode` says (the caller has checked
/// legality) and returns the new fusion, which replaces `consumer`.
FusionOp fuseProducerIntoConsumer(mlir::RewriterBase &rewriter,
                                  mlir::Operation *producer, FusionOp consumer,
                                  MergeMode mode);

/// Merges two sibling fusions into one with the results of both.
FusionOp mergeSiblingFusions(mlir::RewriterBase &rewriter, FusionOp first,
                             FusionOp second);

/// Producer/consumer fusion: wraps elementwise ops and reductions in
/// single-op fusions, then pulls producers into their consumer fusions while
/// `policy` agrees. Multi-output merges are left to the next set.
void populateProducerConsumerFusionPatterns(mlir::RewritePatternSet &patterns,
                                            const FusionPolicy &policy);

/// Multi-output fusion: producers with users outside the consumer become
/// extra results, and siblings reading a common input merge.
void populateMultiOutputFusionPatterns(mlir::RewritePatternSet &patterns,
                                       const FusionPolicy &policy);

/// Dissolves fusions that hold a single op besides constants: they save
/// nothing. Apply it after the fusion sets, never with them: it undoes the
/// single-op seeds they start from.
void populateTrivialFusionCleanupPatterns(mlir::RewritePatternSet &patterns);

/// Prints, for each fusion of `module`, its kind, ops, inputs and results,
/// and the memory traffic it saves against running its ops one by one
/// (`--fuse-elementwise=report`).
void printFusionReport(mlir::ModuleOp module, llvm::raw_ostream &os);

/// Prints `module` as a Graphviz data-flow graph: a node per op, a cluster
/// per fusion holding its ops (`--fuse-elementwise=dump-dot`, and the C
/// API's fuseModulePrintGraphviz). Linear in the module's size.
void printFusionGraph(mlir::ModuleOp module, llvm::raw_ostream &os);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_FUSEELEMENTWISE_H
