// RUN: fuse-opt %s --fuse-mpi-reduce-in-place -split-input-file | FileCheck %s
// The numbers: test/Codegen/MPI/reduce-in-place-run.test runs all-reduces
// whose operand dies there and whose operand lives on, under mpirun.

// The operand dies at the copy: the all-reduce runs in its buffer, which
// is freed where the copy's was.
// CHECK-LABEL: func.func @dies
// CHECK: %[[GRAD:.*]] = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
// CHECK: linalg.fill
// CHECK-NOT: memref.alloc
// CHECK-NOT: linalg.copy
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[GRAD]]
// CHECK: mpi.allreduce(%[[FLAT]], %[[FLAT]], MPI_SUM
// CHECK: linalg.generic {{.*}} ins(%[[GRAD]]
// CHECK-NEXT: ^bb
// CHECK: memref.dealloc %[[GRAD]]
// CHECK-NOT: memref.dealloc
// CHECK: return
func.func @dies(%out: memref<4x8xf32>) {
  %c = arith.constant 1.0 : f32
  %grad = memref.alloc() {alignment = 64 : i64} : memref<4x8xf32>
  linalg.fill ins(%c : f32) outs(%grad : memref<4x8xf32>)
  %sum = memref.alloc() : memref<4x8xf32>
  linalg.copy ins(%grad : memref<4x8xf32>) outs(%sum : memref<4x8xf32>)
  %world = mpi.comm_world : !mpi.comm
  %flat = memref.collapse_shape %sum [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  mpi.allreduce(%flat, %flat, MPI_SUM, %world) : memref<32xf32>, memref<32xf32>
  memref.dealloc %grad : memref<4x8xf32>
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%sum : memref<4x8xf32>) outs(%out : memref<4x8xf32>) {
  ^bb0(%in: f32, %o: f32):
    linalg.yield %in : f32
  }
  memref.dealloc %sum : memref<4x8xf32>
  return
}

// -----

// The operand is read after the all-reduce: it keeps its own buffer.
// CHECK-LABEL: func.func @lives
// CHECK: linalg.copy
// CHECK: mpi.allreduce
func.func @lives(%out: memref<32xf32>) {
  %c = arith.constant 1.0 : f32
  %grad = memref.alloc() : memref<32xf32>
  linalg.fill ins(%c : f32) outs(%grad : memref<32xf32>)
  %sum = memref.alloc() : memref<32xf32>
  linalg.copy ins(%grad : memref<32xf32>) outs(%sum : memref<32xf32>)
  %world = mpi.comm_world : !mpi.comm
  mpi.allreduce(%sum, %sum, MPI_SUM, %world) : memref<32xf32>, memref<32xf32>
  linalg.add ins(%grad, %sum : memref<32xf32>, memref<32xf32>) outs(%out : memref<32xf32>)
  memref.dealloc %grad : memref<32xf32>
  memref.dealloc %sum : memref<32xf32>
  return
}

// -----

// The operand is the caller's: it is not the program's to overwrite.
// CHECK-LABEL: func.func @argument
// CHECK: linalg.copy
// CHECK: mpi.allreduce
func.func @argument(%grad: memref<32xf32>, %out: memref<32xf32>) {
  %sum = memref.alloc() : memref<32xf32>
  linalg.copy ins(%grad : memref<32xf32>) outs(%sum : memref<32xf32>)
  %world = mpi.comm_world : !mpi.comm
  mpi.allreduce(%sum, %sum, MPI_SUM, %world) : memref<32xf32>, memref<32xf32>
  linalg.copy ins(%sum : memref<32xf32>) outs(%out : memref<32xf32>)
  memref.dealloc %sum : memref<32xf32>
  return
}

// -----

// Two writers of the reduction's buffer: not a plain copy of the operand.
// CHECK-LABEL: func.func @overwritten
// CHECK: linalg.copy
// CHECK: linalg.fill
// CHECK: mpi.allreduce
func.func @overwritten(%out: memref<32xf32>) {
  %c = arith.constant 1.0 : f32
  %grad = memref.alloc() : memref<32xf32>
  linalg.fill ins(%c : f32) outs(%grad : memref<32xf32>)
  %sum = memref.alloc() : memref<32xf32>
  linalg.copy ins(%grad : memref<32xf32>) outs(%sum : memref<32xf32>)
  linalg.fill ins(%c : f32) outs(%sum : memref<32xf32>)
  %world = mpi.comm_world : !mpi.comm
  mpi.allreduce(%sum, %sum, MPI_SUM, %world) : memref<32xf32>, memref<32xf32>
  linalg.copy ins(%sum : memref<32xf32>) outs(%out : memref<32xf32>)
  memref.dealloc %grad : memref<32xf32>
  memref.dealloc %sum : memref<32xf32>
  return
}

// -----

// Reduced from one buffer into another: nothing to forward.
// CHECK-LABEL: func.func @two_buffers
// CHECK: linalg.copy
// CHECK: mpi.allreduce(%{{.*}}, %[[SUM:.*]], MPI_SUM
func.func @two_buffers(%out: memref<32xf32>) {
  %c = arith.constant 1.0 : f32
  %grad = memref.alloc() : memref<32xf32>
  linalg.fill ins(%c : f32) outs(%grad : memref<32xf32>)
  %copy = memref.alloc() : memref<32xf32>
  linalg.copy ins(%grad : memref<32xf32>) outs(%copy : memref<32xf32>)
  %sum = memref.alloc() : memref<32xf32>
  %world = mpi.comm_world : !mpi.comm
  mpi.allreduce(%copy, %sum, MPI_SUM, %world) : memref<32xf32>, memref<32xf32>
  linalg.copy ins(%sum : memref<32xf32>) outs(%out : memref<32xf32>)
  memref.dealloc %grad : memref<32xf32>
  memref.dealloc %copy : memref<32xf32>
  memref.dealloc %sum : memref<32xf32>
  return
}
