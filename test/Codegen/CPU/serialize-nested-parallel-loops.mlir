// Only the outermost scf.parallel of a nest stays parallel. The loops made
// from a parallel one name an access group each, as their parallel
// accesses; the sequential loop around them does not.
// RUN: fuse-opt %s --fuse-cpu-serialize-nested-parallel-loops | FileCheck %s

// CHECK-DAG: #[[$G0:.*]] = #llvm.access_group<id = distinct[0]<>>
// CHECK-DAG: #[[$G1:.*]] = #llvm.access_group<id = distinct[1]<>>
// CHECK-DAG: #[[$L0:.*]] = #llvm.loop_annotation<parallelAccesses = #[[$G0]]>
// CHECK-DAG: #[[$L1:.*]] = #llvm.loop_annotation<parallelAccesses = #[[$G1]]>
// CHECK-LABEL: func.func @nest
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: scf.for %[[K:.*]] =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: scf.for %[[L:.*]] =
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[K]], %[[J]], %[[L]]]
// CHECK: } {loop_annotation = #[[$L0]]}
// CHECK-NEXT: } {loop_annotation = #[[$L1]]}
// CHECK-NEXT: }
// CHECK-NEXT: scf.reduce
// CHECK-NOT: scf.parallel
func.func @nest(%in: memref<4x8x16x2xf32>, %out: memref<4x16x2xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.for %k = %c0 to %c8 step %c1 {
      scf.parallel (%j, %l) = (%c0, %c0) to (%c16, %c2) step (%c1, %c1) {
        %v = memref.load %in[%i, %k, %j, %l] : memref<4x8x16x2xf32>
        %a = memref.load %out[%i, %j, %l] : memref<4x16x2xf32>
        %s = arith.addf %a, %v : f32
        memref.store %s, %out[%i, %j, %l] : memref<4x16x2xf32>
        scf.reduce
      }
    }
    scf.reduce
  }
  return
}

// A parallel loop that is not nested in another keeps running in parallel.
// CHECK-LABEL: func.func @top_level
// CHECK: scf.for
// CHECK-NEXT: scf.parallel
func.func @top_level(%out: memref<8x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %one = arith.constant 1.0 : f32
  scf.for %k = %c0 to %c8 step %c1 {
    scf.parallel (%j) = (%c0) to (%c16) step (%c1) {
      memref.store %one, %out[%k, %j] : memref<8x16xf32>
      scf.reduce
    }
  }
  return
}

// A nested loop with a reduction carries the partial result through the
// serial loops, combined in the order of the iterations.
// CHECK-LABEL: func.func @nested_reduction
// CHECK: scf.parallel
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[ZERO:.*]]) -> (f32)
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%{{.*}}, %[[I]]]
// CHECK: %[[NEXT:.*]] = arith.addf %[[ACC]], %[[X]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: memref.store %[[SUM]]
// CHECK-NOT: scf.reduce(
func.func @nested_reduction(%a: memref<4x8xf32>, %r: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %sum = scf.parallel (%j) = (%c0) to (%c8) step (%c1) init (%zero) -> f32 {
      %x = memref.load %a[%i, %j] : memref<4x8xf32>
      scf.reduce(%x : f32) {
      ^bb0(%l: f32, %m: f32):
        %s = arith.addf %l, %m : f32
        scf.reduce.return %s : f32
      }
    }
    memref.store %sum, %r[%i] : memref<4xf32>
    scf.reduce
  }
  return
}
