//===- Executable.cpp - compiled entries of the C API ---------------------===//

#include "Handles.h"

#include "fuse/Execution/Entries.h"
#include "fuse/Execution/MemoryPlan.h"
#include "fuse/Execution/Trace.h"
#include "fuse/Execution/TransferQueues.h"
#include "fuse/Pipelines/Pipelines.h"
#include "fuse/Runtime/CudaRuntime.h"

using namespace mlir;
using fuse::capi::ErrorCapture;

FuseExecutable fuseCompile(FuseModule module, const char *entry,
                           const char *pipelineOptions) {
  return fuseCompileWithPasses(module, entry, "", pipelineOptions);
}

FuseExecutable fuseCompileWithPasses(FuseModule module, const char *entry,
                                     const char *passes,
                                     const char *pipelineOptions) {
  return fuseCompileForTarget(module, entry, passes, FUSE_TARGET_CPU,
                              pipelineOptions);
}

namespace {

/// The program of `module` lowered for `target` with its pipeline's
/// `pipelineOptions`; errors go to `capture`.
llvm::Expected<std::unique_ptr<fuse::exec::JitProgram>>
compileProgram(FuseModule module, llvm::StringRef entry, llvm::StringRef passes,
               FuseTarget target, llvm::StringRef pipelineOptions) {
  // Under mpirun, an SPMD entry runs with one device per rank.
  llvm::Expected<int64_t> devices = fuse::capi::getSpmdDevices(
      module->module->lookupSymbol<func::FuncOp>(entry));
  if (!devices)
    return devices.takeError();
  // Its calls would have no outside to take records from or give them to.
  if (auto func = module->module->lookupSymbol<func::FuncOp>(entry))
    if (fuse::exec::hasTransfers(func))
      return llvm::createStringError(
          "@" + entry +
          " transfers records with the outside of the program (hlo.infeed, "
          "hlo.outfeed), which the C API does not provide; run it with "
          "fuse-run");
  fuse::exec::CompileInstrumentation instrumentation;
  FuseContextImpl *owner = module->owner;
  if (FuseProgressCallback callback = owner->progress)
    instrumentation.progress =
        [callback, userData = owner->progressUserData](llvm::StringRef line) {
          callback(line.str().c_str(), userData);
        };
  std::string hloPasses = fuse::capi::stripModuleAnchor(passes).str();
  llvm::Expected<std::optional<fuse::exec::CompilationCache>> cache =
      fuse::exec::CompilationCache::fromEnvironment();
  if (!cache)
    return cache.takeError();
  fuse::exec::CompilationCache *cachePointer = *cache ? &**cache : nullptr;
  if (target == FUSE_TARGET_CUDA) {
    std::unique_ptr<fuse::NVVMPipelineOptions> options =
        fuse::NVVMPipelineOptions::createFromString(pipelineOptions);
    if (!options)
      return llvm::createStringError("invalid pipeline options '" +
                                     pipelineOptions + "'");
    char message[1024];
    if (fuseCudaInitialize(message, sizeof(message)) != 0)
      return llvm::createStringError(message);
    // Refused before the first launch rather than failing in it.
    auto func = module->module->lookupSymbol<func::FuncOp>(entry);
    if (std::optional<fuse::exec::MemoryExcess> excess =
            fuse::exec::findMemoryExcess(func, fuseCudaDeviceFreeMemory(),
                                         /*checkPlan=*/true))
      return llvm::createStringError(
          excess->message + ", what the GPU has free" +
          (excess->byPlan ? "; compute it slice by slice with the pass "
                            "split-tensors"
                          : ""));
    if (*devices > 0)
      options->devices = *devices;
    return fuse::exec::JitProgram::compileForCUDA(
        *module->module, {entry.str()}, *options, instrumentation, cachePointer,
        hloPasses);
  }
  std::unique_ptr<fuse::CPUPipelineOptions> options =
      fuse::CPUPipelineOptions::createFromString(pipelineOptions);
  if (!options)
    return llvm::createStringError("invalid pipeline options '" +
                                   pipelineOptions + "'");
  if (*devices > 0)
    options->devices = *devices;
  return fuse::exec::JitProgram::compile(*module->module, {entry.str()},
                                         *options, instrumentation,
                                         cachePointer, hloPasses);
}

} // namespace

FuseExecutable fuseCompileForTarget(FuseModule module, const char *entry,
                                    const char *passes, FuseTarget target,
                                    const char *pipelineOptions) {
  FuseContextImpl *owner = module->owner;
  ErrorCapture capture(owner);
  func::FuncOp func = fuse::capi::lookupEntry(module, entry, capture);
  if (!func)
    return nullptr;
  if (std::optional<int64_t> ranks =
          fuse::exec::getDistributedRanks(*module->module)) {
    capture.add("the program is distributed over " + llvm::Twine(*ranks) +
                " ranks (--distribute-splits): run it with mpirun -np " +
                llvm::Twine(*ranks) +
                " fuse-run; the C API runs programs in one process");
    return nullptr;
  }
  if (target != FUSE_TARGET_CPU && target != FUSE_TARGET_CUDA) {
    capture.add("unknown target " + llvm::Twine(static_cast<int>(target)) +
                ": expected FUSE_TARGET_CPU or FUSE_TARGET_CUDA");
    return nullptr;
  }
  llvm::Expected<std::unique_ptr<fuse::exec::JitProgram>> program =
      compileProgram(module, entry, passes ? passes : "", target,
                     pipelineOptions ? pipelineOptions : "");
  if (!program) {
    capture.add(llvm::toString(program.takeError()));
    return nullptr;
  }
  return new FuseExecutableImpl{owner, std::move(*program), entry,
                                func.getFunctionType()};
}

void fuseExecutableDestroy(FuseExecutable executable) { delete executable; }

char *fuseExecutableGetSignature(FuseExecutable executable) {
  return fuse::capi::copyString(fuse::exec::formatSignature(executable->type));
}

double fuseExecutableGetCompileSeconds(FuseExecutable executable) {
  return executable->program->getCompileSeconds();
}

const char *fuseExecutableGetCacheOutcome(FuseExecutable executable) {
  return executable->program->getCacheReport().describe().data();
}

const char *fuseExecutableGetCacheWarning(FuseExecutable executable) {
  return executable->program->getCacheReport().warning.c_str();
}

namespace {

/// Calls the executable's entry, recording into `trace` when it is not null.
bool run(FuseExecutable executable, const void *const *inputs,
         void *const *outputs, double *seconds, fuse::exec::Trace *trace,
         ErrorCapture &capture) {
  llvm::SmallVector<fuse::exec::JitProgram::InputView> views;
  for (auto [index, type] : llvm::enumerate(executable->type.getInputs()))
    views.push_back({inputs[index], cast<RankedTensorType>(type)});
  llvm::SmallVector<char *> outputPointers;
  for (unsigned index = 0; index < executable->type.getNumResults(); ++index)
    outputPointers.push_back(static_cast<char *>(outputs[index]));
  llvm::Expected<double> elapsed = executable->program->call(
      executable->entry, views, outputPointers, trace);
  if (!elapsed) {
    capture.add(llvm::toString(elapsed.takeError()));
    return false;
  }
  if (seconds)
    *seconds = *elapsed;
  return true;
}

} // namespace

bool fuseExecutableRun(FuseExecutable executable, const void *const *inputs,
                       void *const *outputs, double *seconds) {
  ErrorCapture capture(executable->owner);
  return run(executable, inputs, outputs, seconds, /*trace=*/nullptr, capture);
}

bool fuseExecutableRunTraced(FuseExecutable executable,
                             const void *const *inputs, void *const *outputs,
                             double *seconds, char **trace) {
  ErrorCapture capture(executable->owner);
  if (!executable->program->tracesKernels()) {
    capture.add("the executable was compiled without the pipeline option "
                "trace-kernels, so its kernels cannot be timed");
    return false;
  }
  fuse::exec::Trace recording;
  if (!run(executable, inputs, outputs, seconds, &recording, capture))
    return false;
  std::string json;
  llvm::raw_string_ostream os(json);
  recording.write(os);
  *trace = fuse::capi::copyString(json);
  return true;
}
