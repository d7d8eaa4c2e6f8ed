// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// Regression test: math.atan2's folder turns atan2 of two zeros into NaN,
// where libm, XLA and the interpreter give +-0 or +-pi by the signs. In a
// fusion whose body folds to constant zeros (found by utils/fuzz/hlo_fuzz.py,
// seed 3, emulated GPU tiling), the kernel returned NaN. The lowering picks
// the zero case itself.

// CHECK-LABEL: func.func @atan2
// CHECK:         linalg.generic
// CHECK:           %[[BOTH:.*]] = arith.andi
// CHECK:           math.copysign
// CHECK:           %[[ATAN:.*]] = math.atan2
// CHECK:           arith.select %[[BOTH]], %{{.*}}, %[[ATAN]]
func.func @atan2(%y: tensor<4xf32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.atan2 %y, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}

// Zeros the fused body folds: the iota of a size-1 dimension, selected
// either way.
// EXEC: @folded_zeros result 0: ok
func.func @folded_zeros(%x: tensor<1x4x4xi64>) -> tensor<1x4x4xf16> {
  %iota = hlo.iota dim = 0 : tensor<1x4x4xi64>
  %same = hlo.compare EQ, %x, %iota : tensor<1x4x4xi64>
  %zeros = hlo.select %same, %x, %iota : tensor<1x4x4xi1>, tensor<1x4x4xi64>
  %y = hlo.convert %zeros : (tensor<1x4x4xi64>) -> tensor<1x4x4xf16>
  %zero = hlo.constant dense<0.0> : tensor<1x4x4xf16>
  %r = hlo.atan2 %y, %zero : tensor<1x4x4xf16>
  return %r : tensor<1x4x4xf16>
}

// Zeros of both signs at run time (s * 0 takes the sign of s), against
// +0 and -0.
// EXEC: @signed_zeros result 0: ok
func.func @signed_zeros(%s: tensor<4xf32>) -> tensor<4xf32> {
  %zeros = hlo.constant dense<0.0> : tensor<4xf32>
  %y = hlo.multiply %s, %zeros : tensor<4xf32>
  %x = hlo.constant dense<[0.0, -0.0, 0.0, -0.0]> : tensor<4xf32>
  %r = hlo.atan2 %y, %x : tensor<4xf32>
  return %r : tensor<4xf32>
}
