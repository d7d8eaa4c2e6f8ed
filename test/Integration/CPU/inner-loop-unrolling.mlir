// Two programs whose compile once never ended (found by split_fuzz.py, kept
// until now in utils/fuzz/known-bugs/): fused, a short reduction inside a
// row loop was fully unrolled by LLVM into a chain of compares and selects
// (or minimum), and LLVM 22's loop vectorizer then took exponential time on
// the loop around it. fuse-cpu-keep-inner-loops keeps such inner loops rolled.
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// A reduce through compare and select (no single op), fused with a
// broadcast that varies along the reduced dimension of 32.
// CHECK: @select_max result 0: ok
func.func @select_max(%a: tensor<32xf32>) -> tensor<4xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<32xf32>) -> tensor<4x32xf32>
  %m = hlo.reduce(%b init %ninf) dims = [1] : (tensor<4x32xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %p = hlo.compare GT, %e, %acc : tensor<f32>
    %s = hlo.select %p, %e, %acc : tensor<i1>, tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %m : tensor<4xf32>
}

// A reduce minimum over dimension 0 of a fused 10 x 10 x 1 sum of two
// broadcasts.
// CHECK: @broadcast_min result 0: ok
func.func @broadcast_min(%c: tensor<10xf64>, %x: tensor<10x1xf64>) -> tensor<10x1xf64> {
  %a = hlo.broadcast_in_dim %c, dims = [0] : (tensor<10xf64>) -> tensor<10x10x1xf64>
  %b = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<10x1xf64>) -> tensor<10x10x1xf64>
  %m = hlo.add %a, %b : tensor<10x10x1xf64>
  %init = hlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %r = hlo.reduce minimum(%m init %init) dims = [0] : (tensor<10x10x1xf64>, tensor<f64>) -> tensor<10x1xf64>
  return %r : tensor<10x1xf64>
}
