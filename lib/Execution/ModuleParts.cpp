//===- ModuleParts.cpp - an LLVM module in parts of equal cost ------------===//

#include "fuse/Execution/ModuleParts.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <algorithm>
#include <numeric>
#include <vector>

namespace fuse::exec {
namespace {

/// Below this cost a program is compiled in one piece: splitting, and the
/// bitcode that carries each part to its own context, would cost more than
/// the second thread saves. The attention block (1993 instructions) took
/// 135-185 ms in two pieces, 238-309 ms in one, on 2 cores; programs of
/// 120-930 instructions showed no difference.
constexpr size_t kMinCostToSplit = 1000;

/// The least cost of a part beyond the first one per thread: each part
/// costs its bitcode, a context, a target machine and pass pipelines. The
/// transformer LM step (27k instructions) took 0.80-0.83 s in 8 parts of at
/// least 2000, 0.75-0.76 s in 6 of at least 4000, and the ResNet step (70k,
/// 8 parts) as long either way.
constexpr size_t kMinCostPerPart = 4000;

/// Parts per thread, at most: enough that the last parts to finish are
/// small, few enough that their overhead stays small.
constexpr unsigned kPartsPerThread = 4;

/// What a function costs beyond its instructions: its machine function,
/// frame lowering and object symbols.
constexpr size_t kCostPerFunction = 20;

} // namespace

void makeLinkableAcrossParts(llvm::GlobalValue &global) {
  if (global.isDeclaration())
    return;
  if (global.hasLocalLinkage()) {
    if (!global.hasName())
      global.setName("fuse.part.unnamed");
    global.setLinkage(llvm::GlobalValue::ExternalLinkage);
    // Position-independent code reaches a variable of another part through
    // the GOT, which the JIT linker fills wherever the parts land; a direct
    // PC-relative reference, which hidden visibility would give, only
    // links within 2 GiB. Calls link at any distance either way (the
    // linker adds a stub where it must).
    if (llvm::isa<llvm::GlobalVariable>(global))
      global.setDSOLocal(false);
    else
      global.setVisibility(llvm::GlobalValue::HiddenVisibility);
    return;
  }
  if (global.hasLinkOnceLinkage())
    global.setLinkage(global.hasLinkOnceODRLinkage()
                          ? llvm::GlobalValue::WeakODRLinkage
                          : llvm::GlobalValue::WeakAnyLinkage);
}

std::unique_ptr<llvm::Module>
moveIntoNewModule(llvm::Module &module,
                  llvm::ArrayRef<llvm::Function *> functions,
                  bool defineVariables) {
  llvm::ValueToValueMapTy mapping;
  // Declarations of everything (and the variables' definitions): no
  // function body is cloned.
  std::unique_ptr<llvm::Module> moved =
      llvm::CloneModule(module, mapping, [&](const llvm::GlobalValue *global) {
        return defineVariables && llvm::isa<llvm::GlobalVariable>(global);
      });
  for (llvm::Function *function : functions) {
    auto *definition = llvm::cast<llvm::Function>(mapping[function]);
    definition->setLinkage(function->getLinkage());
    if (function->hasPersonalityFn())
      definition->setPersonalityFn(function->getPersonalityFn());
    llvm::SmallVector<std::pair<unsigned, llvm::MDNode *>> attachments;
    function->getAllMetadata(attachments);
    for (auto [kind, node] : attachments)
      definition->setMetadata(kind, node);
    definition->splice(definition->end(), function);
    for (auto [from, to] :
         llvm::zip_equal(function->args(), definition->args())) {
      to.takeName(&from);
      from.replaceAllUsesWith(&to);
    }
    // What stays calls a declaration.
    function->clearMetadata();
    function->setPersonalityFn(nullptr);
    function->setComdat(nullptr);
    function->setLinkage(llvm::GlobalValue::ExternalLinkage);
  }
  // The moved instructions still name `module`'s globals (and the moved
  // functions' old selves): each becomes its counterpart in `moved`.
  for (llvm::Function *function : functions)
    llvm::RemapFunction(*llvm::cast<llvm::Function>(mapping[function]), mapping,
                        llvm::RF_IgnoreMissingLocals |
                            llvm::RF_ReuseAndMutateDistinctMDs);
  return moved;
}

size_t getCompileCost(const llvm::Function &function) {
  return function.isDeclaration()
             ? 0
             : function.getInstructionCount() + kCostPerFunction;
}

unsigned countModuleParts(const llvm::Module &module, unsigned threads) {
  size_t cost = 0, functions = 0;
  for (const llvm::Function &function : module) {
    cost += getCompileCost(function);
    functions += !function.isDeclaration();
  }
  // An alias must be in its aliasee's part; MLIR's modules have none.
  if (threads <= 1 || cost < kMinCostToSplit || !module.alias_empty() ||
      !module.ifunc_empty())
    return 1;
  size_t parts = std::max<size_t>(threads, cost / kMinCostPerPart);
  parts = std::min<size_t>(parts, size_t(threads) * kPartsPerThread);
  return std::max<size_t>(1, std::min(parts, functions));
}

void splitModuleByCost(
    llvm::Module &module, unsigned parts,
    llvm::function_ref<void(std::unique_ptr<llvm::Module> part, size_t cost)>
        takePart) {
  for (llvm::Function &function : module)
    makeLinkableAcrossParts(function);
  for (llvm::GlobalVariable &variable : module.globals())
    makeLinkableAcrossParts(variable);

  // Longest processing time first: each function, largest first, goes to
  // the part of least cost so far (ties by name, for the same parts on
  // every compile of a program). Costs are counted once: a function's
  // instruction count walks its blocks.
  std::vector<std::pair<size_t, llvm::Function *>> functions;
  for (llvm::Function &function : module)
    if (!function.isDeclaration())
      functions.emplace_back(getCompileCost(function), &function);
  llvm::sort(functions, [](const auto &a, const auto &b) {
    return a.first != b.first ? a.first > b.first
                              : a.second->getName() < b.second->getName();
  });
  std::vector<size_t> costs(parts, 0);
  std::vector<llvm::SmallVector<llvm::Function *>> members(parts);
  for (auto [cost, function] : functions) {
    size_t part = std::min_element(costs.begin(), costs.end()) - costs.begin();
    costs[part] += cost;
    members[part].push_back(function);
  }

  std::vector<unsigned> order(parts);
  std::iota(order.begin(), order.end(), 0);
  llvm::sort(order, [&](unsigned a, unsigned b) {
    return costs[a] != costs[b] ? costs[a] > costs[b] : a < b;
  });
  for (unsigned part : order) {
    bool first = part == order.front();
    std::unique_ptr<llvm::Module> moved =
        moveIntoNewModule(module, members[part], /*defineVariables=*/first);
    if (!first)
      moved->setModuleInlineAsm("");
    takePart(std::move(moved), costs[part]);
  }
}

} // namespace fuse::exec
