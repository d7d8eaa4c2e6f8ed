//===- Import.cpp - XLA HLO text through the C API ------------------------===//

#include "Handles.h"

#include "fuse/Target/HLOText/HLOTextImport.h"

FuseModule fuseModuleImportHLOText(FuseContext context, const char *text,
                                   size_t length, const char *name) {
  fuse::capi::ErrorCapture capture(context);
  mlir::OwningOpRef<mlir::ModuleOp> module = fuse::importHLOText(
      llvm::StringRef(text, length), name ? name : "<hlo>", &context->context);
  if (!module)
    return nullptr;
  return new FuseModuleImpl{context, std::move(module)};
}
