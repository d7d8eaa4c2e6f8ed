//===- Registration.cpp - fuse's named pipelines in the registry ----------===//

#include "fuse/Pipelines/Pipelines.h"

#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void fuse::registerFusePipelines() {
  PassPipelineRegistration<CPUPipelineOptions>(
      "hlo-lower-to-cpu",
      "Lowers hlo programs to the LLVM dialect for the host CPU: linalg, "
      "bufferization, parallel loops, LLVM",
      buildHLOToCPUPipeline);
  PassPipelineRegistration<NVVMPipelineOptions>(
      "hlo-lower-to-nvvm",
      "Lowers hlo programs to host code in the LLVM dialect that launches one "
      "NVIDIA GPU kernel per fusion (linalg, block/thread loop nests, "
      "gpu.launch, NVVM, cubin/fatbin or PTX)",
      buildHLOToNVVMPipeline);
}
