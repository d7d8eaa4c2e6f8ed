//===- StructuralKey.cpp - what identifies an op's computation ------------===//

#include "fuse/Support/StructuralKey.h"

#include "mlir/IR/OperationSupport.h"
#include "llvm/Support/raw_ostream.h"

std::string fuse::getStructuralKey(mlir::Operation *op) {
  std::string key;
  llvm::raw_string_ostream stream(key);
  op->print(stream, mlir::OpPrintingFlags()
                        .printGenericOpForm()
                        .enableDebugInfo(false)
                        .assumeVerified());
  return key;
}
