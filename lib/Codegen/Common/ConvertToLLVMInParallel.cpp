//===- ConvertToLLVMInParallel.cpp - functions lowered on every core ------===//
//
// Upstream's conversions to the LLVM dialect that declare or convert
// functions take the whole module. A private function converts the same way
// in a module of its own, beside declarations of the functions it calls and
// copies of the other symbols it refers to, while its callers see a
// declaration of it.
//
//===----------------------------------------------------------------------===//

#include "LongestFirst.h"

#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseSet.h"

#include <mutex>

namespace fuse {
#define GEN_PASS_DEF_CONVERTTOLLVMINPARALLELPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The conversion of every module: upstream's passes, in the CPU
/// pipeline's order.
void addConversionPasses(OpPassManager &pm, bool useGenericFunctions) {
  pm.addPass(createConvertMathToLibmPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = useGenericFunctions;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

/// A function taken out of its module to be converted alone.
struct DetachedFunction {
  OwningOpRef<ModuleOp> module;
  StringAttr name;
  /// The symbols copied in with it, which the module converts itself.
  llvm::DenseSet<StringAttr> copies;
  size_t ops = 0;
};

/// The ops of the module that `function` refers to, or nothing when one is
/// not a top-level symbol of it.
std::optional<SmallVector<Operation *>>
getReferencedSymbols(func::FuncOp function, const SymbolTable &symbols) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(&function.getBody());
  if (!uses)
    return std::nullopt;
  SmallVector<Operation *> referenced;
  llvm::SmallDenseSet<Operation *> seen;
  for (const SymbolTable::SymbolUse &use : *uses) {
    SymbolRefAttr reference = use.getSymbolRef();
    Operation *symbol = reference.getNestedReferences().empty()
                            ? symbols.lookup(reference.getRootReference())
                            : nullptr;
    if (!symbol)
      return std::nullopt;
    if (symbol != function && seen.insert(symbol).second)
      referenced.push_back(symbol);
  }
  return referenced;
}

/// Moves `function` into a module of its own with what it refers to (a
/// declaration of each function, a copy of any other symbol), and leaves a
/// declaration of it in its place.
DetachedFunction detach(func::FuncOp function, ArrayRef<Operation *> referenced,
                        SymbolTable &symbols) {
  DetachedFunction detached;
  detached.name = function.getSymNameAttr();
  detached.module = ModuleOp::create(function.getLoc());
  // What conversions ask of the module: its data layout, target, MPI.
  (*detached.module)
      ->setDiscardableAttrs(symbols.getOp()->getDiscardableAttrDictionary());
  OpBuilder builder = OpBuilder::atBlockEnd(detached.module->getBody());
  for (Operation *symbol : referenced) {
    Operation *copy = isa<func::FuncOp>(symbol) ? symbol->cloneWithoutRegions()
                                                : symbol->clone();
    if (auto declaration = dyn_cast<func::FuncOp>(copy))
      declaration.setPrivate();
    builder.insert(copy);
    detached.copies.insert(SymbolTable::getSymbolName(copy));
  }
  function->walk([&](Operation *) { ++detached.ops; });
  symbols.remove(function);
  symbols.insert(function->cloneWithoutRegions(), Block::iterator(function));
  function->remove();
  builder.insert(function);
  return detached;
}

/// Whether `definition` is the body of the declaration `existing`.
bool defines(Operation *definition, Operation *existing) {
  auto body = dyn_cast<LLVM::LLVMFuncOp>(definition);
  auto declaration = dyn_cast<LLVM::LLVMFuncOp>(existing);
  return body && declaration && declaration.isExternal() &&
         !body.isExternal() &&
         body.getFunctionType() == declaration.getFunctionType();
}

/// Whether renaming `symbol` changes nothing outside its module: an LLVM
/// function defined or a global of internal or private linkage, or a symbol
/// of another dialect (an OpenMP reduction). A declaration names what it
/// links to.
bool isLocal(Operation *symbol) {
  auto isLocalLinkage = [](LLVM::Linkage linkage) {
    return linkage == LLVM::Linkage::Internal ||
           linkage == LLVM::Linkage::Private;
  };
  if (auto function = dyn_cast<LLVM::LLVMFuncOp>(symbol))
    return !function.isExternal() && isLocalLinkage(function.getLinkage());
  if (auto global = dyn_cast<LLVM::GlobalOp>(symbol))
    return isLocalLinkage(global.getLinkage());
  return true;
}

/// Puts `symbol` in the place of `existing`, under its name.
void replace(Operation *existing, Operation *symbol, SymbolTable &symbols) {
  Block::iterator position = std::next(Block::iterator(existing));
  symbols.erase(existing);
  symbols.insert(symbol, position);
}

/// Puts the converted function of `detached` in the place of its converted
/// declaration, and the symbols its conversion made in the module: one of
/// each where they are the same, a definition in the place of its
/// declaration, and renamed where a name is taken by something else.
LogicalResult attach(DetachedFunction &detached, SymbolTable &symbols) {
  Operation *function =
      SymbolTable::lookupSymbolIn(*detached.module, detached.name);
  Operation *declaration = symbols.lookup(detached.name);
  if (!function || !declaration)
    return detached.module->emitError("the conversion of @")
           << detached.name.getValue() << " lost it";
  function->remove();
  replace(declaration, function, symbols);

  // New symbols go first, as upstream's conversions put the declarations
  // they make.
  Block::iterator front = symbols.getOp()->getRegion(0).front().begin();
  SmallVector<std::pair<StringAttr, StringAttr>> renamed;
  for (Operation &op : llvm::make_early_inc_range(
           detached.module->getBody()->getOperations())) {
    StringAttr name = SymbolTable::getSymbolName(&op);
    if (!name)
      return op.emitError("the conversion left an op that is not a symbol "
                          "beside the function");
    if (detached.copies.contains(name))
      continue;
    Operation *existing = symbols.lookup(name);
    if (existing && OperationEquivalence::isEquivalentTo(
                        existing, &op, OperationEquivalence::IgnoreLocations))
      continue;
    bool definesExisting = existing && defines(&op, existing);
    if (existing && !definesExisting && !isLocal(&op))
      return function->emitError("its conversion declares @")
             << name.getValue()
             << ", which the module defines as something else";
    op.remove();
    if (definesExisting) {
      replace(existing, &op, symbols);
      continue;
    }
    StringAttr inserted = symbols.insert(&op, front);
    if (inserted != name)
      renamed.push_back({name, inserted});
  }
  for (auto [from, to] : renamed)
    if (failed(SymbolTable::replaceAllSymbolUses(from, to, function)))
      return function->emitError("cannot rename @")
             << from.getValue() << " to @" << to.getValue();
  return success();
}

struct ConvertToLLVMInParallelPass
    : fuse::impl::ConvertToLLVMInParallelPassBase<ConvertToLLVMInParallelPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager conversion(ModuleOp::getOperationName());
    addConversionPasses(conversion, useGenericFunctions);
    conversion.getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    std::vector<DetachedFunction> detached;
    for (func::FuncOp function :
         llvm::make_early_inc_range(module.getOps<func::FuncOp>())) {
      if (!function.isPrivate() || function.isExternal())
        continue;
      if (std::optional<SmallVector<Operation *>> referenced =
              getReferencedSymbols(function, symbols))
        detached.push_back(detach(function, *referenced, symbols));
    }

    // Each task takes a pass manager no other runs.
    std::mutex idleMutex;
    std::vector<std::unique_ptr<PassManager>> idle;
    auto convert = [&](Operation *task) {
      std::unique_ptr<PassManager> conversion;
      {
        std::lock_guard<std::mutex> lock(idleMutex);
        if (!idle.empty()) {
          conversion = std::move(idle.back());
          idle.pop_back();
        }
      }
      if (!conversion) {
        conversion = std::make_unique<PassManager>(&getContext());
        // The pipeline that runs this pass verifies its result.
        conversion->enableVerifier(false);
        addConversionPasses(*conversion, useGenericFunctions);
      }
      LogicalResult converted = conversion->run(task);
      std::lock_guard<std::mutex> lock(idleMutex);
      idle.push_back(std::move(conversion));
      return converted;
    };
    if (failed(fuse::forEachLongestFirst(module, ArrayRef(detached), convert)))
      return signalPassFailure();

    // The conversion replaced the module's functions.
    SymbolTable converted(module);
    for (DetachedFunction &function : detached)
      if (failed(attach(function, converted)))
        return signalPassFailure();
  }
};

} // namespace
