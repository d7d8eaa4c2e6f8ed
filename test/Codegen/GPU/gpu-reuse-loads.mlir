// RUN: fuse-opt %s --fuse-gpu-reuse-loads -split-input-file | FileCheck %s
// What the rewrite computes is checked on a GPU: bench/gpu's checks run
// every test program through the NVVM pipeline, which runs this pass.

// The kernel never writes %x: the load after the barrier and the block
// reduction is the load before it. %out is written, so its loads stay.
// CHECK-LABEL: func.func @row
// CHECK:         gpu.launch
// CHECK:           %[[A:.*]] = vector.load %[[X:.*]][%{{.*}}] : memref<1024xf32>, vector<4xf32>
// CHECK:           gpu.all_reduce
// CHECK:           gpu.barrier
// CHECK-NOT:       vector.load %[[X]]
// CHECK:           arith.subf %[[A]]
// CHECK:           vector.load %[[OUT:.*]][%{{.*}}] : memref<1024xf32>, vector<4xf32>
// CHECK:           vector.store
// CHECK:           vector.load %[[OUT]]
func.func @row(%x: memref<1024xf32>) -> memref<1024xf32> {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c256 = arith.constant 256 : index
  %out = memref.alloc() : memref<1024xf32>
  gpu.launch blocks(%b, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
    %i = arith.muli %t, %c4 : index
    %a = vector.load %x[%i] : memref<1024xf32>, vector<4xf32>
    %e = vector.extract %a[0] : f32 from vector<4xf32>
    %m = gpu.all_reduce maxnumf %e uniform {} : (f32) -> f32
    gpu.barrier
    %b2 = vector.load %x[%i] : memref<1024xf32>, vector<4xf32>
    %mv = vector.broadcast %m : f32 to vector<4xf32>
    %d = arith.subf %b2, %mv : vector<4xf32>
    %o1 = vector.load %out[%i] : memref<1024xf32>, vector<4xf32>
    %s = arith.addf %o1, %d : vector<4xf32>
    vector.store %s, %out[%i] : memref<1024xf32>, vector<4xf32>
    gpu.barrier
    %o2 = vector.load %out[%i] : memref<1024xf32>, vector<4xf32>
    vector.store %o2, %out[%i] : memref<1024xf32>, vector<4xf32>
    gpu.terminator
  }
  return %out : memref<1024xf32>
}

// -----

// Views of the same buffer share its root: a store through one view keeps
// the loads through another.
// CHECK-LABEL: func.func @views
// CHECK-COUNT-2: memref.load %{{.*}}[%{{.*}}] : memref<8xf32, strided<[1], offset: ?>>
func.func @views(%buf: memref<64xf32>, %row: index) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %f = arith.constant 1.0 : f32
  gpu.launch blocks(%b, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %v = memref.subview %buf[%row] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1], offset: ?>>
    %w = memref.subview %buf[0] [8] [1] : memref<64xf32> to memref<8xf32, strided<[1]>>
    %a = memref.load %v[%t] : memref<8xf32, strided<[1], offset: ?>>
    memref.store %f, %w[%t] : memref<8xf32, strided<[1]>>
    gpu.barrier
    %b2 = memref.load %v[%t] : memref<8xf32, strided<[1], offset: ?>>
    %s = arith.addf %a, %b2 : f32
    memref.store %s, %w[%t] : memref<8xf32, strided<[1]>>
    gpu.terminator
  }
  return
}

// -----

// Two arguments may be one buffer: a kernel writing %y keeps its loads of
// %x. A fresh allocation aliases nothing, so writing it does not.
// CHECK-LABEL: func.func @arguments
// CHECK-COUNT-2: memref.load %arg0
// CHECK:         memref.load %arg1
// CHECK-NOT:     memref.load %arg1
func.func @arguments(%x: memref<8xf32>, %z: memref<8xf32>, %y: memref<8xf32>) {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  gpu.launch blocks(%b, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %a = memref.load %x[%t] : memref<8xf32>
    memref.store %a, %y[%t] : memref<8xf32>
    %b2 = memref.load %x[%t] : memref<8xf32>
    memref.store %b2, %y[%t] : memref<8xf32>
    gpu.terminator
  }
  %fresh = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%b, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %a = memref.load %z[%t] : memref<8xf32>
    memref.store %a, %fresh[%t] : memref<8xf32>
    %b2 = memref.load %z[%t] : memref<8xf32>
    memref.store %b2, %fresh[%t] : memref<8xf32>
    gpu.terminator
  }
  return
}

// -----

// A load inside a branch does not stand for one after it.
// CHECK-LABEL: func.func @branch
// CHECK:         scf.if
// CHECK:           memref.load %arg0
// CHECK:         memref.load %arg0
func.func @branch(%x: memref<8xf32>, %p: i1) -> memref<8xf32> {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = memref.alloc() : memref<8xf32>
  gpu.launch blocks(%b, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    scf.if %p {
      %a = memref.load %x[%t] : memref<8xf32>
      memref.store %a, %out[%t] : memref<8xf32>
    }
    %b2 = memref.load %x[%t] : memref<8xf32>
    memref.store %b2, %out[%t] : memref<8xf32>
    gpu.terminator
  }
  return %out : memref<8xf32>
}
