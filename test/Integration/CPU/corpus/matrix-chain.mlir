// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --dot-order | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: rm -rf %t && fuse-run %s --interpret --random-inputs=1 --outputs=%t/original
// RUN: fuse-opt %s --dot-order | fuse-run - --random-inputs=1 --outputs=%t/reordered
// RUN: %python %S/../Inputs/compare-results.py %t/original %t/reordered | FileCheck %s --check-prefix=ORIG

// Matrix chains, the subject of dot-order optimization:
//   c = (A B) v           with A 96x200, B 200x48, v 48
//   M = ((A B) C) D       with C 48x160, D 160x24
// One factor of each product (A, C, D and v) is scaled, as an initializer
// would scale weights by 1/sqrt(k) (k the contracted size), so that the
// entries of A B and A B C have a standard deviation of about 1 and those of
// the results about 0.5: the absolute rounding errors of the f32 sums then
// stay far below the comparison's atol of 1e-5 also where a result is
// close to 0.
// A reordering pass may compute A (B v) and A (B (C D)) instead; the
// results must agree within rounding. A B is used twice, so --dot-order
// keeps it and computes (A B) (C D). The ORIG lines compare the reordered
// program, compiled, with the interpreter of the original one, at the
// default f32 tolerances (rtol 1e-4, atol 1e-5).

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
// ORIG: result0: ok
// ORIG: result1: ok
func.func @main(%a: tensor<96x200xf32>, %b: tensor<200x48xf32>, %v: tensor<48xf32>,
                %c: tensor<48x160xf32>, %d: tensor<160x24xf32>) -> (tensor<96xf32>, tensor<96x24xf32>) {
  %sa = hlo.constant dense<0.0235702> : tensor<96x200xf32>
  %sc = hlo.constant dense<0.0833333> : tensor<48x160xf32>
  %sv = hlo.constant dense<0.0416667> : tensor<48xf32>
  %as = hlo.multiply %a, %sa : tensor<96x200xf32>
  %cs = hlo.multiply %c, %sc : tensor<48x160xf32>
  %vs = hlo.multiply %v, %sv : tensor<48xf32>
  %ab = hlo.dot_general %as, %b, contracting_dims = [1] x [0]
      : (tensor<96x200xf32>, tensor<200x48xf32>) -> tensor<96x48xf32>
  %abv = hlo.dot %ab, %vs : (tensor<96x48xf32>, tensor<48xf32>) -> tensor<96xf32>
  %abc = hlo.dot_general %ab, %cs, contracting_dims = [1] x [0]
      : (tensor<96x48xf32>, tensor<48x160xf32>) -> tensor<96x160xf32>
  %sd = hlo.constant dense<0.0228218> : tensor<160x24xf32>
  %ds = hlo.multiply %d, %sd : tensor<160x24xf32>
  %abcd = hlo.dot_general %abc, %ds, contracting_dims = [1] x [0]
      : (tensor<96x160xf32>, tensor<160x24xf32>) -> tensor<96x24xf32>
  return %abv, %abcd : tensor<96xf32>, tensor<96x24xf32>
}
