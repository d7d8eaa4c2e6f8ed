// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// Layer normalization of 128 rows of 768 features:
//   y = (x - mean(x)) / sqrt(var(x) + 1e-5) * scale + bias
// with the mean and the (biased) variance over the last axis and the
// per-feature scale and bias broadcast over the rows.

// CHECK: @main result 0: ok
func.func @main(%x: tensor<128x768xf32>, %scale: tensor<768xf32>, %bias: tensor<768xf32>) -> tensor<128x768xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<768.0> : tensor<128xf32>
  %eps = hlo.constant dense<1.0e-05> : tensor<128xf32>
  %sum = hlo.reduce add(%x init %zero) dims = [1]
      : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
  %mean = hlo.divide %sum, %n : tensor<128xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<128xf32>) -> tensor<128x768xf32>
  %centered = hlo.subtract %x, %meanb : tensor<128x768xf32>
  %sq = hlo.multiply %centered, %centered : tensor<128x768xf32>
  %sqsum = hlo.reduce add(%sq init %zero) dims = [1]
      : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
  %var = hlo.divide %sqsum, %n : tensor<128xf32>
  %vareps = hlo.add %var, %eps : tensor<128xf32>
  %inv = hlo.rsqrt %vareps : tensor<128xf32>
  %invb = hlo.broadcast_in_dim %inv, dims = [0] : (tensor<128xf32>) -> tensor<128x768xf32>
  %normed = hlo.multiply %centered, %invb : tensor<128x768xf32>
  %scaleb = hlo.broadcast_in_dim %scale, dims = [1] : (tensor<768xf32>) -> tensor<128x768xf32>
  %biasb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<768xf32>) -> tensor<128x768xf32>
  %scaled = hlo.multiply %normed, %scaleb : tensor<128x768xf32>
  %y = hlo.add %scaled, %biasb : tensor<128x768xf32>
  return %y : tensor<128x768xf32>
}
