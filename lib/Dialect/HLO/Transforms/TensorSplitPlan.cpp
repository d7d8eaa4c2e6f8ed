//===- TensorSplitPlan.cpp - where and how to split a big tensor ----------===//
//
// For each dimension of a start point's iteration space, follows the split
// dimension up through the producers of its big operands and checks that
// every op on the way can be computed slice by slice. The feasible
// dimension with the fewest slices wins.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/TensorSplitting.h"

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

/// The dimension numbers of a matrix product, for dot_general and dot.
struct ContractionDims {
  SmallVector<int64_t> lhsBatch, rhsBatch, lhsContracting, rhsContracting;
  SmallVector<int64_t> lhsFree, rhsFree;
};

std::optional<ContractionDims> getContractionDims(Operation *op) {
  ContractionDims dims;
  int64_t lhsRank, rhsRank;
  if (auto dot = dyn_cast<DotGeneralOp>(op)) {
    llvm::append_range(dims.lhsBatch, dot.getLhsBatchingDimensions());
    llvm::append_range(dims.rhsBatch, dot.getRhsBatchingDimensions());
    llvm::append_range(dims.lhsContracting, dot.getLhsContractingDimensions());
    llvm::append_range(dims.rhsContracting, dot.getRhsContractingDimensions());
    lhsRank = dot.getLhs().getType().getRank();
    rhsRank = dot.getRhs().getType().getRank();
  } else if (auto dot = dyn_cast<DotOp>(op)) {
    lhsRank = dot.getLhs().getType().getRank();
    rhsRank = dot.getRhs().getType().getRank();
    dims.lhsContracting = {lhsRank - 1};
    dims.rhsContracting = {0};
  } else {
    return std::nullopt;
  }
  for (int64_t d = 0; d < lhsRank; ++d)
    if (!llvm::is_contained(dims.lhsBatch, d) &&
        !llvm::is_contained(dims.lhsContracting, d))
      dims.lhsFree.push_back(d);
  for (int64_t d = 0; d < rhsRank; ++d)
    if (!llvm::is_contained(dims.rhsBatch, d) &&
        !llvm::is_contained(dims.rhsContracting, d))
      dims.rhsFree.push_back(d);
  return dims;
}

/// The dimension of each operand of a product that holds result dimension
/// `dim` (-1: the operand does not vary along it), or the reason it cannot.
LogicalResult mapContractionResultDim(const ContractionDims &dims, int64_t dim,
                                      SmallVector<int64_t> &operandDims,
                                      std::string &reason) {
  int64_t batch = dims.lhsBatch.size();
  if (dim < batch) {
    reason = "it is a batch dimension of the product";
    return failure();
  }
  dim -= batch;
  if (dim < static_cast<int64_t>(dims.lhsFree.size())) {
    operandDims = {dims.lhsFree[dim], -1};
    return success();
  }
  operandDims = {-1, dims.rhsFree[dim - dims.lhsFree.size()]};
  return success();
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
LogicalResult mapPathOpDim(Operation *op, int64_t dim,
                           SmallVector<int64_t> &operandDims,
                           std::string &reason) {
  operandDims.assign(op->getNumOperands(), -1);
  int64_t rank = cast<RankedTensorType>(op->getResult(0).getType()).getRank();
  auto unless = [&](bool touched, StringRef what) {
    if (!touched) {
      for (auto [i, operand] : llvm::enumerate(op->getOperands()))
        if (cast<RankedTensorType>(operand.getType()).getRank() == rank)
          operandDims[i] = dim;
      return success();
    }
    reason = (describeOp(op) + " " + what).str();
    return failure();
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
    return success();
  }
  if (auto transpose = dyn_cast<TransposeOp>(op)) {
    operandDims[0] = transpose.getPermutation()[dim];
    return success();
  }
  if (auto reshape = dyn_cast<ReshapeOp>(op)) {
    std::optional<int64_t> operandDim = mapReshapeDim(reshape, dim);
    if (!operandDim) {
      reason = describeOp(op) + " merges or splits the dimension";
      return failure();
    }
    operandDims[0] = *operandDim;
    return success();
  }
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    int64_t operandDim = getKeptDims(reduce)[dim];
    for (unsigned i = 0; i < reduce.getInputs().size(); ++i)
      operandDims[i] = operandDim;
    return success();
  }
  if (std::optional<ContractionDims> dims = getContractionDims(op)) {
    if (succeeded(mapContractionResultDim(*dims, dim, operandDims, reason)))
      return success();
    reason = describeOp(op) + ": " + reason;
    return failure();
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
  reason = describeOp(op) + " cannot be computed slice by slice";
  if (isa<FusionOp>(op))
    reason += "; run --split-tensors before --fuse-elementwise";
  return failure();
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

/// One way to split a start point: the dimension of each operand, and how
/// results combine.
struct Candidate {
  SmallVector<int64_t> operandDims;
  SplitCombine combine;
  int64_t resultDim = -1;
  std::string name;
};

std::string nameDim(StringRef what, int64_t dim) {
  return (what + " dimension " + Twine(dim)).str();
}

/// The ways to split `start`, each feasible as far as the start op goes;
/// `reasons` collects why the others are not.
SmallVector<Candidate> listCandidates(Operation *start,
                                      SmallVector<std::string> &reasons) {
  SmallVector<Candidate> candidates;
  if (std::optional<ContractionDims> dims = getContractionDims(start)) {
    int64_t rank =
        cast<RankedTensorType>(start->getResult(0).getType()).getRank();
    for (int64_t d = 0; d < rank; ++d) {
      Candidate candidate{{}, SplitCombine::Insert, d, nameDim("result", d)};
      std::string reason;
      if (succeeded(
              mapContractionResultDim(*dims, d, candidate.operandDims, reason)))
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
    if (!combinable) {
      reasons.push_back(
          nameDim("reduced", dim) +
          ": the reduce body is neither a single add, multiply, maximum, "
          "minimum, and or or, nor a selection of its operands, so partial "
          "results cannot be combined");
      continue;
    }
    candidates.push_back({forInputs(dim), SplitCombine::Accumulate, -1,
                          nameDim("reduced", dim)});
  }
  return candidates;
}

/// Follows one candidate up the producers of the start op's operands.
class PathWalk {
public:
  PathWalk(Operation *start, const TensorSplitOptions &options)
      : start(start), options(options) {}

  /// Builds the plan for `candidate`, or returns failure with `reason`.
  LogicalResult run(const Candidate &candidate, TensorSplitPlan &plan);

  std::string reason;

private:
  LogicalResult visit(Value value, int64_t dim);
  LogicalResult checkWholeOperands();
  LogicalResult checkUsers();
  void chooseSliceSize(TensorSplitPlan &plan);

  Operation *start;
  const TensorSplitOptions &options;
  llvm::MapVector<Value, int64_t> dims;
  llvm::SetVector<Operation *> path;
  // Operands of the start op and of path ops that every slice reads whole.
  llvm::SetVector<Value> wholeOperands;
};

LogicalResult PathWalk::visit(Value value, int64_t dim) {
  auto [it, inserted] = dims.try_emplace(value, dim);
  if (!inserted) {
    if (it->second == dim)
      return success();
    reason = "a value would be sliced along dimensions " +
             std::to_string(it->second) + " and " + std::to_string(dim);
    return failure();
  }
  Operation *def = value.getDefiningOp();
  // Arguments and values from enclosing blocks are sliced where they are.
  if (!def || def->getBlock() != start->getBlock())
    return success();
  bool large = getBytes(value) > options.thresholdBytes;
  if (!large && !isSliceGenerator(def) && !isa<BroadcastInDimOp>(def))
    return success();
  if (isSliceGenerator(def)) {
    path.insert(def);
    return success();
  }
  // A big literal is sliced like an argument, and so is a slice of an
  // enclosing split (a view, not a copy).
  if (isa<ConstantOp, DynamicSliceOp>(def))
    return success();
  SmallVector<int64_t> operandDims;
  if (failed(mapPathOpDim(def, dim, operandDims, reason))) {
    reason += " (a tensor of " + std::to_string(getBytes(value)) + " bytes)";
    return failure();
  }
  path.insert(def);
  for (Value result : def->getResults())
    dims[result] = dim;
  for (auto [operand, operandDim] :
       llvm::zip_equal(def->getOperands(), operandDims)) {
    if (operandDim < 0) {
      wholeOperands.insert(operand);
      continue;
    }
    if (failed(visit(operand, operandDim)))
      return failure();
  }
  return success();
}

LogicalResult PathWalk::checkWholeOperands() {
  for (Value operand : wholeOperands) {
    if (dims.contains(operand)) {
      reason = "a value would be needed both sliced and whole";
      return failure();
    }
    if (getBytes(operand) > options.thresholdBytes) {
      reason = "every slice would read a tensor of " +
               std::to_string(getBytes(operand)) + " bytes whole";
      return failure();
    }
  }
  return success();
}

LogicalResult PathWalk::checkUsers() {
  for (Operation *op : path)
    for (Value result : op->getResults()) {
      if (getBytes(result) <= options.thresholdBytes)
        continue;
      for (Operation *user : result.getUsers())
        if (user != start && !path.contains(user)) {
          reason = "the tensor of " + std::to_string(getBytes(result)) +
                   " bytes from " + describeOp(op) + " is also used by " +
                   describeOp(user) + ", which is not split with it";
          return failure();
        }
    }
  return success();
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

LogicalResult PathWalk::run(const Candidate &candidate, TensorSplitPlan &plan) {
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
    if (failed(visit(operand, dim)))
      return failure();
  }
  if (plan.extent < 2) {
    reason = "it has a single element";
    return failure();
  }
  if (failed(checkWholeOperands()) || failed(checkUsers()))
    return failure();
  plan.dims = dims;
  plan.path = path.takeVector();
  llvm::sort(plan.path,
             [](Operation *a, Operation *b) { return a->isBeforeInBlock(b); });
  chooseSliceSize(plan);
  return success();
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

std::optional<TensorSplitPlan>
fuse::hlo::planTensorSplit(Operation *start, const TensorSplitOptions &options,
                           std::string &reason) {
  // A split would turn the body into a loop of its own; the loop-carried
  // values and the branch results are left whole instead.
  Operation *controlFlow = start->getParentOfType<WhileOp>();
  if (!controlFlow)
    controlFlow = start->getParentOfType<CaseOp>();
  if (controlFlow) {
    reason = "it is inside `" + controlFlow->getName().getStringRef().str() +
             "`, whose regions split-tensors leaves alone";
    return std::nullopt;
  }
  SmallVector<std::string> reasons;
  std::optional<TensorSplitPlan> best;
  auto slices = [](const TensorSplitPlan &plan) {
    return (plan.extent + plan.sliceSize - 1) / plan.sliceSize;
  };
  for (const Candidate &candidate : listCandidates(start, reasons)) {
    PathWalk walk(start, options);
    TensorSplitPlan plan;
    if (failed(walk.run(candidate, plan))) {
      reasons.push_back(candidate.name + ": " + walk.reason);
      continue;
    }
    // Fewer slices first; a slice over the threshold only as a last resort
    // (a later split of the loop body takes it further).
    auto key = [&](const TensorSplitPlan &p) {
      return std::make_tuple(p.sliceBytes > options.sliceBytes, slices(p),
                             p.combine == SplitCombine::Accumulate);
    };
    if (!best || key(plan) < key(*best))
      best = std::move(plan);
  }
  if (!best) {
    reason = llvm::join(reasons, "; ");
    if (reason.empty())
      reason = "it has no dimension to split";
  }
  return best;
}
