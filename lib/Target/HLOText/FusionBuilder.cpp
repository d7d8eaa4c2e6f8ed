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
  FailureOr<SmallVector<Value>> inputs = e.tensorOperands(e.operands.size());
  FailureOr<const ParsedComputation *> called =
      e.emitter.lookupCalled(e.instruction, "calls", e.loc);
  if (failed(inputs) || failed(called))
    return failure();
  SmallVector<Type> resultTypes;
  flattenShape(e.instruction.shape, resultTypes);

  auto fusion = hlo::FusionOp::create(e.builder, e.loc, resultTypes,
                                      hlo::FusionKind::Loop, *inputs);
  OpBuilder::InsertionGuard guard(e.builder);
  Block *body = e.builder.createBlock(
      &fusion.getBody(), {}, ValueRange(*inputs).getTypes(),
      SmallVector<Location>(inputs->size(), e.loc));
  SmallVector<HloValue> parameters;
  for (BlockArgument argument : body->getArguments())
    parameters.push_back(HloValue{argument, {}});
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
