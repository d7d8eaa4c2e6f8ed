//===- ParallelLoops.cpp - loops whose back edge lists parallel accesses --===//

#include "fuse/Codegen/Common/ParallelLoops.h"

#include "mlir/IR/Dominance.h"

using namespace mlir;

namespace {

/// The groups a loop's back edge `branch` lists as parallel accesses.
ArrayRef<LLVM::AccessGroupAttr> getParallelAccesses(Operation *branch) {
  LLVM::LoopAnnotationAttr annotation;
  if (auto jump = dyn_cast<LLVM::BrOp>(branch))
    annotation = jump.getLoopAnnotationAttr();
  else if (auto conditional = dyn_cast<LLVM::CondBrOp>(branch))
    annotation = conditional.getLoopAnnotationAttr();
  if (!annotation)
    return {};
  return annotation.getParallelAccesses();
}

/// The blocks of the loop whose back edge goes from `latch` to `header`:
/// the header and every block that reaches the latch without passing
/// through the header.
llvm::SetVector<Block *> getLoopBlocks(Block *header, Block *latch) {
  llvm::SetVector<Block *> blocks;
  blocks.insert(header);
  SmallVector<Block *> unvisited;
  if (blocks.insert(latch))
    unvisited.push_back(latch);
  while (!unvisited.empty())
    for (Block *predecessor : unvisited.pop_back_val()->getPredecessors())
      if (blocks.insert(predecessor))
        unvisited.push_back(predecessor);
  return blocks;
}

} // namespace

void fuse::forEachParallelLoop(
    LLVM::LLVMFuncOp function,
    llvm::function_ref<void(const llvm::SetVector<Block *> &,
                            ArrayRef<LLVM::AccessGroupAttr>)>
        callback) {
  std::optional<DominanceInfo> dominance;
  function.walk([&](Operation *branch) {
    ArrayRef<LLVM::AccessGroupAttr> groups = getParallelAccesses(branch);
    if (groups.empty())
      return;
    if (!dominance)
      dominance.emplace(function);
    // The back edge goes to the successor that dominates its block.
    Block *latch = branch->getBlock();
    for (Block *header : branch->getSuccessors())
      if (dominance->dominates(header, latch))
        callback(getLoopBlocks(header, latch), groups);
  });
}
