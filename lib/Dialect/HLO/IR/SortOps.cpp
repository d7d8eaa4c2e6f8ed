//===- SortOps.cpp - hlo.sort and hlo.topk --------------------------------===//
//
// The shape rules of the sorting ops (docs/HLO.md, C1, C2, ...): sort keeps
// its inputs' types and checks its comparator's signature; topk shortens the
// last dimension to k.
//
//===----------------------------------------------------------------------===//

#include "ShapeChecker.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;
using namespace fuse::hlo;

//===----------------------------------------------------------------------===//
// sort
//===----------------------------------------------------------------------===//

LogicalResult SortOp::inferReturnTypes(MLIRContext *,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  ShapeChecker check{loc};
  TypeRange inputs = adaptor.getInputs().getTypes();
  // C1
  if (inputs.empty())
    return check.fail("sort takes one or more inputs");
  auto first = cast<RankedTensorType>(inputs.front());
  for (Type input : inputs)
    if (cast<RankedTensorType>(input).getShape() != first.getShape())
      return check.fail("the inputs differ in shape");
  // C2
  int64_t dimension = adaptor.getDimension();
  if (dimension < 0 || dimension >= first.getRank())
    return check.fail("dimension " + Twine(dimension) +
                      " is not a dimension of rank " + Twine(first.getRank()));
  llvm::append_range(results, inputs);
  return success();
}

LogicalResult SortOp::verifyRegions() {
  // C3
  SmallVector<Type> expected;
  for (Type input : getInputs().getTypes()) {
    auto scalar = RankedTensorType::get(
        {}, cast<RankedTensorType>(input).getElementType());
    expected.append({scalar, scalar});
  }
  Block &block = getComparator().front();
  if (block.getArgumentTypes() != TypeRange(expected))
    return emitOpError("comparator must take two rank-0 tensors of each "
                       "input's element type, input by input");
  // C4
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getResults().getTypes() !=
                  TypeRange{RankedTensorType::get(
                      {}, IntegerType::get(getContext(), 1))})
    return emitOpError("comparator must return one tensor<i1>");
  return success();
}

//===----------------------------------------------------------------------===//
// topk
//===----------------------------------------------------------------------===//

LogicalResult TopKOp::inferReturnTypes(MLIRContext *context,
                                       std::optional<Location> loc,
                                       Adaptor adaptor,
                                       SmallVectorImpl<Type> &results) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  // C1
  if (operand.getRank() == 0)
    return emitOptionalError(loc, "topk needs an operand of rank 1 or more");
  // C2
  int64_t k = adaptor.getK(), size = operand.getShape().back();
  if (k < 0 || k > size)
    return emitOptionalError(loc, "k = ", k, " is not in [0, ", size,
                             "], the size of the last dimension");
  SmallVector<int64_t> shape(operand.getShape());
  shape.back() = k;
  results.push_back(operand.clone(shape));
  results.push_back(operand.clone(shape, IntegerType::get(context, 32)));
  return success();
}

SmallVector<Value> TopKOp::buildSortedForm(OpBuilder &builder, Value operand,
                                           ComparisonType order) {
  Location loc = getLoc();
  auto type = cast<RankedTensorType>(operand.getType());
  int64_t last = type.getRank() - 1;
  Value positions =
      IotaOp::create(builder, loc, type.clone(builder.getI32Type()), last);
  auto sort = SortOp::create(builder, loc, ValueRange{operand, positions}, last,
                             /*is_stable=*/true);
  {
    OpBuilder::InsertionGuard guard(builder);
    auto scalar = RankedTensorType::get({}, type.getElementType());
    auto index = RankedTensorType::get({}, builder.getI32Type());
    Block *block = builder.createBlock(&sort.getComparator(), {},
                                       {scalar, scalar, index, index},
                                       SmallVector<Location>(4, loc));
    Value before = CompareOp::create(
        builder, loc,
        getLargest() ? ComparisonDirection::GT : ComparisonDirection::LT,
        block->getArgument(0), block->getArgument(1),
        ComparisonTypeAttr::get(getContext(), order));
    ReturnOp::create(builder, loc, before);
  }
  SmallVector<int64_t> starts(type.getRank(), 0), ones(type.getRank(), 1);
  SmallVector<int64_t> limits(type.getShape());
  limits.back() = getK();
  SmallVector<Value> results;
  for (Value sorted : sort.getResults()) {
    auto sortedType = cast<RankedTensorType>(sorted.getType());
    results.push_back(SliceOp::create(builder, loc, sortedType.clone(limits),
                                      sorted, starts, limits, ones));
  }
  return results;
}
