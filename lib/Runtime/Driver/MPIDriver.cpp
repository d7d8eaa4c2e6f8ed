//===- MPIDriver.cpp - ranks of ahead-of-time executables -----------------===//
//
// What only executables need besides the hooks (MPIHooks.cpp): OpenMPI's
// reductions under the names MLIR's lowering gives them. fuse-run maps the
// names in its JIT instead, where its timers must see the real op.
//
//===----------------------------------------------------------------------===//

#include <mpi.h>

#include <utility>

#ifdef OPEN_MPI
// MLIR 22's lowering of the mpi dialect names OpenMPI's predefined reductions
// ompi_mpi_<op>, which OpenMPI does not export (its names are
// ompi_mpi_op_<op>). The executable gets stand-ins of those names, and
// MPI_Allreduce, defined here through MPI's profiling interface (PMPI_),
// passes the real op on. It also passes a send buffer that is the receive
// buffer as MPI_IN_PLACE, as MPI asks.
extern "C" {
char ompi_mpi_sum, ompi_mpi_prod, ompi_mpi_max, ompi_mpi_min, ompi_mpi_land,
    ompi_mpi_band, ompi_mpi_lor, ompi_mpi_bor, ompi_mpi_lxor, ompi_mpi_bxor;
}

namespace {

MPI_Op predefinedOp(MPI_Op op) {
  const void *standIn = op;
  const std::pair<const char *, MPI_Op> ops[] = {
      {&ompi_mpi_sum, MPI_SUM},   {&ompi_mpi_prod, MPI_PROD},
      {&ompi_mpi_max, MPI_MAX},   {&ompi_mpi_min, MPI_MIN},
      {&ompi_mpi_land, MPI_LAND}, {&ompi_mpi_band, MPI_BAND},
      {&ompi_mpi_lor, MPI_LOR},   {&ompi_mpi_bor, MPI_BOR},
      {&ompi_mpi_lxor, MPI_LXOR}, {&ompi_mpi_bxor, MPI_BXOR}};
  for (const auto &[name, real] : ops)
    if (standIn == name)
      return real;
  return op;
}

} // namespace

extern "C" int MPI_Allreduce(const void *send, void *receive, int count,
                             MPI_Datatype type, MPI_Op op, MPI_Comm comm) {
  return PMPI_Allreduce(send == receive ? MPI_IN_PLACE : send, receive, count,
                        type, predefinedOp(op), comm);
}
#endif
