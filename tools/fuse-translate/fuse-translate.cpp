//===- fuse-translate.cpp - the fuse translation driver -------------------===//
//
// mlir-translate with fuse's importers: `--import-hlo` reads XLA HLO text.
//
//===----------------------------------------------------------------------===//

#include "fuse/InitAll.h"
#include "fuse/Target/HLOText/HLOTextImport.h"

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  fuse::spellShortHelpInFull(argc, argv);
  // mlirTranslateMain registers its own options after this.
  fuse::hideLLVMOptions({&fuse::getImportHLOTextOptionCategory()});
  fuse::registerImportHLOTextTranslation();
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "fuse translation driver\n"));
}
