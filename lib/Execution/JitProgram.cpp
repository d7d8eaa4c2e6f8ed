//===- JitProgram.cpp - compile hlo for the host and call it --------------===//

#include "fuse/Execution/JitProgram.h"
#include "MemRefDescriptor.h"

#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Execution/MemoryAccountant.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/ExecutionEngine/OptUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/Support/TargetSelect.h"

#include <chrono>

using namespace mlir;

namespace fuse::exec {

bool isRunnableType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  return tensorType && tensorType.hasStaticShape() &&
         HostBuffer::isSupportedElementType(tensorType.getElementType());
}

uint64_t getCallBytes(FunctionType type) {
  uint64_t bytes = 0;
  for (TypeRange types : {type.getInputs(), type.getResults()})
    for (Type value : types) {
      auto tensorType = cast<RankedTensorType>(value);
      bytes += tensorType.getNumElements() *
               HostBuffer::getElementByteSize(tensorType.getElementType());
    }
  return bytes;
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// Prepares the clone for lowering: the entries get a C interface and
/// read-only arguments, every other public function becomes private so
/// that symbol DCE drops what the entries do not call.
void markEntries(ModuleOp module, llvm::ArrayRef<std::string> entries) {
  MLIRContext *context = module.getContext();
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!llvm::is_contained(entries, func.getSymName())) {
      if (func.isPublic())
        func.setPrivate();
      continue;
    }
    func->setAttr(LLVM::LLVMDialect::getEmitCWrapperAttrName(),
                  UnitAttr::get(context));
    for (unsigned i = 0, e = func.getNumArguments(); i < e; ++i)
      func.setArgAttr(i, bufferization::BufferizationDialect::kWritableAttrName,
                      BoolAttr::get(context, false));
  }
}

llvm::Expected<std::unique_ptr<ExecutionEngine>>
createEngine(ModuleOp module, const CPUPipelineOptions &options) {
  static bool targetInitialized = [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    return true;
  }();
  (void)targetInitialized;
  MLIRContext *context = module.getContext();
  registerBuiltinDialectTranslation(*context);
  registerLLVMDialectTranslation(*context);
  registerOpenMPDialectTranslation(*context);

  llvm::Expected<llvm::orc::JITTargetMachineBuilder> machineBuilder =
      llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  llvm::Expected<std::unique_ptr<llvm::TargetMachine>> machine =
      machineBuilder->createTargetMachine();
  if (!machine)
    return machine.takeError();

  // The optimizer gets the target machine so that the vectorizers know the
  // host's vector registers; without it they see a target with none.
  auto transformer = makeOptimizingTransformer(
      /*optLevel=*/3, /*sizeLevel=*/0, machine->get());
  std::vector<std::string> libraries = getCPURuntimeLibraries(options);
  llvm::SmallVector<llvm::StringRef> libraryRefs(libraries.begin(),
                                                 libraries.end());
  ExecutionEngineOptions engineOptions;
  engineOptions.transformer = transformer;
  engineOptions.jitCodeGenOptLevel = llvm::CodeGenOptLevel::Aggressive;
  engineOptions.sharedLibPaths = libraryRefs;
  return ExecutionEngine::create(module, engineOptions, std::move(*machine));
}

/// The kernel descriptions hold strings and arrays of strings.
llvm::json::Value toJson(Attribute attribute) {
  if (auto string = dyn_cast<StringAttr>(attribute))
    return string.str();
  return llvm::json::Array(llvm::map_range(cast<ArrayAttr>(attribute), toJson));
}

/// The kernels --hlo-instrument-kernels described on `module`, by id.
std::vector<TracedKernel> readKernels(ModuleOp module) {
  std::vector<TracedKernel> kernels;
  auto table = module->getAttrOfType<ArrayAttr>(hlo::kKernelsAttrName);
  if (!table)
    return kernels;
  for (auto description : table.getAsRange<DictionaryAttr>()) {
    TracedKernel &kernel = kernels.emplace_back();
    for (NamedAttribute field : description) {
      if (field.getName() == "name")
        kernel.name = cast<StringAttr>(field.getValue()).str();
      else
        kernel.args[field.getName().strref()] = toJson(field.getValue());
    }
  }
  return kernels;
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

} // namespace

llvm::Expected<std::unique_ptr<JitProgram>> JitProgram::compile(
    ModuleOp module, llvm::ArrayRef<std::string> entryNames,
    const CPUPipelineOptions &options,
    std::function<LogicalResult(PassManager &)> configurePassManager) {
  Clock::time_point start = Clock::now();
  std::unique_ptr<JitProgram> program(new JitProgram());
  for (const std::string &name : entryNames) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    if (!func || func.isExternal() || !func.isPublic())
      return makeError("no public function @" + name + " to compile");
    program->entries[name] = {func.getFunctionType(), nullptr};
  }

  OwningOpRef<ModuleOp> lowered = module.clone();
  markEntries(*lowered, entryNames);

  CPUPipelineOptions pipelineOptions;
  pipelineOptions.copyOptionValuesFrom(options);
  pipelineOptions.allocationHooks = true;
  PassManager pm(module.getContext());
  if (configurePassManager && failed(configurePassManager(pm)))
    return makeError("cannot set up the pass manager");
  pm.addPass(createSymbolDCEPass());
  buildHLOToCPUPipeline(pm, pipelineOptions);
  if (failed(pm.run(*lowered)))
    return makeError("lowering to the CPU failed");
  program->kernels = readKernels(*lowered);

  llvm::Expected<std::unique_ptr<ExecutionEngine>> engine =
      createEngine(*lowered, pipelineOptions);
  if (!engine)
    return makeError("JIT compilation failed: " +
                     llvm::toString(engine.takeError()));
  program->engine = std::move(*engine);
  program->engine->registerSymbols(MemoryAccountant::getHookSymbols);
  if (pipelineOptions.traceKernels)
    program->engine->registerSymbols(Trace::getHookSymbols);

  // Looking the entries up compiles the module; initializing runs its
  // global constructors. Both belong to the compile time.
  for (auto &[name, entry] : program->entries) {
    auto function =
        program->engine->lookupPacked(("_mlir_ciface_" + name).str());
    if (!function)
      return makeError("JIT compilation failed: " +
                       llvm::toString(function.takeError()));
    entry.function = *function;
  }
  program->engine->initialize();
  program->compileSeconds = secondsSince(start);
  return program;
}

llvm::Expected<llvm::ArrayRef<mlir::Type>>
JitProgram::getResultTypes(llvm::StringRef name) const {
  auto it = entries.find(name);
  if (it == entries.end())
    return makeError("@" + name + " was not compiled");
  return it->second.type.getResults();
}

llvm::Expected<JitProgram::RunResult>
JitProgram::run(llvm::StringRef name, llvm::ArrayRef<HostBuffer> inputs,
                Trace *trace) {
  llvm::Expected<llvm::ArrayRef<Type>> resultTypes = getResultTypes(name);
  if (!resultTypes)
    return resultTypes.takeError();
  RunResult result;
  for (Type type : *resultTypes)
    result.results.emplace_back(cast<RankedTensorType>(type));
  llvm::SmallVector<InputView> views;
  for (const HostBuffer &input : inputs)
    views.push_back({input.data(), input.getType()});
  llvm::SmallVector<char *> outputs = llvm::map_to_vector(
      result.results, [](HostBuffer &buffer) { return buffer.data(); });
  llvm::Expected<double> seconds = call(name, views, outputs, trace);
  if (!seconds)
    return seconds.takeError();
  result.seconds = *seconds;
  return result;
}

llvm::Expected<double> JitProgram::call(llvm::StringRef name,
                                        llvm::ArrayRef<InputView> inputs,
                                        llvm::ArrayRef<char *> outputs,
                                        Trace *trace) {
  auto it = entries.find(name);
  if (it == entries.end())
    return makeError("@" + name + " was not compiled");
  const Entry &entry = it->second;
  ArrayRef<Type> argumentTypes = entry.type.getInputs();
  if (argumentTypes.size() != inputs.size() ||
      llvm::any_of(llvm::zip_equal(argumentTypes, inputs), [](auto pair) {
        return std::get<0>(pair) != std::get<1>(pair).type;
      }))
    return makeError("the inputs of @" + name +
                     " do not have the types of its arguments");
  if (outputs.size() != entry.type.getNumResults())
    return makeError("@" + name + " has " +
                     llvm::Twine(entry.type.getNumResults()) +
                     " results, not " + llvm::Twine(outputs.size()));

  llvm::SmallVector<llvm::SmallVector<int64_t>> inputWords(inputs.size());
  uint64_t inputBytes = 0;
  for (auto [input, words] : llvm::zip_equal(inputs, inputWords)) {
    appendDescriptor(input.data, input.type.getShape(), words);
    inputBytes += input.type.getNumElements() *
                  HostBuffer::getElementByteSize(input.type.getElementType());
  }
  llvm::SmallVector<RankedTensorType> resultTypes =
      llvm::map_to_vector(entry.type.getResults(), [](Type type) {
        return cast<RankedTensorType>(type);
      });
  int64_t numResultWords = 0;
  for (RankedTensorType type : resultTypes)
    numResultWords += getDescriptorWords(type.getRank());
  llvm::SmallVector<int64_t> resultWords(numResultWords, 0);

  // The packed wrapper takes a pointer to each argument of the C interface:
  // the result struct's address first when there are results, then one
  // descriptor address per input.
  llvm::SmallVector<void *> pointers;
  if (!resultTypes.empty())
    pointers.push_back(resultWords.data());
  for (llvm::SmallVector<int64_t> &words : inputWords)
    pointers.push_back(words.data());
  llvm::SmallVector<void *> arguments;
  for (void *&pointer : pointers)
    arguments.push_back(&pointer);

  MemoryAccountant &accountant = MemoryAccountant::get();
  accountant.setReserved(inputBytes);
  if (trace)
    trace->startCall();
  Clock::time_point start = Clock::now();
  entry.function(arguments.data());
  Clock::time_point end = Clock::now();
  if (trace)
    trace->finishCall(name, start, end, kernels);

  int64_t position = 0;
  llvm::SmallVector<void *> allocations;
  for (auto [type, output] : llvm::zip_equal(resultTypes, outputs)) {
    ResultDescriptor descriptor(
        llvm::ArrayRef(resultWords).drop_front(position), type.getRank());
    descriptor.copyInto(output, type);
    allocations.push_back(descriptor.allocated);
    position += getDescriptorWords(type.getRank());
  }
  // Results may alias each other, an input or a constant: the accountant
  // frees only what the program allocated, once.
  for (void *allocation : allocations)
    accountant.deallocate(allocation);
  accountant.setReserved(0);
  return std::chrono::duration<double>(end - start).count();
}

} // namespace fuse::exec
