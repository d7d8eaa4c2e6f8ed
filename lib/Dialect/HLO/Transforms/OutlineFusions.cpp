//===- OutlineFusions.cpp - one function per distinct kernel --------------===//
//
// The kernels of a step repeat (layers, per-parameter updates), and each copy
// would be lowered and compiled again. Outlined and shared before the
// lowering, each distinct kernel is lowered once.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/LiveTensors.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Support/OutlinedFunctions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SetVector.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_OUTLINEFUSIONSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;
using fuse::createOutlinedFunction;
using fuse::OutlinedFunctions;

namespace {

/// Constants up to this size are copied into the kernels that read them.
constexpr int64_t kMaxCopiedConstantBytes = 64;

/// Whether a kernel reads `value` as a copy of its constant.
bool isCopiedIn(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return false;
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  return elements &&
         (elements.isSplat() ||
          LiveTensorSchedule::getBytes(value) <= kMaxCopiedConstantBytes);
}

/// Whether `value` reaches its function's return through reshapes: a
/// kernel computing it stays in place, so that the result is written where
/// the caller wants it rather than copied there. (A kernel's result that is
/// returned as it is becomes the caller's buffer itself:
/// `buffer-results-to-out-params` hoists it.)
bool isReturnedReshaped(Value value) {
  SmallVector<Value> worklist;
  for (Operation *user : value.getUsers())
    if (isa<ReshapeOp>(user))
      worklist.push_back(user->getResult(0));
  while (!worklist.empty()) {
    Value next = worklist.pop_back_val();
    for (Operation *user : next.getUsers()) {
      if (isa<func::ReturnOp>(user))
        return true;
      if (isa<ReshapeOp>(user))
        worklist.push_back(user->getResult(0));
    }
  }
  return false;
}

/// What a kernel of a loop body reads: a value its loop's iteration
/// computes (or a constant it copies in), one that is the same in every
/// iteration (defined above the loop, or carried unchanged), or loop-carried
/// state that the iteration updates.
enum class Operand { OfIteration, Invariant, UpdatedState };

Operand classify(Value operand, Region &iteration) {
  if (isCopiedIn(operand))
    return Operand::OfIteration;
  if (auto argument = dyn_cast<BlockArgument>(operand);
      argument && argument.getParentRegion() == &iteration) {
    Operation *next = iteration.front().getTerminator();
    bool unchanged =
        &iteration == &cast<WhileOp>(iteration.getParentOp()).getBody() &&
        next->getOperand(argument.getArgNumber()) == argument;
    return unchanged ? Operand::Invariant : Operand::UpdatedState;
  }
  return iteration.isAncestor(operand.getParentRegion()) ? Operand::OfIteration
                                                         : Operand::Invariant;
}

/// Whether kernel `op` is a product or convolution, or a fusion of one.
bool hasProduct(Operation *op) {
  return op
      ->walk([](Operation *inner) {
        return isa<DotGeneralOp, DotOp, ConvolutionOp>(inner)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `op`, in a loop or branch body, loses nothing by becoming a
/// call. The lowering updates loop-carried state in place (a cache's
/// `dynamic_update_slice`), which a call's result buffer would turn into a
/// copy per iteration; it hoists a product's work on an invariant operand
/// (its packed weights) out of the loop, which it cannot do across a call;
/// and a fusion of invariant values alone is invariant itself. A fusion
/// without a product that also reads what the iteration computes has
/// nothing to hoist.
bool movesOutOfItsLoop(Operation *op) {
  auto loop = op->getParentOfType<WhileOp>();
  if (!loop)
    return true;
  Region &iteration = loop.getBody().isAncestor(op->getParentRegion())
                          ? loop.getBody()
                          : loop.getCond();
  bool ofIteration = false, invariant = false;
  for (Value operand : op->getOperands()) {
    switch (classify(operand, iteration)) {
    case Operand::OfIteration:
      ofIteration = true;
      break;
    case Operand::Invariant:
      invariant = true;
      break;
    case Operand::UpdatedState:
      return false;
    }
  }
  return hasProduct(op) ? !invariant : ofIteration;
}

bool isKernel(Operation *op) {
  if (!isa<FusionOp, DotGeneralOp, DotOp, ConvolutionOp>(op))
    return false;
  if (isa<func::FuncOp>(op->getParentOp()))
    return llvm::none_of(op->getResults(), isReturnedReshaped);
  return movesOutOfItsLoop(op);
}

/// The kernels of `function`: those of its body and, through loops and
/// branches, of theirs.
SmallVector<Operation *> collectKernels(func::FuncOp function) {
  SmallVector<Operation *> kernels;
  function.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op == function.getOperation() || isa<WhileOp, CaseOp>(op))
      return WalkResult::advance();
    if (isKernel(op))
      kernels.push_back(op);
    return WalkResult::skip();
  });
  return kernels;
}

struct OutlineFusionsPass
    : fuse::hlo::impl::OutlineFusionsPassBase<OutlineFusionsPass> {
  void runOnOperation() override {
    OutlinedFunctions outlined(getOperation());
    functions = &outlined;
    for (func::FuncOp parent : fuse::getDefinedFunctions(getOperation()))
      for (Operation *kernel : collectKernels(parent))
        outline(kernel, parent);
  }

  /// Replaces `kernel` of `parent` with a call to its function.
  void outline(Operation *kernel, func::FuncOp parent) {
    Location loc = kernel->getLoc();
    SmallVector<Value> arguments;
    llvm::SetVector<Operation *> copies;
    for (Value operand : kernel->getOperands()) {
      if (isCopiedIn(operand))
        copies.insert(operand.getDefiningOp());
      else if (!llvm::is_contained(arguments, operand))
        arguments.push_back(operand);
    }

    // Results nothing reads are not returned: left inside the function,
    // their values stay the kernel's own (an arg-max's maximum, kept in a
    // register instead of stored through a result the input may alias).
    SmallVector<unsigned> used;
    for (OpResult result : kernel->getResults())
      if (!result.use_empty())
        used.push_back(result.getResultNumber());
    auto usedOf = [&](Operation *op) {
      return llvm::map_to_vector(
          used, [&](unsigned index) -> Value { return op->getResult(index); });
    };
    SmallVector<Type> resultTypes = llvm::map_to_vector(
        usedOf(kernel), [](Value v) { return v.getType(); });

    IRMapping inside;
    func::FuncOp function = createOutlinedFunction(
        loc, arguments, resultTypes, copies.getArrayRef(), inside);
    OpBuilder builder = OpBuilder::atBlockEnd(&function.getBody().front());
    Operation *clone = builder.clone(*kernel, inside);
    func::ReturnOp::create(builder, loc, usedOf(clone));
    StringRef callee = functions->share(function, parent, "fusion");

    OpBuilder atKernel(kernel);
    auto call =
        func::CallOp::create(atKernel, loc, callee, resultTypes, arguments);
    for (auto [value, replacement] :
         llvm::zip_equal(usedOf(kernel), call.getResults()))
      value.replaceAllUsesWith(replacement);
    kernel->erase();
    for (Operation *copy : copies)
      if (copy->use_empty())
        copy->erase();
  }

  /// The functions of this run, one per distinct body.
  OutlinedFunctions *functions = nullptr;
};

} // namespace
