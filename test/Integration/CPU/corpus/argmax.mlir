// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// The predicted class of a quantized linear classifier: inputs and weights
// are rounded to multiples of 1/4 (x4 they are integers in [-12, 12]),
// so the 128x500 logits x W (64 features) are exact in f32 whatever the
// summation order, and the arg-max over the classes (a two-input reduce of
// the logits and an iota, ties to the smaller index) cannot flip on a
// rounding difference. Results: the class and the best logit per row, and
// the number of rows whose class is below 250 (a reduce of a compare).

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
// CHECK: @main result 2: ok
func.func @main(%x: tensor<128x64xf32>, %w: tensor<64x500xf32>) -> (tensor<128xi32>, tensor<128xf32>, tensor<i32>) {
  %four = hlo.constant dense<4.0> : tensor<f32>
  %quarter = hlo.constant dense<0.25> : tensor<f32>
  %x4b = hlo.broadcast_in_dim %four, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
  %xqb = hlo.broadcast_in_dim %quarter, dims = [] : (tensor<f32>) -> tensor<128x64xf32>
  %x4 = hlo.multiply %x, %x4b : tensor<128x64xf32>
  %xr = hlo.round_nearest_even %x4 : tensor<128x64xf32>
  %xq = hlo.multiply %xr, %xqb : tensor<128x64xf32>
  %w4b = hlo.broadcast_in_dim %four, dims = [] : (tensor<f32>) -> tensor<64x500xf32>
  %wqb = hlo.broadcast_in_dim %quarter, dims = [] : (tensor<f32>) -> tensor<64x500xf32>
  %w4 = hlo.multiply %w, %w4b : tensor<64x500xf32>
  %wr = hlo.round_nearest_even %w4 : tensor<64x500xf32>
  %wq = hlo.multiply %wr, %wqb : tensor<64x500xf32>
  %logits = hlo.dot_general %xq, %wq, contracting_dims = [1] x [0]
      : (tensor<128x64xf32>, tensor<64x500xf32>) -> tensor<128x500xf32>

  %idx = hlo.iota dim = 1 : tensor<128x500xi32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %big = hlo.constant dense<2147483647> : tensor<i32>
  %am:2 = hlo.reduce(%logits init %ninf), (%idx init %big) dims = [1]
      : (tensor<128x500xf32>, tensor<128x500xi32>, tensor<f32>, tensor<i32>) -> (tensor<128xf32>, tensor<128xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %better = hlo.compare GT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }

  %half = hlo.constant dense<250> : tensor<128xi32>
  %low = hlo.compare LT, %am#1, %half : tensor<128xi32>
  %ones = hlo.convert %low : (tensor<128xi1>) -> tensor<128xi32>
  %c0 = hlo.constant dense<0> : tensor<i32>
  %count = hlo.reduce add(%ones init %c0) dims = [0] : (tensor<128xi32>, tensor<i32>) -> tensor<i32>
  return %am#1, %am#0, %count : tensor<128xi32>, tensor<128xf32>, tensor<i32>
}
