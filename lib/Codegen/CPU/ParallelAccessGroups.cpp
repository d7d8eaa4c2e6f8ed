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
#include "fuse/Codegen/Common/ParallelLoops.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/SetVector.h"

namespace fuse {
#define GEN_PASS_DEF_PARALLELACCESSGROUPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

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
    fuse::forEachParallelLoop(getOperation(), addAccessGroups);
  }
};

} // namespace
