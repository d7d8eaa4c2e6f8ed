//===- TransferQueues.h - fuse-run as the program's outside -----*- C++ -*-===//
//
// hlo.infeed takes records from outside the program and hlo.outfeed gives
// records to it (docs/HLO.md, "Infeed and outfeed"). fuse-run plays that
// outside: each tensor a program receives is drawn from the run's seed, by
// queue, record and position, so the compiled program and the interpreter
// receive the same records; the records a program sends are kept, to print
// or to compare. Compiled code reaches it through the runtime functions of
// convert-hlo-transfers-to-calls, the interpreter as its TransferPeer.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_TRANSFERQUEUES_H
#define FUSE_EXECUTION_TRANSFERQUEUES_H

#include "fuse/Execution/HostBuffer.h"
#include "fuse/Interpreter/Transfers.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"

#include <map>
#include <mutex>
#include <string>
#include <vector>

namespace fuse::exec {

/// Whether `func`, or a function it calls, transfers records with the
/// outside of the program.
bool hasTransfers(mlir::func::FuncOp func);

class TransferQueues : public interp::TransferPeer {
public:
  /// Draws received tensors from `seed`; compiled code that calls the
  /// runtime functions runs as device `device` (its rank in an MPI job).
  TransferQueues(mlir::MLIRContext *context, uint64_t seed, int64_t device = 0);

  struct Record {
    Record(std::string queue, int64_t device)
        : queue(std::move(queue)), device(device) {}
    // Moved, never copied (as the buffers).
    Record(Record &&) = default;
    Record &operator=(Record &&) = default;

    /// "outfeed" or "channel N".
    std::string queue;
    int64_t device;
    llvm::SmallVector<HostBuffer> tensors;
  };
  /// The records the program sent, in order, while `keepSent` was on.
  llvm::ArrayRef<Record> getSent() const { return sent; }
  /// The same, taken out of the queues.
  std::vector<Record> takeSent() { return std::move(sent); }
  /// Whether sent records are kept (on at first): off for the timed runs of
  /// --bench, whose records repeat the first run's.
  void keepSent(bool keep) { keeping = keep; }

  interp::Tensor receive(const interp::TransferQueue &queue, unsigned position,
                         unsigned count, mlir::RankedTensorType type) override;
  void send(const interp::TransferQueue &queue, unsigned position,
            unsigned count, const interp::Tensor &tensor) override;

  /// Makes `queues` the outside of compiled code's calls of the runtime
  /// functions until the scope ends.
  class ScopedForCompiledCode {
  public:
    explicit ScopedForCompiledCode(TransferQueues &queues);
    ~ScopedForCompiledCode();
    ScopedForCompiledCode(const ScopedForCompiledCode &) = delete;
    ScopedForCompiledCode &operator=(const ScopedForCompiledCode &) = delete;

  private:
    TransferQueues *previous;
  };

  /// The runtime functions, for the JIT. Without queues in scope, a call
  /// ends the process with a message.
  static llvm::orc::SymbolMap
  getHookSymbols(llvm::orc::MangleAndInterner interner);

  /// The C interfaces of the runtime functions; `type` and `data` point to
  /// memref<?xi8> descriptors.
  void receiveBytes(int64_t channel, int64_t position, int64_t count,
                    llvm::StringRef type, char *data, int64_t bytes);
  void sendBytes(int64_t channel, int64_t position, int64_t count,
                 llvm::StringRef type, const char *data, int64_t bytes);

private:
  /// The tensor at `position` of the next (at position 0) or current record
  /// received on `queue`.
  HostBuffer draw(const interp::TransferQueue &queue, unsigned position,
                  mlir::RankedTensorType type);
  void keep(const interp::TransferQueue &queue, unsigned position,
            HostBuffer tensor);
  mlir::RankedTensorType parseRecordType(llvm::StringRef text);
  /// The queue of compiled code's `channel` (-1: XLA's feed) on `device`.
  interp::TransferQueue getQueue(int64_t channel) const;

  mlir::MLIRContext *context;
  uint64_t seed;
  int64_t device;
  bool keeping = true;
  std::mutex mutex;
  /// Records received so far, by device and channel (-1: the infeed).
  std::map<std::pair<int64_t, int64_t>, uint64_t> receivedRecords;
  std::vector<Record> sent;
  /// The record of `sent` that each device and channel is sending.
  std::map<std::pair<int64_t, int64_t>, size_t> openRecords;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_TRANSFERQUEUES_H
