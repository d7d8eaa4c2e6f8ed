//===- MPIHooks.cpp - one rank's part in a distributed run ----------------===//
//
// Joining the job, the maximum over the ranks, agreeing on a digest, abort
// and finalize: the MPI protocol of a run of a --distribute-splits program,
// one copy for fuse-run (FuseExecution's MPIJob) and for ahead-of-time
// executables (libFuseMPIDriver.a).
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/MPIDriver.h"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>

extern "C" int fuseMPIJoin(int ranks, char *message, size_t messageSize) {
  int initialized = 0;
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
  }
  int rank = 0, size = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  if (ranks <= 0 || size == ranks)
    return rank;
  std::snprintf(message, messageSize,
                "the program is distributed over %d ranks but runs on %d: "
                "start it with mpirun -np %d (or distribute it again with "
                "--distribute-splits=\"ranks=%d\")",
                ranks, size, ranks, size);
  return -1;
}

extern "C" int fuseMPISize() {
  int size = 1;
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  return size;
}

extern "C" double fuseMPIMax(double value) {
  MPI_Allreduce(MPI_IN_PLACE, &value, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
  return value;
}

extern "C" bool fuseMPIAllAgree(unsigned long long digest) {
  unsigned long long low = digest, high = digest;
  MPI_Allreduce(MPI_IN_PLACE, &low, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN,
                MPI_COMM_WORLD);
  MPI_Allreduce(MPI_IN_PLACE, &high, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX,
                MPI_COMM_WORLD);
  return low == high;
}

extern "C" void fuseMPIAbort(int code) {
  std::fflush(nullptr);
  MPI_Abort(MPI_COMM_WORLD, code);
  std::_Exit(code);
}

extern "C" void fuseMPILeave() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized)
    MPI_Finalize();
}
