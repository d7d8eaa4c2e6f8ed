//===- CustomCallBuilders.cpp - the custom calls that import --------------===//
//
// A custom call runs code that XLA's client registered under a name, so its
// meaning is the target's. Those that import are hints about where values
// live or how they are split over devices, which on one device pass their
// operand through; XLA's own markers (call-site markers, which pass their
// operands through, and `control_dep`, which only orders its operands);
// `HostExecute`, its computation run on the host; `TopK`, which is
// `hlo.topk`; LAPACK's factorizations and solves
// (LinearAlgebraBuilders.cpp); XLA's builder library calls
// (MathCallBuilders.cpp); and the cuBLAS and cuDNN calls of its GPU dumps
// (GpuLibraryCallBuilders.cpp). Any other target is reported by the parser
// as an unsupported op naming it.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "llvm/ADT/StringSwitch.h"

using namespace mlir;

namespace fuse::hlo_text {
namespace {

enum class CustomCallKind {
  Unsupported,
  PassThrough,
  Markers,
  ControlDependency,
  HostExecute,
  TopK,
  Lapack,
  BuilderLibrary,
  GpuLibrary
};

CustomCallKind kindOf(StringRef target) {
  if (isLapackCall(target))
    return CustomCallKind::Lapack;
  if (isBuilderLibraryCall(target))
    return CustomCallKind::BuilderLibrary;
  if (isGpuLibraryCall(target))
    return CustomCallKind::GpuLibrary;
  return llvm::StringSwitch<CustomCallKind>(target)
      // Sharding annotations for XLA's partitioner (GSPMD and Shardy);
      // on one device the full value and its only shard are the same.
      .Cases({"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape",
              "ShardBarrierFrom", "ShardBarrierTo"},
             CustomCallKind::PassThrough)
      // Memory placement (host offloading) and layout pins.
      .Cases({"annotate_device_placement", "MoveToHost", "MoveToDevice",
              "LayoutConstraint"},
             CustomCallKind::PassThrough)
      // Call-site markers XLA's inliner leaves around a call's operands and
      // results.
      .Cases({"__xla_internal_call_marker_before",
              "__xla_internal_call_marker_after"},
             CustomCallKind::Markers)
      .Case("control_dep", CustomCallKind::ControlDependency)
      .Case("HostExecute", CustomCallKind::HostExecute)
      .Case("TopK", CustomCallKind::TopK)
      .Default(CustomCallKind::Unsupported);
}

FailureOr<HloValue> buildPassThrough(InstructionEmission &e, StringRef target) {
  if (e.operands.size() != 1)
    return e.emitError() << "custom call '" << target
                         << "' takes 1 operand, not " << e.operands.size();
  // A shard shape other than the full one means several devices.
  Type operandShape = e.operands[0].getType(e.builder.getContext());
  if (e.instruction.shape && e.instruction.shape != operandShape)
    return e.emitError() << "custom call '" << target << "' changes "
                         << operandShape << " into " << e.instruction.shape
                         << ": the program is split over several devices, "
                            "and fuse runs it on one";
  return e.operands[0];
}

/// The operands, as a tuple where the shape is one.
FailureOr<HloValue> buildMarkers(InstructionEmission &e) {
  if (e.operands.size() == 1 &&
      !isa_and_nonnull<TupleType>(e.instruction.shape))
    return e.operands[0];
  return HloValue{Value(),
                  std::vector<HloValue>(e.operands.begin(), e.operands.end())};
}

/// Whether `comparator` (of TopK) orders by `>` (true) or `<` (false) of
/// its parameters 0 and 1.
FailureOr<bool> comparesGreater(InstructionEmission &e,
                                const ParsedComputation &comparator) {
  const ParsedInstruction &root = comparator.root();
  auto parameterNumber = [&](const ParsedOperand &operand) -> int64_t {
    for (const ParsedInstruction &instruction : comparator.instructions)
      if (instruction.name == operand.name)
        return instruction.parameterNumber;
    return -1;
  };
  auto direction = root.attributes.find("direction");
  if (root.opcode == "compare" && root.operands.size() == 2 &&
      direction != root.attributes.end()) {
    int64_t lhs = parameterNumber(root.operands[0]);
    int64_t rhs = parameterNumber(root.operands[1]);
    StringRef word = direction->second.word;
    if ((word == "GT" || word == "LT") && lhs >= 0 && rhs >= 0 && lhs != rhs)
      return (word == "GT") == (lhs < rhs);
  }
  return e.emitError() << "TopK's comparator '" << comparator.name
                       << "' must compare its two parameters with GT or LT";
}

FailureOr<HloValue> buildTopKCustomCall(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  SmallVector<Type> resultTypes;
  if (failed(operands) || failed(e.resultTypes(resultTypes)))
    return failure();
  auto called = e.instruction.attributes.find("called_computations");
  if (called == e.instruction.attributes.end() ||
      called->second.words.size() != 1)
    return e.emitError() << "TopK needs one comparator in "
                            "called_computations";
  FailureOr<const ParsedComputation *> comparator =
      e.emitter.lookupComputation(called->second.words.front(), e.loc);
  if (failed(comparator))
    return failure();
  FailureOr<bool> largest = comparesGreater(e, **comparator);
  if (failed(largest))
    return failure();
  auto values = dyn_cast<RankedTensorType>(resultTypes.front());
  if (resultTypes.size() != 2 || !values || values.getRank() == 0)
    return e.emitError() << "TopK must have a tuple shape of the values and "
                            "the indices";
  return e.finishRegrouped(
      hlo::TopKOp::create(e.builder, e.loc, resultTypes, (*operands)[0],
                          values.getShape().back(), *largest));
}

} // namespace

FailureOr<HloValue> inlineCalledComputation(InstructionEmission &e,
                                            StringRef target) {
  auto called = e.instruction.attributes.find("called_computations");
  if (called == e.instruction.attributes.end() ||
      called->second.words.size() != 1)
    return e.emitError() << "custom call '" << target
                         << "' needs one computation in called_computations";
  FailureOr<const ParsedComputation *> computation =
      e.emitter.lookupComputation(called->second.words.front(), e.loc);
  if (failed(computation))
    return failure();
  return e.emitter.emitComputation(**computation, e.operands, e.loc);
}

bool isSupportedCustomCall(StringRef target) {
  return kindOf(target) != CustomCallKind::Unsupported;
}

FailureOr<HloValue> buildCustomCall(InstructionEmission &e) {
  auto target = e.instruction.attributes.find("custom_call_target");
  if (target == e.instruction.attributes.end())
    return e.emitError() << "'custom-call' needs a custom_call_target";
  StringRef name = target->second.word;
  switch (kindOf(name)) {
  case CustomCallKind::PassThrough:
    return buildPassThrough(e, name);
  case CustomCallKind::Markers:
    return buildMarkers(e);
  case CustomCallKind::ControlDependency:
    // Orders its operands before other work, and has no value.
    return HloValue();
  case CustomCallKind::HostExecute:
    return inlineCalledComputation(e, name);
  case CustomCallKind::TopK:
    return buildTopKCustomCall(e);
  case CustomCallKind::Lapack:
    return buildLapackCall(e, name);
  case CustomCallKind::BuilderLibrary:
    return buildBuilderLibraryCall(e, name);
  case CustomCallKind::GpuLibrary:
    return buildGpuLibraryCall(e, name);
  case CustomCallKind::Unsupported:
    break;
  }
  return e.emitError() << "unsupported custom call target '" << name << "'";
}

} // namespace fuse::hlo_text
