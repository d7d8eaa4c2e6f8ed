//===- Runner.cpp - run an hlo program as fuse-run does -------------------===//

#include "fuse/Execution/Runner.h"

#include "RunnerSteps.h"

#include "fuse/Execution/AotCompile.h"
#include "fuse/Execution/Entries.h"
#include "fuse/Execution/JitProgram.h"
#include "fuse/Execution/MPIJob.h"
#include "fuse/Execution/MemoryAccountant.h"
#include "fuse/Execution/MemoryPlan.h"
#include "fuse/InitAll.h"
#include "fuse/Interpreter/Interpreter.h"
#include "fuse/Interpreter/Tensor.h"
#include "fuse/Pipelines/Pipelines.h"
#include "fuse/Runtime/CudaRuntime.h"
#include "fuse/Support/ByteSize.h"
#include "fuse/Support/Location.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/xxhash.h"

#include <cstdio>
#include <cstdlib>

using namespace mlir;

namespace fuse::exec {

llvm::Error RunOptions::verify() const {
  auto clash = [](const llvm::Twine &message) {
    return llvm::createStringError(message);
  };
  if (target == RunTarget::CUDA && !traceFile.empty())
    return clash("--trace times the CPU's kernels; drop it or --target=cuda");
  if (!emitExecutable.empty() && target != RunTarget::CUDA)
    return clash("--emit-executable needs --target=cuda");
  if (interpretOnly && check)
    return clash("--interpret and --check exclude each other");
  if (interpretOnly && benchRuns)
    return clash("--bench times compiled code; drop --interpret");
  if (interpretOnly && !traceFile.empty())
    return clash("--trace times compiled code; drop --interpret");
  if (json && !benchRuns && !compileOnly)
    return clash("--json prints --bench or --compile-only measurements; add "
                 "--bench=N or --compile-only");
  if (compileOnly) {
    if (target != RunTarget::CPU)
      return clash("--compile-only compiles for the CPU; --emit-executable "
                   "compiles for the GPU ahead of time");
    if (interpretOnly || check || !expectedDir.empty())
      return clash("--compile-only runs nothing to interpret or check");
    if (benchRuns || !traceFile.empty() || printPeakMemory)
      return clash("--compile-only runs nothing to time or measure");
    if (!inputFiles.empty() || randomSeed || !outputDir.empty())
      return clash("--compile-only reads no inputs and writes no results");
  }
  if (allEntries && entry)
    return clash("--entry and --all-entries exclude each other");
  if (rtol && !(*rtol >= 0))
    return clash("--rtol must be a number >= 0");
  if (atol && !(*atol >= 0))
    return clash("--atol must be a number >= 0");
  if (devices < 1)
    return clash("--devices must be at least 1");
  if (devices > 1 && !interpretOnly)
    return clash("--devices=N runs an SPMD program on N devices in the "
                 "interpreter; add --interpret, or run the compiled program "
                 "with mpirun -np N, one device per rank");
  if (devices > 1 && allEntries)
    return clash("--devices runs one entry; drop --all-entries");
  if (!inputFiles.empty() && randomSeed)
    return clash("--inputs and --random-inputs exclude each other");
  if (!inputFiles.empty() && allEntries)
    return clash("--inputs names the inputs of one function; use "
                 "--random-inputs with --all-entries");
  return llvm::Error::success();
}

namespace {

/// The text of one diagnostic, built before the handler below writes it.
struct DiagnosticText {
  std::string text;
  llvm::raw_string_ostream stream{text};
};

/// Writes each diagnostic, with its source line and notes, in one write:
/// the ranks of an MPI job report the same error at once, and their lines
/// must not interleave.
class WholeDiagnosticHandler : private DiagnosticText,
                               public SourceMgrDiagnosticHandler {
public:
  WholeDiagnosticHandler(llvm::SourceMgr &sourceMgr, MLIRContext *context,
                         llvm::raw_ostream &out)
      : SourceMgrDiagnosticHandler(sourceMgr, context, stream) {
    setHandler([this, &out](Diagnostic &diagnostic) {
      emitDiagnostic(diagnostic);
      out << text;
      out.flush();
      text.clear();
    });
  }
};

/// Where the out-of-memory handler prints; compiled code calls it without
/// a context.
llvm::raw_ostream *outOfMemoryStream = nullptr;

[[noreturn]] void reportOutOfMemory(const MemoryExhaustion &exhaustion) {
  // Compiled code is on the stack and OpenMP threads may be running:
  // leave without unwinding or running destructors.
  llvm::outs().flush();
  *outOfMemoryStream << "fuse-run: out of memory: " << exhaustion.describe()
                     << "\n";
  outOfMemoryStream->flush();
  std::fflush(nullptr);
  std::_Exit(static_cast<int>(RunStatus::OutOfMemory));
}

class Runner {
public:
  Runner(const RunOptions &runOptions, llvm::raw_ostream &out,
         llvm::raw_ostream &err)
      : options(runOptions), out(out), err(err),
        steps(options, options.json ? err : out, err) {}

  /// Runs the program; in an MPI job, a rank that fails ends every rank.
  RunStatus run();

private:
  RunStatus runProgram();
  /// Joins the MPI job when `module` is distributed over ranks.
  std::optional<RunStatus> joinJob(ModuleOp module, llvm::StringRef text);
  RunStatus fail(const llvm::Twine &message,
                 RunStatus status = RunStatus::InputError) {
    return steps.fail(message, status);
  }
  RunStatus fail(llvm::Error error) {
    return fail(llvm::toString(std::move(error)));
  }

  std::optional<RunStatus> setMemoryLimit(bool onGPU);
  FailureOr<llvm::SmallVector<func::FuncOp>> selectEntries(ModuleOp module);
  std::optional<RunStatus> checkMemoryPlan(func::FuncOp func);
  /// Refuses an entry the interpreter could not hold (--check, --interpret),
  /// on `devices` devices at once, beside what the `compiled` run holds.
  std::optional<RunStatus>
  checkInterpreterMemory(func::FuncOp func, bool compiled, int64_t devices = 1);
  RunStatus runEntry(func::FuncOp func, JitProgram *program, Trace *trace);
  /// Interprets an SPMD entry on `options.devices` devices.
  RunStatus runOnDevices(func::FuncOp func);
  /// The interpreter's results for this rank's device of an SPMD job, from
  /// every device's inputs.
  FailureOr<llvm::SmallVector<HostBuffer>> interpretAsDevice(func::FuncOp func);
  /// Every device's results of the interpreter on `devices` devices, each
  /// on its own inputs.
  FailureOr<llvm::SmallVector<llvm::SmallVector<HostBuffer>>>
  interpretDevices(func::FuncOp func, int64_t devices);
  /// This process's device in an SPMD job.
  std::optional<int64_t> getJobDevice() const {
    return spmdJob ? std::optional<int64_t>(job->rank()) : std::nullopt;
  }
  /// --trace's file for this process: rank r > 0 of an MPI job writes
  /// `<stem>.rank<r><extension>` beside rank 0's.
  std::string rankTraceFile() const {
    if (!job || job->rank() == 0)
      return options.traceFile;
    llvm::StringRef extension = llvm::sys::path::extension(options.traceFile);
    llvm::StringRef stem =
        llvm::StringRef(options.traceFile).drop_back(extension.size());
    return (stem + ".rank" + llvm::Twine(job->rank()) + extension).str();
  }

  /// A copy: ranks other than 0 of an MPI job drop what only rank 0 does.
  RunOptions options;
  llvm::raw_ostream &out;
  llvm::raw_ostream &err;
  RunnerSteps steps;
  std::unique_ptr<MPIJob> job;
  /// Whether `job` runs an SPMD program, one device per rank.
  bool spmdJob = false;
};

std::optional<RunStatus> Runner::joinJob(ModuleOp module,
                                         llvm::StringRef text) {
  std::optional<int64_t> ranks = getDistributedRanks(module);
  // An SPMD program started by mpirun runs one device per rank, as many as
  // the job has.
  spmdJob = !ranks && MPIJob::wasStartedByMPI() &&
            llvm::any_of(module.getOps<func::FuncOp>(), [](func::FuncOp func) {
              return interp::isSpmdFunction(func);
            });
  // Interpreting, or compiling an executable, needs no job.
  if ((!ranks && !spmdJob) || options.interpretOnly ||
      !options.emitExecutable.empty()) {
    spmdJob = false;
    return std::nullopt;
  }
  llvm::Expected<std::unique_ptr<MPIJob>> joined =
      MPIJob::join(ranks.value_or(0), options.mpiTimeoutSeconds);
  if (!joined)
    return fail(joined.takeError());
  job = std::move(*joined);
  steps.setJob(job.get(), spmdJob);
  if (!job->allAgree(llvm::xxh3_64bits(text)))
    return fail("the program differs between ranks: start every rank on the "
                "same file");
  if (!spmdJob && job->rank() != 0) {
    // Results are compared, written and printed once, by rank 0.
    options.check = false;
    options.expectedDir.clear();
    options.outputDir.clear();
    options.printPeakMemory = false;
  }
  return std::nullopt;
}

std::optional<RunStatus> Runner::setMemoryLimit(bool onGPU) {
  MemoryAccountant &accountant = MemoryAccountant::get();
  outOfMemoryStream = &err;
  accountant.setExhaustedHandler(reportOutOfMemory);
  if (!options.memoryLimit.empty()) {
    std::optional<int64_t> limit = parseByteSize(options.memoryLimit);
    if (!limit)
      return fail("invalid --memory-limit '" + options.memoryLimit +
                  "': expected bytes, e.g. 1000000, 512K, 1.5GB or 16GiB");
    accountant.setLimit(*limit);
  } else if (onGPU) {
    // The memory plan is checked against the GPU's memory.
    accountant.setLimit(fuseCudaDeviceTotalMemory());
  } else if (std::optional<uint64_t> available = getAvailableMemory()) {
    accountant.setLimit(*available);
  }
  return std::nullopt;
}

FailureOr<llvm::SmallVector<func::FuncOp>>
Runner::selectEntries(ModuleOp module) {
  std::string programName = "'" + options.programFile + "'";
  llvm::SmallVector<func::FuncOp> entries;
  if (options.allEntries) {
    auto all = selectAllEntries(module, programName);
    if (!all) {
      fail(all.takeError());
      return failure();
    }
    entries = std::move(*all);
  } else {
    llvm::Expected<func::FuncOp> entry =
        selectEntry(module, options.entry, programName);
    if (!entry) {
      fail(entry.takeError());
      return failure();
    }
    entries.push_back(*entry);
  }
  for (func::FuncOp func : entries) {
    if (llvm::Error error = checkRunnableSignature(func)) {
      fail(std::move(error));
      return failure();
    }
  }
  return entries;
}

/// Refuses, before it runs, an entry whose inputs, results and planned
/// tensors exceed the memory limit.
std::optional<RunStatus> Runner::checkMemoryPlan(func::FuncOp func) {
  std::optional<MemoryExcess> excess = findMemoryExcess(
      func, MemoryAccountant::get().getLimit(), !options.skipMemoryPlan);
  if (!excess)
    return std::nullopt;
  return fail(excess->message +
                  (excess->byPlan
                       ? ". Compute it slice by slice with fuse-opt "
                         "--split-tensors=\"tensor-size-threshold=...\", or "
                         "raise --memory-limit (--no-memory-plan runs it "
                         "anyway)"
                       : ""),
              RunStatus::OutOfMemory);
}

std::optional<RunStatus> Runner::checkInterpreterMemory(func::FuncOp func,
                                                        bool compiled,
                                                        int64_t devices) {
  uint64_t limit = MemoryAccountant::get().getLimit();
  uint64_t arguments = 0;
  for (BlockArgument argument : func.getArguments())
    arguments += interp::Tensor::getHeldBytes(argument);
  MemoryPlan plan = planMemory(func, interp::Tensor::getHeldBytes);
  // The compiled run's inputs and results stay while the interpreter runs.
  uint64_t besides = compiled ? getCallBytes(func.getFunctionType()) : 0;
  // Each device holds its own tensors (an exchange shares every device's
  // operand among them).
  uint64_t needed = devices * (arguments + plan.peakBytes) + besides;
  if (func.isExternal() || needed <= limit)
    return std::nullopt;
  std::string largest;
  if (plan.largest) {
    llvm::raw_string_ostream stream(largest);
    stream << "; the largest tensor, " << plan.largest.getType() << ", takes "
           << formatByteSize(plan.largestBytes);
  }
  return fail("@" + func.getSymName() + ": the interpreter, which holds " +
                  "every element in 8 bytes, would need " +
                  llvm::Twine(needed) + " bytes (" + formatByteSize(needed) +
                  ") for " + (options.check ? "--check" : "--interpret") +
                  (devices > 1 ? " on " + llvm::Twine(devices) + " devices"
                               : llvm::Twine()) +
                  largest + ". The memory limit is " + formatByteSize(limit) +
                  (options.check ? ": run without --check, or raise "
                                   "--memory-limit"
                                 : ": raise --memory-limit"),
              RunStatus::OutOfMemory);
}

/// Runs one entry as the options say. Calls of compiled code go into
/// `trace` when there is one.
RunStatus Runner::runOnDevices(func::FuncOp func) {
  llvm::StringRef entry = func.getSymName();
  if (!interp::isSpmdFunction(func))
    return fail("@" + entry +
                " is not an SPMD program (it has no collective "
                "and no hlo.device_id): --devices does not apply");
  if (std::optional<RunStatus> status =
          checkInterpreterMemory(func, /*compiled=*/false, options.devices))
    return *status;
  TransferQueues outsideQueues(func.getContext(),
                               options.randomSeed.value_or(0));
  interp::ScopedTransferPeer outside(&outsideQueues);
  FailureOr<llvm::SmallVector<llvm::SmallVector<HostBuffer>>> results =
      interpretDevices(func, options.devices);
  if (failed(results))
    return RunStatus::InputError;
  for (auto [device, buffers] : llvm::enumerate(*results)) {
    if (!options.outputDir.empty()) {
      if (failed(steps.writeOutputs(entry, buffers, device)))
        return RunStatus::InputError;
    } else {
      steps.printResults(entry, buffers, device);
    }
  }
  if (options.outputDir.empty())
    steps.printRecords(entry, outsideQueues.getSent());
  return RunStatus::Success;
}

FailureOr<llvm::SmallVector<HostBuffer>>
Runner::interpretAsDevice(func::FuncOp func) {
  if (options.checkInF64) {
    fail("--check=f64 does not run SPMD programs on several devices; use "
         "--check");
    return failure();
  }
  FailureOr<llvm::SmallVector<llvm::SmallVector<HostBuffer>>> results =
      interpretDevices(func, job->size());
  if (failed(results))
    return failure();
  return std::move((*results)[job->rank()]);
}

FailureOr<llvm::SmallVector<llvm::SmallVector<HostBuffer>>>
Runner::interpretDevices(func::FuncOp func, int64_t devices) {
  std::vector<llvm::SmallVector<interp::Tensor>> arguments;
  for (int64_t device = 0; device < devices; ++device) {
    FailureOr<llvm::SmallVector<HostBuffer>> inputs =
        steps.loadInputs(func, device);
    if (failed(inputs))
      return failure();
    arguments.push_back(llvm::map_to_vector(
        *inputs, [](const HostBuffer &input) { return input.toTensor(); }));
  }
  FailureOr<std::vector<llvm::SmallVector<interp::Tensor>>> results =
      interp::interpretOnDevices(func, arguments);
  if (failed(results)) {
    fail("the interpreter cannot run @" + func.getSymName() + " on " +
         llvm::Twine(devices) + " devices");
    return failure();
  }
  llvm::SmallVector<llvm::SmallVector<HostBuffer>> buffers;
  for (const llvm::SmallVector<interp::Tensor> &deviceResults : *results)
    buffers.push_back(
        llvm::map_to_vector(deviceResults, [](const interp::Tensor &result) {
          return HostBuffer::fromTensor(result);
        }));
  return buffers;
}

RunStatus Runner::runEntry(func::FuncOp func, JitProgram *program,
                           Trace *trace) {
  llvm::StringRef entry = func.getSymName();
  if (options.devices > 1)
    return runOnDevices(func);
  // Before the inputs are drawn or read: they alone may not fit.
  if (program)
    if (std::optional<RunStatus> status = checkMemoryPlan(func))
      return *status;
  if (options.interpretOnly || options.check)
    if (std::optional<RunStatus> status = checkInterpreterMemory(
            func, program != nullptr, spmdJob ? job->size() : 1))
      return *status;
  std::optional<int64_t> device = getJobDevice();
  // The records the program receives are drawn from the inputs' seed; the
  // compiled program and the interpreter get the same.
  bool transfers = hasTransfers(func);
  if (transfers && options.checkInF64)
    return fail("--check=f64 does not run programs that transfer records "
                "with their outside (hlo.infeed, hlo.outfeed); use --check");
  TransferQueues compiledQueues(
      func.getContext(), options.randomSeed.value_or(0), device.value_or(0));
  TransferQueues interpretedQueues(func.getContext(),
                                   options.randomSeed.value_or(0));
  std::optional<TransferQueues::ScopedForCompiledCode> compiledScope;
  if (transfers)
    compiledScope.emplace(compiledQueues);
  FailureOr<llvm::SmallVector<HostBuffer>> inputs =
      steps.loadInputs(func, device.value_or(0));
  if (failed(inputs))
    return RunStatus::InputError;

  llvm::SmallVector<HostBuffer> results;
  MemoryAccountant &accountant = MemoryAccountant::get();
  if (program) {
    accountant.resetPeak();
    llvm::Expected<JitProgram::RunResult> run =
        program->run(entry, *inputs, trace);
    if (!run)
      return fail(run.takeError());
    results = std::move(run->results);
    if (options.printPeakMemory)
      steps.report() << "@" << entry
                     << " peak memory: " << accountant.getPeakBytes()
                     << " bytes\n";
  }

  RunStatus status = RunStatus::Success;
  llvm::ArrayRef<TransferQueues::Record> sent = compiledQueues.getSent();
  std::vector<TransferQueues::Record> interpretedRecords;
  if (options.interpretOnly || options.check) {
    interp::ScopedTransferPeer outside(&interpretedQueues);
    FailureOr<llvm::SmallVector<HostBuffer>> reference =
        device ? interpretAsDevice(func) : steps.interpret(func, *inputs);
    if (failed(reference))
      return RunStatus::InputError;
    // In an SPMD job the interpreter runs every device.
    for (TransferQueues::Record &record : interpretedQueues.takeSent())
      if (record.device == device.value_or(0))
        interpretedRecords.push_back(std::move(record));
    if (options.interpretOnly) {
      results = std::move(*reference);
      sent = interpretedRecords;
    } else if (!steps.compareResults(func, results, *reference)) {
      status = RunStatus::Mismatch;
    }
    if (options.check && !steps.compareRecords(func, compiledQueues.getSent(),
                                               interpretedRecords))
      status = RunStatus::Mismatch;
  }

  if (!options.expectedDir.empty()) {
    FailureOr<llvm::SmallVector<HostBuffer>> expected =
        steps.loadExpected(func);
    if (failed(expected))
      return RunStatus::InputError;
    if (!steps.compareResults(func, results, *expected))
      status = RunStatus::Mismatch;
  }

  if (!options.outputDir.empty()) {
    if (failed(steps.writeOutputs(entry, results, device)))
      return RunStatus::InputError;
  } else if (!options.check && options.expectedDir.empty() &&
             !options.benchRuns && !steps.isQuietRank()) {
    steps.printResults(entry, results, device);
    steps.printRecords(entry, sent);
  }
  compiledQueues.keepSent(false);
  if (options.benchRuns &&
      failed(steps.bench(entry, *program, *inputs, trace, out)))
    return RunStatus::InputError;
  return status;
}

RunStatus Runner::run() {
  RunStatus status = runProgram();
  if (job && status != RunStatus::Success && status != RunStatus::Mismatch)
    job->abort(static_cast<int>(status));
  return status;
}

RunStatus Runner::runProgram() {
  if (llvm::Error error = options.verify())
    return fail(std::move(error));

  std::unique_ptr<CPUPipelineOptions> pipeline;
  std::unique_ptr<NVVMPipelineOptions> gpuPipeline;
  if (options.target == RunTarget::CPU)
    pipeline = CPUPipelineOptions::createFromString(options.pipelineOptions);
  else
    gpuPipeline =
        NVVMPipelineOptions::createFromString(options.pipelineOptions);
  if (!pipeline && !gpuPipeline)
    return fail("invalid --pipeline-options '" + options.pipelineOptions + "'");
  std::string errorMessage;
  if (!options.traceFile.empty())
    pipeline->traceKernels = true;
  // A GPU is needed to run, not to compile ahead of time.
  bool onGPU = options.target == RunTarget::CUDA && !options.interpretOnly &&
               options.emitExecutable.empty();
  if (onGPU) {
    char message[1024];
    if (fuseCudaInitialize(message, sizeof(message)) != 0)
      return fail(message);
  }
  if (std::optional<RunStatus> status = setMemoryLimit(onGPU))
    return *status;

  DialectRegistry registry;
  registerAllDialects(registry);
  MLIRContext context(registry);
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(options.programFile, &errorMessage);
  if (!file)
    return fail(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  WholeDiagnosticHandler diagnostics(sourceMgr, &context, err);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return fail("cannot load '" + options.programFile +
                "': it does not parse or verify");

  FailureOr<llvm::SmallVector<func::FuncOp>> entries = selectEntries(*module);
  if (failed(entries))
    return RunStatus::InputError;
  if (std::optional<RunStatus> status = joinJob(
          *module,
          sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID())->getBuffer()))
    return *status;
  if (spmdJob) {
    if (pipeline)
      pipeline->devices = job->size();
    else
      gpuPipeline->devices = job->size();
  }
  // Opened before the runs, so that a bad path fails before they take time;
  // in an MPI job each rank writes its own file.
  std::unique_ptr<llvm::ToolOutputFile> traceOutput;
  if (!options.traceFile.empty()) {
    traceOutput = openOutputFile(rankTraceFile(), &errorMessage);
    if (!traceOutput)
      return fail(errorMessage);
  }

  if (!options.emitExecutable.empty()) {
    std::string object = options.emitExecutable + ".o";
    // The selected entry, or with --all-entries every one of them.
    llvm::SmallVector<std::string> names = llvm::map_to_vector(
        *entries, [](func::FuncOp func) { return func.getSymName().str(); });
    if (llvm::Error error = emitCUDAObject(*module, names, *gpuPipeline, object,
                                           options.instrumentation))
      return fail(std::move(error));
    if (llvm::Error error =
            linkCUDAExecutable(object, options.emitExecutable,
                               getDistributedRanks(*module).has_value()))
      return fail(std::move(error));
    return RunStatus::Success;
  }

  std::unique_ptr<JitProgram> program;
  if (!options.interpretOnly) {
    llvm::SmallVector<std::string> names = llvm::map_to_vector(
        *entries, [](func::FuncOp func) { return func.getSymName().str(); });
    std::optional<CompilationCache> cache;
    if (options.useCache) {
      llvm::Expected<std::optional<CompilationCache>> fromEnvironment =
          CompilationCache::fromEnvironment();
      if (!fromEnvironment)
        return fail(fromEnvironment.takeError());
      cache = std::move(*fromEnvironment);
    }
    CompilationCache *cachePointer = cache ? &*cache : nullptr;
    llvm::Expected<std::unique_ptr<JitProgram>> compiled =
        pipeline
            ? JitProgram::compile(*module, names, *pipeline,
                                  options.instrumentation, cachePointer)
            : JitProgram::compileForCUDA(*module, names, *gpuPipeline,
                                         options.instrumentation, cachePointer);
    if (!compiled)
      return fail(compiled.takeError());
    program = std::move(*compiled);
    if (!program->getCacheReport().warning.empty() && !steps.isQuietRank())
      err << "fuse-run: warning: compilation cache: "
          << program->getCacheReport().warning << "\n";
    if (options.compileOnly) {
      steps.reportCompile(names, *program, out);
      return RunStatus::Success;
    }
  }

  Trace trace;
  RunStatus status = RunStatus::Success;
  for (func::FuncOp func : *entries) {
    RunStatus entryStatus =
        runEntry(func, program.get(), traceOutput ? &trace : nullptr);
    if (entryStatus != RunStatus::Success && entryStatus != RunStatus::Mismatch)
      return entryStatus;
    status = std::max(status, entryStatus);
  }
  if (traceOutput) {
    trace.write(traceOutput->os(), job ? job->rank() + 1 : 1);
    traceOutput->keep();
  }
  return status;
}

} // namespace

RunStatus runProgram(const RunOptions &options, llvm::raw_ostream &out,
                     llvm::raw_ostream &err) {
  return Runner(options, out, err).run();
}

} // namespace fuse::exec
