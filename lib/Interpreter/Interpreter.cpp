//===- Interpreter.cpp - reference evaluator of hlo -----------------------===//
//
// Walks a block op by op, binding each result to a tensor, and dispatches
// every op to the evaluator of its group (Elementwise.cpp, Shape.cpp,
// Reduce.cpp, GatherScatter.cpp). Bodies of fusions, reductions, loops and
// branches are evaluated recursively, and so are the functions func.call
// names. Loops are hlo.while, and the scf.for that --split-tensors emits: its
// index values (bounds, induction variable) are held as rank-0 i64 tensors. A
// program of --distribute-splits runs on one thread per rank (Distributed.cpp).
//
//===----------------------------------------------------------------------===//

#include "fuse/Interpreter/Interpreter.h"
#include "Evaluators.h"
#include "SimulatedRanks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/SymbolTable.h"
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
evaluateBlock(Block &block, ArrayRef<Tensor> arguments, const Scope *enclosing);
FailureOr<SmallVector<Tensor>> evaluateRegion(Region &region, const Twine &what,
                                              ArrayRef<Tensor> arguments,
                                              const Scope *enclosing);

Tensor makeIndex(MLIRContext *context, int64_t value) {
  Tensor tensor({}, IntegerType::get(context, 64));
  tensor.setInt(0, value);
  return tensor;
}

/// Runs the body of `loop` once per induction value, threading the iteration
/// arguments through; `operands` are the bounds, step and initial values.
FailureOr<SmallVector<Tensor>>
evaluateFor(scf::ForOp loop, ArrayRef<Tensor> operands, const Scope &scope) {
  int64_t lower = operands[0].getInt(0), upper = operands[1].getInt(0),
          step = operands[2].getInt(0);
  if (step <= 0)
    return loop.emitError("the interpreter needs a positive loop step");
  SmallVector<Tensor> carried(operands.drop_front(3));
  for (int64_t index = lower; index < upper; index += step) {
    SmallVector<Tensor> arguments{makeIndex(loop.getContext(), index)};
    llvm::append_range(arguments, carried);
    FailureOr<SmallVector<Tensor>> next =
        evaluateBlock(*loop.getBody(), arguments, &scope);
    if (failed(next))
      return failure();
    carried = std::move(*next);
  }
  return carried;
}

/// Runs `cond` and then `body` on the loop-carried values until `cond`
/// returns false. Both regions may use values from around the loop.
FailureOr<SmallVector<Tensor>> evaluateWhile(hlo::WhileOp loop,
                                             ArrayRef<Tensor> operands,
                                             const Scope &scope) {
  SmallVector<Tensor> carried(operands);
  while (true) {
    FailureOr<SmallVector<Tensor>> predicate =
        evaluateBlock(loop.getCond().front(), carried, &scope);
    if (failed(predicate))
      return failure();
    if (!predicate->front().getInt(0))
      return carried;
    FailureOr<SmallVector<Tensor>> next =
        evaluateBlock(loop.getBody().front(), carried, &scope);
    if (failed(next))
      return failure();
    carried = std::move(*next);
  }
}

/// Calls nested deeper than this are taken for unbounded recursion: an error
/// rather than the end of the thread's stack.
constexpr int kMaxCallDepth = 256;

/// Evaluates the function `call` names on `operands`. Functions are
/// isolated from above: the callee sees only its arguments.
FailureOr<SmallVector<Tensor>> evaluateCall(func::CallOp call,
                                            ArrayRef<Tensor> operands) {
  // Per thread: simulated ranks evaluate on threads of their own.
  static thread_local int depth = 0;
  auto callee = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call.getCalleeAttr());
  if (!callee || callee.isExternal())
    return call.emitError("the interpreter needs a body for @")
           << call.getCallee();
  if (depth == kMaxCallDepth)
    return call.emitError("the interpreter stops at calls nested ")
           << kMaxCallDepth << " deep (unbounded recursion?)";
  ++depth;
  FailureOr<SmallVector<Tensor>> results =
      evaluateRegion(callee.getBody(), "function @" + callee.getSymName(),
                     operands, /*enclosing=*/nullptr);
  --depth;
  return results;
}

/// Runs the branch that the index selects; an index out of range selects
/// the last branch.
FailureOr<SmallVector<Tensor>> evaluateCase(hlo::CaseOp op, const Tensor &index,
                                            const Scope &scope) {
  int64_t last = op.getBranches().size() - 1;
  int64_t selected = index.getInt(0);
  if (selected < 0 || selected > last)
    selected = last;
  return evaluateBlock(op.getBranches()[selected].front(), {}, &scope);
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
  if (auto constant = dyn_cast<arith::ConstantIndexOp>(op))
    return single(makeIndex(op.getContext(), constant.value()));
  if (auto loop = dyn_cast<scf::ForOp>(op))
    return evaluateFor(loop, operands, scope);
  if (auto loop = dyn_cast<hlo::WhileOp>(op))
    return evaluateWhile(loop, operands, scope);
  if (auto branches = dyn_cast<hlo::CaseOp>(op))
    return evaluateCase(branches, operands[0], scope);
  if (auto call = dyn_cast<func::CallOp>(op))
    return evaluateCall(call, operands);
  if (std::optional<Tensor> result = evaluateComplexOp(&op, operands))
    return single(std::move(*result));
  if (std::optional<Tensor> result = evaluateElementwiseOp(&op, operands))
    return single(std::move(*result));
  if (std::optional<Tensor> result = evaluateShapeOp(&op, operands))
    return single(std::move(*result));
  if (std::optional<FailureOr<Tensor>> result =
          evaluateDistributionOp(&op, operands)) {
    if (failed(*result))
      return failure();
    return single(std::move(**result));
  }
  if (std::optional<FailureOr<Tensor>> result =
          evaluateCollectiveOp(&op, operands)) {
    if (failed(*result))
      return failure();
    return single(std::move(**result));
  }
  if (std::optional<FailureOr<SmallVector<Tensor>>> records =
          evaluateTransferOp(&op, operands))
    return std::move(*records);
  if (auto reduce = dyn_cast<hlo::ReduceOp>(op))
    return evaluateReduce(reduce, operands, scope);
  if (auto window = dyn_cast<hlo::ReduceWindowOp>(op))
    return evaluateReduceWindow(window, operands, scope);
  if (auto select = dyn_cast<hlo::SelectAndScatterOp>(op)) {
    FailureOr<Tensor> result = evaluateSelectAndScatter(
        select, operands[0], operands[1], operands[2], scope);
    if (failed(result))
      return failure();
    return single(std::move(*result));
  }
  if (auto sort = dyn_cast<hlo::SortOp>(op))
    return evaluateSort(sort, operands, scope);
  if (auto topk = dyn_cast<hlo::TopKOp>(op))
    return evaluateTopK(topk, operands[0]);
  if (auto cholesky = dyn_cast<hlo::CholeskyOp>(op))
    return single(evaluateCholesky(cholesky, operands[0]));
  if (auto lu = dyn_cast<hlo::LuOp>(op))
    return evaluateLu(lu, operands[0]);
  if (auto eigh = dyn_cast<hlo::EighOp>(op))
    return evaluateEigh(eigh, operands[0]);
  if (auto svd = dyn_cast<hlo::SvdOp>(op))
    return evaluateSvd(svd, operands[0]);
  if (auto solve = dyn_cast<hlo::TriangularSolveOp>(op))
    return single(evaluateTriangularSolve(solve, operands[0], operands[1]));
  if (auto rng = dyn_cast<hlo::RngBitGeneratorOp>(op))
    return evaluateRngBitGenerator(rng, operands[0]);
  if (auto convolution = dyn_cast<hlo::ConvolutionOp>(op))
    return single(evaluateConvolution(convolution, operands[0], operands[1]));
  if (auto gather = dyn_cast<hlo::GatherOp>(op))
    return single(evaluateGather(gather, operands[0], operands[1]));
  if (auto scatter = dyn_cast<hlo::ScatterOp>(op)) {
    FailureOr<Tensor> result =
        evaluateScatter(scatter, operands[0], operands[1], operands[2], scope);
    if (failed(result))
      return failure();
    return single(std::move(*result));
  }
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
    if (isa<func::ReturnOp, hlo::ReturnOp, hlo::YieldOp, scf::YieldOp>(op))
      return lookupAll(op.getOperands());
    FailureOr<SmallVector<Tensor>> results =
        evaluateOp(op, lookupAll(op.getOperands()), scope);
    if (failed(results))
      return failure();
    for (auto [result, tensor] : llvm::zip_equal(op.getResults(), *results))
      scope.bind(result, std::move(tensor));
  }
  return block.getParentOp()->emitError(
      "the interpreter needs a body that ends with func.return, hlo.return, "
      "hlo.yield or scf.yield");
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

SmallVector<Tensor> createResultTensors(Operation *op) {
  return llvm::map_to_vector(op->getResultTypes(), [](Type type) {
    return Tensor(cast<RankedTensorType>(type));
  });
}

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
  auto evaluate = [&] {
    return evaluateRegion(func.getBody(), "function @" + func.getSymName(),
                          arguments, /*enclosing=*/nullptr);
  };
  if (std::optional<int64_t> ranks = getDistributedRanks(func)) {
    FailureOr<std::vector<SmallVector<Tensor>>> results =
        runOnEveryRank(*ranks, [&](int64_t) { return evaluate(); });
    if (failed(results))
      return failure();
    // Every rank ends with the same results.
    return std::move(results->front());
  }
  return evaluate();
}

} // namespace fuse::interp
