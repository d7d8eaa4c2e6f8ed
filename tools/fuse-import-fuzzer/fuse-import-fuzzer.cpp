//===- fuse-import-fuzzer.cpp - libFuzzer target of the HLO importer ------===//
//
// Imports an input as XLA HLO text (importHLOText verifies the module it
// returns). Diagnostics are dropped, so only crashes and sanitizer reports
// are findings.
//
//===----------------------------------------------------------------------===//

#include "fuse/Target/HLOText/HLOTextImport.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/StringRef.h"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A context per input, so that nothing one input interns outlives it; the
  // importer loads the dialects it emits.
  mlir::MLIRContext context(mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  // Zeros for elided constants reach the emitter where the default stops.
  fuse::HLOTextImportOptions options;
  options.elidedConstants = fuse::HLOTextImportOptions::ElidedConstants::Zeros;
  // The input as is, without a terminating NUL: the lexer checks bounds,
  // and ASan sees it if it reads past the end.
  llvm::StringRef text(reinterpret_cast<const char *>(data), size);
  (void)fuse::importHLOText(text, "fuzz-input", &context, options);
  return 0;
}
