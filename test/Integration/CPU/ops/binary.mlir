// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// Every binary elementwise op on every element type it takes (float, integer
// and i1): f32, i32 and i1 on rank 0, size 1, zero-size, a size-1 middle
// dimension and a larger odd shape, the other types on rank 0 and an odd
// shape with a size-1 dimension; and the special operand pairs of
// docs/HLO.md. Random
// integers are in [-8, 8], so division and remainder by zero and negative
// exponents occur in the random inputs too.

// CHECK: @add_f32 result 0: ok
// CHECK: @add_f32 result 1: ok
// CHECK: @add_f32 result 2: ok
// CHECK: @add_f32 result 3: ok
// CHECK: @add_f32 result 4: ok
// CHECK: @add_f32 result 5: ok
func.func @add_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<f32>
  %v1 = hlo.add %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.add %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.add %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.add %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.add %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @add_f64 result 0: ok
// CHECK: @add_f64 result 1: ok
// CHECK: @add_f64 result 2: ok
func.func @add_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<f64>
  %v1 = hlo.add %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.add %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @add_f16 result 0: ok
// CHECK: @add_f16 result 1: ok
// CHECK: @add_f16 result 2: ok
func.func @add_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<f16>
  %v1 = hlo.add %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.add %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @add_bf16 result 0: ok
// CHECK: @add_bf16 result 1: ok
// CHECK: @add_bf16 result 2: ok
func.func @add_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.add %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.add %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @add_i8 result 0: ok
// CHECK: @add_i8 result 1: ok
// CHECK: @add_i8 result 2: ok
func.func @add_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<i8>
  %v1 = hlo.add %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.add %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @add_i16 result 0: ok
// CHECK: @add_i16 result 1: ok
// CHECK: @add_i16 result 2: ok
func.func @add_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<i16>
  %v1 = hlo.add %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.add %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @add_i32 result 0: ok
// CHECK: @add_i32 result 1: ok
// CHECK: @add_i32 result 2: ok
// CHECK: @add_i32 result 3: ok
// CHECK: @add_i32 result 4: ok
// CHECK: @add_i32 result 5: ok
func.func @add_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<i32>
  %v1 = hlo.add %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.add %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.add %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.add %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.add %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @add_i64 result 0: ok
// CHECK: @add_i64 result 1: ok
// CHECK: @add_i64 result 2: ok
func.func @add_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.add %arg0, %arg1 : tensor<i64>
  %v1 = hlo.add %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.add %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @subtract_f32 result 0: ok
// CHECK: @subtract_f32 result 1: ok
// CHECK: @subtract_f32 result 2: ok
// CHECK: @subtract_f32 result 3: ok
// CHECK: @subtract_f32 result 4: ok
// CHECK: @subtract_f32 result 5: ok
func.func @subtract_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<f32>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.subtract %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.subtract %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.subtract %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.subtract %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @subtract_f64 result 0: ok
// CHECK: @subtract_f64 result 1: ok
// CHECK: @subtract_f64 result 2: ok
func.func @subtract_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<f64>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.subtract %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @subtract_f16 result 0: ok
// CHECK: @subtract_f16 result 1: ok
// CHECK: @subtract_f16 result 2: ok
func.func @subtract_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<f16>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.subtract %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @subtract_bf16 result 0: ok
// CHECK: @subtract_bf16 result 1: ok
// CHECK: @subtract_bf16 result 2: ok
func.func @subtract_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.subtract %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @subtract_i8 result 0: ok
// CHECK: @subtract_i8 result 1: ok
// CHECK: @subtract_i8 result 2: ok
func.func @subtract_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<i8>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.subtract %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @subtract_i16 result 0: ok
// CHECK: @subtract_i16 result 1: ok
// CHECK: @subtract_i16 result 2: ok
func.func @subtract_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<i16>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.subtract %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @subtract_i32 result 0: ok
// CHECK: @subtract_i32 result 1: ok
// CHECK: @subtract_i32 result 2: ok
// CHECK: @subtract_i32 result 3: ok
// CHECK: @subtract_i32 result 4: ok
// CHECK: @subtract_i32 result 5: ok
func.func @subtract_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<i32>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.subtract %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.subtract %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.subtract %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.subtract %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @subtract_i64 result 0: ok
// CHECK: @subtract_i64 result 1: ok
// CHECK: @subtract_i64 result 2: ok
func.func @subtract_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.subtract %arg0, %arg1 : tensor<i64>
  %v1 = hlo.subtract %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.subtract %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @multiply_f32 result 0: ok
// CHECK: @multiply_f32 result 1: ok
// CHECK: @multiply_f32 result 2: ok
// CHECK: @multiply_f32 result 3: ok
// CHECK: @multiply_f32 result 4: ok
// CHECK: @multiply_f32 result 5: ok
func.func @multiply_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<f32>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.multiply %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.multiply %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.multiply %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.multiply %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @multiply_f64 result 0: ok
// CHECK: @multiply_f64 result 1: ok
// CHECK: @multiply_f64 result 2: ok
func.func @multiply_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<f64>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.multiply %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @multiply_f16 result 0: ok
// CHECK: @multiply_f16 result 1: ok
// CHECK: @multiply_f16 result 2: ok
func.func @multiply_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<f16>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.multiply %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @multiply_bf16 result 0: ok
// CHECK: @multiply_bf16 result 1: ok
// CHECK: @multiply_bf16 result 2: ok
func.func @multiply_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.multiply %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @multiply_i8 result 0: ok
// CHECK: @multiply_i8 result 1: ok
// CHECK: @multiply_i8 result 2: ok
func.func @multiply_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<i8>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.multiply %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @multiply_i16 result 0: ok
// CHECK: @multiply_i16 result 1: ok
// CHECK: @multiply_i16 result 2: ok
func.func @multiply_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<i16>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.multiply %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @multiply_i32 result 0: ok
// CHECK: @multiply_i32 result 1: ok
// CHECK: @multiply_i32 result 2: ok
// CHECK: @multiply_i32 result 3: ok
// CHECK: @multiply_i32 result 4: ok
// CHECK: @multiply_i32 result 5: ok
func.func @multiply_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<i32>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.multiply %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.multiply %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.multiply %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.multiply %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @multiply_i64 result 0: ok
// CHECK: @multiply_i64 result 1: ok
// CHECK: @multiply_i64 result 2: ok
func.func @multiply_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.multiply %arg0, %arg1 : tensor<i64>
  %v1 = hlo.multiply %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.multiply %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @divide_f32 result 0: ok
// CHECK: @divide_f32 result 1: ok
// CHECK: @divide_f32 result 2: ok
// CHECK: @divide_f32 result 3: ok
// CHECK: @divide_f32 result 4: ok
// CHECK: @divide_f32 result 5: ok
func.func @divide_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<f32>
  %v1 = hlo.divide %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.divide %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.divide %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.divide %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.divide %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @divide_f64 result 0: ok
// CHECK: @divide_f64 result 1: ok
// CHECK: @divide_f64 result 2: ok
func.func @divide_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<f64>
  %v1 = hlo.divide %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.divide %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @divide_f16 result 0: ok
// CHECK: @divide_f16 result 1: ok
// CHECK: @divide_f16 result 2: ok
func.func @divide_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<f16>
  %v1 = hlo.divide %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.divide %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @divide_bf16 result 0: ok
// CHECK: @divide_bf16 result 1: ok
// CHECK: @divide_bf16 result 2: ok
func.func @divide_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.divide %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.divide %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @divide_i8 result 0: ok
// CHECK: @divide_i8 result 1: ok
// CHECK: @divide_i8 result 2: ok
func.func @divide_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<i8>
  %v1 = hlo.divide %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.divide %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @divide_i16 result 0: ok
// CHECK: @divide_i16 result 1: ok
// CHECK: @divide_i16 result 2: ok
func.func @divide_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<i16>
  %v1 = hlo.divide %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.divide %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @divide_i32 result 0: ok
// CHECK: @divide_i32 result 1: ok
// CHECK: @divide_i32 result 2: ok
// CHECK: @divide_i32 result 3: ok
// CHECK: @divide_i32 result 4: ok
// CHECK: @divide_i32 result 5: ok
func.func @divide_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<i32>
  %v1 = hlo.divide %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.divide %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.divide %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.divide %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.divide %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @divide_i64 result 0: ok
// CHECK: @divide_i64 result 1: ok
// CHECK: @divide_i64 result 2: ok
func.func @divide_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.divide %arg0, %arg1 : tensor<i64>
  %v1 = hlo.divide %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.divide %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @remainder_f32 result 0: ok
// CHECK: @remainder_f32 result 1: ok
// CHECK: @remainder_f32 result 2: ok
// CHECK: @remainder_f32 result 3: ok
// CHECK: @remainder_f32 result 4: ok
// CHECK: @remainder_f32 result 5: ok
func.func @remainder_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<f32>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.remainder %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.remainder %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.remainder %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.remainder %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @remainder_f64 result 0: ok
// CHECK: @remainder_f64 result 1: ok
// CHECK: @remainder_f64 result 2: ok
func.func @remainder_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<f64>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.remainder %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @remainder_f16 result 0: ok
// CHECK: @remainder_f16 result 1: ok
// CHECK: @remainder_f16 result 2: ok
func.func @remainder_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<f16>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.remainder %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @remainder_bf16 result 0: ok
// CHECK: @remainder_bf16 result 1: ok
// CHECK: @remainder_bf16 result 2: ok
func.func @remainder_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.remainder %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @remainder_i8 result 0: ok
// CHECK: @remainder_i8 result 1: ok
// CHECK: @remainder_i8 result 2: ok
func.func @remainder_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<i8>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.remainder %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @remainder_i16 result 0: ok
// CHECK: @remainder_i16 result 1: ok
// CHECK: @remainder_i16 result 2: ok
func.func @remainder_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<i16>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.remainder %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @remainder_i32 result 0: ok
// CHECK: @remainder_i32 result 1: ok
// CHECK: @remainder_i32 result 2: ok
// CHECK: @remainder_i32 result 3: ok
// CHECK: @remainder_i32 result 4: ok
// CHECK: @remainder_i32 result 5: ok
func.func @remainder_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<i32>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.remainder %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.remainder %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.remainder %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.remainder %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @remainder_i64 result 0: ok
// CHECK: @remainder_i64 result 1: ok
// CHECK: @remainder_i64 result 2: ok
func.func @remainder_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.remainder %arg0, %arg1 : tensor<i64>
  %v1 = hlo.remainder %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.remainder %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @power_f32 result 0: ok
// CHECK: @power_f32 result 1: ok
// CHECK: @power_f32 result 2: ok
// CHECK: @power_f32 result 3: ok
// CHECK: @power_f32 result 4: ok
// CHECK: @power_f32 result 5: ok
func.func @power_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<f32>
  %v1 = hlo.power %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.power %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.power %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.power %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.power %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @power_f64 result 0: ok
// CHECK: @power_f64 result 1: ok
// CHECK: @power_f64 result 2: ok
func.func @power_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<f64>
  %v1 = hlo.power %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.power %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @power_f16 result 0: ok
// CHECK: @power_f16 result 1: ok
// CHECK: @power_f16 result 2: ok
func.func @power_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<f16>
  %v1 = hlo.power %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.power %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @power_bf16 result 0: ok
// CHECK: @power_bf16 result 1: ok
// CHECK: @power_bf16 result 2: ok
func.func @power_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.power %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.power %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @power_i8 result 0: ok
// CHECK: @power_i8 result 1: ok
// CHECK: @power_i8 result 2: ok
func.func @power_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<i8>
  %v1 = hlo.power %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.power %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @power_i16 result 0: ok
// CHECK: @power_i16 result 1: ok
// CHECK: @power_i16 result 2: ok
func.func @power_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<i16>
  %v1 = hlo.power %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.power %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @power_i32 result 0: ok
// CHECK: @power_i32 result 1: ok
// CHECK: @power_i32 result 2: ok
// CHECK: @power_i32 result 3: ok
// CHECK: @power_i32 result 4: ok
// CHECK: @power_i32 result 5: ok
func.func @power_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<i32>
  %v1 = hlo.power %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.power %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.power %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.power %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.power %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @power_i64 result 0: ok
// CHECK: @power_i64 result 1: ok
// CHECK: @power_i64 result 2: ok
func.func @power_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.power %arg0, %arg1 : tensor<i64>
  %v1 = hlo.power %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.power %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @maximum_f32 result 0: ok
// CHECK: @maximum_f32 result 1: ok
// CHECK: @maximum_f32 result 2: ok
// CHECK: @maximum_f32 result 3: ok
// CHECK: @maximum_f32 result 4: ok
// CHECK: @maximum_f32 result 5: ok
func.func @maximum_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<f32>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.maximum %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.maximum %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.maximum %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.maximum %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @maximum_f64 result 0: ok
// CHECK: @maximum_f64 result 1: ok
// CHECK: @maximum_f64 result 2: ok
func.func @maximum_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<f64>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.maximum %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @maximum_f16 result 0: ok
// CHECK: @maximum_f16 result 1: ok
// CHECK: @maximum_f16 result 2: ok
func.func @maximum_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<f16>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.maximum %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @maximum_bf16 result 0: ok
// CHECK: @maximum_bf16 result 1: ok
// CHECK: @maximum_bf16 result 2: ok
func.func @maximum_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.maximum %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @maximum_i8 result 0: ok
// CHECK: @maximum_i8 result 1: ok
// CHECK: @maximum_i8 result 2: ok
func.func @maximum_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<i8>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.maximum %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @maximum_i16 result 0: ok
// CHECK: @maximum_i16 result 1: ok
// CHECK: @maximum_i16 result 2: ok
func.func @maximum_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<i16>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.maximum %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @maximum_i32 result 0: ok
// CHECK: @maximum_i32 result 1: ok
// CHECK: @maximum_i32 result 2: ok
// CHECK: @maximum_i32 result 3: ok
// CHECK: @maximum_i32 result 4: ok
// CHECK: @maximum_i32 result 5: ok
func.func @maximum_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<i32>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.maximum %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.maximum %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.maximum %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.maximum %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @maximum_i64 result 0: ok
// CHECK: @maximum_i64 result 1: ok
// CHECK: @maximum_i64 result 2: ok
func.func @maximum_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.maximum %arg0, %arg1 : tensor<i64>
  %v1 = hlo.maximum %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.maximum %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @minimum_f32 result 0: ok
// CHECK: @minimum_f32 result 1: ok
// CHECK: @minimum_f32 result 2: ok
// CHECK: @minimum_f32 result 3: ok
// CHECK: @minimum_f32 result 4: ok
// CHECK: @minimum_f32 result 5: ok
func.func @minimum_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<f32>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.minimum %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.minimum %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.minimum %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.minimum %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @minimum_f64 result 0: ok
// CHECK: @minimum_f64 result 1: ok
// CHECK: @minimum_f64 result 2: ok
func.func @minimum_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<f64>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.minimum %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @minimum_f16 result 0: ok
// CHECK: @minimum_f16 result 1: ok
// CHECK: @minimum_f16 result 2: ok
func.func @minimum_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<f16>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.minimum %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @minimum_bf16 result 0: ok
// CHECK: @minimum_bf16 result 1: ok
// CHECK: @minimum_bf16 result 2: ok
func.func @minimum_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.minimum %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @minimum_i8 result 0: ok
// CHECK: @minimum_i8 result 1: ok
// CHECK: @minimum_i8 result 2: ok
func.func @minimum_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<i8>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<3x1x17xi8>
  %v2 = hlo.minimum %arg3, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1, %v2 : tensor<i8>, tensor<3x1x17xi8>, tensor<3x1x17xi8>
}

// CHECK: @minimum_i16 result 0: ok
// CHECK: @minimum_i16 result 1: ok
// CHECK: @minimum_i16 result 2: ok
func.func @minimum_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<i16>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<3x1x17xi16>
  %v2 = hlo.minimum %arg3, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1, %v2 : tensor<i16>, tensor<3x1x17xi16>, tensor<3x1x17xi16>
}

// CHECK: @minimum_i32 result 0: ok
// CHECK: @minimum_i32 result 1: ok
// CHECK: @minimum_i32 result 2: ok
// CHECK: @minimum_i32 result 3: ok
// CHECK: @minimum_i32 result 4: ok
// CHECK: @minimum_i32 result 5: ok
func.func @minimum_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<i32>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.minimum %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.minimum %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.minimum %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.minimum %arg9, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @minimum_i64 result 0: ok
// CHECK: @minimum_i64 result 1: ok
// CHECK: @minimum_i64 result 2: ok
func.func @minimum_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>) {
  %v0 = hlo.minimum %arg0, %arg1 : tensor<i64>
  %v1 = hlo.minimum %arg2, %arg3 : tensor<3x1x17xi64>
  %v2 = hlo.minimum %arg3, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1, %v2 : tensor<i64>, tensor<3x1x17xi64>, tensor<3x1x17xi64>
}

// CHECK: @atan2_f32 result 0: ok
// CHECK: @atan2_f32 result 1: ok
// CHECK: @atan2_f32 result 2: ok
// CHECK: @atan2_f32 result 3: ok
// CHECK: @atan2_f32 result 4: ok
// CHECK: @atan2_f32 result 5: ok
func.func @atan2_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.atan2 %arg0, %arg1 : tensor<f32>
  %v1 = hlo.atan2 %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.atan2 %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.atan2 %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.atan2 %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.atan2 %arg9, %arg9 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @atan2_f64 result 0: ok
// CHECK: @atan2_f64 result 1: ok
// CHECK: @atan2_f64 result 2: ok
func.func @atan2_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<3x1x17xf64>, %arg3: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>) {
  %v0 = hlo.atan2 %arg0, %arg1 : tensor<f64>
  %v1 = hlo.atan2 %arg2, %arg3 : tensor<3x1x17xf64>
  %v2 = hlo.atan2 %arg3, %arg3 : tensor<3x1x17xf64>
  return %v0, %v1, %v2 : tensor<f64>, tensor<3x1x17xf64>, tensor<3x1x17xf64>
}

// CHECK: @atan2_f16 result 0: ok
// CHECK: @atan2_f16 result 1: ok
// CHECK: @atan2_f16 result 2: ok
func.func @atan2_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<3x1x17xf16>, %arg3: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.atan2 %arg0, %arg1 : tensor<f16>
  %v1 = hlo.atan2 %arg2, %arg3 : tensor<3x1x17xf16>
  %v2 = hlo.atan2 %arg3, %arg3 : tensor<3x1x17xf16>
  return %v0, %v1, %v2 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @atan2_bf16 result 0: ok
// CHECK: @atan2_bf16 result 1: ok
// CHECK: @atan2_bf16 result 2: ok
func.func @atan2_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<3x1x17xbf16>, %arg3: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.atan2 %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.atan2 %arg2, %arg3 : tensor<3x1x17xbf16>
  %v2 = hlo.atan2 %arg3, %arg3 : tensor<3x1x17xbf16>
  return %v0, %v1, %v2 : tensor<bf16>, tensor<3x1x17xbf16>, tensor<3x1x17xbf16>
}

// CHECK: @and_i8 result 0: ok
// CHECK: @and_i8 result 1: ok
func.func @and_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.and %arg0, %arg1 : tensor<i8>
  %v1 = hlo.and %arg2, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @and_i16 result 0: ok
// CHECK: @and_i16 result 1: ok
func.func @and_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.and %arg0, %arg1 : tensor<i16>
  %v1 = hlo.and %arg2, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @and_i32 result 0: ok
// CHECK: @and_i32 result 1: ok
// CHECK: @and_i32 result 2: ok
// CHECK: @and_i32 result 3: ok
// CHECK: @and_i32 result 4: ok
func.func @and_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.and %arg0, %arg1 : tensor<i32>
  %v1 = hlo.and %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.and %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.and %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.and %arg8, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @and_i64 result 0: ok
// CHECK: @and_i64 result 1: ok
func.func @and_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.and %arg0, %arg1 : tensor<i64>
  %v1 = hlo.and %arg2, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @and_i1 result 0: ok
// CHECK: @and_i1 result 1: ok
// CHECK: @and_i1 result 2: ok
// CHECK: @and_i1 result 3: ok
// CHECK: @and_i1 result 4: ok
func.func @and_i1(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<1xi1>, %arg3: tensor<1xi1>, %arg4: tensor<0x3xi1>, %arg5: tensor<0x3xi1>, %arg6: tensor<2x1x3xi1>, %arg7: tensor<2x1x3xi1>, %arg8: tensor<5x67xi1>, %arg9: tensor<5x67xi1>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>) {
  %v0 = hlo.and %arg0, %arg1 : tensor<i1>
  %v1 = hlo.and %arg2, %arg3 : tensor<1xi1>
  %v2 = hlo.and %arg4, %arg5 : tensor<0x3xi1>
  %v3 = hlo.and %arg6, %arg7 : tensor<2x1x3xi1>
  %v4 = hlo.and %arg8, %arg9 : tensor<5x67xi1>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>
}

// CHECK: @or_i8 result 0: ok
// CHECK: @or_i8 result 1: ok
func.func @or_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.or %arg0, %arg1 : tensor<i8>
  %v1 = hlo.or %arg2, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @or_i16 result 0: ok
// CHECK: @or_i16 result 1: ok
func.func @or_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.or %arg0, %arg1 : tensor<i16>
  %v1 = hlo.or %arg2, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @or_i32 result 0: ok
// CHECK: @or_i32 result 1: ok
// CHECK: @or_i32 result 2: ok
// CHECK: @or_i32 result 3: ok
// CHECK: @or_i32 result 4: ok
func.func @or_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.or %arg0, %arg1 : tensor<i32>
  %v1 = hlo.or %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.or %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.or %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.or %arg8, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @or_i64 result 0: ok
// CHECK: @or_i64 result 1: ok
func.func @or_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.or %arg0, %arg1 : tensor<i64>
  %v1 = hlo.or %arg2, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @or_i1 result 0: ok
// CHECK: @or_i1 result 1: ok
// CHECK: @or_i1 result 2: ok
// CHECK: @or_i1 result 3: ok
// CHECK: @or_i1 result 4: ok
func.func @or_i1(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<1xi1>, %arg3: tensor<1xi1>, %arg4: tensor<0x3xi1>, %arg5: tensor<0x3xi1>, %arg6: tensor<2x1x3xi1>, %arg7: tensor<2x1x3xi1>, %arg8: tensor<5x67xi1>, %arg9: tensor<5x67xi1>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>) {
  %v0 = hlo.or %arg0, %arg1 : tensor<i1>
  %v1 = hlo.or %arg2, %arg3 : tensor<1xi1>
  %v2 = hlo.or %arg4, %arg5 : tensor<0x3xi1>
  %v3 = hlo.or %arg6, %arg7 : tensor<2x1x3xi1>
  %v4 = hlo.or %arg8, %arg9 : tensor<5x67xi1>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>
}

// CHECK: @xor_i8 result 0: ok
// CHECK: @xor_i8 result 1: ok
func.func @xor_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<3x1x17xi8>, %arg3: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.xor %arg0, %arg1 : tensor<i8>
  %v1 = hlo.xor %arg2, %arg3 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @xor_i16 result 0: ok
// CHECK: @xor_i16 result 1: ok
func.func @xor_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<3x1x17xi16>, %arg3: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.xor %arg0, %arg1 : tensor<i16>
  %v1 = hlo.xor %arg2, %arg3 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @xor_i32 result 0: ok
// CHECK: @xor_i32 result 1: ok
// CHECK: @xor_i32 result 2: ok
// CHECK: @xor_i32 result 3: ok
// CHECK: @xor_i32 result 4: ok
func.func @xor_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.xor %arg0, %arg1 : tensor<i32>
  %v1 = hlo.xor %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.xor %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.xor %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.xor %arg8, %arg9 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @xor_i64 result 0: ok
// CHECK: @xor_i64 result 1: ok
func.func @xor_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<3x1x17xi64>, %arg3: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.xor %arg0, %arg1 : tensor<i64>
  %v1 = hlo.xor %arg2, %arg3 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @xor_i1 result 0: ok
// CHECK: @xor_i1 result 1: ok
// CHECK: @xor_i1 result 2: ok
// CHECK: @xor_i1 result 3: ok
// CHECK: @xor_i1 result 4: ok
func.func @xor_i1(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<1xi1>, %arg3: tensor<1xi1>, %arg4: tensor<0x3xi1>, %arg5: tensor<0x3xi1>, %arg6: tensor<2x1x3xi1>, %arg7: tensor<2x1x3xi1>, %arg8: tensor<5x67xi1>, %arg9: tensor<5x67xi1>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>) {
  %v0 = hlo.xor %arg0, %arg1 : tensor<i1>
  %v1 = hlo.xor %arg2, %arg3 : tensor<1xi1>
  %v2 = hlo.xor %arg4, %arg5 : tensor<0x3xi1>
  %v3 = hlo.xor %arg6, %arg7 : tensor<2x1x3xi1>
  %v4 = hlo.xor %arg8, %arg9 : tensor<5x67xi1>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>
}

// NaN, infinities and signed zeros on either side, x % 0, x % inf,
// pow of negative bases and of zeros, atan2 of signed zeros (f32).
// CHECK: @special_values_f32 result 0: ok
// CHECK: @special_values_f32 result 1: ok
// CHECK: @special_values_f32 result 2: ok
// CHECK: @special_values_f32 result 3: ok
// CHECK: @special_values_f32 result 4: ok
// CHECK: @special_values_f32 result 5: ok
// CHECK: @special_values_f32 result 6: ok
// CHECK: @special_values_f32 result 7: ok
// CHECK: @special_values_f32 result 8: ok
func.func @special_values_f32(%arg0: tensor<28xf32>, %arg1: tensor<28xf32>) -> (tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<28xf32>
  %v1 = hlo.constant dense<[0x7FC00000, 1.0, 0x7FC00000, 0x7F800000, 0xFF800000, 0x7F800000, 0.0, -0.0, 0.0, -0.0, 5.5, -5.5, 5.5, -5.5, 7.0, 7.0, 0.0, -0.0, -2.0, 2.0, -8.0, 1.0, 0x7F800000, -1.0, 0.5, 3.0, -3.0, -0.0]> : tensor<28xf32>
  %v2 = hlo.abs %arg0 : tensor<28xf32>
  %v3 = hlo.multiply %v2, %v0 : tensor<28xf32>
  %v4 = hlo.subtract %v1, %v3 : tensor<28xf32>
  %v5 = hlo.constant dense<0.0> : tensor<28xf32>
  %v6 = hlo.constant dense<[1.0, 0x7FC00000, 0.0, 0x7F800000, 0x7F800000, 0xFF800000, -0.0, 0.0, 0.0, -0.0, 2.0, 2.0, -2.0, 0.0, 0x7F800000, 0xFF800000, -3.0, -3.0, 3.0, -0.5, 0.5, 0x7F800000, 0.0, -0.0, -1.0, 1.5, -1.5, 1.0]> : tensor<28xf32>
  %v7 = hlo.abs %arg1 : tensor<28xf32>
  %v8 = hlo.multiply %v7, %v5 : tensor<28xf32>
  %v9 = hlo.subtract %v6, %v8 : tensor<28xf32>
  %v10 = hlo.add %v4, %v9 : tensor<28xf32>
  %v11 = hlo.subtract %v4, %v9 : tensor<28xf32>
  %v12 = hlo.multiply %v4, %v9 : tensor<28xf32>
  %v13 = hlo.divide %v4, %v9 : tensor<28xf32>
  %v14 = hlo.remainder %v4, %v9 : tensor<28xf32>
  %v15 = hlo.power %v4, %v9 : tensor<28xf32>
  %v16 = hlo.maximum %v4, %v9 : tensor<28xf32>
  %v17 = hlo.minimum %v4, %v9 : tensor<28xf32>
  %v18 = hlo.atan2 %v4, %v9 : tensor<28xf32>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18 : tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>, tensor<28xf32>
}

// NaN, infinities and signed zeros on either side, x % 0, x % inf,
// pow of negative bases and of zeros, atan2 of signed zeros (f64).
// CHECK: @special_values_f64 result 0: ok
// CHECK: @special_values_f64 result 1: ok
// CHECK: @special_values_f64 result 2: ok
// CHECK: @special_values_f64 result 3: ok
// CHECK: @special_values_f64 result 4: ok
// CHECK: @special_values_f64 result 5: ok
// CHECK: @special_values_f64 result 6: ok
// CHECK: @special_values_f64 result 7: ok
// CHECK: @special_values_f64 result 8: ok
func.func @special_values_f64(%arg0: tensor<28xf64>, %arg1: tensor<28xf64>) -> (tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>) {
  %v0 = hlo.constant dense<0.0> : tensor<28xf64>
  %v1 = hlo.constant dense<[0x7FF8000000000000, 1.0, 0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0x7FF0000000000000, 0.0, -0.0, 0.0, -0.0, 5.5, -5.5, 5.5, -5.5, 7.0, 7.0, 0.0, -0.0, -2.0, 2.0, -8.0, 1.0, 0x7FF0000000000000, -1.0, 0.5, 3.0, -3.0, -0.0]> : tensor<28xf64>
  %v2 = hlo.abs %arg0 : tensor<28xf64>
  %v3 = hlo.multiply %v2, %v0 : tensor<28xf64>
  %v4 = hlo.subtract %v1, %v3 : tensor<28xf64>
  %v5 = hlo.constant dense<0.0> : tensor<28xf64>
  %v6 = hlo.constant dense<[1.0, 0x7FF8000000000000, 0.0, 0x7FF0000000000000, 0x7FF0000000000000, 0xFFF0000000000000, -0.0, 0.0, 0.0, -0.0, 2.0, 2.0, -2.0, 0.0, 0x7FF0000000000000, 0xFFF0000000000000, -3.0, -3.0, 3.0, -0.5, 0.5, 0x7FF0000000000000, 0.0, -0.0, -1.0, 1.5, -1.5, 1.0]> : tensor<28xf64>
  %v7 = hlo.abs %arg1 : tensor<28xf64>
  %v8 = hlo.multiply %v7, %v5 : tensor<28xf64>
  %v9 = hlo.subtract %v6, %v8 : tensor<28xf64>
  %v10 = hlo.add %v4, %v9 : tensor<28xf64>
  %v11 = hlo.subtract %v4, %v9 : tensor<28xf64>
  %v12 = hlo.multiply %v4, %v9 : tensor<28xf64>
  %v13 = hlo.divide %v4, %v9 : tensor<28xf64>
  %v14 = hlo.remainder %v4, %v9 : tensor<28xf64>
  %v15 = hlo.power %v4, %v9 : tensor<28xf64>
  %v16 = hlo.maximum %v4, %v9 : tensor<28xf64>
  %v17 = hlo.minimum %v4, %v9 : tensor<28xf64>
  %v18 = hlo.atan2 %v4, %v9 : tensor<28xf64>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18 : tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>, tensor<28xf64>
}

// NaN, infinities and signed zeros on either side, x % 0, x % inf,
// pow of negative bases and of zeros, atan2 of signed zeros (f16).
// CHECK: @special_values_f16 result 0: ok
// CHECK: @special_values_f16 result 1: ok
// CHECK: @special_values_f16 result 2: ok
// CHECK: @special_values_f16 result 3: ok
// CHECK: @special_values_f16 result 4: ok
// CHECK: @special_values_f16 result 5: ok
// CHECK: @special_values_f16 result 6: ok
// CHECK: @special_values_f16 result 7: ok
// CHECK: @special_values_f16 result 8: ok
func.func @special_values_f16(%arg0: tensor<28xf16>, %arg1: tensor<28xf16>) -> (tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>) {
  %v0 = hlo.constant dense<0.0> : tensor<28xf16>
  %v1 = hlo.constant dense<[0x7E00, 1.0, 0x7E00, 0x7C00, 0xFC00, 0x7C00, 0.0, -0.0, 0.0, -0.0, 5.5, -5.5, 5.5, -5.5, 7.0, 7.0, 0.0, -0.0, -2.0, 2.0, -8.0, 1.0, 0x7C00, -1.0, 0.5, 3.0, -3.0, -0.0]> : tensor<28xf16>
  %v2 = hlo.abs %arg0 : tensor<28xf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<28xf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<28xf16>
  %v5 = hlo.constant dense<0.0> : tensor<28xf16>
  %v6 = hlo.constant dense<[1.0, 0x7E00, 0.0, 0x7C00, 0x7C00, 0xFC00, -0.0, 0.0, 0.0, -0.0, 2.0, 2.0, -2.0, 0.0, 0x7C00, 0xFC00, -3.0, -3.0, 3.0, -0.5, 0.5, 0x7C00, 0.0, -0.0, -1.0, 1.5, -1.5, 1.0]> : tensor<28xf16>
  %v7 = hlo.abs %arg1 : tensor<28xf16>
  %v8 = hlo.multiply %v7, %v5 : tensor<28xf16>
  %v9 = hlo.subtract %v6, %v8 : tensor<28xf16>
  %v10 = hlo.add %v4, %v9 : tensor<28xf16>
  %v11 = hlo.subtract %v4, %v9 : tensor<28xf16>
  %v12 = hlo.multiply %v4, %v9 : tensor<28xf16>
  %v13 = hlo.divide %v4, %v9 : tensor<28xf16>
  %v14 = hlo.remainder %v4, %v9 : tensor<28xf16>
  %v15 = hlo.power %v4, %v9 : tensor<28xf16>
  %v16 = hlo.maximum %v4, %v9 : tensor<28xf16>
  %v17 = hlo.minimum %v4, %v9 : tensor<28xf16>
  %v18 = hlo.atan2 %v4, %v9 : tensor<28xf16>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18 : tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>, tensor<28xf16>
}

// NaN, infinities and signed zeros on either side, x % 0, x % inf,
// pow of negative bases and of zeros, atan2 of signed zeros (bf16).
// CHECK: @special_values_bf16 result 0: ok
// CHECK: @special_values_bf16 result 1: ok
// CHECK: @special_values_bf16 result 2: ok
// CHECK: @special_values_bf16 result 3: ok
// CHECK: @special_values_bf16 result 4: ok
// CHECK: @special_values_bf16 result 5: ok
// CHECK: @special_values_bf16 result 6: ok
// CHECK: @special_values_bf16 result 7: ok
// CHECK: @special_values_bf16 result 8: ok
func.func @special_values_bf16(%arg0: tensor<28xbf16>, %arg1: tensor<28xbf16>) -> (tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>) {
  %v0 = hlo.constant dense<0.0> : tensor<28xbf16>
  %v1 = hlo.constant dense<[0x7FC0, 1.0, 0x7FC0, 0x7F80, 0xFF80, 0x7F80, 0.0, -0.0, 0.0, -0.0, 5.5, -5.5, 5.5, -5.5, 7.0, 7.0, 0.0, -0.0, -2.0, 2.0, -8.0, 1.0, 0x7F80, -1.0, 0.5, 3.0, -3.0, -0.0]> : tensor<28xbf16>
  %v2 = hlo.abs %arg0 : tensor<28xbf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<28xbf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<28xbf16>
  %v5 = hlo.constant dense<0.0> : tensor<28xbf16>
  %v6 = hlo.constant dense<[1.0, 0x7FC0, 0.0, 0x7F80, 0x7F80, 0xFF80, -0.0, 0.0, 0.0, -0.0, 2.0, 2.0, -2.0, 0.0, 0x7F80, 0xFF80, -3.0, -3.0, 3.0, -0.5, 0.5, 0x7F80, 0.0, -0.0, -1.0, 1.5, -1.5, 1.0]> : tensor<28xbf16>
  %v7 = hlo.abs %arg1 : tensor<28xbf16>
  %v8 = hlo.multiply %v7, %v5 : tensor<28xbf16>
  %v9 = hlo.subtract %v6, %v8 : tensor<28xbf16>
  %v10 = hlo.add %v4, %v9 : tensor<28xbf16>
  %v11 = hlo.subtract %v4, %v9 : tensor<28xbf16>
  %v12 = hlo.multiply %v4, %v9 : tensor<28xbf16>
  %v13 = hlo.divide %v4, %v9 : tensor<28xbf16>
  %v14 = hlo.remainder %v4, %v9 : tensor<28xbf16>
  %v15 = hlo.power %v4, %v9 : tensor<28xbf16>
  %v16 = hlo.maximum %v4, %v9 : tensor<28xbf16>
  %v17 = hlo.minimum %v4, %v9 : tensor<28xbf16>
  %v18 = hlo.atan2 %v4, %v9 : tensor<28xbf16>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18 : tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>, tensor<28xbf16>
}

// x / 0 = -1, x % 0 = x, INT_MIN / -1, INT_MIN % -1, negative
// exponents, overflowing products and powers (i8).
// CHECK: @special_values_i8 result 0: ok
// CHECK: @special_values_i8 result 1: ok
// CHECK: @special_values_i8 result 2: ok
// CHECK: @special_values_i8 result 3: ok
// CHECK: @special_values_i8 result 4: ok
// CHECK: @special_values_i8 result 5: ok
// CHECK: @special_values_i8 result 6: ok
// CHECK: @special_values_i8 result 7: ok
// CHECK: @special_values_i8 result 8: ok
// CHECK: @special_values_i8 result 9: ok
// CHECK: @special_values_i8 result 10: ok
func.func @special_values_i8(%arg0: tensor<22xi8>, %arg1: tensor<22xi8>) -> (tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>) {
  %v0 = hlo.constant dense<[7, -7, 7, -128, 5, 3, -128, 127, -1, 2, 0, 0, 1, -1, 3, -128, 127, -7, -128, 127, -3, -2]> : tensor<22xi8>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<22xi8>
  %v2 = hlo.add %v0, %v1 : tensor<22xi8>
  %v3 = hlo.constant dense<[-2, 2, 0, -1, 3, -1, 1, -1, 5, 62, 0, -3, -5, -5, 4, 2, 2, -2, -128, -128, 3, 7]> : tensor<22xi8>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<22xi8>
  %v5 = hlo.add %v3, %v4 : tensor<22xi8>
  %v6 = hlo.add %v2, %v5 : tensor<22xi8>
  %v7 = hlo.subtract %v2, %v5 : tensor<22xi8>
  %v8 = hlo.multiply %v2, %v5 : tensor<22xi8>
  %v9 = hlo.divide %v2, %v5 : tensor<22xi8>
  %v10 = hlo.remainder %v2, %v5 : tensor<22xi8>
  %v11 = hlo.power %v2, %v5 : tensor<22xi8>
  %v12 = hlo.maximum %v2, %v5 : tensor<22xi8>
  %v13 = hlo.minimum %v2, %v5 : tensor<22xi8>
  %v14 = hlo.and %v2, %v5 : tensor<22xi8>
  %v15 = hlo.or %v2, %v5 : tensor<22xi8>
  %v16 = hlo.xor %v2, %v5 : tensor<22xi8>
  return %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>, tensor<22xi8>
}

// x / 0 = -1, x % 0 = x, INT_MIN / -1, INT_MIN % -1, negative
// exponents, overflowing products and powers (i16).
// CHECK: @special_values_i16 result 0: ok
// CHECK: @special_values_i16 result 1: ok
// CHECK: @special_values_i16 result 2: ok
// CHECK: @special_values_i16 result 3: ok
// CHECK: @special_values_i16 result 4: ok
// CHECK: @special_values_i16 result 5: ok
// CHECK: @special_values_i16 result 6: ok
// CHECK: @special_values_i16 result 7: ok
// CHECK: @special_values_i16 result 8: ok
// CHECK: @special_values_i16 result 9: ok
// CHECK: @special_values_i16 result 10: ok
func.func @special_values_i16(%arg0: tensor<22xi16>, %arg1: tensor<22xi16>) -> (tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>) {
  %v0 = hlo.constant dense<[7, -7, 7, -32768, 5, 3, -32768, 32767, -1, 2, 0, 0, 1, -1, 3, -32768, 32767, -7, -32768, 32767, -3, -2]> : tensor<22xi16>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<22xi16>
  %v2 = hlo.add %v0, %v1 : tensor<22xi16>
  %v3 = hlo.constant dense<[-2, 2, 0, -1, 3, -1, 1, -1, 5, 62, 0, -3, -5, -5, 4, 2, 2, -2, -32768, -32768, 3, 7]> : tensor<22xi16>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<22xi16>
  %v5 = hlo.add %v3, %v4 : tensor<22xi16>
  %v6 = hlo.add %v2, %v5 : tensor<22xi16>
  %v7 = hlo.subtract %v2, %v5 : tensor<22xi16>
  %v8 = hlo.multiply %v2, %v5 : tensor<22xi16>
  %v9 = hlo.divide %v2, %v5 : tensor<22xi16>
  %v10 = hlo.remainder %v2, %v5 : tensor<22xi16>
  %v11 = hlo.power %v2, %v5 : tensor<22xi16>
  %v12 = hlo.maximum %v2, %v5 : tensor<22xi16>
  %v13 = hlo.minimum %v2, %v5 : tensor<22xi16>
  %v14 = hlo.and %v2, %v5 : tensor<22xi16>
  %v15 = hlo.or %v2, %v5 : tensor<22xi16>
  %v16 = hlo.xor %v2, %v5 : tensor<22xi16>
  return %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>, tensor<22xi16>
}

// x / 0 = -1, x % 0 = x, INT_MIN / -1, INT_MIN % -1, negative
// exponents, overflowing products and powers (i32).
// CHECK: @special_values_i32 result 0: ok
// CHECK: @special_values_i32 result 1: ok
// CHECK: @special_values_i32 result 2: ok
// CHECK: @special_values_i32 result 3: ok
// CHECK: @special_values_i32 result 4: ok
// CHECK: @special_values_i32 result 5: ok
// CHECK: @special_values_i32 result 6: ok
// CHECK: @special_values_i32 result 7: ok
// CHECK: @special_values_i32 result 8: ok
// CHECK: @special_values_i32 result 9: ok
// CHECK: @special_values_i32 result 10: ok
func.func @special_values_i32(%arg0: tensor<22xi32>, %arg1: tensor<22xi32>) -> (tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>) {
  %v0 = hlo.constant dense<[7, -7, 7, -2147483648, 5, 3, -2147483648, 2147483647, -1, 2, 0, 0, 1, -1, 3, -2147483648, 2147483647, -7, -2147483648, 2147483647, -3, -2]> : tensor<22xi32>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<22xi32>
  %v2 = hlo.add %v0, %v1 : tensor<22xi32>
  %v3 = hlo.constant dense<[-2, 2, 0, -1, 3, -1, 1, -1, 5, 62, 0, -3, -5, -5, 4, 2, 2, -2, -2147483648, -2147483648, 3, 7]> : tensor<22xi32>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<22xi32>
  %v5 = hlo.add %v3, %v4 : tensor<22xi32>
  %v6 = hlo.add %v2, %v5 : tensor<22xi32>
  %v7 = hlo.subtract %v2, %v5 : tensor<22xi32>
  %v8 = hlo.multiply %v2, %v5 : tensor<22xi32>
  %v9 = hlo.divide %v2, %v5 : tensor<22xi32>
  %v10 = hlo.remainder %v2, %v5 : tensor<22xi32>
  %v11 = hlo.power %v2, %v5 : tensor<22xi32>
  %v12 = hlo.maximum %v2, %v5 : tensor<22xi32>
  %v13 = hlo.minimum %v2, %v5 : tensor<22xi32>
  %v14 = hlo.and %v2, %v5 : tensor<22xi32>
  %v15 = hlo.or %v2, %v5 : tensor<22xi32>
  %v16 = hlo.xor %v2, %v5 : tensor<22xi32>
  return %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>, tensor<22xi32>
}

// x / 0 = -1, x % 0 = x, INT_MIN / -1, INT_MIN % -1, negative
// exponents, overflowing products and powers (i64).
// CHECK: @special_values_i64 result 0: ok
// CHECK: @special_values_i64 result 1: ok
// CHECK: @special_values_i64 result 2: ok
// CHECK: @special_values_i64 result 3: ok
// CHECK: @special_values_i64 result 4: ok
// CHECK: @special_values_i64 result 5: ok
// CHECK: @special_values_i64 result 6: ok
// CHECK: @special_values_i64 result 7: ok
// CHECK: @special_values_i64 result 8: ok
// CHECK: @special_values_i64 result 9: ok
// CHECK: @special_values_i64 result 10: ok
func.func @special_values_i64(%arg0: tensor<22xi64>, %arg1: tensor<22xi64>) -> (tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>) {
  %v0 = hlo.constant dense<[7, -7, 7, -9223372036854775808, 5, 3, -9223372036854775808, 9223372036854775807, -1, 2, 0, 0, 1, -1, 3, -9223372036854775808, 9223372036854775807, -7, -9223372036854775808, 9223372036854775807, -3, -2]> : tensor<22xi64>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<22xi64>
  %v2 = hlo.add %v0, %v1 : tensor<22xi64>
  %v3 = hlo.constant dense<[-2, 2, 0, -1, 3, -1, 1, -1, 5, 62, 0, -3, -5, -5, 4, 2, 2, -2, -9223372036854775808, -9223372036854775808, 3, 7]> : tensor<22xi64>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<22xi64>
  %v5 = hlo.add %v3, %v4 : tensor<22xi64>
  %v6 = hlo.add %v2, %v5 : tensor<22xi64>
  %v7 = hlo.subtract %v2, %v5 : tensor<22xi64>
  %v8 = hlo.multiply %v2, %v5 : tensor<22xi64>
  %v9 = hlo.divide %v2, %v5 : tensor<22xi64>
  %v10 = hlo.remainder %v2, %v5 : tensor<22xi64>
  %v11 = hlo.power %v2, %v5 : tensor<22xi64>
  %v12 = hlo.maximum %v2, %v5 : tensor<22xi64>
  %v13 = hlo.minimum %v2, %v5 : tensor<22xi64>
  %v14 = hlo.and %v2, %v5 : tensor<22xi64>
  %v15 = hlo.or %v2, %v5 : tensor<22xi64>
  %v16 = hlo.xor %v2, %v5 : tensor<22xi64>
  return %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>, tensor<22xi64>
}

// Repeated products wrap around (i8).
// CHECK: @wrap_i8 result 0: ok
// CHECK: @wrap_i8 result 1: ok
func.func @wrap_i8(%arg0: tensor<4x9xi8>) -> (tensor<4x9xi8>, tensor<4x9xi8>) {
  %v0 = hlo.multiply %arg0, %arg0 : tensor<4x9xi8>
  %v1 = hlo.multiply %v0, %v0 : tensor<4x9xi8>
  %v2 = hlo.multiply %v1, %v1 : tensor<4x9xi8>
  %v3 = hlo.multiply %v2, %arg0 : tensor<4x9xi8>
  %v4 = hlo.add %v3, %v3 : tensor<4x9xi8>
  %v5 = hlo.power %v4, %arg0 : tensor<4x9xi8>
  return %v3, %v5 : tensor<4x9xi8>, tensor<4x9xi8>
}

// Repeated products wrap around (i16).
// CHECK: @wrap_i16 result 0: ok
// CHECK: @wrap_i16 result 1: ok
func.func @wrap_i16(%arg0: tensor<4x9xi16>) -> (tensor<4x9xi16>, tensor<4x9xi16>) {
  %v0 = hlo.multiply %arg0, %arg0 : tensor<4x9xi16>
  %v1 = hlo.multiply %v0, %v0 : tensor<4x9xi16>
  %v2 = hlo.multiply %v1, %v1 : tensor<4x9xi16>
  %v3 = hlo.multiply %v2, %arg0 : tensor<4x9xi16>
  %v4 = hlo.add %v3, %v3 : tensor<4x9xi16>
  %v5 = hlo.power %v4, %arg0 : tensor<4x9xi16>
  return %v3, %v5 : tensor<4x9xi16>, tensor<4x9xi16>
}

// Repeated products wrap around (i32).
// CHECK: @wrap_i32 result 0: ok
// CHECK: @wrap_i32 result 1: ok
func.func @wrap_i32(%arg0: tensor<4x9xi32>) -> (tensor<4x9xi32>, tensor<4x9xi32>) {
  %v0 = hlo.multiply %arg0, %arg0 : tensor<4x9xi32>
  %v1 = hlo.multiply %v0, %v0 : tensor<4x9xi32>
  %v2 = hlo.multiply %v1, %v1 : tensor<4x9xi32>
  %v3 = hlo.multiply %v2, %arg0 : tensor<4x9xi32>
  %v4 = hlo.add %v3, %v3 : tensor<4x9xi32>
  %v5 = hlo.power %v4, %arg0 : tensor<4x9xi32>
  return %v3, %v5 : tensor<4x9xi32>, tensor<4x9xi32>
}

// Repeated products wrap around (i64).
// CHECK: @wrap_i64 result 0: ok
// CHECK: @wrap_i64 result 1: ok
func.func @wrap_i64(%arg0: tensor<4x9xi64>) -> (tensor<4x9xi64>, tensor<4x9xi64>) {
  %v0 = hlo.multiply %arg0, %arg0 : tensor<4x9xi64>
  %v1 = hlo.multiply %v0, %v0 : tensor<4x9xi64>
  %v2 = hlo.multiply %v1, %v1 : tensor<4x9xi64>
  %v3 = hlo.multiply %v2, %arg0 : tensor<4x9xi64>
  %v4 = hlo.add %v3, %v3 : tensor<4x9xi64>
  %v5 = hlo.power %v4, %arg0 : tensor<4x9xi64>
  return %v3, %v5 : tensor<4x9xi64>, tensor<4x9xi64>
}
