//===- Pipelines.h - fuse's named lowering pipelines ------------*- C++ -*-===//
//
// The pass pipelines that take hlo programs to executable code. Each is a
// named pipeline of fuse-opt (so any prefix can be run and printed) and a
// builder function other drivers call with an options struct.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_PIPELINES_PIPELINES_H
#define FUSE_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

#include <string>
#include <vector>

namespace fuse {

struct CPUPipelineOptions : mlir::PassPipelineOptions<CPUPipelineOptions> {
  Option<bool> parallel{*this, "parallel",
                        llvm::cl::desc("Run parallel loops on several threads "
                                       "(OpenMP)"),
                        llvm::cl::init(true)};
  Option<int64_t> reductionLanes{
      *this, "reduction-lanes",
      llvm::cl::desc("Independent partial sums per reduction (a vector-"
                     "friendly, more accurate order); 1 sums sequentially"),
      llvm::cl::init(32)};
  Option<int64_t> reductionBlocks{
      *this, "reduction-blocks",
      llvm::cl::desc("Blocks a long reduction is split into so that the "
                     "blocks run in parallel"),
      llvm::cl::init(64)};
  Option<bool> allocationHooks{
      *this, "allocation-hooks",
      llvm::cl::desc("Allocate through _mlir_memref_to_llvm_alloc/_free "
                     "instead of malloc/free, so that a runtime can count "
                     "and bound the program's memory"),
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

/// Registers `hlo-lower-to-cpu` with fuse-opt's pass registry.
void registerFusePipelines();

} // namespace fuse

#endif // FUSE_PIPELINES_PIPELINES_H
