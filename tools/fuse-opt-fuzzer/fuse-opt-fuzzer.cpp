//===- fuse-opt-fuzzer.cpp - libFuzzer target of fuse's pass pipelines ----===//
//
// Parses an input as MLIR text (the parser verifies what it returns) and
// runs a copy of it through each of fuse's pass pipelines, down to the LLVM
// dialect for the CPU; nothing is executed. Diagnostics are dropped, so
// only crashes and sanitizer reports are findings.
//
//===----------------------------------------------------------------------===//

#include "fuse/InitAll.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/ErrorHandling.h"

#include <cstddef>
#include <cstdint>
#include <string>

// Each runs on its own copy of the input. The small threshold lets
// split-tensors split the small tensors of fuzzed programs.
static const char *const pipelines[] = {
    "canonicalize",
    "fuse-elementwise",
    "algebraic-simplify",
    "dot-order",
    "split-tensors{tensor-size-threshold=256B},fuse-elementwise",
    "hlo-lower-to-cpu",
    "fuse-elementwise,hlo-lower-to-cpu",
};

static const mlir::DialectRegistry &getRegistry() {
  static const mlir::DialectRegistry registry = [] {
    mlir::DialectRegistry registry;
    fuse::registerAllDialects(registry);
    return registry;
  }();
  return registry;
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  fuse::registerAllPasses();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  // A context per input, so that nothing one input interns outlives it.
  mlir::MLIRContext context(getRegistry(),
                            mlir::MLIRContext::Threading::DISABLED);
  mlir::ScopedDiagnosticHandler dropDiagnostics(
      &context, [](mlir::Diagnostic &) { return mlir::success(); });
  // The lexer reads the terminating NUL that std::string guarantees.
  std::string text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module)
    return 0;
  for (const char *pipeline : pipelines) {
    mlir::PassManager pm(&context);
    if (mlir::failed(mlir::parsePassPipeline(pipeline, pm)))
      llvm::report_fatal_error(llvm::Twine("bad pipeline: ") + pipeline);
    mlir::OwningOpRef<mlir::ModuleOp> copy = module->clone();
    (void)pm.run(*copy);
  }
  return 0;
}
