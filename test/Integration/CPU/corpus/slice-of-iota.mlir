// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --convert-hlo-fusions-to-loop-nests --canonicalize | FileCheck %s --check-prefix=IR

// Regression test: a slice of an iota inside a fusion counted from 0. The
// fusion's loop nest computes only the slice's elements by slicing the
// producer (bubbling the slice up); linalg's own pattern for that kept the
// producer's loop indices as they were, so the iota along dimension 1 read
// 0 where the slice starts at 2. Indices are now offset by the slice's
// start. @main is the minimised program; @p1_273 is the one the fuzzer
// found (utils/fuzz/hlo_fuzz.py, seed 1, fused).

// CHECK: @main result 0: ok
// CHECK: @p1_273 result 0: ok
// CHECK: @p1_273 result 1: ok
// CHECK-NOT: MISMATCH

// The slice starts at (1, 2): the index along dimension 0 is offset by 1,
// and the one along dimension 1, of size 1, is the constant 2.
// IR:       #[[$PLUS_ONE:.*]] = affine_map<()[s0] -> (s0 + 1)>
// IR-LABEL: func.func @main
// IR:       %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// IR:       linalg.generic
// IR:         %[[I:.*]] = linalg.index 0
// IR:         %[[ROW:.*]] = affine.apply #[[$PLUS_ONE]]()[%[[I]]]
// IR:         arith.addf %{{.*}}, %[[TWO]]
func.func @main() -> tensor<4x1xf32> {
  %r = hlo.fusion loop() : () -> tensor<4x1xf32> {
    %i = hlo.iota dim = 1 : tensor<5x3xf32>
    %j = hlo.iota dim = 0 : tensor<5x3xf32>
    %s = hlo.add %i, %j : tensor<5x3xf32>
    %t = hlo.slice %s, starts = [1, 2], limits = [5, 3], strides = [1, 1] : (tensor<5x3xf32>) -> tensor<4x1xf32>
    hlo.yield %t : tensor<4x1xf32>
  }
  return %r : tensor<4x1xf32>
}

func.func @p1_273(%arg0: tensor<2x7xi32>, %arg1: tensor<3x4xi32>) -> (tensor<1x1xf64>, tensor<i32>) {
  %0 = hlo.constant dense<-1> : tensor<i32>
  %1 = hlo.reduce and(%arg1 init %0) dims = [0] : (tensor<3x4xi32>, tensor<i32>) -> tensor<4xi32>
  %2 = hlo.fusion input(%1) : (tensor<4xi32>) -> tensor<i32> {
  ^bb0(%arg2: tensor<4xi32>):
    %5 = hlo.constant dense<-2147483648> : tensor<i32>
    %6 = hlo.reduce maximum(%arg2 init %5) dims = [0] : (tensor<4xi32>, tensor<i32>) -> tensor<i32>
    %7 = hlo.shift_right_logical %6, %5 : tensor<i32>
    hlo.yield %7 : tensor<i32>
  }
  %3:2 = hlo.fusion input() : () -> (tensor<1x1xf64>, tensor<1x1xi64>) {
    %5 = hlo.constant dense<9223372036854775807> : tensor<i64>
    %6 = hlo.constant dense<0xFFF0000000000000> : tensor<f64>
    %7 = hlo.iota dim = 2 : tensor<7x7x3xf64>
    %8 = hlo.slice %7, starts = [6, 0, 2], limits = [7, 4, 3], strides = [1, 1, 1] : (tensor<7x7x3xf64>) -> tensor<1x4x1xf64>
    %9 = hlo.iota dim = 0 : tensor<1x4x1xi64>
    %10:2 = hlo.reduce(%8 init %6), (%9 init %5) dims = [1] : (tensor<1x4x1xf64>, tensor<1x4x1xi64>, tensor<f64>, tensor<i64>) -> (tensor<1x1xf64>, tensor<1x1xi64>) {
    ^bb0(%arg2: tensor<f64>, %arg3: tensor<i64>, %arg4: tensor<f64>, %arg5: tensor<i64>):
      %11 = hlo.compare GT, %arg4, %arg2 : tensor<f64>
      %12 = hlo.compare EQ, %arg4, %arg2 : tensor<f64>
      %13 = hlo.compare LT, %arg5, %arg3 : tensor<i64>
      %14 = hlo.and %12, %13 : tensor<i1>
      %15 = hlo.or %11, %14 : tensor<i1>
      %16 = hlo.select %15, %arg4, %arg2 : tensor<i1>, tensor<f64>
      %17 = hlo.select %15, %arg5, %arg3 : tensor<i1>, tensor<i64>
      hlo.return %16, %17 : tensor<f64>, tensor<i64>
    }
    hlo.yield %10#0, %10#1 : tensor<1x1xf64>, tensor<1x1xi64>
  }
  %4 = hlo.reverse %3#0, dims = [0, 1] : tensor<1x1xf64>
  return %4, %2 : tensor<1x1xf64>, tensor<i32>
}
