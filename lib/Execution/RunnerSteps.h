//===- RunnerSteps.h - the steps of one entry's run -------------*- C++ -*-===//
//
// Inputs in, results out, comparisons and timings of one entry, as
// RunOptions ask; Runner.cpp strings them together.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_EXECUTION_RUNNERSTEPS_H
#define FUSE_LIB_EXECUTION_RUNNERSTEPS_H

#include "fuse/Execution/Compare.h"
#include "fuse/Execution/HostBuffer.h"
#include "fuse/Execution/JitProgram.h"
#include "fuse/Execution/MPIJob.h"
#include "fuse/Execution/Runner.h"
#include "fuse/Execution/Trace.h"
#include "fuse/Execution/TransferQueues.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace fuse::exec {

class RunnerSteps {
public:
  /// `report` takes comparisons and notes, `err` errors.
  RunnerSteps(const RunOptions &options, llvm::raw_ostream &report,
              llvm::raw_ostream &err)
      : options(options), reportStream(report), err(err) {}

  /// Prints "fuse-run: error: <message>" (naming the rank in an MPI job)
  /// and returns `status`.
  RunStatus fail(const llvm::Twine &message, RunStatus status);
  llvm::raw_ostream &report() {
    return isQuietRank() ? llvm::nulls() : reportStream;
  }

  /// Runs as one rank of `job`: ranks other than 0 report nothing, and
  /// measurements are reduced over the ranks. In an SPMD program (`spmd`)
  /// each rank is a device with inputs and results of its own, which it
  /// reads and reports itself.
  void setJob(const MPIJob *mpiJob, bool spmd) {
    job = mpiJob;
    spmdJob = spmd;
  }
  bool isQuietRank() const { return job && !spmdJob && job->rank() != 0; }

  /// The inputs of `func` on `device` of an SPMD run: drawn from the seed,
  /// or read from the files (`{device}` in a path names the device's own)
  /// and checked against its argument types.
  mlir::FailureOr<llvm::SmallVector<HostBuffer>>
  loadInputs(mlir::func::FuncOp func, int64_t device = 0);
  /// The interpreter's results for `inputs`, in the program's precision or,
  /// with `checkInF64`, computed in f64 and rounded to the result types.
  mlir::FailureOr<llvm::SmallVector<HostBuffer>>
  interpret(mlir::func::FuncOp func, llvm::ArrayRef<HostBuffer> inputs);
  /// The results that `expectedDir` holds for `func` (in an SPMD job, for
  /// this rank's device).
  mlir::FailureOr<llvm::SmallVector<HostBuffer>>
  loadExpected(mlir::func::FuncOp func);

  /// Compares and reports one line per result of `func`; returns whether
  /// all match, element-wise or, for results that sum, normwise.
  bool compareResults(mlir::func::FuncOp func, llvm::ArrayRef<HostBuffer> got,
                      llvm::ArrayRef<HostBuffer> want);
  /// Compares the records `func` sent (TransferQueues) with the
  /// interpreter's on the same device, element-wise, and reports one line
  /// per record; returns whether all match.
  bool compareRecords(mlir::func::FuncOp func,
                      llvm::ArrayRef<TransferQueues::Record> got,
                      llvm::ArrayRef<TransferQueues::Record> want);
  /// Prints the records a run of `entry` sent, after its results.
  void printRecords(llvm::StringRef entry,
                    llvm::ArrayRef<TransferQueues::Record> records);
  /// With `device`, the results of one device of an SPMD run.
  mlir::LogicalResult writeOutputs(llvm::StringRef entry,
                                   llvm::ArrayRef<HostBuffer> results,
                                   std::optional<int64_t> device = {});
  void printResults(llvm::StringRef entry, llvm::ArrayRef<HostBuffer> results,
                    std::optional<int64_t> device = {});

  /// Times `benchRuns` runs after a warm-up run and prints the compile
  /// time, the minimum and median run time and the peak memory to `out`,
  /// as text or JSON.
  mlir::LogicalResult bench(llvm::StringRef entry, JitProgram &program,
                            llvm::ArrayRef<HostBuffer> inputs, Trace *trace,
                            llvm::raw_ostream &out);

  /// Prints the compile time of `entries` and what the cache did, as a
  /// line of the report or as JSON to `out` (--compile-only).
  void reportCompile(llvm::ArrayRef<std::string> entries,
                     const JitProgram &program, llvm::raw_ostream &out);

private:
  /// Where --outputs writes result `i` and --expected reads it.
  std::string getResultPath(llvm::StringRef dir, llvm::StringRef entry,
                            unsigned i,
                            std::optional<int64_t> device = {}) const;

  mlir::FailureOr<llvm::SmallVector<HostBuffer>>
  readInputs(mlir::func::FuncOp func, int64_t device);
  /// The element type's tolerance, or the options' overrides.
  Tolerance getTolerance(mlir::Type elementType) const;
  /// Writes `line` to the report in one write: mpirun forwards each write
  /// of a rank on its own.
  void reportLine(llvm::StringRef line);
  /// In a job: that every rank has the same inputs, or rank 0's.
  mlir::LogicalResult shareInputs(mlir::func::FuncOp func,
                                  llvm::MutableArrayRef<HostBuffer> inputs);

  const RunOptions &options;
  llvm::raw_ostream &reportStream;
  llvm::raw_ostream &err;
  const MPIJob *job = nullptr;
  bool spmdJob = false;
};

} // namespace fuse::exec

#endif // FUSE_LIB_EXECUTION_RUNNERSTEPS_H
