//===- AotCompile.cpp - GPU programs compiled ahead of time ---------------===//

#include "fuse/Execution/AotCompile.h"
#include "fuse/Execution/Entries.h"
#include "fuse/Execution/HostJit.h"
#include "fuse/Execution/JitProgram.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Target/TargetMachine.h"

#include <dlfcn.h>

using namespace mlir;

namespace fuse::exec {

namespace {

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

/// A constant array of `elements` (all of `elementType`) named `name`.
void addConstantArray(llvm::Module &module, llvm::Type *elementType,
                      llvm::ArrayRef<llvm::Constant *> elements,
                      llvm::StringRef name) {
  auto *type = llvm::ArrayType::get(elementType, elements.size());
  new llvm::GlobalVariable(module, type, /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage,
                           llvm::ConstantArray::get(type, elements), name);
}

/// The table the driver reads: fuse_aot_entry_count, and per entry
/// fuse_aot_entry_names, fuse_aot_signatures and fuse_aot_entries (the
/// address of its C interface).
void addDriverSymbols(llvm::Module &module, llvm::ArrayRef<std::string> entries,
                      llvm::ArrayRef<std::string> signatures, int64_t ranks) {
  llvm::LLVMContext &context = module.getContext();
  llvm::IRBuilder<> builder(context);
  llvm::StringSet<> interfaces;
  for (const std::string &entry : entries)
    interfaces.insert("_mlir_ciface_" + entry);
  // Only the C interfaces are visible: the program's own functions (a
  // `main` among them) must not clash with the driver's.
  for (llvm::Function &defined : module.functions())
    if (!defined.isDeclaration() && !interfaces.contains(defined.getName()))
      defined.setLinkage(llvm::GlobalValue::InternalLinkage);

  auto *pointer = llvm::PointerType::getUnqual(context);
  SmallVector<llvm::Constant *> names, texts, functions;
  for (auto [entry, signature] : llvm::zip(entries, signatures)) {
    auto string = [&](llvm::StringRef text) -> llvm::Constant * {
      llvm::Constant *data = llvm::ConstantDataArray::getString(context, text);
      return new llvm::GlobalVariable(module, data->getType(),
                                      /*isConstant=*/true,
                                      llvm::GlobalValue::PrivateLinkage, data);
    };
    names.push_back(string(entry));
    texts.push_back(string(signature));
    functions.push_back(module.getFunction("_mlir_ciface_" + entry));
  }
  new llvm::GlobalVariable(
      module, builder.getInt32Ty(), /*isConstant=*/true,
      llvm::GlobalValue::ExternalLinkage,
      builder.getInt32(static_cast<uint32_t>(entries.size())),
      "fuse_aot_entry_count");
  new llvm::GlobalVariable(module, builder.getInt32Ty(), /*isConstant=*/true,
                           llvm::GlobalValue::ExternalLinkage,
                           builder.getInt32(static_cast<uint32_t>(ranks)),
                           "fuse_aot_ranks");
  addConstantArray(module, pointer, names, "fuse_aot_entry_names");
  addConstantArray(module, pointer, texts, "fuse_aot_signatures");
  addConstantArray(module, pointer, functions, "fuse_aot_entries");
}

} // namespace

llvm::Error emitCUDAObject(ModuleOp module, llvm::ArrayRef<std::string> entries,
                           const NVVMPipelineOptions &options,
                           llvm::StringRef objectPath,
                           const CompileInstrumentation &instrumentation) {
  SmallVector<std::string> signatures;
  for (const std::string &entry : entries) {
    auto func = module.lookupSymbol<func::FuncOp>(entry);
    if (!func || func.isExternal() || !func.isPublic())
      return makeError("no public function @" + entry + " to compile");
    signatures.push_back(formatSignature(func.getFunctionType()));
  }

  if (std::optional<std::string> why = checkNVVMPipelineOptions(options))
    return makeError(*why);
  OwningOpRef<ModuleOp> lowered = module.clone();
  markEntries(*lowered, entries);
  PassManager pm(module.getContext());
  if (failed(instrumentation.configure(pm)))
    return makeError("cannot set up the pass manager");
  pm.addPass(createSymbolDCEPass());
  buildHLOToNVVMPipeline(pm, options);
  if (failed(pm.run(*lowered)) ||
      failed(instrumentation.verifyLowered(*lowered)))
    return makeError("lowering to the GPU failed");

  llvm::Expected<llvm::orc::JITTargetMachineBuilder> machineBuilder =
      detectHostMachine();
  if (!machineBuilder)
    return machineBuilder.takeError();
  // Any x86-64 host runs it, not only this one's CPU.
  machineBuilder->setCPU("x86-64-v2");
  machineBuilder->getFeatures() = llvm::SubtargetFeatures();
  machineBuilder->setCodeGenOptLevel(llvm::CodeGenOptLevel::Aggressive);
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      machineBuilder->createTargetMachine();
  if (!machine)
    return machine.takeError();

  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(*lowered, llvmContext, "fuse-aot");
  if (!llvmModule)
    return makeError("cannot translate the lowered program to LLVM IR");
  llvmModule->setDataLayout((*machine)->createDataLayout());
  llvmModule->setTargetTriple((*machine)->getTargetTriple());
  addDriverSymbols(*llvmModule, entries, signatures,
                   getDistributedRanks(module).value_or(0));
  if (llvm::Error error = makeOptimizingTransformer(
          /*optLevel=*/3, /*sizeLevel=*/0, machine->get())(llvmModule.get()))
    return error;

  std::error_code errorCode;
  llvm::ToolOutputFile output(objectPath, errorCode, llvm::sys::fs::OF_None);
  if (errorCode)
    return makeError("cannot write '" + objectPath +
                     "': " + errorCode.message());
  llvm::legacy::PassManager codegen;
  if ((*machine)->addPassesToEmitFile(codegen, output.os(), nullptr,
                                      llvm::CodeGenFileType::ObjectFile))
    return makeError("the host target cannot emit object files");
  codegen.run(*llvmModule);
  output.keep();
  return llvm::Error::success();
}

/// fuse's library directory: lib/ beside the bin/ that holds the binary
/// this code was linked into (a tool), or that binary's own directory (the
/// C API library), in the build tree and in an installed prefix alike.
std::string getFuseLibraryDir() {
  Dl_info info;
  if (!dladdr(reinterpret_cast<void *>(&getFuseLibraryDir), &info) ||
      !info.dli_fname)
    return "";
  llvm::SmallString<256> binary(info.dli_fname);
  llvm::sys::fs::make_absolute(binary);
  llvm::StringRef dir = llvm::sys::path::parent_path(binary);
  if (llvm::sys::path::filename(dir) != "bin")
    return dir.str();
  llvm::SmallString<256> lib(llvm::sys::path::parent_path(dir));
  llvm::sys::path::append(lib, "lib");
  return std::string(lib);
}

llvm::Error linkCUDAExecutable(llvm::StringRef objectPath,
                               llvm::StringRef executablePath,
                               bool distributed) {
  std::string libraryDir = getFuseLibraryDir();
  std::string driver = libraryDir + "/libFuseCudaDriver.a";
  std::string runtime = libraryDir + "/libFuseCudaRuntimeStatic.a";
  std::string mpiDriver = libraryDir + "/libFuseMPIDriver.a";
  for (const std::string &library : {driver, runtime})
    if (!llvm::sys::fs::exists(library))
      return makeError("cannot find '" + library +
                       "' (build the FuseCudaDriver target)");
  llvm::SmallVector<llvm::StringRef> arguments = {FUSE_CXX_COMPILER, objectPath,
                                                  driver, runtime, "-ldl"};
  llvm::SmallVector<std::string> mpiArguments;
  if (distributed) {
#ifdef FUSE_MPI_LIBRARIES
    if (!llvm::sys::fs::exists(mpiDriver))
      return makeError("cannot find '" + mpiDriver +
                       "' (build the FuseMPIDriver target)");
    // Whole: the driver refers to its hooks weakly, which pulls nothing in.
    mpiArguments.append(
        {"-Wl,--whole-archive", mpiDriver, "-Wl,--no-whole-archive"});
    llvm::SmallVector<llvm::StringRef> libraries;
    llvm::StringRef(FUSE_MPI_LIBRARIES).split(libraries, ';', -1, false);
    for (llvm::StringRef library : libraries)
      mpiArguments.push_back(library.str());
#else
    return makeError("the program is distributed (--distribute-splits), and "
                     "fuse was built without MPI");
#endif
  }
  for (const std::string &argument : mpiArguments)
    arguments.push_back(argument);
#ifdef FUSE_SANITIZER_LINK_FLAGS
  // The archives are instrumented: the executable needs the runtimes.
  arguments.push_back(FUSE_SANITIZER_LINK_FLAGS);
#endif
  arguments.append({"-o", executablePath});
  std::string message;
  int status = llvm::sys::ExecuteAndWait(FUSE_CXX_COMPILER, arguments,
                                         std::nullopt, {}, 0, 0, &message);
  if (status != 0)
    return makeError("linking '" + executablePath + "' with " +
                     FUSE_CXX_COMPILER + " failed" +
                     (message.empty() ? "" : ": " + message));
  return llvm::Error::success();
}

} // namespace fuse::exec
