//===- AotCompile.h - GPU programs compiled ahead of time -------*- C++ -*-===//
//
// Compiles entries of an hlo module with the NVVM pipeline into a host
// object file (kernels embedded as a fatbin) that the ahead-of-time driver
// (lib/Runtime/Driver) links into an executable. The executable needs only
// the NVIDIA driver at run time: no MLIR, LLVM or CUDA toolkit.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_AOTCOMPILE_H
#define FUSE_EXECUTION_AOTCOMPILE_H

#include "fuse/Execution/CompileInstrumentation.h"
#include "fuse/Pipelines/Pipelines.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"

namespace fuse::exec {

/// Writes `entries` of `module` (which is not changed) to the object file
/// `objectPath` for the host CPU. Besides the code, the object defines the
/// table the driver reads (lib/Runtime/Driver/Driver.cpp): the number of
/// entries, and per entry its name, its signature (formatSignature) and the
/// address of its C interface; and the ranks of a distributed program (0
/// for others).
llvm::Error emitCUDAObject(mlir::ModuleOp module,
                           llvm::ArrayRef<std::string> entries,
                           const NVVMPipelineOptions &options,
                           llvm::StringRef objectPath,
                           const CompileInstrumentation &instrumentation = {});

/// Links `objectPath` with the driver and the CUDA runtime into the
/// executable `executablePath`, with the C++ compiler fuse was built with;
/// the object of a `distributed` program also with the driver's MPI hooks
/// and the MPI library.
llvm::Error linkCUDAExecutable(llvm::StringRef objectPath,
                               llvm::StringRef executablePath,
                               bool distributed = false);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_AOTCOMPILE_H
