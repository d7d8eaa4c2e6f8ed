// Only the outermost scf.parallel of a nest stays parallel.
// RUN: fuse-opt %s --fuse-serialize-nested-parallel-loops | FileCheck %s

// CHECK-LABEL: func.func @nest
// CHECK: scf.parallel (%[[I:.*]]) =
// CHECK-NEXT: scf.for %[[K:.*]] =
// CHECK-NEXT: scf.for %[[J:.*]] =
// CHECK-NEXT: scf.for %[[L:.*]] =
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[K]], %[[J]], %[[L]]]
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
