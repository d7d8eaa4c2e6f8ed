// hlo.convolution lowers to a matrix product (im2col): the input is padded
// (and dilated), one copy through an affine map gathers the patches
// [batch, out..., window..., features] (position * stride + offset), and a
// contraction over the window and the features, batched over the groups,
// computes the output; canonicalization folds the layout changes around it
// into the contraction's maps. The last RUN line runs it against the
// interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC: @convolution result 0: ok

// CHECK-DAG: #[[$PATCH:.*]] = affine_map<(d0, d1, d2, d3, d4, d5) -> (d0, d1 * 2 + d3, d2 * 2 + d4, d5)>
// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d5, d6, d4)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d5, d6, d4, d3)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
// CHECK-LABEL: func.func @convolution
// CHECK-SAME: (%[[X:.*]]: tensor<2x9x9x3xf32>, %[[W:.*]]: tensor<3x3x3x8xf32>)
// CHECK: %[[PADDED:.*]] = tensor.insert_slice %[[X]] into %{{.*}}[0, 1, 1, 0] [2, 9, 9, 3] [1, 1, 1, 1]
// CHECK: %[[PATCHES:.*]] = linalg.generic {indexing_maps = [#[[$PATCH]], #{{.*}}], {{.*}} ins(%[[PADDED]] : tensor<2x11x11x3xf32>) outs(%{{.*}} : tensor<2x5x5x3x3x3xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %{{.*}}: f32):
// CHECK-NEXT: linalg.yield %[[IN]] : f32
// CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%[[PATCHES]], %[[W]] : tensor<2x5x5x3x3x3xf32>, tensor<3x3x3x8xf32>) outs(%{{.*}} : tensor<2x5x5x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @convolution(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<2x5x5x8xf32> {
  %a = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 2], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x5x5x8xf32>
  return %a : tensor<2x5x5x8xf32>
}

// A 1x1 window with unit strides takes each input element once, in place:
// no copy, the input itself (a view with the unit window dimensions) is the
// product's operand.
// EXEC: @pointwise result 0: ok
// CHECK-LABEL: func.func @pointwise
// CHECK-SAME: (%[[X:.*]]: tensor<2x5x7x16xf32>, %[[W:.*]]: tensor<1x1x16x8xf32>)
// CHECK: %[[VIEW:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1], [2], [3, 4, 5]] output_shape [2, 5, 7, 1, 1, 16]
// CHECK-NOT: linalg.generic {{.*}} ins(%[[X]]
// CHECK: linalg.generic {{.*}} ins(%[[VIEW]], %[[W]] : tensor<2x5x7x1x1x16xf32>, tensor<1x1x16x8xf32>) outs(%{{.*}} : tensor<2x5x7x8xf32>)
// CHECK: arith.mulf
// CHECK: arith.addf
func.func @pointwise(%x: tensor<2x5x7x16xf32>, %w: tensor<1x1x16x8xf32>) -> tensor<2x5x7x8xf32> {
  %a = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [0, 0] x [0, 0], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x5x7x16xf32>, tensor<1x1x16x8xf32>) -> tensor<2x5x7x8xf32>
  return %a : tensor<2x5x7x8xf32>
}

// A dilated input (the input gradient of a stride-2 convolution) is split
// by output phase: per phase of each spatial dimension, the kernel offsets
// that meet input elements rather than the zeros between them (a strided
// slice of the kernel) convolve the input undilated, and each phase is
// written into the output through a slice strided by 2. The dilated input
// is never built.
// EXEC: @input_gradient result 0: ok
// CHECK-LABEL: func.func @input_gradient
// CHECK-SAME: (%[[G:.*]]: tensor<2x4x4x8xf32>, %[[K:.*]]: tensor<3x3x8x3xf32>)
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<2x8x8x3xf32>
// CHECK: tensor.extract_slice %[[K]][0, 0, 0, 0] [2, 2, 8, 3] [2, 2, 1, 1]
// CHECK: %[[P00:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x4x2x2x8xf32>, tensor<2x2x8x3xf32>) outs(%{{.*}} : tensor<2x4x4x3xf32>)
// CHECK: %[[O00:.*]] = tensor.insert_slice %[[P00]] into %[[OUT]][0, 0, 0, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK: tensor.extract_slice %[[K]][0, 1, 0, 0] [2, 1, 8, 3] [2, 2, 1, 1]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x4x2x1x8xf32>, tensor<2x1x8x3xf32>) outs(%{{.*}} : tensor<2x4x4x3xf32>)
// CHECK: tensor.extract_slice %[[K]][1, 0, 0, 0] [1, 2, 8, 3] [2, 2, 1, 1]
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x4x1x2x8xf32>, tensor<1x2x8x3xf32>) outs(%{{.*}} : tensor<2x4x4x3xf32>)
// CHECK: tensor.extract_slice %[[K]][1, 1, 0, 0] [1, 1, 8, 3] [2, 2, 1, 1]
// CHECK: %[[P11:.*]] = linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<2x4x4x1x1x8xf32>, tensor<1x1x8x3xf32>) outs(%{{.*}} : tensor<2x4x4x3xf32>)
// CHECK-NOT: tensor<2x10x10x8xf32>
// CHECK: %[[O11:.*]] = tensor.insert_slice %[[P11]] into %{{.*}}[0, 1, 1, 0] [2, 4, 4, 3] [1, 2, 2, 1]
// CHECK: return %[[O11]] : tensor<2x8x8x3xf32>
func.func @input_gradient(%g: tensor<2x4x4x8xf32>, %w: tensor<3x3x8x3xf32>) -> tensor<2x8x8x3xf32> {
  %a = hlo.convolution %g, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [2, 2] x [1, 1], lhs_dilation = [2, 2], rhs_dilation = [1, 1] : (tensor<2x4x4x8xf32>, tensor<3x3x8x3xf32>) -> tensor<2x8x8x3xf32>
  return %a : tensor<2x8x8x3xf32>
}
