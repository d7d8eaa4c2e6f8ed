// The same programs under each schedule of the OpenMP loops
// (fuse-cpu-schedule-parallel-loops): the results do not depend on which thread
// runs which iterations. min-parallel-bytes=0 makes every loop parallel.
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --pipeline-options="min-parallel-bytes=0 parallel-schedule=guided" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --pipeline-options="min-parallel-bytes=0 parallel-schedule=dynamic" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --pipeline-options="min-parallel-bytes=0 parallel-schedule=static" | FileCheck %s

// CHECK: @softmax result 0: ok
func.func @softmax(%x: tensor<300x517xf32>) -> tensor<300x517xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<300x517xf32>, tensor<f32>) -> tensor<300xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<300xf32>) -> tensor<300x517xf32>
  %d = hlo.subtract %x, %mb : tensor<300x517xf32>
  %e = hlo.exponential %d : tensor<300x517xf32>
  %s = hlo.reduce add(%e init %zero) dims = [1] : (tensor<300x517xf32>, tensor<f32>) -> tensor<300xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<300xf32>) -> tensor<300x517xf32>
  %r = hlo.divide %e, %sb : tensor<300x517xf32>
  return %r : tensor<300x517xf32>
}

// CHECK: @column_sums result 0: ok
func.func @column_sums(%x: tensor<6000x70xf32>) -> tensor<70xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sq = hlo.multiply %x, %x : tensor<6000x70xf32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<6000x70xf32>, tensor<f32>) -> tensor<70xf32>
  return %s : tensor<70xf32>
}

// Squares: no cancellation to near zero, where --check's tolerance is an
// absolute one.
// CHECK: @product result 0: ok
func.func @product(%x: tensor<200x300xf32>, %y: tensor<300x100xf32>) -> tensor<200x100xf32> {
  %a = hlo.multiply %x, %x : tensor<200x300xf32>
  %b = hlo.multiply %y, %y : tensor<300x100xf32>
  %p = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<200x300xf32>, tensor<300x100xf32>) -> tensor<200x100xf32>
  return %p : tensor<200x100xf32>
}
