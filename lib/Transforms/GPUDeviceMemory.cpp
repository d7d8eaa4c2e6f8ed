//===- GPUDeviceMemory.cpp - the host code's buffers on the device --------===//

#include "fuse/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

namespace fuse {
#define GEN_PASS_DEF_GPUDEVICEMEMORYPASS
#include "fuse/Transforms/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isInKernel(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() ||
         op->getParentOfType<gpu::GPUModuleOp>();
}

Value allocateOnDevice(RewriterBase &rewriter, Location loc, MemRefType type,
                       ValueRange dynamicSizes, ValueRange symbols) {
  return gpu::AllocOp::create(rewriter, loc, type, /*asyncToken=*/Type(),
                              /*asyncDependencies=*/{}, dynamicSizes, symbols,
                              /*hostShared=*/nullptr)
      .getMemref();
}

/// A device copy of the constant `global`, freed at the end of its block
/// unless the block passes it on.
void copyGlobalToDevice(RewriterBase &rewriter, memref::GetGlobalOp global) {
  Location loc = global.getLoc();
  rewriter.setInsertionPointAfter(global);
  Value device = allocateOnDevice(rewriter, loc, global.getType(), {}, {});
  gpu::MemcpyOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, device,
                        global.getResult());
  rewriter.replaceAllUsesExcept(global.getResult(), device,
                                device.getDefiningOp()->getNextNode());
  Operation *terminator = global->getBlock()->getTerminator();
  if (llvm::is_contained(terminator->getOperands(), device))
    return;
  rewriter.setInsertionPoint(terminator);
  gpu::DeallocOp::create(rewriter, loc, /*asyncToken=*/Type(), {}, device);
}

struct GPUDeviceMemoryPass
    : fuse::impl::GPUDeviceMemoryPassBase<GPUDeviceMemoryPass> {
  void runOnOperation() override {
    SmallVector<Operation *> hostOps;
    getOperation()->walk([&](Operation *op) {
      if (isa<memref::AllocOp, memref::AllocaOp, memref::DeallocOp,
              memref::GetGlobalOp, memref::LoadOp, memref::StoreOp,
              memref::CopyOp>(op) &&
          !isInKernel(op))
        hostOps.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : hostOps) {
      rewriter.setInsertionPoint(op);
      if (auto alloc = dyn_cast<memref::AllocOp>(op)) {
        rewriter.replaceOp(alloc, allocateOnDevice(rewriter, alloc.getLoc(),
                                                   alloc.getType(),
                                                   alloc.getDynamicSizes(),
                                                   alloc.getSymbolOperands()));
      } else if (auto dealloc = dyn_cast<memref::DeallocOp>(op)) {
        gpu::DeallocOp::create(rewriter, dealloc.getLoc(), Type(), {},
                               dealloc.getMemref());
        rewriter.eraseOp(dealloc);
      } else if (auto global = dyn_cast<memref::GetGlobalOp>(op)) {
        copyGlobalToDevice(rewriter, global);
      } else {
        op->emitOpError("accesses tensor data in host code, which the GPU "
                        "pipeline does not support (a dynamic index or a "
                        "stack buffer outside the kernels)");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
