//===- SharedStages.h - stages both pipelines run ---------------*- C++ -*-===//

#ifndef FUSE_LIB_PIPELINES_SHAREDSTAGES_H
#define FUSE_LIB_PIPELINES_SHAREDSTAGES_H

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"

#include "mlir/Pass/PassManager.h"

namespace fuse {

/// hlo to linalg on tensors: unsigned integers made signless, broadcasts
/// simplified, each fusion made one loop nest with `fusions`' options, then
/// everything converted with `lowering`'s.
void addHLOToLinalgPasses(
    mlir::OpPassManager &pm,
    const ConvertHLOFusionsToLoopNestsPassOptions &fusions,
    const ConvertHLOToLinalgPassOptions &lowering);

/// With more than one device, an SPMD program's hlo collectives become
/// shard collectives over the ranks of its MPI job.
void addCollectivesToShardPass(mlir::OpPassManager &pm, int64_t devices);

/// A distributed program's collectives (shard) become MPI calls on
/// buffers, for the MPI library `implementation` (OpenMPI or MPICH).
void addMPIPasses(mlir::OpPassManager &pm, llvm::StringRef implementation);

/// Which functions build their results in buffers their callers pass.
enum class ResultBuffers {
  /// None: every function returns the buffers it allocates.
  Returned,
  /// Private functions with a body (outlined fusions); public ones return
  /// theirs. A caller then allocates every buffer it passes, and deallocation
  /// can tell them apart without runtime alias checks.
  PrivateInCaller,
  /// Every function with a body (`results-in-place`).
  AllInCaller,
};

/// One-shot bufferization across functions (identity layouts at function
/// boundaries), deallocation, and bufferization ops lowered to memref.
/// A function whose results `resultBuffers` puts in its caller takes them
/// as trailing arguments; a result the function allocated is built in that
/// buffer. Buffers of at most `stackBytes` that stay inside their function
/// are allocated on the stack (the pipeline must then run
/// fuse-cpu-hoist-loop-allocas once its loops are final); 0 keeps every buffer
/// on the heap.
void addBufferizationPasses(
    mlir::OpPassManager &pm,
    ResultBuffers resultBuffers = ResultBuffers::Returned,
    unsigned stackBytes = 0);

} // namespace fuse

#endif // FUSE_LIB_PIPELINES_SHAREDSTAGES_H
