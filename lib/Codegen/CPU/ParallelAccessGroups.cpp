//===- ParallelAccessGroups.cpp - parallel loops' accesses in their groups ===//
//
// A loop serialized from an scf.parallel lists an access group as its
// parallel accesses (markParallelIterations), and its back edge carries that
// annotation into the LLVM dialect. LLVM takes a loop to be free of
// dependences between iterations only when every memory access in it belongs
// to one of those groups; it then vectorizes the loop without checking at
// run time that its buffers do not overlap, checks it gives up on past a few
// pairs of buffers (an LSTM step's gate fusion reads 4 and writes 12). The
// conversion to the LLVM dialect does not carry groups onto loads and
// stores, so this pass puts every memory access of such a loop into its
// groups.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Dominance.h"
#include "llvm/ADT/SetVector.h"

namespace fuse {
#define GEN_PASS_DEF_PARALLELACCESSGROUPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

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

/// Adds `groups` to the access groups of every memory access in `blocks`.
void addAccessGroups(const llvm::SetVector<Block *> &blocks,
                     ArrayRef<LLVM::AccessGroupAttr> groups) {
  for (Block *block : blocks)
    block->walk([&](LLVM::AccessGroupOpInterface access) {
      llvm::SetVector<Attribute> all;
      if (ArrayAttr existing = access.getAccessGroupsOrNull())
        all.insert(existing.begin(), existing.end());
      all.insert(groups.begin(), groups.end());
      access.setAccessGroups(
          ArrayAttr::get(access->getContext(), all.getArrayRef()));
    });
}

struct ParallelAccessGroupsPass
    : fuse::impl::ParallelAccessGroupsPassBase<ParallelAccessGroupsPass> {
  void runOnOperation() override {
    LLVM::LLVMFuncOp function = getOperation();
    DominanceInfo dominance(function);
    function.walk([&](Operation *branch) {
      ArrayRef<LLVM::AccessGroupAttr> groups = getParallelAccesses(branch);
      if (groups.empty())
        return;
      // The back edge goes to the successor that dominates its block.
      Block *latch = branch->getBlock();
      for (Block *header : branch->getSuccessors())
        if (dominance.dominates(header, latch))
          addAccessGroups(getLoopBlocks(header, latch), groups);
    });
  }
};

} // namespace
