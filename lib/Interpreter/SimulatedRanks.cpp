//===- SimulatedRanks.cpp - threads that stand for ranks or devices -------===//

#include "SimulatedRanks.h"

#include "mlir/IR/Diagnostics.h"

#include <thread>

using namespace mlir;

namespace fuse::interp {
namespace {
thread_local SimulatedRanks *currentRanks = nullptr;
thread_local int64_t currentRank = 0;
} // namespace

SimulatedRanks *getCurrentRanks() { return currentRanks; }
int64_t getCurrentRank() { return currentRank; }

FailureOr<std::shared_ptr<const std::vector<Tensor>>>
SimulatedRanks::exchange(int64_t rank, Operation *op, Tensor value) {
  std::unique_lock<std::mutex> lock(mutex);
  // A rank stopped here because another left: said once, unless the other
  // failed (and said why) or the ranks were found at different ops.
  auto abandon =
      [&]() -> FailureOr<std::shared_ptr<const std::vector<Tensor>>> {
    if (!explained) {
      op->emitError() << "device " << rank
                      << " waits at this collective, which another device "
                         "finished the program without reaching (the devices "
                         "took different branches or loop trips)";
      explained = true;
    }
    return failure();
  };
  if (broken || finished > 0) {
    broken = true;
    changed.notify_all();
    return abandon();
  }
  if (ops.empty())
    ops.assign(count, nullptr);
  slots[rank] = std::move(value);
  ops[rank] = op;
  uint64_t myRound = round;
  if (++arrived == count) {
    for (int64_t other = 0; other < count; ++other) {
      if (ops[other] == op)
        continue;
      op->emitError() << "device " << rank << " reached this op while device "
                      << other << " reached another collective ("
                      << ops[other]->getName() << " at " << ops[other]->getLoc()
                      << ")";
      broken = explained = true;
      changed.notify_all();
      return failure();
    }
    auto values = std::make_shared<std::vector<Tensor>>();
    for (std::optional<Tensor> &slot : slots) {
      values->push_back(std::move(*slot));
      slot.reset();
    }
    gathered = std::move(values);
    arrived = 0;
    ++round;
    changed.notify_all();
  } else {
    changed.wait(lock, [&] { return round != myRound || broken; });
    if (round == myRound)
      return abandon();
  }
  return gathered;
}

void SimulatedRanks::leave(bool failed) {
  std::lock_guard<std::mutex> lock(mutex);
  ++finished;
  if (failed)
    explained = true;
  if (failed || arrived > 0)
    broken = true;
  changed.notify_all();
}

FailureOr<std::vector<SmallVector<Tensor>>> runOnEveryRank(
    int64_t count,
    llvm::function_ref<FailureOr<SmallVector<Tensor>>(int64_t)> body) {
  SimulatedRanks ranks(count);
  std::vector<FailureOr<SmallVector<Tensor>>> results(count, failure());
  std::vector<std::thread> threads;
  for (int64_t rank = 0; rank < count; ++rank)
    threads.emplace_back([&, rank] {
      currentRanks = &ranks;
      currentRank = rank;
      results[rank] = body(rank);
      ranks.leave(failed(results[rank]));
    });
  for (std::thread &thread : threads)
    thread.join();
  std::vector<SmallVector<Tensor>> values;
  for (auto &result : results) {
    if (failed(result))
      return failure();
    values.push_back(std::move(*result));
  }
  return values;
}

} // namespace fuse::interp
