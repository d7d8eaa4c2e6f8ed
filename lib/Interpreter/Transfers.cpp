//===- Transfers.cpp - hlo.infeed and hlo.outfeed -------------------------===//

#include "fuse/Interpreter/Transfers.h"

#include "Evaluators.h"
#include "SimulatedRanks.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include <atomic>

using namespace mlir;
using namespace fuse::interp;

namespace {

/// Process-wide: the devices of an SPMD program run on threads of their own.
std::atomic<TransferPeer *> attachedPeer = nullptr;

/// The queue of `op` as seen from the calling thread's device.
template <typename OpTy> TransferQueue getQueue(OpTy op) {
  std::optional<uint64_t> channel = op.getChannelId();
  return {getCurrentRank(),
          channel ? std::optional<int64_t>(*channel) : std::nullopt};
}

FailureOr<TransferPeer *> getPeer(Operation *op) {
  if (TransferPeer *peer = attachedPeer.load())
    return peer;
  return op->emitOpError(
      "needs the outside of the program, which the caller of the "
      "interpreter attaches (fuse-run draws the records it receives)");
}

} // namespace

TransferPeer::~TransferPeer() = default;

ScopedTransferPeer::ScopedTransferPeer(TransferPeer *peer)
    : previous(attachedPeer.exchange(peer)) {}

ScopedTransferPeer::~ScopedTransferPeer() { attachedPeer.store(previous); }

std::optional<FailureOr<SmallVector<Tensor>>>
fuse::interp::evaluateTransferOp(Operation *op, ArrayRef<Tensor> operands) {
  if (auto infeed = dyn_cast<hlo::InfeedOp>(op)) {
    FailureOr<TransferPeer *> peer = getPeer(op);
    if (failed(peer))
      return FailureOr<SmallVector<Tensor>>(failure());
    SmallVector<Tensor> records;
    TransferQueue queue = getQueue(infeed);
    unsigned count = infeed.getNumResults();
    for (auto [position, type] : llvm::enumerate(infeed.getResultTypes()))
      records.push_back((*peer)->receive(queue, position, count,
                                         cast<RankedTensorType>(type)));
    return FailureOr<SmallVector<Tensor>>(std::move(records));
  }
  if (auto outfeed = dyn_cast<hlo::OutfeedOp>(op)) {
    FailureOr<TransferPeer *> peer = getPeer(op);
    if (failed(peer))
      return FailureOr<SmallVector<Tensor>>(failure());
    TransferQueue queue = getQueue(outfeed);
    for (auto [position, tensor] : llvm::enumerate(operands))
      (*peer)->send(queue, position, operands.size(), tensor);
    return FailureOr<SmallVector<Tensor>>(SmallVector<Tensor>());
  }
  return std::nullopt;
}
