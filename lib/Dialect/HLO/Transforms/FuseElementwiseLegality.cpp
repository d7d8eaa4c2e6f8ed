//===- FuseElementwiseLegality.cpp - what may join a fusion ---------------===//
//
// A fusion must lower to one loop nest that computes each value once:
//  - loop fusion: elementwise ops over one result shape, with shape ops and
//    constants turned into indexing;
//  - input fusion: producers of a reduction over the reduction's input
//    shape, plus reductions over the same space, plus an epilogue over the
//    reductions' results;
//  - row fusion: reductions over rows and the ops that read their results
//    along the rows, computed one row at a time;
//  - output fusion: a dot_general (or a convolution) plus an elementwise
//    epilogue over its result.
// Anything else (a reduction's result read across rows, a producer fused
// into a dot's operands, where it would be recomputed per product) is
// illegal, as is a merge that would create a cycle.
//
//===----------------------------------------------------------------------===//

#include "FuseElementwiseUtils.h"

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace fuse::hlo;

/// Whether the lowering splits `convolution` by output phase.
static bool splitsByPhase(ConvolutionOp convolution) {
  return llvm::any_of(
      llvm::seq<int64_t>(convolution.getLhsDilation().size()),
      [&](int64_t d) { return convolution.splitsDilatedInput(d); });
}

FusionRole fuse::hlo::getFusionRole(Operation *op) {
  if (!isa_and_nonnull<HLODialect>(op->getDialect()) || hasComplexValues(op))
    return FusionRole::None;
  if (isa<ReduceOp>(op))
    return FusionRole::Reduction;
  // An input-dilated convolution is lowered as one convolution per output
  // phase, which skips the dilation's zeros; inside a fusion it would be
  // lowered whole, zeros and all. A U-Net's transposed-convolution weight
  // gradient with Adam fused in: 1.5-2.0 ms, against 0.40 ms by phases.
  if (auto convolution = dyn_cast<ConvolutionOp>(op);
      convolution && splitsByPhase(convolution))
    return FusionRole::None;
  if (isa<DotGeneralOp, DotOp, ConvolutionOp>(op))
    return FusionRole::Contraction;
  if (isa<ConstantOp, IotaOp, BroadcastInDimOp, ReshapeOp, TransposeOp, SliceOp,
          GatherOp>(op))
    return FusionRole::Indexing;
  if (op->hasTrait<OpTrait::Elementwise>() || isa<SelectOp, ClampOp>(op))
    return FusionRole::Elementwise;
  return FusionRole::None;
}

bool fuse::hlo::isInKernelBody(Operation *op) {
  return isa_and_nonnull<FusionOp, ReduceOp, ReduceWindowOp, ScatterOp,
                         SelectAndScatterOp, SortOp>(op->getParentOp());
}

bool fuse::hlo::isExpensive(Operation *op) {
  return isa<ExpOp, Expm1Op, LogOp, Log1pOp, LogisticOp, TanhOp, SqrtOp,
             RsqrtOp, SineOp, CosineOp, Atan2Op, PowOp, DivOp, RemOp>(op);
}

static SmallVector<int64_t> shapeOf(Value value) {
  return llvm::to_vector(cast<RankedTensorType>(value.getType()).getShape());
}

/// The iteration space of one op taken as a fusion of its own.
static std::optional<FusionDomain> getOpDomain(Operation *op) {
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    SmallVector<int64_t> dims = llvm::to_vector(reduce.getDimensions());
    llvm::sort(dims);
    return FusionDomain{FusionKind::Input, shapeOf(reduce.getInputs()[0]),
                        dims};
  }
  if (getFusionRole(op) == FusionRole::Contraction)
    return FusionDomain{FusionKind::Output, shapeOf(op->getResult(0)), {}};
  if (op->getNumResults() == 0)
    return std::nullopt;
  return FusionDomain{FusionKind::Loop, shapeOf(op->getResult(0)), {}};
}

std::optional<FusionDomain> fuse::hlo::getFusionDomain(FusionOp fusion) {
  // A loop fusion has no reduction or contraction (C5 of hlo.fusion): its
  // body need not be searched, which made merges into a growing fusion
  // quadratic.
  std::optional<FusionDomain> root;
  if (fusion.getKind() != FusionKind::Loop) {
    for (Operation &op : fusion.getBody().front().without_terminator()) {
      if (!isa<ReduceOp, DotGeneralOp, DotOp, ConvolutionOp>(op))
        continue;
      FusionRole role = getFusionRole(&op);
      if (role != FusionRole::Reduction && role != FusionRole::Contraction)
        continue;
      std::optional<FusionDomain> domain = getOpDomain(&op);
      if (root && !(*root == *domain))
        return std::nullopt;
      root = domain;
    }
  }
  if (root)
    return root;
  // A loop fusion's results all have its shape.
  SmallVector<int64_t> shape = shapeOf(fusion.getResult(0));
  for (Value result : fusion.getResults())
    if (shapeOf(result) != shape)
      return std::nullopt;
  return FusionDomain{FusionKind::Loop, shape, {}};
}

std::optional<FusionDomain>
fuse::hlo::detail::getProducerDomain(Operation *op) {
  if (auto fusion = dyn_cast<FusionOp>(op))
    return getFusionDomain(fusion);
  return getOpDomain(op);
}

std::string fuse::hlo::detail::describe(Operation *op) {
  if (auto fusion = dyn_cast<FusionOp>(op)) {
    // A fusion of one op (constants aside) is named after that op.
    SmallVector<Operation *> work = getWorkOps(fusion);
    if (work.size() == 1)
      return describe(work.front());
    if (!work.empty())
      return ("fusion (" + stringifyFusionKind(fusion.getKind()) + ")").str();
  }
  return ("`" + op->getName().getStringRef() + "`").str();
}

SmallVector<Operation *> fuse::hlo::detail::getBodyOps(Operation *producer) {
  SmallVector<Operation *> ops;
  if (auto fusion = dyn_cast<FusionOp>(producer)) {
    for (Operation &op : fusion.getBody().front().without_terminator())
      ops.push_back(&op);
  } else {
    ops.push_back(producer);
  }
  return ops;
}

SmallVector<OpOperand *> fuse::hlo::detail::getUsesInside(Operation *producer,
                                                          FusionOp consumer) {
  SmallVector<OpOperand *> uses;
  Block &body = consumer.getBody().front();
  for (auto [input, arg] :
       llvm::zip_equal(consumer.getInputs(), body.getArguments()))
    if (input.getDefiningOp() == producer)
      for (OpOperand &use : arg.getUses())
        uses.push_back(&use);
  return uses;
}

/// The inputs of the fusion of `producer` into `consumer`, repeats and
/// all: the producer's, then the consumer's that the producer does not
/// define.
static void appendMergedInputs(Operation *producer, FusionOp consumer,
                               SmallVectorImpl<Value> &inputs) {
  if (auto fusion = dyn_cast<FusionOp>(producer))
    llvm::append_range(inputs, fusion.getInputs());
  else
    llvm::append_range(inputs, producer->getOperands());
  for (Value input : consumer.getInputs())
    if (input.getDefiningOp() != producer)
      inputs.push_back(input);
}

SmallVector<Value> fuse::hlo::detail::getMergedInputs(Operation *producer,
                                                      FusionOp consumer) {
  SmallVector<Value> inputs;
  appendMergedInputs(producer, consumer, inputs);
  llvm::SetVector<Value> distinct(inputs.begin(), inputs.end());
  return distinct.takeVector();
}

size_t fuse::hlo::detail::countMergedInputs(Operation *producer,
                                            FusionOp consumer) {
  SmallVector<Value, 128> inputs;
  appendMergedInputs(producer, consumer, inputs);
  llvm::sort(inputs, [](Value a, Value b) {
    return a.getAsOpaquePointer() < b.getAsOpaquePointer();
  });
  return std::distance(inputs.begin(), llvm::unique(inputs));
}

SmallVector<Value> fuse::hlo::detail::getSiblingInputs(FusionOp first,
                                                       FusionOp second) {
  llvm::SetVector<Value> inputs;
  inputs.insert_range(first.getInputs());
  inputs.insert_range(second.getInputs());
  return inputs.takeVector();
}

SmallVector<Operation *> fuse::hlo::detail::getWorkOps(FusionOp fusion) {
  SmallVector<Operation *> ops;
  for (Operation &op : fusion.getBody().front().without_terminator())
    if (!isa<ConstantOp>(op))
      ops.push_back(&op);
  return ops;
}

SmallVector<Value>
fuse::hlo::detail::getResultsUsedOutside(Operation *producer,
                                         Operation *consumer) {
  SmallVector<Value> results;
  for (Value result : producer->getResults())
    if (llvm::any_of(result.getUsers(),
                     [&](Operation *user) { return user != consumer; }))
      results.push_back(result);
  return results;
}

SmallVector<OpOperand *>
fuse::hlo::detail::getUsesOutside(Operation *producer, Operation *consumer) {
  SmallVector<OpOperand *> uses;
  for (Value result : producer->getResults())
    for (OpOperand &use : result.getUses())
      if (use.getOwner() != consumer)
        uses.push_back(&use);
  return uses;
}

FailureOr<SmallVector<Operation *>> fuse::hlo::detail::collectOpsToSink(
    ArrayRef<OpOperand *> uses, Operation *anchor, Operation *&cycleThrough) {
  Block *block = anchor->getBlock();
  llvm::SetVector<Operation *> toSink;
  SmallVector<Operation *> worklist;
  auto visit = [&](Operation *user) {
    Operation *op = block->findAncestorOpInBlock(*user);
    if (!op || !op->isBeforeInBlock(anchor) || !toSink.insert(op))
      return;
    worklist.push_back(op);
  };
  for (OpOperand *use : uses) {
    Operation *op = block->findAncestorOpInBlock(*use->getOwner());
    if (op == anchor) {
      cycleThrough = use->getOwner();
      return failure();
    }
    visit(use->getOwner());
  }
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers()) {
        if (block->findAncestorOpInBlock(*user) == anchor) {
          cycleThrough = op;
          return failure();
        }
        visit(user);
      }
  }
  SmallVector<Operation *> ops = toSink.takeVector();
  llvm::sort(ops,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  return ops;
}

static Decision explainUnfusible(Operation *op) {
  std::string name = fuse::hlo::detail::describe(op);
  if (!isa_and_nonnull<HLODialect>(op->getDialect()))
    return Decision::forbid(name + " is not an hlo op");
  if (!isPure(op))
    return Decision::forbid(name + " has side effects");
  if (hasComplexValues(op))
    return Decision::forbid(name + " computes on complex numbers: "
                                   "hlo-expand-complex makes them real pairs "
                                   "first");
  if (auto convolution = dyn_cast<ConvolutionOp>(op);
      convolution && splitsByPhase(convolution))
    return Decision::forbid(name + " is not fusible: its dilated input is "
                                   "lowered as a convolution per output "
                                   "phase, without the zeros");
  return Decision::forbid(name + " is not fusible: it is lowered as a "
                                 "kernel of its own");
}

static bool isRankZero(Value value) {
  return cast<RankedTensorType>(value.getType()).getRank() == 0;
}

SmallVector<Value> fuse::hlo::detail::getSharableInputs(FusionOp fusion) {
  return llvm::to_vector(llvm::make_filter_range(
      fusion.getInputs(), [](Value input) { return !isRankZero(input); }));
}

/// True when every value the consumer computes has the shape of the
/// reduction's result (or rank 0): an epilogue run once per result element.
static bool isEpilogueOver(FusionOp consumer, ArrayRef<int64_t> shape) {
  auto fits = [&](Value value) {
    auto type = cast<RankedTensorType>(value.getType());
    return type.getRank() == 0 || type.getShape() == shape;
  };
  for (Operation &op : consumer.getBody().front())
    if (!llvm::all_of(op.getResults(), fits))
      return false;
  return llvm::all_of(consumer.getResults(), fits);
}

/// Row fusion: a reduction over the trailing dims of `domain` and a
/// consumer over the same input shape that reads its results broadcast
/// along the rows. Each row is then computed in turn: its reductions, then
/// what reads them, all while the row is in cache (softmax, layer norm).
/// Every op must keep rows apart: elementwise ops and reductions over the
/// row, broadcasts that keep the row dims in place.
static bool isRowFusible(Operation *producer, FusionOp consumer,
                         const FusionDomain &domain) {
  int64_t rank = domain.shape.size();
  int64_t rowRank = rank - domain.reducedDims.size();
  for (auto [index, dim] : llvm::enumerate(domain.reducedDims))
    if (dim != rowRank + static_cast<int64_t>(index))
      return false;
  if (rowRank == 0)
    return false;
  ArrayRef<int64_t> rowShape =
      ArrayRef<int64_t>(domain.shape).take_front(rowRank);
  auto keepsRows = [&](Operation *op) {
    if (isa<ConstantOp>(op) || getFusionRole(op) == FusionRole::Elementwise)
      return true;
    if (isa<ReduceOp>(op))
      return getOpDomain(op) == domain;
    auto broadcast = dyn_cast<BroadcastInDimOp>(op);
    if (!broadcast)
      return false;
    // Anything not on a row dimension (a bias over columns, a scalar) is
    // the same for every row; row values stay on their rows. The dims
    // decide, not the shape: a square layer norm's column bias has the
    // row values' shape.
    ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
    if (llvm::all_of(dims, [&](int64_t dim) { return dim >= rowRank; }))
      return true;
    return shapeOf(broadcast.getOperand()) == SmallVector<int64_t>(rowShape) &&
           llvm::equal(dims, llvm::seq<int64_t>(0, rowRank));
  };
  for (Operation *op : fuse::hlo::detail::getBodyOps(producer))
    if (!keepsRows(op))
      return false;
  for (Operation &op : consumer.getBody().front().without_terminator())
    if (!keepsRows(&op))
      return false;
  return true;
}

/// The shape of a reduction's result over `domain`: the dims it keeps.
static SmallVector<int64_t> reducedShape(const FusionDomain &domain) {
  SmallVector<int64_t> shape;
  for (auto [dim, size] : llvm::enumerate(domain.shape))
    if (!llvm::is_contained(domain.reducedDims, static_cast<int64_t>(dim)))
      shape.push_back(size);
  return shape;
}

Operation *
fuse::hlo::detail::findContractionReading(ArrayRef<OpOperand *> uses) {
  SmallVector<OpOperand *> worklist(uses);
  while (!worklist.empty()) {
    Operation *user = worklist.pop_back_val()->getOwner();
    if (getFusionRole(user) == FusionRole::Contraction)
      return user;
    if (getFusionRole(user) == FusionRole::Indexing)
      for (Value result : user->getResults())
        for (OpOperand &use : result.getUses())
          worklist.push_back(&use);
  }
  return nullptr;
}

/// Whether the producer's iteration space fits in the consumer's loop nest.
static Decision checkDomains(Operation *producer,
                             const FusionDomain &producerDomain,
                             FusionOp consumer,
                             const FusionDomain &consumerDomain, MergeMode mode,
                             bool rowFusion) {
  using namespace fuse::hlo::detail;
  SmallVector<OpOperand *> uses = getUsesInside(producer, consumer);
  switch (producerDomain.kind) {
  case FusionKind::Loop:
    // Linalg's fusion does not narrow a producer to the slice its consumer
    // reads: the producer would run whole in a loop nest of its own.
    for (OpOperand *use : uses)
      if (isa<SliceOp>(use->getOwner()))
        return Decision::forbid("its result is sliced inside the "
                                "fusion, so it would be computed whole "
                                "in a loop nest of its own");
    if (consumerDomain.kind == FusionKind::Output)
      if (Operation *dot = findContractionReading(uses))
        return Decision::forbid("it would be recomputed inside " +
                                describe(dot) + " for every product");
    return Decision::allow();
  case FusionKind::Input: {
    if (consumerDomain.kind == FusionKind::Loop &&
        isEpilogueOver(consumer, reducedShape(producerDomain)))
      return Decision::allow();
    // Reductions over one space share the nest; reading one's results
    // along the rows of the other is row fusion.
    if (consumerDomain.kind == FusionKind::Input &&
        consumerDomain == producerDomain &&
        (rowFusion || llvm::none_of(uses, [](OpOperand *use) {
           return isa<BroadcastInDimOp>(use->getOwner());
         })))
      return Decision::allow();
    if (rowFusion && consumerDomain.shape == producerDomain.shape &&
        (consumerDomain.kind == FusionKind::Loop ||
         consumerDomain.reducedDims == producerDomain.reducedDims) &&
        isRowFusible(producer, consumer, producerDomain))
      return Decision::allow();
    return Decision::forbid(
        "a reduction is the root of its fusion: its result joins only an "
        "epilogue over that result, a reduction over the same space, or "
        "(row fusion) consumers that read it row by row");
  }
  case FusionKind::Output:
    if (mode != MergeMode::Move)
      return Decision::forbid("a dot_general is fused only into its "
                              "single consumer");
    if (consumerDomain.kind == FusionKind::Loop &&
        consumerDomain.shape == producerDomain.shape &&
        llvm::all_of(uses, [](OpOperand *use) {
          return getFusionRole(use->getOwner()) == FusionRole::Elementwise;
        }))
      return Decision::allow();
    return Decision::forbid("a dot_general takes only an elementwise "
                            "epilogue over its result shape");
  }
  llvm_unreachable("unknown fusion kind");
}

Decision fuse::hlo::isLegalToFuse(Operation *producer, FusionOp consumer,
                                  MergeMode mode, bool rowFusion) {
  using namespace fuse::hlo::detail;
  if (producer->getBlock() != consumer->getBlock())
    return Decision::forbid("it is defined in another block");
  FusionRole role = getFusionRole(producer);
  if (!isa<FusionOp>(producer)) {
    if (role == FusionRole::None)
      return explainUnfusible(producer);
    if (role == FusionRole::Indexing) {
      if (mode == MergeMode::MultiOutput)
        return Decision::forbid("shape ops are duplicated, not extra "
                                "results");
      return Decision::allow();
    }
    if (producer->getNumRegions() != 0) {
      llvm::SetVector<Value> captured;
      getUsedValuesDefinedAbove(producer->getRegions(), captured);
      if (!captured.empty())
        return Decision::forbid(describe(producer) +
                                " uses values from outside its body");
    }
  }
  std::optional<FusionDomain> producerDomain = getProducerDomain(producer);
  std::optional<FusionDomain> consumerDomain = getFusionDomain(consumer);
  if (!producerDomain || !consumerDomain)
    return Decision::forbid("the fusion has no single iteration space");

  if (Decision decision = checkDomains(producer, *producerDomain, consumer,
                                       *consumerDomain, mode, rowFusion);
      !decision)
    return decision;
  if (mode == MergeMode::Duplicate && producerDomain->kind != FusionKind::Loop)
    return Decision::forbid("a reduction or dot_general is never "
                            "duplicated");
  if (mode == MergeMode::MultiOutput) {
    if (producerDomain->kind == FusionKind::Output ||
        consumerDomain->kind == FusionKind::Output)
      return Decision::forbid("a dot_general is fused only into its "
                              "single consumer");
    // An extra result is written by the fused loop nest: it spans the
    // nest's iteration space, or is a reduction's result.
    SmallVector<int64_t> reduced = reducedShape(*producerDomain);
    for (Value result : getResultsUsedOutside(producer, consumer)) {
      SmallVector<int64_t> shape = shapeOf(result);
      if (shape != consumerDomain->shape &&
          !(producerDomain->kind == FusionKind::Input && shape == reduced))
        return Decision::forbid(
            "its result shape differs from the fusion's iteration space, so "
            "it cannot be an extra result");
    }
    Operation *cycleThrough = nullptr;
    if (failed(collectOpsToSink(getUsesOutside(producer, consumer), consumer,
                                cycleThrough)))
      return Decision::forbid("making it an extra result would create a "
                              "cycle through " +
                              describe(cycleThrough));
  }

  return Decision::allow();
}

fuse::hlo::detail::BlockAncestors::BlockAncestors(Operation *op)
    : block(op->getBlock()), beyond({op}), earliest(op) {}

void fuse::hlo::detail::BlockAncestors::visitReads(Operation *op) {
  forEachRead(op, [&](Value value) {
    Operation *definition = value.getDefiningOp();
    Operation *ancestor =
        definition ? block->findAncestorOpInBlock(*definition) : nullptr;
    if (ancestor && ancestor != op && found.insert(ancestor).second)
      beyond.push_back(ancestor);
  });
}

bool fuse::hlo::detail::BlockAncestors::contains(Operation *earlier) {
  if (earlier->isBeforeInBlock(earliest))
    earliest = earlier;
  // Ops before the earliest query cannot lead to it: their reads wait.
  SmallVector<Operation *> waiting;
  while (!beyond.empty()) {
    Operation *op = beyond.pop_back_val();
    if (op->isBeforeInBlock(earliest))
      waiting.push_back(op);
    else
      visitReads(op);
  }
  beyond = std::move(waiting);
  return found.contains(earlier);
}

Decision fuse::hlo::isLegalToMergeSiblings(FusionOp first, FusionOp second) {
  fuse::hlo::detail::BlockAncestors ancestors(second);
  return fuse::hlo::detail::isLegalToMergeSiblings(first, second, ancestors);
}

Decision
fuse::hlo::detail::isLegalToMergeSiblings(FusionOp first, FusionOp second,
                                          BlockAncestors &ancestorsOfSecond) {
  if (first->getBlock() != second->getBlock() ||
      !first->isBeforeInBlock(second))
    return Decision::forbid("siblings must be in one block, in order");
  std::optional<FusionDomain> firstDomain = getFusionDomain(first);
  std::optional<FusionDomain> secondDomain = getFusionDomain(second);
  if (!firstDomain || !secondDomain || !(*firstDomain == *secondDomain) ||
      firstDomain->kind == FusionKind::Output)
    return Decision::forbid("siblings must be loop or input fusions "
                            "over the same iteration space");
  llvm::SmallPtrSet<Value, 8> firstInputs(first.getInputs().begin(),
                                          first.getInputs().end());
  if (!llvm::any_of(second.getInputs(), [&](Value input) {
        return firstInputs.contains(input) && !isRankZero(input);
      }))
    return Decision::forbid("siblings share no input tensor");
  // The merged fusion stands where `second` does: it cannot also feed it.
  if (ancestorsOfSecond.contains(first))
    return Decision::forbid("merging would create a cycle: the later "
                            "sibling depends on the earlier one");
  return Decision::allow();
}
