//===- FunctionUses.cpp - who calls each LLVM function --------------------===//

#include "fuse/Codegen/Common/FunctionUses.h"

#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Threading.h"

using namespace mlir;

/// The call `use` is, when it is a direct call of the symbol it names.
static LLVM::CallOp getDirectCall(const SymbolTable::SymbolUse &use) {
  auto call = dyn_cast<LLVM::CallOp>(use.getUser());
  return call && call.getCalleeAttr() == use.getSymbolRef() ? call : nullptr;
}

fuse::FunctionUses::FunctionUses(ModuleOp module) {
  // The symbol uses of each op of the module, found on every core: the walk
  // checks every attribute of every op.
  auto ops = llvm::map_to_vector(module.getBody()->getOperations(),
                                 [](Operation &op) { return &op; });
  SmallVector<std::optional<SymbolTable::UseRange>> uses(ops.size());
  parallelFor(module.getContext(), 0, ops.size(),
              [&](size_t i) { uses[i] = SymbolTable::getSymbolUses(ops[i]); });
  for (const std::optional<SymbolTable::UseRange> &opUses : uses) {
    if (!opUses) {
      complete = false;
      continue;
    }
    for (const SymbolTable::SymbolUse &use : *opUses) {
      StringAttr name = use.getSymbolRef().getRootReference();
      if (LLVM::CallOp call = getDirectCall(use))
        calls[name].push_back(call);
      else
        ++otherwise[name];
    }
  }
}

void fuse::FunctionUses::forget(Operation *op) {
  std::optional<SymbolTable::UseRange> opUses = SymbolTable::getSymbolUses(op);
  if (!opUses)
    return;
  for (const SymbolTable::SymbolUse &use : *opUses) {
    StringAttr name = use.getSymbolRef().getRootReference();
    if (LLVM::CallOp call = getDirectCall(use))
      llvm::erase(calls[name], call);
    else if (--otherwise[name] == 0)
      otherwise.erase(name);
  }
}

bool fuse::FunctionUses::hasOnlyDirectCalls(LLVM::LLVMFuncOp function) const {
  return complete && function.isPrivate() && !function.isExternal() &&
         !function.isVarArg() && !otherwise.contains(function.getSymNameAttr());
}
