// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// The running example of XLA's fusion work, mean(x * x * 3 + y), over two
// 1024x1024 f32 matrices: an elementwise chain with a broadcast scalar, a
// full reduction (add) and a division by the element count.

// CHECK: @main result 0: ok
func.func @main(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<1048576.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<1024x1024xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<1024x1024xf32>
  %sum = hlo.add %xx3, %y : tensor<1024x1024xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}
