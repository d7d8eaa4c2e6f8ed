//===- GPUReuseLoads.cpp - one load per point of unwritten memory ---------===//
//
// Inside a gpu.launch, repeated loads of memory that the kernel never writes
// take the value of the first load that dominates them.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/GPU/Passes.h"

#include "fuse/Codegen/Common/ViewedBuffer.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace fuse {
#define GEN_PASS_DEF_GPUREUSELOADSPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether `root` is memory that nothing else aliases: a fresh allocation.
bool isFresh(Value root) {
  return root.getDefiningOp<memref::AllocOp>() ||
         root.getDefiningOp<memref::AllocaOp>();
}

bool mayAlias(Value a, Value b) {
  return a == b || (!isFresh(a) && !isFresh(b));
}

/// The roots of every buffer `launch` writes, or nothing when some write
/// cannot be told.
std::optional<llvm::SmallDenseSet<Value>> writtenRoots(gpu::LaunchOp launch) {
  llvm::SmallDenseSet<Value> roots;
  WalkResult walk = launch.getBody().walk([&](Operation *op) {
    // Barriers order memory, and block reductions only exchange values.
    if (isa<gpu::BarrierOp, gpu::AllReduceOp>(op))
      return WalkResult::advance();
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      if (!isa<MemoryEffects::Write, MemoryEffects::Free>(effect.getEffect()))
        continue;
      Value value = effect.getValue();
      if (!value || !isa<BaseMemRefType>(value.getType()))
        return WalkResult::interrupt();
      roots.insert(fuse::getViewedBuffer(value));
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return roots;
}

/// A load's buffer, indices and result type, which identify what it reads.
struct LoadKey {
  OperationName name;
  Value memref;
  SmallVector<Value> indices;
  Type type;

  bool operator==(const LoadKey &other) const {
    return name == other.name && memref == other.memref &&
           indices == other.indices && type == other.type;
  }
};

std::optional<LoadKey> keyOf(Operation *op) {
  if (auto load = dyn_cast<memref::LoadOp>(op))
    return LoadKey{op->getName(), load.getMemRef(),
                   SmallVector<Value>(load.getIndices()), load.getType()};
  if (auto load = dyn_cast<vector::LoadOp>(op))
    return LoadKey{op->getName(), load.getBase(),
                   SmallVector<Value>(load.getIndices()), load.getType()};
  return std::nullopt;
}

/// Replaces the repeated loads of `launch`; returns how many.
unsigned reuseLoads(gpu::LaunchOp launch, DominanceInfo &dominance) {
  std::optional<llvm::SmallDenseSet<Value>> written = writtenRoots(launch);
  if (!written)
    return 0;
  auto isInvariant = [&](Value memref) {
    Value root = fuse::getViewedBuffer(memref);
    return llvm::none_of(*written,
                         [&](Value other) { return mayAlias(root, other); });
  };
  // Earlier loads of unwritten memory, per buffer value, in walk order
  // (which visits a dominating load before the loads it dominates).
  DenseMap<Value, SmallVector<std::pair<LoadKey, Operation *>>> seen;
  SmallVector<std::pair<Operation *, Operation *>> replacements;
  launch.getBody().walk<WalkOrder::PreOrder>([&](Operation *op) {
    std::optional<LoadKey> key = keyOf(op);
    if (!key || !isInvariant(key->memref))
      return;
    auto &earlierLoads = seen[key->memref];
    for (auto &[earlierKey, earlier] : earlierLoads) {
      if (earlierKey == *key && dominance.properlyDominates(earlier, op)) {
        replacements.push_back({op, earlier});
        return;
      }
    }
    earlierLoads.push_back({std::move(*key), op});
  });
  for (auto [load, earlier] : replacements) {
    load->replaceAllUsesWith(earlier);
    load->erase();
  }
  return replacements.size();
}

struct GPUReuseLoadsPass
    : fuse::impl::GPUReuseLoadsPassBase<GPUReuseLoadsPass> {
  void runOnOperation() override {
    DominanceInfo &dominance = getAnalysis<DominanceInfo>();
    bool changed = false;
    getOperation()->walk([&](gpu::LaunchOp launch) {
      changed |= reuseLoads(launch, dominance) > 0;
    });
    if (!changed)
      markAllAnalysesPreserved();
  }
};

} // namespace
