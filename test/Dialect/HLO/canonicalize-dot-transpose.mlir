// A product of a transposed operand reads the operand in its own layout:
// the transpose folds into the dimension numbers when it keeps the order of
// the operand's free dimensions (which the result lists in operand order).
//
// RUN: fuse-opt %s -canonicalize | FileCheck %s
// RUN: fuse-opt %s -canonicalize | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// Tied embeddings: logits = h E^T.
// CHECK-LABEL: func.func @tied_embedding(
// CHECK-SAME: %[[H:[a-z0-9]+]]: tensor<16x1x64xf32>, %[[E:[a-z0-9]+]]: tensor<512x64xf32>)
// CHECK-NOT: hlo.transpose
// CHECK: hlo.dot_general %[[H]], %[[E]], contracting_dims = [2] x [1] : (tensor<16x1x64xf32>, tensor<512x64xf32>) -> tensor<16x1x512xf32>
// EXEC: @tied_embedding result 0: ok
func.func @tied_embedding(%h: tensor<16x1x64xf32>, %e: tensor<512x64xf32>) -> tensor<16x1x512xf32> {
  %t = hlo.transpose %e, dims = [1, 0] : (tensor<512x64xf32>) -> tensor<64x512xf32>
  %l = hlo.dot_general %h, %t, contracting_dims = [2] x [0] : (tensor<16x1x64xf32>, tensor<64x512xf32>) -> tensor<16x1x512xf32>
  return %l : tensor<16x1x512xf32>
}

// Attention scores with both operands transposed from [batch, seq, heads,
// dim]: batch and contracting dimensions are renumbered through the
// permutations.
// CHECK-LABEL: func.func @both_operands(
// CHECK-SAME: %[[Q:[a-z0-9]+]]: tensor<2x8x3x16xf32>, %[[K:[a-z0-9]+]]: tensor<2x8x3x16xf32>)
// CHECK-NOT: hlo.transpose
// CHECK: hlo.dot_general %[[Q]], %[[K]], batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x8x3x16xf32>, tensor<2x8x3x16xf32>) -> tensor<2x3x8x8xf32>
// EXEC: @both_operands result 0: ok
func.func @both_operands(%q: tensor<2x8x3x16xf32>, %k: tensor<2x8x3x16xf32>) -> tensor<2x3x8x8xf32> {
  %qt = hlo.transpose %q, dims = [0, 2, 1, 3] : (tensor<2x8x3x16xf32>) -> tensor<2x3x8x16xf32>
  %kt = hlo.transpose %k, dims = [0, 2, 3, 1] : (tensor<2x8x3x16xf32>) -> tensor<2x3x16x8xf32>
  %s = hlo.dot_general %qt, %kt, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x8x16xf32>, tensor<2x3x16x8xf32>) -> tensor<2x3x8x8xf32>
  return %s : tensor<2x3x8x8xf32>
}

// A transpose that swaps two free dimensions of one operand stays: folded,
// the result's dimensions would come out in the other order.
// CHECK-LABEL: func.func @reorders_free_dimensions(
// CHECK: hlo.transpose
// CHECK: hlo.dot_general
// EXEC: @reorders_free_dimensions result 0: ok
func.func @reorders_free_dimensions(%x: tensor<4x5x6xf32>, %w: tensor<6x7xf32>) -> tensor<5x4x7xf32> {
  %t = hlo.transpose %x, dims = [1, 0, 2] : (tensor<4x5x6xf32>) -> tensor<5x4x6xf32>
  %p = hlo.dot_general %t, %w, contracting_dims = [2] x [0] : (tensor<5x4x6xf32>, tensor<6x7xf32>) -> tensor<5x4x7xf32>
  return %p : tensor<5x4x7xf32>
}
