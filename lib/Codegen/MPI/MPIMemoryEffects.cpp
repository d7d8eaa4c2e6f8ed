//===- MPIMemoryEffects.cpp - what MPI's ops read and write ---------------===//

#include "fuse/Codegen/MPI/MPIMemoryEffects.h"

#include "mlir/Dialect/MPI/IR/MPI.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

using Effects =
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>;

/// `Effect` on the one buffer of `Op`.
template <typename Op, typename Effect>
struct BufferEffect
    : MemoryEffectOpInterface::ExternalModel<BufferEffect<Op, Effect>, Op> {
  void getEffects(Operation *op, Effects &effects) const {
    effects.emplace_back(Effect::get(), &cast<Op>(op).getRefMutable());
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
    using Read = MemoryEffects::Read;
    using Write = MemoryEffects::Write;
    mpi::SendOp::attachInterface<BufferEffect<mpi::SendOp, Read>>(*context);
    mpi::ISendOp::attachInterface<BufferEffect<mpi::ISendOp, Read>>(*context);
    mpi::RecvOp::attachInterface<BufferEffect<mpi::RecvOp, Write>>(*context);
    mpi::IRecvOp::attachInterface<BufferEffect<mpi::IRecvOp, Write>>(*context);
  });
}
