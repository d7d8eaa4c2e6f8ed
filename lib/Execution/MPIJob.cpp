//===- MPIJob.cpp - running one rank of a distributed program -------------===//

#include "fuse/Execution/MPIJob.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <unistd.h>

#ifdef FUSE_HAVE_MPI
#include "fuse/Runtime/MPIDriver.h"

#include <mpi.h>
#endif

using namespace fuse::exec;

std::string fuse::exec::composeErrorLine(int rank, const llvm::Twine &message) {
  std::string line;
  llvm::raw_string_ostream lineStream(line);
  lineStream << "fuse-run: error: ";
  if (rank >= 0)
    lineStream << "rank " << rank << ": ";
  lineStream << message << "\n";
  return line;
}

namespace {

/// Ends this process when the run outlives its time: mpirun then ends the
/// other ranks, which may be waiting for this one in a collective. (MPI_Abort
/// may be called only from the thread that joined the job.)
class Watchdog {
public:
  /// Started before the job is joined, since joining waits for every rank.
  explicit Watchdog(double seconds) {
    thread = std::thread([this, seconds] {
      std::unique_lock<std::mutex> lock(mutex);
      if (stopped.wait_for(lock, std::chrono::duration<double>(seconds),
                           [this] { return done; }))
        return;
      std::string message;
      llvm::raw_string_ostream(message)
          << "still running after " << llvm::format("%g", seconds)
          << " s (--mpi-timeout); ending the job";
      // One write, so that mpirun does not split the line.
      llvm::errs() << composeErrorLine(rank, message);
      llvm::errs().flush();
      _exit(2);
    });
  }
  void setRank(int value) { rank = value; }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      done = true;
    }
    stopped.notify_all();
    thread.join();
  }

private:
  std::mutex mutex;
  std::condition_variable stopped;
  bool done = false;
  std::atomic<int> rank{-1};
  std::thread thread;
};

std::unique_ptr<Watchdog> watchdog;
double communicationSeconds = 0, waitingSeconds = 0;

#ifdef FUSE_HAVE_MPI
double now() { return MPI_Wtime(); }

// The compiled code's collectives, timed. A barrier first separates the
// wait for the slowest rank (load imbalance) from the collective's own time
// (communication). PMPI_ is MPI's profiling interface: the same functions
// under a second name.
template <typename Call> int timedCollective(MPI_Comm comm, Call call) {
  double start = now();
  PMPI_Barrier(comm);
  double arrived = now();
  int result = call();
  waitingSeconds += arrived - start;
  communicationSeconds += now() - arrived;
  return result;
}

int timedAllreduce(const void *send, void *receive, int count,
                   MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  return timedCollective(comm, [&] {
    return PMPI_Allreduce(send == receive ? MPI_IN_PLACE : send, receive, count,
                          type, op, comm);
  });
}

int timedCommSplit(MPI_Comm comm, int color, int key, MPI_Comm *split) {
  return timedCollective(
      comm, [&] { return PMPI_Comm_split(comm, color, key, split); });
}
#endif

} // namespace

llvm::Expected<std::unique_ptr<MPIJob>> MPIJob::join(int64_t ranks,
                                                     double timeoutSeconds) {
#ifdef FUSE_HAVE_MPI
  if (timeoutSeconds > 0)
    watchdog = std::make_unique<Watchdog>(timeoutSeconds);
  char message[512] = {};
  int rank = fuseMPIJoin(static_cast<int>(ranks), message, sizeof(message));
  if (rank < 0) {
    // As a job's end: the watchdog stops and this rank leaves.
    watchdog.reset();
    fuseMPILeave();
    return llvm::createStringError(message);
  }
  if (watchdog)
    watchdog->setRank(rank);
  std::unique_ptr<MPIJob> job(new MPIJob(rank, fuseMPISize()));
  return job;
#else
  (void)timeoutSeconds;
  return llvm::createStringError(
      "the program is distributed over " + std::to_string(ranks) +
      " ranks, and this fuse was built without MPI (install libopenmpi-dev "
      "and build again)");
#endif
}

bool MPIJob::wasStartedByMPI() {
  return std::getenv("OMPI_COMM_WORLD_SIZE") || std::getenv("PMI_SIZE") ||
         std::getenv("PMIX_RANK");
}

MPIJob::~MPIJob() {
  watchdog.reset();
#ifdef FUSE_HAVE_MPI
  fuseMPILeave();
#endif
}

bool MPIJob::allAgree(uint64_t digest) const {
#ifdef FUSE_HAVE_MPI
  return fuseMPIAllAgree(digest);
#else
  return true;
#endif
}

double MPIJob::maxOverRanks(double value) const {
#ifdef FUSE_HAVE_MPI
  return fuseMPIMax(value);
#else
  return value;
#endif
}

void MPIJob::broadcastFromFirst(void *data, size_t bytes) const {
#ifdef FUSE_HAVE_MPI
  auto *cursor = static_cast<char *>(data);
  // MPI counts are ints: large buffers go in pieces.
  constexpr size_t kPiece = size_t(1) << 30;
  for (size_t done = 0; done < bytes; done += kPiece)
    MPI_Bcast(cursor + done, static_cast<int>(std::min(kPiece, bytes - done)),
              MPI_BYTE, 0, MPI_COMM_WORLD);
#else
  (void)data;
  (void)bytes;
#endif
}

double MPIJob::getCommunicationSeconds() { return communicationSeconds; }
double MPIJob::getWaitingSeconds() { return waitingSeconds; }
void MPIJob::resetCommunicationSeconds() {
  communicationSeconds = waitingSeconds = 0;
}

llvm::orc::SymbolMap
MPIJob::getTimedSymbols(llvm::orc::MangleAndInterner interner) {
  llvm::orc::SymbolMap symbols;
#ifdef FUSE_HAVE_MPI
  auto add = [&](llvm::StringRef name, auto *function) {
    symbols[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(function),
                               llvm::JITSymbolFlags::Exported};
  };
  add("MPI_Allreduce", &timedAllreduce);
  add("MPI_Comm_split", &timedCommSplit);
#ifdef OPEN_MPI
  // MLIR 22's lowering of the mpi dialect names OpenMPI's predefined
  // reduction ops ompi_mpi_<op>; OpenMPI exports them as ompi_mpi_op_<op>.
  add("ompi_mpi_sum", MPI_SUM);
  add("ompi_mpi_prod", MPI_PROD);
  add("ompi_mpi_max", MPI_MAX);
  add("ompi_mpi_min", MPI_MIN);
  add("ompi_mpi_land", MPI_LAND);
  add("ompi_mpi_band", MPI_BAND);
  add("ompi_mpi_lor", MPI_LOR);
  add("ompi_mpi_bor", MPI_BOR);
  add("ompi_mpi_lxor", MPI_LXOR);
  add("ompi_mpi_bxor", MPI_BXOR);
#endif
#endif
  return symbols;
}

void MPIJob::abort(int code) const {
  llvm::errs().flush();
  llvm::outs().flush();
#ifdef FUSE_HAVE_MPI
  fuseMPIAbort(code);
#else
  _exit(code);
#endif
}
