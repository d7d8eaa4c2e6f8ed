//===- FuseElementwisePolicy.cpp - when a legal fusion is worth it --------===//
//
// XLA's instruction-fusion heuristics: a producer with users outside the
// fusion is copied in only when it is cheap; an expensive op is never
// recomputed per element of a broadcast; a fusion has a bounded number of
// operands; and no fusion may raise the block's peak memory (fusing a
// producer keeps its operands alive until the consumer runs, which can cost
// more than the intermediate it saves).
//
//===----------------------------------------------------------------------===//

#include "FuseElementwiseUtils.h"

#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "llvm/ADT/SmallPtrSet.h"

using namespace mlir;
using namespace fuse::hlo;
using namespace fuse::hlo::detail;

static int64_t getNumElements(Value value) {
  return cast<RankedTensorType>(value.getType()).getNumElements();
}

/// The first expensive op of a producer's `body` (getBodyOps), if any: a
/// math function, a division, a reduction, a product or a gather (reads
/// anywhere in its operand: copied into a GNN's column sums beside the
/// scatter-add that reads it too, 9 gathers took 2.7 ms). Tested by op name
/// alone, not through getFusionRole, whose type checks took a fifth of the
/// pass on the ViT step (every decision scans the producer's body).
static Operation *findExpensiveOp(ArrayRef<Operation *> body) {
  for (Operation *op : body)
    if (isExpensive(op) ||
        isa<ReduceOp, DotGeneralOp, DotOp, ConvolutionOp, GatherOp>(op))
      return op;
  return nullptr;
}

/// A chain of more ops than this is long: JAX's threefry hash, unrolled,
/// is about a hundred; a layer's elementwise work is a few to twenty.
static constexpr size_t kLongChainOps = 32;

/// Why a producer of `body` (getBodyOps) stays out of `consumer`: a long
/// chain that each of the consumer's reductions would compute again, in a
/// pass of its own over the row (layer norm's mean, then its variance).
static Decision checkLongChainInPasses(ArrayRef<Operation *> body,
                                       FusionOp consumer) {
  size_t chain = llvm::count_if(body, [](Operation *op) {
    return !op->hasTrait<OpTrait::ConstantLike>();
  });
  if (chain <= kLongChainOps)
    return Decision::allow();
  int64_t passes = 0;
  consumer.getBody().walk([&](ReduceOp) { ++passes; });
  if (passes <= 1)
    return Decision::allow();
  return Decision::forbid("a chain of " + Twine(chain) +
                          " ops would be computed in each of the " +
                          Twine(passes) + " passes of the reductions");
}

/// An op inside the consumer that reads a producer value more than once per
/// element it computes: a broadcast, possibly behind shape ops.
static Operation *findRecomputingUser(ArrayRef<OpOperand *> uses) {
  SmallVector<OpOperand *> worklist(uses);
  while (!worklist.empty()) {
    OpOperand *use = worklist.pop_back_val();
    Operation *user = use->getOwner();
    int64_t elements = getNumElements(use->get());
    for (Value result : user->getResults()) {
      if (!isa<RankedTensorType>(result.getType()))
        continue;
      if (getNumElements(result) > elements)
        return user;
      if (isa<ReshapeOp, TransposeOp>(user))
        for (OpOperand &next : result.getUses())
          worklist.push_back(&next);
    }
  }
  return nullptr;
}

/// "1 user", "3 users": the distinct ops behind `uses`.
static std::string countUsers(ArrayRef<OpOperand *> uses) {
  llvm::SmallPtrSet<Operation *, 8> users;
  for (OpOperand *use : uses)
    users.insert(use->getOwner());
  return std::to_string(users.size()) +
         (users.size() == 1 ? " user" : " users");
}

/// Bytes of `value` that `elements` reads of it touch at most.
static int64_t getReadBytes(Value value, int64_t elements) {
  int64_t bytes = LiveTensorSchedule::getBytes(value);
  int64_t valueElements = std::max<int64_t>(1, getNumElements(value));
  return std::min(bytes, elements * (bytes / valueElements));
}

/// Whether the op behind `use` could compute a copy of the value it reads
/// instead: not a product reading it as an operand, directly or through
/// shape ops, nor an op lowered as a kernel of its own, nor the return.
static bool couldReadCopy(OpOperand *use) {
  Operation *user = use->getOwner();
  if (auto fusion = dyn_cast<FusionOp>(user)) {
    Value argument = fusion.getBody().getArgument(use->getOperandNumber());
    SmallVector<OpOperand *> inner = llvm::map_to_vector(
        argument.getUses(), [](OpOperand &inside) { return &inside; });
    return !findContractionReading(inner);
  }
  FusionRole role = getFusionRole(user);
  return role != FusionRole::None && role != FusionRole::Contraction &&
         !findContractionReading({use});
}

/// Checks that copying a cheap producer into the consumer reads no more
/// memory than computing it once, writing its results and reading them
/// back. A copy reads the producer's inputs that the consumer does not read
/// already; each element of a cheap producer reads at most one element of
/// each input (elementwise and shape ops, gathers). If every one of `users`
/// users takes a copy reading `r` times the bytes of the results, the copies
/// read users * r and computing once r + users: a copy may read at most
/// users / (users - 1) times its results' bytes. If a user keeps the results
/// (a product reads them), they are written anyway, and a copy may read at
/// most as much as the results. Without this check a chain of residual adds
/// is copied into every later consumer, which then reads the whole chain.
static Decision checkDuplicatedReads(Operation *producer, FusionOp consumer) {
  llvm::SmallPtrSet<Value, 8> readAnyway(consumer->operand_begin(),
                                         consumer->operand_end());
  int64_t elements = 0;
  for (Value result : producer->getResults())
    elements = std::max(elements, getNumElements(result));
  int64_t copyBytes = 0;
  for (Value input : producer->getOperands())
    if (readAnyway.insert(input).second)
      copyBytes += getReadBytes(input, elements);
  // A copy that reads nothing new (a constant's, shared by thousands of
  // users) passes both checks below without counting the users.
  if (copyBytes == 0)
    return Decision::allow();
  SmallVector<OpOperand *> outside = getUsesOutside(producer, consumer);
  llvm::SmallPtrSet<Value, 4> replaced;
  for (OpOperand *use : getUsesInside(producer, consumer))
    replaced.insert(use->get());
  int64_t resultBytes = 0;
  for (Value result : replaced)
    resultBytes += LiveTensorSchedule::getBytes(result);

  llvm::SmallPtrSet<Operation *, 8> users = {consumer};
  for (OpOperand *use : outside)
    users.insert(use->getOwner());
  int64_t copies = users.size();
  if (!llvm::all_of(outside, couldReadCopy)) {
    if (copyBytes > resultBytes)
      return Decision::forbid(
          "a copy of " + describe(producer) + " would read " +
          Twine(copyBytes) + " bytes the fusion does not read, more than the " +
          Twine(resultBytes) +
          " bytes it replaces, which are written anyway "
          "for a user that cannot compute a copy");
    return Decision::allow();
  }
  if (copyBytes * (copies - 1) > resultBytes * copies)
    return Decision::forbid(
        "a copy of " + describe(producer) + " would read " + Twine(copyBytes) +
        " bytes the fusion does not read, more than " + Twine(copies) + "/" +
        Twine(copies - 1) + " of the " + Twine(resultBytes) +
        " bytes it replaces (" + Twine(copies) + " users)");
  return Decision::allow();
}

/// Most uses of a value that `isLiveAfter` looks at; past them the value
/// is taken to die early, which only sends a merge to the full check.
static constexpr unsigned kMaxUsesScanned = 16;

/// Whether `op` of `anchor`'s block comes at or after `anchor`.
using AtOrAfter = llvm::function_ref<bool(Operation *op, Operation *anchor)>;

/// Whether an op of `consumer`'s block other than `producer` reads `value`
/// at or after `consumer`, so that the value is live there anyway.
static bool isLiveAfter(Value value, Operation *producer, Operation *consumer,
                        AtOrAfter atOrAfter) {
  Block *block = consumer->getBlock();
  unsigned scanned = 0;
  for (Operation *user : value.getUsers()) {
    if (++scanned > kMaxUsesScanned)
      return false;
    Operation *reader = block->findAncestorOpInBlock(*user);
    if (reader && reader != producer && atOrAfter(reader, consumer))
      return true;
  }
  return false;
}

/// Whether merging `producer` into `consumer` (moved or copied in) cannot
/// raise the block's peak, without a schedule of the block. The merge
/// frees the producer's results that only the consumer reads, which were
/// live from the producer to the consumer, and keeps the fusion's new inputs
/// from the block live up to the consumer, unless they are live there
/// anyway. Outside that span nothing changes; inside it, the live bytes
/// change by at most the inputs' bytes less the freed ones.
static bool cannotRaisePeak(Operation *producer, FusionOp consumer,
                            ArrayRef<Value> inputs, AtOrAfter atOrAfter) {
  Block *block = consumer->getBlock();
  int64_t added = 0;
  for (Value input : inputs) {
    Operation *definition = input.getDefiningOp();
    if (definition && definition->getBlock() == block &&
        !isLiveAfter(input, producer, consumer, atOrAfter))
      added += LiveTensorSchedule::getBytes(input);
  }
  int64_t freed = 0;
  for (Value result : producer->getResults())
    if (!result.use_empty() &&
        llvm::all_of(result.getUsers(),
                     [&](Operation *user) { return user == consumer; }))
      freed += LiveTensorSchedule::getBytes(result);
  return added <= freed;
}

/// Whether merging sibling `first` into `second`, which comes later, cannot
/// raise the block's peak, without a schedule of the block: every result of
/// `first` is read only after `second` (no reader is sunk, and the results
/// stay live up to where the merge defines them), and every input that
/// `first` brings from the block is read at or after `second` anyway. Then
/// no value is live anywhere that was not live there before.
static bool siblingMergeCannotRaisePeak(FusionOp first, FusionOp second,
                                        AtOrAfter atOrAfter) {
  Block *block = second->getBlock();
  for (Value result : first.getResults()) {
    if (result.use_empty())
      return false;
    for (Operation *user : result.getUsers()) {
      Operation *reader = block->findAncestorOpInBlock(*user);
      if (!reader || reader == second || !atOrAfter(reader, second))
        return false;
    }
  }
  for (Value input : first.getInputs()) {
    Operation *definition = input.getDefiningOp();
    if (definition && definition->getBlock() == block &&
        !llvm::is_contained(second.getInputs(), input) &&
        !isLiveAfter(input, first, second, atOrAfter))
      return false;
  }
  return true;
}

bool FusionPolicy::isAtOrAfter(Operation *op, Operation *anchor) const {
  if (op == anchor)
    return true;
  if (std::optional<bool> tracked = isTrackedAtOrAfter(op, anchor))
    return *tracked;
  return anchor->isBeforeInBlock(op);
}

Decision FusionPolicy::checkPeakMemory(
    Block &block, function_ref<void(LiveTensorSchedule &)> applyMerge) const {
  LiveTensorSchedule schedule(block);
  scheduledOps += block.getOperations().size();
  int64_t before = schedule.peakBytes();
  applyMerge(schedule);
  return checkPeakNotRaised(before, schedule.peakBytes());
}

Decision fuse::hlo::detail::checkPeakNotRaised(int64_t before, int64_t after) {
  if (after > before)
    return Decision::forbid("it would raise the estimated peak memory from " +
                            Twine(before) + " to " + Twine(after) + " bytes");
  return Decision::allow();
}

/// Models sinking `ops` (in order) just after `anchor`.
static void sinkAfter(LiveTensorSchedule &schedule, ArrayRef<Operation *> ops,
                      Operation *anchor) {
  for (Operation *op : ops) {
    schedule.moveAfter(op, anchor);
    anchor = op;
  }
}

/// Forbids a fusion with more than `limit` of `what`, the bound of option
/// `option`.
static Decision checkLimit(size_t count, unsigned limit, StringRef what,
                           StringRef option) {
  if (count > limit)
    return Decision::forbid("the fusion would have " + Twine(count) + " " +
                            what + ", more than " + option + "=" +
                            Twine(limit));
  return Decision::allow();
}

Decision FusionPolicy::checkOperandCount(size_t count) const {
  return checkLimit(count, options.maxOperands, "operands", "max-operands");
}

Decision FusionPolicy::checkResultCount(size_t count) const {
  return checkLimit(count, options.maxResults, "results", "max-results");
}

Decision FusionPolicy::shouldFuse(Operation *producer, FusionOp consumer,
                                  MergeMode mode) const {
  forgetAllowedMerge();
  if (isa<ReduceOp>(producer) && !options.fuseReductions)
    return Decision::forbid("reductions are not fused (fuse-reductions=false)");
  if (getFusionRole(producer) == FusionRole::Contraction &&
      !options.fuseDotEpilogues)
    return Decision::forbid(
        "dot epilogues are not fused (fuse-dot-epilogues=false)");
  // First the check that needs no scan of the producer's body.
  SmallVector<Value> inputs = getMergedInputs(producer, consumer);
  if (Decision decision = checkOperandCount(inputs.size()); !decision)
    return decision;

  SmallVector<Operation *> body = getBodyOps(producer);
  if (Decision decision = checkLongChainInPasses(body, consumer); !decision)
    return decision;
  Operation *expensive = findExpensiveOp(body);
  // The producer's other readers are listed only where needed: a constant
  // that canonicalization leaves for thousands of readers is copied into
  // each fusion, and each copy would list them all.
  if (mode == MergeMode::Duplicate) {
    // Constants and iotas read no memory: copying them is always free.
    if (!options.allowDuplication && !isa<ConstantOp, IotaOp>(producer))
      return Decision::forbid(describe(producer) + " has " +
                              countUsers(getUsesOutside(producer, consumer)) +
                              " outside the fusion and duplication is off "
                              "(allow-duplication=false)");
    if (expensive)
      return Decision::forbid("expensive producer " + describe(expensive) +
                              " with " +
                              countUsers(getUsesOutside(producer, consumer)) +
                              " outside the fusion");
    if (Decision decision = checkDuplicatedReads(producer, consumer); !decision)
      return decision;
  }
  if (mode == MergeMode::MultiOutput && !options.multiOutput)
    return Decision::forbid("multi-output fusion is off (multi-output=false)");
  // A reduction's results are computed once per row of its fusion however
  // they are broadcast (legality admits only such consumers).
  bool reduces = llvm::any_of(body, llvm::IsaPred<ReduceOp>);
  if (expensive && !reduces)
    if (Operation *user =
            findRecomputingUser(getUsesInside(producer, consumer)))
      return Decision::forbid("expensive producer " + describe(expensive) +
                              " would be recomputed for each of the " +
                              Twine(getNumElements(user->getResult(0))) +
                              " elements of " + describe(user));

  // What the merged fusion defines: the consumer's results, then the
  // producer's that become extra results, whose other readers sink below it.
  SmallVector<Value> defines(consumer->getResults());
  SmallVector<Operation *> sunk;
  if (mode == MergeMode::MultiOutput) {
    SmallVector<Value> extraResults = getResultsUsedOutside(producer, consumer);
    if (Decision decision =
            checkResultCount(consumer->getNumResults() + extraResults.size());
        !decision)
      return decision;
    Operation *cycleThrough = nullptr;
    sunk = *collectOpsToSink(getUsesOutside(producer, consumer), consumer,
                             cycleThrough);
    llvm::append_range(defines, extraResults);
    if (std::optional<Decision> tracked =
            checkTrackedReorder(producer, consumer, inputs, defines, sunk))
      return *tracked;
  } else {
    auto atOrAfter = [&](Operation *op, Operation *anchor) {
      return isAtOrAfter(op, anchor);
    };
    bool cannotRaise = cannotRaisePeak(producer, consumer, inputs, atOrAfter);
    if (std::optional<Decision> tracked = checkTrackedPeak(
            producer, consumer, mode == MergeMode::Move, inputs, cannotRaise))
      return *tracked;
    if (cannotRaise)
      return Decision::allow();
  }
  return checkPeakMemory(*consumer->getBlock(),
                         [&](LiveTensorSchedule &schedule) {
                           SmallVector<Operation *> removed = {consumer};
                           if (mode != MergeMode::Duplicate)
                             removed.push_back(producer);
                           schedule.merge(removed, consumer, inputs, defines);
                           sinkAfter(schedule, sunk, consumer);
                         });
}

Decision FusionPolicy::shouldMergeSiblings(FusionOp first,
                                           FusionOp second) const {
  forgetAllowedMerge();
  if (!options.multiOutput)
    return Decision::forbid("multi-output fusion is off (multi-output=false)");
  SmallVector<Value> inputs = getSiblingInputs(first, second);
  if (Decision decision = checkOperandCount(inputs.size()); !decision)
    return decision;
  if (Decision decision =
          checkResultCount(first.getNumResults() + second.getNumResults());
      !decision)
    return decision;
  auto atOrAfter = [&](Operation *op, Operation *anchor) {
    return isAtOrAfter(op, anchor);
  };
  bool cannotRaise = siblingMergeCannotRaisePeak(first, second, atOrAfter);
  // Even then, the block's tracker is told of the merge: one it cannot
  // follow drops it, and the next check models the block again.
  if (cannotRaise && !isTracking())
    return Decision::allow();
  Operation *cycleThrough = nullptr;
  SmallVector<Operation *> sunk =
      *collectOpsToSink(getUsesOutside(first, nullptr), second, cycleThrough);
  SmallVector<Value> defines(first.getResults());
  llvm::append_range(defines, second.getResults());
  if (std::optional<Decision> tracked = checkTrackedReorder(
          first, second, inputs, defines, sunk, cannotRaise))
    return *tracked;
  if (cannotRaise)
    return Decision::allow();
  return checkPeakMemory(
      *second->getBlock(), [&](LiveTensorSchedule &schedule) {
        schedule.merge({first, second}, second, inputs, defines);
        sinkAfter(schedule, sunk, second);
      });
}

Decision fuse::hlo::decideProducerFusion(Operation *producer, FusionOp consumer,
                                         const FusionPolicy &policy,
                                         bool allowMultiOutput,
                                         MergeMode &mode) {
  // The operand bound first: neither legality nor the merge mode changes
  // it, and a consumer at the bound refuses each of its producers again
  // whenever one of them changes.
  if (Decision decision =
          policy.checkOperandCount(countMergedInputs(producer, consumer));
      !decision)
    return decision;
  SmallVector<MergeMode> modes;
  if (getResultsUsedOutside(producer, consumer).empty()) {
    modes.push_back(MergeMode::Move);
  } else {
    modes.push_back(MergeMode::Duplicate);
    if (allowMultiOutput)
      modes.push_back(MergeMode::MultiOutput);
  }
  std::string reasons;
  for (MergeMode candidate : modes) {
    Decision decision = isLegalToFuse(producer, consumer, candidate,
                                      policy.getOptions().rowFusion);
    if (decision)
      decision = policy.shouldFuse(producer, consumer, candidate);
    if (decision) {
      mode = candidate;
      return Decision::allow();
    }
    if (StringRef(reasons).contains(decision.reason()))
      continue;
    if (!reasons.empty())
      reasons += "; as an extra result: ";
    reasons += decision.reason();
  }
  return Decision::forbid(reasons);
}
