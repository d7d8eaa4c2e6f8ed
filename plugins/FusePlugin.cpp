//===- FusePlugin.cpp - fuse for an upstream mlir-opt --------------------===//
//
// One shared library that gives an mlir-opt built against the same libMLIR
// the hlo dialect (--load-dialect-plugin) and fuse's passes and pipelines
// (--load-pass-plugin), whose flags (`--fuse-elementwise`) work after it.
// Both entry points live here, so one path serves both flags; MLIR itself
// is not linked in twice, the plugin uses the host's.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/MPI/MPIMemoryEffects.h"
#include "fuse/InitAll.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/Plugins/DialectPlugin.h"
#include "mlir/Tools/Plugins/PassPlugin.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>

extern "C" LLVM_ATTRIBUTE_WEAK mlir::DialectPluginLibraryInfo
mlirGetDialectPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FuseHLO", LLVM_VERSION_STRING,
          [](mlir::DialectRegistry *registry) {
            fuse::registerFuseDialects(*registry);
            // Distributed programs bufferize MPI's ops (MPIMemoryEffects.h).
            fuse::registerMPIMemoryEffects(*registry);
          }};
}

namespace {
/// mlir-opt makes a flag for each registered pass before it loads plugins,
/// so it does not know `--fuse-elementwise`. Options made when the pass
/// plugin loads (while mlir-opt parses its arguments) receive the later
/// arguments that mlir-opt does not know: a sink, and `--hlo-` as a prefix,
/// which LLVM would otherwise read as `-h` (help) and a group of letters.
/// Each argument that names a registered pass or pipeline
/// (`--hlo-lower-to-cpu=parallel=false`) is added, in order and nested by
/// its anchor op, to the pipeline of mlir-opt's own `--pass-pipeline`; any
/// other is refused as mlir-opt would.
class PassFlags {
public:
  static void install() { static PassFlags flags; }

private:
  PassFlags()
      : arguments(llvm::cl::Sink, llvm::cl::Hidden,
                  llvm::cl::callback(
                      [this](const std::string &flag) { take(flag); })),
        hloFlags("hlo-", llvm::cl::Prefix, llvm::cl::ValueOptional,
                 llvm::cl::Hidden,
                 llvm::cl::callback([this](const std::string &rest) {
                   take("--hlo-" + rest);
                 })),
        pipeline("builtin.module", mlir::OpPassManager::Nesting::Implicit) {}

  [[noreturn]] static void refuse(const llvm::Twine &message) {
    llvm::errs() << "mlir-opt: " << message << "\n";
    std::exit(1);
  }

  /// mlir-opt's --pass-pipeline: MLIR declares it a cl::opt<std::string>
  /// (PassPipelineCLParser in PassRegistry.h).
  static llvm::cl::opt<std::string> &passPipelineOption() {
    llvm::cl::Option *option =
        llvm::cl::getRegisteredOptions().lookup("pass-pipeline");
    if (!option)
      refuse("this tool has no --pass-pipeline for the flags of fuse's "
             "passes");
    return *static_cast<llvm::cl::opt<std::string> *>(option);
  }

  void take(llvm::StringRef flag) {
    std::pair<llvm::StringRef, llvm::StringRef> nameAndOptions =
        flag.ltrim('-').split('=');
    llvm::StringRef name = nameAndOptions.first,
                    options = nameAndOptions.second;
    const mlir::PassRegistryEntry *entry = mlir::PassInfo::lookup(name);
    if (!entry)
      entry = mlir::PassPipelineInfo::lookup(name);
    if (!entry)
      refuse("Unknown command line argument '" + flag + "'.");
    llvm::cl::opt<std::string> &passPipeline = passPipelineOption();
    // Upstream pass flags and --pass-pipeline exclude each other, and flags
    // of plugin passes become a --pass-pipeline.
    llvm::cl::Option *upstreamPasses =
        llvm::cl::getRegisteredOptions().lookup("canonicalize");
    if (upstreamPasses && upstreamPasses->getNumOccurrences())
      refuse("--" + name + " cannot follow flags of upstream passes: name " +
             "every pass in one --pass-pipeline");
    if (pipeline.size() == 0 && passPipeline.getNumOccurrences())
      refuse("--" + name + " cannot be combined with --pass-pipeline: name " +
             "it in the pipeline");
    // MLIR prints what is wrong with options as it parses them, and may
    // then report no message of its own.
    auto errorHandler = [&](const llvm::Twine &message) {
      std::string text = message.str();
      if (!text.empty())
        refuse("--" + name + ": " + text);
      return mlir::failure();
    };
    if (mlir::failed(entry->addToPipeline(pipeline, options, errorHandler)))
      refuse("--" + name + ": invalid options '" + options + "'");
    std::string text;
    llvm::raw_string_ostream os(text);
    pipeline.printAsTextualPipeline(os);
    if (passPipeline.getNumOccurrences())
      passPipeline.setValue(text);
    else
      passPipeline.addOccurrence(0, "pass-pipeline", text);
  }

  llvm::cl::list<std::string> arguments;
  llvm::cl::list<std::string> hloFlags;
  mlir::OpPassManager pipeline;
};
} // namespace

extern "C" LLVM_ATTRIBUTE_WEAK mlir::PassPluginLibraryInfo
mlirGetPassPluginInfo() {
  return {MLIR_PLUGIN_API_VERSION, "FusePasses", LLVM_VERSION_STRING, [] {
            fuse::registerFusePasses();
            PassFlags::install();
          }};
}
