// dot and dot_general lower to named linalg contractions where the layout
// matches one and to a generic (result loops, then contracting loops)
// otherwise. f16/bf16 accumulate in f32.
// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s

// CHECK-DAG: #[[$LHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d3, d0, d1)>
// CHECK-DAG: #[[$RHS:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
// CHECK-DAG: #[[$OUT:.*]] = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2)>

// CHECK-LABEL: func.func @matmul
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32)
// CHECK: linalg.matmul ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8x5xf32>) outs(%[[FILL]] : tensor<4x5xf32>)
func.func @matmul(%a: tensor<4x8xf32>, %b: tensor<8x5xf32>) -> tensor<4x5xf32> {
  %0 = hlo.dot %a, %b : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  return %0 : tensor<4x5xf32>
}

// CHECK-LABEL: func.func @matvec
// CHECK: linalg.matvec ins(%arg0, %arg1 : tensor<4x8xf32>, tensor<8xf32>)
func.func @matvec(%a: tensor<4x8xf32>, %v: tensor<8xf32>) -> tensor<4xf32> {
  %0 = hlo.dot %a, %v : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @vecmat
// CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK: linalg.vecmat ins(%arg0, %arg1 : tensor<4xi32>, tensor<4x8xi32>)
func.func @vecmat(%v: tensor<4xi32>, %a: tensor<4x8xi32>) -> tensor<8xi32> {
  %0 = hlo.dot %v, %a : (tensor<4xi32>, tensor<4x8xi32>) -> tensor<8xi32>
  return %0 : tensor<8xi32>
}

// CHECK-LABEL: func.func @inner
// CHECK: linalg.dot ins(%arg0, %arg1 : tensor<4xf64>, tensor<4xf64>) outs(%{{.*}} : tensor<f64>)
func.func @inner(%v: tensor<4xf64>, %w: tensor<4xf64>) -> tensor<f64> {
  %0 = hlo.dot %v, %w : (tensor<4xf64>, tensor<4xf64>) -> tensor<f64>
  return %0 : tensor<f64>
}

// CHECK-LABEL: func.func @batch_matmul_f16
// CHECK: %[[SUMS:.*]] = linalg.batch_matmul ins(%arg0, %arg1 : tensor<2x4x8xf16>, tensor<2x8x5xf16>) outs(%{{.*}} : tensor<2x4x5xf32>)
// CHECK: linalg.generic {{.*}} ins(%[[SUMS]] : tensor<2x4x5xf32>) outs(%{{.*}} : tensor<2x4x5xf16>)
// CHECK: arith.truncf %{{.*}} : f32 to f16
func.func @batch_matmul_f16(%a: tensor<2x4x8xf16>, %b: tensor<2x8x5xf16>) -> tensor<2x4x5xf16> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x4x8xf16>, tensor<2x8x5xf16>) -> tensor<2x4x5xf16>
  return %0 : tensor<2x4x5xf16>
}

// lhs 8x3x4 (contract 0, batch 1), rhs 3x5x8 (batch 0, contract 2).
// CHECK-LABEL: func.func @dot_general_generic
// CHECK: linalg.generic {indexing_maps = [#[[$LHS]], #[[$RHS]], #[[$OUT]]], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
// CHECK: %[[P:.*]] = arith.mulf
// CHECK: arith.addf %{{.*}}, %[[P]] : f32
func.func @dot_general_generic(%a: tensor<8x3x4xf32>, %b: tensor<3x5x8xf32>) -> tensor<3x4x5xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [1] x [0], contracting_dims = [0] x [2] : (tensor<8x3x4xf32>, tensor<3x5x8xf32>) -> tensor<3x4x5xf32>
  return %0 : tensor<3x4x5xf32>
}
