//===- HLOTextImport.cpp - XLA HLO text to the hlo dialect ----------------===//
//
// Parses the text into a ParsedModule, fills in a partition count that the
// header leaves out where the collectives' shapes give it, then emits the
// entry computation as `func.func @main`. The module is named after the HloModule.
//
//===----------------------------------------------------------------------===//

#include "fuse/Target/HLOText/HLOTextImport.h"
#include "Emitter.h"
#include "Parser.h"

#include "fuse/Dialect/HLO/IR/HLODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;

namespace fuse {

OwningOpRef<ModuleOp> importHLOText(StringRef text, StringRef bufferName,
                                    MLIRContext *context,
                                    const HLOTextImportOptions &options) {
  context->loadDialect<hlo::HLODialect, func::FuncDialect>();
  FailureOr<hlo_text::ParsedModule> parsed =
      hlo_text::Parser(text, bufferName, context, options).parseModule();
  if (failed(parsed))
    return nullptr;
  hlo_text::inferPartitionCount(*parsed);

  OwningOpRef<ModuleOp> module = ModuleOp::create(
      FileLineColLoc::get(context, bufferName, 1, 1), StringRef(parsed->name));
  OpBuilder builder = OpBuilder::atBlockEnd(module->getBody());
  if (failed(hlo_text::Emitter(*parsed, builder).emitEntryFunction()) ||
      failed(verify(*module)))
    return nullptr;
  return module;
}

llvm::cl::OptionCategory &getImportHLOTextOptionCategory() {
  static llvm::cl::OptionCategory category("--import-hlo options");
  return category;
}

namespace {

using Elided = HLOTextImportOptions::ElidedConstants;

// The options of --import-hlo, as fuse-translate's command line gives them.
llvm::cl::opt<Elided> elidedConstants(
    "hlo-elided-constants", llvm::cl::cat(getImportHLOTextOptionCategory()),
    llvm::cl::desc("What --import-hlo does with constants whose values are "
                   "elided ('constant({...})')"),
    llvm::cl::values(clEnumValN(Elided::Error, "error",
                                "report them (the default)"),
                     clEnumValN(Elided::Zeros, "zeros", "fill them with zeros"),
                     clEnumValN(Elided::Random, "random",
                                "fill them with seeded random values")),
    llvm::cl::init(Elided::Error));
llvm::cl::opt<uint64_t>
    elidedConstantSeed("hlo-elided-constant-seed",
                       llvm::cl::cat(getImportHLOTextOptionCategory()),
                       llvm::cl::desc("The seed of "
                                      "--hlo-elided-constants=random"),
                       llvm::cl::init(0));

} // namespace

void registerImportHLOTextTranslation() {
  // Registering a name twice is fatal; callers need not know who came first.
  static const bool registered = [] {
    TranslateToMLIRRegistration registration(
        "import-hlo", "import XLA HLO text into the hlo dialect",
        [](llvm::SourceMgr &sourceMgr,
           MLIRContext *context) -> OwningOpRef<Operation *> {
          const llvm::MemoryBuffer *buffer =
              sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
          HLOTextImportOptions options;
          options.elidedConstants = elidedConstants;
          options.seed = elidedConstantSeed;
          return importHLOText(buffer->getBuffer(),
                               buffer->getBufferIdentifier(), context, options);
        },
        [](DialectRegistry &registry) {
          registry.insert<hlo::HLODialect, func::FuncDialect>();
        });
    return true;
  }();
  (void)registered;
}

} // namespace fuse
