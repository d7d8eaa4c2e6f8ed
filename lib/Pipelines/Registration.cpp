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
  // Registered by hand, not with PassPipelineRegistration, so that options
  // that parse but cannot build a pipeline are an error, not a crash later.
  registerPassPipeline(
      "hlo-lower-to-nvvm",
      "Lowers hlo programs to host code in the LLVM dialect that launches one "
      "NVIDIA GPU kernel per fusion (linalg, block/thread loop nests, "
      "gpu.launch, NVVM, cubin/fatbin or PTX)",
      [](OpPassManager &pm, StringRef text,
         function_ref<LogicalResult(const Twine &)> errorHandler) {
        NVVMPipelineOptions options;
        if (failed(options.parseFromString(text)))
          return failure();
        if (std::optional<std::string> why = checkNVVMPipelineOptions(options))
          return errorHandler(*why);
        buildHLOToNVVMPipeline(pm, options);
        return success();
      },
      [](function_ref<void(const detail::PassOptions &)> optHandler) {
        optHandler(NVVMPipelineOptions());
      });
}
