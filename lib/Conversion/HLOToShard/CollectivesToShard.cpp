//===- CollectivesToShard.cpp - convert-hlo-collectives-to-shard ----------===//
//
// Every rank runs the same code, so whatever depends on the device (its
// group's members, its place in the group, a permutation's source) is read
// from a constant table of one entry per device, indexed by the rank.
//
//===----------------------------------------------------------------------===//

#include "fuse/Conversion/HLOToShard/HLOToShard.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/ReplicaGroups.h"
#include "fuse/Dialect/HLO/Transforms/RankCollectives.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Shard/IR/ShardDialect.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/TypeUtilities.h"

namespace fuse {
#define GEN_PASS_DEF_CONVERTHLOCOLLECTIVESTOSHARDPASS
#include "fuse/Conversion/HLOToShard/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// The groups of a collective, one per device: device d's group and d's
/// place in it.
struct DeviceGroups {
  SmallVector<SmallVector<int64_t>> members;
  SmallVector<int64_t> positions;
  int64_t size = 0;
};

/// Device d's group for every d of `devices`; an error at `op` when a group
/// names a device outside the job, a device is in no group, or the groups
/// differ in size.
FailureOr<DeviceGroups> resolve(Operation *op, DenseIntElementsAttr groups,
                                int64_t devices) {
  int64_t largest = getLargestDeviceId(groups);
  if (largest >= devices)
    return op->emitError() << "the groups name device " << largest
                           << ", but the job has " << devices << " ranks";
  DeviceGroups resolved;
  for (int64_t device = 0; device < devices; ++device) {
    std::optional<SmallVector<int64_t>> group =
        findReplicaGroup(groups, device, devices);
    if (!group)
      return op->emitError()
             << "device " << device << " of " << devices
             << " is in none of the groups; every rank runs the collective";
    if (device > 0 && static_cast<int64_t>(group->size()) != resolved.size)
      return op->emitError("the compiled code runs collectives over groups "
                           "of one size only");
    resolved.size = group->size();
    resolved.positions.push_back(llvm::find(*group, device) - group->begin());
    resolved.members.push_back(std::move(*group));
  }
  return resolved;
}

/// Checks that `op`, which gathers (or scatters) along `dimension` from
/// `operand` to `result`, fits groups of `size` devices. Groups of every
/// device have a size known only now, from the job's ranks.
LogicalResult checkScaledDimension(Operation *op, RankedTensorType operand,
                                   RankedTensorType result, int64_t dimension,
                                   int64_t size, bool gathers) {
  int64_t small =
      gathers ? operand.getDimSize(dimension) : result.getDimSize(dimension);
  int64_t large =
      gathers ? result.getDimSize(dimension) : operand.getDimSize(dimension);
  if (large == small * size)
    return success();
  return op->emitError() << "dimension " << dimension << " is " << large
                         << " on the " << (gathers ? "result" : "operand")
                         << " and " << small << " on the "
                         << (gathers ? "operand" : "result")
                         << ", but the groups hold " << size
                         << " devices of this job";
}

/// The reduction kind when `computation` is one binary op of its two
/// arguments.
std::optional<ReductionKind> getCombinerKind(Region &computation) {
  Block &block = computation.front();
  Operation &first = block.front();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret || ret.getResults() != first.getResults() ||
      first.getNumOperands() != 2 ||
      !llvm::is_contained(first.getOperands(), block.getArgument(0)) ||
      !llvm::is_contained(first.getOperands(), block.getArgument(1)))
    return std::nullopt;
  return getReductionKindOf(&first);
}

/// The MPI reduction that computes `kind` over every rank exactly as hlo
/// does on `element`, if there is one.
std::optional<mlir::shard::ReductionKind> getMPIReduction(ReductionKind kind,
                                                          Type element) {
  bool wordInteger =
      element.isSignlessInteger(32) || element.isSignlessInteger(64) ||
      element.isUnsignedInteger(32) || element.isUnsignedInteger(64);
  switch (kind) {
  case ReductionKind::Add:
  case ReductionKind::Mul:
    if (!element.isF32() && !element.isF64() && !wordInteger)
      return std::nullopt;
    return kind == ReductionKind::Add ? mlir::shard::ReductionKind::Sum
                                      : mlir::shard::ReductionKind::Product;
  case ReductionKind::Max:
  case ReductionKind::Min:
    // MPI's MAX and MIN compare signed integers; floats lose hlo's NaNs.
    if (!element.isSignlessInteger(32) && !element.isSignlessInteger(64))
      return std::nullopt;
    return kind == ReductionKind::Max ? mlir::shard::ReductionKind::Max
                                      : mlir::shard::ReductionKind::Min;
  case ReductionKind::And:
  case ReductionKind::Or:
    // MPI has no 2- or 4-bit integers.
    if (!isa<IntegerType>(element) ||
        llvm::is_contained({2u, 4u}, element.getIntOrFloatBitWidth()))
      return std::nullopt;
    return kind == ReductionKind::And ? mlir::shard::ReductionKind::BitwiseAnd
                                      : mlir::shard::ReductionKind::BitwiseOr;
  }
  return std::nullopt;
}

class CollectiveLowering {
public:
  CollectiveLowering(OpBuilder &b, Operation *op, FlatSymbolRefAttr grid,
                     int64_t devices)
      : b(b), loc(op->getLoc()), devices(devices),
        ranks(b, op->getLoc(), grid, devices) {}

  FailureOr<Value> lower(Operation *op);

private:
  /// The entry of `perDevice` for this rank, a rank-0 i64 tensor.
  Value lookup(ArrayRef<int64_t> perDevice);
  /// Row `device` of `stacked`, without its leading dimension.
  Value row(Value stacked, Value device);
  /// The `blocks`-th part `position` of `value` along `dimension`.
  Value block(Value value, int64_t dimension, int64_t blocks, Value position);
  /// a (op) b for the elementwise scalar `computation`, on whole tensors.
  FailureOr<Value> combine(Operation *op, Region &computation, Value a,
                           Value b);
  /// The id of the `k`-th device of this rank's group.
  Value memberAt(const DeviceGroups &groups, int64_t k);
  FailureOr<Value> reduceOverGroups(Operation *op, Region &computation,
                                    Value operand, const DeviceGroups &groups);

  OpBuilder &b;
  Location loc;
  int64_t devices;
  RankCollectives ranks;
};

Value CollectiveLowering::lookup(ArrayRef<int64_t> perDevice) {
  if (llvm::all_equal(perDevice))
    return ranks.i64(perDevice.front());
  auto type = RankedTensorType::get({devices}, b.getI64Type());
  Value table =
      ConstantOp::create(b, loc, DenseElementsAttr::get(type, perDevice));
  Value entry = DynamicSliceOp::create(
      b, loc, RankedTensorType::get({1}, b.getI64Type()), table,
      ValueRange{ranks.fromIndex(ranks.rank())}, ArrayRef<int64_t>{1});
  return ReshapeOp::create(b, loc, RankedTensorType::get({}, b.getI64Type()),
                           entry);
}

Value CollectiveLowering::row(Value stacked, Value device) {
  auto type = cast<RankedTensorType>(stacked.getType());
  SmallVector<int64_t> sizes(type.getShape());
  sizes[0] = 1;
  SmallVector<Value> starts(sizes.size(), ranks.i64(0));
  starts[0] = device;
  Value slice =
      DynamicSliceOp::create(b, loc, type.clone(sizes), stacked, starts, sizes);
  return ReshapeOp::create(b, loc, type.clone(type.getShape().drop_front()),
                           slice);
}

Value CollectiveLowering::block(Value value, int64_t dimension, int64_t blocks,
                                Value position) {
  auto type = cast<RankedTensorType>(value.getType());
  SmallVector<int64_t> sizes(type.getShape());
  sizes[dimension] /= blocks;
  SmallVector<Value> starts(sizes.size(), ranks.i64(0));
  starts[dimension] =
      MulOp::create(b, loc, position, ranks.i64(sizes[dimension]));
  return DynamicSliceOp::create(b, loc, type.clone(sizes), value, starts,
                                sizes);
}

FailureOr<Value> CollectiveLowering::combine(Operation *op, Region &computation,
                                             Value lhs, Value rhs) {
  auto type = cast<RankedTensorType>(lhs.getType());
  Block &body = computation.front();
  IRMapping mapping;
  mapping.map(body.getArgument(0), lhs);
  mapping.map(body.getArgument(1), rhs);
  for (Operation &scalarOp : body.without_terminator()) {
    if (auto constant = dyn_cast<ConstantOp>(scalarOp)) {
      Value scalar = b.clone(scalarOp)->getResult(0);
      mapping.map(constant.getResult(),
                  BroadcastInDimOp::create(
                      b, loc, type.clone(getElementTypeOrSelf(scalar)), scalar,
                      ArrayRef<int64_t>{}));
      continue;
    }
    if (!scalarOp.hasTrait<OpTrait::Elementwise>() ||
        scalarOp.getNumRegions() != 0)
      return op->emitError() << "the compiled code combines with elementwise "
                                "computations only, not with "
                             << scalarOp.getName();
    Operation *whole = b.clone(scalarOp, mapping);
    for (Value result : whole->getResults())
      result.setType(type.clone(getElementTypeOrSelf(result)));
  }
  return mapping.lookup(body.getTerminator()->getOperand(0));
}

Value CollectiveLowering::memberAt(const DeviceGroups &groups, int64_t k) {
  return lookup(llvm::map_to_vector(
      groups.members, [&](ArrayRef<int64_t> group) { return group[k]; }));
}

FailureOr<Value>
CollectiveLowering::reduceOverGroups(Operation *op, Region &computation,
                                     Value operand,
                                     const DeviceGroups &groups) {
  auto type = cast<RankedTensorType>(operand.getType());
  std::optional<ReductionKind> kind = getCombinerKind(computation);
  std::optional<mlir::shard::ReductionKind> viaMPI =
      kind ? getMPIReduction(*kind, type.getElementType()) : std::nullopt;
  if (viaMPI && groups.size == devices) {
    bool isFloat = isa<FloatType>(type.getElementType());
    Value value = isFloat ? operand : ranks.toBits(operand);
    Value total = ranks.allReduce(value, *viaMPI);
    return isFloat ? total : ranks.fromBits(total, type);
  }
  Value stacked = ranks.gather(operand);
  Value total = row(stacked, memberAt(groups, 0));
  for (int64_t k = 1; k < groups.size; ++k) {
    FailureOr<Value> next =
        combine(op, computation, total, row(stacked, memberAt(groups, k)));
    if (failed(next))
      return failure();
    total = *next;
  }
  return total;
}

FailureOr<Value> CollectiveLowering::lower(Operation *op) {
  if (auto id = dyn_cast<DeviceIdOp>(op))
    return Value(
        ConvertOp::create(b, loc, id.getType(), ranks.fromIndex(ranks.rank())));
  if (auto reduce = dyn_cast<AllReduceOp>(op)) {
    FailureOr<DeviceGroups> resolved = resolve(op, reduce.getGroups(), devices);
    if (failed(resolved))
      return failure();
    return reduceOverGroups(op, reduce.getComputation(), reduce.getOperand(),
                            *resolved);
  }
  if (auto scatter = dyn_cast<ReduceScatterOp>(op)) {
    FailureOr<DeviceGroups> resolved =
        resolve(op, scatter.getGroups(), devices);
    if (failed(resolved) ||
        failed(checkScaledDimension(op, scatter.getOperand().getType(),
                                    scatter.getType(), scatter.getDimension(),
                                    resolved->size, /*gathers=*/false)))
      return failure();
    FailureOr<Value> total = reduceOverGroups(op, scatter.getComputation(),
                                              scatter.getOperand(), *resolved);
    if (failed(total))
      return failure();
    return block(*total, scatter.getDimension(), resolved->size,
                 lookup(resolved->positions));
  }
  if (auto gather = dyn_cast<AllGatherOp>(op)) {
    FailureOr<DeviceGroups> resolved = resolve(op, gather.getGroups(), devices);
    if (failed(resolved) ||
        failed(checkScaledDimension(op, gather.getOperand().getType(),
                                    gather.getType(), gather.getDimension(),
                                    resolved->size, /*gathers=*/true)))
      return failure();
    Value stacked = ranks.gather(gather.getOperand());
    SmallVector<Value> parts;
    for (int64_t k = 0; k < resolved->size; ++k)
      parts.push_back(row(stacked, memberAt(*resolved, k)));
    if (parts.size() == 1)
      return parts.front();
    return Value(ConcatenateOp::create(b, loc, gather.getType(), parts,
                                       gather.getDimension()));
  }
  if (auto allToAll = dyn_cast<AllToAllOp>(op)) {
    FailureOr<DeviceGroups> resolved =
        resolve(op, allToAll.getGroups(), devices);
    if (failed(resolved))
      return failure();
    Value stacked = ranks.gather(allToAll.getOperand());
    Value position = lookup(resolved->positions);
    SmallVector<Value> parts;
    for (int64_t k = 0; k < resolved->size; ++k) {
      Value from = row(stacked, memberAt(*resolved, k));
      parts.push_back(
          block(from, allToAll.getSplitDimension(), resolved->size, position));
    }
    if (parts.size() == 1)
      return parts.front();
    return Value(ConcatenateOp::create(b, loc, allToAll.getType(), parts,
                                       allToAll.getConcatDimension()));
  }
  auto permute = cast<CollectivePermuteOp>(op);
  SmallVector<int64_t> ids(permute.getPairs().getValues<int64_t>());
  SmallVector<int64_t> sources(devices, -1);
  for (size_t i = 0; i < ids.size(); i += 2) {
    if (ids[i] >= devices || ids[i + 1] >= devices)
      return op->emitError()
             << "the pairs name device " << std::max(ids[i], ids[i + 1])
             << ", but the job has " << devices << " ranks";
    sources[ids[i + 1]] = ids[i];
  }
  auto type = cast<RankedTensorType>(permute.getType());
  Value zeros = ranks.zerosLike(type);
  if (llvm::all_of(sources, [](int64_t source) { return source < 0; }))
    return zeros;
  Value stacked = ranks.gather(permute.getOperand());
  SmallVector<int64_t> readable = llvm::map_to_vector(
      sources, [](int64_t source) { return std::max<int64_t>(source, 0); });
  Value received = row(stacked, lookup(readable));
  if (llvm::all_of(sources, [](int64_t source) { return source >= 0; }))
    return received;
  SmallVector<int64_t> targets = llvm::map_to_vector(
      sources, [](int64_t source) -> int64_t { return source >= 0; });
  Value isTarget = CompareOp::create(
      b, loc, ComparisonDirection::NE, lookup(targets), ranks.i64(0),
      ComparisonTypeAttr::get(b.getContext(), ComparisonType::SIGNED));
  return Value(SelectOp::create(b, loc, type, isTarget, received, zeros));
}

struct ConvertHLOCollectivesToShardPass
    : fuse::impl::ConvertHLOCollectivesToShardPassBase<
          ConvertHLOCollectivesToShardPass> {
  using ConvertHLOCollectivesToShardPassBase::
      ConvertHLOCollectivesToShardPassBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (devices < 1) {
      module.emitError(
          "convert-hlo-collectives-to-shard needs devices=N, the job's "
          "ranks (at least 1)");
      return signalPassFailure();
    }
    SmallVector<Operation *> collectives;
    module.walk([&](Operation *op) {
      if (isa<DeviceIdOp, AllReduceOp, AllGatherOp, ReduceScatterOp, AllToAllOp,
              CollectivePermuteOp>(op))
        collectives.push_back(op);
    });
    if (collectives.empty())
      return;
    FlatSymbolRefAttr grid;
    if (mlir::shard::GridOp existing = lookupRanksGrid(module)) {
      if (existing.getShape() != ArrayRef<int64_t>{devices}) {
        existing.emitError() << "the program already runs on a grid of "
                                "another shape than the job's "
                             << static_cast<int64_t>(devices) << " ranks";
        return signalPassFailure();
      }
      grid = FlatSymbolRefAttr::get(&getContext(), kRanksGridName);
    } else {
      grid = createRanksGrid(module, devices);
    }
    OpBuilder builder(&getContext());
    bool failedAny = false;
    for (Operation *op : collectives) {
      builder.setInsertionPoint(op);
      FailureOr<Value> result =
          CollectiveLowering(builder, op, grid, devices).lower(op);
      if (failed(result)) {
        failedAny = true;
        continue;
      }
      op->getResult(0).replaceAllUsesWith(*result);
      op->erase();
    }
    if (failedAny)
      signalPassFailure();
  }
};

} // namespace
