// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" | FileCheck %s
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" | fuse-run - --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// Partial maxima and minima of unsigned integers start from the unsigned
// identities, 0 and all ones (the signed ones, 2^31 and 2^31 - 1, would win
// over every value below them).
// CHECK-LABEL: func.func @unsigned_extrema
// CHECK: scf.for
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<ui32>
// CHECK: hlo.reduce maximum(%{{.*}} init %[[ZERO]])
// CHECK: scf.for
// CHECK: %[[ONES:.*]] = hlo.constant dense<4294967295> : tensor<ui32>
// CHECK: hlo.reduce minimum(%{{.*}} init %[[ONES]])
// EXEC: @unsigned_extrema result 0: ok
// EXEC: @unsigned_extrema result 1: ok
func.func @unsigned_extrema(%x: tensor<4x2000xui32>) -> (tensor<4xui32>, tensor<4xui32>) {
  %zero = hlo.constant dense<0> : tensor<ui32>
  %ones = hlo.constant dense<4294967295> : tensor<ui32>
  %m = hlo.reduce maximum(%x init %zero) dims = [1] : (tensor<4x2000xui32>, tensor<ui32>) -> tensor<4xui32>
  %n = hlo.reduce minimum(%x init %ones) dims = [1] : (tensor<4x2000xui32>, tensor<ui32>) -> tensor<4xui32>
  return %m, %n : tensor<4xui32>, tensor<4xui32>
}
