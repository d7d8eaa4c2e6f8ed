//===- MPIJob.h - running one rank of a distributed program -----*- C++ -*-===//
//
// A program of --distribute-splits runs as one process per rank, started by
// `mpirun -np R`. This is what each process needs around the compiled code:
// joining the job (and checking that it has the ranks the program was
// distributed for), agreeing on program and inputs, reductions of the
// measurements, the time spent in MPI, and taking every rank down when one
// fails, so that none waits forever in a collective.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_MPIJOB_H
#define FUSE_EXECUTION_MPIJOB_H

#include "llvm/ADT/StringRef.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <memory>
#include <string>

namespace fuse::exec {

class MPIJob {
public:
  /// Joins the job this process was started in (MPI_Init), which must have
  /// `ranks` processes (any number when `ranks` is 0). Fails with a message
  /// when fuse was built without MPI or the job has another size.
  /// `timeoutSeconds` > 0 aborts the job when this rank is still running
  /// after that long.
  static llvm::Expected<std::unique_ptr<MPIJob>> join(int64_t ranks,
                                                      double timeoutSeconds);
  /// Whether mpirun (OpenMPI's, or a PMI launcher's) started this process.
  static bool wasStartedByMPI();
  ~MPIJob();

  int rank() const { return rankIndex; }
  int size() const { return rankCount; }

  /// Whether every rank passed the same `digest`.
  bool allAgree(uint64_t digest) const;
  /// The largest `value` over the ranks.
  double maxOverRanks(double value) const;
  /// Copies rank 0's `bytes` at `data` to every rank.
  void broadcastFromFirst(void *data, size_t bytes) const;

  /// Seconds this process has spent in the compiled code's collectives
  /// once every rank had arrived (communication), and before (waiting for
  /// slower ranks: load imbalance).
  static double getCommunicationSeconds();
  static double getWaitingSeconds();
  static void resetCommunicationSeconds();
  /// The compiled code's MPI calls, routed through timers.
  static llvm::orc::SymbolMap
  getTimedSymbols(llvm::orc::MangleAndInterner interner);

  /// Ends every process of the job with `code`.
  [[noreturn]] void abort(int code) const;

private:
  MPIJob(int rank, int size) : rankIndex(rank), rankCount(size) {}

  int rankIndex, rankCount;
};

/// fuse-run's error line for `message`, naming the rank when there is one
/// (`rank` >= 0), for a single write: mpirun forwards each write of a rank
/// on its own, and may put another rank's report between two halves.
std::string composeErrorLine(int rank, const llvm::Twine &message);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_MPIJOB_H
