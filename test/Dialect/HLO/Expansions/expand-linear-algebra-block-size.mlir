// Without block-size, the blocks are 64 rows for matrices of up to 512
// rows and 128 for larger ones: the leaf loops of a 512x512 factor carry
// 64x64 blocks, those of a 520x520 one 128x128 blocks (and of a 520x520
// solve, 128-row inverses). The numbers do not depend on the block size
// (expand-linear-algebra.mlir runs them at several).
// RUN: fuse-opt %s --hlo-expand-linear-algebra | FileCheck %s

// CHECK-LABEL: func.func @up_to_512
// CHECK-NOT: tensor<128x128xf32> cond
// CHECK: hlo.while({{.*}}) : tensor<i32>, tensor<64x64xf32> cond
// CHECK-NOT: tensor<128x128xf32> cond
// CHECK: return
func.func @up_to_512(%a: tensor<512x512xf32>) -> tensor<512x512xf32> {
  %l = hlo.cholesky %a {lower} : tensor<512x512xf32>
  return %l : tensor<512x512xf32>
}

// CHECK-LABEL: func.func @larger
// CHECK-NOT: tensor<64x64xf32> cond
// CHECK: hlo.while({{.*}}) : tensor<i32>, tensor<128x128xf32> cond
// CHECK-NOT: tensor<64x64xf32> cond
// CHECK: return
func.func @larger(%a: tensor<520x520xf32>, %b: tensor<520x4xf32>) -> (tensor<520x520xf32>, tensor<520x4xf32>) {
  %l = hlo.cholesky %a {lower} : tensor<520x520xf32>
  %x = hlo.triangular_solve %l, %b {left_side, lower} : (tensor<520x520xf32>, tensor<520x4xf32>) -> tensor<520x4xf32>
  return %l, %x : tensor<520x520xf32>, tensor<520x4xf32>
}
