// RUN: fuse-opt %s --convert-shard-to-mpi --fuse-mpi-finalize -split-input-file | FileCheck %s
// RUN: fuse-opt %s --convert-shard-to-mpi --fuse-mpi-finalize="implementation=MPICH" -split-input-file | FileCheck %s --check-prefix=MPICH
// RUN: not fuse-opt %s --fuse-mpi-finalize -split-input-file 2>&1 | FileCheck %s --check-prefix=UNCONVERTED
// RUN: not fuse-opt %s --fuse-mpi-finalize="implementation=LAM" 2>&1 | FileCheck %s --check-prefix=BAD
// The numbers: distribute-splits-mpi.mlir runs such programs under mpirun.

// BAD: fuse-mpi-finalize: unknown implementation 'LAM': expected 'OpenMPI' or 'MPICH'

// The library is named for the LLVM lowering; the grid, which has no LLVM
// form, goes; the split of the world by a constant color (every rank in
// one group, in order) is the world itself.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-NOT: shard.grid
// CHECK-LABEL: func.func @sum
// CHECK-NOT: mpi.comm_split
// CHECK: %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK-NOT: mpi.comm_split
// CHECK: mpi.allreduce(%[[BUFFER:.*]], %[[BUFFER]], MPI_SUM, %{{.*}}) : memref<4xf32>, memref<4xf32>
// MPICH: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
// UNCONVERTED: error: grid @fuse_ranks is still used; run convert-shard-to-mpi first
shard.grid @fuse_ranks(shape = 2)
func.func @sum(%a: tensor<4xf32>) -> tensor<4xf32> {
  %r = shard.all_reduce %a on @fuse_ranks grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A module that names its library keeps it.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">}
module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "MPICH">} {
  func.func @rank() -> i32 {
    %world = mpi.comm_world : !mpi.comm
    %retval, %rank = mpi.comm_rank(%world) : !mpi.retval, i32
    return %rank : i32
  }
}

// -----

// Without MPI ops the module is left alone.
// CHECK-LABEL: module {
// CHECK-NOT: dlti
func.func @plain(%a: tensor<4xf32>) -> tensor<4xf32> {
  return %a : tensor<4xf32>
}

// -----

// The world's rank and size are asked once at the function's entry, not in
// every iteration of a loop: their LLVM lowering takes a stack slot per
// query, and an endless loop (XLA's tests have some) overflowed the stack.
// CHECK: module attributes {dlti.map = #dlti.map<"MPI:Implementation" = "OpenMPI">}
// CHECK-LABEL: func.func @in_loop
// CHECK-NEXT:    %[[WORLD:.*]] = mpi.comm_world : !mpi.comm
// CHECK-NEXT:    mpi.comm_size(%[[WORLD]])
// CHECK-NEXT:    mpi.comm_rank(%[[WORLD]])
// CHECK:         scf.for
// CHECK-NOT:       mpi.comm_
// CHECK:         return
func.func @in_loop(%n: index, %buffer: memref<4xf32>) -> i32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i32
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> (i32) {
    %world = mpi.comm_world : !mpi.comm
    %rank = mpi.comm_rank(%world) : i32
    %size = mpi.comm_size(%world) : i32
    %both = arith.addi %rank, %size : i32
    %next = arith.addi %acc, %both : i32
    mpi.allreduce(%buffer, %buffer, MPI_SUM, %world) : memref<4xf32>, memref<4xf32>
    scf.yield %next : i32
  }
  return %r : i32
}
