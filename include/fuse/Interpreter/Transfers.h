//===- Transfers.h - the outside of an interpreted program ------*- C++ -*-===//
//
// hlo.infeed takes records from outside the program and hlo.outfeed gives
// records to it. The interpreter does not invent that outside: the caller
// attaches one (fuse-run's draws records from its seed), and a transfer
// without one is an error at the op.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_INTERPRETER_TRANSFERS_H
#define FUSE_INTERPRETER_TRANSFERS_H

#include "fuse/Interpreter/Tensor.h"

#include "mlir/IR/BuiltinTypes.h"

#include <cstdint>
#include <optional>

namespace fuse::interp {

/// Where a transfer's records go: a channel (XLA's `send` and `recv` with
/// the host or another program), or without one XLA's infeed or outfeed
/// queue, as seen from `device`.
struct TransferQueue {
  int64_t device;
  std::optional<int64_t> channel;
};

/// The outside of the programs the interpreter runs. A record is the
/// tensors of one transfer, passed one at a time: tensor `position` of
/// `count`. Called from every device's thread at once.
class TransferPeer {
public:
  virtual ~TransferPeer();
  /// The tensor at `position` of the next record the program receives on
  /// `queue`, of type `type`.
  virtual Tensor receive(const TransferQueue &queue, unsigned position,
                         unsigned count, mlir::RankedTensorType type) = 0;
  /// Tensor `position` of the record the program sends on `queue`.
  virtual void send(const TransferQueue &queue, unsigned position,
                    unsigned count, const Tensor &tensor) = 0;
};

/// Makes `peer` the outside of the programs that the interpreter runs until
/// the scope ends; the previous one, if any, is restored then.
class ScopedTransferPeer {
public:
  explicit ScopedTransferPeer(TransferPeer *peer);
  ~ScopedTransferPeer();
  ScopedTransferPeer(const ScopedTransferPeer &) = delete;
  ScopedTransferPeer &operator=(const ScopedTransferPeer &) = delete;

private:
  TransferPeer *previous;
};

} // namespace fuse::interp

#endif // FUSE_INTERPRETER_TRANSFERS_H
