//===- Passes.td - code generation for MPI jobs ------------*- tablegen -*-===//
//
// Passes that ready distributed programs (upstream `shard` lowered to `mpi`)
// for LLVM. Their flags start with `fuse-mpi-`.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_MPI_PASSES_TD
#define FUSE_CODEGEN_MPI_PASSES_TD

include "mlir/Pass/PassBase.td"

def MPIFinalizePass : Pass<"fuse-mpi-finalize", "::mlir::ModuleOp"> {
  let summary = "Ready a program of MPI ops for LLVM: name the MPI library, "
                "drop the grids";
  let description = [{
    After `convert-shard-to-mpi`, a distributed program holds `mpi` ops and
    the `shard.grid` declarations they no longer refer to. MPI's C ABI
    differs between libraries (OpenMPI's `MPI_COMM_WORLD` is the address of
    a global, MPICH's an integer constant), and the `mpi` dialect's lowering
    to LLVM picks one from the module's DLTI entry `MPI:Implementation`.
    This pass sets that entry to `implementation` unless the module has one,
    and erases the grids, which have no LLVM form. A grid that an op still
    refers to is an error (convert the `shard` ops first).

    `convert-shard-to-mpi` splits the world communicator before every
    collective, by the process's position in the grid. On fuse's grid of one
    axis, which spans the whole job (fuse-run checks the job's size), a
    split by a constant color keeps every process in order: this pass uses
    the world communicator instead, which saves a collective and a leaked
    communicator per call and avoids MLIR 22's OpenMPI lowering of the split
    (it reads the new communicator back as a 32-bit integer).

    Queries of the world's rank and size move to the function's entry: they
    are the same everywhere, and their LLVM lowering takes a stack slot per
    query, so a loop that asked in every iteration overflowed the stack once
    it ran long enough (an endless loop of XLA's tests did).

    ```mlir
    module {
      shard.grid @fuse_ranks(shape = 2)
      func.func @f() { %w = mpi.comm_world : !mpi.comm ... }
    }
    // becomes
    module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">} {
      func.func @f() { %w = mpi.comm_world : !mpi.comm ... }
    }
    ```
  }];
  let options = [
    Option<"implementation", "implementation", "std::string",
           /*default=*/"\"OpenMPI\"",
           "The MPI library the program will link: 'OpenMPI' or 'MPICH'">,
  ];
  let dependentDialects = ["::mlir::DLTIDialect"];
}

def MPIReduceInPlacePass
    : Pass<"fuse-mpi-reduce-in-place", "::mlir::func::FuncOp"> {
  let summary = "Run an MPI all-reduce in its operand's buffer when the "
                "operand dies there";
  let description = [{
    `convert-shard-to-mpi` reduces into a new buffer: it allocates one,
    copies the operand into it and reduces there in place. When nothing but
    its deallocation follows the copy, the operand's buffer is as good: this
    pass reduces in it and drops the new buffer and the copy. A data-parallel
    training step all-reduces every gradient, so each step copied them all
    (7.45 MB for an MLP of 1.9 M parameters) into fresh pages.

    It runs on buffers, after bufferization and deallocation. Both buffers
    must be allocations of the same type in the reduction's block, and the
    operand may be read and written only before the copy; anything else is
    left as it is, the reason given as the pattern's match failure.

    ```mlir
    %grad = memref.alloc() : memref<1024xf32>
    linalg.generic ... outs(%grad : memref<1024xf32>)
    %sum = memref.alloc() : memref<1024xf32>
    linalg.copy ins(%grad : memref<1024xf32>) outs(%sum : memref<1024xf32>)
    mpi.allreduce(%sum, %sum, MPI_SUM, %world) : memref<1024xf32>, memref<1024xf32>
    memref.dealloc %grad : memref<1024xf32>
    ... reads of %sum
    memref.dealloc %sum : memref<1024xf32>
    // becomes
    %grad = memref.alloc() : memref<1024xf32>
    linalg.generic ... outs(%grad : memref<1024xf32>)
    mpi.allreduce(%grad, %grad, MPI_SUM, %world) : memref<1024xf32>, memref<1024xf32>
    ... reads of %grad
    memref.dealloc %grad : memref<1024xf32>
    ```
  }];
  let dependentDialects = ["::mlir::memref::MemRefDialect"];
}

#endif // FUSE_CODEGEN_MPI_PASSES_TD
