//===- Runner.h - run an hlo program as fuse-run does -----------*- C++ -*-===//
//
// The library behind fuse-run: load a program, pick its entries, read or
// draw inputs, refuse what would not fit in memory, compile for the CPU or
// a GPU (or ahead of time), run, check against the reference interpreter or
// saved results, write or print results, and time runs. The tool only turns
// flags into RunOptions. docs/fuse-run.md describes the behaviour.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_RUNNER_H
#define FUSE_EXECUTION_RUNNER_H

#include "fuse/Execution/CompileInstrumentation.h"

#include "mlir/Pass/PassManager.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace fuse::exec {

/// How a run ended; fuse-run's exit status.
enum class RunStatus {
  Success = 0,
  /// Some result differs from the interpreter's or the expected one.
  Mismatch = 1,
  /// Bad flags, program or inputs, or a failure to compile or run.
  InputError = 2,
  /// The memory plan or an allocation exceeded the memory limit.
  OutOfMemory = 3,
};

enum class RunTarget { CPU, CUDA };

struct RunOptions {
  std::string programFile;
  /// The function to run; unset: @main, else the only public one.
  std::optional<std::string> entry;
  /// Run every public function, in order.
  bool allEntries = false;
  /// One .npy file per argument, or a seed to draw them from.
  std::vector<std::string> inputFiles;
  std::optional<uint64_t> randomSeed;
  /// Write results to DIR/result<i>.npy (DIR/<entry>.result<i>.npy with
  /// allEntries) instead of printing them.
  std::string outputDir;
  /// Compare results with the .npy files of DIR, named as outputDir names
  /// them.
  std::string expectedDir;
  bool interpretOnly = false;
  /// Run compiled and interpreted, and compare.
  bool check = false;
  /// The interpreter computes in f64 (--check=f64): the compiled results are
  /// compared with a float64 reference rounded to their types.
  bool checkInF64 = false;
  /// Overrides of the element type's default tolerance.
  std::optional<double> rtol, atol;
  /// Time this many runs after a warm-up run.
  unsigned benchRuns = 0;
  /// Print bench measurements as one JSON object per entry.
  bool json = false;
  /// Where to write a Chrome trace of the calls and their kernels.
  std::string traceFile;
  /// Summarize printed results with more elements than this.
  unsigned printLimit = 1000;
  RunTarget target = RunTarget::CPU;
  /// The textual options of hlo-lower-to-cpu or hlo-lower-to-nvvm.
  std::string pipelineOptions;
  /// With the CUDA target: compile the entry ahead of time into this
  /// executable (and FILE.o) instead of running.
  std::string emitExecutable;
  /// Compile for the CPU (filling the cache) and report the compile
  /// instead of running.
  bool compileOnly = false;
  bool printPeakMemory = false;
  /// Run even when the static memory plan exceeds the limit.
  bool skipMemoryPlan = false;
  /// A byte size (docs/conventions.md); empty: the GPU's memory, or the
  /// host's available memory.
  std::string memoryLimit;
  /// A distributed program (--distribute-splits) under mpirun: rank 0
  /// reads or draws the inputs and sends them to the others, instead of
  /// every rank reading them.
  bool broadcastInputs = false;
  /// Seconds after which a rank still running ends the job; 0: no limit.
  double mpiTimeoutSeconds = 0;
  /// The devices an SPMD program runs on in the interpreter, one thread
  /// each (docs/fuse-run.md, "SPMD programs").
  int64_t devices = 1;
  /// Load compiles from, and store them in, the persistent compilation
  /// cache the environment names (CompilationCache::fromEnvironment).
  bool useCache = true;
  /// Sets up each pass manager before it runs (IR printing, ...), and
  /// times the compile's stages (--mlir-timing).
  CompileInstrumentation instrumentation;

  /// Succeeds when the options make sense together; else says which clash,
  /// in terms of fuse-run's flags.
  llvm::Error verify() const;
};

/// Runs `options.programFile` as the options say. Results and measurements
/// go to `out` (with `json`, measurements alone, and the rest to `err`);
/// errors are printed to `err` as "fuse-run: error: ...". When compiled
/// code exhausts the memory limit the process ends at once with
/// RunStatus::OutOfMemory: the code's frames and OpenMP threads cannot be
/// unwound.
RunStatus runProgram(const RunOptions &options, llvm::raw_ostream &out,
                     llvm::raw_ostream &err);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_RUNNER_H
