//===- MPIFinalize.cpp - the --fuse-mpi-finalize pass ---------------------===//

#include "fuse/Codegen/MPI/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"

namespace fuse {
#define GEN_PASS_DEF_MPIFINALIZEPASS
#include "fuse/Codegen/MPI/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

constexpr llvm::StringLiteral kImplementationKey = "MPI:Implementation";

/// convert-shard-to-mpi splits the world communicator for every collective,
/// by the process's position in the grid. On a grid of one axis that spans
/// the whole job (fuse-run checks that the job has exactly the grid's
/// ranks) the split has one color and keeps the order: it is the world
/// again, at the cost of a collective and a communicator per call. With
/// the split gone, MLIR 22's OpenMPI lowering, which reads the new
/// communicator back as a 32-bit integer, is not needed either.
void keepCommunicatorsWhole(ModuleOp module) {
  module.walk([](mpi::CommSplitOp split) {
    APInt color;
    if (split.getRetval() ||
        !matchPattern(split.getColor(), m_ConstantInt(&color)))
      return;
    split.getNewcomm().replaceAllUsesWith(split.getComm());
    split.erase();
  });
}

struct MPIFinalizePass : fuse::impl::MPIFinalizePassBase<MPIFinalizePass> {
  using MPIFinalizePassBase::MPIFinalizePassBase;

  LogicalResult initialize(MLIRContext *context) override {
    if (implementation != "OpenMPI" && implementation != "MPICH")
      return emitError(UnknownLoc::get(context))
             << "fuse-mpi-finalize: unknown implementation '" << implementation
             << "': expected 'OpenMPI' or 'MPICH'";
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    keepCommunicatorsWhole(module);
    SmallVector<mlir::shard::GridOp> grids(
        module.getBody()->getOps<mlir::shard::GridOp>());
    for (mlir::shard::GridOp grid : grids) {
      if (!SymbolTable::symbolKnownUseEmpty(grid, module)) {
        grid.emitError() << "grid @" << grid.getSymName()
                         << " is still used; run convert-shard-to-mpi first";
        return signalPassFailure();
      }
      grid.erase();
    }
    bool hasMPIOps = module
                         .walk([](Operation *op) {
                           return isa<mpi::MPIDialect>(op->getDialect())
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         })
                         .wasInterrupted();
    if (!hasMPIOps)
      return;
    auto entries = module->getAttrOfType<MapAttr>(DLTIDialect::kMapAttrName);
    MLIRContext *context = &getContext();
    SmallVector<DataLayoutEntryInterface> kept;
    if (entries) {
      if (succeeded(entries.query(DataLayoutEntryKey(
              StringAttr::get(context, kImplementationKey)))))
        return;
      llvm::append_range(kept, entries.getEntries());
    }
    kept.push_back(
        DataLayoutEntryAttr::get(StringAttr::get(context, kImplementationKey),
                                 StringAttr::get(context, implementation)));
    module->setAttr(DLTIDialect::kMapAttrName, MapAttr::get(context, kept));
  }
};

} // namespace
