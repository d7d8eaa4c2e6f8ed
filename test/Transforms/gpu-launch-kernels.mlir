// RUN: fuse-opt %s --fuse-gpu-launch-kernels --cse | FileCheck %s

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
