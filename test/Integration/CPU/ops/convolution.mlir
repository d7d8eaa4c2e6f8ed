// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s

// Convolutions compiled for the CPU (patches times weights on the tiled
// product) against the interpreter's direct sums: every layout, strides,
// negative and uneven padding, input and window dilation, feature groups
// (depthwise), batch groups, one and three spatial dimensions, integers,
// windows larger than the input (empty output) and a bias and ReLU fused
// after.

// CHECK: @layouts result 0: ok
// CHECK: @layouts result 1: ok
func.func @layouts(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x8xf32>, %xc: tensor<2x3x9x9xf32>, %wc: tensor<8x3x3x3xf32>) -> (tensor<2x5x5x8xf32>, tensor<2x8x9x9xf32>) {
  %a = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 2], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x5x5x8xf32>
  %b = hlo.convolution %xc, %wc, dims = "bf01_oi01->bf01", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x3x9x9xf32>, tensor<8x3x3x3xf32>) -> tensor<2x8x9x9xf32>
  return %a, %b : tensor<2x5x5x8xf32>, tensor<2x8x9x9xf32>
}

// CHECK: @dilations_and_padding result 0: ok
// CHECK: @dilations_and_padding result 1: ok
func.func @dilations_and_padding(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf32>, %g: tensor<1x5x4x2xf32>, %k: tensor<2x3x2x3xf32>) -> (tensor<2x3x16x6xf32>, tensor<1x10x7x3xf32>) {
  %a = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 1], padding = [1, -1] x [0, 2], lhs_dilation = [1, 2], rhs_dilation = [2, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x3x16x6xf32>
  // An input gradient of a strided convolution: the input dilated.
  %b = hlo.convolution %g, %k, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 0] x [1, 2], lhs_dilation = [2, 2], rhs_dilation = [1, 1] : (tensor<1x5x4x2xf32>, tensor<2x3x2x3xf32>) -> tensor<1x10x7x3xf32>
  return %a, %b : tensor<2x3x16x6xf32>, tensor<1x10x7x3xf32>
}

// CHECK: @groups result 0: ok
// CHECK: @groups result 1: ok
func.func @groups(%x: tensor<2x7x7x6xf32>, %depthwise: tensor<3x3x1x12xf32>, %y: tensor<2x7x7x3xf32>, %g: tensor<2x5x5x6xf32>) -> (tensor<2x7x7x12xf32>, tensor<3x3x1x6xf32>) {
  %a = hlo.convolution %x, %depthwise, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] {feature_group_count = 6 : i64} : (tensor<2x7x7x6xf32>, tensor<3x3x1x12xf32>) -> tensor<2x7x7x12xf32>
  // A depthwise weight gradient as JAX writes it: the 3 channels are the
  // batch, split into 3 groups.
  %b = hlo.convolution %y, %g, dims = "f01b_i01o->01bf", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] {batch_group_count = 3 : i64} : (tensor<2x7x7x3xf32>, tensor<2x5x5x6xf32>) -> tensor<3x3x1x6xf32>
  return %a, %b : tensor<2x7x7x12xf32>, tensor<3x3x1x6xf32>
}

// CHECK: @ranks_and_types result 0: ok
// CHECK: @ranks_and_types result 1: ok
// CHECK: @ranks_and_types result 2: ok
func.func @ranks_and_types(%s: tensor<3x2x17xf32>, %k: tensor<4x2x5xf32>, %v: tensor<1x4x4x4x2xf32>, %kv: tensor<2x2x2x2x3xf32>, %i: tensor<1x4x5xi32>, %ki: tensor<6x2x3xi32>) -> (tensor<3x4x7xf32>, tensor<1x3x3x3x3xf32>, tensor<1x6x3xi32>) {
  %a = hlo.convolution %s, %k, dims = "bf0_oi0->bf0", strides = [2], padding = [0] x [0], lhs_dilation = [1], rhs_dilation = [1] : (tensor<3x2x17xf32>, tensor<4x2x5xf32>) -> tensor<3x4x7xf32>
  %b = hlo.convolution %v, %kv, dims = "b012f_012io->b012f", strides = [1, 1, 1], padding = [0, 0, 0] x [0, 0, 0], lhs_dilation = [1, 1, 1], rhs_dilation = [1, 1, 1] : (tensor<1x4x4x4x2xf32>, tensor<2x2x2x2x3xf32>) -> tensor<1x3x3x3x3xf32>
  %c = hlo.convolution %i, %ki, dims = "bf0_oi0->bf0", strides = [1], padding = [0] x [0], lhs_dilation = [1], rhs_dilation = [1] {feature_group_count = 2 : i64} : (tensor<1x4x5xi32>, tensor<6x2x3xi32>) -> tensor<1x6x3xi32>
  return %a, %b, %c : tensor<3x4x7xf32>, tensor<1x3x3x3x3xf32>, tensor<1x6x3xi32>
}

// CHECK: @empty_and_fused result 0: ok
// CHECK: @empty_and_fused result 1: ok
func.func @empty_and_fused(%x: tensor<2x3x3x4xf32>, %w: tensor<5x5x4x2xf32>, %big: tensor<2x8x8x4xf32>, %bias: tensor<2xf32>) -> (tensor<2x0x0x2xf32>, tensor<2x4x4x2xf32>) {
  %a = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x3x3x4xf32>, tensor<5x5x4x2xf32>) -> tensor<2x0x0x2xf32>
  %c = hlo.convolution %big, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x8x8x4xf32>, tensor<5x5x4x2xf32>) -> tensor<2x4x4x2xf32>
  %b = hlo.broadcast_in_dim %bias, dims = [3] : (tensor<2xf32>) -> tensor<2x4x4x2xf32>
  %s = hlo.add %c, %b : tensor<2x4x4x2xf32>
  %z = hlo.constant dense<0.0> : tensor<2x4x4x2xf32>
  %r = hlo.maximum %s, %z : tensor<2x4x4x2xf32>
  return %a, %r : tensor<2x0x0x2xf32>, tensor<2x4x4x2xf32>
}

// Output fusions of convolutions (with --fuse-elementwise): an epilogue on
// each layout, with groups, strides and dilation, a 1x1 window (patches as
// a view; its epilogue reads it twice) and bf16 (accumulated in f32).
// CHECK: @epilogues result 0: ok
// CHECK: @epilogues result 1: ok
// CHECK: @epilogues result 2: ok
// CHECK: @epilogues result 3: ok
func.func @epilogues(%xc: tensor<2x6x9x7xf32>, %wc: tensor<4x3x3x3xf32>, %x: tensor<2x9x8x6xf32>, %w: tensor<3x2x6x8xf32>, %bias: tensor<8xf32>, %w1: tensor<1x1x6x5xf32>, %h: tensor<1x7x7x4xbf16>, %wh: tensor<3x3x4x3xbf16>) -> (tensor<2x4x9x7xf32>, tensor<2x3x3x8xf32>, tensor<2x9x8x5xf32>, tensor<1x7x7x3xbf16>) {
  %a = hlo.convolution %xc, %wc, dims = "bf01_oi01->bf01", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] {feature_group_count = 2 : i64} : (tensor<2x6x9x7xf32>, tensor<4x3x3x3xf32>) -> tensor<2x4x9x7xf32>
  %za = hlo.constant dense<0.0> : tensor<2x4x9x7xf32>
  %ra = hlo.maximum %a, %za : tensor<2x4x9x7xf32>
  %b = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 3], padding = [0, 1] x [1, 0], lhs_dilation = [1, 1], rhs_dilation = [2, 1] : (tensor<2x9x8x6xf32>, tensor<3x2x6x8xf32>) -> tensor<2x3x3x8xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [3] : (tensor<8xf32>) -> tensor<2x3x3x8xf32>
  %sb = hlo.add %b, %bb : tensor<2x3x3x8xf32>
  %tb = hlo.tanh %sb : tensor<2x3x3x8xf32>
  %c = hlo.convolution %x, %w1, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x8x6xf32>, tensor<1x1x6x5xf32>) -> tensor<2x9x8x5xf32>
  %mc = hlo.multiply %c, %c : tensor<2x9x8x5xf32>
  %d = hlo.convolution %h, %wh, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<1x7x7x4xbf16>, tensor<3x3x4x3xbf16>) -> tensor<1x7x7x3xbf16>
  %zd = hlo.constant dense<0.0> : tensor<1x7x7x3xbf16>
  %rd = hlo.maximum %d, %zd : tensor<1x7x7x3xbf16>
  return %ra, %tb, %mc, %rd : tensor<2x4x9x7xf32>, tensor<2x3x3x8xf32>, tensor<2x9x8x5xf32>, tensor<1x7x7x3xbf16>
}

// Dilated inputs, computed by output phase: a window narrower than the
// dilation (phases of zeros), negative padding, a dilation of 3 along one
// dimension only, output sizes the dilation does not divide, NCHW with
// groups, and a dilated input with strides (not split).
// CHECK: @dilated_inputs result 0: ok
// CHECK: @dilated_inputs result 1: ok
// CHECK: @dilated_inputs result 2: ok
// CHECK: @dilated_inputs result 3: ok
func.func @dilated_inputs(%x: tensor<2x5x4x6xf32>, %w1: tensor<1x2x6x3xf32>, %w3: tensor<4x3x6x2xf32>, %xc: tensor<2x4x3x5xf32>, %wc: tensor<6x2x3x2xf32>) -> (tensor<2x15x6x3xf32>, tensor<2x10x4x2xf32>, tensor<2x6x4x15xf32>, tensor<2x4x3x2xf32>) {
  %a = hlo.convolution %x, %w1, dims = "b01f_01io->b01f", strides = [1, 1], padding = [2, 1] x [0, -1], lhs_dilation = [3, 2], rhs_dilation = [1, 1] : (tensor<2x5x4x6xf32>, tensor<1x2x6x3xf32>) -> tensor<2x15x6x3xf32>
  %b = hlo.convolution %x, %w3, dims = "b01f_01io->b01f", strides = [1, 1], padding = [-1, 2] x [1, 0], lhs_dilation = [3, 1], rhs_dilation = [1, 1] : (tensor<2x5x4x6xf32>, tensor<4x3x6x2xf32>) -> tensor<2x10x4x2xf32>
  %c = hlo.convolution %xc, %wc, dims = "bf01_oi01->bf01", strides = [1, 1], padding = [1, 2] x [0, 1], lhs_dilation = [2, 3], rhs_dilation = [1, 1] {feature_group_count = 2 : i64} : (tensor<2x4x3x5xf32>, tensor<6x2x3x2xf32>) -> tensor<2x6x4x15xf32>
  %d = hlo.convolution %x, %w3, dims = "b01f_01io->b01f", strides = [2, 3], padding = [1, 1] x [1, 1], lhs_dilation = [2, 2], rhs_dilation = [1, 1] : (tensor<2x5x4x6xf32>, tensor<4x3x6x2xf32>) -> tensor<2x4x3x2xf32>
  return %a, %b, %c, %d : tensor<2x15x6x3xf32>, tensor<2x10x4x2xf32>, tensor<2x6x4x15xf32>, tensor<2x4x3x2xf32>
}
