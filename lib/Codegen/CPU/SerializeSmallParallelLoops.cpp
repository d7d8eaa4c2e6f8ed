//===- SerializeSmallParallelLoops.cpp - no fork for little work ----------===//

#include "ParallelLoopSerialization.h"
#include "fuse/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace fuse {
#define GEN_PASS_DEF_SERIALIZESMALLPARALLELLOOPSPASS
#include "fuse/Codegen/CPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

/// The bytes of the distinct memrefs the ops in `loop` use, or nothing when
/// one has a dynamic shape. A view made inside the loop is not counted: its
/// base is, as the view op's operand.
std::optional<int64_t> getFootprintBytes(scf::ParallelOp loop) {
  llvm::SmallPtrSet<Value, 16> seen;
  int64_t bytes = 0;
  WalkResult walk = loop->walk([&](Operation *op) {
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type || !seen.insert(operand).second)
        continue;
      Operation *producer = operand.getDefiningOp();
      if (producer && isa<ViewLikeOpInterface>(producer) &&
          loop->isProperAncestor(producer))
        continue;
      if (!type.hasStaticShape())
        return WalkResult::interrupt();
      // Index buffers (tables of offsets) hold 64-bit integers.
      Type element = type.getElementType();
      // Complex numbers are two floats.
      if (auto complex = dyn_cast<ComplexType>(element))
        element = complex.getElementType();
      int64_t parts = isa<ComplexType>(type.getElementType()) ? 2 : 1;
      int64_t bits =
          element.isIndex() ? 64 : parts * element.getIntOrFloatBitWidth();
      bytes += type.getNumElements() * llvm::divideCeil(bits, 8);
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return std::nullopt;
  return bytes;
}

/// One plus the math-dialect operations and divisions in `loop`: how much
/// more than moving its bytes the loop does.
int64_t workPerByte(scf::ParallelOp loop) {
  int64_t weight = 1;
  loop->walk([&](Operation *op) {
    if (isa<math::MathDialect>(op->getDialect()) ||
        isa<arith::DivFOp, arith::RemFOp, arith::DivSIOp, arith::DivUIOp,
            arith::RemSIOp, arith::RemUIOp>(op))
      ++weight;
  });
  return weight;
}

struct SerializeSmallParallelLoopsPass
    : fuse::impl::SerializeSmallParallelLoopsPassBase<
          SerializeSmallParallelLoopsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ParallelOp> small;
    getOperation()->walk([&](scf::ParallelOp loop) {
      if (loop->getParentOfType<scf::ParallelOp>())
        return;
      std::optional<int64_t> bytes = getFootprintBytes(loop);
      if (bytes && *bytes * workPerByte(loop) < minBytes)
        small.push_back(loop);
    });
    IRRewriter rewriter(&getContext());
    for (scf::ParallelOp loop : small)
      fuse::serializeParallelLoop(rewriter, loop);
  }
};

} // namespace
