// hlo.lu as Toledo's recursive LU: the columns split in halves at compile
// time down to panels of at most panel-width columns, each a loop over its
// columns on all the rows below it; the right half's rows are permuted by
// the left half's swaps (a gather), solved with the unit lower L11 and
// updated by one product; the trailing block's swaps are applied to L21.
// The runs compare the expanded program, compiled, with the interpreter's
// unblocked LU on the original: the factors, the pivots and the
// permutations, for a batch, an odd size (7 = 4 + 3, then 2 + 2 and
// 2 + 1), and a matrix whose second column is zero (a zero pivot).
// RUN: fuse-opt %s --hlo-expand-linear-algebra="panel-width=2" | FileCheck %s
// RUN: fuse-run %s --random-inputs=5 --interpret --outputs=%t.ref
// RUN: fuse-opt %s --hlo-expand-linear-algebra="block-size=2 panel-width=2" | fuse-run - --random-inputs=5 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-opt %s --hlo-expand-linear-algebra="panel-width=3" | fuse-run - --random-inputs=5 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-opt %s --hlo-expand-linear-algebra | fuse-run - --random-inputs=5 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: not fuse-opt %s --hlo-expand-linear-algebra="panel-width=0" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hlo-expand-linear-algebra: panel-width must be at least 1, not 0

// EXPANDED-COUNT-4: : ok

// The 7-column matrix at panel width 2: the leftmost panel (7 x 2) is a
// loop over its 2 columns; the next 2 columns' rows follow its swaps
// (gather), are solved and updated, and the 5 x 2 block below is a loop
// too.
// CHECK-LABEL: func.func @main(
// CHECK-NOT: hlo.lu
// CHECK: hlo.while{{.*}}tensor<7x2xf32>
// CHECK: hlo.gather {{.*}} -> tensor<7x2xf32>
// CHECK: hlo.dot_general {{.*}} -> tensor<5x2xf32>
// CHECK: hlo.while{{.*}}tensor<5x2xf32>
// CHECK: hlo.gather {{.*}} -> tensor<5x2xf32>
// CHECK: return
func.func @main(%x: tensor<2x6x6xf32>, %y: tensor<7x7xf32>)
    -> (tensor<2x6x6xf32>, tensor<2x6xi32>, tensor<7x7xf32>, tensor<7xi32>) {
  // The second column of %y made zero: its pivot is zero.
  %cols = hlo.iota dim = 1 : tensor<7x7xi32>
  %one = hlo.constant dense<1> : tensor<7x7xi32>
  %second = hlo.compare EQ, %cols, %one : tensor<7x7xi32>
  %zero = hlo.constant dense<0.0> : tensor<7x7xf32>
  %z = hlo.select %second, %zero, %y : tensor<7x7xi1>, tensor<7x7xf32>
  %lu, %pivots = hlo.lu %x : (tensor<2x6x6xf32>) -> (tensor<2x6x6xf32>, tensor<2x6xi32>)
  %lu7, %pivots7 = hlo.lu %z : (tensor<7x7xf32>) -> (tensor<7x7xf32>, tensor<7xi32>)
  return %lu, %pivots, %lu7, %pivots7
      : tensor<2x6x6xf32>, tensor<2x6xi32>, tensor<7x7xf32>, tensor<7xi32>
}
