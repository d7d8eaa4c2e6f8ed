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

#include "fuse/Execution/Runner.h"
#include "fuse/InitAll.h"

#include "mlir/IR/AsmState.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"

using namespace mlir;
using namespace fuse::exec;
namespace cl = llvm::cl;

namespace {

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
cl::list<std::string> inputFiles(
    "inputs", cl::CommaSeparated,
    cl::desc("The inputs as .npy files, one per argument ('{device}' in a "
             "path: each device's own, for SPMD programs)"),
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
cl::opt<int64_t> devices(
    "devices",
    cl::desc("With --interpret: run an SPMD program (collectives, "
             "hlo.device_id) on N devices, one thread each (under mpirun "
             "each rank is a device); '{device}' in an --inputs path names "
             "each device's file"),
    cl::value_desc("N"), cl::init(1), cl::cat(category));
cl::opt<std::string>
    expectedDir("expected", cl::value_desc("DIR"),
                cl::desc("Compare the results with DIR/result<i>.npy, e.g. the "
                         "--outputs of another variant of the program"),
                cl::cat(category));
enum class CheckMode { None, SamePrecision, F64 };
cl::opt<CheckMode> checkResults(
    "check", cl::ValueOptional,
    cl::desc("Run compiled and interpreted, and compare the results"),
    cl::values(clEnumValN(CheckMode::SamePrecision, "",
                          "with the interpreter in the program's precision"),
               clEnumValN(CheckMode::F64, "f64",
                          "with the interpreter in float64, rounded to the "
                          "results' types")),
    cl::init(CheckMode::None), cl::cat(category));
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
cl::opt<RunTarget> target(
    "target", cl::desc("Where the compiled code runs"),
    cl::values(clEnumValN(RunTarget::CPU, "cpu", "the host CPU (default)"),
               clEnumValN(RunTarget::CUDA, "cuda",
                          "an NVIDIA GPU, through the CUDA driver")),
    cl::init(RunTarget::CPU), cl::cat(category));
cl::opt<std::string> pipelineOptions(
    "pipeline-options",
    cl::desc("Options of the target's pipeline: hlo-lower-to-cpu, e.g. "
             "\"parallel=0 reduction-lanes=8\", or hlo-lower-to-nvvm, e.g. "
             "\"chip=sm_80 features=+ptx70\""),
    cl::cat(category));
cl::opt<std::string> emitExecutable(
    "emit-executable",
    cl::desc("With --target=cuda: compile the entry (with --all-entries, "
             "every public function) ahead of time into FILE, an executable "
             "that needs only the NVIDIA driver (FILE.o is the program's "
             "object; FILE --entry=NAME picks one); nothing runs"),
    cl::value_desc("file"), cl::cat(category));
cl::opt<bool> compileOnly(
    "compile-only",
    cl::desc("Compile the entry (with --all-entries, every public function) "
             "for the CPU as a run would, through the compilation cache, "
             "print the compile time and stop: nothing runs"),
    cl::cat(category));
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
    cl::desc("Most bytes for inputs and compiled allocations, e.g. 512M, "
             "1.5GB or 16GiB (default: MemAvailable)"),
    cl::value_desc("bytes"), cl::cat(category));

cl::opt<bool> noCache(
    "no-cache",
    cl::desc("Compile without the persistent compilation cache "
             "(FUSE_CACHE_DIR; it is also left out when the passes' IR is "
             "printed, so that the passes run)"),
    cl::cat(category));

cl::opt<bool> verifyEach(
    "verify-each",
    cl::desc("Verify the IR after every pass of the compile, as fuse-opt "
             "does, to find the pass that breaks it (default: once, after "
             "the last pass); the compilation cache is left out"),
    cl::cat(category));

cl::opt<double> progressAfter(
    "progress-after",
    cl::desc("Once a compile has run this many seconds, say on stderr what "
             "it is doing, stage by stage (0: every compile)"),
    cl::value_desc("seconds"), cl::init(2), cl::cat(category));

cl::opt<bool> broadcastInputs(
    "mpi-broadcast-inputs",
    cl::desc("A distributed program under mpirun: rank 0 reads or draws the "
             "inputs and sends them to the other ranks (default: every rank "
             "reads them, and they must agree)"),
    cl::cat(category));
cl::opt<double> mpiTimeout(
    "mpi-timeout",
    cl::desc("A distributed program under mpirun: end the job when a rank "
             "still runs after this many seconds (default: no limit)"),
    cl::init(0), cl::cat(category));

/// Whether an option asks to see the passes run (print their IR or
/// statistics, verify after each): a cache hit would run none.
bool observesPasses() {
  for (const auto &[name, option] : cl::getRegisteredOptions())
    if (option->getNumOccurrences() &&
        (name.starts_with("mlir-print-ir") ||
         name.starts_with("mlir-pass-statistics") ||
         name == "mlir-pass-pipeline-crash-reproducer" ||
         name == "verify-each"))
      return true;
  return false;
}

/// The value of an option the user gave, else nothing.
template <typename T> std::optional<T> given(const cl::opt<T> &option) {
  if (option.getNumOccurrences())
    return option.getValue();
  return std::nullopt;
}

/// The options from the command line; the compile is timed in `timing`.
RunOptions getRunOptions(TimingScope &timing) {
  RunOptions options;
  options.programFile = programFile;
  options.entry = given(entryName);
  options.allEntries = allEntries;
  options.inputFiles.assign(inputFiles.begin(), inputFiles.end());
  options.randomSeed = given(randomSeed);
  options.outputDir = outputDir;
  options.expectedDir = expectedDir;
  options.interpretOnly = interpretOnly;
  options.devices = devices;
  options.check = checkResults != CheckMode::None;
  options.checkInF64 = checkResults == CheckMode::F64;
  options.rtol = given(rtol);
  options.atol = given(atol);
  options.benchRuns = benchRuns;
  options.json = printJson;
  options.traceFile = traceFile;
  options.printLimit = printLimit;
  options.target = target;
  options.pipelineOptions = pipelineOptions;
  options.emitExecutable = emitExecutable;
  options.compileOnly = compileOnly;
  options.printPeakMemory = printPeakMemory;
  options.skipMemoryPlan = skipMemoryPlan;
  options.memoryLimit = memoryLimit;
  options.broadcastInputs = broadcastInputs;
  options.mpiTimeoutSeconds = mpiTimeout;
  options.useCache = !noCache && !observesPasses();
  options.instrumentation.configurePassManager = applyPassManagerCLOptions;
  options.instrumentation.timing = &timing;
  options.instrumentation.progress = [](llvm::StringRef line) {
    llvm::errs() << "fuse-run: " << line << "\n";
  };
  options.instrumentation.progressAfterSeconds = progressAfter;
  options.instrumentation.verifyEachPass = verifyEach;
  return options;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // --mlir-print-ir-before/after name passes from the registry.
  fuse::registerAllPasses();
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerPassManagerCLOptions();
  registerDefaultTimingManagerCLOptions();
  fuse::hideLLVMOptions({&category});
  fuse::spellShortHelpInFull(argc, argv);
  cl::ParseCommandLineOptions(
      argc, argv,
      "fuse-run: runs hlo programs compiled for the CPU or an NVIDIA GPU, or "
      "interpreted\n");
  // --mlir-timing: the passes, then the LLVM stages, reported at the end.
  DefaultTimingManager timingManager;
  applyDefaultTimingManagerCLOptions(timingManager);
  TimingScope timing = timingManager.getRootScope();
  return static_cast<int>(
      runProgram(getRunOptions(timing), llvm::outs(), llvm::errs()));
}
