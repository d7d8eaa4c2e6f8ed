//===- ControlFlowBuilders.cpp - `while` and `conditional` ----------------===//
//
// XLA passes a loop its state as one (usually tuple-shaped) operand, and
// each branch of a conditional its own operand. hlo.while carries the
// tensors of the state as separate values, so the state is flattened on the
// way in and regrouped into its tuple shape for the called computations and
// for the results. Branches of hlo.case take no arguments: a branch's
// operand is bound to its computation's parameter directly.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// Emits `computation` into a new block of `region` and terminates it with
/// hlo.return of the flattened root. The block takes the tensors of
/// `parameterShape`, regrouped into the computation's parameter; without a
/// shape the block takes nothing and `parameter` is bound instead.
LogicalResult emitRegion(InstructionEmission &e, Region &region,
                         const ParsedComputation &computation,
                         std::optional<Type> parameterShape,
                         const HloValue &parameter) {
  OpBuilder::InsertionGuard guard(e.builder);
  SmallVector<Type> argumentTypes;
  if (parameterShape)
    flattenShape(*parameterShape, argumentTypes);
  Block *block =
      e.builder.createBlock(&region, {}, argumentTypes,
                            SmallVector<Location>(argumentTypes.size(), e.loc));
  HloValue argument = parameter;
  SmallVector<Value> blockArguments(block->getArguments());
  if (parameterShape) {
    ArrayRef<Value> tensors = blockArguments;
    argument = regroup(*parameterShape, tensors);
  }
  FailureOr<HloValue> root =
      e.emitter.emitComputation(computation, {argument}, std::nullopt);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  hlo::ReturnOp::create(e.builder, e.loc, results);
  return success();
}

} // namespace

FailureOr<SmallVector<Value>> emitCountedLoop(
    InstructionEmission &e, int64_t count, ValueRange state,
    function_ref<FailureOr<SmallVector<Value>>(Value, ValueRange)> step,
    function_ref<Value(ValueRange)> unfinished) {
  auto index = RankedTensorType::get({}, e.builder.getI64Type());
  SmallVector<Value> initial{e.splat(index, 0.0)};
  llvm::append_range(initial, state);
  SmallVector<Type> types(ValueRange(initial).getTypes());
  auto loop = hlo::WhileOp::create(e.builder, e.loc, types, initial);
  SmallVector<Location> locations(types.size(), e.loc);
  {
    OpBuilder::InsertionGuard guard(e.builder);
    Block *cond = e.builder.createBlock(&loop.getCond(), {}, types, locations);
    Value more = hlo::CompareOp::create(
        e.builder, e.loc, hlo::ComparisonDirection::LT, cond->getArgument(0),
        e.splat(index, double(count)), hlo::ComparisonTypeAttr());
    if (unfinished)
      more = hlo::AndOp::create(e.builder, e.loc, more,
                                unfinished(cond->getArguments().drop_front()));
    hlo::ReturnOp::create(e.builder, e.loc, more);
    Block *body = e.builder.createBlock(&loop.getBody(), {}, types, locations);
    Value counter = body->getArgument(0);
    FailureOr<SmallVector<Value>> carried =
        step(counter, body->getArguments().drop_front());
    if (failed(carried))
      return failure();
    SmallVector<Value> next{
        hlo::AddOp::create(e.builder, e.loc, counter, e.splat(index, 1.0))};
    llvm::append_range(next, *carried);
    hlo::ReturnOp::create(e.builder, e.loc, next);
  }
  if (failed(e.finish(loop)))
    return failure();
  return SmallVector<Value>(loop.getResults().drop_front());
}

FailureOr<HloValue> buildWhile(InstructionEmission &e) {
  if (e.operands.size() != 1)
    return e.emitError() << "'while' takes 1 operand (the loop state), not "
                         << e.operands.size();
  FailureOr<const ParsedComputation *> cond =
      e.emitter.lookupCalled(e.instruction, "condition", e.loc);
  FailureOr<const ParsedComputation *> body =
      e.emitter.lookupCalled(e.instruction, "body", e.loc);
  if (failed(cond) || failed(body))
    return failure();
  const HloValue &state = e.operands.front();
  Type stateShape = state.getType(e.builder.getContext());
  if (e.instruction.shape && stateShape != e.instruction.shape)
    return e.emitError() << "'while' has shape " << e.instruction.shape
                         << " but its state has shape " << stateShape;
  SmallVector<Value> initial;
  state.flatten(initial);
  auto loop = hlo::WhileOp::create(e.builder, e.loc,
                                   ValueRange(initial).getTypes(), initial);
  if (failed(emitRegion(e, loop.getCond(), **cond, stateShape, {})) ||
      failed(emitRegion(e, loop.getBody(), **body, stateShape, {})))
    return failure();
  return e.finishRegrouped(loop, stateShape);
}

FailureOr<HloValue> buildConditional(InstructionEmission &e) {
  SmallVector<const ParsedComputation *> branches;
  auto listed = e.instruction.attributes.find("branch_computations");
  if (listed != e.instruction.attributes.end()) {
    for (const std::string &name : listed->second.words) {
      FailureOr<const ParsedComputation *> branch =
          e.emitter.lookupComputation(name, listed->second.loc);
      if (failed(branch))
        return failure();
      branches.push_back(*branch);
    }
  } else {
    for (StringRef key : {"true_computation", "false_computation"}) {
      FailureOr<const ParsedComputation *> branch =
          e.emitter.lookupCalled(e.instruction, key, e.loc);
      if (failed(branch))
        return failure();
      branches.push_back(*branch);
    }
  }
  if (e.operands.size() != branches.size() + 1)
    return e.emitError() << "'conditional' with " << branches.size()
                         << " branches takes " << branches.size() + 1
                         << " operands, not " << e.operands.size();
  if (e.operands.front().isTuple())
    return e.emitError() << "the branch index of 'conditional' is a tuple";

  Value index = e.operands.front().tensor;
  auto indexType = cast<RankedTensorType>(index.getType());
  // On a predicate, the true computation is branch 0: the index is !pred.
  if (indexType.getElementType().isInteger(1) &&
      listed == e.instruction.attributes.end()) {
    auto negated = hlo::NotOp::create(e.builder, e.loc, index);
    auto converted = hlo::ConvertOp::create(
        e.builder, e.loc, indexType.clone(e.builder.getI32Type()), negated);
    if (failed(e.finish(negated)) || failed(e.finish(converted)))
      return failure();
    index = converted;
  }
  if (index.getType() != RankedTensorType::get({}, e.builder.getI32Type()))
    return e.emitError() << "the branch index of 'conditional' must be s32[] "
                         << "(or pred[] with true_computation), not "
                         << index.getType();

  SmallVector<Type> resultTypes;
  if (failed(e.resultTypes(resultTypes)))
    return failure();
  auto select = hlo::CaseOp::create(e.builder, e.loc, resultTypes, index,
                                    branches.size());
  for (auto [branch, region, operand] :
       llvm::zip_equal(branches, select.getBranches(), e.operands.drop_front()))
    if (failed(emitRegion(e, region, *branch, std::nullopt, operand)))
      return failure();
  return e.finishRegrouped(select);
}

} // namespace fuse::hlo_text
