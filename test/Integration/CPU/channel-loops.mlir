// Kernels over NHWC activations with few channels: the channels are the
// inner loop inside a loop over positions. fuse-cpu-keep-inner-loops keeps
// a loop of 16 channels rolled, so that LLVM vectorizes it, rather than
// unrolling it and vectorizing the positions with gathers (35 us against
// 5 us for the bias below on AVX-512); 3 channels still unroll.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-cpu --mlir-print-local-scope | FileCheck %s --check-prefix=LOWERED

// A bias over 16 channels, then a ReLU.
// CHECK: @bias_relu result 0: ok
// LOWERED-LABEL: llvm.func @bias_relu_fusion0_kernel0
// LOWERED: llvm.br {{.*}} {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>
// LOWERED: llvm.return
func.func @bias_relu(%x: tensor<8x32x32x16xf32>, %b: tensor<16xf32>) -> tensor<8x32x32x16xf32> {
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<16xf32>) -> tensor<8x32x32x16xf32>
  %y = hlo.add %x, %bb : tensor<8x32x32x16xf32>
  %z = hlo.constant dense<0.0> : tensor<8x32x32x16xf32>
  %r = hlo.maximum %y, %z : tensor<8x32x32x16xf32>
  return %r : tensor<8x32x32x16xf32>
}

// BatchNorm's statistics: the sums of x and x * x over the positions.
// CHECK: @channel_statistics result 0: ok
// CHECK: @channel_statistics result 1: ok
func.func @channel_statistics(%x: tensor<8x32x32x16xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [0, 1, 2] : (tensor<8x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
  %sq = hlo.multiply %x, %x : tensor<8x32x32x16xf32>
  %s2 = hlo.reduce add(%sq init %zero) dims = [0, 1, 2] : (tensor<8x32x32x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %s, %s2 : tensor<16xf32>, tensor<16xf32>
}

// Three channels (an RGB image) unroll: the positions are 3 elements apart.
// CHECK: @bias_rgb result 0: ok
// LOWERED-LABEL: llvm.func @bias_rgb_fusion0_kernel0
// LOWERED-NOT: disable = true
// LOWERED: llvm.return
func.func @bias_rgb(%x: tensor<8x32x32x3xf32>, %b: tensor<3xf32>) -> tensor<8x32x32x3xf32> {
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<3xf32>) -> tensor<8x32x32x3xf32>
  %y = hlo.add %x, %bb : tensor<8x32x32x3xf32>
  return %y : tensor<8x32x32x3xf32>
}
