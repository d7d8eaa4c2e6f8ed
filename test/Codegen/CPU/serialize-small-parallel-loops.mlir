// RUN: fuse-opt %s --fuse-cpu-serialize-small-parallel-loops --split-input-file | FileCheck %s
// RUN: fuse-opt %s --fuse-cpu-serialize-small-parallel-loops=min-bytes=0 --split-input-file | FileCheck %s --check-prefix=OFF
// RUN: fuse-opt %s --fuse-cpu-serialize-small-parallel-loops=min-bytes=1024 --split-input-file | FileCheck %s --check-prefix=KIB

// 512 bytes read and 512 written: one thread. The reduction becomes a value
// the loop carries.
// CHECK-LABEL: func.func @small
// CHECK-NOT: scf.parallel
// CHECK: %[[SUM:.*]] = scf.for %[[I:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %{{.*}}) -> (f32)
// CHECK: %[[V:.*]] = memref.load %{{.*}}[%[[I]]]
// CHECK: memref.store %[[V]], %{{.*}}[%[[I]]]
// CHECK: %[[NEW:.*]] = arith.addf %[[ACC]], %[[V]]
// CHECK: scf.yield %[[NEW]]
// CHECK-NEXT: } {loop_annotation = #{{.*}}}
// CHECK: return %[[SUM]]
// OFF-LABEL: func.func @small
// OFF: scf.parallel
// KIB-LABEL: func.func @small
// KIB: scf.parallel
func.func @small(%in: memref<128xf32>, %out: memref<128xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  %sum = scf.parallel (%i) = (%c0) to (%c128) step (%c1) init (%zero) -> f32 {
    %v = memref.load %in[%i] : memref<128xf32>
    memref.store %v, %out[%i] : memref<128xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  return %sum : f32
}

// -----

// 64 KiB twice: the threads fork.
// CHECK-LABEL: func.func @large
// CHECK: scf.parallel
func.func @large(%in: memref<128x128xf32>, %out: memref<128x128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c128, %c128) step (%c1, %c1) {
    %v = memref.load %in[%i, %j] : memref<128x128xf32>
    memref.store %v, %out[%i, %j] : memref<128x128xf32>
    scf.reduce
  }
  return
}

// -----

// The size of a dynamic buffer is not known: the threads fork.
// CHECK-LABEL: func.func @dynamic
// CHECK: scf.parallel
func.func @dynamic(%in: memref<?xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %v = memref.load %in[%i] : memref<?xf32>
    memref.store %v, %out[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// A buffer allocated inside the loop counts too: 8 KiB of scratch.
// CHECK-LABEL: func.func @scratch
// CHECK-NOT: scf.parallel
// CHECK: scf.for
// KIB-LABEL: func.func @scratch
// KIB: scf.parallel
func.func @scratch(%out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %one = arith.constant 1.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %tmp = memref.alloca() : memref<2048xf32>
    memref.store %one, %tmp[%i] : memref<2048xf32>
    %v = memref.load %tmp[%i] : memref<2048xf32>
    memref.store %v, %out[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// -----

// Views made inside the loop count through their bases alone: 48 KiB.
// CHECK-LABEL: func.func @views
// CHECK-NOT: scf.parallel
// CHECK: scf.for
func.func @views(%in: memref<64x96xf32>, %out: memref<64x96xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
    %row = memref.subview %in[%i, 0] [1, 96] [1, 1] : memref<64x96xf32> to memref<96xf32, strided<[1], offset: ?>>
    %dst = memref.subview %out[%i, 0] [1, 96] [1, 1] : memref<64x96xf32> to memref<96xf32, strided<[1], offset: ?>>
    memref.copy %row, %dst : memref<96xf32, strided<[1], offset: ?>> to memref<96xf32, strided<[1], offset: ?>>
    scf.reduce
  }
  return
}

// -----

// The footprint is weighed by the math operations and divisions per
// element: the copy of 48 KiB into 48 KiB (96 KiB) runs on one thread; the
// same bytes through an exponential and a division (three times the work,
// 288 KiB) fork.
// CHECK-LABEL: func.func @weighed
// CHECK: scf.for
// CHECK: scf.parallel
// CHECK: math.exp
// CHECK: arith.divf
func.func @weighed(%in: memref<12288xf32>, %out: memref<12288xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.constant 12288 : index
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<12288xf32>
    memref.store %v, %out[%i] : memref<12288xf32>
    scf.reduce
  }
  scf.parallel (%i) = (%c0) to (%n) step (%c1) {
    %v = memref.load %in[%i] : memref<12288xf32>
    %e = math.exp %v : f32
    %d = arith.divf %e, %v : f32
    memref.store %d, %out[%i] : memref<12288xf32>
    scf.reduce
  }
  return
}
