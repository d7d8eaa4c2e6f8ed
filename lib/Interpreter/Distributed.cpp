//===- Distributed.cpp - programs of --distribute-splits, on every rank ---===//
//
// A distributed program computes its result on R ranks together. The
// interpreter runs it as written: R threads, one per rank of the program's
// grid (SimulatedRanks.h), that meet at each shard.all_reduce and combine
// their tensors in rank order. Every rank ends with the same results; rank 0's
// are returned. Also here: the index arithmetic around the loop bounds (arith
// on index and small integers, tensor.from_elements / extract), on rank-0
// tensors.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"
#include "SimulatedRanks.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace fuse::interp {
namespace {

/// The values of every rank combined by `kind`, in rank order.
Tensor combine(ArrayRef<Tensor> values, mlir::shard::ReductionKind kind) {
  Tensor result = values[0];
  Type elementType = result.getElementType();
  for (const Tensor &value : values.drop_front()) {
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
    return FailureOr<Tensor>(
        scalarOf(op->getResult(0).getType(), getCurrentRank()));
  if (auto reduce = dyn_cast<mlir::shard::AllReduceOp>(op)) {
    SimulatedRanks *ranks = getCurrentRanks();
    if (!ranks)
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
    FailureOr<std::shared_ptr<const std::vector<Tensor>>> values =
        ranks->exchange(getCurrentRank(), op, operands[0]);
    if (failed(values))
      return FailureOr<Tensor>(failure());
    return FailureOr<Tensor>(combine(**values, kind));
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

} // namespace fuse::interp
