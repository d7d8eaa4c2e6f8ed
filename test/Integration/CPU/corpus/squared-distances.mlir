// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --algebraic-simplify | FileCheck %s --check-prefix=IR
// RUN: fuse-opt %s --algebraic-simplify --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: rm -rf %t && fuse-run %s --interpret --random-inputs=1 --outputs=%t/original
// RUN: fuse-opt %s --algebraic-simplify | fuse-run - --random-inputs=1 --outputs=%t/simplified
// RUN: %python %S/../Inputs/compare-results.py %t/original %t/simplified --rtol=1e-4 --atol=1e-3 | FileCheck %s --check-prefix=ORIG

// The matrix of squared Euclidean distances between the rows of A (128x16)
// and the rows of B (128x16), computed twice:
//   naive:     D[i, j] = sum_k (A[i, k] - B[j, k])^2, through a 128x128x16
//              broadcast of both operands, a subtraction, a square and a
//              reduction over k;
//   quadratic: D[i, j] = |A[i]|^2 + |B[j]|^2 - 2 A[i] . B[j], with a
//              dot_general contracting k on both sides.
// The distances are about 96 on average and never close to 0 for random
// rows, so both forms agree with the reference to rtol 1e-4.
// --algebraic-simplify turns the naive form into the quadratic one (IR
// lines: no 128x128x16 tensor is left). The ORIG lines compare it, compiled,
// with the interpreter of the original program: the quadratic form cancels
// where a distance is small next to the norms (about 48 each), so its
// absolute error is a few f32 ulps of 96 (about 1e-5), inside atol 1e-3.
// IR-NOT: tensor<128x128x16xf32>
// ORIG: result0: ok
// ORIG: result1: ok

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
func.func @main(%a: tensor<128x16xf32>, %b: tensor<128x16xf32>) -> (tensor<128x128xf32>, tensor<128x128xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>

  // Naive form.
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<128x16xf32>) -> tensor<128x128x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<128x16xf32>) -> tensor<128x128x16xf32>
  %diff = hlo.subtract %ab, %bb : tensor<128x128x16xf32>
  %sq = hlo.multiply %diff, %diff : tensor<128x128x16xf32>
  %naive = hlo.reduce add(%sq init %zero) dims = [2]
      : (tensor<128x128x16xf32>, tensor<f32>) -> tensor<128x128xf32>

  // Quadratic form.
  %a2 = hlo.multiply %a, %a : tensor<128x16xf32>
  %b2 = hlo.multiply %b, %b : tensor<128x16xf32>
  %na = hlo.reduce add(%a2 init %zero) dims = [1] : (tensor<128x16xf32>, tensor<f32>) -> tensor<128xf32>
  %nb = hlo.reduce add(%b2 init %zero) dims = [1] : (tensor<128x16xf32>, tensor<f32>) -> tensor<128xf32>
  %dot = hlo.dot_general %a, %b, contracting_dims = [1] x [1]
      : (tensor<128x16xf32>, tensor<128x16xf32>) -> tensor<128x128xf32>
  %two = hlo.constant dense<2.0> : tensor<128x128xf32>
  %dot2 = hlo.multiply %dot, %two : tensor<128x128xf32>
  %nab = hlo.broadcast_in_dim %na, dims = [0] : (tensor<128xf32>) -> tensor<128x128xf32>
  %nbb = hlo.broadcast_in_dim %nb, dims = [1] : (tensor<128xf32>) -> tensor<128x128xf32>
  %s = hlo.add %nab, %nbb : tensor<128x128xf32>
  %quadratic = hlo.subtract %s, %dot2 : tensor<128x128xf32>
  return %naive, %quadratic : tensor<128x128xf32>, tensor<128x128xf32>
}
