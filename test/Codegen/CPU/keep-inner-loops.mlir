// RUN: fuse-opt %s --fuse-cpu-keep-inner-loops | FileCheck %s
// RUN: fuse-opt %s --fuse-cpu-keep-inner-loops=max-trip-count=16 | FileCheck %s --check-prefix=SHORT
// RUN: fuse-opt %s --fuse-cpu-keep-inner-loops=min-trip-count=32 | FileCheck %s --check-prefix=LONG

// CHECK: #[[$GROUP:.*]] = #llvm.access_group<id = distinct[0]<>>
// CHECK: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK: #[[$KEEP:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK: #[[$KEEP_PARALLEL:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]], parallelAccesses = #[[$GROUP]]>

// An inner loop of 32 iterations in a parallel loop is kept rolled; the
// outer loop and a loop that is not nested are left alone.
// CHECK-LABEL: func.func @nested
// CHECK: scf.parallel
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$KEEP]]}
// CHECK: scf.reduce
// SHORT-LABEL: func.func @nested
// SHORT-NOT: loop_annotation
func.func @nested(%m: memref<4x32xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %ninf = arith.constant 0xFF800000 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %r = scf.for %j = %c0 to %c32 step %c1 iter_args(%acc = %ninf) -> f32 {
      %v = memref.load %m[%i, %j] : memref<4x32xf32>
      %gt = arith.cmpf ogt, %v, %acc : f32
      %s = arith.select %gt, %v, %acc : f32
      scf.yield %s : f32
    }
    memref.store %r, %out[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// A sum over a row shorter than `min-trip-count` unrolls: LLVM may
// vectorize the loop around it, its rows a few elements apart.
// CHECK-LABEL: func.func @nested_short_sum
// SHORT-LABEL: func.func @nested_short_sum
// CHECK-NOT: loop_annotation
// CHECK: return
func.func @nested_short_sum(%m: memref<4x4xf32>, %out: memref<4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    %r = scf.for %j = %c0 to %c4 step %c1 iter_args(%acc = %z) -> f32 {
      %v = memref.load %m[%i, %j] : memref<4x4xf32>
      %s = arith.addf %acc, %v : f32
      scf.yield %s : f32
    }
    memref.store %r, %out[%i] : memref<4xf32>
    scf.reduce
  }
  return
}

// A bias added over 16 channels in a loop over positions: kept rolled, so
// that LLVM vectorizes the channels rather than the positions (with
// gathers). Below `min-trip-count` (LONG) it unrolls.
// CHECK-LABEL: func.func @nested_elementwise
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$KEEP]]}
// LONG-LABEL: func.func @nested_elementwise
// LONG-NOT: loop_annotation
// LONG: return
func.func @nested_elementwise(%x: memref<256x16xf32>, %b: memref<16xf32>,
                              %out: memref<256x16xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c256 = arith.constant 256 : index
  scf.parallel (%i) = (%c0) to (%c256) step (%c1) {
    scf.for %j = %c0 to %c16 step %c1 {
      %v = memref.load %x[%i, %j] : memref<256x16xf32>
      %w = memref.load %b[%j] : memref<16xf32>
      %s = arith.addf %v, %w : f32
      memref.store %s, %out[%i, %j] : memref<256x16xf32>
    }
    scf.reduce
  }
  return
}

// Not nested in a loop, or of unknown or large trip count: left as it is.
// CHECK-LABEL: func.func @left
// CHECK-NOT: loop_annotation
// CHECK: return
func.func @left(%m: memref<1000xf32>, %n: index) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c32 = arith.constant 32 : index
  %c1000 = arith.constant 1000 : index
  %z = arith.constant 0.0 : f32
  %a = scf.for %j = %c0 to %c32 step %c1 iter_args(%acc = %z) -> f32 {
    %v = memref.load %m[%j] : memref<1000xf32>
    %s = arith.addf %acc, %v : f32
    scf.yield %s : f32
  }
  %b = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> f32 {
    %c = scf.for %j = %c0 to %c1000 step %c1 iter_args(%in = %acc) -> f32 {
      %v = memref.load %m[%j] : memref<1000xf32>
      %s = arith.addf %in, %v : f32
      scf.yield %s : f32
    }
    %d = scf.for %j = %i to %n step %c1 iter_args(%in = %c) -> f32 {
      %v = memref.load %m[%j] : memref<1000xf32>
      %s = arith.addf %in, %v : f32
      scf.yield %s : f32
    }
    scf.yield %d : f32
  }
  return %b : f32
}

// A serialized parallel loop, annotated with its access group, keeps the
// group beside the unrolling it gets.
// CHECK-LABEL: func.func @serialized
// SHORT-LABEL: func.func @serialized
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$KEEP_PARALLEL]]}
func.func @serialized(%m: memref<4x32xf32>, %out: memref<4x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %z = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4) step (%c1) {
    scf.for %j = %c0 to %c32 step %c1 {
      %v = memref.load %m[%i, %j] : memref<4x32xf32>
      %r = arith.maximumf %v, %z : f32
      memref.store %r, %out[%i, %j] : memref<4x32xf32>
    } {loop_annotation = #llvm.loop_annotation<parallelAccesses = <id = distinct[0]<>>>}
    scf.reduce
  }
  return
}
