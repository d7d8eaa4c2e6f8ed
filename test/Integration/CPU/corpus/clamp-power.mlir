// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// Regression test: an integer power of a clamp with scalar bounds, fused
// into one loop, hung the compiler. The power's square-and-multiply loop ran
// a fixed bit-width count, LLVM unrolled it completely, and vectorizing the
// unrolled chain recursed without end in LLVM 22's loop vectorizer
// (vputils::isSingleScalar). The loop now runs while exponent bits remain.
// @main is the minimised program; @p21_989 is the one the fuzzer found
// (utils/fuzz/hlo_fuzz.py, seed 21).

// CHECK: @main result 0: ok
func.func @main(%x: tensor<1xi32>, %s: tensor<i32>) -> tensor<1xi32> {
  %r = hlo.fusion loop(%x, %s) : (tensor<1xi32>, tensor<i32>) -> tensor<1xi32> {
  ^bb0(%a: tensor<1xi32>, %t: tensor<i32>):
    %c = hlo.clamp %t, %a, %t : tensor<i32>, tensor<1xi32>, tensor<i32>
    %p = hlo.power %c, %a : tensor<1xi32>
    hlo.yield %p : tensor<1xi32>
  }
  return %r : tensor<1xi32>
}

// CHECK: @p21_989 result 0: ok
// CHECK: @p21_989 result 1: ok
func.func @p21_989(%arg0: tensor<i32>, %arg1: tensor<i32>) -> (tensor<i32>, tensor<2xi32>) {
  %0 = hlo.reshape %arg1 : (tensor<i32>) -> tensor<1xi32>
  %5:2 = hlo.fusion loop(%0) : (tensor<1xi32>) -> (tensor<1xi32>, tensor<i32>) {
  ^bb0(%1: tensor<1xi32>):
    %2 = hlo.reshape %1 : (tensor<1xi32>) -> tensor<i32>
    %3 = hlo.clamp %2, %1, %2 : tensor<i32>, tensor<1xi32>, tensor<i32>
    %4 = hlo.power %3, %1 : tensor<1xi32>
    hlo.yield %4, %2 : tensor<1xi32>, tensor<i32>
  }
  %6 = hlo.concatenate dim = 0, %5#0, %5#0 : (tensor<1xi32>, tensor<1xi32>) -> tensor<2xi32>
  return %5#1, %6 : tensor<i32>, tensor<2xi32>
}
