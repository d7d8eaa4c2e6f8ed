//===- CPUPipeline.cpp - hlo to LLVM for the host -------------------------===//

#include "SharedStages.h"
#include "fuse/Pipelines/Pipelines.h"

#include "fuse/Codegen/CPU/Passes.h"
#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SCF/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

/// Buffers up to this size that stay in their function live on the stack:
/// the per-row buffers of row fusions, never a tensor of a program's size.
static constexpr unsigned kStackBufferBytes = 1024;

void fuse::buildHLOToCPUPipeline(OpPassManager &pm,
                                 const CPUPipelineOptions &options) {
  // Factorizations and solves become products, which the kernels below
  // include.
  pm.addPass(hlo::createExpandLinearAlgebraPass());
  if (options.traceKernels)
    pm.addPass(hlo::createInstrumentKernelsPass());
  // Each distinct kernel is lowered once.
  if (options.outlineFusions && !options.emulateGPUTiling)
    pm.addPass(hlo::createOutlineFusionsPass());
  // Emulating the GPU's kernels runs what the GPU pipeline would run.
  ConvertHLOToLinalgPassOptions lowering;
  lowering.parallelLowerings = options.emulateGPUTiling;
  lowering.sortPartLength = options.sortPartLength;
  addHLOToLinalgPasses(pm, /*productsByRows=*/options.emulateGPUTiling,
                       lowering);
  addMPIPasses(pm, options.mpiImplementation);
  pm.addPass(createCanonicalizerPass());
  if (!options.emulateGPUTiling) {
    TileContractionsPassOptions products;
    products.registerRows = options.productRegisterRows;
    products.registerCols = options.productRegisterCols;
    products.depthBlock = options.productDepthBlock;
    products.rowBlock = options.productRowBlock;
    products.colBlock = options.productColBlock;
    products.packLeft = options.productPackLeft;
    pm.addPass(createTileContractionsPass(products));
    SplitReductionsPassOptions splitReductions;
    splitReductions.lanes = options.reductionLanes;
    splitReductions.blocks = options.reductionBlocks;
    splitReductions.leafSteps = options.reductionLeafSteps;
    pm.addPass(createSplitReductionsPass(splitReductions));
  }
  pm.addPass(createVectorizableMathPass());

  // The GPU pipeline's row fusions recompute their intermediates.
  if (options.emulateGPUTiling)
    pm.addPass(createGPURecomputeIntermediatesPass());
  // A loop's accumulators are updated in their buffers, not copied into
  // them. (The GPU pipeline leaves the inits alone: cuBLASLt's epilogues
  // match a bias add into a new buffer.)
  pm.addPass(createReuseInputBuffersPass());
  // The emulated GPU tiling gives each worker its own buffers of a row.
  addBufferizationPasses(pm, options.resultsInPlace,
                         options.emulateGPUTiling ? 0 : kStackBufferBytes);

  // The scf.forall of each fusion that kept parallel loops (rows of a
  // reduction, of a contraction's result) is its one parallel loop.
  if (options.emulateGPUTiling) {
    GPUTileKernelsPassOptions tiling;
    tiling.blockSize = options.emulatedBlockSize;
    tiling.maxBlocks = options.emulatedMaxBlocks;
    tiling.leafSteps = options.reductionLeafSteps;
    pm.addPass(createGPUTileKernelsPass(tiling));
  }
  pm.addPass(createForallToParallelLoopPass());
  // Copies into views (padding, concatenation) as loops beside the others.
  pm.addNestedPass<func::FuncOp>(createStridedCopiesToLoopsPass());
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToParallelLoopsPass());
  pm.addPass(createSerializeNestedParallelLoopsPass());
  // Drops parallel loops of one iteration (the rows of a one-row
  // reduction), which are not worth a fork of the threads.
  pm.addPass(createCanonicalizerPass());
  if (options.parallel) {
    SerializeSmallParallelLoopsPassOptions small;
    small.minBytes = options.minParallelBytes;
    pm.addPass(createSerializeSmallParallelLoopsPass(small));
    if (options.minParallelIterations > 0) {
      SerializeInnermostParallelDimPassOptions innermost;
      innermost.minIterations = options.minParallelIterations;
      pm.addPass(createSerializeInnermostParallelDimPass(innermost));
    }
    pm.addPass(createConvertSCFToOpenMPPass());
    ScheduleParallelLoopsPassOptions schedule;
    schedule.schedule = options.parallelSchedule;
    pm.addPass(createScheduleParallelLoopsPass(schedule));
  }
  // The stack buffers of loop bodies, once per thread.
  pm.addPass(createHoistLoopAllocasPass());
  // Inlines the memref.alloca_scope that OpenMP loop bodies get (they hold
  // no alloca now), which could not hold the blocks of lowered inner loops.
  pm.addPass(createCanonicalizerPass());
  // Kernels compile apart, and identical ones once.
  pm.addPass(createOutlineKernelsPass());
  // Vector transfers on memrefs whose innermost stride is not 1 (views of
  // strided slices) become loops of scalar accesses.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createKeepInnerLoopsPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  // Masked vector transfers of the product kernels become masked loads and
  // stores. The packing's register transposes are shuffles already, except
  // for vectors whose lanes are not a power of two: those are lowered
  // element by element, which compiles faster than one large shuffle
  // (`shuffle1d`) and runs as fast.
  pm.addPass(createConvertVectorToLLVMPass());
  // Math ops without an LLVM intrinsic (erf, cbrt, tan) become libm calls,
  // after the others have become intrinsics.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  FinalizeMemRefToLLVMConversionPassOptions memrefToLLVM;
  memrefToLLVM.useGenericFunctions = options.allocationHooks;
  pm.addPass(createFinalizeMemRefToLLVMConversionPass(memrefToLLVM));
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // Loops serialized from parallel ones vectorize without alias checks.
  pm.addPass(createParallelAccessGroupsPass());
  pm.addPass(createCanonicalizerPass());
}

std::vector<std::string>
fuse::getCPURuntimeLibraries(const CPUPipelineOptions &options) {
  std::vector<std::string> libraries = {FUSE_LLVM_LIBRARY_DIR
                                        "/libmlir_c_runner_utils.so"};
  if (options.parallel)
    libraries.push_back(FUSE_LLVM_LIBRARY_DIR "/libomp.so");
  return libraries;
}
