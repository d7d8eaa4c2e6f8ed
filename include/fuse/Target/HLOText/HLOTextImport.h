//===- HLOTextImport.h - XLA HLO text to the hlo dialect --------*- C++ -*-===//
//
// Reads the HLO text that XLA dumps and JAX prints
// (`jax.jit(f).lower(...).as_text(dialect="hlo")`) into the hlo dialect. See
// docs/hlo-import.md for what maps to what.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_TARGET_HLOTEXT_HLOTEXTIMPORT_H
#define FUSE_TARGET_HLOTEXT_HLOTEXTIMPORT_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/CommandLine.h"

#include <cstdint>

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace fuse {

/// How the importer treats what some HLO text leaves out.
struct HLOTextImportOptions {
  /// Constants whose values are elided (`constant({...})`, as published
  /// model dumps write large ones): an error, or filled with zeros, or with
  /// seeded random values (floats uniform in [-1, 1), integers in [0, 8),
  /// booleans), as XLA's run_hlo_module does, so that the model can run.
  enum class ElidedConstants { Error, Zeros, Random };
  ElidedConstants elidedConstants = ElidedConstants::Error;
  uint64_t seed = 0;
};

/// Parses XLA HLO text (`HloModule ...` (optional), computations, `ENTRY`)
/// into a module of the hlo dialect whose entry computation is
/// `func.func @main`. Errors are reported through `context`'s diagnostic
/// engine at their line and column in the text (named `bufferName`) and
/// return null.
mlir::OwningOpRef<mlir::ModuleOp>
importHLOText(llvm::StringRef text, llvm::StringRef bufferName,
              mlir::MLIRContext *context,
              const HLOTextImportOptions &options = {});

/// The command-line options of the --import-hlo translation.
llvm::cl::OptionCategory &getImportHLOTextOptionCategory();

/// Registers `--import-hlo` with mlir-translate's registry.
void registerImportHLOTextTranslation();

} // namespace fuse

#endif // FUSE_TARGET_HLOTEXT_HLOTEXTIMPORT_H
