// hlo.cholesky and hlo.triangular_solve become products over halves, split
// at compile time, with loops over blocks of block-size rows. The IR checks
// follow the recursion at block-size=2; the runs compare the expanded
// program, compiled, with the interpreter's textbook algorithms on the
// original, for every form of the solve, and for hlo.lu (whose recursion
// expand-linear-algebra-lu.mlir follows).
// RUN: fuse-opt %s --hlo-expand-linear-algebra="block-size=2" | FileCheck %s
// RUN: fuse-run %s --random-inputs=3 --interpret --outputs=%t.ref
// RUN: fuse-opt %s --hlo-expand-linear-algebra="block-size=2" | fuse-run - --random-inputs=3 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-opt %s --hlo-expand-linear-algebra="block-size=4 panel-width=4" | fuse-run - --random-inputs=3 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-run %s --random-inputs=3 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: not fuse-opt %s --hlo-expand-linear-algebra="block-size=-1" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hlo-expand-linear-algebra: block-size must be at least 0, not -1

// EXPANDED-COUNT-12: : ok

// A 6x6 factor at block size 2: the halves are 4 and 2 rows, the 4 again
// 2 and 2. Each leaf is a loop over its columns.
// CHECK-LABEL: func.func @main(
// CHECK-NOT: hlo.cholesky
// CHECK-NOT: hlo.triangular_solve
// CHECK-NOT: hlo.lu
// CHECK: hlo.while
// CHECK: hlo.dynamic_slice
// CHECK: hlo.sqrt
// CHECK: hlo.dot_general {{.*}} -> tensor<2x2x2xf32>
// CHECK: hlo.concatenate dim = 1, {{.*}} -> tensor<2x6x6xf32>
// CHECK: return
func.func @main(%x: tensor<2x6x6xf32>, %b: tensor<2x6x3xf32>, %c: tensor<2x3x6xf32>)
    -> (tensor<2x6x6xf32>, tensor<2x6x6xf32>, tensor<2x6x3xf32>, tensor<2x6x3xf32>,
        tensor<2x6x3xf32>, tensor<2x6x3xf32>, tensor<2x3x6xf32>, tensor<2x3x6xf32>,
        tensor<2x3x6xf32>, tensor<2x6x6xf32>, tensor<2x6x6xf32>, tensor<2x6xi32>) {
  // A = X X^T + 6 I is symmetric positive definite.
  %xxt = hlo.dot_general %x, %x, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x6x6xf32>, tensor<2x6x6xf32>) -> tensor<2x6x6xf32>
  %rows = hlo.iota dim = 1 : tensor<2x6x6xi32>
  %cols = hlo.iota dim = 2 : tensor<2x6x6xi32>
  %diagonal = hlo.compare EQ, %rows, %cols : tensor<2x6x6xi32>
  %six = hlo.constant dense<6.0> : tensor<2x6x6xf32>
  %zero = hlo.constant dense<0.0> : tensor<2x6x6xf32>
  %shift = hlo.select %diagonal, %six, %zero : tensor<2x6x6xi1>, tensor<2x6x6xf32>
  %a = hlo.add %xxt, %shift : tensor<2x6x6xf32>
  %l = hlo.cholesky %a {lower} : tensor<2x6x6xf32>
  %u = hlo.cholesky %a : tensor<2x6x6xf32>
  // L X = B, U X = B, L^T X = B, and with a unit diagonal.
  %s1 = hlo.triangular_solve %l, %b {left_side, lower} : (tensor<2x6x6xf32>, tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  %s2 = hlo.triangular_solve %u, %b {left_side} : (tensor<2x6x6xf32>, tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  %s3 = hlo.triangular_solve %l, %b {left_side, lower, transpose_a} : (tensor<2x6x6xf32>, tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  %s4 = hlo.triangular_solve %a, %b {left_side, lower, unit_diagonal} : (tensor<2x6x6xf32>, tensor<2x6x3xf32>) -> tensor<2x6x3xf32>
  // X L = C, X U^T = C, X U = C (A's other triangle is not read).
  %s5 = hlo.triangular_solve %l, %c {lower} : (tensor<2x6x6xf32>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %s6 = hlo.triangular_solve %u, %c {transpose_a} : (tensor<2x6x6xf32>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  %s7 = hlo.triangular_solve %a, %c : (tensor<2x6x6xf32>, tensor<2x3x6xf32>) -> tensor<2x3x6xf32>
  // Not positive definite: NaN from the first failed pivot on.
  %negative = hlo.negate %a : tensor<2x6x6xf32>
  %failed = hlo.cholesky %negative {lower} : tensor<2x6x6xf32>
  // LU with partial pivoting, each matrix of the batch its own pivots.
  %lu, %pivots = hlo.lu %x : (tensor<2x6x6xf32>) -> (tensor<2x6x6xf32>, tensor<2x6xi32>)
  return %l, %u, %s1, %s2, %s3, %s4, %s5, %s6, %s7, %failed, %lu, %pivots
      : tensor<2x6x6xf32>, tensor<2x6x6xf32>, tensor<2x6x3xf32>, tensor<2x6x3xf32>,
        tensor<2x6x3xf32>, tensor<2x6x3xf32>, tensor<2x3x6xf32>, tensor<2x3x6xf32>,
        tensor<2x3x6xf32>, tensor<2x6x6xf32>, tensor<2x6x6xf32>, tensor<2x6xi32>
}
