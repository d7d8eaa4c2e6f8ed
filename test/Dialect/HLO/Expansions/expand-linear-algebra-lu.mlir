// hlo.lu as LAPACK's blocked getrf: loops over panels of panel-width
// columns (the matrix padded with an identity block to whole panels), each
// panel factored a column at a time on all its rows, its row swaps applied
// to its rows (a gather), the rows right of it solved with the
// unit lower L11 (inverted by a loop) and the trailing block updated by one
// product. The runs compare the expanded program, compiled, with the
// interpreter's unblocked LU on the original: the factors and the pivots,
// for a batch, an odd size (7, padded to 8 at width 2, to 9 at width 3),
// and a matrix whose second column is zero (a zero pivot).
// RUN: fuse-opt %s --hlo-expand-linear-algebra="panel-width=2" | FileCheck %s
// RUN: fuse-run %s --random-inputs=5 --interpret --outputs=%t.ref
// RUN: fuse-opt %s --hlo-expand-linear-algebra="block-size=2 panel-width=2" | fuse-run - --random-inputs=5 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-opt %s --hlo-expand-linear-algebra="panel-width=3" | fuse-run - --random-inputs=5 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: fuse-opt %s --hlo-expand-linear-algebra | fuse-run - --random-inputs=5 --expected=%t.ref | FileCheck %s --check-prefix=EXPANDED
// RUN: not fuse-opt %s --hlo-expand-linear-algebra="panel-width=0" 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hlo-expand-linear-algebra: panel-width must be at least 1, not 0

// EXPANDED-COUNT-4: : ok

// The 7x7 matrix at panel width 2: padded to 8x8, two loops over 2 panels
// each. In the first, on the whole matrix, a loop over a panel's 2
// columns, the gather of the swaps, the loop inverting L11 and the
// trailing product. The second works on the rows from 4: the trailing 4x4
// block, factored and updated, and the rows' columns left of it, which
// only swap; the rows above stay as the first loop left them.
// CHECK-LABEL: func.func @main(
// CHECK-NOT: hlo.lu
// CHECK: hlo.pad {{.*}} -> tensor<8x8xf32>
// CHECK: %[[FIRST:.*]]:3 = hlo.while{{.*}}tensor<8x8xf32>, tensor<8xi32> cond
// CHECK: hlo.while{{.*}}tensor<8x2xf32>, tensor<2xi32>, tensor<8xi32>
// CHECK: hlo.gather {{.*}} -> tensor<8x8xf32>
// CHECK: hlo.while{{.*}}tensor<2x2xf32>
// CHECK: hlo.dot_general {{.*}} -> tensor<8x8xf32>
// CHECK: %[[TRAILING:.*]] = hlo.slice %[[FIRST]]#1, starts = [4, 4], limits = [8, 8]
// CHECK: %[[LEFT:.*]] = hlo.slice %[[FIRST]]#1, starts = [4, 0], limits = [8, 4]
// CHECK: %[[SECOND:.*]]:4 = hlo.while({{.*}} = %[[TRAILING]], {{.*}} = %[[FIRST]]#2, {{.*}} = %[[LEFT]]) : tensor<i32>, tensor<4x4xf32>, tensor<8xi32>, tensor<4x4xf32> cond
// CHECK: hlo.while{{.*}}tensor<4x2xf32>, tensor<2xi32>, tensor<4xi32>
// CHECK: hlo.gather {{.*}} -> tensor<4x4xf32>
// CHECK: hlo.dot_general {{.*}} -> tensor<4x4xf32>
// CHECK: hlo.gather {{.*}} -> tensor<4x4xf32>
// CHECK: %[[TOP:.*]] = hlo.slice %[[FIRST]]#1, starts = [0, 0], limits = [4, 8]
// CHECK: %[[BOTTOM:.*]] = hlo.concatenate dim = 1, %[[SECOND]]#3, %[[SECOND]]#1
// CHECK: hlo.concatenate dim = 0, %[[TOP]], %[[BOTTOM]] {{.*}} -> tensor<8x8xf32>
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
