//===- Pipelines.h - fuse's named lowering pipelines ------------*- C++ -*-===//
//
// The pass pipelines that take hlo programs to executable code. Each is a
// named pipeline of fuse-opt (so any prefix can be run and printed) and a
// builder function other drivers call with an options struct.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_PIPELINES_PIPELINES_H
#define FUSE_PIPELINES_PIPELINES_H

#include "fuse/Codegen/CPU/Passes.h"
#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Codegen/MPI/Passes.h"
#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <optional>
#include <string>
#include <vector>

namespace fuse {

struct CPUPipelineOptions : mlir::PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> parallel{*this, "parallel",
                        llvm::cl::desc("Run parallel loops on several threads "
                                       "(OpenMP)"),
                        llvm::cl::init(true)};
  Option<bool> lapack{
      *this, "lapack",
      llvm::cl::desc("Compute hlo.eigh and hlo.svd with LAPACK, loaded when "
                     "the program runs (convert-hlo-spectral-to-calls); "
                     "false: with Jacobi sweeps, as the GPU does "
                     "(hlo-expand-spectral)"),
      llvm::cl::init(true)};
  Option<bool> outlineFusions{
      *this, "outline-fusions",
      llvm::cl::desc("Lower each distinct fusion and product of a function's "
                     "body once, in a function of its own "
                     "(hlo-outline-fusions)"),
      llvm::cl::init(true)};
  Option<int64_t> minParallelBytes{
      *this, "min-parallel-bytes",
      llvm::cl::desc("With parallel: loops whose buffers hold fewer bytes "
                     "than this, weighed by their math operations, run on "
                     "one thread, saving the fork and join (0: every "
                     "parallel loop forks)"),
      llvm::cl::init(SerializeSmallParallelLoopsPassOptions().minBytes)};
  Option<int64_t> minParallelIterations{
      *this, "min-parallel-iterations",
      llvm::cl::desc("With parallel: when the other dimensions of a "
                     "parallel loop make this many iterations, its innermost "
                     "one runs as a sequential loop in each thread (0: "
                     "every dimension is shared)"),
      llvm::cl::init(SerializeInnermostParallelDimPassOptions().minIterations)};
  Option<int64_t> lightKernelOps{
      *this, "light-kernel-ops",
      llvm::cl::desc("Kernels that run at most this many operations per "
                     "call of the program are compiled without LLVM's IR "
                     "optimizer (fuse-cpu-mark-light-kernels; 0: every "
                     "kernel is optimized)"),
      llvm::cl::init(MarkLightKernelsPassOptions().maxOps)};
  Option<bool> mergeSimilarKernels{
      *this, "merge-similar-kernels",
      llvm::cl::desc("Kernels that differ only in integer constants (their "
                     "shapes) become one function taking those constants "
                     "(fuse-codegen-merge-similar-functions)"),
      llvm::cl::init(true)};
  Option<std::string> parallelSchedule{
      *this, "parallel-schedule",
      llvm::cl::desc("With parallel: how OpenMP loops hand out their "
                     "iterations (fuse-cpu-schedule-parallel-loops): static, "
                     "guided or dynamic"),
      llvm::cl::init("static")};
  Option<int64_t> reductionLanes{
      *this, "reduction-lanes",
      llvm::cl::desc("Vector lanes of partial sums of a reduction over its "
                     "innermost loop (1: none; leaves and their pairwise "
                     "combination still apply)"),
      llvm::cl::init(SplitReductionsPassOptions().lanes)};
  Option<int64_t> reductionBlocks{
      *this, "reduction-blocks",
      llvm::cl::desc("Blocks, run in parallel, of a long reduction whose "
                     "combiner is exact (max, min, integers); float sums "
                     "make as many as their leaves take"),
      llvm::cl::init(SplitReductionsPassOptions().blocks)};
  Option<int64_t> reductionLeafSteps{
      *this, "reduction-leaf-steps",
      llvm::cl::desc("Steps a lane of a float sum accumulates in order "
                     "before its leaf is combined pairwise with others (with "
                     "emulate-gpu-tiling: elements a thread folds so)"),
      llvm::cl::init(SplitReductionsPassOptions().leafSteps)};
  Option<int64_t> sortPartLength{
      *this, "sort-part-length",
      llvm::cl::desc("convert-hlo-to-linalg: the shortest part of a sort's "
                     "only line that one iteration of the radix sort's "
                     "parallel loops counts and scatters"),
      llvm::cl::init(ConvertHLOToLinalgPassOptions().sortPartLength)};
  Option<int64_t> productRegisterRows{
      *this, "product-register-rows",
      llvm::cl::desc("fuse-cpu-tile-contractions: rows of the register tile "
                     "(0: from the host)"),
      llvm::cl::init(TileContractionsPassOptions().registerRows)};
  Option<int64_t> productRegisterCols{
      *this, "product-register-cols",
      llvm::cl::desc("fuse-cpu-tile-contractions: columns of the register tile "
                     "(0: from the host)"),
      llvm::cl::init(TileContractionsPassOptions().registerCols)};
  Option<int64_t> productDepthBlock{
      *this, "product-depth-block",
      llvm::cl::desc("fuse-cpu-tile-contractions: steps of K per cache block "
                     "(0: from the host)"),
      llvm::cl::init(TileContractionsPassOptions().depthBlock)};
  Option<int64_t> productRowBlock{
      *this, "product-row-block",
      llvm::cl::desc(
          "fuse-cpu-tile-contractions: result rows per parallel tile "
          "(0: from the host)"),
      llvm::cl::init(TileContractionsPassOptions().rowBlock)};
  Option<int64_t> productColBlock{
      *this, "product-col-block",
      llvm::cl::desc("fuse-cpu-tile-contractions: result columns per parallel "
                     "tile (0: from the host)"),
      llvm::cl::init(TileContractionsPassOptions().colBlock)};
  Option<LeftPacking> productPackLeft{
      *this, "product-pack-left",
      llvm::cl::desc("fuse-cpu-tile-contractions: where the left operand is "
                     "packed"),
      llvm::cl::init(TileContractionsPassOptions().packLeft),
      leftPackingValues()};
  Option<bool> allocationHooks{
      *this, "allocation-hooks",
      llvm::cl::desc("Allocate through _mlir_memref_to_llvm_alloc/_free "
                     "instead of malloc/free, so that a runtime can count "
                     "and bound the program's memory"),
      llvm::cl::init(false)};
  Option<bool> resultsInPlace{
      *this, "results-in-place",
      llvm::cl::desc("Public functions write their results into buffers "
                     "passed after their arguments (the caller's arrays) "
                     "instead of returning buffers they allocate (private "
                     "functions, the outlined kernels, always do)"),
      llvm::cl::init(false)};
  Option<std::string> mpiImplementation{
      *this, "mpi",
      llvm::cl::desc("The MPI library a distributed program links: OpenMPI "
                     "or MPICH"),
      llvm::cl::init(MPIFinalizePassOptions().implementation)};
  Option<int64_t> devices{
      *this, "devices",
      llvm::cl::desc("The devices an SPMD program runs on, one per rank of "
                     "its MPI job (fuse-run sets it under mpirun): with 1 its "
                     "collectives run on one device, with more they go "
                     "through MPI (convert-hlo-collectives-to-shard)"),
      llvm::cl::init(1)};
  Option<bool> emulateGPUTiling{
      *this, "emulate-gpu-tiling",
      llvm::cl::desc("Write kernels as the GPU pipeline does (block and "
                     "thread loops, fuse-gpu-tile-kernels) and run those "
                     "loops on the CPU: checks the GPU tiling without a GPU"),
      llvm::cl::init(false)};
  Option<int64_t> emulatedBlockSize{
      *this, "emulated-block-size",
      llvm::cl::desc("With emulate-gpu-tiling: threads per block"),
      llvm::cl::init(GPUTileKernelsPassOptions().blockSize)};
  Option<int64_t> emulatedMaxBlocks{
      *this, "emulated-max-blocks",
      llvm::cl::desc("With emulate-gpu-tiling: the largest grid"),
      llvm::cl::init(GPUTileKernelsPassOptions().maxBlocks)};
  Option<bool> emulatedLibraryProducts{
      *this, "emulated-library-products",
      llvm::cl::desc("With emulate-gpu-tiling: run the products as the GPU "
                     "pipeline does, through the runtime's fuseCudaMatmul "
                     "(a driver and cuBLASLt, or the stand-ins of "
                     "test/Runtime/Stubs, which compute on the host), with "
                     "the layouts and copies fuse-gpu-library-products "
                     "chooses"),
      llvm::cl::init(false)};
  Option<bool> traceKernels{
      *this, "trace-kernels",
      llvm::cl::desc("Call fuse_trace_begin/fuse_trace_end around every "
                     "kernel (hlo-instrument-kernels), so that a runtime can "
                     "time them"),
      llvm::cl::init(false)};
};

/// hlo (with hlo.fusion) on tensors -> LLVM dialect for the host: lowering to
/// linalg, reduction splitting, one-shot bufferization across functions,
/// parallel loops, and the LLVM dialect. Functions marked
/// `llvm.emit_c_interface` get a `_mlir_ciface_<name>` wrapper taking and
/// returning memref descriptors with identity layouts.
void buildHLOToCPUPipeline(mlir::OpPassManager &pm,
                           const CPUPipelineOptions &options);

/// Shared libraries that code from the CPU pipeline calls at run time (the
/// OpenMP runtime when `parallel` is on, MLIR's C runner utilities).
std::vector<std::string>
getCPURuntimeLibraries(const CPUPipelineOptions &options);

struct NVVMPipelineOptions : mlir::PassPipelineOptions<NVVMPipelineOptions> {
  Option<std::string> chip{*this, "chip",
                           llvm::cl::desc("The GPU architecture (sm_80, "
                                          "sm_90, ...)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{
      *this, "features",
      llvm::cl::desc("PTX features; the PTX version must know the chip "
                     "(+ptx80 for sm_90)"),
      llvm::cl::init("+ptx80")};
  Option<int> optLevel{*this, "opt-level",
                       llvm::cl::desc("Optimization level of the device code"),
                       llvm::cl::init(3)};
  Option<std::string> mpiImplementation{
      *this, "mpi",
      llvm::cl::desc("The MPI library a distributed program links: OpenMPI "
                     "or MPICH"),
      llvm::cl::init(MPIFinalizePassOptions().implementation)};
  Option<int64_t> devices{
      *this, "devices",
      llvm::cl::desc("The devices an SPMD program runs on, one per rank of "
                     "its MPI job (fuse-run sets it under mpirun): with 1 its "
                     "collectives run on one device, with more they go "
                     "through MPI (convert-hlo-collectives-to-shard)"),
      llvm::cl::init(1)};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("What the kernels are embedded as: fatbin or bin "
                     "(assembled by the CUDA toolkit's ptxas), or isa (PTX "
                     "text, compiled by the driver at load time)"),
      llvm::cl::init("fatbin")};
  Option<std::string> toolkit{
      *this, "toolkit",
      llvm::cl::desc("CUDA toolkit holding libdevice (the math functions "
                     "kernels call) and ptxas (default: CUDA_ROOT, CUDA_HOME, "
                     "CUDA_PATH or /usr/local/cuda)"),
      llvm::cl::init("")};
  Option<int64_t> blockSize{
      *this, "block-size", llvm::cl::desc("Threads per block"),
      llvm::cl::init(GPUTileKernelsPassOptions().blockSize)};
  Option<int64_t> maxBlocks{
      *this, "max-blocks",
      llvm::cl::desc("Largest grid; bigger problems are strided over it"),
      llvm::cl::init(GPUTileKernelsPassOptions().maxBlocks)};
  Option<bool> libraryProducts{
      *this, "library-products",
      llvm::cl::desc("Run matrix products through cuBLASLt "
                     "(fuse-gpu-library-products); otherwise as generated "
                     "kernels"),
      llvm::cl::init(true)};
  Option<bool> allowTF32{
      *this, "allow-tf32",
      llvm::cl::desc("Let f32 products round their inputs to TF32"),
      llvm::cl::init(GPULibraryProductsPassOptions().allowTF32)};
};

/// Why `options` cannot build a pipeline (an unknown chip or format, a block
/// size no GPU launches), or nothing. Checked before building: a bad chip
/// would otherwise reach LLVM's NVPTX backend, which aborts.
std::optional<std::string>
checkNVVMPipelineOptions(const NVVMPipelineOptions &options);

/// hlo (with hlo.fusion) on tensors -> host code in the LLVM dialect that
/// launches one kernel per fusion, embedded as a gpu.binary: lowering to
/// linalg, bufferization, matrix products as cuBLASLt calls
/// (fuse-gpu-library-products), block/thread loop nests
/// (fuse-gpu-tile-kernels), gpu.launch, kernel outlining, NVVM, and
/// fuse-gpu-modules-to-binaries. The functions take and return device
/// buffers; their calls to the mgpu* and fuseCudaMatmul runtime functions
/// are served by libFuseCudaRuntime.
void buildHLOToNVVMPipeline(mlir::OpPassManager &pm,
                            const NVVMPipelineOptions &options);

/// Registers `hlo-lower-to-cpu` and `hlo-lower-to-nvvm` with fuse-opt's pass
/// registry.
void registerFusePipelines();

} // namespace fuse

#endif // FUSE_PIPELINES_PIPELINES_H
