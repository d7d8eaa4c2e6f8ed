//===- MPIFinalize.cpp - the --fuse-mpi-finalize pass ---------------------===//

#include "fuse/Codegen/MPI/Passes.h"

#include "mlir/Dialect/DLTI/DLTI.h"
#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

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

/// The rank and the size of the world communicator are the same everywhere
/// in a program: asked once at the function's entry, not in every loop
/// iteration, where MLIR 22's LLVM lowering of each query takes a new stack
/// slot (a loop that runs long enough overflows the stack).
void hoistWorldQueries(ModuleOp module) {
  SmallVector<Operation *> queries;
  module.walk([&](Operation *op) {
    if (isa<mpi::CommRankOp, mpi::CommSizeOp>(op) &&
        op->getOperand(0).getDefiningOp<mpi::CommWorldOp>())
      queries.push_back(op);
  });
  for (Operation *query : queries) {
    auto function = query->getParentOfType<FunctionOpInterface>();
    if (!function)
      continue;
    Block &entry = function.getFunctionBody().front();
    Operation *world = query->getOperand(0).getDefiningOp();
    world->moveBefore(&entry, entry.begin());
    query->moveAfter(world);
  }
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
    hoistWorldQueries(module);
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
