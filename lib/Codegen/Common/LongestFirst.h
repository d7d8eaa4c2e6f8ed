//===- LongestFirst.h - a module and its detached functions on every core -===//
//
// Passes that run upstream's module passes one function at a time detach
// each function into a module of its own, then work on the module and the
// detached modules on every core.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_COMMON_LONGESTFIRST_H
#define FUSE_LIB_CODEGEN_COMMON_LONGESTFIRST_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Threading.h"

#include <limits>

namespace fuse {

/// Runs `work` on `module` and on the module of each of `detached` (a
/// `module` of `ops` ops) on every core, the module first, then the largest:
/// the longest tasks start first. Fails where one task fails.
template <typename Detached>
mlir::LogicalResult forEachLongestFirst(
    mlir::ModuleOp module, llvm::ArrayRef<Detached> detached,
    llvm::function_ref<mlir::LogicalResult(mlir::Operation *)> work) {
  llvm::SmallVector<std::pair<size_t, mlir::Operation *>> tasks = {
      {std::numeric_limits<size_t>::max(), module}};
  for (const Detached &function : detached)
    tasks.push_back({function.ops, function.module.get()});
  llvm::stable_sort(
      tasks, [](const auto &a, const auto &b) { return a.first > b.first; });
  return mlir::failableParallelForEach(
      module.getContext(), tasks,
      [&](const auto &task) { return work(task.second); });
}

} // namespace fuse

#endif // FUSE_LIB_CODEGEN_COMMON_LONGESTFIRST_H
