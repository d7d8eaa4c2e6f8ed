//===- DropUnusedArguments.cpp - private functions take what they read ----===//
//
// Lowered memrefs pass every field of their descriptors; kernels of static
// shapes read one. Dropping the others shrinks every call of the host glue,
// which LLVM compiles without optimization, and every kernel's signature.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/FunctionUses.h"
#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

namespace fuse {
#define GEN_PASS_DEF_DROPUNUSEDARGUMENTSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// A call's `attributes` (one per operand) without those at `dropped`.
ArrayAttr dropEntries(ArrayAttr attributes, const llvm::BitVector &dropped) {
  SmallVector<Attribute> kept;
  for (auto [index, attribute] : llvm::enumerate(attributes))
    if (!dropped.test(index))
      kept.push_back(attribute);
  return ArrayAttr::get(attributes.getContext(), kept);
}

void dropCallOperands(LLVM::CallOp call, const llvm::BitVector &dropped) {
  MutableOperandRange operands = call.getCalleeOperandsMutable();
  for (int index = dropped.find_last(); index >= 0;
       index = dropped.find_prev(index))
    operands.erase(index);
  if (ArrayAttr attributes = call.getArgAttrsAttr())
    call.setArgAttrsAttr(dropEntries(attributes, dropped));
}

/// FunctionOpInterface's eraseArguments cannot build an LLVM function type
/// (it keeps a result type even for void): the type is built here, and the
/// interface's helper drops the argument attributes and block arguments.
void dropArguments(LLVM::LLVMFuncOp function, const llvm::BitVector &dropped) {
  LLVM::LLVMFunctionType type = function.getFunctionType();
  SmallVector<Type> kept;
  for (auto [index, parameter] : llvm::enumerate(type.getParams()))
    if (!dropped.test(index))
      kept.push_back(parameter);
  function_interface_impl::eraseFunctionArguments(
      function, dropped,
      LLVM::LLVMFunctionType::get(type.getReturnType(), kept, type.isVarArg()));
}

struct DropUnusedArgumentsPass
    : fuse::impl::DropUnusedArgumentsPassBase<DropUnusedArgumentsPass> {
  void runOnOperation() override {
    fuse::FunctionUses uses(getOperation());
    // Callees first would need a call graph; a worklist gets there too: a
    // function whose arguments drop puts its callers back, whose arguments
    // may have fed only those operands.
    llvm::SetVector<LLVM::LLVMFuncOp> worklist;
    for (auto function : getOperation().getOps<LLVM::LLVMFuncOp>())
      if (!function.isExternal())
        worklist.insert(function);
    // Callers of functions that lost arguments: what built those operands
    // is dead. Other functions come from the canonicalizer without dead code.
    // DCE never erases a call (llvm.call declares no memory effects): the
    // calls listed in `uses` stay valid.
    llvm::DenseSet<Operation *> callers;
    IRRewriter rewriter(&getContext());
    while (!worklist.empty()) {
      LLVM::LLVMFuncOp function = worklist.pop_back_val();
      if (callers.erase(function))
        (void)runRegionDCE(rewriter, function.getBody());
      if (!uses.hasOnlyDirectCalls(function))
        continue;
      llvm::BitVector unused(function.getNumArguments());
      for (BlockArgument argument : function.getArguments())
        if (argument.use_empty())
          unused.set(argument.getArgNumber());
      if (unused.none())
        continue;
      for (LLVM::CallOp call : uses.calls.lookup(function.getSymNameAttr())) {
        dropCallOperands(call, unused);
        if (auto caller = call->getParentOfType<LLVM::LLVMFuncOp>()) {
          callers.insert(caller);
          worklist.insert(caller);
        }
      }
      dropArguments(function, unused);
    }
  }
};

} // namespace
