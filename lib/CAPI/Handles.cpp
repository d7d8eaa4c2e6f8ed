//===- Handles.cpp - contexts and diagnostics of the C API ----------------===//

#include "Handles.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Execution/Entries.h"
#include "fuse/InitAll.h"
#include "fuse/Support/ElementType.h"
#include "fuse/Support/Location.h"

#include "mlir/IR/DialectRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
#include <cstring>
#include <mutex>

using namespace mlir;

namespace {

DialectRegistry makeRegistry() {
  // Pass registration is global and must happen once per process.
  static std::once_flag passesRegistered;
  std::call_once(passesRegistered, [] { fuse::registerAllPasses(); });
  DialectRegistry registry;
  fuse::registerAllDialects(registry);
  return registry;
}

void appendDiagnostic(std::string &error, Diagnostic &diagnostic,
                      llvm::StringRef severity) {
  llvm::raw_string_ostream os(error);
  std::string location = fuse::getFirstSourcePosition(diagnostic.getLocation());
  if (!location.empty())
    os << location << ": ";
  os << severity << ": " << diagnostic.str() << "\n";
  for (Diagnostic &note : diagnostic.getNotes())
    appendDiagnostic(error, note, "note");
}

} // namespace

FuseContextImpl::FuseContextImpl() : context(makeRegistry()) {
  context.loadAllAvailableDialects();
  // The diagnostics go to users of the source language: the op's location
  // says where it came from, its generic form would only be noise.
  context.printOpOnDiagnostic(false);
}

namespace fuse::capi {

ErrorCapture::ErrorCapture(FuseContextImpl *owner)
    : owner(owner), handler(&owner->context, [owner](Diagnostic &diagnostic) {
        if (diagnostic.getSeverity() == DiagnosticSeverity::Error)
          appendDiagnostic(owner->error, diagnostic, "error");
        return success();
      }) {
  owner->error.clear();
}

void ErrorCapture::add(const llvm::Twine &message) {
  owner->error += message.str() + "\n";
}

func::FuncOp lookupEntry(FuseModuleImpl *module, llvm::StringRef entry,
                         ErrorCapture &capture) {
  llvm::Expected<func::FuncOp> func =
      exec::selectEntry(*module->module, entry, "the module");
  if (!func) {
    capture.add(llvm::toString(func.takeError()));
    return nullptr;
  }
  if (llvm::Error error = exec::checkRunnableSignature(*func)) {
    capture.add(llvm::toString(std::move(error)));
    return nullptr;
  }
  return *func;
}

char *copyString(llvm::StringRef text) {
  char *copy = static_cast<char *>(std::malloc(text.size() + 1));
  std::memcpy(copy, text.data(), text.size());
  copy[text.size()] = '\0';
  return copy;
}

llvm::StringRef stripModuleAnchor(llvm::StringRef pipeline) {
  pipeline = pipeline.trim();
  llvm::StringRef inner = pipeline;
  if (inner.consume_front("builtin.module(") && inner.consume_back(")"))
    return inner;
  return pipeline;
}

} // namespace fuse::capi

int fuseGetCAPIVersion(void) { return FUSE_CAPI_VERSION; }

size_t fuseElementTypeCount(void) { return fuse::getElementTypes().size(); }

const char *fuseElementTypeName(size_t index) {
  return index < fuseElementTypeCount() ? fuse::getElementTypes()[index].name
                                        : nullptr;
}

size_t fuseElementTypeBytes(size_t index) {
  return index < fuseElementTypeCount() ? fuse::getElementTypes()[index].bytes
                                        : 0;
}

const char *fuseElementTypeNpyDescr(size_t index) {
  return index < fuseElementTypeCount()
             ? fuse::getElementTypes()[index].npyDescr
             : nullptr;
}

int64_t fuseHLOEnumValue(const char *enumName, const char *caseName) {
  using namespace fuse::hlo;
  llvm::StringRef name(enumName), value(caseName);
  auto valueOf = [](auto symbolized) -> int64_t {
    return symbolized ? static_cast<int64_t>(*symbolized) : -1;
  };
  if (name == "ComparisonDirection")
    return valueOf(symbolizeComparisonDirection(value));
  if (name == "ComparisonType")
    return valueOf(symbolizeComparisonType(value));
  if (name == "FftType")
    return valueOf(symbolizeFftType(value));
  if (name == "FusionKind")
    return valueOf(symbolizeFusionKind(value));
  if (name == "ReductionKind")
    return valueOf(symbolizeReductionKind(value));
  if (name == "RngAlgorithm")
    return valueOf(symbolizeRngAlgorithm(value));
  return -1;
}

void fuseContextSetProgressCallback(FuseContext context,
                                    FuseProgressCallback callback,
                                    void *userData) {
  context->progress = callback;
  context->progressUserData = userData;
}

void fuseStringDestroy(char *string) { std::free(string); }

FuseContext fuseContextCreate(void) { return new FuseContextImpl(); }

void fuseContextDestroy(FuseContext context) { delete context; }

const char *fuseContextGetError(FuseContext context) {
  return context->error.c_str();
}
