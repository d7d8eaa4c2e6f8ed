// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// dot_general: matmul, matvec, vecmat, vector dot, batch matmul, contraction
// on dimension 0, a transposed rhs, two and permuted batching dimensions, two
// contracting dimensions, outer products, full and empty contractions,
// zero-size and size-1 dimensions, on f32, f64, i32 and i64 (a subset on f16,
// bf16, i8 and i16); hlo.dot in its four forms.

// CHECK: @matmul_f32 result 0: ok
func.func @matmul_f32(%arg0: tensor<33x17xf32>, %arg1: tensor<17x29xf32>) -> tensor<33x29xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xf32>, tensor<17x29xf32>) -> tensor<33x29xf32>
  return %v0 : tensor<33x29xf32>
}

// CHECK: @matvec_f32 result 0: ok
func.func @matvec_f32(%arg0: tensor<33x17xf32>, %arg1: tensor<17xf32>) -> tensor<33xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xf32>, tensor<17xf32>) -> tensor<33xf32>
  return %v0 : tensor<33xf32>
}

// CHECK: @vecmat_f32 result 0: ok
func.func @vecmat_f32(%arg0: tensor<17xf32>, %arg1: tensor<17x29xf32>) -> tensor<29xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xf32>, tensor<17x29xf32>) -> tensor<29xf32>
  return %v0 : tensor<29xf32>
}

// CHECK: @vector_dot_f32 result 0: ok
func.func @vector_dot_f32(%arg0: tensor<17xf32>, %arg1: tensor<17xf32>) -> tensor<f32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xf32>, tensor<17xf32>) -> tensor<f32>
  return %v0 : tensor<f32>
}

// CHECK: @batch_matmul_f32 result 0: ok
func.func @batch_matmul_f32(%arg0: tensor<4x8x16xf32>, %arg1: tensor<4x16x5xf32>) -> tensor<4x8x5xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf32>, tensor<4x16x5xf32>) -> tensor<4x8x5xf32>
  return %v0 : tensor<4x8x5xf32>
}

// CHECK: @contract_dim0_f32 result 0: ok
func.func @contract_dim0_f32(%arg0: tensor<17x33xf32>, %arg1: tensor<17x29xf32>) -> tensor<33x29xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xf32>, tensor<17x29xf32>) -> tensor<33x29xf32>
  return %v0 : tensor<33x29xf32>
}

// CHECK: @rhs_transposed_f32 result 0: ok
func.func @rhs_transposed_f32(%arg0: tensor<33x17xf32>, %arg1: tensor<29x17xf32>) -> tensor<33x29xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] : (tensor<33x17xf32>, tensor<29x17xf32>) -> tensor<33x29xf32>
  return %v0 : tensor<33x29xf32>
}

// CHECK: @two_batch_dims_f32 result 0: ok
func.func @two_batch_dims_f32(%arg0: tensor<2x3x4x5xf32>, %arg1: tensor<2x3x5x6xf32>) -> tensor<2x3x4x6xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xf32>, tensor<2x3x5x6xf32>) -> tensor<2x3x4x6xf32>
  return %v0 : tensor<2x3x4x6xf32>
}

// CHECK: @permuted_batch_dims_f32 result 0: ok
func.func @permuted_batch_dims_f32(%arg0: tensor<4x2x5x3xf32>, %arg1: tensor<3x5x2x6xf32>) -> tensor<2x3x4x6xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xf32>, tensor<3x5x2x6xf32>) -> tensor<2x3x4x6xf32>
  return %v0 : tensor<2x3x4x6xf32>
}

// CHECK: @two_contracting_dims_f32 result 0: ok
func.func @two_contracting_dims_f32(%arg0: tensor<3x4x5xf32>, %arg1: tensor<5x4x6xf32>) -> tensor<3x6xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [1, 0] : (tensor<3x4x5xf32>, tensor<5x4x6xf32>) -> tensor<3x6xf32>
  return %v0 : tensor<3x6xf32>
}

// CHECK: @outer_product_f32 result 0: ok
func.func @outer_product_f32(%arg0: tensor<3x4xf32>, %arg1: tensor<5xf32>) -> tensor<3x4x5xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<3x4xf32>, tensor<5xf32>) -> tensor<3x4x5xf32>
  return %v0 : tensor<3x4x5xf32>
}

// CHECK: @full_contraction_f32 result 0: ok
func.func @full_contraction_f32(%arg0: tensor<4x8xf32>, %arg1: tensor<8x4xf32>) -> tensor<f32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0, 1] x [1, 0] : (tensor<4x8xf32>, tensor<8x4xf32>) -> tensor<f32>
  return %v0 : tensor<f32>
}

// CHECK: @empty_contraction_f32 result 0: ok
func.func @empty_contraction_f32(%arg0: tensor<3x0xf32>, %arg1: tensor<0x4xf32>) -> tensor<3x4xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xf32>, tensor<0x4xf32>) -> tensor<3x4xf32>
  return %v0 : tensor<3x4xf32>
}

// CHECK: @empty_free_dim_f32 result 0: ok
func.func @empty_free_dim_f32(%arg0: tensor<0x5xf32>, %arg1: tensor<5x4xf32>) -> tensor<0x4xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<0x5xf32>, tensor<5x4xf32>) -> tensor<0x4xf32>
  return %v0 : tensor<0x4xf32>
}

// CHECK: @size1_f32 result 0: ok
func.func @size1_f32(%arg0: tensor<1x7xf32>, %arg1: tensor<7x1xf32>) -> tensor<1x1xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<1x7xf32>, tensor<7x1xf32>) -> tensor<1x1xf32>
  return %v0 : tensor<1x1xf32>
}

// CHECK: @batch_no_contraction_f32 result 0: ok
func.func @batch_no_contraction_f32(%arg0: tensor<3x4xf32>, %arg1: tensor<3x5xf32>) -> tensor<3x4x5xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<3x4xf32>, tensor<3x5xf32>) -> tensor<3x4x5xf32>
  return %v0 : tensor<3x4x5xf32>
}

// CHECK: @batch_matvec_f32 result 0: ok
func.func @batch_matvec_f32(%arg0: tensor<6x5x7xf32>, %arg1: tensor<6x7xf32>) -> tensor<6x5xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x5x7xf32>, tensor<6x7xf32>) -> tensor<6x5xf32>
  return %v0 : tensor<6x5xf32>
}

// CHECK: @batch_last_f32 result 0: ok
func.func @batch_last_f32(%arg0: tensor<5x7x6xf32>, %arg1: tensor<7x6xf32>) -> tensor<6x5xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [2] x [1], contracting_dims = [1] x [0] : (tensor<5x7x6xf32>, tensor<7x6xf32>) -> tensor<6x5xf32>
  return %v0 : tensor<6x5xf32>
}

// CHECK: @matmul_f64 result 0: ok
func.func @matmul_f64(%arg0: tensor<33x17xf64>, %arg1: tensor<17x29xf64>) -> tensor<33x29xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xf64>, tensor<17x29xf64>) -> tensor<33x29xf64>
  return %v0 : tensor<33x29xf64>
}

// CHECK: @matvec_f64 result 0: ok
func.func @matvec_f64(%arg0: tensor<33x17xf64>, %arg1: tensor<17xf64>) -> tensor<33xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xf64>, tensor<17xf64>) -> tensor<33xf64>
  return %v0 : tensor<33xf64>
}

// CHECK: @vecmat_f64 result 0: ok
func.func @vecmat_f64(%arg0: tensor<17xf64>, %arg1: tensor<17x29xf64>) -> tensor<29xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xf64>, tensor<17x29xf64>) -> tensor<29xf64>
  return %v0 : tensor<29xf64>
}

// CHECK: @vector_dot_f64 result 0: ok
func.func @vector_dot_f64(%arg0: tensor<17xf64>, %arg1: tensor<17xf64>) -> tensor<f64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xf64>, tensor<17xf64>) -> tensor<f64>
  return %v0 : tensor<f64>
}

// CHECK: @batch_matmul_f64 result 0: ok
func.func @batch_matmul_f64(%arg0: tensor<4x8x16xf64>, %arg1: tensor<4x16x5xf64>) -> tensor<4x8x5xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf64>, tensor<4x16x5xf64>) -> tensor<4x8x5xf64>
  return %v0 : tensor<4x8x5xf64>
}

// CHECK: @contract_dim0_f64 result 0: ok
func.func @contract_dim0_f64(%arg0: tensor<17x33xf64>, %arg1: tensor<17x29xf64>) -> tensor<33x29xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xf64>, tensor<17x29xf64>) -> tensor<33x29xf64>
  return %v0 : tensor<33x29xf64>
}

// CHECK: @rhs_transposed_f64 result 0: ok
func.func @rhs_transposed_f64(%arg0: tensor<33x17xf64>, %arg1: tensor<29x17xf64>) -> tensor<33x29xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] : (tensor<33x17xf64>, tensor<29x17xf64>) -> tensor<33x29xf64>
  return %v0 : tensor<33x29xf64>
}

// CHECK: @two_batch_dims_f64 result 0: ok
func.func @two_batch_dims_f64(%arg0: tensor<2x3x4x5xf64>, %arg1: tensor<2x3x5x6xf64>) -> tensor<2x3x4x6xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xf64>, tensor<2x3x5x6xf64>) -> tensor<2x3x4x6xf64>
  return %v0 : tensor<2x3x4x6xf64>
}

// CHECK: @permuted_batch_dims_f64 result 0: ok
func.func @permuted_batch_dims_f64(%arg0: tensor<4x2x5x3xf64>, %arg1: tensor<3x5x2x6xf64>) -> tensor<2x3x4x6xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xf64>, tensor<3x5x2x6xf64>) -> tensor<2x3x4x6xf64>
  return %v0 : tensor<2x3x4x6xf64>
}

// CHECK: @two_contracting_dims_f64 result 0: ok
func.func @two_contracting_dims_f64(%arg0: tensor<3x4x5xf64>, %arg1: tensor<5x4x6xf64>) -> tensor<3x6xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [1, 0] : (tensor<3x4x5xf64>, tensor<5x4x6xf64>) -> tensor<3x6xf64>
  return %v0 : tensor<3x6xf64>
}

// CHECK: @outer_product_f64 result 0: ok
func.func @outer_product_f64(%arg0: tensor<3x4xf64>, %arg1: tensor<5xf64>) -> tensor<3x4x5xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<3x4xf64>, tensor<5xf64>) -> tensor<3x4x5xf64>
  return %v0 : tensor<3x4x5xf64>
}

// CHECK: @full_contraction_f64 result 0: ok
func.func @full_contraction_f64(%arg0: tensor<4x8xf64>, %arg1: tensor<8x4xf64>) -> tensor<f64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0, 1] x [1, 0] : (tensor<4x8xf64>, tensor<8x4xf64>) -> tensor<f64>
  return %v0 : tensor<f64>
}

// CHECK: @empty_contraction_f64 result 0: ok
func.func @empty_contraction_f64(%arg0: tensor<3x0xf64>, %arg1: tensor<0x4xf64>) -> tensor<3x4xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xf64>, tensor<0x4xf64>) -> tensor<3x4xf64>
  return %v0 : tensor<3x4xf64>
}

// CHECK: @empty_free_dim_f64 result 0: ok
func.func @empty_free_dim_f64(%arg0: tensor<0x5xf64>, %arg1: tensor<5x4xf64>) -> tensor<0x4xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<0x5xf64>, tensor<5x4xf64>) -> tensor<0x4xf64>
  return %v0 : tensor<0x4xf64>
}

// CHECK: @size1_f64 result 0: ok
func.func @size1_f64(%arg0: tensor<1x7xf64>, %arg1: tensor<7x1xf64>) -> tensor<1x1xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<1x7xf64>, tensor<7x1xf64>) -> tensor<1x1xf64>
  return %v0 : tensor<1x1xf64>
}

// CHECK: @batch_no_contraction_f64 result 0: ok
func.func @batch_no_contraction_f64(%arg0: tensor<3x4xf64>, %arg1: tensor<3x5xf64>) -> tensor<3x4x5xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<3x4xf64>, tensor<3x5xf64>) -> tensor<3x4x5xf64>
  return %v0 : tensor<3x4x5xf64>
}

// CHECK: @batch_matvec_f64 result 0: ok
func.func @batch_matvec_f64(%arg0: tensor<6x5x7xf64>, %arg1: tensor<6x7xf64>) -> tensor<6x5xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x5x7xf64>, tensor<6x7xf64>) -> tensor<6x5xf64>
  return %v0 : tensor<6x5xf64>
}

// CHECK: @batch_last_f64 result 0: ok
func.func @batch_last_f64(%arg0: tensor<5x7x6xf64>, %arg1: tensor<7x6xf64>) -> tensor<6x5xf64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [2] x [1], contracting_dims = [1] x [0] : (tensor<5x7x6xf64>, tensor<7x6xf64>) -> tensor<6x5xf64>
  return %v0 : tensor<6x5xf64>
}

// CHECK: @matmul_i32 result 0: ok
func.func @matmul_i32(%arg0: tensor<33x17xi32>, %arg1: tensor<17x29xi32>) -> tensor<33x29xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi32>, tensor<17x29xi32>) -> tensor<33x29xi32>
  return %v0 : tensor<33x29xi32>
}

// CHECK: @matvec_i32 result 0: ok
func.func @matvec_i32(%arg0: tensor<33x17xi32>, %arg1: tensor<17xi32>) -> tensor<33xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi32>, tensor<17xi32>) -> tensor<33xi32>
  return %v0 : tensor<33xi32>
}

// CHECK: @vecmat_i32 result 0: ok
func.func @vecmat_i32(%arg0: tensor<17xi32>, %arg1: tensor<17x29xi32>) -> tensor<29xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xi32>, tensor<17x29xi32>) -> tensor<29xi32>
  return %v0 : tensor<29xi32>
}

// CHECK: @vector_dot_i32 result 0: ok
func.func @vector_dot_i32(%arg0: tensor<17xi32>, %arg1: tensor<17xi32>) -> tensor<i32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xi32>, tensor<17xi32>) -> tensor<i32>
  return %v0 : tensor<i32>
}

// CHECK: @batch_matmul_i32 result 0: ok
func.func @batch_matmul_i32(%arg0: tensor<4x8x16xi32>, %arg1: tensor<4x16x5xi32>) -> tensor<4x8x5xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xi32>, tensor<4x16x5xi32>) -> tensor<4x8x5xi32>
  return %v0 : tensor<4x8x5xi32>
}

// CHECK: @contract_dim0_i32 result 0: ok
func.func @contract_dim0_i32(%arg0: tensor<17x33xi32>, %arg1: tensor<17x29xi32>) -> tensor<33x29xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xi32>, tensor<17x29xi32>) -> tensor<33x29xi32>
  return %v0 : tensor<33x29xi32>
}

// CHECK: @rhs_transposed_i32 result 0: ok
func.func @rhs_transposed_i32(%arg0: tensor<33x17xi32>, %arg1: tensor<29x17xi32>) -> tensor<33x29xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] : (tensor<33x17xi32>, tensor<29x17xi32>) -> tensor<33x29xi32>
  return %v0 : tensor<33x29xi32>
}

// CHECK: @two_batch_dims_i32 result 0: ok
func.func @two_batch_dims_i32(%arg0: tensor<2x3x4x5xi32>, %arg1: tensor<2x3x5x6xi32>) -> tensor<2x3x4x6xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xi32>, tensor<2x3x5x6xi32>) -> tensor<2x3x4x6xi32>
  return %v0 : tensor<2x3x4x6xi32>
}

// CHECK: @permuted_batch_dims_i32 result 0: ok
func.func @permuted_batch_dims_i32(%arg0: tensor<4x2x5x3xi32>, %arg1: tensor<3x5x2x6xi32>) -> tensor<2x3x4x6xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xi32>, tensor<3x5x2x6xi32>) -> tensor<2x3x4x6xi32>
  return %v0 : tensor<2x3x4x6xi32>
}

// CHECK: @two_contracting_dims_i32 result 0: ok
func.func @two_contracting_dims_i32(%arg0: tensor<3x4x5xi32>, %arg1: tensor<5x4x6xi32>) -> tensor<3x6xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [1, 0] : (tensor<3x4x5xi32>, tensor<5x4x6xi32>) -> tensor<3x6xi32>
  return %v0 : tensor<3x6xi32>
}

// CHECK: @outer_product_i32 result 0: ok
func.func @outer_product_i32(%arg0: tensor<3x4xi32>, %arg1: tensor<5xi32>) -> tensor<3x4x5xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<3x4xi32>, tensor<5xi32>) -> tensor<3x4x5xi32>
  return %v0 : tensor<3x4x5xi32>
}

// CHECK: @full_contraction_i32 result 0: ok
func.func @full_contraction_i32(%arg0: tensor<4x8xi32>, %arg1: tensor<8x4xi32>) -> tensor<i32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0, 1] x [1, 0] : (tensor<4x8xi32>, tensor<8x4xi32>) -> tensor<i32>
  return %v0 : tensor<i32>
}

// CHECK: @empty_contraction_i32 result 0: ok
func.func @empty_contraction_i32(%arg0: tensor<3x0xi32>, %arg1: tensor<0x4xi32>) -> tensor<3x4xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xi32>, tensor<0x4xi32>) -> tensor<3x4xi32>
  return %v0 : tensor<3x4xi32>
}

// CHECK: @empty_free_dim_i32 result 0: ok
func.func @empty_free_dim_i32(%arg0: tensor<0x5xi32>, %arg1: tensor<5x4xi32>) -> tensor<0x4xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<0x5xi32>, tensor<5x4xi32>) -> tensor<0x4xi32>
  return %v0 : tensor<0x4xi32>
}

// CHECK: @size1_i32 result 0: ok
func.func @size1_i32(%arg0: tensor<1x7xi32>, %arg1: tensor<7x1xi32>) -> tensor<1x1xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<1x7xi32>, tensor<7x1xi32>) -> tensor<1x1xi32>
  return %v0 : tensor<1x1xi32>
}

// CHECK: @batch_no_contraction_i32 result 0: ok
func.func @batch_no_contraction_i32(%arg0: tensor<3x4xi32>, %arg1: tensor<3x5xi32>) -> tensor<3x4x5xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<3x4xi32>, tensor<3x5xi32>) -> tensor<3x4x5xi32>
  return %v0 : tensor<3x4x5xi32>
}

// CHECK: @batch_matvec_i32 result 0: ok
func.func @batch_matvec_i32(%arg0: tensor<6x5x7xi32>, %arg1: tensor<6x7xi32>) -> tensor<6x5xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x5x7xi32>, tensor<6x7xi32>) -> tensor<6x5xi32>
  return %v0 : tensor<6x5xi32>
}

// CHECK: @batch_last_i32 result 0: ok
func.func @batch_last_i32(%arg0: tensor<5x7x6xi32>, %arg1: tensor<7x6xi32>) -> tensor<6x5xi32> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [2] x [1], contracting_dims = [1] x [0] : (tensor<5x7x6xi32>, tensor<7x6xi32>) -> tensor<6x5xi32>
  return %v0 : tensor<6x5xi32>
}

// CHECK: @matmul_i64 result 0: ok
func.func @matmul_i64(%arg0: tensor<33x17xi64>, %arg1: tensor<17x29xi64>) -> tensor<33x29xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi64>, tensor<17x29xi64>) -> tensor<33x29xi64>
  return %v0 : tensor<33x29xi64>
}

// CHECK: @matvec_i64 result 0: ok
func.func @matvec_i64(%arg0: tensor<33x17xi64>, %arg1: tensor<17xi64>) -> tensor<33xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi64>, tensor<17xi64>) -> tensor<33xi64>
  return %v0 : tensor<33xi64>
}

// CHECK: @vecmat_i64 result 0: ok
func.func @vecmat_i64(%arg0: tensor<17xi64>, %arg1: tensor<17x29xi64>) -> tensor<29xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xi64>, tensor<17x29xi64>) -> tensor<29xi64>
  return %v0 : tensor<29xi64>
}

// CHECK: @vector_dot_i64 result 0: ok
func.func @vector_dot_i64(%arg0: tensor<17xi64>, %arg1: tensor<17xi64>) -> tensor<i64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xi64>, tensor<17xi64>) -> tensor<i64>
  return %v0 : tensor<i64>
}

// CHECK: @batch_matmul_i64 result 0: ok
func.func @batch_matmul_i64(%arg0: tensor<4x8x16xi64>, %arg1: tensor<4x16x5xi64>) -> tensor<4x8x5xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xi64>, tensor<4x16x5xi64>) -> tensor<4x8x5xi64>
  return %v0 : tensor<4x8x5xi64>
}

// CHECK: @contract_dim0_i64 result 0: ok
func.func @contract_dim0_i64(%arg0: tensor<17x33xi64>, %arg1: tensor<17x29xi64>) -> tensor<33x29xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xi64>, tensor<17x29xi64>) -> tensor<33x29xi64>
  return %v0 : tensor<33x29xi64>
}

// CHECK: @rhs_transposed_i64 result 0: ok
func.func @rhs_transposed_i64(%arg0: tensor<33x17xi64>, %arg1: tensor<29x17xi64>) -> tensor<33x29xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] : (tensor<33x17xi64>, tensor<29x17xi64>) -> tensor<33x29xi64>
  return %v0 : tensor<33x29xi64>
}

// CHECK: @two_batch_dims_i64 result 0: ok
func.func @two_batch_dims_i64(%arg0: tensor<2x3x4x5xi64>, %arg1: tensor<2x3x5x6xi64>) -> tensor<2x3x4x6xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xi64>, tensor<2x3x5x6xi64>) -> tensor<2x3x4x6xi64>
  return %v0 : tensor<2x3x4x6xi64>
}

// CHECK: @permuted_batch_dims_i64 result 0: ok
func.func @permuted_batch_dims_i64(%arg0: tensor<4x2x5x3xi64>, %arg1: tensor<3x5x2x6xi64>) -> tensor<2x3x4x6xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xi64>, tensor<3x5x2x6xi64>) -> tensor<2x3x4x6xi64>
  return %v0 : tensor<2x3x4x6xi64>
}

// CHECK: @two_contracting_dims_i64 result 0: ok
func.func @two_contracting_dims_i64(%arg0: tensor<3x4x5xi64>, %arg1: tensor<5x4x6xi64>) -> tensor<3x6xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1, 2] x [1, 0] : (tensor<3x4x5xi64>, tensor<5x4x6xi64>) -> tensor<3x6xi64>
  return %v0 : tensor<3x6xi64>
}

// CHECK: @outer_product_i64 result 0: ok
func.func @outer_product_i64(%arg0: tensor<3x4xi64>, %arg1: tensor<5xi64>) -> tensor<3x4x5xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [] x [] : (tensor<3x4xi64>, tensor<5xi64>) -> tensor<3x4x5xi64>
  return %v0 : tensor<3x4x5xi64>
}

// CHECK: @full_contraction_i64 result 0: ok
func.func @full_contraction_i64(%arg0: tensor<4x8xi64>, %arg1: tensor<8x4xi64>) -> tensor<i64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0, 1] x [1, 0] : (tensor<4x8xi64>, tensor<8x4xi64>) -> tensor<i64>
  return %v0 : tensor<i64>
}

// CHECK: @empty_contraction_i64 result 0: ok
func.func @empty_contraction_i64(%arg0: tensor<3x0xi64>, %arg1: tensor<0x4xi64>) -> tensor<3x4xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xi64>, tensor<0x4xi64>) -> tensor<3x4xi64>
  return %v0 : tensor<3x4xi64>
}

// CHECK: @empty_free_dim_i64 result 0: ok
func.func @empty_free_dim_i64(%arg0: tensor<0x5xi64>, %arg1: tensor<5x4xi64>) -> tensor<0x4xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<0x5xi64>, tensor<5x4xi64>) -> tensor<0x4xi64>
  return %v0 : tensor<0x4xi64>
}

// CHECK: @size1_i64 result 0: ok
func.func @size1_i64(%arg0: tensor<1x7xi64>, %arg1: tensor<7x1xi64>) -> tensor<1x1xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<1x7xi64>, tensor<7x1xi64>) -> tensor<1x1xi64>
  return %v0 : tensor<1x1xi64>
}

// CHECK: @batch_no_contraction_i64 result 0: ok
func.func @batch_no_contraction_i64(%arg0: tensor<3x4xi64>, %arg1: tensor<3x5xi64>) -> tensor<3x4x5xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [] x [] : (tensor<3x4xi64>, tensor<3x5xi64>) -> tensor<3x4x5xi64>
  return %v0 : tensor<3x4x5xi64>
}

// CHECK: @batch_matvec_i64 result 0: ok
func.func @batch_matvec_i64(%arg0: tensor<6x5x7xi64>, %arg1: tensor<6x7xi64>) -> tensor<6x5xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<6x5x7xi64>, tensor<6x7xi64>) -> tensor<6x5xi64>
  return %v0 : tensor<6x5xi64>
}

// CHECK: @batch_last_i64 result 0: ok
func.func @batch_last_i64(%arg0: tensor<5x7x6xi64>, %arg1: tensor<7x6xi64>) -> tensor<6x5xi64> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [2] x [1], contracting_dims = [1] x [0] : (tensor<5x7x6xi64>, tensor<7x6xi64>) -> tensor<6x5xi64>
  return %v0 : tensor<6x5xi64>
}

// CHECK: @matmul_f16 result 0: ok
func.func @matmul_f16(%arg0: tensor<33x17xf16>, %arg1: tensor<17x29xf16>) -> tensor<33x29xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xf16>, tensor<17x29xf16>) -> tensor<33x29xf16>
  return %v0 : tensor<33x29xf16>
}

// CHECK: @matvec_f16 result 0: ok
func.func @matvec_f16(%arg0: tensor<33x17xf16>, %arg1: tensor<17xf16>) -> tensor<33xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xf16>, tensor<17xf16>) -> tensor<33xf16>
  return %v0 : tensor<33xf16>
}

// CHECK: @vector_dot_f16 result 0: ok
func.func @vector_dot_f16(%arg0: tensor<17xf16>, %arg1: tensor<17xf16>) -> tensor<f16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xf16>, tensor<17xf16>) -> tensor<f16>
  return %v0 : tensor<f16>
}

// CHECK: @batch_matmul_f16 result 0: ok
func.func @batch_matmul_f16(%arg0: tensor<4x8x16xf16>, %arg1: tensor<4x16x5xf16>) -> tensor<4x8x5xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xf16>, tensor<4x16x5xf16>) -> tensor<4x8x5xf16>
  return %v0 : tensor<4x8x5xf16>
}

// CHECK: @contract_dim0_f16 result 0: ok
func.func @contract_dim0_f16(%arg0: tensor<17x33xf16>, %arg1: tensor<17x29xf16>) -> tensor<33x29xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xf16>, tensor<17x29xf16>) -> tensor<33x29xf16>
  return %v0 : tensor<33x29xf16>
}

// CHECK: @two_batch_dims_f16 result 0: ok
func.func @two_batch_dims_f16(%arg0: tensor<2x3x4x5xf16>, %arg1: tensor<2x3x5x6xf16>) -> tensor<2x3x4x6xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xf16>, tensor<2x3x5x6xf16>) -> tensor<2x3x4x6xf16>
  return %v0 : tensor<2x3x4x6xf16>
}

// CHECK: @permuted_batch_dims_f16 result 0: ok
func.func @permuted_batch_dims_f16(%arg0: tensor<4x2x5x3xf16>, %arg1: tensor<3x5x2x6xf16>) -> tensor<2x3x4x6xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xf16>, tensor<3x5x2x6xf16>) -> tensor<2x3x4x6xf16>
  return %v0 : tensor<2x3x4x6xf16>
}

// CHECK: @empty_contraction_f16 result 0: ok
func.func @empty_contraction_f16(%arg0: tensor<3x0xf16>, %arg1: tensor<0x4xf16>) -> tensor<3x4xf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xf16>, tensor<0x4xf16>) -> tensor<3x4xf16>
  return %v0 : tensor<3x4xf16>
}

// CHECK: @matmul_bf16 result 0: ok
func.func @matmul_bf16(%arg0: tensor<33x17xbf16>, %arg1: tensor<17x29xbf16>) -> tensor<33x29xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xbf16>, tensor<17x29xbf16>) -> tensor<33x29xbf16>
  return %v0 : tensor<33x29xbf16>
}

// CHECK: @matvec_bf16 result 0: ok
func.func @matvec_bf16(%arg0: tensor<33x17xbf16>, %arg1: tensor<17xbf16>) -> tensor<33xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xbf16>, tensor<17xbf16>) -> tensor<33xbf16>
  return %v0 : tensor<33xbf16>
}

// CHECK: @vector_dot_bf16 result 0: ok
func.func @vector_dot_bf16(%arg0: tensor<17xbf16>, %arg1: tensor<17xbf16>) -> tensor<bf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xbf16>, tensor<17xbf16>) -> tensor<bf16>
  return %v0 : tensor<bf16>
}

// CHECK: @batch_matmul_bf16 result 0: ok
func.func @batch_matmul_bf16(%arg0: tensor<4x8x16xbf16>, %arg1: tensor<4x16x5xbf16>) -> tensor<4x8x5xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xbf16>, tensor<4x16x5xbf16>) -> tensor<4x8x5xbf16>
  return %v0 : tensor<4x8x5xbf16>
}

// CHECK: @contract_dim0_bf16 result 0: ok
func.func @contract_dim0_bf16(%arg0: tensor<17x33xbf16>, %arg1: tensor<17x29xbf16>) -> tensor<33x29xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xbf16>, tensor<17x29xbf16>) -> tensor<33x29xbf16>
  return %v0 : tensor<33x29xbf16>
}

// CHECK: @two_batch_dims_bf16 result 0: ok
func.func @two_batch_dims_bf16(%arg0: tensor<2x3x4x5xbf16>, %arg1: tensor<2x3x5x6xbf16>) -> tensor<2x3x4x6xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xbf16>, tensor<2x3x5x6xbf16>) -> tensor<2x3x4x6xbf16>
  return %v0 : tensor<2x3x4x6xbf16>
}

// CHECK: @permuted_batch_dims_bf16 result 0: ok
func.func @permuted_batch_dims_bf16(%arg0: tensor<4x2x5x3xbf16>, %arg1: tensor<3x5x2x6xbf16>) -> tensor<2x3x4x6xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xbf16>, tensor<3x5x2x6xbf16>) -> tensor<2x3x4x6xbf16>
  return %v0 : tensor<2x3x4x6xbf16>
}

// CHECK: @empty_contraction_bf16 result 0: ok
func.func @empty_contraction_bf16(%arg0: tensor<3x0xbf16>, %arg1: tensor<0x4xbf16>) -> tensor<3x4xbf16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xbf16>, tensor<0x4xbf16>) -> tensor<3x4xbf16>
  return %v0 : tensor<3x4xbf16>
}

// CHECK: @matmul_i8 result 0: ok
func.func @matmul_i8(%arg0: tensor<33x17xi8>, %arg1: tensor<17x29xi8>) -> tensor<33x29xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi8>, tensor<17x29xi8>) -> tensor<33x29xi8>
  return %v0 : tensor<33x29xi8>
}

// CHECK: @matvec_i8 result 0: ok
func.func @matvec_i8(%arg0: tensor<33x17xi8>, %arg1: tensor<17xi8>) -> tensor<33xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi8>, tensor<17xi8>) -> tensor<33xi8>
  return %v0 : tensor<33xi8>
}

// CHECK: @vector_dot_i8 result 0: ok
func.func @vector_dot_i8(%arg0: tensor<17xi8>, %arg1: tensor<17xi8>) -> tensor<i8> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xi8>, tensor<17xi8>) -> tensor<i8>
  return %v0 : tensor<i8>
}

// CHECK: @batch_matmul_i8 result 0: ok
func.func @batch_matmul_i8(%arg0: tensor<4x8x16xi8>, %arg1: tensor<4x16x5xi8>) -> tensor<4x8x5xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xi8>, tensor<4x16x5xi8>) -> tensor<4x8x5xi8>
  return %v0 : tensor<4x8x5xi8>
}

// CHECK: @contract_dim0_i8 result 0: ok
func.func @contract_dim0_i8(%arg0: tensor<17x33xi8>, %arg1: tensor<17x29xi8>) -> tensor<33x29xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xi8>, tensor<17x29xi8>) -> tensor<33x29xi8>
  return %v0 : tensor<33x29xi8>
}

// CHECK: @two_batch_dims_i8 result 0: ok
func.func @two_batch_dims_i8(%arg0: tensor<2x3x4x5xi8>, %arg1: tensor<2x3x5x6xi8>) -> tensor<2x3x4x6xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xi8>, tensor<2x3x5x6xi8>) -> tensor<2x3x4x6xi8>
  return %v0 : tensor<2x3x4x6xi8>
}

// CHECK: @permuted_batch_dims_i8 result 0: ok
func.func @permuted_batch_dims_i8(%arg0: tensor<4x2x5x3xi8>, %arg1: tensor<3x5x2x6xi8>) -> tensor<2x3x4x6xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xi8>, tensor<3x5x2x6xi8>) -> tensor<2x3x4x6xi8>
  return %v0 : tensor<2x3x4x6xi8>
}

// CHECK: @empty_contraction_i8 result 0: ok
func.func @empty_contraction_i8(%arg0: tensor<3x0xi8>, %arg1: tensor<0x4xi8>) -> tensor<3x4xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xi8>, tensor<0x4xi8>) -> tensor<3x4xi8>
  return %v0 : tensor<3x4xi8>
}

// CHECK: @matmul_i16 result 0: ok
func.func @matmul_i16(%arg0: tensor<33x17xi16>, %arg1: tensor<17x29xi16>) -> tensor<33x29xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi16>, tensor<17x29xi16>) -> tensor<33x29xi16>
  return %v0 : tensor<33x29xi16>
}

// CHECK: @matvec_i16 result 0: ok
func.func @matvec_i16(%arg0: tensor<33x17xi16>, %arg1: tensor<17xi16>) -> tensor<33xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<33x17xi16>, tensor<17xi16>) -> tensor<33xi16>
  return %v0 : tensor<33xi16>
}

// CHECK: @vector_dot_i16 result 0: ok
func.func @vector_dot_i16(%arg0: tensor<17xi16>, %arg1: tensor<17xi16>) -> tensor<i16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17xi16>, tensor<17xi16>) -> tensor<i16>
  return %v0 : tensor<i16>
}

// CHECK: @batch_matmul_i16 result 0: ok
func.func @batch_matmul_i16(%arg0: tensor<4x8x16xi16>, %arg1: tensor<4x16x5xi16>) -> tensor<4x8x5xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x8x16xi16>, tensor<4x16x5xi16>) -> tensor<4x8x5xi16>
  return %v0 : tensor<4x8x5xi16>
}

// CHECK: @contract_dim0_i16 result 0: ok
func.func @contract_dim0_i16(%arg0: tensor<17x33xi16>, %arg1: tensor<17x29xi16>) -> tensor<33x29xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<17x33xi16>, tensor<17x29xi16>) -> tensor<33x29xi16>
  return %v0 : tensor<33x29xi16>
}

// CHECK: @two_batch_dims_i16 result 0: ok
func.func @two_batch_dims_i16(%arg0: tensor<2x3x4x5xi16>, %arg1: tensor<2x3x5x6xi16>) -> tensor<2x3x4x6xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [0, 1] x [0, 1], contracting_dims = [3] x [2] : (tensor<2x3x4x5xi16>, tensor<2x3x5x6xi16>) -> tensor<2x3x4x6xi16>
  return %v0 : tensor<2x3x4x6xi16>
}

// CHECK: @permuted_batch_dims_i16 result 0: ok
func.func @permuted_batch_dims_i16(%arg0: tensor<4x2x5x3xi16>, %arg1: tensor<3x5x2x6xi16>) -> tensor<2x3x4x6xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, batching_dims = [1, 3] x [2, 0], contracting_dims = [2] x [1] : (tensor<4x2x5x3xi16>, tensor<3x5x2x6xi16>) -> tensor<2x3x4x6xi16>
  return %v0 : tensor<2x3x4x6xi16>
}

// CHECK: @empty_contraction_i16 result 0: ok
func.func @empty_contraction_i16(%arg0: tensor<3x0xi16>, %arg1: tensor<0x4xi16>) -> tensor<3x4xi16> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<3x0xi16>, tensor<0x4xi16>) -> tensor<3x4xi16>
  return %v0 : tensor<3x4xi16>
}

// Products and sums wrap around in i8.
// CHECK: @matmul_i8_wraps result 0: ok
func.func @matmul_i8_wraps(%arg0: tensor<16x64xi8>, %arg1: tensor<64x8xi8>) -> tensor<16x8xi8> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<16x64xi8>, tensor<64x8xi8>) -> tensor<16x8xi8>
  return %v0 : tensor<16x8xi8>
}

// A larger matmul, 64x128 times 128x96.
// CHECK: @matmul_large_f32 result 0: ok
func.func @matmul_large_f32(%arg0: tensor<64x128xf32>, %arg1: tensor<128x96xf32>) -> tensor<64x96xf32> {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x96xf32>) -> tensor<64x96xf32>
  return %v0 : tensor<64x96xf32>
}

// A matmul feeding elementwise ops, and one whose operand is a
// transposed value.
// CHECK: @matmul_epilogue_f32 result 0: ok
// CHECK: @matmul_epilogue_f32 result 1: ok
func.func @matmul_epilogue_f32(%arg0: tensor<12x20xf32>, %arg1: tensor<20x9xf32>, %arg2: tensor<9xf32>) -> (tensor<12x9xf32>, tensor<12x12xf32>) {
  %v0 = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [0] : (tensor<12x20xf32>, tensor<20x9xf32>) -> tensor<12x9xf32>
  %v1 = hlo.broadcast_in_dim %arg2, dims = [1] : (tensor<9xf32>) -> tensor<12x9xf32>
  %v2 = hlo.add %v0, %v1 : tensor<12x9xf32>
  %v3 = hlo.tanh %v2 : tensor<12x9xf32>
  %v4 = hlo.transpose %arg0, dims = [1, 0] : (tensor<12x20xf32>) -> tensor<20x12xf32>
  %v5 = hlo.dot_general %v4, %arg0, contracting_dims = [0] x [1] : (tensor<20x12xf32>, tensor<12x20xf32>) -> tensor<12x12xf32>
  return %v3, %v5 : tensor<12x9xf32>, tensor<12x12xf32>
}

// hlo.dot: vector.vector, matrix.vector,
// vector.matrix and matrix.matrix.
// CHECK: @dot_f32 result 0: ok
// CHECK: @dot_f32 result 1: ok
// CHECK: @dot_f32 result 2: ok
// CHECK: @dot_f32 result 3: ok
// CHECK: @dot_f32 result 4: ok
// CHECK: @dot_f32 result 5: ok
func.func @dot_f32(%arg0: tensor<6x10xf32>, %arg1: tensor<10x7xf32>, %arg2: tensor<10xf32>, %arg3: tensor<6xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<3x0xf32>) -> (tensor<f32>, tensor<6xf32>, tensor<10xf32>, tensor<6x7xf32>, tensor<0x0xf32>, tensor<3x3xf32>) {
  %v0 = hlo.dot %arg2, %arg2 : (tensor<10xf32>, tensor<10xf32>) -> tensor<f32>
  %v1 = hlo.dot %arg0, %arg2 : (tensor<6x10xf32>, tensor<10xf32>) -> tensor<6xf32>
  %v2 = hlo.dot %arg3, %arg0 : (tensor<6xf32>, tensor<6x10xf32>) -> tensor<10xf32>
  %v3 = hlo.dot %arg0, %arg1 : (tensor<6x10xf32>, tensor<10x7xf32>) -> tensor<6x7xf32>
  %v4 = hlo.dot %arg4, %arg5 : (tensor<0x3xf32>, tensor<3x0xf32>) -> tensor<0x0xf32>
  %v5 = hlo.dot %arg5, %arg4 : (tensor<3x0xf32>, tensor<0x3xf32>) -> tensor<3x3xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<6xf32>, tensor<10xf32>, tensor<6x7xf32>, tensor<0x0xf32>, tensor<3x3xf32>
}

// hlo.dot: vector.vector, matrix.vector,
// vector.matrix and matrix.matrix.
// CHECK: @dot_i32 result 0: ok
// CHECK: @dot_i32 result 1: ok
// CHECK: @dot_i32 result 2: ok
// CHECK: @dot_i32 result 3: ok
// CHECK: @dot_i32 result 4: ok
// CHECK: @dot_i32 result 5: ok
func.func @dot_i32(%arg0: tensor<6x10xi32>, %arg1: tensor<10x7xi32>, %arg2: tensor<10xi32>, %arg3: tensor<6xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<3x0xi32>) -> (tensor<i32>, tensor<6xi32>, tensor<10xi32>, tensor<6x7xi32>, tensor<0x0xi32>, tensor<3x3xi32>) {
  %v0 = hlo.dot %arg2, %arg2 : (tensor<10xi32>, tensor<10xi32>) -> tensor<i32>
  %v1 = hlo.dot %arg0, %arg2 : (tensor<6x10xi32>, tensor<10xi32>) -> tensor<6xi32>
  %v2 = hlo.dot %arg3, %arg0 : (tensor<6xi32>, tensor<6x10xi32>) -> tensor<10xi32>
  %v3 = hlo.dot %arg0, %arg1 : (tensor<6x10xi32>, tensor<10x7xi32>) -> tensor<6x7xi32>
  %v4 = hlo.dot %arg4, %arg5 : (tensor<0x3xi32>, tensor<3x0xi32>) -> tensor<0x0xi32>
  %v5 = hlo.dot %arg5, %arg4 : (tensor<3x0xi32>, tensor<0x3xi32>) -> tensor<3x3xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<6xi32>, tensor<10xi32>, tensor<6x7xi32>, tensor<0x0xi32>, tensor<3x3xi32>
}

// hlo.dot: vector.vector, matrix.vector,
// vector.matrix and matrix.matrix.
// CHECK: @dot_f16 result 0: ok
// CHECK: @dot_f16 result 1: ok
// CHECK: @dot_f16 result 2: ok
// CHECK: @dot_f16 result 3: ok
// CHECK: @dot_f16 result 4: ok
// CHECK: @dot_f16 result 5: ok
func.func @dot_f16(%arg0: tensor<6x10xf16>, %arg1: tensor<10x7xf16>, %arg2: tensor<10xf16>, %arg3: tensor<6xf16>, %arg4: tensor<0x3xf16>, %arg5: tensor<3x0xf16>) -> (tensor<f16>, tensor<6xf16>, tensor<10xf16>, tensor<6x7xf16>, tensor<0x0xf16>, tensor<3x3xf16>) {
  %v0 = hlo.dot %arg2, %arg2 : (tensor<10xf16>, tensor<10xf16>) -> tensor<f16>
  %v1 = hlo.dot %arg0, %arg2 : (tensor<6x10xf16>, tensor<10xf16>) -> tensor<6xf16>
  %v2 = hlo.dot %arg3, %arg0 : (tensor<6xf16>, tensor<6x10xf16>) -> tensor<10xf16>
  %v3 = hlo.dot %arg0, %arg1 : (tensor<6x10xf16>, tensor<10x7xf16>) -> tensor<6x7xf16>
  %v4 = hlo.dot %arg4, %arg5 : (tensor<0x3xf16>, tensor<3x0xf16>) -> tensor<0x0xf16>
  %v5 = hlo.dot %arg5, %arg4 : (tensor<3x0xf16>, tensor<0x3xf16>) -> tensor<3x3xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f16>, tensor<6xf16>, tensor<10xf16>, tensor<6x7xf16>, tensor<0x0xf16>, tensor<3x3xf16>
}
