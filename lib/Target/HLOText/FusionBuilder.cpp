//===- FusionBuilder.cpp - `fusion` of XLA's optimized dumps --------------===//
//
// A fusion instruction (`fusion(a, b), kind=kLoop, calls=%fused`) becomes an
// hlo.fusion whose body is the called computation, so that XLA's own fusion
// decisions can be compiled and compared with ours. XLA's kinds differ by
// backend (the CPU's kLoop fusions hold reductions, kCustom ones products),
// so the hlo kind is read off the body as fuse's fusions are.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<HloValue> buildFusion(InstructionEmission &e) {
  FailureOr<const ParsedComputation *> called =
      e.emitter.lookupCalled(e.instruction, "calls", e.loc);
  if (failed(called))
    return failure();
  // A fusion within a fusion (XLA's nested fusions) joins the outer one's
  // body, as a call would.
  if (e.builder.getInsertionBlock()->getParentOp() &&
      isa<hlo::FusionOp>(e.builder.getInsertionBlock()->getParentOp()))
    return e.emitter.emitComputation(**called, e.operands, e.loc);
  SmallVector<Type> resultTypes;
  if (failed(e.resultTypes(resultTypes)))
    return failure();

  // Tuple operands are passed as their tensors and regrouped inside.
  SmallVector<Value> inputs;
  for (const HloValue &operand : e.operands)
    operand.flatten(inputs);
  auto fusion = hlo::FusionOp::create(e.builder, e.loc, resultTypes,
                                      hlo::FusionKind::Loop, inputs);
  OpBuilder::InsertionGuard guard(e.builder);
  Block *body = e.builder.createBlock(
      &fusion.getBody(), {}, ValueRange(inputs).getTypes(),
      SmallVector<Location>(inputs.size(), e.loc));
  SmallVector<Value> arguments(body->getArguments());
  ArrayRef<Value> tensors = arguments;
  SmallVector<HloValue> parameters;
  for (const HloValue &operand : e.operands)
    parameters.push_back(
        regroup(operand.getType(e.builder.getContext()), tensors));
  FailureOr<HloValue> root =
      e.emitter.emitComputation(**called, parameters, e.loc);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  hlo::YieldOp::create(e.builder, e.loc, results);
  fusion.setKind(hlo::FusionOp::inferKind(*body));
  return e.finishRegrouped(fusion);
}

} // namespace fuse::hlo_text
