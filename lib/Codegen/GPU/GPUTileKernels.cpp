//===- GPUTileKernels.cpp - kernels as block/thread loop nests ------------===//
//
// Every kernel of a bufferized function (a linalg op outside loops that are
// already kernels, or the scf.forall of a row fusion) becomes one loop nest
// that maps one to one onto a GPU launch:
//
//   scf.parallel (%block) = (0) to (G) {mapping = [block_x]}
//     ... block-level code: run by every thread, its stores by one ...
//     scf.parallel (%thread) = (0) to (T) {mapping = [thread_x]}
//       ... a thread's share: strided loops, so that neighbouring threads
//           touch neighbouring elements (coalesced accesses) ...
//
// Thread loops always have `block-size` iterations; reductions keep one
// partial result per thread and combine them in the thread loop's
// scf.reduce (a block-wide reduction on the GPU). The nest is ordinary
// parallel-loop IR, so the CPU pipeline can run it too.
//
#include "GPUTileKernelsBuilder.h"

#include "fuse/Codegen/GPU/Passes.h"

#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace fuse {
#define GEN_PASS_DEF_GPUTILEKERNELSPASS
#include "fuse/Codegen/GPU/Passes.h.inc"
} // namespace fuse

using namespace mlir;
using namespace fuse::kernels;

namespace {

/// Whether `op` is inside a kernel already (a forall, a parallel loop or
/// another linalg op).
bool isInsideKernel(Operation *op) {
  for (Operation *parent = op->getParentOp(); parent;
       parent = parent->getParentOp()) {
    if (isa<FunctionOpInterface>(parent))
      return false;
    if (isa<scf::ForallOp, scf::ParallelOp, linalg::LinalgOp>(parent))
      return true;
  }
  return false;
}

struct GPUTileKernelsPass
    : fuse::impl::GPUTileKernelsPassBase<GPUTileKernelsPass> {
  using Base::Base;

  void runOnOperation() override {
    Operation *root = getOperation();
    IRRewriter rewriter(&getContext());

    // Copies between buffers are kernels like any other.
    SmallVector<memref::CopyOp> copies;
    root->walk([&](memref::CopyOp copy) { copies.push_back(copy); });
    for (memref::CopyOp copy : copies) {
      rewriter.setInsertionPoint(copy);
      linalg::makeMemRefCopyOp(rewriter, copy.getLoc(), copy.getSource(),
                               copy.getTarget());
      rewriter.eraseOp(copy);
    }

    // Named ops (fill, matmul, transpose, ...) as linalg.generic.
    SmallVector<linalg::LinalgOp> named;
    root->walk([&](linalg::LinalgOp op) {
      if (!isa<linalg::GenericOp>(op))
        named.push_back(op);
    });
    for (linalg::LinalgOp op : named) {
      rewriter.setInsertionPoint(op);
      if (failed(linalg::generalizeNamedOp(rewriter, op))) {
        op.emitOpError("cannot be written as a linalg.generic for the GPU");
        return signalPassFailure();
      }
    }

    KernelBuilder builder(rewriter, blockSize, maxBlocks, vectorBytes,
                          alignedBuffers, rowVectors, leafSteps);
    SmallVector<scf::ForallOp> foralls;
    root->walk([&](scf::ForallOp forall) {
      if (!isInsideKernel(forall))
        foralls.push_back(forall);
    });
    for (scf::ForallOp forall : foralls)
      if (failed(builder.tileRowFusion(forall)))
        return signalPassFailure();

    SmallVector<linalg::GenericOp> generics;
    root->walk([&](linalg::GenericOp op) {
      if (!isInsideKernel(op))
        generics.push_back(op);
    });
    for (linalg::GenericOp op : generics) {
      if (!op.hasPureBufferSemantics()) {
        op.emitOpError("must be on buffers (run one-shot-bufferize first)");
        return signalPassFailure();
      }
      if (failed(builder.tileTopLevel(op)))
        return signalPassFailure();
    }
  }
};
} // namespace
