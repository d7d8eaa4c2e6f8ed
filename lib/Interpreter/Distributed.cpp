//===- Distributed.cpp - programs of --distribute-splits, on every rank ---===//
//
// A distributed program computes its result on R ranks together. The
// interpreter runs it as written: R threads, one per rank of the program's
// grid, that meet at each shard.all_reduce and combine their tensors in
// rank order. Every rank ends with the same results; rank 0's are returned.
// Also here: the index arithmetic around the loop bounds (arith on index
// and small integers, tensor.from_elements / extract), on rank-0 tensors.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

#include <condition_variable>
#include <mutex>
#include <thread>

using namespace mlir;

namespace fuse::interp {
namespace {

/// The meeting point of the simulated ranks.
class SimulatedRanks {
public:
  explicit SimulatedRanks(int64_t count) : count(count), slots(count) {}

  int64_t size() const { return count; }

  /// The values of every rank at this collective, combined; fails when a
  /// rank has failed or left without reaching it.
  FailureOr<Tensor> allReduce(int64_t rank, Tensor value,
                              mlir::shard::ReductionKind kind);
  /// A rank is done: with `failed`, the others stop at their next meeting.
  void leave(bool failed);

private:
  Tensor combine(mlir::shard::ReductionKind kind) const;

  int64_t count;
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::optional<Tensor>> slots;
  std::optional<Tensor> combined;
  int64_t arrived = 0, finished = 0;
  uint64_t round = 0;
  bool broken = false;
};

thread_local SimulatedRanks *currentRanks = nullptr;
thread_local int64_t currentRank = 0;

Tensor SimulatedRanks::combine(mlir::shard::ReductionKind kind) const {
  Tensor result = *slots[0];
  Type elementType = result.getElementType();
  for (int64_t rank = 1; rank < count; ++rank) {
    const Tensor &value = *slots[rank];
    for (int64_t i = 0; i < result.getNumElements(); ++i) {
      if (result.isFloat()) {
        double a = result.getFloat(i), b = value.getFloat(i);
        double c = kind == mlir::shard::ReductionKind::Product ? a * b
                   : kind == mlir::shard::ReductionKind::Max   ? std::max(a, b)
                   : kind == mlir::shard::ReductionKind::Min   ? std::min(a, b)
                                                               : a + b;
        result.setFloat(i, Tensor::roundToFormat(c, elementType));
        continue;
      }
      int64_t a = result.getInt(i), b = value.getInt(i);
      int64_t c;
      switch (kind) {
      case mlir::shard::ReductionKind::Product:
        c = static_cast<int64_t>(static_cast<uint64_t>(a) *
                                 static_cast<uint64_t>(b));
        break;
      case mlir::shard::ReductionKind::BitwiseOr:
        c = a | b;
        break;
      case mlir::shard::ReductionKind::BitwiseAnd:
        c = a & b;
        break;
      case mlir::shard::ReductionKind::Max:
        c = std::max(a, b);
        break;
      case mlir::shard::ReductionKind::Min:
        c = std::min(a, b);
        break;
      default:
        c = static_cast<int64_t>(static_cast<uint64_t>(a) +
                                 static_cast<uint64_t>(b));
      }
      result.setInt(i, Tensor::wrapToWidth(c, elementType));
    }
  }
  return result;
}

FailureOr<Tensor> SimulatedRanks::allReduce(int64_t rank, Tensor value,
                                            mlir::shard::ReductionKind kind) {
  std::unique_lock<std::mutex> lock(mutex);
  if (broken || finished > 0) {
    broken = true;
    changed.notify_all();
    return failure();
  }
  slots[rank] = std::move(value);
  uint64_t myRound = round;
  if (++arrived == count) {
    combined = combine(kind);
    arrived = 0;
    ++round;
    changed.notify_all();
  } else {
    changed.wait(lock, [&] { return round != myRound || broken; });
    if (round == myRound)
      return failure();
  }
  return *combined;
}

void SimulatedRanks::leave(bool failed) {
  std::lock_guard<std::mutex> lock(mutex);
  ++finished;
  if (failed || arrived > 0)
    broken = true;
  changed.notify_all();
}

int64_t indexValue(const Tensor &tensor) { return tensor.getInt(0); }

Tensor scalarOf(Type type, int64_t value) {
  // Index values are held as i64, as the interpreter's loops hold them.
  if (type.isIndex())
    type = IntegerType::get(type.getContext(), 64);
  Tensor tensor({}, type);
  tensor.setInt(0, Tensor::wrapToWidth(value, type));
  return tensor;
}

std::optional<Tensor> evaluateScalarArith(Operation *op,
                                          ArrayRef<Tensor> operands) {
  if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
    auto value = dyn_cast<IntegerAttr>(constant.getValue());
    if (!value)
      return std::nullopt;
    return scalarOf(constant.getType(), value.getValue().getSExtValue());
  }
  // Only arithmetic on scalars: index values and integers, not tensors.
  if (!isa_and_nonnull<arith::ArithDialect>(op->getDialect()) ||
      op->getNumResults() != 1 || !op->getResult(0).getType().isIntOrIndex() ||
      llvm::any_of(operands, [](const Tensor &operand) {
        return operand.getRank() != 0 || operand.isFloat();
      }))
    return std::nullopt;
  if (isa<arith::IndexCastOp, arith::IndexCastUIOp>(op))
    return scalarOf(op->getResult(0).getType(), indexValue(operands[0]));
  if (op->getNumOperands() != 2)
    return std::nullopt;
  int64_t a = indexValue(operands[0]), b = indexValue(operands[1]);
  auto u = [](int64_t v) { return static_cast<uint64_t>(v); };
  std::optional<int64_t> result =
      TypeSwitch<Operation *, std::optional<int64_t>>(op)
          .Case([&](arith::AddIOp) { return int64_t(u(a) + u(b)); })
          .Case([&](arith::SubIOp) { return int64_t(u(a) - u(b)); })
          .Case([&](arith::MulIOp) { return int64_t(u(a) * u(b)); })
          .Case([&](arith::DivUIOp) {
            return b ? std::optional<int64_t>(u(a) / u(b)) : std::nullopt;
          })
          .Case([&](arith::DivSIOp) {
            return b ? std::optional<int64_t>(a / b) : std::nullopt;
          })
          .Case([&](arith::RemUIOp) {
            return b ? std::optional<int64_t>(u(a) % u(b)) : std::nullopt;
          })
          .Case([&](arith::RemSIOp) {
            return b ? std::optional<int64_t>(a % b) : std::nullopt;
          })
          .Case([&](arith::MinSIOp) { return std::min(a, b); })
          .Case([&](arith::MaxSIOp) { return std::max(a, b); })
          .Case([&](arith::MinUIOp) { return int64_t(std::min(u(a), u(b))); })
          .Case([&](arith::MaxUIOp) { return int64_t(std::max(u(a), u(b))); })
          .Default([](Operation *) { return std::nullopt; });
  if (!result)
    return std::nullopt;
  return scalarOf(op->getResult(0).getType(), *result);
}

} // namespace

std::optional<FailureOr<Tensor>>
evaluateDistributionOp(Operation *op, ArrayRef<Tensor> operands) {
  if (std::optional<Tensor> scalar = evaluateScalarArith(op, operands))
    return FailureOr<Tensor>(std::move(*scalar));
  if (auto elements = dyn_cast<tensor::FromElementsOp>(op)) {
    Tensor result(elements.getType());
    for (auto [index, element] : llvm::enumerate(operands))
      result.setElementFrom(index, element, 0);
    return FailureOr<Tensor>(std::move(result));
  }
  if (auto extract = dyn_cast<tensor::ExtractOp>(op)) {
    SmallVector<int64_t> position = llvm::map_to_vector(
        operands.drop_front(), [](const Tensor &i) { return indexValue(i); });
    return FailureOr<Tensor>(
        operands[0].getScalar(operands[0].getLinearIndex(position)));
  }
  if (isa<mlir::shard::ProcessLinearIndexOp>(op))
    return FailureOr<Tensor>(scalarOf(op->getResult(0).getType(), currentRank));
  if (auto reduce = dyn_cast<mlir::shard::AllReduceOp>(op)) {
    if (!currentRanks)
      return FailureOr<Tensor>(op->emitError(
          "the interpreter runs collectives only in a function of a "
          "distributed program"));
    mlir::shard::ReductionKind kind = reduce.getReduction();
    using mlir::shard::ReductionKind;
    if (kind != ReductionKind::Sum && kind != ReductionKind::Product &&
        kind != ReductionKind::Max && kind != ReductionKind::Min &&
        kind != ReductionKind::BitwiseOr && kind != ReductionKind::BitwiseAnd)
      return FailureOr<Tensor>(op->emitError("the interpreter does not support "
                                             "this reduction"));
    return currentRanks->allReduce(currentRank, operands[0], kind);
  }
  return std::nullopt;
}

std::optional<int64_t> getDistributedRanks(func::FuncOp func) {
  std::optional<int64_t> ranks;
  func.walk([&](Operation *op) {
    auto user = dyn_cast<SymbolUserOpInterface>(op);
    if (!user || !isa<mlir::shard::ShardDialect>(op->getDialect()))
      return WalkResult::advance();
    auto gridName = op->getAttrOfType<FlatSymbolRefAttr>("grid");
    auto grid = gridName
                    ? SymbolTable::lookupNearestSymbolFrom<mlir::shard::GridOp>(
                          op, gridName)
                    : mlir::shard::GridOp();
    if (grid && grid.getShape().size() == 1 && grid.getShape()[0] > 0) {
      ranks = grid.getShape()[0];
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return ranks;
}

FailureOr<SmallVector<Tensor>>
runOnEveryRank(int64_t count,
               llvm::function_ref<FailureOr<SmallVector<Tensor>>()> body) {
  SimulatedRanks ranks(count);
  std::vector<FailureOr<SmallVector<Tensor>>> results(count, failure());
  std::vector<std::thread> threads;
  for (int64_t rank = 0; rank < count; ++rank)
    threads.emplace_back([&, rank] {
      currentRanks = &ranks;
      currentRank = rank;
      results[rank] = body();
      ranks.leave(failed(results[rank]));
    });
  for (std::thread &thread : threads)
    thread.join();
  for (auto &result : results)
    if (failed(result))
      return failure();
  return std::move(results[0]);
}

} // namespace fuse::interp
