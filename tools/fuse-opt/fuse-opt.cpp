//===- fuse-opt.cpp - the fuse optimizer driver ---------------------------===//
//
// mlir-opt with the hlo dialect and fuse's passes and pipelines registered.
//
//===----------------------------------------------------------------------===//

#include "fuse/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  fuse::spellShortHelpInFull(argc, argv);
  // MlirOptMain registers its own options after this, so they stay shown.
  fuse::hideLLVMOptions();
  fuse::registerAllPasses();
  mlir::DialectRegistry registry;
  fuse::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "fuse optimizer driver\n", registry));
}
