//===- CollectiveOps.cpp - the ops between the devices of a program -------===//
//
// The shape rules of the collectives (docs/HLO.md, C1, C2, ...): their
// groups, the dimension they gather, scatter or split, and the computation
// that combines two elements.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/ReplicaGroups.h"

#include "llvm/ADT/SmallSet.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// C1 of every op with groups.
LogicalResult verifyGroups(Operation *op, DenseIntElementsAttr groups) {
  return verifyReplicaGroups(groups, [op] { return op->emitOpError(); });
}

/// The computation takes two rank-0 tensors of `operand`'s element type and
/// returns one.
LogicalResult verifyCombiner(Operation *op, Region &computation, Type operand) {
  auto scalar = RankedTensorType::get(
      {}, cast<RankedTensorType>(operand).getElementType());
  Block &block = computation.front();
  if (block.getArgumentTypes() != TypeRange{scalar, scalar})
    return op->emitOpError("computation must take two ")
           << scalar << ", not " << block.getArgumentTypes();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getResults().getTypes() != TypeRange{scalar})
    return op->emitOpError("computation must return one ") << scalar;
  return success();
}

/// `dimension` is a dimension of `type`.
LogicalResult verifyDimension(Operation *op, StringRef name, int64_t dimension,
                              RankedTensorType type) {
  if (dimension < 0 || dimension >= type.getRank())
    return op->emitOpError()
           << name << " " << dimension << " is not a dimension of " << type;
  return success();
}

/// `result` is `operand` with dimension `dimension` multiplied by the group
/// size (all_gather), or divided by it (reduce_scatter). One group of every
/// device has a size known only when the program runs: then the sizes need
/// only divide.
LogicalResult verifyScaledDimension(Operation *op, RankedTensorType operand,
                                    RankedTensorType result, int64_t dimension,
                                    DenseIntElementsAttr groups, bool gathers) {
  if (operand.getElementType() != result.getElementType() ||
      operand.getRank() != result.getRank())
    return op->emitOpError("result must have the operand's rank and element "
                           "type");
  for (int64_t dim = 0; dim < operand.getRank(); ++dim)
    if (dim != dimension && operand.getDimSize(dim) != result.getDimSize(dim))
      return op->emitOpError()
             << "result differs from the operand in dimension " << dim
             << ", which is not dimension " << dimension;
  int64_t small =
      gathers ? operand.getDimSize(dimension) : result.getDimSize(dimension);
  int64_t large =
      gathers ? result.getDimSize(dimension) : operand.getDimSize(dimension);
  std::optional<int64_t> size = getUniformGroupSize(groups);
  if (!getReplicaGroups(groups).empty() && !size)
    return op->emitOpError("groups must all have the same size");
  if (size ? large != small * *size
           : (small == 0 ? large != 0 : large % small != 0))
    return op->emitOpError()
           << "dimension " << dimension << " is " << large << " on the "
           << (gathers ? "result" : "operand") << " and " << small << " on the "
           << (gathers ? "operand" : "result")
           << (size ? ", not a factor of the group size " + Twine(*size)
                    : Twine(", not a multiple"));
  return success();
}

/// C1-C5 of all_gather (`gathers`) and reduce_scatter.
template <typename Op> LogicalResult verifyAlongDimension(Op op, bool gathers) {
  if (failed(verifyGroups(op, op.getGroups())))
    return failure();
  auto operand = cast<RankedTensorType>(op.getOperand().getType());
  if (failed(verifyDimension(op, "dim", op.getDimension(), operand)))
    return failure();
  return verifyScaledDimension(op, operand,
                               cast<RankedTensorType>(op.getResult().getType()),
                               op.getDimension(), op.getGroups(), gathers);
}

} // namespace

LogicalResult AllReduceOp::verify() { return verifyGroups(*this, getGroups()); }

LogicalResult AllReduceOp::verifyRegions() {
  return verifyCombiner(*this, getComputation(), getOperand().getType());
}

LogicalResult AllGatherOp::verify() {
  return verifyAlongDimension(*this, /*gathers=*/true);
}

LogicalResult ReduceScatterOp::verify() {
  return verifyAlongDimension(*this, /*gathers=*/false);
}

LogicalResult ReduceScatterOp::verifyRegions() {
  return verifyCombiner(*this, getComputation(), getOperand().getType());
}

LogicalResult AllToAllOp::verify() {
  if (failed(verifyGroups(*this, getGroups())))
    return failure();
  auto operand = cast<RankedTensorType>(getOperand().getType());
  auto result = cast<RankedTensorType>(getResult().getType());
  int64_t split = getSplitDimension(), concat = getConcatDimension();
  if (failed(verifyDimension(*this, "split_dim", split, operand)) ||
      failed(verifyDimension(*this, "concat_dim", concat, operand)))
    return failure();
  if (operand.getElementType() != result.getElementType() ||
      operand.getRank() != result.getRank())
    return emitOpError("result must have the operand's rank and element type");
  std::optional<int64_t> size = getUniformGroupSize(getGroups());
  if (!size)
    return emitOpError("groups must name the devices, all groups of one size");
  SmallVector<int64_t> expected(operand.getShape());
  if (expected[split] % *size != 0)
    return emitOpError() << "split_dim " << split << " has " << expected[split]
                         << " elements, not a multiple of "
                         << "the group size " << *size;
  expected[split] /= *size;
  expected[concat] *= *size;
  if (result.getShape() != ArrayRef<int64_t>(expected))
    return emitOpError() << "result must be "
                         << RankedTensorType::get(expected,
                                                  operand.getElementType());
  return success();
}

LogicalResult CollectivePermuteOp::verify() {
  auto type = cast<RankedTensorType>(getPairs().getType());
  if (type.getDimSize(1) != 2)
    return emitOpError("pairs must be an Nx2 tensor of (source, target)");
  SmallVector<int64_t> ids(getPairs().getValues<int64_t>());
  llvm::SmallSet<int64_t, 16> sources, targets;
  for (size_t i = 0; i < ids.size(); i += 2) {
    if (ids[i] < 0 || ids[i + 1] < 0)
      return emitOpError("pairs holds a negative device id");
    if (!sources.insert(ids[i]).second)
      return emitOpError() << "device " << ids[i] << " is the source of two "
                           << "pairs";
    if (!targets.insert(ids[i + 1]).second)
      return emitOpError() << "device " << ids[i + 1]
                           << " is the target of two pairs";
  }
  return success();
}
