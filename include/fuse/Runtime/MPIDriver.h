//===- MPIDriver.h - ranks of ahead-of-time executables ---------*- C++ -*-===//
//
// A program of --distribute-splits runs as one process per rank (mpirun -np
// R). These hooks (lib/Runtime/Driver/MPIHooks.cpp) are its MPI protocol,
// for fuse-run's MPIJob and for ahead-of-time executables, which get them
// from libFuseMPIDriver.a: the driver of other executables sees them as
// null (weak) and needs no MPI library.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_RUNTIME_MPIDRIVER_H
#define FUSE_RUNTIME_MPIDRIVER_H

#include <cstddef>

extern "C" {
/// Joins the MPI job, which must have `ranks` processes (any number when
/// `ranks` is 0): this process's rank, or -1 with `message` filled.
int fuseMPIJoin(int ranks, char *message, size_t messageSize);
/// The number of processes of the job joined.
int fuseMPISize();
/// The largest `value` over the ranks.
double fuseMPIMax(double value);
/// Whether every rank passed the same `digest`.
bool fuseMPIAllAgree(unsigned long long digest);
/// Ends every process of the job with `code`.
[[noreturn]] void fuseMPIAbort(int code);
/// Leaves the job at the end of the run.
void fuseMPILeave();
}

#endif // FUSE_RUNTIME_MPIDRIVER_H
