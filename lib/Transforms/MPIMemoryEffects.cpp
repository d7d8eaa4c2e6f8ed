//===- MPIMemoryEffects.cpp - what MPI's ops read and write ---------------===//

#include "fuse/Transforms/MPIMemoryEffects.h"

#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

using Effects =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

template <typename Op>
struct ReadsBuffer
    : MemoryEffectOpInterface::ExternalModel<ReadsBuffer<Op>, Op> {
  void getEffects(Operation *op, Effects &effects) const {
    effects.emplace_back(MemoryEffects::Read::get(),
                         &cast<Op>(op).getRefMutable());
  }
};

template <typename Op>
struct WritesBuffer
    : MemoryEffectOpInterface::ExternalModel<WritesBuffer<Op>, Op> {
  void getEffects(Operation *op, Effects &effects) const {
    effects.emplace_back(MemoryEffects::Write::get(),
                         &cast<Op>(op).getRefMutable());
  }
};

struct AllReduceEffects
    : MemoryEffectOpInterface::ExternalModel<AllReduceEffects,
                                             mpi::AllReduceOp> {
  void getEffects(Operation *op, Effects &effects) const {
    auto reduce = cast<mpi::AllReduceOp>(op);
    effects.emplace_back(MemoryEffects::Read::get(),
                         &reduce.getSendbufMutable());
    effects.emplace_back(MemoryEffects::Write::get(),
                         &reduce.getRecvbufMutable());
  }
};

} // namespace

void fuse::registerMPIMemoryEffects(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *context, mpi::MPIDialect *) {
    mpi::AllReduceOp::attachInterface<AllReduceEffects>(*context);
    mpi::SendOp::attachInterface<ReadsBuffer<mpi::SendOp>>(*context);
    mpi::ISendOp::attachInterface<ReadsBuffer<mpi::ISendOp>>(*context);
    mpi::RecvOp::attachInterface<WritesBuffer<mpi::RecvOp>>(*context);
    mpi::IRecvOp::attachInterface<WritesBuffer<mpi::IRecvOp>>(*context);
  });
}
