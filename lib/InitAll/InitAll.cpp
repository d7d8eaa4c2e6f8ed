//===- InitAll.cpp - register everything fuse provides --------------------===//

#include "fuse/InitAll.h"

#include "fuse/Codegen/CPU/Passes.h"
#include "fuse/Codegen/Common/Passes.h"
#include "fuse/Codegen/GPU/Passes.h"
#include "fuse/Codegen/MPI/MPIMemoryEffects.h"
#include "fuse/Codegen/MPI/Passes.h"
#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Conversion/HLOToRuntime/HLOToRuntime.h"
#include "fuse/Conversion/HLOToShard/HLOToShard.h"
#include "fuse/Dialect/HLO/Expansions/Passes.h"
#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Pipelines/Pipelines.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/CommandLine.h"

void fuse::registerFuseDialects(mlir::DialectRegistry &registry) {
  registry.insert<hlo::HLODialect>();
}

void fuse::registerAllDialects(mlir::DialectRegistry &registry) {
  registerFuseDialects(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  registerMPIMemoryEffects(registry);
  // fuse-gpu-modules-to-binaries translates kernels to LLVM IR inside
  // fuse-opt.
  mlir::registerAllToLLVMIRTranslations(registry);
}

void fuse::registerFusePasses() {
  hlo::registerFuseHLOExpansionsPasses();
  hlo::registerFuseHLOTransformsPasses();
  registerFuseHLOToLinalgPasses();
  registerFuseHLOToRuntimePasses();
  registerFuseHLOToShardPasses();
  registerFuseCodegenCommonPasses();
  registerFuseCodegenCPUPasses();
  registerFuseCodegenGPUPasses();
  registerFuseCodegenMPIPasses();
  registerFusePipelines();
}

void fuse::registerAllPasses() {
  registerFusePasses();
  mlir::registerAllPasses();
}

using llvm::StringRef;

void fuse::spellShortHelpInFull(int argc, char **argv) {
  // Replaces LLVM's `-h`, a default option.
  static llvm::cl::opt<bool> shortHelp("h", llvm::cl::desc("Alias for --help"),
                                       llvm::cl::Hidden);
  static char help[] = "--help";
  for (int i = 1; i < argc; ++i) {
    StringRef argument = argv[i];
    if (argument == "--")
      break;
    if (argument == "-h" || argument == "--h")
      argv[i] = help;
  }
}

void fuse::hideLLVMOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> keep) {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *option = entry.second;
    bool kept = llvm::any_of(option->Categories,
                             [&](const llvm::cl::OptionCategory *category) {
                               return llvm::is_contained(keep, category);
                             });
    // --help, --help-list, --version and their kin stay.
    StringRef name = entry.first;
    if (!kept && !name.starts_with("mlir-") && !name.starts_with("help") &&
        name != "version")
      option->setHiddenFlag(llvm::cl::Hidden);
  }
}
