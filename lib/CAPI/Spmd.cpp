//===- Spmd.cpp - SPMD programs of the C API under mpirun -----------------===//
//
// A process that mpirun started is one device of an SPMD program: it joins
// the job once, on first use, and every SPMD entry it compiles runs over
// MPI with as many devices as the job has ranks.
//
//===----------------------------------------------------------------------===//

#include "Handles.h"

#include "fuse/Execution/MPIJob.h"
#include "fuse/Interpreter/Interpreter.h"

#include <mutex>

using namespace mlir;

namespace fuse::capi {

llvm::Expected<fuse::exec::MPIJob *> getSpmdJob() {
  static std::mutex mutex;
  static std::unique_ptr<fuse::exec::MPIJob> job;
  std::lock_guard<std::mutex> lock(mutex);
  if (job || !fuse::exec::MPIJob::wasStartedByMPI())
    return job.get();
  llvm::Expected<std::unique_ptr<fuse::exec::MPIJob>> joined =
      fuse::exec::MPIJob::join(/*ranks=*/0, /*timeoutSeconds=*/0);
  if (!joined)
    return joined.takeError();
  job = std::move(*joined);
  return job.get();
}

llvm::Expected<int64_t> getSpmdDevices(func::FuncOp func) {
  if (!fuse::interp::isSpmdFunction(func))
    return 0;
  llvm::Expected<fuse::exec::MPIJob *> job = getSpmdJob();
  if (!job)
    return job.takeError();
  return *job ? (*job)->size() : 0;
}

} // namespace fuse::capi

int fuseSpmdDevice(FuseContext context, int *device, int *devices) {
  fuse::capi::ErrorCapture capture(context);
  llvm::Expected<fuse::exec::MPIJob *> job = fuse::capi::getSpmdJob();
  *device = 0;
  *devices = 1;
  if (!job) {
    capture.add(llvm::toString(job.takeError()));
    return -1;
  }
  if (!*job)
    return 0;
  *device = (*job)->rank();
  *devices = (*job)->size();
  return 1;
}
