//===- SharedStages.cpp - stages both pipelines run -----------------------===//

#include "SharedStages.h"

#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/MPI/Passes.h"
#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Conversion/HLOToShard/HLOToShard.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void fuse::addHLOToLinalgPasses(
    OpPassManager &pm, const ConvertHLOFusionsToLoopNestsPassOptions &fusions,
    const ConvertHLOToLinalgPassOptions &lowering) {
  pm.addPass(hlo::createSignlessIntegersPass());
  // Elementwise work on broadcasts of one shape runs before broadcasting:
  // less work, and in a fused loop no long chains of values that are the
  // same in every iteration (LLVM's vectorizer takes exponential time on
  // those).
  hlo::AlgebraicSimplifyPassOptions broadcasts;
  broadcasts.squaredDistances = false;
  pm.addPass(hlo::createAlgebraicSimplifyPass(broadcasts));
  // Per function: the outlined fusions lower on every core.
  pm.nestAny().addPass(createConvertHLOFusionsToLoopNestsPass(fusions));
  pm.addPass(createConvertHLOToLinalgPass(lowering));
}

void fuse::addCollectivesToShardPass(OpPassManager &pm, int64_t devices) {
  if (devices <= 1)
    return;
  ConvertHLOCollectivesToShardPassOptions collectives;
  collectives.devices = devices;
  pm.addPass(createConvertHLOCollectivesToShardPass(collectives));
}

void fuse::addMPIPasses(OpPassManager &pm, llvm::StringRef implementation) {
  // Per function, on every core: it rewrites collectives in place and
  // declares nothing, and on the module it took 0.17 s of a 16k-op
  // program's compile that had no collective.
  pm.nest<func::FuncOp>().addPass(createConvertShardToMPIPass());
  MPIFinalizePassOptions mpi;
  mpi.implementation = implementation.str();
  pm.addPass(createMPIFinalizePass(mpi));
}

void fuse::addBufferizationPasses(OpPassManager &pm,
                                  ResultBuffers resultBuffers,
                                  unsigned stackBytes) {
  // Concatenations' operands are computed into their slices, per function.
  pm.nestAny().addPass(createComputeIntoSlicesPass());
  // One-Shot Bufferize with identity layouts at function boundaries, the
  // outlined kernels on every core.
  BufferizeInParallelPassOptions bufferize;
  // Loops of --split-tensors carry their slice offset as a new rank-0
  // tensor each iteration.
  bufferize.allowReturnAllocsFromLoops = true;
  // The product kernels' unrolled chains of vector writes into one tile
  // cost the default bottom-up order twice as long to analyze (42 against
  // 23 ms for the attention block), for the same buffers.
  bufferize.analysisHeuristic = "top-down";
  pm.addPass(createBufferizeInParallelPass(bufferize));
  OpPassManager &bufferized = pm.nest<func::FuncOp>();
  if (stackBytes > 0) {
    // A row fusion's buffers per row (its maximum, its sum): a malloc and a
    // free per row and buffer cost more than the row's work on short rows.
    bufferization::PromoteBuffersToStackPassOptions stack;
    stack.maxAllocSizeInBytes = stackBytes;
    bufferized.addPass(bufferization::createPromoteBuffersToStackPass(stack));
  }
  if (resultBuffers != ResultBuffers::Returned) {
    // Before deallocation, so that a result that is not built in place (an
    // argument, a constant) is copied out and its buffer still freed.
    bool publicToo = resultBuffers == ResultBuffers::AllInCaller;
    DistinctResultBuffersPassOptions distinct;
    distinct.privateOnly = !publicToo;
    bufferized.addPass(createDistinctResultBuffersPass(distinct));
    bufferization::BufferResultsToOutParamsPassOptions outParams;
    outParams.hoistStaticAllocs = true;
    outParams.modifyPublicFunctions = false;
    pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
    // Public functions after the private ones have their results in their
    // callers' buffers: a call's result is then the caller's allocation,
    // which hoisting makes the public function's own result buffer instead
    // of copying it there.
    if (publicToo) {
      outParams.modifyPublicFunctions = true;
      pm.addPass(bufferization::createBufferResultsToOutParamsPass(outParams));
    }
  }
  // Upstream's buffer-deallocation-pipeline, with the deallocs of known
  // allocations split before its simplification, which would split them
  // with a query per pair of buffers. Every step but the lowering (which
  // adds a helper function to the module) runs per function, on every
  // core: with the fixed function-boundary ABI (no dynamic ownership for
  // private functions) deallocation never looks into a callee.
  OpPassManager &perFunction = pm.nest<func::FuncOp>();
  perFunction.addPass(memref::createExpandReallocPass(
      memref::ExpandReallocPassOptions{/*emitDeallocs=*/false}));
  perFunction.addPass(createCanonicalizerPass());
  perFunction.addPass(
      bufferization::createOwnershipBasedBufferDeallocationPass());
  perFunction.addPass(createCanonicalizerPass());
  perFunction.addPass(createSplitDeallocsPass());
  perFunction.addPass(
      bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  OpPassManager &cleanup = pm.nest<func::FuncOp>();
  cleanup.addPass(createCSEPass());
  cleanup.addPass(createCanonicalizerPass());
  // The clones deallocation adds (a function returning its argument).
  cleanup.addPass(createConvertBufferizationToMemRefPass());
  // MPI's all-reduces copy their operand first (convert-shard-to-mpi).
  cleanup.addPass(createMPIReduceInPlacePass());
}
