// RUN: fuse-opt %s --fuse-gpu-launch-kernels --cse -split-input-file | FileCheck %s

// A block loop with two thread loops (a block reduction, then a loop that
// uses its result) and a store at block level.
// CHECK-LABEL: func.func @block_with_two_thread_loops
// CHECK: gpu.launch blocks(%[[B:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c8, %{{.*}} = %c1, %{{.*}} = %c1) threads(%[[T:.*]], %{{.*}}, %{{.*}}) in (%{{.*}} = %c256,
// CHECK: gpu.barrier
// CHECK: %[[PARTIAL:.*]] = scf.for %{{.*}} = %[[T]] to %c1000 step %c256
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce %[[PARTIAL]] uniform {
// CHECK: arith.addf
// CHECK: gpu.yield
// CHECK: %[[WITH_INIT:.*]] = arith.addf %{{.*}}, %[[TOTAL]]
// CHECK: gpu.barrier
// CHECK: gpu.barrier
// CHECK: scf.for %{{.*}} = %[[T]] to %c1000 step %c256
// CHECK: arith.divf %{{.*}}, %[[WITH_INIT]]
// CHECK: gpu.barrier
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[T]], %c0
// CHECK: scf.if %[[FIRST]] {
// CHECK-NEXT: memref.store %[[WITH_INIT]], %{{.*}}[%[[B]]]
// CHECK: gpu.terminator
// CHECK-NOT: scf.parallel
func.func @block_with_two_thread_loops(%a: memref<8x1000xf32>, %out: memref<8x1000xf32>, %sums: memref<8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %c1000 = arith.constant 1000 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%b) = (%c0) to (%c8) step (%c1) {
    %sum = scf.parallel (%t) = (%c0) to (%c256) step (%c1) init (%zero) -> f32 {
      %part = scf.for %j = %t to %c1000 step %c256 iter_args(%acc = %zero) -> f32 {
        %v = memref.load %a[%b, %j] : memref<8x1000xf32>
        %n = arith.addf %acc, %v : f32
        scf.yield %n : f32
      }
      scf.reduce(%part : f32) {
      ^bb0(%l: f32, %r: f32):
        %x = arith.addf %l, %r : f32
        scf.reduce.return %x : f32
      }
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    scf.parallel (%t) = (%c0) to (%c256) step (%c1) {
      scf.for %j = %t to %c1000 step %c256 {
        %v = memref.load %a[%b, %j] : memref<8x1000xf32>
        %n = arith.divf %v, %sum : f32
        memref.store %n, %out[%b, %j] : memref<8x1000xf32>
      }
      scf.reduce
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    memref.store %sum, %sums[%b] : memref<8xf32>
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}

// -----

// Warp shuffles move 32 or 64 bits: an f16 or i8 partial result travels as
// f32 or i32 and is combined in its own type.
// CHECK-LABEL: func.func @narrow_partials
// CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : f16 to f32
// CHECK: %[[TOTAL:.*]] = gpu.all_reduce %[[WIDE]] uniform {
// CHECK: ^bb0(%[[L:.*]]: f32, %[[R:.*]]: f32):
// CHECK:   %[[LN:.*]] = arith.truncf %[[L]] : f32 to f16
// CHECK:   %[[RN:.*]] = arith.truncf %[[R]] : f32 to f16
// CHECK:   %[[SUM:.*]] = arith.addf %[[LN]], %[[RN]] : f16
// CHECK:   %[[BACK:.*]] = arith.extf %[[SUM]] : f16 to f32
// CHECK:   gpu.yield %[[BACK]] : f32
// CHECK: arith.truncf %[[TOTAL]] : f32 to f16
// CHECK: %[[IWIDE:.*]] = arith.extui %{{.*}} : i8 to i32
// CHECK: gpu.all_reduce %[[IWIDE]] uniform {
// CHECK:   arith.trunci %{{.*}} : i32 to i8
// CHECK:   arith.maxsi %{{.*}}, %{{.*}} : i8
func.func @narrow_partials(%a: memref<8x256xf16>, %b: memref<8x256xi8>, %sums: memref<8xf16>, %maxes: memref<8xi8>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f16
  %low = arith.constant -128 : i8
  scf.parallel (%blk) = (%c0) to (%c8) step (%c1) {
    %sum, %max = scf.parallel (%t) = (%c0) to (%c256) step (%c1) init (%zero, %low) -> (f16, i8) {
      %v = memref.load %a[%blk, %t] : memref<8x256xf16>
      %w = memref.load %b[%blk, %t] : memref<8x256xi8>
      scf.reduce(%v, %w : f16, i8) {
      ^bb0(%l: f16, %r: f16):
        %x = arith.addf %l, %r : f16
        scf.reduce.return %x : f16
      }, {
      ^bb0(%l: i8, %r: i8):
        %x = arith.maxsi %l, %r : i8
        scf.reduce.return %x : i8
      }
    } {mapping = [#gpu.loop_dim_map<processor = thread_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
    memref.store %sum, %sums[%blk] : memref<8xf16>
    memref.store %max, %maxes[%blk] : memref<8xi8>
    scf.reduce
  } {mapping = [#gpu.loop_dim_map<processor = block_x, map = (d0) -> (d0), bound = (d0) -> (d0)>]}
  return
}
