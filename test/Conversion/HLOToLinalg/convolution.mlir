// hlo.convolution lowers to a matrix product (im2col): a linalg.generic
// gathers the patches [groups, batch, out..., window..., features/groups],
// reading the input through padding and dilation (zero outside), the kernel
// is laid out as [groups, window * features, out features / groups], and a
// batch_matmul per group contracts them; the product is laid out as the
// output. The last RUN line runs it against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC: @convolution result 0: ok

// CHECK-LABEL: func.func @convolution
// CHECK-SAME: (%[[X:.*]]: tensor<2x9x9x3xf32>, %[[W:.*]]: tensor<3x3x3x8xf32>)
// CHECK: %[[PATCHES:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<1x2x5x5x3x3x3xf32>)
// CHECK: %[[ROW:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK: %[[COL:.*]] = arith.select %{{.*}}, %{{.*}}, %{{.*}} : index
// CHECK: %[[E:.*]] = tensor.extract %[[X]][%{{.*}}, %[[ROW]], %[[COL]], %{{.*}}] : tensor<2x9x9x3xf32>
// CHECK: %[[V:.*]] = arith.select %{{.*}}, %[[E]], %{{.*}} : f32
// CHECK: linalg.yield %[[V]] : f32
// CHECK: %[[LHS:.*]] = tensor.collapse_shape %[[PATCHES]] {{\[}}[0], [1, 2, 3], [4, 5, 6]] : tensor<1x2x5x5x3x3x3xf32> into tensor<1x50x27xf32>
// CHECK: %[[RHS:.*]] = linalg.transpose {{.*}} outs(%{{.*}} : tensor<1x27x8xf32>)
// CHECK: %[[PRODUCT:.*]] = linalg.batch_matmul ins(%[[LHS]], %[[RHS]] : tensor<1x50x27xf32>, tensor<1x27x8xf32>)
// CHECK: tensor.expand_shape %[[PRODUCT]]
func.func @convolution(%x: tensor<2x9x9x3xf32>, %w: tensor<3x3x3x8xf32>) -> tensor<2x5x5x8xf32> {
  %a = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 2], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x9x9x3xf32>, tensor<3x3x3x8xf32>) -> tensor<2x5x5x8xf32>
  return %a : tensor<2x5x5x8xf32>
}
