//===- OutlineKernels.cpp - one function per kernel -----------------------===//
//
// Translating an omp.parallel to LLVM IR scans its whole enclosing function,
// and LLVM optimizes a function on one thread: a program of hundreds of
// kernels in one function compiles in time that grows with the square of
// its size, on one core. Each kernel moves into a function of its own, which
// identical kernels share.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/Passes.h"
#include "fuse/Support/OutlinedFunctions.h"
#include "fuse/Support/StructuralKey.h"

#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Threading.h"
#include "mlir/Interfaces/LoopLikeInterface.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

namespace fuse {
#define GEN_PASS_DEF_OUTLINEKERNELSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool forksThreads(Operation *op) {
  return op->walk([](omp::ParallelOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// The kernels of `region` in program order: outermost omp.parallel ops, and
/// outermost loops that fork no threads. Other ops with regions (a while
/// loop, a loop around parallel loops) are searched.
void collectKernels(Region &region, SmallVectorImpl<Operation *> &kernels) {
  for (Block &block : region)
    for (Operation &op : block) {
      if (isa<omp::ParallelOp>(op) ||
          (isa<LoopLikeOpInterface>(op) && !isa<scf::WhileOp>(op) &&
           !forksThreads(&op))) {
        kernels.push_back(&op);
        continue;
      }
      for (Region &inner : op.getRegions())
        collectKernels(inner, kernels);
    }
}

/// Values whose defining op is copied into each kernel that reads them, so
/// that LLVM still knows them there.
bool isCopiedIn(Value value) {
  Operation *definition = value.getDefiningOp();
  return definition && definition->getNumResults() == 1 &&
         (definition->hasTrait<OpTrait::ConstantLike>() ||
          isa<memref::GetGlobalOp>(definition));
}

struct OutlineKernelsPass
    : fuse::impl::OutlineKernelsPassBase<OutlineKernelsPass> {
  using Base::Base;

  /// A kernel's detached function and the call that replaced the kernel.
  struct Outlined {
    func::FuncOp function;
    func::CallOp call;
    func::FuncOp parent;
  };

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Outlined> outlined;
    for (func::FuncOp parent : fuse::getDefinedFunctions(module)) {
      SmallVector<Operation *> kernels;
      collectKernels(parent.getBody(), kernels);
      for (Operation *kernel : kernels)
        outlined.push_back(outline(kernel, parent));
    }
    for (Operation *copied : copiedIn)
      if (copied->use_empty())
        copied->erase();
    // Each detached function is printed for its key on every core; then
    // they join the module in order, identical ones shared.
    SmallVector<std::string> keys(outlined.size());
    if (mergeIdentical)
      parallelFor(&getContext(), 0, outlined.size(), [&](size_t i) {
        keys[i] = fuse::getStructuralKey(outlined[i].function);
      });
    fuse::OutlinedFunctions functions(module);
    for (auto [kernel, key] : llvm::zip_equal(outlined, keys))
      kernel.call.setCallee(
          mergeIdentical
              ? functions.share(kernel.function, kernel.parent, "kernel",
                                std::move(key))
              : functions.insert(kernel.function, kernel.parent, "kernel"));
  }

  /// Replaces `kernel` of `parent` with a call to a detached function of
  /// it, which the caller names.
  Outlined outline(Operation *kernel, func::FuncOp parent) {
    MLIRContext *context = &getContext();
    Location loc = kernel->getLoc();
    llvm::SetVector<Value> read(kernel->operand_begin(), kernel->operand_end());
    getUsedValuesDefinedAbove(kernel->getRegions(), read);
    SmallVector<Value> arguments;
    SmallVector<Operation *> copies;
    for (Value value : read) {
      if (isCopiedIn(value)) {
        copies.push_back(value.getDefiningOp());
        copiedIn.insert(value.getDefiningOp());
      } else
        arguments.push_back(value);
    }

    IRMapping inside;
    func::FuncOp function = fuse::createOutlinedFunction(
        loc, arguments, kernel->getResultTypes(), copies, inside);
    OpBuilder builder(context);
    function->setAttr("passthrough",
                      builder.getArrayAttr(builder.getStringAttr("noinline")));
    Block *body = &function.getBody().front();

    OpBuilder atKernel(kernel);
    auto call = func::CallOp::create(atKernel, loc, "kernel",
                                     kernel->getResultTypes(), arguments);
    kernel->replaceAllUsesWith(call.getResults());
    kernel->moveBefore(body, body->end());
    // One walk over the kernel: replacing the uses of each read value would
    // visit every use of a constant that all kernels share.
    kernel->walk([&](Operation *op) {
      for (OpOperand &operand : op->getOpOperands())
        if (Value replacement = inside.lookupOrNull(operand.get()))
          operand.set(replacement);
    });
    builder.setInsertionPointToEnd(body);
    func::ReturnOp::create(builder, loc, kernel->getResults());
    return {function, call, parent};
  }

  /// The ops copied into kernels: those no longer read where they are go.
  llvm::SetVector<Operation *> copiedIn;
};

} // namespace
