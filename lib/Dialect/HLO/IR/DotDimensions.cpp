//===- DotDimensions.cpp - the dimension numbers of a product -------------===//

#include "fuse/Dialect/HLO/IR/DotDimensions.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

/// The dimensions below `rank` that are neither in `batch` nor in
/// `contracting`.
static SmallVector<int64_t> getFreeDims(int64_t rank, ArrayRef<int64_t> batch,
                                        ArrayRef<int64_t> contracting) {
  SmallVector<int64_t> free;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!llvm::is_contained(batch, dim) &&
        !llvm::is_contained(contracting, dim))
      free.push_back(dim);
  return free;
}

std::optional<DotDimensions> DotDimensions::get(Operation *op) {
  if (!op || op->getNumOperands() != 2)
    return std::nullopt;
  auto lhsType = dyn_cast<RankedTensorType>(op->getOperand(0).getType());
  auto rhsType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!lhsType || !rhsType)
    return std::nullopt;
  DotDimensions dims;
  if (auto dot = dyn_cast<DotGeneralOp>(op)) {
    llvm::append_range(dims.lhsBatch, dot.getLhsBatchingDimensions());
    llvm::append_range(dims.rhsBatch, dot.getRhsBatchingDimensions());
    llvm::append_range(dims.lhsContracting, dot.getLhsContractingDimensions());
    llvm::append_range(dims.rhsContracting, dot.getRhsContractingDimensions());
  } else if (isa<DotOp>(op)) {
    dims.lhsContracting = {lhsType.getRank() - 1};
    dims.rhsContracting = {0};
  } else {
    return std::nullopt;
  }
  dims.lhsFree =
      getFreeDims(lhsType.getRank(), dims.lhsBatch, dims.lhsContracting);
  dims.rhsFree =
      getFreeDims(rhsType.getRank(), dims.rhsBatch, dims.rhsContracting);
  return dims;
}
