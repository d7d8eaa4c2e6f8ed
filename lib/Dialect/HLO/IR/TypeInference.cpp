//===- TypeInference.cpp - hlo shape rules --------------------------------===//
//
// Each check cites the constraint of docs/HLO.md it enforces.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/TypeInference.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallSet.h"
#include "llvm/Support/CheckedArithmetic.h"

using namespace mlir;

namespace fuse::hlo {
namespace {

/// Emits "'hlo.<op>' op <message>" at the op's location, if one is given,
/// so that messages from inference read like those of op verifiers.
struct Reporter {
  OptionalLoc loc;
  StringRef opName;

  template <typename... Args> LogicalResult operator()(Args &&...args) const {
    return emitOptionalError(loc, "'hlo.", opName, "' op ",
                             std::forward<Args>(args)...);
  }
};

/// Checks that each of `lists` has one entry per dimension of a rank-`rank`
/// operand. `what` names the lists in the diagnostic.
LogicalResult verifyOneEntryPerDim(const Reporter &report,
                                   ArrayRef<ArrayRef<int64_t>> lists,
                                   int64_t rank, StringRef what) {
  if (llvm::any_of(lists, [&](ArrayRef<int64_t> list) {
        return static_cast<int64_t>(list.size()) != rank;
      }))
    return report(what, " need one entry per operand dimension (", rank, ")");
  return success();
}

/// Checks the start indices of a dynamic slice or update: one scalar per
/// dimension of a rank-`rank` operand (1 or more), all of one type.
LogicalResult verifyStartIndices(const Reporter &report, TypeRange startIndices,
                                 int64_t rank) {
  if (rank == 0 || static_cast<int64_t>(startIndices.size()) != rank)
    return report("needs one start index per dimension of an "
                  "operand of rank 1 or more, got ",
                  startIndices.size(), " for rank ", rank);
  if (!llvm::all_equal(startIndices))
    return report("start indices must all have one type");
  return success();
}

/// Checks that every entry of `dims` is a dimension of a rank-`rank` tensor
/// and that none repeats. `what` names the list in the diagnostic.
LogicalResult verifyDimensionList(const Reporter &report,
                                  ArrayRef<int64_t> dims, int64_t rank,
                                  StringRef what) {
  llvm::SmallSet<int64_t, 8> seen;
  for (int64_t dim : dims) {
    if (dim < 0 || dim >= rank)
      return report(what, " has ", dim, ", which is not a dimension of rank ",
                    rank);
    if (!seen.insert(dim).second)
      return report(what, " repeats dimension ", dim);
  }
  return success();
}

/// A rank-0 tensor type with the given element type.
RankedTensorType scalarOf(Type elementType) {
  return RankedTensorType::get({}, elementType);
}

} // namespace

LogicalResult verifyIota(OptionalLoc loc, RankedTensorType result,
                         int64_t iotaDimension) {
  Reporter report{loc, "iota"};
  // C1
  if (result.getRank() == 0)
    return report("iota needs a result of rank 1 or more");
  if (iotaDimension < 0 || iotaDimension >= result.getRank())
    return report("iota_dimension ", iotaDimension,
                  " is not a dimension of rank ", result.getRank());
  return success();
}

LogicalResult verifySelect(OptionalLoc loc, RankedTensorType pred,
                           RankedTensorType onTrue) {
  Reporter report{loc, "select"};
  // C1
  if (pred.getRank() != 0 && pred.getShape() != onTrue.getShape())
    return report("pred of shape ", pred,
                  " must be rank 0 or have the shape of ", onTrue);
  return success();
}

LogicalResult verifyClamp(OptionalLoc loc, RankedTensorType min,
                          RankedTensorType operand, RankedTensorType max) {
  Reporter report{loc, "clamp"};
  for (auto [bound, name] : {std::pair(min, "min"), std::pair(max, "max")}) {
    // C1, C2
    if (bound.getRank() != 0 && bound.getShape() != operand.getShape())
      return report(name, " of type ", bound,
                    " must be rank 0 or have the shape of ", operand);
    // C3
    if (bound.getElementType() != operand.getElementType())
      return report(name, " element type ", bound.getElementType(),
                    " differs from the operand's ", operand.getElementType());
  }
  return success();
}

LogicalResult verifyBroadcastInDim(OptionalLoc loc, RankedTensorType operand,
                                   ArrayRef<int64_t> dims,
                                   RankedTensorType result) {
  Reporter report{loc, "broadcast_in_dim"};
  // C1
  if (operand.getElementType() != result.getElementType())
    return report("operand element type ", operand.getElementType(),
                  " differs from the result's ", result.getElementType());
  // C2
  if (static_cast<int64_t>(dims.size()) != operand.getRank())
    return report("broadcast_dimensions has ", dims.size(),
                  " entries for an operand of rank ", operand.getRank());
  // C3, C4
  if (failed(verifyDimensionList(report, dims, result.getRank(),
                                 "broadcast_dimensions")))
    return failure();
  // C5
  for (auto [operandDim, resultDim] : llvm::enumerate(dims)) {
    int64_t size = operand.getDimSize(operandDim);
    if (size != 1 && size != result.getDimSize(resultDim))
      return report("operand dimension ", operandDim, " of size ", size,
                    " cannot be broadcast to result dimension ", resultDim,
                    " of size ", result.getDimSize(resultDim));
  }
  return success();
}

LogicalResult verifyReshape(OptionalLoc loc, RankedTensorType operand,
                            RankedTensorType result) {
  Reporter report{loc, "reshape"};
  // C1
  if (operand.getElementType() != result.getElementType())
    return report("operand element type ", operand.getElementType(),
                  " differs from the result's ", result.getElementType());
  // C2
  if (operand.getNumElements() != result.getNumElements())
    return report("cannot reshape ", operand.getNumElements(),
                  " elements into ", result.getNumElements());
  return success();
}

FailureOr<RankedTensorType> inferTranspose(OptionalLoc loc,
                                           RankedTensorType operand,
                                           ArrayRef<int64_t> permutation) {
  Reporter report{loc, "transpose"};
  // C1
  if (static_cast<int64_t>(permutation.size()) != operand.getRank())
    return report("permutation has ", permutation.size(),
                  " entries for an operand of rank ", operand.getRank());
  if (failed(verifyDimensionList(report, permutation, operand.getRank(),
                                 "permutation")))
    return failure();
  // C2
  SmallVector<int64_t> shape;
  for (int64_t dim : permutation)
    shape.push_back(operand.getDimSize(dim));
  return RankedTensorType::get(shape, operand.getElementType());
}

FailureOr<RankedTensorType>
inferSlice(OptionalLoc loc, RankedTensorType operand, ArrayRef<int64_t> starts,
           ArrayRef<int64_t> limits, ArrayRef<int64_t> strides) {
  Reporter report{loc, "slice"};
  int64_t rank = operand.getRank();
  // C1
  if (failed(verifyOneEntryPerDim(report, {starts, limits, strides}, rank,
                                  "start_indices, limit_indices and strides")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    // C2
    if (starts[d] < 0 || starts[d] > limits[d] ||
        limits[d] > operand.getDimSize(d))
      return report("slice [", starts[d], ", ", limits[d], ") of dimension ", d,
                    " is outside its size ", operand.getDimSize(d));
    // C3
    if (strides[d] <= 0)
      return report("stride ", strides[d], " of dimension ", d,
                    " must be positive");
    // C4
    shape.push_back(llvm::divideCeil(limits[d] - starts[d], strides[d]));
  }
  return RankedTensorType::get(shape, operand.getElementType());
}

FailureOr<RankedTensorType> inferDynamicSlice(OptionalLoc loc,
                                              RankedTensorType operand,
                                              TypeRange startIndices,
                                              ArrayRef<int64_t> sliceSizes) {
  Reporter report{loc, "dynamic_slice"};
  int64_t rank = operand.getRank();
  // C1, C2
  if (failed(verifyStartIndices(report, startIndices, rank)))
    return failure();
  // C3
  if (static_cast<int64_t>(sliceSizes.size()) != rank)
    return report("slice_sizes has ", sliceSizes.size(),
                  " entries for an operand of rank ", rank);
  // C4
  for (int64_t d = 0; d < rank; ++d)
    if (sliceSizes[d] < 0 || sliceSizes[d] > operand.getDimSize(d))
      return report("slice size ", sliceSizes[d], " of dimension ", d,
                    " is not in [0, ", operand.getDimSize(d), "]");
  return RankedTensorType::get(sliceSizes, operand.getElementType());
}

LogicalResult verifyDynamicUpdateSlice(OptionalLoc loc,
                                       RankedTensorType operand,
                                       RankedTensorType update,
                                       TypeRange startIndices) {
  Reporter report{loc, "dynamic_update_slice"};
  int64_t rank = operand.getRank();
  // C1
  if (update.getRank() != rank ||
      update.getElementType() != operand.getElementType())
    return report("update ", update, " must have the rank and element type of ",
                  operand);
  // C2
  for (int64_t d = 0; d < rank; ++d)
    if (update.getDimSize(d) > operand.getDimSize(d))
      return report("update dimension ", d, " of size ", update.getDimSize(d),
                    " exceeds the operand's ", operand.getDimSize(d));
  // C3
  return verifyStartIndices(report, startIndices, rank);
}

FailureOr<RankedTensorType> inferConcatenate(OptionalLoc loc, TypeRange inputs,
                                             int64_t dimension) {
  Reporter report{loc, "concatenate"};
  // C1
  if (inputs.empty())
    return report("needs at least one input");
  auto first = cast<RankedTensorType>(inputs.front());
  // C3
  if (dimension < 0 || dimension >= first.getRank())
    return report("dimension ", dimension, " is not a dimension of rank ",
                  first.getRank());
  SmallVector<int64_t> shape(first.getShape());
  shape[dimension] = 0;
  for (auto [index, type] : llvm::enumerate(inputs)) {
    auto input = cast<RankedTensorType>(type);
    // C2
    if (input.getRank() != first.getRank() ||
        input.getElementType() != first.getElementType())
      return report("input ", index, " of type ", input,
                    " must have the rank and element type of ", first);
    // C4
    for (int64_t d = 0; d < first.getRank(); ++d)
      if (d != dimension && input.getDimSize(d) != first.getDimSize(d))
        return report("input ", index, " has size ", input.getDimSize(d),
                      " in dimension ", d, " where input 0 has ",
                      first.getDimSize(d));
    shape[dimension] += input.getDimSize(dimension);
  }
  return RankedTensorType::get(shape, first.getElementType());
}

FailureOr<RankedTensorType> inferPad(OptionalLoc loc, RankedTensorType operand,
                                     RankedTensorType paddingValue,
                                     ArrayRef<int64_t> low,
                                     ArrayRef<int64_t> high,
                                     ArrayRef<int64_t> interior) {
  Reporter report{loc, "pad"};
  // C1
  if (paddingValue != scalarOf(operand.getElementType()))
    return report("padding_value must be a rank-0 tensor of ",
                  operand.getElementType(), ", got ", paddingValue);
  int64_t rank = operand.getRank();
  // C2
  if (failed(verifyOneEntryPerDim(report, {low, high, interior}, rank,
                                  "low, high and interior padding")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < rank; ++d) {
    // C3
    if (interior[d] < 0)
      return report("interior padding ", interior[d], " of dimension ", d,
                    " is negative");
    // C4, computed with overflow checks: padding amounts are user input.
    int64_t size = operand.getDimSize(d);
    std::optional<int64_t> interiorTotal =
        llvm::checkedMul(std::max<int64_t>(size - 1, 0), interior[d]);
    std::optional<int64_t> edges = llvm::checkedAdd(low[d], high[d]);
    std::optional<int64_t> withInterior =
        interiorTotal ? llvm::checkedAdd(size, *interiorTotal) : std::nullopt;
    std::optional<int64_t> padded =
        withInterior && edges ? llvm::checkedAdd(*withInterior, *edges)
                              : std::nullopt;
    if (!padded)
      return report("padding overflows the size of dimension ", d);
    if (*padded < 0)
      return report("padding leaves dimension ", d, " with negative size ",
                    *padded);
    shape.push_back(*padded);
  }
  return RankedTensorType::get(shape, operand.getElementType());
}

LogicalResult verifyReverse(OptionalLoc loc, RankedTensorType operand,
                            ArrayRef<int64_t> dims) {
  Reporter report{loc, "reverse"};
  // C1
  return verifyDimensionList(report, dims, operand.getRank(), "dimensions");
}

LogicalResult inferReduce(OptionalLoc loc, TypeRange inputs,
                          TypeRange initValues, ArrayRef<int64_t> dims,
                          SmallVectorImpl<Type> &results) {
  Reporter report{loc, "reduce"};
  // C1
  if (inputs.empty() || inputs.size() != initValues.size())
    return report("needs as many init values as inputs (and "
                  "at least one), got ",
                  inputs.size(), " inputs and ", initValues.size(),
                  " init values");
  auto first = cast<RankedTensorType>(inputs.front());
  for (auto [index, pair] :
       llvm::enumerate(llvm::zip_equal(inputs, initValues))) {
    auto input = cast<RankedTensorType>(std::get<0>(pair));
    auto init = cast<RankedTensorType>(std::get<1>(pair));
    // C2
    if (input.getShape() != first.getShape())
      return report("input ", index, " of type ", input,
                    " must have the shape of input 0, ", first);
    // C3
    if (init != scalarOf(input.getElementType()))
      return report("init value ", index, " must be a rank-0 tensor of ",
                    input.getElementType(), ", got ", init);
  }
  // C4
  if (failed(verifyDimensionList(report, dims, first.getRank(), "dimensions")))
    return failure();
  SmallVector<int64_t> shape;
  for (int64_t d = 0; d < first.getRank(); ++d)
    if (!llvm::is_contained(dims, d))
      shape.push_back(first.getDimSize(d));
  // C7
  for (Type init : initValues)
    results.push_back(RankedTensorType::get(
        shape, cast<RankedTensorType>(init).getElementType()));
  return success();
}

LogicalResult verifyReduceBody(OptionalLoc loc, TypeRange initValues,
                               TypeRange blockArguments,
                               TypeRange returnedTypes) {
  Reporter report{loc, "reduce"};
  size_t n = initValues.size();
  // C5
  if (blockArguments.size() != 2 * n)
    return report("body takes ", blockArguments.size(), " arguments; it needs ",
                  2 * n, " (the accumulators, then the elements)");
  for (size_t i = 0; i < 2 * n; ++i)
    if (blockArguments[i] != initValues[i % n])
      return report("body argument ", i, " has type ", blockArguments[i],
                    ", expected ", initValues[i % n]);
  // C6
  if (TypeRange(returnedTypes) != initValues)
    return report("body returns (", returnedTypes,
                  ") where the init values are (", initValues, ")");
  return success();
}

/// The rules of dot_general, reported as those of the op `report` names.
static FailureOr<RankedTensorType> inferContraction(
    const Reporter &report, RankedTensorType lhs, RankedTensorType rhs,
    ArrayRef<int64_t> lhsBatching, ArrayRef<int64_t> rhsBatching,
    ArrayRef<int64_t> lhsContracting, ArrayRef<int64_t> rhsContracting) {
  // C1
  if (lhsBatching.size() != rhsBatching.size())
    return report("lhs has ", lhsBatching.size(),
                  " batching dimensions but rhs has ", rhsBatching.size());
  // C2
  if (lhsContracting.size() != rhsContracting.size())
    return report("lhs has ", lhsContracting.size(),
                  " contracting dimensions but rhs has ",
                  rhsContracting.size());
  // C3
  SmallVector<int64_t> lhsUsed(lhsBatching), rhsUsed(rhsBatching);
  llvm::append_range(lhsUsed, lhsContracting);
  llvm::append_range(rhsUsed, rhsContracting);
  if (failed(verifyDimensionList(report, lhsUsed, lhs.getRank(),
                                 "lhs batching and contracting dimensions")) ||
      failed(verifyDimensionList(report, rhsUsed, rhs.getRank(),
                                 "rhs batching and contracting dimensions")))
    return failure();
  // C4
  for (auto [l, r] : llvm::zip_equal(lhsBatching, rhsBatching))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return report("batching dimension sizes differ: lhs ", l, " has ",
                    lhs.getDimSize(l), ", rhs ", r, " has ", rhs.getDimSize(r));
  // C5
  for (auto [l, r] : llvm::zip_equal(lhsContracting, rhsContracting))
    if (lhs.getDimSize(l) != rhs.getDimSize(r))
      return report("contracting dimension sizes differ: lhs ", l, " has ",
                    lhs.getDimSize(l), ", rhs ", r, " has ", rhs.getDimSize(r));
  // C6
  if (lhs.getElementType() != rhs.getElementType())
    return report("lhs element type ", lhs.getElementType(),
                  " differs from the rhs's ", rhs.getElementType());
  // C7: batching dimensions, then the free dimensions of lhs, then of rhs.
  SmallVector<int64_t> shape;
  for (int64_t d : lhsBatching)
    shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < lhs.getRank(); ++d)
    if (!llvm::is_contained(lhsUsed, d))
      shape.push_back(lhs.getDimSize(d));
  for (int64_t d = 0; d < rhs.getRank(); ++d)
    if (!llvm::is_contained(rhsUsed, d))
      shape.push_back(rhs.getDimSize(d));
  return RankedTensorType::get(shape, lhs.getElementType());
}

FailureOr<RankedTensorType>
inferDotGeneral(OptionalLoc loc, RankedTensorType lhs, RankedTensorType rhs,
                ArrayRef<int64_t> lhsBatching, ArrayRef<int64_t> rhsBatching,
                ArrayRef<int64_t> lhsContracting,
                ArrayRef<int64_t> rhsContracting) {
  return inferContraction(Reporter{loc, "dot_general"}, lhs, rhs, lhsBatching,
                          rhsBatching, lhsContracting, rhsContracting);
}

FailureOr<RankedTensorType> inferDot(OptionalLoc loc, RankedTensorType lhs,
                                     RankedTensorType rhs) {
  Reporter report{loc, "dot"};
  // C1
  if (lhs.getRank() < 1 || lhs.getRank() > 2 || rhs.getRank() < 1 ||
      rhs.getRank() > 2)
    return report("operands must be of rank 1 or 2, got ", lhs, " and ", rhs);
  int64_t lhsContracting = lhs.getRank() - 1;
  // C2, C3 and the result shape follow from the equivalent dot_general.
  return inferContraction(report, lhs, rhs, {}, {}, {lhsContracting}, {0});
}

} // namespace fuse::hlo
