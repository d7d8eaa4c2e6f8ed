//===- Module.cpp - modules of the C API: parse, transform, print ---------===//

#include "Handles.h"

#include "fuse/Dialect/HLO/Transforms/FuseElementwise.h"

#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using fuse::capi::ErrorCapture;

namespace {

FuseModule wrap(FuseContextImpl *owner, OwningOpRef<ModuleOp> module) {
  if (!module)
    return nullptr;
  return new FuseModuleImpl{owner, std::move(module)};
}

} // namespace

FuseModule fuseModuleParse(FuseContext context, const char *text, size_t length,
                           const char *name) {
  ErrorCapture capture(context);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(llvm::StringRef(text, length),
                                           name ? name : "<string>"),
      llvm::SMLoc());
  return wrap(context, parseSourceFile<ModuleOp>(sourceMgr, &context->context));
}

FuseModule fuseModuleClone(FuseModule module) {
  return new FuseModuleImpl{module->owner, module->module->clone()};
}

void fuseModuleDestroy(FuseModule module) { delete module; }

bool fuseModuleRunPasses(FuseModule module, const char *pipeline) {
  ErrorCapture capture(module->owner);
  PassManager pm(&module->owner->context);
  std::string errorText;
  llvm::raw_string_ostream errorStream(errorText);
  if (failed(parsePassPipeline(fuse::capi::stripModuleAnchor(pipeline), pm,
                               errorStream))) {
    capture.add("invalid pass pipeline '" + llvm::Twine(pipeline) +
                "': " + llvm::StringRef(errorText).trim());
    return false;
  }
  return succeeded(pm.run(*module->module));
}

char *fuseModulePrint(FuseModule module, bool withLocations) {
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  if (withLocations)
    flags.enableDebugInfo(/*enable=*/true, /*prettyForm=*/false);
  module->module->print(os, flags);
  return fuse::capi::copyString(text);
}

char *fuseModulePrintGraphviz(FuseModule module) {
  std::string text;
  llvm::raw_string_ostream os(text);
  fuse::hlo::printFusionGraph(*module->module, os);
  return fuse::capi::copyString(text);
}

char *fuseModuleGetSignature(FuseModule module, const char *entry) {
  ErrorCapture capture(module->owner);
  func::FuncOp func = fuse::capi::lookupEntry(module, entry, capture);
  if (!func)
    return nullptr;
  return fuse::capi::copyString(
      fuse::exec::formatSignature(func.getFunctionType()));
}
