//===- SimulatedRanks.h - threads that stand for ranks or devices -*- C++
//-*-===//
//
// Private to the interpreter. A program that runs on several ranks (the
// shard collectives of --distribute-splits) or devices (the hlo collectives
// of an SPMD program) is interpreted on one thread per rank. The threads
// meet at each collective and exchange their operands; each then computes
// its own result from all of them.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_INTERPRETER_SIMULATEDRANKS_H
#define FUSE_LIB_INTERPRETER_SIMULATEDRANKS_H

#include "fuse/Interpreter/Tensor.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <condition_variable>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

namespace fuse::interp {

/// The meeting point of the simulated ranks.
class SimulatedRanks {
public:
  explicit SimulatedRanks(int64_t count) : count(count), slots(count) {}

  int64_t size() const { return count; }

  /// Every rank's `value` at this collective, in rank order, once all have
  /// arrived; the ranks share the one copy. Fails when a rank has failed or
  /// left without reaching it, or when the ranks reached different ops
  /// (reported at `op`).
  llvm::FailureOr<std::shared_ptr<const std::vector<Tensor>>>
  exchange(int64_t rank, mlir::Operation *op, Tensor value);
  /// A rank is done: with `failed`, the others stop at their next meeting.
  void leave(bool failed);

private:
  int64_t count;
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::optional<Tensor>> slots;
  std::vector<mlir::Operation *> ops;
  std::shared_ptr<const std::vector<Tensor>> gathered;
  int64_t arrived = 0, finished = 0;
  uint64_t round = 0;
  bool broken = false;
  /// Whether the reason the ranks stop has been reported.
  bool explained = false;
};

/// The ranks the calling thread belongs to, and its rank; null and 0 outside
/// runOnEveryRank.
SimulatedRanks *getCurrentRanks();
int64_t getCurrentRank();

/// Runs `body` on `count` threads, one per simulated rank, and returns each
/// rank's results; fails when any rank fails.
llvm::FailureOr<std::vector<llvm::SmallVector<Tensor>>> runOnEveryRank(
    int64_t count,
    llvm::function_ref<llvm::FailureOr<llvm::SmallVector<Tensor>>(int64_t)>
        body);

} // namespace fuse::interp

#endif // FUSE_LIB_INTERPRETER_SIMULATEDRANKS_H
