//===- SplitTensorsLegality.cpp - which splits of a big tensor work -------===//
//
// For each dimension of a start point's iteration space, follows the split
// dimension up through the producers of its big operands and checks that
// every op on the way can be computed slice by slice. Which of the feasible
// dimensions wins is the policy's (SplitTensorsPolicy.cpp).
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/SplitTensors.h"

#include "fuse/Dialect/HLO/IR/DotDimensions.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <cmath>

using namespace mlir;
using namespace fuse::hlo;

//===----------------------------------------------------------------------===//
// Start points
//===----------------------------------------------------------------------===//

namespace {

int64_t getBytes(Value value) { return LiveTensorSchedule::getBytes(value); }

int64_t getDimSize(Value value, int64_t dim) {
  return cast<RankedTensorType>(value.getType()).getDimSize(dim);
}

std::string describeOp(Operation *op) {
  return ("`" + op->getName().getStringRef() + "`").str();
}

/// The dimension of each operand of a product that holds result dimension
/// `dim` (-1: the operand does not vary along it), or the reason it cannot.
Decision mapContractionResultDim(const DotDimensions &dims, int64_t dim,
                                 SmallVector<int64_t> &operandDims) {
  int64_t batch = dims.lhsBatch.size();
  if (dim < batch)
    return Decision::forbid("it is a batch dimension of the product");
  dim -= batch;
  if (dim < static_cast<int64_t>(dims.lhsFree.size())) {
    operandDims = {dims.lhsFree[dim], -1};
    return Decision::allow();
  }
  operandDims = {-1, dims.rhsFree[dim - dims.lhsFree.size()]};
  return Decision::allow();
}

/// The dimensions of `reduce`'s inputs that its results keep, in order.
SmallVector<int64_t> getKeptDims(ReduceOp reduce) {
  SmallVector<int64_t> kept;
  int64_t rank =
      cast<RankedTensorType>(reduce.getInputs()[0].getType()).getRank();
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(reduce.getDimensions(), d))
      kept.push_back(d);
  return kept;
}

/// For `reshape`, the operand dimension that is result dimension `dim`
/// unchanged: same size, and the same number of elements before it.
std::optional<int64_t> mapReshapeDim(ReshapeOp reshape, int64_t dim) {
  ArrayRef<int64_t> to = reshape.getType().getShape();
  ArrayRef<int64_t> from =
      cast<RankedTensorType>(reshape.getOperand().getType()).getShape();
  int64_t before = 1;
  for (int64_t d = 0; d < dim; ++d)
    before *= to[d];
  int64_t fromBefore = 1;
  for (auto [d, size] : llvm::enumerate(from)) {
    if (fromBefore == before && size == to[dim])
      return d;
    if (fromBefore > before)
      break;
    fromBefore *= size;
  }
  return std::nullopt;
}

/// The dimension of each operand of the path op `op` that holds result
/// dimension `dim` (-1: the operand is used whole), or the reason `op`
/// cannot be computed slice by slice along it.
Decision mapPathOpDim(Operation *op, int64_t dim,
                      SmallVector<int64_t> &operandDims) {
  operandDims.assign(op->getNumOperands(), -1);
  if (hasComplexValues(op))
    return Decision::forbid(describeOp(op) +
                            " computes on complex numbers; run "
                            "--split-tensors after --hlo-expand-complex");
  int64_t rank = cast<RankedTensorType>(op->getResult(0).getType()).getRank();
  auto unless = [&](bool touched, StringRef what) {
    if (touched)
      return Decision::forbid(describeOp(op) + " " + what);
    for (auto [i, operand] : llvm::enumerate(op->getOperands()))
      if (cast<RankedTensorType>(operand.getType()).getRank() == rank)
        operandDims[i] = dim;
    return Decision::allow();
  };
  if (op->hasTrait<OpTrait::Elementwise>() ||
      isa<SelectOp, ClampOp, ConvertOp>(op))
    return unless(false, "");
  if (auto broadcast = dyn_cast<BroadcastInDimOp>(op)) {
    ArrayRef<int64_t> dims = broadcast.getBroadcastDimensions();
    auto it = llvm::find(dims, dim);
    // A dimension the broadcast adds or expands from 1 is not in the operand.
    if (it != dims.end() &&
        getDimSize(broadcast.getOperand(), it - dims.begin()) ==
            getDimSize(broadcast, dim))
      operandDims[0] = it - dims.begin();
    return Decision::allow();
  }
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    operandDims[0] = transpose.getPermutation()[dim];
    return Decision::allow();
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    std::optional<int64_t> operandDim = mapReshapeDim(reshape, dim);
    if (!operandDim)
      return Decision::forbid(describeOp(op) +
                              " merges or splits the dimension");
    operandDims[0] = *operandDim;
    return Decision::allow();
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    int64_t operandDim = getKeptDims(reduce)[dim];
    for (unsigned i = 0; i < reduce.getInputs().size(); ++i)
      operandDims[i] = operandDim;
    return Decision::allow();
  }
  if (std::optional<DotDimensions> dims = DotDimensions::get(op)) {
    Decision mapped = mapContractionResultDim(*dims, dim, operandDims);
    if (mapped)
      return mapped;
    return Decision::forbid(describeOp(op) + ": " + mapped.reason());
  }
  if (auto concat = dyn_cast<ConcatenateOp>(op))
    return unless(static_cast<int64_t>(concat.getDimension()) == dim,
                  "concatenates along it");
  if (auto reverse = dyn_cast<ReverseOp>(op))
    return unless(llvm::is_contained(reverse.getDimensions(), dim),
                  "reverses it");
  if (auto pad = dyn_cast<PadOp>(op)) {
    bool padded = pad.getEdgePaddingLow()[dim] != 0 ||
                  pad.getEdgePaddingHigh()[dim] != 0 ||
                  pad.getInteriorPadding()[dim] != 0;
    return unless(padded, "pads it");
  }
  return Decision::forbid(
      describeOp(op) + " cannot be computed slice by slice" +
      (isa<FusionOp>(op) ? "; run --split-tensors before --fuse-elementwise"
                         : ""));
}

} // namespace

bool fuse::hlo::isSliceGenerator(Operation *op) {
  if (isa<IotaOp>(op))
    return true;
  auto constant = dyn_cast<ConstantOp>(op);
  auto dense = constant ? dyn_cast<DenseElementsAttr>(constant.getValue())
                        : DenseElementsAttr();
  return dense && dense.isSplat();
}

namespace {

/// Whether the body of `reduce` gives back one of its operands for each
/// result (through select, maximum and minimum), so that combining a value
/// with itself is the value: the init value may then enter once per slice.
bool isSelectionBody(ReduceOp reduce) {
  Block &body = reduce.getBody().front();
  unsigned count = reduce.getInputs().size();
  auto terminator = body.getTerminator();
  for (auto [index, result] : llvm::enumerate(terminator->getOperands())) {
    SmallVector<Value> worklist{result};
    while (!worklist.empty()) {
      Value value = worklist.pop_back_val();
      if (auto argument = dyn_cast<BlockArgument>(value)) {
        if (argument.getArgNumber() % count != index)
          return false;
        continue;
      }
      Operation *def = value.getDefiningOp();
      if (auto select = dyn_cast<SelectOp>(def)) {
        worklist.append({select.getOnTrue(), select.getOnFalse()});
        continue;
      }
      if (!isa<MaxOp, MinOp>(def))
        return false;
      llvm::append_range(worklist, def->getOperands());
    }
  }
  return true;
}

std::string nameDim(StringRef what, int64_t dim) {
  return (what + " dimension " + Twine(dim)).str();
}

} // namespace

SmallVector<SplitCandidate> fuse::hlo::listSplitCandidates(Operation *start) {
  SmallVector<SplitCandidate> candidates;
  if (std::optional<DotDimensions> dims = DotDimensions::get(start)) {
    int64_t rank =
        cast<RankedTensorType>(start->getResult(0).getType()).getRank();
    for (int64_t d = 0; d < rank; ++d) {
      SplitCandidate candidate{
          {}, SplitCombine::Insert, d, nameDim("result", d)};
      // A batch dimension is not a way to split at all: no reason to give.
      if (mapContractionResultDim(*dims, d, candidate.operandDims))
        candidates.push_back(std::move(candidate));
    }
    for (auto [lhsDim, rhsDim] :
         llvm::zip_equal(dims->lhsContracting, dims->rhsContracting))
      candidates.push_back({{lhsDim, rhsDim},
                            SplitCombine::Accumulate,
                            -1,
                            nameDim("contracting", lhsDim)});
    return candidates;
  }
  auto reduce = cast<ReduceOp>(start);
  unsigned inputs = reduce.getInputs().size();
  auto forInputs = [&](int64_t dim) {
    SmallVector<int64_t> operandDims(reduce->getNumOperands(), -1);
    std::fill_n(operandDims.begin(), inputs, dim);
    return operandDims;
  };
  for (auto [resultDim, dim] : llvm::enumerate(getKeptDims(reduce)))
    candidates.push_back({forInputs(dim), SplitCombine::Insert,
                          static_cast<int64_t>(resultDim),
                          nameDim("result", resultDim)});
  bool combinable = reduce.getReductionKind() || isSelectionBody(reduce);
  for (int64_t dim : reduce.getDimensions()) {
    SplitCandidate candidate{forInputs(dim), SplitCombine::Accumulate, -1,
                             nameDim("reduced", dim)};
    if (!combinable)
      candidate.legality = Decision::forbid(
          "the reduce body is neither a single add, multiply, maximum, "
          "minimum, and or or, nor a selection of its operands, so partial "
          "results cannot be combined");
    candidates.push_back(std::move(candidate));
  }
  return candidates;
}

namespace {

/// Follows one candidate up the producers of the start op's operands.
class PathWalk {
public:
  /// `computedPerSlice`: ops with small results that the walk puts on the
  /// path instead of reading their results as leaves.
  PathWalk(Operation *start, const TensorSplitOptions &options,
           const llvm::SmallPtrSetImpl<Operation *> &computedPerSlice)
      : start(start), options(options), computedPerSlice(computedPerSlice) {}

  /// Builds the plan for `candidate`, or says why it cannot be followed.
  /// When the reason is a reader of a big path tensor whose small results
  /// the path reads as leaves (a softmax's row maximum), that reader is
  /// `needed`: computed per slice, it would not be the reason.
  Decision run(const SplitCandidate &candidate, TensorSplitPlan &plan,
               Operation *&needed);

private:
  Decision visit(Value value, int64_t dim);
  bool readsBigTensor(Operation *op) const {
    return llvm::any_of(op->getOperands(), [&](Value operand) {
      return getBytes(operand) > options.thresholdBytes;
    });
  }
  Decision checkWholeOperands();
  Decision checkUsers(Operation *&needed);
  void chooseSliceSize(TensorSplitPlan &plan);

  Operation *start;
  const TensorSplitOptions &options;
  const llvm::SmallPtrSetImpl<Operation *> &computedPerSlice;
  llvm::MapVector<Value, int64_t> dims;
  llvm::SetVector<Operation *> path;
  // Operands of the start op and of path ops that every slice reads whole.
  llvm::SetVector<Value> wholeOperands;
};

Decision PathWalk::visit(Value value, int64_t dim) {
  auto [it, inserted] = dims.try_emplace(value, dim);
  if (!inserted) {
    if (it->second == dim)
      return Decision::allow();
    return Decision::forbid("a value would be sliced along dimensions " +
                            Twine(it->second) + " and " + Twine(dim));
  }
  Operation *def = value.getDefiningOp();
  // Arguments and values from enclosing blocks are sliced where they are.
  if (!def || def->getBlock() != start->getBlock())
    return Decision::allow();
  bool large = getBytes(value) > options.thresholdBytes;
  if (!large && !isSliceGenerator(def) && !isa<BroadcastInDimOp>(def) &&
      !computedPerSlice.contains(def))
    return Decision::allow();
  if (isSliceGenerator(def)) {
    path.insert(def);
    return Decision::allow();
  }
  // A big literal is sliced like an argument, and so is a slice of an
  // enclosing split (a view, not a copy).
  if (isa<ConstantOp, DynamicSliceOp>(def))
    return Decision::allow();
  SmallVector<int64_t> operandDims;
  if (Decision mapped = mapPathOpDim(def, dim, operandDims); !mapped)
    return Decision::forbid(mapped.reason() + " (a tensor of " +
                            Twine(getBytes(value)) + " bytes)");
  path.insert(def);
  for (Value result : def->getResults())
    dims[result] = dim;
  for (auto [operand, operandDim] :
       llvm::zip_equal(def->getOperands(), operandDims)) {
    if (operandDim < 0) {
      wholeOperands.insert(operand);
      continue;
    }
    if (Decision visited = visit(operand, operandDim); !visited)
      return visited;
  }
  return Decision::allow();
}

Decision PathWalk::checkWholeOperands() {
  for (Value operand : wholeOperands) {
    if (dims.contains(operand))
      return Decision::forbid("a value would be needed both sliced and whole");
    if (getBytes(operand) > options.thresholdBytes)
      return Decision::forbid("every slice would read a tensor of " +
                              Twine(getBytes(operand)) + " bytes whole");
  }
  return Decision::allow();
}

Decision PathWalk::checkUsers(Operation *&needed) {
  auto fits = [&](Value value) {
    return getBytes(value) <= options.thresholdBytes;
  };
  for (Operation *op : path)
    for (Value result : op->getResults()) {
      // A small result of a big tensor used elsewhere would keep that
      // tensor whole too.
      if (fits(result) && !readsBigTensor(op))
        continue;
      for (Operation *user : result.getUsers()) {
        if (user == start || path.contains(user))
          continue;
        if (user->getBlock() == start->getBlock() &&
            user->getNumResults() > 0 &&
            llvm::all_of(user->getResults(), fits) &&
            llvm::any_of(user->getResults(),
                         [&](Value value) { return dims.contains(value); }))
          needed = user;
        return Decision::forbid("the tensor of " + Twine(getBytes(result)) +
                                " bytes from " + describeOp(op) +
                                " is also used by " + describeOp(user) +
                                ", which is not split with it");
      }
    }
  return Decision::allow();
}

void PathWalk::chooseSliceSize(TensorSplitPlan &plan) {
  // Bytes per unit of the split dimension of every tensor a slice holds.
  int64_t unitBytes = 1;
  auto account = [&](Value value, int64_t dim) {
    int64_t size = getDimSize(value, dim);
    if (size > 0)
      unitBytes = std::max(unitBytes, getBytes(value) / size);
  };
  for (auto [value, dim] : dims)
    account(value, dim);
  if (plan.combine == SplitCombine::Insert)
    for (Value result : start->getResults())
      account(result, plan.resultDim);
  plan.sliceSize =
      std::clamp<int64_t>(options.sliceBytes / unitBytes, 1, plan.extent);
  plan.sliceBytes = plan.sliceSize * unitBytes;
}

Decision PathWalk::run(const SplitCandidate &candidate, TensorSplitPlan &plan,
                       Operation *&needed) {
  plan.start = start;
  plan.combine = candidate.combine;
  plan.resultDim = candidate.resultDim;
  plan.extent = 0;
  for (auto [operand, dim] :
       llvm::zip_equal(start->getOperands(), candidate.operandDims)) {
    if (dim < 0) {
      wholeOperands.insert(operand);
      continue;
    }
    plan.extent = getDimSize(operand, dim);
    if (Decision visited = visit(operand, dim); !visited)
      return visited;
  }
  if (plan.extent < 2)
    return Decision::forbid("it has a single element");
  if (Decision whole = checkWholeOperands(); !whole)
    return whole;
  if (Decision users = checkUsers(needed); !users)
    return users;
  plan.dims = dims;
  plan.path = path.takeVector();
  llvm::sort(plan.path,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  chooseSliceSize(plan);
  return Decision::allow();
}

} // namespace

bool fuse::hlo::isSplitStartPoint(Operation *op,
                                  const TensorSplitOptions &options) {
  if (!isa<DotGeneralOp, DotOp, ReduceOp>(op) ||
      isa_and_nonnull<FusionOp>(op->getParentOp()))
    return false;
  auto fits = [&](Value value) {
    return getBytes(value) <= options.thresholdBytes;
  };
  return llvm::all_of(op->getResults(), fits) &&
         !llvm::all_of(op->getOperands(), fits);
}

Decision fuse::hlo::isLegalToSplitAt(Operation *start) {
  // A split would turn the body into a loop of its own; the loop-carried
  // values and the branch results are left whole instead.
  Operation *controlFlow = start->getParentOfType<WhileOp>();
  if (!controlFlow)
    controlFlow = start->getParentOfType<CaseOp>();
  if (controlFlow)
    return Decision::forbid("it is inside `" +
                            controlFlow->getName().getStringRef() +
                            "`, whose regions split-tensors leaves alone");
  return Decision::allow();
}

Decision fuse::hlo::planSplitCandidate(Operation *start,
                                       const SplitCandidate &candidate,
                                       const TensorSplitOptions &options,
                                       TensorSplitPlan &plan) {
  if (!candidate.legality)
    return candidate.legality;
  // A small value computed from a big tensor of the path (a softmax's row
  // maximum and row sum, read back through broadcasts) joins the path when
  // the split needs it, so that the big tensor has no reader outside; the
  // walk then starts over. Otherwise small values stay leaves, computed
  // once before the loop.
  llvm::SmallPtrSet<Operation *, 4> computedPerSlice;
  while (true) {
    Operation *needed = nullptr;
    plan = TensorSplitPlan();
    Decision decision =
        PathWalk(start, options, computedPerSlice).run(candidate, plan, needed);
    if (decision || !needed || !computedPerSlice.insert(needed).second)
      return decision;
  }
}
