//===- CPUPipeline.cpp - hlo to LLVM for the host -------------------------===//

#include "SharedStages.h"
#include "fuse/Pipelines/Pipelines.h"

#include "fuse/Codegen/CPU/Passes.h"
#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Conversion/HLOToRuntime/HLOToRuntime.h"
#include "fuse/Dialect/HLO/Expansions/Passes.h"
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

namespace fuse {
/// Moves each kernel into a function of its own and lowers them all to the
/// LLVM dialect.
static void addKernelLoweringPasses(OpPassManager &pm,
                                    const CPUPipelineOptions &options) {
  // Kernels compile apart, and identical ones once; those of little work
  // without LLVM's optimizer.
  pm.addPass(createOutlineKernelsPass());
  pm.addPass(createMarkLightKernelsPass({options.lightKernelOps}));
  // Vector transfers on memrefs whose innermost stride is not 1 (views of
  // strided slices) become loops of scalar accesses.
  OpPassManager *local = &pm.nestAny();
  local->addPass(createConvertVectorToSCFPass());
  local->addPass(createKeepInnerLoopsPass());
  local->addPass(createSCFToControlFlowPass());
  local->addPass(memref::createExpandStridedMetadataPass());
  local->addPass(createLowerAffinePass());
  // LLVM holds 8-bit floats as bytes and computes on none.
  local->addPass(createEmulateNarrowFloatsPass());
  // Masked vector transfers of the product kernels become masked loads and
  // stores. The packing's register transposes are shuffles already, except
  // for vectors whose lanes are not a power of two: those are lowered
  // element by element, which compiles faster than one large shuffle
  // (`shuffle1d`) and runs as fast.
  local->addPass(createConvertVectorToLLVMPass());
  // Math ops without an LLVM intrinsic (erf, cbrt, tan) become libm calls,
  // after the others have become intrinsics. Conversions within a function
  // run per function, on every core; those that declare or convert
  // functions (libm, malloc, func) each kernel in a module of its own.
  local->addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertToLLVMInParallelPass(
      {/*useGenericFunctions=*/options.allocationHooks}));
  // Loops that read masks vectorize.
  pm.nestAny().addPass(createBoolsAsBytesPass());
  // Loops serialized from parallel ones vectorize without alias checks.
  pm.addNestedPass<LLVM::LLVMFuncOp>(createParallelAccessGroupsPass());
  pm.nestAny().addPass(createCanonicalizerPass());
  // Kernels take only the descriptor fields they read.
  pm.addPass(createDropUnusedArgumentsPass());
  // Kernels that differ only in their shapes' constants compile once.
  if (options.mergeSimilarKernels)
    pm.addPass(createMergeSimilarFunctionsPass());
}
} // namespace fuse

void fuse::buildHLOToCPUPipeline(OpPassManager &pm,
                                 const CPUPipelineOptions &options) {
  // Records with the outside keep the types the program gives them.
  pm.addPass(createConvertHLOTransfersToCallsPass());
  addCollectivesToShardPass(pm, options.devices);
  // Factorizations and solves become products, which the kernels below
  // include.
  pm.addPass(hlo::createExpandLinearAlgebraPass());
  // Eigenvalues and singular values reduce to tridiagonal and bidiagonal
  // forms in LAPACK, far faster than Jacobi's whole-matrix rotations.
  if (options.lapack)
    pm.addPass(createConvertHLOSpectralToCallsPass());
  else
    pm.addPass(hlo::createExpandSpectralPass());
  // Complex numbers become pairs of real tensors, which the lowerings know.
  pm.addPass(hlo::createExpandComplexPass());
  if (options.traceKernels)
    pm.addPass(hlo::createInstrumentKernelsPass());
  // Each distinct kernel is lowered once.
  if (options.outlineFusions && !options.emulateGPUTiling)
    pm.addPass(hlo::createOutlineFusionsPass());
  bool libraryProducts =
      options.emulateGPUTiling && options.emulatedLibraryProducts;
  if (libraryProducts)
    pm.addPass(hlo::createOutlineProductsPass());
  // Emulating the GPU's kernels runs what the GPU pipeline would run.
  ConvertHLOToLinalgPassOptions lowering;
  lowering.parallelLowerings = options.emulateGPUTiling;
  lowering.sortPartLength = options.sortPartLength;
  ConvertHLOFusionsToLoopNestsPassOptions fusions;
  fusions.productsByRows = options.emulateGPUTiling;
  addHLOToLinalgPasses(pm, fusions, lowering);
  addMPIPasses(pm, options.mpiImplementation);
  // Passes that change one function at a time run in a nested pipeline,
  // on every function at once (MLIR's threads); a pass of the whole module
  // ends such a run.
  OpPassManager *local = &pm.nestAny();
  local->addPass(createCanonicalizerPass());
  if (!options.emulateGPUTiling) {
    TileContractionsPassOptions products;
    products.registerRows = options.productRegisterRows;
    products.registerCols = options.productRegisterCols;
    products.depthBlock = options.productDepthBlock;
    products.rowBlock = options.productRowBlock;
    products.colBlock = options.productColBlock;
    products.packLeft = options.productPackLeft;
    local->addPass(createTileContractionsPass(products));
    SplitReductionsPassOptions splitReductions;
    splitReductions.lanes = options.reductionLanes;
    splitReductions.blocks = options.reductionBlocks;
    splitReductions.leafSteps = options.reductionLeafSteps;
    local->addPass(createSplitReductionsPass(splitReductions));
  }
  local->addPass(createVectorizableMathPass());

  // The GPU pipeline's row fusions recompute their intermediates.
  if (options.emulateGPUTiling)
    local->addPass(createGPURecomputeIntermediatesPass());
  // A loop's accumulators are updated in their buffers, not copied into
  // them. (The GPU pipeline leaves the inits alone: cuBLASLt's epilogues
  // match a bias add into a new buffer.)
  local->addPass(createReuseInputBuffersPass());
  // The emulated GPU tiling gives each worker its own buffers of a row.
  // Returned buffers of outlined fusions would be retained by the caller's
  // deallocation: one alias check per pair of buffer and result, at compile
  // time (upstream's simplification, quadratic: 42 s for a ResNet step) and
  // at run time where it cannot decide.
  addBufferizationPasses(pm,
                         options.resultsInPlace
                             ? ResultBuffers::AllInCaller
                             : ResultBuffers::PrivateInCaller,
                         options.emulateGPUTiling ? 0 : kStackBufferBytes);
  if (libraryProducts)
    pm.addPass(createGPULibraryProductsPass());

  // The scf.forall of each fusion that kept parallel loops (rows of a
  // reduction, of a contraction's result) is its one parallel loop.
  local = &pm.nestAny();
  if (options.emulateGPUTiling) {
    GPUTileKernelsPassOptions tiling;
    tiling.blockSize = options.emulatedBlockSize;
    tiling.maxBlocks = options.emulatedMaxBlocks;
    tiling.leafSteps = options.reductionLeafSteps;
    local->addPass(createGPUTileKernelsPass(tiling));
  }
  local->addPass(createForallToParallelLoopPass());
  // Copies into views (padding, concatenation) as loops beside the others.
  local->addPass(createStridedCopiesToLoopsPass());
  local->addPass(createMarkCapturedReadsPass());
  local->addPass(createConvertLinalgToParallelLoopsPass());
  local->addPass(createSerializeNestedParallelLoopsPass());
  // Drops parallel loops of one iteration (the rows of a one-row
  // reduction), which are not worth a fork of the threads.
  local->addPass(createCanonicalizerPass());
  if (options.parallel) {
    SerializeSmallParallelLoopsPassOptions small;
    small.minBytes = options.minParallelBytes;
    local->addPass(createSerializeSmallParallelLoopsPass(small));
    if (options.minParallelIterations > 0) {
      SerializeInnermostParallelDimPassOptions innermost;
      innermost.minIterations = options.minParallelIterations;
      local->addPass(createSerializeInnermostParallelDimPass(innermost));
    }
  }
  // Once the sequential loops exist: a gather's row index per row.
  local->addPass(createHoistCapturedReadsPass());
  if (options.parallel) {
    pm.addPass(createConvertSCFToOpenMPPass());
    local = &pm.nestAny();
    ScheduleParallelLoopsPassOptions schedule;
    schedule.schedule = options.parallelSchedule;
    local->addPass(createScheduleParallelLoopsPass(schedule));
  }
  // The stack buffers of loop bodies, once per thread.
  local->addPass(createHoistLoopAllocasPass());
  // Inlines the memref.alloca_scope that OpenMP loop bodies get (they hold
  // no alloca now), which could not hold the blocks of lowered inner loops.
  local->addPass(createCanonicalizerPass());
  addKernelLoweringPasses(pm, options);
}

std::vector<std::string>
fuse::getCPURuntimeLibraries(const CPUPipelineOptions &options) {
  std::vector<std::string> libraries = {FUSE_LLVM_LIBRARY_DIR
                                        "/libmlir_c_runner_utils.so"};
  if (options.parallel)
    libraries.push_back(FUSE_LLVM_LIBRARY_DIR "/libomp.so");
  return libraries;
}
