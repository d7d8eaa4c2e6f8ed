// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --pipeline-options=min-parallel-bytes=0 --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="parallel=0 reduction-lanes=8 reduction-blocks=4" | FileCheck %s

// The running example, mean(x * x * 3 + y), as one input fusion: one loop
// nest, whose only heap buffer is the result. At 1024x1024 (64 blocks of 32
// lanes), and at sizes with fewer power-of-two factors: 1000x998 (8 lanes,
// 4 blocks), 100x77 (4 lanes, no blocks) and 33x31 (no split).

// CHECK: @mean_1024x1024 result 0: ok
func.func @mean_1024x1024(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<f32> {
  %0 = hlo.fusion input(%x, %y) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<1048576.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<1024x1024xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<1024x1024xf32>
    %sum = hlo.add %xx3, %b : tensor<1024x1024xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1] : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %0 : tensor<f32>
}

// CHECK: @mean_1000x998 result 0: ok
func.func @mean_1000x998(%x: tensor<1000x998xf32>, %y: tensor<1000x998xf32>) -> tensor<f32> {
  %0 = hlo.fusion input(%x, %y) : (tensor<1000x998xf32>, tensor<1000x998xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<1000x998xf32>, %b: tensor<1000x998xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<998000.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<1000x998xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1000x998xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<1000x998xf32>
    %sum = hlo.add %xx3, %b : tensor<1000x998xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1] : (tensor<1000x998xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %0 : tensor<f32>
}

// CHECK: @mean_100x77 result 0: ok
func.func @mean_100x77(%x: tensor<100x77xf32>, %y: tensor<100x77xf32>) -> tensor<f32> {
  %0 = hlo.fusion input(%x, %y) : (tensor<100x77xf32>, tensor<100x77xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<100x77xf32>, %b: tensor<100x77xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<7700.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<100x77xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<100x77xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<100x77xf32>
    %sum = hlo.add %xx3, %b : tensor<100x77xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1] : (tensor<100x77xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %0 : tensor<f32>
}

// CHECK: @mean_33x31 result 0: ok
func.func @mean_33x31(%x: tensor<33x31xf32>, %y: tensor<33x31xf32>) -> tensor<f32> {
  %0 = hlo.fusion input(%x, %y) : (tensor<33x31xf32>, tensor<33x31xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<33x31xf32>, %b: tensor<33x31xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<1023.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<33x31xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<33x31xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<33x31xf32>
    %sum = hlo.add %xx3, %b : tensor<33x31xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1] : (tensor<33x31xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %0 : tensor<f32>
}
