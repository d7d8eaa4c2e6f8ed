//===- InitAll.cpp - register everything fuse provides --------------------===//

#include "fuse/InitAll.h"

#include "fuse/Conversion/HLOToLinalg/HLOToLinalg.h"
#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Pipelines/Pipelines.h"
#include "fuse/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"

void fuse::registerFuseDialects(mlir::DialectRegistry &registry) {
  registry.insert<hlo::HLODialect>();
}

void fuse::registerAllDialects(mlir::DialectRegistry &registry) {
  registerFuseDialects(registry);
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates kernels to LLVM IR inside fuse-opt.
  mlir::registerAllToLLVMIRTranslations(registry);
}

void fuse::registerFusePasses() {
  hlo::registerFuseHLOTransformsPasses();
  registerFuseHLOToLinalgPasses();
  registerFuseTransformsPasses();
  registerFusePipelines();
}

void fuse::registerAllPasses() {
  registerFusePasses();
  mlir::registerAllPasses();
}
