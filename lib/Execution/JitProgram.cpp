//===- JitProgram.cpp - compile hlo for the host and call it --------------===//

#include "fuse/Execution/JitProgram.h"

#include "MemRefDescriptor.h"
#include "fuse/Execution/ElementTypes.h"
#include "fuse/Execution/HostJit.h"

#include "fuse/Codegen/CPU/LightKernels.h"
#include "fuse/Conversion/HLOToRuntime/HLOToRuntime.h"
#include "fuse/Dialect/HLO/Expansions/Passes.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Execution/MPIJob.h"
#include "fuse/Execution/MemoryAccountant.h"
#include "fuse/Execution/OpenMPWaits.h"
#include "fuse/Execution/TransferQueues.h"

#include "fuse/Runtime/CudaRuntime.h"
#include "fuse/Runtime/Lapack.h"
#include "fuse/Support/Location.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassRegistry.h"

#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/GPU/GPUToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/OpenMP/OpenMPToLLVMIRTranslation.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/DynamicLibrary.h"

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>

using namespace mlir;

namespace fuse::exec {

bool isRunnableType(Type type) {
  auto tensorType = dyn_cast<RankedTensorType>(type);
  return tensorType && tensorType.hasStaticShape() &&
         HostBuffer::isSupportedElementType(tensorType.getElementType());
}

/// The bytes of a tensor of `type` laid out row-major.
static uint64_t getTensorBytes(RankedTensorType type) {
  return type.getNumElements() *
         HostBuffer::getElementByteSize(type.getElementType());
}

uint64_t getCallBytes(FunctionType type) {
  uint64_t bytes = 0;
  for (TypeRange types : {type.getInputs(), type.getResults()})
    for (Type value : types)
      bytes += getTensorBytes(cast<RankedTensorType>(value));
  return bytes;
}

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

std::string formatSignature(FunctionType type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  auto printTypes = [&](TypeRange types) {
    llvm::interleave(
        types, os,
        [&](Type type) {
          auto tensorType = cast<RankedTensorType>(type);
          os << getElementTypeInfo(*getElementType(tensorType.getElementType()))
                    .name
             << "[";
          llvm::interleave(tensorType.getShape(), os, ",");
          os << "]";
        },
        ",");
  };
  printTypes(type.getInputs());
  os << "->";
  printTypes(type.getResults());
  return text;
}

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// The name of the C interface of the entry `name`, which the JIT calls.
std::string cInterfaceName(llvm::StringRef name) {
  return ("_mlir_ciface_" + name).str();
}

/// The objects of the lowered `module`, whose functions `entryNames` are
/// called through their C interface.
llvm::Expected<CompiledProgram>
compileObjects(ModuleOp module, llvm::ArrayRef<std::string> entryNames,
               TimingScope &timing) {
  MLIRContext *context = module.getContext();
  registerBuiltinDialectTranslation(*context);
  registerLLVMDialectTranslation(*context);
  registerOpenMPDialectTranslation(*context);
  // The kernels' binaries and their launches in the host code.
  registerGPUDialectTranslation(*context);
  std::vector<std::string> interfaces;
  for (const std::string &name : entryNames)
    interfaces.push_back(cInterfaceName(name));
  return HostJit::compile(module, interfaces, /*threads=*/0, &timing);
}

uint64_t countOps(ModuleOp module) {
  uint64_t count = 0;
  module.walk([&](Operation *) { ++count; });
  return count;
}

uint64_t countFunctionBodies(ModuleOp module) {
  return llvm::count_if(module.getOps<LLVM::LLVMFuncOp>(),
                        [](LLVM::LLVMFuncOp f) { return !f.isExternal(); });
}

/// The functions fuse-cpu-mark-light-kernels marked, which LLVM compiles
/// without its IR optimizer.
uint64_t countLightKernels(ModuleOp module) {
  return llvm::count_if(
      module.getOps<LLVM::LLVMFuncOp>(), [](LLVM::LLVMFuncOp f) {
        ArrayAttr passthrough = f.getPassthroughAttr();
        return passthrough &&
               llvm::any_of(passthrough, [](Attribute attribute) {
                 auto name = dyn_cast<StringAttr>(attribute);
                 return name && name.getValue() == kLightKernelAttribute;
               });
      });
}

/// The key of compiling `entryNames` of `module` with the pipeline of `pm`.
llvm::Expected<std::string>
getCacheKey(ModuleOp module, llvm::ArrayRef<std::string> entryNames,
            PassManager &pm, bool onGPU,
            llvm::ArrayRef<std::string> runtimeLibraries) {
  // Detected per compile: FUSE_CPU_MAX_ISA may change between them.
  llvm::Expected<HostDescription> host = HostDescription::detect();
  if (!host)
    return host.takeError();
  std::string program, pipeline;
  {
    llvm::raw_string_ostream stream(program);
    // Locations name the kernels of traces and profiles.
    module.print(stream, OpPrintingFlags().enableDebugInfo().assumeVerified());
  }
  {
    llvm::raw_string_ostream stream(pipeline);
    pm.printAsTextualPipeline(stream);
  }
  std::string entries = llvm::join(entryNames, ",");
  std::string libraries = llvm::join(runtimeLibraries, ",");
  return CompilationCache::getKey(
      {onGPU ? "cuda" : "cpu", pipeline, entries, libraries, program}, *host);
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

/// The CUDA runtime's entry points, given to the JIT by address: the runtime
/// is linked statically into fuse's tools and libraries, whose symbols the
/// JIT cannot look up.
llvm::orc::SymbolMap
getCudaRuntimeSymbols(llvm::orc::MangleAndInterner mangle) {
  std::pair<const char *, void *> functions[] = {
      {"fuseCudaMatmul", reinterpret_cast<void *>(&fuseCudaMatmul)},
      {"mgpuEventCreate", reinterpret_cast<void *>(&mgpuEventCreate)},
      {"mgpuEventDestroy", reinterpret_cast<void *>(&mgpuEventDestroy)},
      {"mgpuEventRecord", reinterpret_cast<void *>(&mgpuEventRecord)},
      {"mgpuEventSynchronize", reinterpret_cast<void *>(&mgpuEventSynchronize)},
      {"mgpuLaunchKernel", reinterpret_cast<void *>(&mgpuLaunchKernel)},
      {"mgpuMemAlloc", reinterpret_cast<void *>(&mgpuMemAlloc)},
      {"mgpuMemFree", reinterpret_cast<void *>(&mgpuMemFree)},
      {"mgpuMemHostRegister", reinterpret_cast<void *>(&mgpuMemHostRegister)},
      {"mgpuMemHostRegisterMemRef",
       reinterpret_cast<void *>(&mgpuMemHostRegisterMemRef)},
      {"mgpuMemHostUnregister",
       reinterpret_cast<void *>(&mgpuMemHostUnregister)},
      {"mgpuMemHostUnregisterMemRef",
       reinterpret_cast<void *>(&mgpuMemHostUnregisterMemRef)},
      {"mgpuMemcpy", reinterpret_cast<void *>(&mgpuMemcpy)},
      {"mgpuMemset16", reinterpret_cast<void *>(&mgpuMemset16)},
      {"mgpuMemset32", reinterpret_cast<void *>(&mgpuMemset32)},
      {"mgpuModuleGetFunction",
       reinterpret_cast<void *>(&mgpuModuleGetFunction)},
      {"mgpuModuleLoad", reinterpret_cast<void *>(&mgpuModuleLoad)},
      {"mgpuModuleLoadJIT", reinterpret_cast<void *>(&mgpuModuleLoadJIT)},
      {"mgpuModuleUnload", reinterpret_cast<void *>(&mgpuModuleUnload)},
      {"mgpuSetDefaultDevice", reinterpret_cast<void *>(&mgpuSetDefaultDevice)},
      {"mgpuStreamCreate", reinterpret_cast<void *>(&mgpuStreamCreate)},
      {"mgpuStreamDestroy", reinterpret_cast<void *>(&mgpuStreamDestroy)},
      {"mgpuStreamSynchronize",
       reinterpret_cast<void *>(&mgpuStreamSynchronize)},
      {"mgpuStreamWaitEvent", reinterpret_cast<void *>(&mgpuStreamWaitEvent)},
  };
  llvm::orc::SymbolMap symbols;
  for (auto [name, address] : functions)
    symbols[mangle(name)] = {llvm::orc::ExecutorAddr::fromPtr(address),
                             llvm::JITSymbolFlags::Exported};
  return symbols;
}

/// The C interfaces of the LAPACK functions that hlo.eigh and hlo.svd
/// call on the CPU (convert-hlo-spectral-to-calls).
llvm::orc::SymbolMap getLapackSymbols(llvm::orc::MangleAndInterner mangle) {
  std::pair<llvm::StringRef, void *> functions[] = {
      {kLapackEighFunction, reinterpret_cast<void *>(&fuseLapackEigh)},
      {kLapackSvdFunction, reinterpret_cast<void *>(&fuseLapackSvd)},
  };
  llvm::orc::SymbolMap symbols;
  for (auto [name, address] : functions)
    symbols[mangle(("_mlir_ciface_" + name).str())] = {
        llvm::orc::ExecutorAddr::fromPtr(address),
        llvm::JITSymbolFlags::Exported};
  return symbols;
}

/// Why `module` cannot run on this machine with `options`: it calls LAPACK
/// (an hlo.eigh or hlo.svd) and LAPACK cannot be loaded.
std::optional<std::string> checkLapack(ModuleOp module,
                                       const CPUPipelineOptions &options) {
  if (!options.lapack)
    return std::nullopt;
  Operation *decomposition = nullptr;
  module.walk([&](Operation *op) {
    if (!isa<hlo::EighOp, hlo::SvdOp>(op))
      return WalkResult::advance();
    decomposition = op;
    return WalkResult::interrupt();
  });
  const char *error = decomposition ? fuseLapackLoadError() : nullptr;
  if (!error)
    return std::nullopt;
  return describeOp(decomposition) + " needs LAPACK on the CPU: " + error +
         " (or compile with lapack=false for Jacobi sweeps)";
}

/// The arguments of a packed C-interface call (`_mlir_<name>(void **)`):
/// one descriptor address per input, then either one per output buffer
/// (functions compiled with `results-in-place`) or, first of all, the
/// address of the result descriptors the call writes. Not movable:
/// `arguments` points into `pointers`.
class PackedCall {
public:
  PackedCall(llvm::ArrayRef<const void *> inputData,
             llvm::ArrayRef<JitProgram::InputView> inputs,
             llvm::ArrayRef<RankedTensorType> resultTypes,
             llvm::ArrayRef<char *> outputData = {})
      : resultTypes(resultTypes) {
    for (auto [data, input] : llvm::zip_equal(inputData, inputs))
      appendDescriptor(data, input.type.getShape(),
                       argumentWords.emplace_back());
    for (auto [data, type] : llvm::zip(outputData, resultTypes))
      appendDescriptor(data, type.getShape(), argumentWords.emplace_back());
    if (outputData.empty() && !resultTypes.empty()) {
      int64_t numResultWords = 0;
      for (RankedTensorType type : resultTypes)
        numResultWords += getDescriptorWords(type.getRank());
      resultWords.assign(numResultWords, 0);
      pointers.push_back(resultWords.data());
    }
    for (llvm::SmallVector<int64_t> &words : argumentWords)
      pointers.push_back(words.data());
    for (void *&pointer : pointers)
      arguments.push_back(&pointer);
  }
  PackedCall(const PackedCall &) = delete;
  PackedCall &operator=(const PackedCall &) = delete;

  void **getArguments() { return arguments.data(); }

  /// The descriptors the call wrote, one per result (none when the results
  /// were written in place).
  llvm::SmallVector<ResultDescriptor> getResults() const {
    llvm::SmallVector<ResultDescriptor> results;
    if (resultWords.empty())
      return results;
    int64_t position = 0;
    for (RankedTensorType type : resultTypes) {
      results.emplace_back(llvm::ArrayRef(resultWords).drop_front(position),
                           type.getRank());
      position += getDescriptorWords(type.getRank());
    }
    return results;
  }

private:
  llvm::ArrayRef<RankedTensorType> resultTypes;
  llvm::SmallVector<llvm::SmallVector<int64_t>> argumentWords;
  llvm::SmallVector<int64_t> resultWords;
  llvm::SmallVector<void *> pointers;
  llvm::SmallVector<void *> arguments;
};

/// Whether the bytes [a, a + aBytes) and [b, b + bBytes) overlap.
/// A buffer of a call: an input or an output.
struct CallBuffer {
  uintptr_t start;
  uint64_t bytes;
  /// The output's index, or -1 for an input.
  int64_t output;
};

/// Which outputs share bytes with an input or another output: one sweep
/// over the buffers sorted by address, n log n (a model's step passes and
/// returns hundreds of arrays, and every pair cost 0.7 ms a call at 346).
llvm::BitVector findOverlappingOutputs(llvm::SmallVector<CallBuffer> buffers,
                                       size_t numOutputs) {
  llvm::BitVector overlapping(numOutputs);
  llvm::erase_if(buffers, [](const CallBuffer &b) { return b.bytes == 0; });
  llvm::sort(buffers, [](const CallBuffer &a, const CallBuffer &b) {
    return a.start < b.start;
  });
  // The buffer reaching furthest among those before the current one.
  const CallBuffer *furthest = nullptr;
  for (const CallBuffer &buffer : buffers) {
    if (furthest && buffer.start < furthest->start + furthest->bytes) {
      for (const CallBuffer *both : {furthest, &buffer})
        if (both->output >= 0)
          overlapping.set(both->output);
    }
    if (!furthest ||
        buffer.start + buffer.bytes > furthest->start + furthest->bytes)
      furthest = &buffer;
  }
  return overlapping;
}

llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(message);
}

} // namespace

llvm::Expected<std::unique_ptr<JitProgram>>
JitProgram::compile(ModuleOp module, llvm::ArrayRef<std::string> entryNames,
                    const CPUPipelineOptions &options,
                    const CompileInstrumentation &instrumentation,
                    CompilationCache *cache, llvm::StringRef hloPasses) {
  if (std::optional<std::string> error = checkLapack(module, options))
    return makeError(*error);
  CPUPipelineOptions pipelineOptions;
  pipelineOptions.copyOptionValuesFrom(options);
  pipelineOptions.allocationHooks = true;
  pipelineOptions.resultsInPlace = true;
  std::vector<std::string> libraries = getCPURuntimeLibraries(pipelineOptions);
  llvm::Expected<std::unique_ptr<JitProgram>> program = compileWith(
      module, entryNames,
      [&](OpPassManager &pm) { buildHLOToCPUPipeline(pm, pipelineOptions); },
      /*onGPU=*/false, libraries, pipelineOptions.traceKernels, instrumentation,
      cache, hloPasses, /*jacobiSpectral=*/!pipelineOptions.lapack);
  if (!program || !pipelineOptions.parallel)
    return program;
  for (const std::string &library : libraries) {
    auto runtime =
        llvm::sys::DynamicLibrary::getPermanentLibrary(library.c_str());
    // Before anything else starts libomp, which reads its settings then.
    if (void *setDefaults = runtime.getAddressOfSymbol("kmp_set_defaults"))
      setOpenMPWaitDefaults(
          reinterpret_cast<void (*)(const char *)>(setDefaults));
    // With OMP_DYNAMIC set, the user chose how teams are sized.
    if (std::getenv("OMP_DYNAMIC"))
      continue;
    void *setNumThreads = runtime.getAddressOfSymbol("omp_set_num_threads");
    void *getMaxThreads = runtime.getAddressOfSymbol("omp_get_max_threads");
    if (setNumThreads && getMaxThreads)
      (*program)->teamSizer = TeamSizer::get(
          reinterpret_cast<TeamSizer::SetNumThreads>(setNumThreads),
          reinterpret_cast<int (*)()>(getMaxThreads)());
  }
  return program;
}

llvm::Expected<std::unique_ptr<JitProgram>>
JitProgram::compileForCUDA(ModuleOp module,
                           llvm::ArrayRef<std::string> entryNames,
                           const NVVMPipelineOptions &options,
                           const CompileInstrumentation &instrumentation,
                           CompilationCache *cache, llvm::StringRef hloPasses) {
  if (std::optional<std::string> why = checkNVVMPipelineOptions(options))
    return makeError(*why);
  return compileWith(
      module, entryNames,
      [&](OpPassManager &pm) { buildHLOToNVVMPipeline(pm, options); },
      /*onGPU=*/true, {}, /*traceKernels=*/false, instrumentation, cache,
      hloPasses, /*jacobiSpectral=*/true);
}

llvm::Expected<std::unique_ptr<JitProgram>> JitProgram::compileWith(
    ModuleOp module, llvm::ArrayRef<std::string> entryNames,
    std::function<void(OpPassManager &)> buildPipeline, bool onGPU,
    llvm::ArrayRef<std::string> runtimeLibraries, bool traceKernels,
    const CompileInstrumentation &instrumentation, CompilationCache *cache,
    llvm::StringRef hloPasses, bool jacobiSpectral) {
  Clock::time_point start = Clock::now();
  std::unique_ptr<JitProgram> program(new JitProgram());
  program->onGPU = onGPU;
  for (const std::string &name : entryNames) {
    auto func = module.lookupSymbol<func::FuncOp>(name);
    if (!func || func.isExternal() || !func.isPublic())
      return makeError("no public function @" + name + " to compile");
    program->entries[name] = {func.getFunctionType(), nullptr};
  }

  PassManager pm(module.getContext());
  if (failed(instrumentation.configure(pm)))
    return makeError("cannot set up the pass manager");
  if (jacobiSpectral)
    pm.addPass(hlo::createExpandSpectralPass());
  std::string passErrors;
  llvm::raw_string_ostream passErrorStream(passErrors);
  if (failed(parsePassPipeline(hloPasses, pm, passErrorStream)))
    return makeError("invalid pass pipeline '" + hloPasses +
                     "': " + llvm::StringRef(passErrors).trim());
  pm.addPass(createSymbolDCEPass());
  buildPipeline(pm);

  CompileProgress progress(instrumentation.progress,
                           "@" + llvm::join(entryNames, ", @"),
                           instrumentation.progressAfterSeconds);
  std::string key;
  std::optional<CompiledProgram> compiled;
  if (cache) {
    progress.stage("looking the program up in the compilation cache");
    TimingScope lookupTiming = instrumentation.nest("Compilation cache");
    llvm::Expected<std::string> cacheKey =
        getCacheKey(module, entryNames, pm, onGPU, runtimeLibraries);
    if (!cacheKey)
      return cacheKey.takeError();
    key = std::move(*cacheKey);
    llvm::Expected<std::optional<CompiledProgram>> entry = cache->load(key);
    if (!entry)
      program->cacheReport.warning =
          llvm::toString(entry.takeError()) + "; compiling again";
    else if (*entry)
      compiled = std::move(**entry);
    program->cacheReport.outcome =
        compiled ? CacheOutcome::Hit : CacheOutcome::Miss;
  }

  // The LLVM stages are timed after the passes, as they run.
  std::optional<TimingScope> llvmTiming;
  if (!compiled) {
    OwningOpRef<ModuleOp> lowered = module.clone();
    markEntries(*lowered, entryNames);
    progress.stage(("lowering " + llvm::Twine(countOps(*lowered)) +
                    " ops (cache " + program->cacheReport.describe() + ")")
                       .str());
    if (failed(pm.run(*lowered)) ||
        failed(instrumentation.verifyLowered(*lowered)))
      return makeError(onGPU ? "lowering to the GPU failed"
                             : "lowering to the CPU failed");
    progress.stage(("LLVM: translating, optimizing and generating code for " +
                    llvm::Twine(countFunctionBodies(*lowered)) +
                    " functions (the kernels and their callers; " +
                    llvm::Twine(countLightKernels(*lowered)) +
                    " light kernels without the IR optimizer)")
                       .str());
    llvmTiming.emplace(instrumentation.nest("LLVM"));
    llvm::Expected<CompiledProgram> objects =
        compileObjects(*lowered, entryNames, *llvmTiming);
    if (!objects)
      return makeError("JIT compilation failed: " +
                       llvm::toString(objects.takeError()));
    compiled = std::move(*objects);
    compiled->kernels = readKernels(*lowered);
    if (cache && secondsSince(start) >= cache->getOptions().minCompileSeconds) {
      progress.stage("storing the code in the compilation cache");
      if (llvm::Error error = cache->store(key, *compiled))
        program->cacheReport.warning = llvm::toString(std::move(error));
      else
        program->cacheReport.stored = true;
    }
  }
  program->kernels = compiled->kernels;

  progress.stage("linking");
  if (!llvmTiming)
    llvmTiming.emplace(instrumentation.nest("LLVM"));
  TimingScope linkTiming = llvmTiming->nest("Link and initialize");
  llvm::Expected<std::unique_ptr<HostJit>> engine =
      HostJit::load(std::move(*compiled), runtimeLibraries);
  if (!engine)
    return makeError("JIT compilation failed: " +
                     llvm::toString(engine.takeError()));
  program->engine = std::move(*engine);
  program->engine->registerSymbols(MemoryAccountant::getHookSymbols);
  program->engine->registerSymbols(MPIJob::getTimedSymbols);
  program->engine->registerSymbols(TransferQueues::getHookSymbols);
  program->engine->registerSymbols(getLapackSymbols);
  // Also for CPU programs that emulate the GPU's products
  // (emulated-library-products), which call fuseCudaMatmul.
  program->engine->registerSymbols(getCudaRuntimeSymbols);
  if (traceKernels)
    program->engine->registerSymbols(Trace::getHookSymbols);
  program->kernelsTraced = traceKernels;

  // Looking the entries up links the program; initializing runs its global
  // constructors. Both belong to the compile time.
  for (auto &[name, entry] : program->entries) {
    auto function = program->engine->lookupPacked(cInterfaceName(name));
    if (!function)
      return makeError("JIT compilation failed: " +
                       llvm::toString(function.takeError()));
    entry.function = *function;
  }
  if (llvm::Error error = program->engine->initialize())
    return makeError("cannot initialize the program: " +
                     llvm::toString(std::move(error)));
  program->compileSeconds = secondsSince(start);
  progress.finish(program->cacheReport.describe());
  return program;
}

llvm::StringLiteral CacheReport::describe() const {
  switch (outcome) {
  case CacheOutcome::Off:
    return "off";
  case CacheOutcome::Hit:
    return "hit";
  case CacheOutcome::Miss:
    return stored ? llvm::StringLiteral("miss, stored")
                  : llvm::StringLiteral("miss");
  }
  llvm_unreachable("an outcome of the cache");
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
  llvm::Expected<double> seconds =
      runAgain(name, inputs, result.results, trace);
  if (!seconds)
    return seconds.takeError();
  result.seconds = *seconds;
  return result;
}

llvm::Expected<double>
JitProgram::runAgain(llvm::StringRef name, llvm::ArrayRef<HostBuffer> inputs,
                     llvm::MutableArrayRef<HostBuffer> results, Trace *trace) {
  llvm::SmallVector<InputView> views;
  for (const HostBuffer &input : inputs)
    views.push_back({input.data(), input.getType()});
  llvm::SmallVector<char *> outputs = llvm::map_to_vector(
      results, [](HostBuffer &buffer) { return buffer.data(); });
  return call(name, views, outputs, trace);
}

llvm::Expected<double> JitProgram::call(llvm::StringRef name,
                                        llvm::ArrayRef<InputView> inputs,
                                        llvm::ArrayRef<char *> outputs,
                                        Trace *trace) {
  auto it = entries.find(name);
  if (it == entries.end())
    return makeError("@" + name + " was not compiled");
  const Entry &entry = it->second;
  std::optional<TeamSizer::Call> measured;
  if (teamSizer)
    measured.emplace(*teamSizer, entry.callKind);
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

  if (onGPU)
    return callOnGPU(entry, inputs, outputs);

  llvm::SmallVector<RankedTensorType> resultTypes =
      llvm::map_to_vector(entry.type.getResults(), [](Type type) {
        return cast<RankedTensorType>(type);
      });
  // The program writes its results while it reads its inputs: an output
  // that overlaps an input or another output is written to a buffer of its
  // own and copied afterwards.
  uint64_t callBytes = 0;
  llvm::SmallVector<CallBuffer> buffers;
  for (const InputView &input : inputs) {
    buffers.push_back({reinterpret_cast<uintptr_t>(input.data),
                       getTensorBytes(input.type), -1});
    callBytes += buffers.back().bytes;
  }
  for (auto [index, type] : llvm::enumerate(resultTypes)) {
    buffers.push_back({reinterpret_cast<uintptr_t>(outputs[index]),
                       getTensorBytes(type), static_cast<int64_t>(index)});
    callBytes += buffers.back().bytes;
  }
  llvm::SmallVector<char *> destinations(outputs);
  llvm::SmallVector<std::optional<HostBuffer>> staging(outputs.size());
  for (unsigned index :
       findOverlappingOutputs(buffers, outputs.size()).set_bits())
    destinations[index] = staging[index].emplace(resultTypes[index]).data();
  PackedCall call(
      llvm::map_to_vector(inputs,
                          [](const InputView &input) { return input.data; }),
      inputs, resultTypes, destinations);

  MemoryAccountant &accountant = MemoryAccountant::get();
  accountant.setReserved(callBytes);
  if (trace)
    trace->startCall();
  Clock::time_point start = Clock::now();
  entry.function(call.getArguments());
  Clock::time_point end = Clock::now();
  if (trace)
    trace->finishCall(name, start, end, kernels);
  accountant.setReserved(0);

  for (auto [index, buffer] : llvm::enumerate(staging))
    if (buffer)
      std::memcpy(outputs[index], buffer->data(),
                  getTensorBytes(resultTypes[index]));
  return std::chrono::duration<double>(end - start).count();
}

llvm::Expected<double>
JitProgram::callOnDevice(llvm::StringRef name,
                         llvm::ArrayRef<const void *> inputs,
                         llvm::SmallVectorImpl<void *> &outputs, bool timed) {
  auto it = entries.find(name);
  if (it == entries.end())
    return makeError("@" + name + " was not compiled");
  if (!onGPU)
    return makeError("@" + name + " was compiled for the CPU, not the GPU");
  const Entry &entry = it->second;
  if (inputs.size() != entry.type.getNumInputs())
    return makeError("@" + name + " takes " +
                     llvm::Twine(entry.type.getNumInputs()) +
                     " arguments, not " + llvm::Twine(inputs.size()));
  llvm::SmallVector<InputView> views;
  for (auto [data, type] : llvm::zip_equal(inputs, entry.type.getInputs()))
    views.push_back({data, cast<RankedTensorType>(type)});
  return launch(entry, views, outputs, timed);
}

llvm::Expected<double>
JitProgram::launch(const Entry &entry, llvm::ArrayRef<InputView> deviceInputs,
                   llvm::SmallVectorImpl<void *> &outputs, bool timed) {
  llvm::SmallVector<RankedTensorType> resultTypes =
      llvm::map_to_vector(entry.type.getResults(), [](Type type) {
        return cast<RankedTensorType>(type);
      });
  llvm::SmallVector<const void *> inputData = llvm::map_to_vector(
      deviceInputs, [](const InputView &input) { return input.data; });
  PackedCall call(inputData, deviceInputs, resultTypes);

  // CUDA events on the default stream, which waits for the program's
  // streams: the time of the kernels and of the host code between them.
  FuseCudaTimer *timer = timed ? fuseCudaTimerStart() : nullptr;
  entry.function(call.getArguments());

  // Each result gets a buffer of its own: the caller frees them one by one.
  // A result the program left in an input, in another result's buffer or
  // inside a larger buffer is copied out.
  llvm::Error error = llvm::Error::success();
  llvm::SmallVector<void *> programBuffers;
  for (auto [type, descriptor] :
       llvm::zip_equal(resultTypes, call.getResults())) {
    size_t bytes = getTensorBytes(type);
    int64_t stride = 1;
    bool rowMajor = true;
    for (int64_t dim = type.getRank() - 1; dim >= 0; --dim) {
      if (type.getDimSize(dim) > 1 && descriptor.strides[dim] != stride)
        rowMajor = false;
      stride *= type.getDimSize(dim);
    }
    if (!rowMajor && !error)
      error = makeError("a result of the GPU program is not row-major");
    bool ownBuffer = descriptor.offset == 0 &&
                     descriptor.aligned == descriptor.allocated &&
                     !llvm::is_contained(inputData, descriptor.allocated) &&
                     !llvm::is_contained(outputs, descriptor.allocated);
    if (ownBuffer && rowMajor) {
      outputs.push_back(descriptor.allocated);
      continue;
    }
    void *copy = fuseCudaAlloc(std::max<size_t>(bytes, 1));
    size_t elementBytes = HostBuffer::getElementByteSize(type.getElementType());
    if (rowMajor && bytes)
      fuseCudaCopyDeviceToDevice(
          copy, descriptor.aligned + descriptor.offset * elementBytes, bytes);
    outputs.push_back(copy);
    if (!llvm::is_contained(inputData, descriptor.allocated) &&
        !llvm::is_contained(programBuffers, descriptor.allocated))
      programBuffers.push_back(descriptor.allocated);
  }
  for (void *buffer : programBuffers)
    if (!llvm::is_contained(outputs, buffer))
      fuseCudaFree(buffer);
  // Untimed, the call still waits on the default stream, so that its
  // results are complete for any stream when it returns.
  double milliseconds = 0;
  if (timer)
    milliseconds = fuseCudaTimerStop(timer);
  else
    fuseCudaSynchronizeDefaultStream();
  if (error) {
    for (void *output : outputs)
      fuseCudaFree(output);
    outputs.clear();
    return std::move(error);
  }
  return milliseconds / 1000;
}

llvm::Expected<double> JitProgram::callOnGPU(const Entry &entry,
                                             llvm::ArrayRef<InputView> inputs,
                                             llvm::ArrayRef<char *> outputs) {
  llvm::SmallVector<InputView> deviceInputs;
  for (const InputView &input : inputs) {
    size_t bytes = getTensorBytes(input.type);
    // Zero-size tensors still get a distinct (one-byte) buffer.
    void *device = fuseCudaAlloc(std::max<size_t>(bytes, 1));
    fuseCudaCopyToDevice(device, input.data, bytes);
    deviceInputs.push_back({device, input.type});
  }
  llvm::SmallVector<void *> results;
  llvm::Expected<double> seconds =
      launch(entry, deviceInputs, results, /*timed=*/true);
  for (const InputView &input : deviceInputs)
    fuseCudaFree(const_cast<void *>(input.data));
  if (!seconds)
    return seconds.takeError();
  for (auto [type, output, result] :
       llvm::zip_equal(entry.type.getResults(), outputs, results)) {
    if (size_t bytes = getTensorBytes(cast<RankedTensorType>(type)))
      fuseCudaCopyToHost(output, result, bytes);
    fuseCudaFree(result);
  }
  return seconds;
}

} // namespace fuse::exec
