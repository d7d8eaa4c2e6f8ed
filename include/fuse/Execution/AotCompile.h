//===- AotCompile.h - GPU programs compiled ahead of time -------*- C++ -*-===//
//
// Compiles one entry of an hlo module with the NVVM pipeline into a host
// object file (kernels embedded as a fatbin) that the ahead-of-time driver
// (lib/Runtime/Driver) links into an executable. The executable needs only
// the NVIDIA driver at run time: no MLIR, LLVM or CUDA toolkit.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_AOTCOMPILE_H
#define FUSE_EXECUTION_AOTCOMPILE_H

#include "fuse/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

#include <functional>

namespace fuse::exec {

/// Writes `entry` of `module` (which is not changed) to the object file
/// `objectPath` for the host CPU. Besides the code, the object defines
/// `fuse_aot_signature` (formatSignature of the entry) and `fuse_aot_entry`
/// (the address of its C interface), which the driver reads.
llvm::Error
emitCUDAObject(mlir::ModuleOp module, llvm::StringRef entry,
               const NVVMPipelineOptions &options, llvm::StringRef objectPath,
               std::function<mlir::LogicalResult(mlir::PassManager &)>
                   configurePassManager = nullptr);

/// Links `objectPath` with the driver and the CUDA runtime into the
/// executable `executablePath`, with the C++ compiler fuse was built with.
llvm::Error linkCUDAExecutable(llvm::StringRef objectPath,
                               llvm::StringRef executablePath);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_AOTCOMPILE_H
