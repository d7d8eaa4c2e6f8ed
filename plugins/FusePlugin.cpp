//===- FusePlugin.cpp - fuse for an upstream mlir-opt --------------------===//
//
// One shared library that gives an mlir-opt built against the same libMLIR
// the hlo dialect (--load-dialect-plugin) and fuse's passes and pipelines
// (--load-pass-plugin). Both entry points live here, so one path serves both
// flags; MLIR itself is not linked in twice, the plugin uses the host's.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/MPI/MPIMemoryEffects.h"
#include "fuse/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FuseHLO", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            fuse::registerFuseDialects(*registry);
            // Distributed programs bufferize MPI's ops (MPIMemoryEffects.h).
            fuse::registerMPIMemoryEffects(*registry);
          }};
}

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FusePasses", LLVM_VERSION_STRING,
          [] { fuse::registerFusePasses(); }};
}
