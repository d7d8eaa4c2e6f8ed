//===- HoistCapturedReads.cpp - invariant reads out of loops --------------===//
//
// A gather fused into a loop nest reads its row index once per element:
// for each row, for each of its 64 columns, load the index, clamp it, load
// the table's element. LLVM cannot hoist the index load (the loop's stores
// might alias it), so the column loop stays scalar. The loads that
// fuse-codegen-mark-captured-reads marked read buffers their loop nest does
// not write; with indices defined outside a loop that runs at least once,
// they move before it, with the pure ops they feed, and the column loop
// reads the table's row contiguously.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/CapturedReads.h"
#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/Common/ViewedBuffer.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/LoopInvariantCodeMotionUtils.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace fuse {
#define GEN_PASS_DEF_HOISTCAPTUREDREADSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// Whether `loop` runs its body at least once: a hoisted load then reads
/// nothing the loop would not have.
bool runsAtLeastOnce(scf::ForOp loop) {
  std::optional<int64_t> lower = getConstantIntValue(loop.getLowerBound());
  std::optional<int64_t> upper = getConstantIntValue(loop.getUpperBound());
  return lower && upper && *lower < *upper;
}

/// The buffers the ops in `region` may write, as the buffers they view.
llvm::SmallPtrSet<Value, 4> getWrittenBuffers(Region &region) {
  llvm::SmallPtrSet<Value, 4> written;
  region.walk([&](Operation *op) {
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects) {
      if (!op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
        written.insert(Value());
      return;
    }
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects<MemoryEffects::Write>(instances);
    for (const MemoryEffects::EffectInstance &instance : instances)
      written.insert(instance.getValue()
                         ? fuse::getViewedBuffer(instance.getValue())
                         : Value());
  });
  return written;
}

struct HoistCapturedReadsPass
    : fuse::impl::HoistCapturedReadsPassBase<HoistCapturedReadsPass> {
  void runOnOperation() override {
    // Innermost loops first: what leaves one may leave the next.
    getOperation()->walk([&](scf::ForOp loop) {
      if (!runsAtLeastOnce(loop))
        return;
      llvm::SmallPtrSet<Value, 4> written = getWrittenBuffers(loop.getRegion());
      // A write through an unknown buffer may be to any.
      if (written.contains(Value()))
        return;
      moveLoopInvariantCode(
          {&loop.getRegion()},
          [&](Value value, Region *) {
            return loop.isDefinedOutsideOfLoop(value);
          },
          [&](Operation *op, Region *) {
            if (auto load = dyn_cast<memref::LoadOp>(op))
              return load->hasAttr(fuse::kCapturedReadAttr) &&
                     !written.contains(fuse::getViewedBuffer(load.getMemRef()));
            return isMemoryEffectFree(op) && isSpeculatable(op);
          },
          [&](Operation *op, Region *) { loop.moveOutOfLoop(op); });
    });
    getOperation()->walk(
        [](memref::LoadOp load) { load->removeAttr(fuse::kCapturedReadAttr); });
  }
};

} // namespace
