//===- fuse-run.cpp - run hlo programs compiled or interpreted ------------===//
//
// Runs functions of an hlo program on inputs from .npy files or a seed:
// compiled for the host (default), on the reference interpreter
// (--interpret), or both with the results compared (--check); times the
// compiled code (--bench) and its kernels (--trace). docs/fuse-run.md
// describes the flags, the input distributions, the tolerances and the exit
// codes.
//
//===----------------------------------------------------------------------===//

#include "fuse/Execution/AotCompile.h"
#include "fuse/Execution/Compare.h"
#include "fuse/Execution/JitProgram.h"
#include "fuse/Execution/MemoryAccountant.h"
#include "fuse/Execution/MemoryPlan.h"
#include "fuse/Execution/Npy.h"
#include "fuse/Execution/Print.h"
#include "fuse/Execution/Random.h"
#include "fuse/Execution/Trace.h"
#include "fuse/InitAll.h"
#include "fuse/Interpreter/Interpreter.h"
#include "fuse/Runtime/CudaRuntime.h"
#include "fuse/Support/ByteSize.h"
#include "fuse/Support/Location.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>

using namespace mlir;
using namespace fuse::exec;
namespace cl = llvm::cl;

namespace {

enum ExitCode {
  kExitSuccess = 0,
  kExitMismatch = 1,
  kExitInputError = 2,
  kExitOutOfMemory = 3,
};

cl::OptionCategory category("fuse-run options");

cl::opt<std::string> programFile(cl::Positional, cl::Required,
                                 cl::desc("<program.mlir>"), cl::cat(category));
cl::opt<std::string> entryName(
    "entry",
    cl::desc("The function to run (default: main, else the only public one)"),
    cl::value_desc("name"), cl::init("main"), cl::cat(category));
cl::opt<bool> allEntries("all-entries",
                         cl::desc("Run every public function, in order"),
                         cl::cat(category));
cl::list<std::string>
    inputFiles("inputs", cl::CommaSeparated,
               cl::desc("The inputs as .npy files, one per argument"),
               cl::value_desc("a.npy,b.npy"), cl::cat(category));
cl::opt<uint64_t>
    randomSeed("random-inputs",
               cl::desc("Draw the inputs at random from this seed"),
               cl::value_desc("seed"), cl::cat(category));
cl::opt<std::string> outputDir(
    "outputs",
    cl::desc("Write the results to DIR/result<i>.npy (with --all-entries: "
             "DIR/<entry>.result<i>.npy) instead of printing them"),
    cl::value_desc("dir"), cl::cat(category));
cl::opt<bool> interpretOnly("interpret",
                            cl::desc("Run the reference interpreter only"),
                            cl::cat(category));
cl::opt<std::string>
    expectedDir("expected", cl::value_desc("DIR"),
                cl::desc("Compare the results with DIR/result<i>.npy, e.g. the "
                         "--outputs of another variant of the program"),
                cl::cat(category));
cl::opt<bool> checkResults(
    "check", cl::desc("Run compiled and interpreted, and compare the results"),
    cl::cat(category));
cl::opt<double> rtol("rtol", cl::desc("Relative tolerance of --check"),
                     cl::cat(category));
cl::opt<double> atol("atol", cl::desc("Absolute tolerance of --check"),
                     cl::cat(category));
cl::opt<unsigned> benchRuns(
    "bench",
    cl::desc("Time N runs of the compiled code (after one warm-up run)"),
    cl::value_desc("N"), cl::init(0), cl::cat(category));
cl::opt<bool> printJson(
    "json", cl::desc("With --bench: print one JSON object per entry on stdout"),
    cl::cat(category));
cl::opt<std::string> traceFile(
    "trace",
    cl::desc("Write a timeline of the compiled calls and of their kernels to "
             "FILE (Chrome trace-event JSON: chrome://tracing, Perfetto)"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<unsigned> printLimit(
    "print-limit",
    cl::desc("Summarize printed results with more elements than this"),
    cl::init(1000), cl::cat(category));
enum class Target { CPU, CUDA };
cl::opt<Target>
    target("target", cl::desc("Where the compiled code runs"),
           cl::values(clEnumValN(Target::CPU, "cpu", "the host CPU (default)"),
                      clEnumValN(Target::CUDA, "cuda",
                                 "an NVIDIA GPU, through the CUDA driver")),
           cl::init(Target::CPU), cl::cat(category));
cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of the target's pipeline: hlo-lower-to-cpu, e.g. "
             "\"parallel=0 reduction-lanes=8\", or hlo-lower-to-nvvm, e.g. "
             "\"chip=sm_80 features=+ptx70\""),
    cl::cat(category));
cl::opt<std::string> emitExecutable(
    "emit-executable",
    cl::desc("With --target=cuda: compile --entry ahead of time into FILE, "
             "an executable that needs only the NVIDIA driver (FILE.o is "
             "the program's object); nothing runs"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<bool> printPeakMemory(
    "print-peak-memory",
    cl::desc("Print the most memory the compiled code held at once"),
    cl::cat(category));
cl::opt<bool> skipMemoryPlan(
    "no-memory-plan",
    cl::desc("Run even when the static memory plan exceeds --memory-limit "
             "(each allocation is still checked against it)"),
    cl::cat(category));
cl::opt<std::string> memoryLimit(
    "memory-limit",
    cl::desc("Most bytes for inputs and compiled allocations, with an "
             "optional K, M, G or T suffix (default: MemAvailable)"),
    cl::value_desc("bytes"), cl::cat(category));

/// Prints "fuse-run: error: <message>" and returns the exit code `code`.
int reportError(const llvm::Twine &message, int code = kExitInputError) {
  llvm::outs().flush();
  llvm::errs() << "fuse-run: error: " << message << "\n";
  return code;
}

int reportError(llvm::Error error) {
  return reportError(llvm::toString(std::move(error)));
}

void reportOutOfMemory(const MemoryExhaustion &exhaustion) {
  // Compiled code is on the stack and OpenMP threads may be running:
  // leave without unwinding or running destructors.
  llvm::outs().flush();
  llvm::errs() << "fuse-run: out of memory: " << exhaustion.describe() << "\n";
  llvm::errs().flush();
  std::fflush(nullptr);
  std::_Exit(kExitOutOfMemory);
}

/// Where fuse-run's output goes besides the results: with --json, stdout
/// holds only the JSON objects.
llvm::raw_ostream &reportStream() {
  return printJson ? llvm::errs() : llvm::outs();
}

std::optional<int> checkFlags() {
  if (target == Target::CUDA && !traceFile.empty())
    return reportError("--trace times the CPU's kernels; drop it or "
                       "--target=cuda");
  if (!emitExecutable.empty() && target != Target::CUDA)
    return reportError("--emit-executable needs --target=cuda");
  if (!emitExecutable.empty() && entryName.getNumOccurrences() == 0)
    return reportError("--emit-executable compiles one entry: give --entry");
  if (interpretOnly && checkResults)
    return reportError("--interpret and --check exclude each other");
  if (interpretOnly && benchRuns)
    return reportError("--bench times compiled code; drop --interpret");
  if (interpretOnly && !traceFile.empty())
    return reportError("--trace times compiled code; drop --interpret");
  if (printJson && !benchRuns)
    return reportError("--json prints --bench measurements; add --bench=N");
  if (allEntries && entryName.getNumOccurrences())
    return reportError("--entry and --all-entries exclude each other");
  for (cl::opt<double> *tolerance : {&rtol, &atol})
    if (!(*tolerance >= 0))
      return reportError("--" + tolerance->ArgStr + " must be a number >= 0");
  if (!inputFiles.empty() && randomSeed.getNumOccurrences())
    return reportError("--inputs and --random-inputs exclude each other");
  if (!inputFiles.empty() && allEntries)
    return reportError("--inputs names the inputs of one function; use "
                       "--random-inputs with --all-entries");
  return std::nullopt;
}

std::string listFunctions(llvm::ArrayRef<func::FuncOp> functions) {
  std::string list;
  for (func::FuncOp func : functions)
    list += (list.empty() ? "@" : ", @") + func.getSymName().str();
  return list.empty() ? "none" : list;
}

/// The functions to run, as the flags select them.
FailureOr<llvm::SmallVector<func::FuncOp>> selectEntries(ModuleOp module) {
  llvm::SmallVector<func::FuncOp> candidates;
  for (auto func : module.getOps<func::FuncOp>())
    if (func.isPublic() && !func.isExternal())
      candidates.push_back(func);
  if (allEntries) {
    if (candidates.empty()) {
      reportError("'" + programFile + "' has no public function to run");
      return failure();
    }
    return candidates;
  }
  bool hasMain = llvm::any_of(candidates, [](func::FuncOp func) {
    return func.getSymName() == "main";
  });
  if (!entryName.getNumOccurrences() && !hasMain) {
    if (candidates.size() == 1)
      return candidates;
    reportError("'" + programFile + "' has no @main and " +
                llvm::Twine(candidates.size()) +
                " public functions: pass --entry=NAME (available: " +
                listFunctions(candidates) + ")");
    return failure();
  }
  for (func::FuncOp func : candidates)
    if (func.getSymName() == entryName)
      return llvm::SmallVector<func::FuncOp>{func};
  reportError("no public function @" + entryName + " in '" + programFile +
              "' (available: " + listFunctions(candidates) + ")");
  return failure();
}

std::string typeToString(Type type) {
  std::string text;
  llvm::raw_string_ostream(text) << type;
  return text;
}

LogicalResult checkSignature(func::FuncOp func) {
  auto check = [&](TypeRange types, llvm::StringRef what) {
    for (auto [i, type] : llvm::enumerate(types)) {
      if (isRunnableType(type))
        continue;
      reportError("@" + func.getSymName() + " " + what + " " + llvm::Twine(i) +
                  " has type " + typeToString(type) +
                  "; fuse-run takes statically shaped tensors of f16, bf16, "
                  "f32, f64, i1, i8, i16, i32, i64, ui8, ui16, ui32 or ui64");
      return failure();
    }
    return success();
  };
  return success(succeeded(check(func.getArgumentTypes(), "argument")) &&
                 succeeded(check(func.getResultTypes(), "result")));
}

FailureOr<llvm::SmallVector<HostBuffer>> loadInputs(func::FuncOp func) {
  llvm::ArrayRef<Type> types = func.getArgumentTypes();
  llvm::SmallVector<HostBuffer> inputs;
  if (randomSeed.getNumOccurrences()) {
    for (auto [i, type] : llvm::enumerate(types)) {
      inputs.emplace_back(cast<RankedTensorType>(type));
      fillRandom(inputs.back(), randomSeed, i);
    }
    return inputs;
  }
  if (inputFiles.size() != types.size()) {
    if (inputFiles.empty())
      reportError("@" + func.getSymName() + " takes " +
                  llvm::Twine(types.size()) +
                  " inputs: pass --inputs=a.npy,... or --random-inputs=SEED");
    else
      reportError("@" + func.getSymName() + " takes " +
                  llvm::Twine(types.size()) + " inputs, --inputs names " +
                  llvm::Twine(inputFiles.size()));
    return failure();
  }
  for (auto [i, type, file] : llvm::enumerate(types, inputFiles)) {
    llvm::Expected<HostBuffer> input = readNpy(
        file, func.getContext(), cast<ShapedType>(type).getElementType());
    if (!input) {
      reportError(input.takeError());
      return failure();
    }
    if (input->getType() != type) {
      reportError("input " + llvm::Twine(i) + " ('" + file + "') is " +
                  typeToString(input->getType()) + "; @" + func.getSymName() +
                  " expects " + typeToString(type));
      return failure();
    }
    inputs.push_back(std::move(*input));
  }
  return inputs;
}

FailureOr<llvm::SmallVector<HostBuffer>>
interpret(func::FuncOp func, llvm::ArrayRef<HostBuffer> inputs) {
  llvm::SmallVector<fuse::interp::Tensor> arguments = llvm::map_to_vector(
      inputs, [](const HostBuffer &input) { return input.toTensor(); });
  FailureOr<llvm::SmallVector<fuse::interp::Tensor>> results =
      fuse::interp::interpretFunction(func, arguments);
  if (failed(results)) {
    reportError("the interpreter cannot run @" + func.getSymName());
    return failure();
  }
  return llvm::map_to_vector(*results, [](const fuse::interp::Tensor &result) {
    return HostBuffer::fromTensor(result);
  });
}

/// DIR/result<i>.npy, or DIR/<entry>.result<i>.npy with --all-entries: where
/// --outputs writes result `i` and --expected reads it.
std::string getResultPath(llvm::StringRef dir, llvm::StringRef entry,
                          unsigned i) {
  llvm::SmallString<128> path(dir);
  llvm::sys::path::append(path, (allEntries ? entry + "." : "") + "result" +
                                    llvm::Twine(i) + ".npy");
  return path.str().str();
}

LogicalResult writeOutputs(llvm::StringRef entry,
                           llvm::ArrayRef<HostBuffer> results) {
  if (std::error_code error = llvm::sys::fs::create_directories(outputDir)) {
    reportError("cannot create '" + outputDir + "': " + error.message());
    return failure();
  }
  for (auto [i, result] : llvm::enumerate(results)) {
    std::string path = getResultPath(outputDir, entry, i);
    if (llvm::Error error = writeNpy(path, result)) {
      reportError(std::move(error));
      return failure();
    }
  }
  return success();
}

void printResults(llvm::StringRef entry, llvm::ArrayRef<HostBuffer> results) {
  for (auto [i, result] : llvm::enumerate(results)) {
    llvm::outs() << "@" << entry << " result " << i << ": " << result.getType()
                 << "\n";
    printBuffer(llvm::outs(), result, printLimit);
  }
}

/// Compares and prints one line per result; returns whether all match.
bool compareResults(llvm::StringRef entry, llvm::ArrayRef<HostBuffer> got,
                    llvm::ArrayRef<HostBuffer> want) {
  bool allMatch = true;
  for (auto [i, gotResult, wantResult] : llvm::enumerate(got, want)) {
    Tolerance tolerance = Tolerance::getDefault(gotResult.getElementType());
    if (rtol.getNumOccurrences())
      tolerance.rtol = rtol;
    if (atol.getNumOccurrences())
      tolerance.atol = atol;
    Comparison comparison = compareBuffers(gotResult, wantResult, tolerance);
    reportStream() << "@" << entry << " result " << i << ": ";
    printComparison(reportStream(), comparison, gotResult.getElementType());
    reportStream() << "\n";
    allMatch &= comparison.isMatch();
  }
  return allMatch;
}

LogicalResult bench(llvm::StringRef entry, JitProgram &program,
                    llvm::ArrayRef<HostBuffer> inputs, Trace *trace) {
  MemoryAccountant &accountant = MemoryAccountant::get();
  accountant.resetPeak();
  llvm::SmallVector<double> milliseconds;
  for (unsigned run = 0; run <= benchRuns; ++run) {
    llvm::Expected<JitProgram::RunResult> result =
        program.run(entry, inputs, trace);
    if (!result) {
      reportError(result.takeError());
      return failure();
    }
    if (run > 0) // the first run warms caches and the OpenMP thread pool
      milliseconds.push_back(result->seconds * 1e3);
  }
  llvm::sort(milliseconds);
  size_t middle = milliseconds.size() / 2;
  double median = milliseconds.size() % 2
                      ? milliseconds[middle]
                      : (milliseconds[middle - 1] + milliseconds[middle]) / 2;
  double compileMs = program.getCompileSeconds() * 1e3;
  uint64_t peak = accountant.getPeakBytes();
  if (printJson) {
    llvm::json::OStream json(llvm::outs());
    // Times to the microsecond: more digits would only be noise.
    auto time = [&](llvm::StringRef key, double value) {
      json.attributeBegin(key);
      json.rawValue(
          [&](llvm::raw_ostream &os) { os << llvm::format("%.3f", value); });
      json.attributeEnd();
    };
    json.object([&] {
      json.attribute("entry", entry);
      time("compile_ms", compileMs);
      time("run_min_ms", milliseconds.front());
      time("run_median_ms", median);
      json.attribute("runs", static_cast<int64_t>(benchRuns));
      json.attribute("peak_bytes", static_cast<int64_t>(peak));
    });
    llvm::outs() << "\n";
    return success();
  }
  llvm::outs() << "@" << entry << ": compile "
               << llvm::format("%.1f", compileMs) << " ms, run min "
               << llvm::format("%.3f", milliseconds.front()) << " ms, median "
               << llvm::format("%.3f", median) << " ms (" << benchRuns
               << " runs), peak " << peak << " bytes\n";
  return success();
}

/// Refuses, before it runs, an entry whose inputs, results and planned
/// tensors exceed the memory limit.
std::optional<int> checkMemoryPlan(func::FuncOp func) {
  uint64_t limit = MemoryAccountant::get().getLimit();
  uint64_t callBytes = getCallBytes(func.getFunctionType());
  std::string limitText =
      std::to_string(limit) + " bytes (" + fuse::formatByteSize(limit) + ")";
  if (callBytes > limit)
    return reportError(
        "@" + func.getSymName() + " needs at least " + llvm::Twine(callBytes) +
            " bytes for its inputs and results; limit " + limitText,
        kExitOutOfMemory);
  if (skipMemoryPlan)
    return std::nullopt;
  // The plan counts the results among the tensors the function makes.
  uint64_t inputBytes = getCallBytes(FunctionType::get(
      func.getContext(), func.getArgumentTypes(), TypeRange{}));
  MemoryPlan plan = planMemory(func);
  if (inputBytes + plan.peakBytes <= limit)
    return std::nullopt;
  Operation *def = plan.largest.getDefiningOp();
  std::string what = def ? fuse::describeOp(def) : "a loop argument";
  return reportError(
      "@" + func.getSymName() + " would hold " + llvm::Twine(plan.peakBytes) +
          " bytes (" + fuse::formatByteSize(plan.peakBytes) +
          ") of tensors at once, besides " + llvm::Twine(inputBytes) +
          " bytes of inputs; the largest, " +
          typeToString(plan.largest.getType()) + " from " + what + ", is " +
          fuse::formatByteSize(plan.largestBytes) + ". The memory limit is " +
          limitText +
          ". Compute it slice by slice with fuse-opt "
          "--split-tensors=\"tensor-size-threshold=...\", or raise "
          "--memory-limit (--no-memory-plan runs it anyway)",
      kExitOutOfMemory);
}

/// Loads DIR/[entry.]result<i>.npy for each result of `func`.
FailureOr<llvm::SmallVector<HostBuffer>> loadExpected(func::FuncOp func) {
  llvm::SmallVector<HostBuffer> expected;
  for (unsigned i = 0; i < func.getNumResults(); ++i) {
    std::string path = getResultPath(expectedDir, func.getSymName(), i);
    llvm::Expected<HostBuffer> buffer =
        readNpy(path, func.getContext(),
                cast<ShapedType>(func.getResultTypes()[i]).getElementType());
    if (!buffer) {
      reportError(buffer.takeError());
      return failure();
    }
    if (buffer->getType() != func.getResultTypes()[i]) {
      reportError("'" + path + "' is " + typeToString(buffer->getType()) +
                  "; result " + llvm::Twine(i) + " of @" + func.getSymName() +
                  " is " + typeToString(func.getResultTypes()[i]));
      return failure();
    }
    expected.push_back(std::move(*buffer));
  }
  return expected;
}

/// Runs one entry as the flags say and returns its exit code. Calls of
/// compiled code go into `trace` when there is one.
int runEntry(func::FuncOp func, JitProgram *program, Trace *trace) {
  llvm::StringRef entry = func.getSymName();
  FailureOr<llvm::SmallVector<HostBuffer>> inputs = loadInputs(func);
  if (failed(inputs))
    return kExitInputError;

  llvm::SmallVector<HostBuffer> results;
  MemoryAccountant &accountant = MemoryAccountant::get();
  if (program) {
    if (std::optional<int> status = checkMemoryPlan(func))
      return *status;
    accountant.resetPeak();
    llvm::Expected<JitProgram::RunResult> run =
        program->run(entry, *inputs, trace);
    if (!run)
      return reportError(run.takeError());
    results = std::move(run->results);
    if (printPeakMemory)
      reportStream() << "@" << entry
                     << " peak memory: " << accountant.getPeakBytes()
                     << " bytes\n";
  }

  int status = kExitSuccess;
  if (interpretOnly || checkResults) {
    FailureOr<llvm::SmallVector<HostBuffer>> reference =
        interpret(func, *inputs);
    if (failed(reference))
      return kExitInputError;
    if (interpretOnly)
      results = std::move(*reference);
    else if (!compareResults(entry, results, *reference))
      status = kExitMismatch;
  }

  if (!expectedDir.empty()) {
    FailureOr<llvm::SmallVector<HostBuffer>> expected = loadExpected(func);
    if (failed(expected))
      return kExitInputError;
    if (!compareResults(entry, results, *expected))
      status = kExitMismatch;
  }

  if (!outputDir.empty()) {
    if (failed(writeOutputs(entry, results)))
      return kExitInputError;
  } else if (!checkResults && expectedDir.empty() && !benchRuns) {
    printResults(entry, results);
  }
  if (benchRuns && failed(bench(entry, *program, *inputs, trace)))
    return kExitInputError;
  return status;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  fuse::hideLLVMOptions({&category});
  cl::ParseCommandLineOptions(
      argc, argv,
      "fuse-run: runs hlo programs compiled for the CPU or an NVIDIA GPU, or "
      "interpreted\n");
  if (std::optional<int> status = checkFlags())
    return *status;

  std::unique_ptr<fuse::CPUPipelineOptions> pipeline;
  std::unique_ptr<fuse::NVVMPipelineOptions> gpuPipeline;
  if (target == Target::CPU)
    pipeline = fuse::CPUPipelineOptions::createFromString(pipelineOptions);
  else
    gpuPipeline = fuse::NVVMPipelineOptions::createFromString(pipelineOptions);
  if (!pipeline && !gpuPipeline)
    return reportError("invalid --pipeline-options '" + pipelineOptions + "'");
  std::string errorMessage;
  // Opened before the runs, so that a bad path fails before they take time.
  std::unique_ptr<llvm::ToolOutputFile> traceOutput;
  if (!traceFile.empty()) {
    pipeline->traceKernels = true;
    traceOutput = openOutputFile(traceFile, &errorMessage);
    if (!traceOutput)
      return reportError(errorMessage);
  }
  // A GPU is needed to run, not to compile ahead of time.
  bool onGPU =
      target == Target::CUDA && !interpretOnly && emitExecutable.empty();
  if (onGPU) {
    char message[1024];
    if (fuseCudaInitialize(message, sizeof(message)) != 0)
      return reportError(message);
  }
  MemoryAccountant &accountant = MemoryAccountant::get();
  accountant.setExhaustedHandler(reportOutOfMemory);
  if (memoryLimit.getNumOccurrences()) {
    std::optional<int64_t> limit = fuse::parseByteSize(memoryLimit);
    if (!limit)
      return reportError(
          "invalid --memory-limit '" + memoryLimit +
          "': expected bytes, e.g. 1000000, 512K, 1.5GB or 16GiB");
    accountant.setLimit(*limit);
  } else if (onGPU) {
    // The memory plan is checked against the GPU's memory.
    accountant.setLimit(fuseCudaDeviceTotalMemory());
  } else if (std::optional<uint64_t> available = getAvailableMemory()) {
    accountant.setLimit(*available);
  }

  DialectRegistry registry;
  fuse::registerAllDialects(registry);
  MLIRContext context(registry);
  std::unique_ptr<llvm::MemoryBuffer> file =
      openInputFile(programFile, &errorMessage);
  if (!file)
    return reportError(errorMessage);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return reportError("cannot load '" + programFile +
                       "': it does not parse or verify");

  FailureOr<llvm::SmallVector<func::FuncOp>> entries = selectEntries(*module);
  if (failed(entries))
    return kExitInputError;
  for (func::FuncOp func : *entries)
    if (failed(checkSignature(func)))
      return kExitInputError;

  auto configurePassManager = [](PassManager &pm) {
    applyDefaultTimingPassManagerCLOptions(pm);
    return applyPassManagerCLOptions(pm);
  };
  if (!emitExecutable.empty()) {
    std::string object = emitExecutable + ".o";
    if (llvm::Error error = emitCUDAObject(*module, entryName, *gpuPipeline,
                                           object, configurePassManager))
      return reportError(std::move(error));
    if (llvm::Error error = linkCUDAExecutable(object, emitExecutable))
      return reportError(std::move(error));
    return kExitSuccess;
  }

  std::unique_ptr<JitProgram> program;
  if (!interpretOnly) {
    llvm::SmallVector<std::string> names = llvm::map_to_vector(
        *entries, [](func::FuncOp func) { return func.getSymName().str(); });
    llvm::Expected<std::unique_ptr<JitProgram>> compiled =
        pipeline ? JitProgram::compile(*module, names, *pipeline,
                                       configurePassManager)
                 : JitProgram::compileForCUDA(*module, names, *gpuPipeline,
                                              configurePassManager);
    if (!compiled)
      return reportError(compiled.takeError());
    program = std::move(*compiled);
  }

  Trace trace;
  int status = kExitSuccess;
  for (func::FuncOp func : *entries) {
    int entryStatus =
        runEntry(func, program.get(), traceOutput ? &trace : nullptr);
    if (entryStatus != kExitSuccess && entryStatus != kExitMismatch)
      return entryStatus;
    status = std::max(status, entryStatus);
  }
  if (traceOutput) {
    trace.write(traceOutput->os());
    traceOutput->keep();
  }
  return status;
}
