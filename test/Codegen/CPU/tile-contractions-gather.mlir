// A convolution's patches (im2col) are a copy of the padded input that
// repeats each element once per window offset. The product reads the
// padded input through the copy's map instead (a table of each step's
// offset, the row's offset computed once per register tile), and the
// patches are never written.
//
// RUN: fuse-opt %s --convert-hlo-to-linalg --fuse-cpu-tile-contractions | FileCheck %s
// RUN: fuse-opt %s --convert-hlo-to-linalg --fuse-cpu-tile-contractions="pack-left=in-tiles register-cols=8 depth-block=12" | FileCheck %s --check-prefix=PACKED
// RUN: fuse-opt %s --convert-hlo-to-linalg --fuse-cpu-tile-contractions="pack-left=in-tiles register-cols=8 depth-block=10" | FileCheck %s --check-prefix=UNALIGNED
//
// Run against the interpreter, read in place, packed before the tiles and
// inside them, with tiles that hit every edge (register columns of 8 make
// 4-lane steps of K; depth blocks of 12 start at whole steps).
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="product-pack-left=in-place product-register-rows=5 product-register-cols=8 product-depth-block=7 product-row-block=10 product-col-block=16" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=3 --check --pipeline-options="product-pack-left=in-tiles product-register-rows=3 product-register-cols=8 product-depth-block=12 product-row-block=9 product-col-block=16" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=4 --check --pipeline-options="product-pack-left=before-tiles product-register-rows=4 product-register-cols=8 product-depth-block=8 product-row-block=8 product-col-block=8" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=5 --check | FileCheck %s --check-prefix=EXEC
// One-lane steps (register columns of 2): the weight gradient's patches,
// whose K is not inner, are not packed through the copy's source.
// RUN: fuse-run %s --all-entries --random-inputs=8 --check --pipeline-options="product-pack-left=in-tiles product-register-cols=2 product-depth-block=4" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=9 --check --pipeline-options="product-pack-left=before-tiles product-register-cols=2 product-depth-block=4" | FileCheck %s --check-prefix=EXEC
// And the integration suite's convolutions (every layout, dilation, groups):
// RUN: fuse-run %S/../../Integration/CPU/ops/convolution.mlir --all-entries --random-inputs=6 --check --pipeline-options="product-pack-left=in-place" | FileCheck %S/../../Integration/CPU/ops/convolution.mlir
// RUN: fuse-run %S/../../Integration/CPU/ops/convolution.mlir --all-entries --random-inputs=7 --check --pipeline-options="product-pack-left=in-tiles product-register-rows=3 product-register-cols=4 product-depth-block=6 product-row-block=6 product-col-block=8" | FileCheck %S/../../Integration/CPU/ops/convolution.mlir

// CHECK-LABEL: func.func @same_3x3
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %{{.*}} into %{{.*}}[0, 1, 1, 0] [2, 9, 11, 16]
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[PADDED]] {{\[}}[0, 1, 2, 3]] : tensor<2x11x13x16xf32> into tensor<4576xf32>
// CHECK: %[[TABLE:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<144xi64>)
// CHECK: linalg.index 0
// CHECK-NOT: tensor<2x9x11x3x3x16xf32>
// CHECK: scf.forall
// CHECK: tensor.extract %[[TABLE]]
// CHECK: vector.transfer_read %[[FLAT]]
// EXEC: @same_3x3 result 0: ok
func.func @same_3x3(%x: tensor<2x9x11x16xf32>, %w: tensor<3x3x16x24xf32>) -> tensor<2x9x11x24xf32> {
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x11x16xf32>, tensor<3x3x16x24xf32>) -> tensor<2x9x11x24xf32>
  return %y : tensor<2x9x11x24xf32>
}

// Packed, 4 steps of K (channels) at a time are one vector read of the
// padded input.
// PACKED-LABEL: func.func @same_3x3
// PACKED-NOT: tensor<2x9x11x3x3x16xf32>
// PACKED: vector.transfer_read %{{.*}}[%{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<4576xf32>, vector<4xf32>
// Depth blocks of 10 would start inside a vector: the patches are copied.
// UNALIGNED-LABEL: func.func @same_3x3
// UNALIGNED: tensor<2x9x11x3x3x16xf32>

// Strided and dilated, with a bias and ReLU after.
// EXEC: @strided_dilated_relu result 0: ok
func.func @strided_dilated_relu(%x: tensor<3x13x12x8xf32>, %w: tensor<3x3x8x20xf32>, %b: tensor<20xf32>) -> tensor<3x5x5x20xf32> {
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 2], padding = [0, 1] x [1, 0], lhs_dilation = [1, 1], rhs_dilation = [2, 2] : (tensor<3x13x12x8xf32>, tensor<3x3x8x20xf32>) -> tensor<3x5x5x20xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [3] : (tensor<20xf32>) -> tensor<3x5x5x20xf32>
  %s = hlo.add %y, %bb : tensor<3x5x5x20xf32>
  %z = hlo.constant dense<0.0> : tensor<3x5x5x20xf32>
  %r = hlo.maximum %s, %z : tensor<3x5x5x20xf32>
  return %r : tensor<3x5x5x20xf32>
}

// A 1x1 convolution with stride 2 (a ResNet shortcut) reads every other
// pixel: no element repeats, so its copy (a quarter of the input) is
// written and read as before.
// EXEC: @shortcut_1x1 result 0: ok
func.func @shortcut_1x1(%x: tensor<4x10x10x16xf32>, %w: tensor<1x1x16x32xf32>) -> tensor<4x5x5x32xf32> {
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 2], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<4x10x10x16xf32>, tensor<1x1x16x32xf32>) -> tensor<4x5x5x32xf32>
  return %y : tensor<4x5x5x32xf32>
}

// The input gradient of a strided 3x3 convolution: a convolution of the
// output gradient, dilated, with the flipped window.
// EXEC: @input_gradient result 0: ok
func.func @input_gradient(%dy: tensor<2x5x5x24xf32>, %w: tensor<3x3x24x16xf32>) -> tensor<2x11x11x16xf32> {
  %dx = hlo.convolution %dy, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [2, 2] x [2, 2], lhs_dilation = [2, 2], rhs_dilation = [1, 1] : (tensor<2x5x5x24xf32>, tensor<3x3x24x16xf32>) -> tensor<2x11x11x16xf32>
  return %dx : tensor<2x11x11x16xf32>
}

// A weight gradient: the window is the output gradient, larger than the
// output, contracted over the batch and the image.
// EXEC: @weight_gradient result 0: ok
func.func @weight_gradient(%x: tensor<2x6x5x8xf32>, %dy: tensor<2x6x5x16xf32>) -> tensor<3x3x8x16xf32> {
  %dw = hlo.convolution %x, %dy, dims = "f01b_i01o->01bf", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x6x5x8xf32>, tensor<2x6x5x16xf32>) -> tensor<3x3x8x16xf32>
  return %dw : tensor<3x3x8x16xf32>
}
