//===- NVVMPipeline.cpp - hlo to NVIDIA GPU kernels and host code ---------===//

#include "SharedStages.h"
#include "fuse/Pipelines/Pipelines.h"

#include "llvm/Support/Regex.h"

#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Dialect/HLO/Expansions/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"

using namespace mlir;

/// The CUDA toolkit whose libdevice (math functions) and ptxas the kernels
/// need: the option, else CUDA_ROOT, CUDA_HOME, CUDA_PATH or /usr/local/cuda.
static std::string findToolkit(const std::string &option) {
  if (!option.empty())
    return option;
  for (const char *variable : {"CUDA_ROOT", "CUDA_HOME", "CUDA_PATH"})
    if (const char *path = std::getenv(variable))
      return path;
  if (llvm::sys::fs::is_directory("/usr/local/cuda"))
    return "/usr/local/cuda";
  return "";
}

std::optional<std::string>
fuse::checkNVVMPipelineOptions(const NVVMPipelineOptions &options) {
  llvm::Regex chip("^sm_[0-9]+[af]?$");
  if (!chip.match(options.chip))
    return "chip '" + options.chip +
           "' is not a GPU architecture such as sm_90 (pipeline options are "
           "separated by spaces)";
  if (!llvm::is_contained({"fatbin", "bin", "isa"}, options.format))
    return "format '" + options.format + "' is not fatbin, bin or isa";
  if (options.blockSize < 1 || options.blockSize > 1024)
    return "block-size " + std::to_string(options.blockSize) +
           " is not from 1 to 1024 threads";
  if (options.maxBlocks < 1)
    return "max-blocks " + std::to_string(options.maxBlocks) +
           " is not a positive number of blocks";
  return std::nullopt;
}

void fuse::buildHLOToNVVMPipeline(OpPassManager &pm,
                                  const NVVMPipelineOptions &options) {
  addCollectivesToShardPass(pm, options.devices);
  // Factorizations and solves become products first, for cuBLASLt too.
  pm.addPass(hlo::createExpandLinearAlgebraPass());
  // Eigenvalues and singular values by Jacobi sweeps, whose rotations are
  // whole-matrix ops.
  pm.addPass(hlo::createExpandSpectralPass());
  // Complex numbers become pairs of real tensors, which the lowerings know.
  pm.addPass(hlo::createExpandComplexPass());
  // Products that cuBLASLt runs leave their output fusions first.
  if (options.libraryProducts)
    pm.addPass(hlo::createOutlineProductsPass());
  ConvertHLOToLinalgPassOptions lowering;
  lowering.parallelLowerings = true;
  // Fusions of one element too run as kernels: host code reads no tensor.
  ConvertHLOFusionsToLoopNestsPassOptions fusions;
  fusions.productsByRows = true;
  fusions.scalarFusions = false;
  addHLOToLinalgPasses(pm, fusions, lowering);
  addMPIPasses(pm, options.mpiImplementation);
  pm.addPass(createCanonicalizerPass());
  // A row is read once and written once (with fuse-gpu-reuse-loads).
  pm.addPass(createGPURecomputeIntermediatesPass());

  addBufferizationPasses(pm);
  if (options.libraryProducts) {
    GPULibraryProductsPassOptions products;
    products.allowTF32 = options.allowTF32;
    pm.addPass(createGPULibraryProductsPass(products));
  }

  // One block/thread loop nest per kernel, then one gpu.launch per nest.
  // Nothing may canonicalize in between: a grid of one block would lose its
  // loop, and with it its launch.
  GPUTileKernelsPassOptions tiling;
  tiling.blockSize = options.blockSize;
  tiling.maxBlocks = options.maxBlocks;
  // Device allocations are 256-byte aligned: 16-byte vector accesses.
  tiling.alignedBuffers = true;
  pm.addPass(createGPUTileKernelsPass(tiling));
  // Iterations of a row fusion run by one thread keep their linalg ops.
  pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
  pm.addPass(createGPULaunchKernelsPass());
  // The ops of a row fusion load the same points of the row: once the index
  // arithmetic is shared, the loads are too.
  pm.addPass(createCSEPass());
  pm.addPass(createGPUReuseLoadsPass());
  pm.addPass(createGPUDeviceMemoryPass());
  // Constants go into the kernels: a divisor the backend sees is a multiply.
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());

  // Device code.
  GpuNVVMAttachTargetOptions target;
  target.chip = options.chip;
  target.features = options.features;
  target.optLevel = options.optLevel;
  pm.addPass(createGpuNVVMAttachTarget(target));
  OpPassManager &device = pm.nest<gpu::GPUModuleOp>();
  device.addPass(createLowerAffinePass());
  // LLVM holds 8-bit floats as bytes and computes on none.
  device.addPass(createEmulateNarrowFloatsPass());
  device.addPass(createSCFToControlFlowPass());
  device.addPass(createConvertGpuOpsToNVVMOps());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());

  // Host code: one stream per block, waited for at its end; a loop's
  // launches share one stream, waited for after the loop.
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addNestedPass<func::FuncOp>(createGPUStreamLoopsPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createConvertToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());

  // The kernels' modules compile side by side.
  GPUModulesToBinariesPassOptions binary;
  binary.format = options.format;
  binary.toolkit = findToolkit(options.toolkit);
  pm.addPass(createGPUModulesToBinariesPass(binary));
  pm.addPass(createCanonicalizerPass());
}
