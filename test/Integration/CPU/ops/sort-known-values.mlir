// Sorts of repeated values, signed zeros and NaNs, compiled (radix and merge
// sorts; bitonic networks on the emulated GPU tiling) and interpreted,
// against the orders JAX defines.
// RUN: rm -rf %t && mkdir -p %t
// RUN: fuse-run %S/Inputs/sort-keys.mlir --interpret --outputs=%t
// RUN: fuse-run %s --inputs=%t/result0.npy | FileCheck %s
// RUN: fuse-run %s --inputs=%t/result0.npy --interpret | FileCheck %s
// RUN: fuse-run %s --inputs=%t/result0.npy --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s

// x = [3, nan, -0, 0, -nan, 1, 3, -inf, 0, nan, -0, inf]
// jnp.argsort: zeros equal and NaNs last, each group in input order.
// CHECK:      @main result 0: tensor<12xf32>
// CHECK-NEXT: [-inf, -0, 0, 0, -0, 1, 3, 3, inf, nan, nan, nan]
// CHECK-NEXT: @main result 1: tensor<12xi32>
// CHECK-NEXT: [7, 2, 3, 8, 10, 5, 0, 6, 11, 1, 4, 9]
// The same comparator hidden from the radix sort: the merge sort agrees.
// CHECK-NEXT: @main result 2: tensor<12xi32>
// CHECK-NEXT: [7, 2, 3, 8, 10, 5, 0, 6, 11, 1, 4, 9]
// TOTALORDER alone: -nan first, -0 before 0.
// CHECK-NEXT: @main result 3: tensor<12xi32>
// CHECK-NEXT: [4, 7, 2, 10, 3, 8, 5, 0, 6, 11, 1, 9]
// lax.top_k: NaN largest, ties to the lower index.
// CHECK-NEXT: @main result 4: tensor<5xf32>
// CHECK-NEXT: [nan, nan, inf, 3, 3]
// CHECK-NEXT: @main result 5: tensor<5xi32>
// CHECK-NEXT: [1, 9, 11, 0, 6]
func.func @main(%x: tensor<12xf32>) -> (tensor<12xf32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<5xf32>, tensor<5xi32>) {
  %iota = hlo.iota dim = 0 : tensor<12xi32>
  %s:2 = hlo.sort(%x, %iota) dimension = 0, stable : tensor<12xf32>, tensor<12xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %a_nan = hlo.compare NE, %a, %a : tensor<f32>
    %a_zero = hlo.compare EQ, %a, %zero : tensor<f32>
    %a0 = hlo.select %a_zero, %zero, %a : tensor<i1>, tensor<f32>
    %a1 = hlo.select %a_nan, %nan, %a0 : tensor<i1>, tensor<f32>
    %b_nan = hlo.compare NE, %b, %b : tensor<f32>
    %b_zero = hlo.compare EQ, %b, %zero : tensor<f32>
    %b0 = hlo.select %b_zero, %zero, %b : tensor<i1>, tensor<f32>
    %b1 = hlo.select %b_nan, %nan, %b0 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a1, %b1, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  %m:2 = hlo.sort(%x, %iota) dimension = 0, stable : tensor<12xf32>, tensor<12xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %a_nan = hlo.compare NE, %a, %a : tensor<f32>
    %a_zero = hlo.compare EQ, %a, %zero : tensor<f32>
    %a0 = hlo.select %a_zero, %zero, %a : tensor<i1>, tensor<f32>
    %a1 = hlo.select %a_nan, %nan, %a0 : tensor<i1>, tensor<f32>
    %b_nan = hlo.compare NE, %b, %b : tensor<f32>
    %b_zero = hlo.compare EQ, %b, %zero : tensor<f32>
    %b0 = hlo.select %b_zero, %zero, %b : tensor<i1>, tensor<f32>
    %b1 = hlo.select %b_nan, %nan, %b0 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a1, %b1, TOTALORDER : tensor<f32>
    %ne = hlo.compare NE, %i, %j : tensor<i32>
    %both = hlo.and %lt, %ne : tensor<i1>
    hlo.return %both : tensor<i1>
  }
  %t:2 = hlo.sort(%x, %iota) dimension = 0, stable : tensor<12xf32>, tensor<12xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  %v, %k = hlo.topk %x, k = 5 : tensor<12xf32>
  return %s#0, %s#1, %m#1, %t#1, %v, %k : tensor<12xf32>, tensor<12xi32>, tensor<12xi32>, tensor<12xi32>, tensor<5xf32>, tensor<5xi32>
}
