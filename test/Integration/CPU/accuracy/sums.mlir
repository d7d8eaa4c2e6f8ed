// f32 sums, means and variances over leading, middle and last axes (and
// NCHW's N, H and W), a full sum of 10^7 elements and a product over a long
// K, against the program computed in float64, fused and unfused. Their
// terms are positive, so a sum's relative error measures its order: a sequential f32 sum of n terms is about u * sqrt(n) / 3 off
// (u = 2^-24; 1.8e-6 for the 8192 rows of a column sum, 1e-5 for 10^6),
// fuse's leaves of at most 64 steps combined pairwise a few u
// (docs/HLO.md, reduce). rtol 1e-6 is about 17 u: every sum here passes
// with the leaves and fails when summed in order. When this was written,
// the fused column sums were 2e-6 to 4e-6 off (one sequential accumulator
// per column) and failed, and the product over K = 32768 up to 1.4e-5.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check=f64 --rtol=1e-6 --atol=0 | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check=f64 --rtol=1e-6 --atol=0 | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check=f64 --rtol=1e-6 --atol=0 --pipeline-options=parallel=0 | FileCheck %s
// The GPU's tiling, run on the CPU: each thread folds leaves of at most 64
// elements and combines them pairwise (fuse-gpu-tile-kernels). The
// emulation adds a block's threads in order where the GPU uses a tree, so
// its errors bound the GPU's. Before the leaves, the fused column sums were
// 3e-6 to 4e-6 off and the variance 1.1e-5 (a thread per column, in order).
// RUN: fuse-run %s --all-entries --random-inputs=1 --check=f64 --rtol=1e-6 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check=f64 --rtol=1e-6 --atol=0 --pipeline-options=emulate-gpu-tiling=true | FileCheck %s
// Shorter leaves are as accurate, unfused and fused, and in the GPU tiling.
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=3 --check=f64 --rtol=1e-6 --atol=0 --pipeline-options="emulate-gpu-tiling=true reduction-leaf-steps=16" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=3 --check=f64 --rtol=1e-6 --atol=0 --pipeline-options=reduction-leaf-steps=16 | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=3 --check=f64 --rtol=1e-6 --atol=0 --pipeline-options=reduction-leaf-steps=16 | FileCheck %s

// BatchNorm's reduction over N, H and W: sum(a * b + c) with positive terms.
// CHECK: @leading_axes result 0: ok (32 elements
func.func @leading_axes(%a: tensor<32x16x16x32xf32>, %b: tensor<32x16x16x32xf32>, %c: tensor<32x16x16x32xf32>) -> tensor<32xf32> {
  %ab = hlo.multiply %a, %b : tensor<32x16x16x32xf32>
  %ab2 = hlo.multiply %ab, %ab : tensor<32x16x16x32xf32>
  %c2 = hlo.multiply %c, %c : tensor<32x16x16x32xf32>
  %t = hlo.add %ab2, %c2 : tensor<32x16x16x32xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%t init %zero) dims = [0, 1, 2] : (tensor<32x16x16x32xf32>, tensor<f32>) -> tensor<32xf32>
  return %s : tensor<32xf32>
}

// A column sum of 8192 rows.
// CHECK: @columns result 0: ok (64 elements
func.func @columns(%x: tensor<8192x64xf32>) -> tensor<64xf32> {
  %sq = hlo.multiply %x, %x : tensor<8192x64xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<8192x64xf32>, tensor<f32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// The middle axis, 1000 long: leaves of 50 rows (no power of two divides
// it by more than 8).
// CHECK: @middle result 0: ok (128 elements
func.func @middle(%x: tensor<8x1000x16xf32>) -> tensor<8x16xf32> {
  %sq = hlo.multiply %x, %x : tensor<8x1000x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<8x1000x16xf32>, tensor<f32>) -> tensor<8x16xf32>
  return %s : tensor<8x16xf32>
}

// The last axis, 10^6 long (rows of a fused loop nest when fused).
// CHECK: @rows result 0: ok (4 elements
func.func @rows(%x: tensor<4x1000000xf32>) -> tensor<4xf32> {
  %sq = hlo.multiply %x, %x : tensor<4x1000000xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<4x1000000xf32>, tensor<f32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// Everything, 10^7 elements.
// CHECK: @full result 0: ok (1 element,
func.func @full(%x: tensor<10000000xf32>) -> tensor<f32> {
  %sq = hlo.multiply %x, %x : tensor<10000000xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<10000000xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}

// BatchNorm's statistics in training: the mean of y = x + 3 (in [0, 6))
// over N, H and W, and its variance, mean((y - mean)^2).
// CHECK: @mean_variance result 0: ok (16 elements
// CHECK-NEXT: @mean_variance result 1: ok (16 elements
func.func @mean_variance(%x: tensor<64x32x32x16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %three = hlo.constant dense<3.0> : tensor<64x32x32x16xf32>
  %y = hlo.add %x, %three : tensor<64x32x32x16xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<65536.0> : tensor<16xf32>
  %s = hlo.reduce add(%y init %zero) dims = [0, 1, 2] : (tensor<64x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
  %mean = hlo.divide %s, %n : tensor<16xf32>
  %m = hlo.broadcast_in_dim %mean, dims = [3] : (tensor<16xf32>) -> tensor<64x32x32x16xf32>
  %d = hlo.subtract %y, %m : tensor<64x32x32x16xf32>
  %d2 = hlo.multiply %d, %d : tensor<64x32x32x16xf32>
  %v = hlo.reduce add(%d2 init %zero) dims = [0, 1, 2] : (tensor<64x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
  %var = hlo.divide %v, %n : tensor<16xf32>
  return %mean, %var : tensor<16xf32>, tensor<16xf32>
}

// NCHW: channel sums over N, H and W, which are not adjacent.
// CHECK: @nchw result 0: ok (16 elements
func.func @nchw(%x: tensor<32x16x32x32xf32>) -> tensor<16xf32> {
  %sq = hlo.multiply %x, %x : tensor<32x16x32x32xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%sq init %zero) dims = [0, 2, 3] : (tensor<32x16x32x32xf32>, tensor<f32>) -> tensor<16xf32>
  return %s : tensor<16xf32>
}

// A weight gradient's product: K = 32768 (batch x height x width) summed in
// depth blocks, each from zero, then added to the tile.
// CHECK: @long_product result 0: ok (256 elements
func.func @long_product(%a: tensor<32768x16xf32>, %b: tensor<32768x16xf32>) -> tensor<16x16xf32> {
  %a2 = hlo.multiply %a, %a : tensor<32768x16xf32>
  %b2 = hlo.multiply %b, %b : tensor<32768x16xf32>
  %p = hlo.dot_general %a2, %b2, contracting_dims = [0] x [0] : (tensor<32768x16xf32>, tensor<32768x16xf32>) -> tensor<16x16xf32>
  return %p : tensor<16x16xf32>
}
