//===- OutlineFusions.cpp - one function per distinct kernel --------------===//
//
// The kernels of a step repeat (layers, per-parameter updates), and each copy
// would be lowered and compiled again. Outlined and shared before the
// lowering, each distinct kernel is lowered once.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringMap.h"

namespace fuse::hlo {
#define GEN_PASS_DEF_OUTLINEFUSIONSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Constants up to this size are copied into the kernels that read them.
constexpr int64_t kMaxCopiedConstantBytes = 64;

/// Whether a kernel reads `value` as a copy of its constant.
bool isCopiedIn(Value value) {
  auto constant = value.getDefiningOp<ConstantOp>();
  if (!constant)
    return false;
  auto elements = dyn_cast<DenseElementsAttr>(constant.getValue());
  if (!elements)
    return false;
  if (elements.isSplat())
    return true;
  auto type = cast<ShapedType>(elements.getType());
  int64_t bits = type.getElementTypeBitWidth();
  return type.getNumElements() * std::max<int64_t>(1, bits / 8) <=
         kMaxCopiedConstantBytes;
}

/// Whether `value` reaches its function's return, directly or through
/// reshapes: a kernel computing it stays in place, so that the result is
/// written where the caller wants it rather than copied there.
bool isReturned(Value value) {
  SmallVector<Value> worklist = {value};
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

/// Kernels of loop and branch bodies stay: the lowering hoists what does
/// not change between iterations (a product's packed weights) out of a
/// loop, which it cannot do across a call.
bool isKernel(Operation *op) {
  return isa<FusionOp, DotGeneralOp, DotOp, ConvolutionOp>(op) &&
         isa<func::FuncOp>(op->getParentOp()) &&
         llvm::none_of(op->getResults(), isReturned);
}

/// What identifies a kernel's function: its generic form without
/// locations, printed under a fixed name.
std::string getBodyKey(func::FuncOp function) {
  std::string key;
  llvm::raw_string_ostream stream(key);
  function->print(stream, OpPrintingFlags()
                              .printGenericOpForm()
                              .enableDebugInfo(false)
                              .assumeVerified());
  return key;
}

struct OutlineFusionsPass
    : fuse::hlo::impl::OutlineFusionsPassBase<OutlineFusionsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    SmallVector<func::FuncOp> parents =
        llvm::filter_to_vector(module.getOps<func::FuncOp>(),
                               [](func::FuncOp f) { return !f.isExternal(); });
    for (func::FuncOp parent : parents) {
      SmallVector<Operation *> kernels;
      for (Operation &op : parent.getOps())
        if (isKernel(&op))
          kernels.push_back(&op);
      outlinedCount = 0;
      for (Operation *kernel : kernels)
        outline(kernel, parent, symbols);
    }
  }

  /// Replaces `kernel` of `parent` with a call to its function.
  void outline(Operation *kernel, func::FuncOp parent, SymbolTable &symbols) {
    MLIRContext *context = &getContext();
    Location loc = kernel->getLoc();
    SmallVector<Value> arguments;
    llvm::SetVector<Operation *> copies;
    for (Value operand : kernel->getOperands()) {
      if (isCopiedIn(operand))
        copies.insert(operand.getDefiningOp());
      else if (!llvm::is_contained(arguments, operand))
        arguments.push_back(operand);
    }

    // Built detached under a fixed name, so that its printed form
    // identifies its body.
    OpBuilder builder(context);
    auto type = builder.getFunctionType(ValueRange(arguments).getTypes(),
                                        kernel->getResultTypes());
    auto function = func::FuncOp::create(builder, loc, "kernel", type);
    function.setPrivate();
    Block *body = function.addEntryBlock();
    builder.setInsertionPointToStart(body);
    IRMapping inside;
    for (auto [value, argument] :
         llvm::zip_equal(arguments, body->getArguments()))
      inside.map(value, argument);
    for (Operation *copy : copies)
      builder.clone(*copy, inside);
    Operation *clone = builder.clone(*kernel, inside);
    func::ReturnOp::create(builder, loc, clone->getResults());

    StringRef callee;
    auto [existing, inserted] =
        functionsByBody.try_emplace(getBodyKey(function), function);
    if (inserted) {
      function.setName(
          (parent.getSymName() + "_fusion" + Twine(outlinedCount++)).str());
      symbols.insert(function);
      callee = function.getSymName();
    } else {
      callee = existing->second.getSymName();
      function.erase();
    }
    OpBuilder atKernel(kernel);
    auto call = func::CallOp::create(atKernel, loc, callee,
                                     kernel->getResultTypes(), arguments);
    kernel->replaceAllUsesWith(call.getResults());
    kernel->erase();
    for (Operation *copy : copies)
      if (copy->use_empty())
        copy->erase();
  }

  /// The functions outlined from the current parent so far.
  unsigned outlinedCount = 0;
  /// Outlined functions by the printed form of their body (getBodyKey).
  llvm::StringMap<func::FuncOp> functionsByBody;
};

} // namespace
