//===- Entries.cpp - which functions of a program run ---------------------===//

#include "fuse/Execution/Entries.h"

#include "fuse/Support/ElementType.h"

#include "fuse/Execution/JitProgram.h"

#include "fuse/Dialect/HLO/Transforms/DistributeSplits.h"

#include "mlir/Dialect/Shard/IR/ShardOps.h"

using namespace mlir;

namespace fuse::exec {
namespace {

std::string listFunctions(llvm::ArrayRef<func::FuncOp> functions) {
  std::string list;
  for (func::FuncOp func : functions)
    list += (list.empty() ? "@" : ", @") + func.getSymName().str();
  return list.empty() ? "none" : list;
}

std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

} // namespace

llvm::SmallVector<func::FuncOp> getPublicFunctions(ModuleOp module) {
  llvm::SmallVector<func::FuncOp> functions;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      functions.push_back(func);
  return functions;
}

llvm::Expected<func::FuncOp> selectEntry(ModuleOp module,
                                         std::optional<llvm::StringRef> entry,
                                         llvm::StringRef programName) {
  llvm::SmallVector<func::FuncOp> candidates = getPublicFunctions(module);
  llvm::StringRef name = entry.value_or("main");
  for (func::FuncOp func : candidates)
    if (func.getSymName() == name)
      return func;
  if (!entry && candidates.size() == 1)
    return candidates.front();
  if (!entry)
    return llvm::createStringError(
        programName + " has no @main and " + llvm::Twine(candidates.size()) +
        " public functions: name the entry (available: " +
        listFunctions(candidates) + ")");
  return llvm::createStringError(
      "no public function @" + name + " in " + programName +
      " (available: " + listFunctions(candidates) + ")");
}

llvm::Expected<llvm::SmallVector<func::FuncOp>>
selectAllEntries(ModuleOp module, llvm::StringRef programName) {
  llvm::SmallVector<func::FuncOp> functions = getPublicFunctions(module);
  if (functions.empty())
    return llvm::createStringError(programName +
                                   " has no public function to run");
  return functions;
}

/// "f16, bf16, ... or ui64", from fuse's table of element types.
static std::string elementTypeNames() {
  std::string names;
  const std::vector<ElementTypeInfo> &types = getElementTypes();
  for (size_t i = 0; i < types.size(); ++i)
    names += std::string(i == 0                  ? ""
                         : i + 1 == types.size() ? " or "
                                                 : ", ") +
             types[i].name;
  return names;
}

llvm::Error checkRunnableSignature(func::FuncOp func) {
  auto check = [&](TypeRange types, llvm::StringRef what) -> llvm::Error {
    for (auto [i, type] : llvm::enumerate(types))
      if (!isRunnableType(type))
        return llvm::createStringError(
            "@" + func.getSymName() + " " + what + " " + llvm::Twine(i) +
            " has type " + typeToString(type) +
            "; fuse runs statically shaped tensors of " + elementTypeNames());
    return llvm::Error::success();
  };
  if (llvm::Error error = check(func.getArgumentTypes(), "argument"))
    return error;
  return check(func.getResultTypes(), "result");
}

std::optional<int64_t> getDistributedRanks(ModuleOp module) {
  for (auto grid : module.getBody()->getOps<mlir::shard::GridOp>())
    if (grid.getSymName() == hlo::kRanksGridName && grid.getShape().size() == 1)
      return grid.getShape()[0];
  return std::nullopt;
}

} // namespace fuse::exec
