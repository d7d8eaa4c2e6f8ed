//===- SortBuilders.cpp - `sort` and `topk` -------------------------------===//
//
// `sort` takes its one dimension from `dimensions={d}` and its comparator
// from `to_apply`, whose parameters come in pairs per operand as
// hlo.sort's block arguments do; a sort of several operands has a tuple
// shape. `topk` keeps `k=` and `largest=` (true when absent, as XLA
// defaults it).
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<HloValue> buildSort(InstructionEmission &e) {
  if (e.operands.empty())
    return e.emitError() << "'sort' takes one or more operands";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  FailureOr<int64_t> dimension = e.integer("dimensions");
  FailureOr<const ParsedComputation *> comparator =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(operands) || failed(dimension) || failed(comparator))
    return failure();
  auto sort = hlo::SortOp::create(e.builder, e.loc, *operands, *dimension,
                                  e.flag("is_stable"));
  SmallVector<Type> scalars;
  for (Value operand : *operands) {
    auto scalar = RankedTensorType::get(
        {}, cast<RankedTensorType>(operand.getType()).getElementType());
    scalars.append({scalar, scalar});
  }
  if (failed(e.emitCombiner(sort.getComparator(), scalars, **comparator,
                            /*numResults=*/1)))
    return failure();
  return e.finish(sort);
}

FailureOr<HloValue> buildTopK(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<int64_t> k = e.integer("k");
  if (failed(operands) || failed(k))
    return failure();
  auto largest = e.instruction.attributes.find("largest");
  bool isLargest = largest == e.instruction.attributes.end() ||
                   largest->second.word == "true";
  // The declared types: a shape error is the verifier's located error.
  SmallVector<Type> resultTypes;
  if (failed(e.resultTypes(resultTypes)))
    return failure();
  if (resultTypes.size() != 2)
    return e.emitError() << "topk must have a tuple shape of the values and "
                            "the indices";
  return e.finishRegrouped(hlo::TopKOp::create(e.builder, e.loc, resultTypes,
                                               (*operands)[0], *k, isLargest));
}

} // namespace fuse::hlo_text
