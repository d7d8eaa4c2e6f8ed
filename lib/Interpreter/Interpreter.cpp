//===- Interpreter.cpp - reference evaluator of hlo -----------------------===//
//
// Walks a block op by op, binding each result to a tensor, and dispatches
// every op to the evaluator of its group (Elementwise.cpp, Shape.cpp,
// Reduce.cpp). Bodies of fusions and reductions are evaluated recursively.
//
//===----------------------------------------------------------------------===//

#include "fuse/Interpreter/Interpreter.h"
#include "Evaluators.h"

#include "llvm/Support/ErrorHandling.h"

using namespace mlir;

namespace fuse::interp {

void Scope::bind(Value value, Tensor tensor) {
  values.insert_or_assign(value, std::move(tensor));
}

const Tensor &Scope::lookup(Value value) const {
  for (const Scope *scope = this; scope; scope = scope->enclosing) {
    auto it = scope->values.find(value);
    if (it != scope->values.end())
      return it->second;
  }
  llvm_unreachable("a value is used before it is evaluated");
}

namespace {

/// Checks that `arguments` have the types `expected`; `what` names the
/// callee in the diagnostic, emitted at `owner`.
LogicalResult checkArguments(Operation *owner, const Twine &what,
                             TypeRange expected, ArrayRef<Tensor> arguments) {
  if (expected.size() != arguments.size())
    return owner->emitError()
           << what << " takes " << expected.size()
           << (expected.size() == 1 ? " argument" : " arguments") << ", got "
           << arguments.size();
  for (auto [index, type, argument] : llvm::enumerate(expected, arguments))
    if (argument.getType() != type)
      return owner->emitError()
             << "argument " << index << " of " << what << " has type "
             << argument.getType() << ", expected " << type;
  return success();
}

FailureOr<SmallVector<Tensor>>
evaluateOp(Operation &op, ArrayRef<Tensor> operands, const Scope &scope) {
  auto single = [](Tensor tensor) {
    SmallVector<Tensor> results;
    results.push_back(std::move(tensor));
    return results;
  };
  if (auto constant = dyn_cast<hlo::ConstantOp>(op)) {
    auto dense = dyn_cast<DenseElementsAttr>(constant.getValue());
    if (!dense)
      return op.emitError("the interpreter supports only dense constants");
    return single(Tensor::fromAttr(dense));
  }
  if (std::optional<Tensor> result = evaluateElementwiseOp(&op, operands))
    return single(std::move(*result));
  if (std::optional<Tensor> result = evaluateShapeOp(&op, operands))
    return single(std::move(*result));
  if (auto reduce = dyn_cast<hlo::ReduceOp>(op))
    return evaluateReduce(reduce, operands, scope);
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op))
    return single(evaluateDotGeneral(dot, operands[0], operands[1]));
  if (auto dot = dyn_cast<hlo::DotOp>(op))
    return single(evaluateDot(dot, operands[0], operands[1]));
  // The body is isolated from above: it sees only the fusion's inputs.
  if (auto fusion = dyn_cast<hlo::FusionOp>(op))
    return interpretRegion(fusion.getBody(), operands, /*enclosing=*/nullptr);
  return op.emitError("the interpreter does not support this op");
}

/// Evaluates `block` up to its terminator and returns the terminator's
/// operands. The arguments have been checked against the block's.
FailureOr<SmallVector<Tensor>> evaluateBlock(Block &block,
                                             ArrayRef<Tensor> arguments,
                                             const Scope *enclosing) {
  Scope scope(enclosing);
  for (auto [argument, tensor] :
       llvm::zip_equal(block.getArguments(), arguments))
    scope.bind(argument, tensor);
  auto lookupAll = [&](ValueRange values) {
    SmallVector<Tensor> tensors;
    for (Value value : values)
      tensors.push_back(scope.lookup(value));
    return tensors;
  };
  for (Operation &op : block) {
    if (isa<func::ReturnOp, hlo::ReturnOp, hlo::YieldOp>(op))
      return lookupAll(op.getOperands());
    FailureOr<SmallVector<Tensor>> results =
        evaluateOp(op, lookupAll(op.getOperands()), scope);
    if (failed(results))
      return failure();
    for (auto [result, tensor] : llvm::zip_equal(op.getResults(), *results))
      scope.bind(result, std::move(tensor));
  }
  return block.getParentOp()->emitError(
      "the interpreter needs a body that ends with func.return, hlo.return "
      "or hlo.yield");
}

/// Evaluates the single block of `region` after checking `arguments`
/// against its arguments; `what` names the region in diagnostics.
FailureOr<SmallVector<Tensor>> evaluateRegion(Region &region, const Twine &what,
                                              ArrayRef<Tensor> arguments,
                                              const Scope *enclosing) {
  Operation *owner = region.getParentOp();
  if (!region.hasOneBlock())
    return owner->emitError("the interpreter supports only bodies of a "
                            "single block");
  Block &block = region.front();
  if (failed(checkArguments(owner, what, block.getArgumentTypes(), arguments)))
    return failure();
  return evaluateBlock(block, arguments, enclosing);
}

} // namespace

FailureOr<SmallVector<Tensor>> interpretRegion(Region &region,
                                               ArrayRef<Tensor> arguments,
                                               const Scope *enclosing) {
  return evaluateRegion(
      region, "the body of " + region.getParentOp()->getName().getStringRef(),
      arguments, enclosing);
}

FailureOr<SmallVector<Tensor>> interpretRegion(Region &region,
                                               ArrayRef<Tensor> arguments) {
  return interpretRegion(region, arguments, /*enclosing=*/nullptr);
}

FailureOr<SmallVector<Tensor>> interpretFunction(func::FuncOp func,
                                                 ArrayRef<Tensor> arguments) {
  if (func.isExternal())
    return func.emitError("the interpreter needs a function with a body");
  return evaluateRegion(func.getBody(), "function @" + func.getSymName(),
                        arguments, /*enclosing=*/nullptr);
}

} // namespace fuse::interp
