// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// compare in every direction on every element type, with NaN and signed
// zeros for floats and the extremes for integers; select with a pred of the
// operand shape and a rank-0 pred; clamp with rank-0 and full-shape bounds.

// CHECK: @compare_f32 result 0: ok
// CHECK: @compare_f32 result 1: ok
// CHECK: @compare_f32 result 2: ok
// CHECK: @compare_f32 result 3: ok
// CHECK: @compare_f32 result 4: ok
// CHECK: @compare_f32 result 5: ok
// CHECK: @compare_f32 result 6: ok
// CHECK: @compare_f32 result 7: ok
// CHECK: @compare_f32 result 8: ok
// CHECK: @compare_f32 result 9: ok
// CHECK: @compare_f32 result 10: ok
// CHECK: @compare_f32 result 11: ok
// CHECK: @compare_f32 result 12: ok
func.func @compare_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<1xf32>, %arg3: tensor<1xf32>, %arg4: tensor<0x3xf32>, %arg5: tensor<0x3xf32>, %arg6: tensor<2x1x3xf32>, %arg7: tensor<2x1x3xf32>, %arg8: tensor<5x67xf32>, %arg9: tensor<5x67xf32>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<f32>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xf32>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xf32>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xf32>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xf32>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<f32>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xf32>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xf32>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xf32>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xf32>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xf32>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xf32>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_f64 result 0: ok
// CHECK: @compare_f64 result 1: ok
// CHECK: @compare_f64 result 2: ok
// CHECK: @compare_f64 result 3: ok
// CHECK: @compare_f64 result 4: ok
// CHECK: @compare_f64 result 5: ok
// CHECK: @compare_f64 result 6: ok
// CHECK: @compare_f64 result 7: ok
// CHECK: @compare_f64 result 8: ok
// CHECK: @compare_f64 result 9: ok
// CHECK: @compare_f64 result 10: ok
// CHECK: @compare_f64 result 11: ok
// CHECK: @compare_f64 result 12: ok
func.func @compare_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<1xf64>, %arg3: tensor<1xf64>, %arg4: tensor<0x3xf64>, %arg5: tensor<0x3xf64>, %arg6: tensor<2x1x3xf64>, %arg7: tensor<2x1x3xf64>, %arg8: tensor<5x67xf64>, %arg9: tensor<5x67xf64>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<f64>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xf64>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xf64>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xf64>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xf64>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<f64>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xf64>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xf64>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xf64>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xf64>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xf64>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xf64>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_f16 result 0: ok
// CHECK: @compare_f16 result 1: ok
// CHECK: @compare_f16 result 2: ok
// CHECK: @compare_f16 result 3: ok
// CHECK: @compare_f16 result 4: ok
// CHECK: @compare_f16 result 5: ok
// CHECK: @compare_f16 result 6: ok
// CHECK: @compare_f16 result 7: ok
// CHECK: @compare_f16 result 8: ok
// CHECK: @compare_f16 result 9: ok
// CHECK: @compare_f16 result 10: ok
// CHECK: @compare_f16 result 11: ok
// CHECK: @compare_f16 result 12: ok
func.func @compare_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<1xf16>, %arg3: tensor<1xf16>, %arg4: tensor<0x3xf16>, %arg5: tensor<0x3xf16>, %arg6: tensor<2x1x3xf16>, %arg7: tensor<2x1x3xf16>, %arg8: tensor<5x67xf16>, %arg9: tensor<5x67xf16>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<f16>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xf16>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xf16>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xf16>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xf16>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<f16>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xf16>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xf16>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xf16>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xf16>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xf16>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xf16>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_bf16 result 0: ok
// CHECK: @compare_bf16 result 1: ok
// CHECK: @compare_bf16 result 2: ok
// CHECK: @compare_bf16 result 3: ok
// CHECK: @compare_bf16 result 4: ok
// CHECK: @compare_bf16 result 5: ok
// CHECK: @compare_bf16 result 6: ok
// CHECK: @compare_bf16 result 7: ok
// CHECK: @compare_bf16 result 8: ok
// CHECK: @compare_bf16 result 9: ok
// CHECK: @compare_bf16 result 10: ok
// CHECK: @compare_bf16 result 11: ok
// CHECK: @compare_bf16 result 12: ok
func.func @compare_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<1xbf16>, %arg3: tensor<1xbf16>, %arg4: tensor<0x3xbf16>, %arg5: tensor<0x3xbf16>, %arg6: tensor<2x1x3xbf16>, %arg7: tensor<2x1x3xbf16>, %arg8: tensor<5x67xbf16>, %arg9: tensor<5x67xbf16>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<bf16>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xbf16>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xbf16>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xbf16>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xbf16>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<bf16>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xbf16>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xbf16>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xbf16>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xbf16>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xbf16>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xbf16>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_i8 result 0: ok
// CHECK: @compare_i8 result 1: ok
// CHECK: @compare_i8 result 2: ok
// CHECK: @compare_i8 result 3: ok
// CHECK: @compare_i8 result 4: ok
// CHECK: @compare_i8 result 5: ok
// CHECK: @compare_i8 result 6: ok
// CHECK: @compare_i8 result 7: ok
// CHECK: @compare_i8 result 8: ok
// CHECK: @compare_i8 result 9: ok
// CHECK: @compare_i8 result 10: ok
// CHECK: @compare_i8 result 11: ok
// CHECK: @compare_i8 result 12: ok
func.func @compare_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<1xi8>, %arg3: tensor<1xi8>, %arg4: tensor<0x3xi8>, %arg5: tensor<0x3xi8>, %arg6: tensor<2x1x3xi8>, %arg7: tensor<2x1x3xi8>, %arg8: tensor<5x67xi8>, %arg9: tensor<5x67xi8>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<i8>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xi8>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xi8>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xi8>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi8>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<i8>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xi8>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xi8>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xi8>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xi8>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi8>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xi8>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_i16 result 0: ok
// CHECK: @compare_i16 result 1: ok
// CHECK: @compare_i16 result 2: ok
// CHECK: @compare_i16 result 3: ok
// CHECK: @compare_i16 result 4: ok
// CHECK: @compare_i16 result 5: ok
// CHECK: @compare_i16 result 6: ok
// CHECK: @compare_i16 result 7: ok
// CHECK: @compare_i16 result 8: ok
// CHECK: @compare_i16 result 9: ok
// CHECK: @compare_i16 result 10: ok
// CHECK: @compare_i16 result 11: ok
// CHECK: @compare_i16 result 12: ok
func.func @compare_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<1xi16>, %arg3: tensor<1xi16>, %arg4: tensor<0x3xi16>, %arg5: tensor<0x3xi16>, %arg6: tensor<2x1x3xi16>, %arg7: tensor<2x1x3xi16>, %arg8: tensor<5x67xi16>, %arg9: tensor<5x67xi16>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<i16>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xi16>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xi16>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xi16>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi16>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<i16>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xi16>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xi16>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xi16>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xi16>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi16>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xi16>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_i32 result 0: ok
// CHECK: @compare_i32 result 1: ok
// CHECK: @compare_i32 result 2: ok
// CHECK: @compare_i32 result 3: ok
// CHECK: @compare_i32 result 4: ok
// CHECK: @compare_i32 result 5: ok
// CHECK: @compare_i32 result 6: ok
// CHECK: @compare_i32 result 7: ok
// CHECK: @compare_i32 result 8: ok
// CHECK: @compare_i32 result 9: ok
// CHECK: @compare_i32 result 10: ok
// CHECK: @compare_i32 result 11: ok
// CHECK: @compare_i32 result 12: ok
func.func @compare_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<1xi32>, %arg3: tensor<1xi32>, %arg4: tensor<0x3xi32>, %arg5: tensor<0x3xi32>, %arg6: tensor<2x1x3xi32>, %arg7: tensor<2x1x3xi32>, %arg8: tensor<5x67xi32>, %arg9: tensor<5x67xi32>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<i32>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xi32>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xi32>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xi32>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi32>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<i32>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xi32>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xi32>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xi32>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xi32>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi32>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xi32>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_i64 result 0: ok
// CHECK: @compare_i64 result 1: ok
// CHECK: @compare_i64 result 2: ok
// CHECK: @compare_i64 result 3: ok
// CHECK: @compare_i64 result 4: ok
// CHECK: @compare_i64 result 5: ok
// CHECK: @compare_i64 result 6: ok
// CHECK: @compare_i64 result 7: ok
// CHECK: @compare_i64 result 8: ok
// CHECK: @compare_i64 result 9: ok
// CHECK: @compare_i64 result 10: ok
// CHECK: @compare_i64 result 11: ok
// CHECK: @compare_i64 result 12: ok
func.func @compare_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<1xi64>, %arg3: tensor<1xi64>, %arg4: tensor<0x3xi64>, %arg5: tensor<0x3xi64>, %arg6: tensor<2x1x3xi64>, %arg7: tensor<2x1x3xi64>, %arg8: tensor<5x67xi64>, %arg9: tensor<5x67xi64>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<i64>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xi64>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xi64>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xi64>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi64>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<i64>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xi64>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xi64>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xi64>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xi64>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi64>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xi64>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// CHECK: @compare_i1 result 0: ok
// CHECK: @compare_i1 result 1: ok
// CHECK: @compare_i1 result 2: ok
// CHECK: @compare_i1 result 3: ok
// CHECK: @compare_i1 result 4: ok
// CHECK: @compare_i1 result 5: ok
// CHECK: @compare_i1 result 6: ok
// CHECK: @compare_i1 result 7: ok
// CHECK: @compare_i1 result 8: ok
// CHECK: @compare_i1 result 9: ok
// CHECK: @compare_i1 result 10: ok
// CHECK: @compare_i1 result 11: ok
// CHECK: @compare_i1 result 12: ok
func.func @compare_i1(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<1xi1>, %arg3: tensor<1xi1>, %arg4: tensor<0x3xi1>, %arg5: tensor<0x3xi1>, %arg6: tensor<2x1x3xi1>, %arg7: tensor<2x1x3xi1>, %arg8: tensor<5x67xi1>, %arg9: tensor<5x67xi1>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>) {
  %v0 = hlo.compare EQ, %arg0, %arg1 : tensor<i1>
  %v1 = hlo.compare NE, %arg2, %arg3 : tensor<1xi1>
  %v2 = hlo.compare LT, %arg4, %arg5 : tensor<0x3xi1>
  %v3 = hlo.compare LE, %arg6, %arg7 : tensor<2x1x3xi1>
  %v4 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi1>
  %v5 = hlo.compare GE, %arg0, %arg1 : tensor<i1>
  %v6 = hlo.compare EQ, %arg8, %arg9 : tensor<5x67xi1>
  %v7 = hlo.compare NE, %arg8, %arg9 : tensor<5x67xi1>
  %v8 = hlo.compare LT, %arg8, %arg9 : tensor<5x67xi1>
  %v9 = hlo.compare LE, %arg8, %arg9 : tensor<5x67xi1>
  %v10 = hlo.compare GT, %arg8, %arg9 : tensor<5x67xi1>
  %v11 = hlo.compare GE, %arg8, %arg9 : tensor<5x67xi1>
  %v12 = hlo.compare LE, %arg8, %arg8 : tensor<5x67xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<i1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>, tensor<5x67xi1>
}

// Ordered comparisons: false with NaN except NE; -0.0 == +0.0.
// CHECK: @compare_special_values_f32 result 0: ok
// CHECK: @compare_special_values_f32 result 1: ok
// CHECK: @compare_special_values_f32 result 2: ok
// CHECK: @compare_special_values_f32 result 3: ok
// CHECK: @compare_special_values_f32 result 4: ok
// CHECK: @compare_special_values_f32 result 5: ok
// CHECK: @compare_special_values_f32 result 6: ok
func.func @compare_special_values_f32(%arg0: tensor<28xf32>, %arg1: tensor<28xf32>) -> (tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>) {
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
  %v10 = hlo.compare EQ, %v4, %v9 : tensor<28xf32>
  %v11 = hlo.compare NE, %v4, %v9 : tensor<28xf32>
  %v12 = hlo.compare LT, %v4, %v9 : tensor<28xf32>
  %v13 = hlo.compare LE, %v4, %v9 : tensor<28xf32>
  %v14 = hlo.compare GT, %v4, %v9 : tensor<28xf32>
  %v15 = hlo.compare GE, %v4, %v9 : tensor<28xf32>
  %v16 = hlo.compare EQ, %v4, %v4 : tensor<28xf32>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>
}

// Ordered comparisons: false with NaN except NE; -0.0 == +0.0.
// CHECK: @compare_special_values_f64 result 0: ok
// CHECK: @compare_special_values_f64 result 1: ok
// CHECK: @compare_special_values_f64 result 2: ok
// CHECK: @compare_special_values_f64 result 3: ok
// CHECK: @compare_special_values_f64 result 4: ok
// CHECK: @compare_special_values_f64 result 5: ok
// CHECK: @compare_special_values_f64 result 6: ok
func.func @compare_special_values_f64(%arg0: tensor<28xf64>, %arg1: tensor<28xf64>) -> (tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>) {
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
  %v10 = hlo.compare EQ, %v4, %v9 : tensor<28xf64>
  %v11 = hlo.compare NE, %v4, %v9 : tensor<28xf64>
  %v12 = hlo.compare LT, %v4, %v9 : tensor<28xf64>
  %v13 = hlo.compare LE, %v4, %v9 : tensor<28xf64>
  %v14 = hlo.compare GT, %v4, %v9 : tensor<28xf64>
  %v15 = hlo.compare GE, %v4, %v9 : tensor<28xf64>
  %v16 = hlo.compare EQ, %v4, %v4 : tensor<28xf64>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>
}

// Ordered comparisons: false with NaN except NE; -0.0 == +0.0.
// CHECK: @compare_special_values_f16 result 0: ok
// CHECK: @compare_special_values_f16 result 1: ok
// CHECK: @compare_special_values_f16 result 2: ok
// CHECK: @compare_special_values_f16 result 3: ok
// CHECK: @compare_special_values_f16 result 4: ok
// CHECK: @compare_special_values_f16 result 5: ok
// CHECK: @compare_special_values_f16 result 6: ok
func.func @compare_special_values_f16(%arg0: tensor<28xf16>, %arg1: tensor<28xf16>) -> (tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>) {
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
  %v10 = hlo.compare EQ, %v4, %v9 : tensor<28xf16>
  %v11 = hlo.compare NE, %v4, %v9 : tensor<28xf16>
  %v12 = hlo.compare LT, %v4, %v9 : tensor<28xf16>
  %v13 = hlo.compare LE, %v4, %v9 : tensor<28xf16>
  %v14 = hlo.compare GT, %v4, %v9 : tensor<28xf16>
  %v15 = hlo.compare GE, %v4, %v9 : tensor<28xf16>
  %v16 = hlo.compare EQ, %v4, %v4 : tensor<28xf16>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>
}

// Ordered comparisons: false with NaN except NE; -0.0 == +0.0.
// CHECK: @compare_special_values_bf16 result 0: ok
// CHECK: @compare_special_values_bf16 result 1: ok
// CHECK: @compare_special_values_bf16 result 2: ok
// CHECK: @compare_special_values_bf16 result 3: ok
// CHECK: @compare_special_values_bf16 result 4: ok
// CHECK: @compare_special_values_bf16 result 5: ok
// CHECK: @compare_special_values_bf16 result 6: ok
func.func @compare_special_values_bf16(%arg0: tensor<28xbf16>, %arg1: tensor<28xbf16>) -> (tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>) {
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
  %v10 = hlo.compare EQ, %v4, %v9 : tensor<28xbf16>
  %v11 = hlo.compare NE, %v4, %v9 : tensor<28xbf16>
  %v12 = hlo.compare LT, %v4, %v9 : tensor<28xbf16>
  %v13 = hlo.compare LE, %v4, %v9 : tensor<28xbf16>
  %v14 = hlo.compare GT, %v4, %v9 : tensor<28xbf16>
  %v15 = hlo.compare GE, %v4, %v9 : tensor<28xbf16>
  %v16 = hlo.compare EQ, %v4, %v4 : tensor<28xbf16>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>, tensor<28xi1>
}

// Signed comparison at the extremes.
// CHECK: @compare_signed_i8 result 0: ok
// CHECK: @compare_signed_i8 result 1: ok
// CHECK: @compare_signed_i8 result 2: ok
// CHECK: @compare_signed_i8 result 3: ok
// CHECK: @compare_signed_i8 result 4: ok
// CHECK: @compare_signed_i8 result 5: ok
func.func @compare_signed_i8(%arg0: tensor<8xi8>, %arg1: tensor<8xi8>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %v0 = hlo.constant dense<[-128, 127, -1, 0, -128, -1, 127, 1]> : tensor<8xi8>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<8xi8>
  %v2 = hlo.add %v0, %v1 : tensor<8xi8>
  %v3 = hlo.constant dense<[127, -128, 0, -1, -128, 1, 127, -1]> : tensor<8xi8>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<8xi8>
  %v5 = hlo.add %v3, %v4 : tensor<8xi8>
  %v6 = hlo.compare EQ, %v2, %v5 : tensor<8xi8>
  %v7 = hlo.compare NE, %v2, %v5 : tensor<8xi8>
  %v8 = hlo.compare LT, %v2, %v5 : tensor<8xi8>
  %v9 = hlo.compare LE, %v2, %v5 : tensor<8xi8>
  %v10 = hlo.compare GT, %v2, %v5 : tensor<8xi8>
  %v11 = hlo.compare GE, %v2, %v5 : tensor<8xi8>
  return %v6, %v7, %v8, %v9, %v10, %v11 : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// Signed comparison at the extremes.
// CHECK: @compare_signed_i16 result 0: ok
// CHECK: @compare_signed_i16 result 1: ok
// CHECK: @compare_signed_i16 result 2: ok
// CHECK: @compare_signed_i16 result 3: ok
// CHECK: @compare_signed_i16 result 4: ok
// CHECK: @compare_signed_i16 result 5: ok
func.func @compare_signed_i16(%arg0: tensor<8xi16>, %arg1: tensor<8xi16>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %v0 = hlo.constant dense<[-32768, 32767, -1, 0, -32768, -1, 32767, 1]> : tensor<8xi16>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<8xi16>
  %v2 = hlo.add %v0, %v1 : tensor<8xi16>
  %v3 = hlo.constant dense<[32767, -32768, 0, -1, -32768, 1, 32767, -1]> : tensor<8xi16>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<8xi16>
  %v5 = hlo.add %v3, %v4 : tensor<8xi16>
  %v6 = hlo.compare EQ, %v2, %v5 : tensor<8xi16>
  %v7 = hlo.compare NE, %v2, %v5 : tensor<8xi16>
  %v8 = hlo.compare LT, %v2, %v5 : tensor<8xi16>
  %v9 = hlo.compare LE, %v2, %v5 : tensor<8xi16>
  %v10 = hlo.compare GT, %v2, %v5 : tensor<8xi16>
  %v11 = hlo.compare GE, %v2, %v5 : tensor<8xi16>
  return %v6, %v7, %v8, %v9, %v10, %v11 : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// Signed comparison at the extremes.
// CHECK: @compare_signed_i32 result 0: ok
// CHECK: @compare_signed_i32 result 1: ok
// CHECK: @compare_signed_i32 result 2: ok
// CHECK: @compare_signed_i32 result 3: ok
// CHECK: @compare_signed_i32 result 4: ok
// CHECK: @compare_signed_i32 result 5: ok
func.func @compare_signed_i32(%arg0: tensor<8xi32>, %arg1: tensor<8xi32>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %v0 = hlo.constant dense<[-2147483648, 2147483647, -1, 0, -2147483648, -1, 2147483647, 1]> : tensor<8xi32>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<8xi32>
  %v2 = hlo.add %v0, %v1 : tensor<8xi32>
  %v3 = hlo.constant dense<[2147483647, -2147483648, 0, -1, -2147483648, 1, 2147483647, -1]> : tensor<8xi32>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<8xi32>
  %v5 = hlo.add %v3, %v4 : tensor<8xi32>
  %v6 = hlo.compare EQ, %v2, %v5 : tensor<8xi32>
  %v7 = hlo.compare NE, %v2, %v5 : tensor<8xi32>
  %v8 = hlo.compare LT, %v2, %v5 : tensor<8xi32>
  %v9 = hlo.compare LE, %v2, %v5 : tensor<8xi32>
  %v10 = hlo.compare GT, %v2, %v5 : tensor<8xi32>
  %v11 = hlo.compare GE, %v2, %v5 : tensor<8xi32>
  return %v6, %v7, %v8, %v9, %v10, %v11 : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// Signed comparison at the extremes.
// CHECK: @compare_signed_i64 result 0: ok
// CHECK: @compare_signed_i64 result 1: ok
// CHECK: @compare_signed_i64 result 2: ok
// CHECK: @compare_signed_i64 result 3: ok
// CHECK: @compare_signed_i64 result 4: ok
// CHECK: @compare_signed_i64 result 5: ok
func.func @compare_signed_i64(%arg0: tensor<8xi64>, %arg1: tensor<8xi64>) -> (tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>) {
  %v0 = hlo.constant dense<[-9223372036854775808, 9223372036854775807, -1, 0, -9223372036854775808, -1, 9223372036854775807, 1]> : tensor<8xi64>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<8xi64>
  %v2 = hlo.add %v0, %v1 : tensor<8xi64>
  %v3 = hlo.constant dense<[9223372036854775807, -9223372036854775808, 0, -1, -9223372036854775808, 1, 9223372036854775807, -1]> : tensor<8xi64>
  %v4 = hlo.subtract %arg1, %arg1 : tensor<8xi64>
  %v5 = hlo.add %v3, %v4 : tensor<8xi64>
  %v6 = hlo.compare EQ, %v2, %v5 : tensor<8xi64>
  %v7 = hlo.compare NE, %v2, %v5 : tensor<8xi64>
  %v8 = hlo.compare LT, %v2, %v5 : tensor<8xi64>
  %v9 = hlo.compare LE, %v2, %v5 : tensor<8xi64>
  %v10 = hlo.compare GT, %v2, %v5 : tensor<8xi64>
  %v11 = hlo.compare GE, %v2, %v5 : tensor<8xi64>
  return %v6, %v7, %v8, %v9, %v10, %v11 : tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>, tensor<8xi1>
}

// CHECK: @select_f32 result 0: ok
// CHECK: @select_f32 result 1: ok
// CHECK: @select_f32 result 2: ok
// CHECK: @select_f32 result 3: ok
// CHECK: @select_f32 result 4: ok
// CHECK: @select_f32 result 5: ok
// CHECK: @select_f32 result 6: ok
func.func @select_f32(%arg0: tensor<i1>, %arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<1xi1>, %arg4: tensor<1xf32>, %arg5: tensor<1xf32>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xf32>, %arg8: tensor<0x3xf32>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xf32>, %arg11: tensor<2x1x3xf32>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xf32>, %arg14: tensor<5x67xf32>, %arg15: tensor<i1>, %arg16: tensor<0x3xf32>, %arg17: tensor<0x3xf32>, %arg18: tensor<5x67xf32>, %arg19: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<0x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f32>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xf32>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xf32>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xf32>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xf32>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xf32>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<0x3xf32>, tensor<5x67xf32>
}

// CHECK: @select_f64 result 0: ok
// CHECK: @select_f64 result 1: ok
// CHECK: @select_f64 result 2: ok
// CHECK: @select_f64 result 3: ok
// CHECK: @select_f64 result 4: ok
// CHECK: @select_f64 result 5: ok
// CHECK: @select_f64 result 6: ok
func.func @select_f64(%arg0: tensor<i1>, %arg1: tensor<f64>, %arg2: tensor<f64>, %arg3: tensor<1xi1>, %arg4: tensor<1xf64>, %arg5: tensor<1xf64>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xf64>, %arg8: tensor<0x3xf64>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xf64>, %arg11: tensor<2x1x3xf64>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xf64>, %arg14: tensor<5x67xf64>, %arg15: tensor<i1>, %arg16: tensor<0x3xf64>, %arg17: tensor<0x3xf64>, %arg18: tensor<5x67xf64>, %arg19: tensor<5x67xf64>) -> (tensor<f64>, tensor<1xf64>, tensor<0x3xf64>, tensor<2x1x3xf64>, tensor<5x67xf64>, tensor<0x3xf64>, tensor<5x67xf64>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f64>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xf64>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xf64>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xf64>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xf64>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xf64>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<f64>, tensor<1xf64>, tensor<0x3xf64>, tensor<2x1x3xf64>, tensor<5x67xf64>, tensor<0x3xf64>, tensor<5x67xf64>
}

// CHECK: @select_f16 result 0: ok
// CHECK: @select_f16 result 1: ok
// CHECK: @select_f16 result 2: ok
// CHECK: @select_f16 result 3: ok
// CHECK: @select_f16 result 4: ok
// CHECK: @select_f16 result 5: ok
// CHECK: @select_f16 result 6: ok
func.func @select_f16(%arg0: tensor<i1>, %arg1: tensor<f16>, %arg2: tensor<f16>, %arg3: tensor<1xi1>, %arg4: tensor<1xf16>, %arg5: tensor<1xf16>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xf16>, %arg8: tensor<0x3xf16>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xf16>, %arg11: tensor<2x1x3xf16>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xf16>, %arg14: tensor<5x67xf16>, %arg15: tensor<i1>, %arg16: tensor<0x3xf16>, %arg17: tensor<0x3xf16>, %arg18: tensor<5x67xf16>, %arg19: tensor<5x67xf16>) -> (tensor<f16>, tensor<1xf16>, tensor<0x3xf16>, tensor<2x1x3xf16>, tensor<5x67xf16>, tensor<0x3xf16>, tensor<5x67xf16>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<f16>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xf16>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xf16>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xf16>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xf16>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xf16>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<f16>, tensor<1xf16>, tensor<0x3xf16>, tensor<2x1x3xf16>, tensor<5x67xf16>, tensor<0x3xf16>, tensor<5x67xf16>
}

// CHECK: @select_bf16 result 0: ok
// CHECK: @select_bf16 result 1: ok
// CHECK: @select_bf16 result 2: ok
// CHECK: @select_bf16 result 3: ok
// CHECK: @select_bf16 result 4: ok
// CHECK: @select_bf16 result 5: ok
// CHECK: @select_bf16 result 6: ok
func.func @select_bf16(%arg0: tensor<i1>, %arg1: tensor<bf16>, %arg2: tensor<bf16>, %arg3: tensor<1xi1>, %arg4: tensor<1xbf16>, %arg5: tensor<1xbf16>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xbf16>, %arg8: tensor<0x3xbf16>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xbf16>, %arg11: tensor<2x1x3xbf16>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xbf16>, %arg14: tensor<5x67xbf16>, %arg15: tensor<i1>, %arg16: tensor<0x3xbf16>, %arg17: tensor<0x3xbf16>, %arg18: tensor<5x67xbf16>, %arg19: tensor<5x67xbf16>) -> (tensor<bf16>, tensor<1xbf16>, tensor<0x3xbf16>, tensor<2x1x3xbf16>, tensor<5x67xbf16>, tensor<0x3xbf16>, tensor<5x67xbf16>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<bf16>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xbf16>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xbf16>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xbf16>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xbf16>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xbf16>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<bf16>, tensor<1xbf16>, tensor<0x3xbf16>, tensor<2x1x3xbf16>, tensor<5x67xbf16>, tensor<0x3xbf16>, tensor<5x67xbf16>
}

// CHECK: @select_i8 result 0: ok
// CHECK: @select_i8 result 1: ok
// CHECK: @select_i8 result 2: ok
// CHECK: @select_i8 result 3: ok
// CHECK: @select_i8 result 4: ok
// CHECK: @select_i8 result 5: ok
// CHECK: @select_i8 result 6: ok
func.func @select_i8(%arg0: tensor<i1>, %arg1: tensor<i8>, %arg2: tensor<i8>, %arg3: tensor<1xi1>, %arg4: tensor<1xi8>, %arg5: tensor<1xi8>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xi8>, %arg8: tensor<0x3xi8>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xi8>, %arg11: tensor<2x1x3xi8>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xi8>, %arg14: tensor<5x67xi8>, %arg15: tensor<i1>, %arg16: tensor<0x3xi8>, %arg17: tensor<0x3xi8>, %arg18: tensor<5x67xi8>, %arg19: tensor<5x67xi8>) -> (tensor<i8>, tensor<1xi8>, tensor<0x3xi8>, tensor<2x1x3xi8>, tensor<5x67xi8>, tensor<0x3xi8>, tensor<5x67xi8>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i8>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xi8>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xi8>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xi8>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xi8>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xi8>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<i8>, tensor<1xi8>, tensor<0x3xi8>, tensor<2x1x3xi8>, tensor<5x67xi8>, tensor<0x3xi8>, tensor<5x67xi8>
}

// CHECK: @select_i16 result 0: ok
// CHECK: @select_i16 result 1: ok
// CHECK: @select_i16 result 2: ok
// CHECK: @select_i16 result 3: ok
// CHECK: @select_i16 result 4: ok
// CHECK: @select_i16 result 5: ok
// CHECK: @select_i16 result 6: ok
func.func @select_i16(%arg0: tensor<i1>, %arg1: tensor<i16>, %arg2: tensor<i16>, %arg3: tensor<1xi1>, %arg4: tensor<1xi16>, %arg5: tensor<1xi16>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xi16>, %arg8: tensor<0x3xi16>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xi16>, %arg11: tensor<2x1x3xi16>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xi16>, %arg14: tensor<5x67xi16>, %arg15: tensor<i1>, %arg16: tensor<0x3xi16>, %arg17: tensor<0x3xi16>, %arg18: tensor<5x67xi16>, %arg19: tensor<5x67xi16>) -> (tensor<i16>, tensor<1xi16>, tensor<0x3xi16>, tensor<2x1x3xi16>, tensor<5x67xi16>, tensor<0x3xi16>, tensor<5x67xi16>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i16>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xi16>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xi16>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xi16>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xi16>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xi16>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<i16>, tensor<1xi16>, tensor<0x3xi16>, tensor<2x1x3xi16>, tensor<5x67xi16>, tensor<0x3xi16>, tensor<5x67xi16>
}

// CHECK: @select_i32 result 0: ok
// CHECK: @select_i32 result 1: ok
// CHECK: @select_i32 result 2: ok
// CHECK: @select_i32 result 3: ok
// CHECK: @select_i32 result 4: ok
// CHECK: @select_i32 result 5: ok
// CHECK: @select_i32 result 6: ok
func.func @select_i32(%arg0: tensor<i1>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<1xi1>, %arg4: tensor<1xi32>, %arg5: tensor<1xi32>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xi32>, %arg8: tensor<0x3xi32>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xi32>, %arg11: tensor<2x1x3xi32>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xi32>, %arg14: tensor<5x67xi32>, %arg15: tensor<i1>, %arg16: tensor<0x3xi32>, %arg17: tensor<0x3xi32>, %arg18: tensor<5x67xi32>, %arg19: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<0x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i32>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xi32>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xi32>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xi32>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xi32>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xi32>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<0x3xi32>, tensor<5x67xi32>
}

// CHECK: @select_i64 result 0: ok
// CHECK: @select_i64 result 1: ok
// CHECK: @select_i64 result 2: ok
// CHECK: @select_i64 result 3: ok
// CHECK: @select_i64 result 4: ok
// CHECK: @select_i64 result 5: ok
// CHECK: @select_i64 result 6: ok
func.func @select_i64(%arg0: tensor<i1>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<1xi1>, %arg4: tensor<1xi64>, %arg5: tensor<1xi64>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xi64>, %arg8: tensor<0x3xi64>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xi64>, %arg11: tensor<2x1x3xi64>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xi64>, %arg14: tensor<5x67xi64>, %arg15: tensor<i1>, %arg16: tensor<0x3xi64>, %arg17: tensor<0x3xi64>, %arg18: tensor<5x67xi64>, %arg19: tensor<5x67xi64>) -> (tensor<i64>, tensor<1xi64>, tensor<0x3xi64>, tensor<2x1x3xi64>, tensor<5x67xi64>, tensor<0x3xi64>, tensor<5x67xi64>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i64>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xi64>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xi64>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xi64>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xi64>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xi64>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<i64>, tensor<1xi64>, tensor<0x3xi64>, tensor<2x1x3xi64>, tensor<5x67xi64>, tensor<0x3xi64>, tensor<5x67xi64>
}

// CHECK: @select_i1 result 0: ok
// CHECK: @select_i1 result 1: ok
// CHECK: @select_i1 result 2: ok
// CHECK: @select_i1 result 3: ok
// CHECK: @select_i1 result 4: ok
// CHECK: @select_i1 result 5: ok
// CHECK: @select_i1 result 6: ok
func.func @select_i1(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<i1>, %arg3: tensor<1xi1>, %arg4: tensor<1xi1>, %arg5: tensor<1xi1>, %arg6: tensor<0x3xi1>, %arg7: tensor<0x3xi1>, %arg8: tensor<0x3xi1>, %arg9: tensor<2x1x3xi1>, %arg10: tensor<2x1x3xi1>, %arg11: tensor<2x1x3xi1>, %arg12: tensor<5x67xi1>, %arg13: tensor<5x67xi1>, %arg14: tensor<5x67xi1>, %arg15: tensor<i1>, %arg16: tensor<0x3xi1>, %arg17: tensor<0x3xi1>, %arg18: tensor<5x67xi1>, %arg19: tensor<5x67xi1>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<0x3xi1>, tensor<5x67xi1>) {
  %v0 = hlo.select %arg0, %arg1, %arg2 : tensor<i1>, tensor<i1>
  %v1 = hlo.select %arg3, %arg4, %arg5 : tensor<1xi1>, tensor<1xi1>
  %v2 = hlo.select %arg6, %arg7, %arg8 : tensor<0x3xi1>, tensor<0x3xi1>
  %v3 = hlo.select %arg9, %arg10, %arg11 : tensor<2x1x3xi1>, tensor<2x1x3xi1>
  %v4 = hlo.select %arg12, %arg13, %arg14 : tensor<5x67xi1>, tensor<5x67xi1>
  %v5 = hlo.select %arg15, %arg16, %arg17 : tensor<i1>, tensor<0x3xi1>
  %v6 = hlo.select %arg15, %arg18, %arg19 : tensor<i1>, tensor<5x67xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>, tensor<0x3xi1>, tensor<5x67xi1>
}

// A pred computed in the same loop nest: relu and a where() of two
// computed values.
// CHECK: @select_from_compare_f32 result 0: ok
// CHECK: @select_from_compare_f32 result 1: ok
func.func @select_from_compare_f32(%arg0: tensor<9x31xf32>, %arg1: tensor<9x31xf32>) -> (tensor<9x31xf32>, tensor<9x31xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<9x31xf32>
  %v1 = hlo.compare GT, %arg0, %v0 : tensor<9x31xf32>
  %v2 = hlo.select %v1, %arg0, %v0 : tensor<9x31xi1>, tensor<9x31xf32>
  %v3 = hlo.compare LT, %arg0, %arg1 : tensor<9x31xf32>
  %v4 = hlo.multiply %arg0, %arg1 : tensor<9x31xf32>
  %v5 = hlo.subtract %arg0, %arg1 : tensor<9x31xf32>
  %v6 = hlo.select %v3, %v4, %v5 : tensor<9x31xi1>, tensor<9x31xf32>
  return %v2, %v6 : tensor<9x31xf32>, tensor<9x31xf32>
}

// CHECK: @clamp_f32 result 0: ok
// CHECK: @clamp_f32 result 1: ok
// CHECK: @clamp_f32 result 2: ok
// CHECK: @clamp_f32 result 3: ok
// CHECK: @clamp_f32 result 4: ok
// CHECK: @clamp_f32 result 5: ok
// CHECK: @clamp_f32 result 6: ok
func.func @clamp_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<1xf32>, %arg4: tensor<1xf32>, %arg5: tensor<1xf32>, %arg6: tensor<0x3xf32>, %arg7: tensor<0x3xf32>, %arg8: tensor<0x3xf32>, %arg9: tensor<2x1x3xf32>, %arg10: tensor<2x1x3xf32>, %arg11: tensor<2x1x3xf32>, %arg12: tensor<5x67xf32>, %arg13: tensor<5x67xf32>, %arg14: tensor<5x67xf32>, %arg15: tensor<f32>, %arg16: tensor<f32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<f32>, tensor<f32>, tensor<f32>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xf32>, tensor<1xf32>, tensor<1xf32>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xf32>, tensor<0x3xf32>, tensor<0x3xf32>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xf32>, tensor<2x1x3xf32>, tensor<2x1x3xf32>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xf32>, tensor<5x67xf32>, tensor<5x67xf32>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<f32>, tensor<5x67xf32>, tensor<f32>
  %v6 = hlo.constant dense<-1.0> : tensor<f32>
  %v7 = hlo.constant dense<2.0> : tensor<5x67xf32>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<f32>, tensor<5x67xf32>, tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @clamp_f64 result 0: ok
// CHECK: @clamp_f64 result 1: ok
// CHECK: @clamp_f64 result 2: ok
// CHECK: @clamp_f64 result 3: ok
// CHECK: @clamp_f64 result 4: ok
// CHECK: @clamp_f64 result 5: ok
// CHECK: @clamp_f64 result 6: ok
func.func @clamp_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<f64>, %arg3: tensor<1xf64>, %arg4: tensor<1xf64>, %arg5: tensor<1xf64>, %arg6: tensor<0x3xf64>, %arg7: tensor<0x3xf64>, %arg8: tensor<0x3xf64>, %arg9: tensor<2x1x3xf64>, %arg10: tensor<2x1x3xf64>, %arg11: tensor<2x1x3xf64>, %arg12: tensor<5x67xf64>, %arg13: tensor<5x67xf64>, %arg14: tensor<5x67xf64>, %arg15: tensor<f64>, %arg16: tensor<f64>) -> (tensor<f64>, tensor<1xf64>, tensor<0x3xf64>, tensor<2x1x3xf64>, tensor<5x67xf64>, tensor<5x67xf64>, tensor<5x67xf64>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<f64>, tensor<f64>, tensor<f64>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xf64>, tensor<1xf64>, tensor<1xf64>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xf64>, tensor<0x3xf64>, tensor<0x3xf64>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xf64>, tensor<2x1x3xf64>, tensor<2x1x3xf64>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xf64>, tensor<5x67xf64>, tensor<5x67xf64>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<f64>, tensor<5x67xf64>, tensor<f64>
  %v6 = hlo.constant dense<-1.0> : tensor<f64>
  %v7 = hlo.constant dense<2.0> : tensor<5x67xf64>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<f64>, tensor<5x67xf64>, tensor<5x67xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<f64>, tensor<1xf64>, tensor<0x3xf64>, tensor<2x1x3xf64>, tensor<5x67xf64>, tensor<5x67xf64>, tensor<5x67xf64>
}

// CHECK: @clamp_f16 result 0: ok
// CHECK: @clamp_f16 result 1: ok
// CHECK: @clamp_f16 result 2: ok
// CHECK: @clamp_f16 result 3: ok
// CHECK: @clamp_f16 result 4: ok
// CHECK: @clamp_f16 result 5: ok
// CHECK: @clamp_f16 result 6: ok
func.func @clamp_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<f16>, %arg3: tensor<1xf16>, %arg4: tensor<1xf16>, %arg5: tensor<1xf16>, %arg6: tensor<0x3xf16>, %arg7: tensor<0x3xf16>, %arg8: tensor<0x3xf16>, %arg9: tensor<2x1x3xf16>, %arg10: tensor<2x1x3xf16>, %arg11: tensor<2x1x3xf16>, %arg12: tensor<5x67xf16>, %arg13: tensor<5x67xf16>, %arg14: tensor<5x67xf16>, %arg15: tensor<f16>, %arg16: tensor<f16>) -> (tensor<f16>, tensor<1xf16>, tensor<0x3xf16>, tensor<2x1x3xf16>, tensor<5x67xf16>, tensor<5x67xf16>, tensor<5x67xf16>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<f16>, tensor<f16>, tensor<f16>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xf16>, tensor<1xf16>, tensor<1xf16>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xf16>, tensor<0x3xf16>, tensor<0x3xf16>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xf16>, tensor<2x1x3xf16>, tensor<2x1x3xf16>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xf16>, tensor<5x67xf16>, tensor<5x67xf16>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<f16>, tensor<5x67xf16>, tensor<f16>
  %v6 = hlo.constant dense<-1.0> : tensor<f16>
  %v7 = hlo.constant dense<2.0> : tensor<5x67xf16>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<f16>, tensor<5x67xf16>, tensor<5x67xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<f16>, tensor<1xf16>, tensor<0x3xf16>, tensor<2x1x3xf16>, tensor<5x67xf16>, tensor<5x67xf16>, tensor<5x67xf16>
}

// CHECK: @clamp_bf16 result 0: ok
// CHECK: @clamp_bf16 result 1: ok
// CHECK: @clamp_bf16 result 2: ok
// CHECK: @clamp_bf16 result 3: ok
// CHECK: @clamp_bf16 result 4: ok
// CHECK: @clamp_bf16 result 5: ok
// CHECK: @clamp_bf16 result 6: ok
func.func @clamp_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>, %arg3: tensor<1xbf16>, %arg4: tensor<1xbf16>, %arg5: tensor<1xbf16>, %arg6: tensor<0x3xbf16>, %arg7: tensor<0x3xbf16>, %arg8: tensor<0x3xbf16>, %arg9: tensor<2x1x3xbf16>, %arg10: tensor<2x1x3xbf16>, %arg11: tensor<2x1x3xbf16>, %arg12: tensor<5x67xbf16>, %arg13: tensor<5x67xbf16>, %arg14: tensor<5x67xbf16>, %arg15: tensor<bf16>, %arg16: tensor<bf16>) -> (tensor<bf16>, tensor<1xbf16>, tensor<0x3xbf16>, tensor<2x1x3xbf16>, tensor<5x67xbf16>, tensor<5x67xbf16>, tensor<5x67xbf16>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<bf16>, tensor<bf16>, tensor<bf16>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xbf16>, tensor<1xbf16>, tensor<1xbf16>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xbf16>, tensor<0x3xbf16>, tensor<0x3xbf16>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xbf16>, tensor<2x1x3xbf16>, tensor<2x1x3xbf16>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xbf16>, tensor<5x67xbf16>, tensor<5x67xbf16>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<bf16>, tensor<5x67xbf16>, tensor<bf16>
  %v6 = hlo.constant dense<-1.0> : tensor<bf16>
  %v7 = hlo.constant dense<2.0> : tensor<5x67xbf16>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<bf16>, tensor<5x67xbf16>, tensor<5x67xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<bf16>, tensor<1xbf16>, tensor<0x3xbf16>, tensor<2x1x3xbf16>, tensor<5x67xbf16>, tensor<5x67xbf16>, tensor<5x67xbf16>
}

// CHECK: @clamp_i8 result 0: ok
// CHECK: @clamp_i8 result 1: ok
// CHECK: @clamp_i8 result 2: ok
// CHECK: @clamp_i8 result 3: ok
// CHECK: @clamp_i8 result 4: ok
// CHECK: @clamp_i8 result 5: ok
// CHECK: @clamp_i8 result 6: ok
func.func @clamp_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<i8>, %arg3: tensor<1xi8>, %arg4: tensor<1xi8>, %arg5: tensor<1xi8>, %arg6: tensor<0x3xi8>, %arg7: tensor<0x3xi8>, %arg8: tensor<0x3xi8>, %arg9: tensor<2x1x3xi8>, %arg10: tensor<2x1x3xi8>, %arg11: tensor<2x1x3xi8>, %arg12: tensor<5x67xi8>, %arg13: tensor<5x67xi8>, %arg14: tensor<5x67xi8>, %arg15: tensor<i8>, %arg16: tensor<i8>) -> (tensor<i8>, tensor<1xi8>, tensor<0x3xi8>, tensor<2x1x3xi8>, tensor<5x67xi8>, tensor<5x67xi8>, tensor<5x67xi8>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<i8>, tensor<i8>, tensor<i8>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xi8>, tensor<1xi8>, tensor<1xi8>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xi8>, tensor<0x3xi8>, tensor<0x3xi8>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xi8>, tensor<2x1x3xi8>, tensor<2x1x3xi8>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xi8>, tensor<5x67xi8>, tensor<5x67xi8>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<i8>, tensor<5x67xi8>, tensor<i8>
  %v6 = hlo.constant dense<-1> : tensor<i8>
  %v7 = hlo.constant dense<2> : tensor<5x67xi8>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<i8>, tensor<5x67xi8>, tensor<5x67xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<i8>, tensor<1xi8>, tensor<0x3xi8>, tensor<2x1x3xi8>, tensor<5x67xi8>, tensor<5x67xi8>, tensor<5x67xi8>
}

// CHECK: @clamp_i16 result 0: ok
// CHECK: @clamp_i16 result 1: ok
// CHECK: @clamp_i16 result 2: ok
// CHECK: @clamp_i16 result 3: ok
// CHECK: @clamp_i16 result 4: ok
// CHECK: @clamp_i16 result 5: ok
// CHECK: @clamp_i16 result 6: ok
func.func @clamp_i16(%arg0: tensor<i16>, %arg1: tensor<i16>, %arg2: tensor<i16>, %arg3: tensor<1xi16>, %arg4: tensor<1xi16>, %arg5: tensor<1xi16>, %arg6: tensor<0x3xi16>, %arg7: tensor<0x3xi16>, %arg8: tensor<0x3xi16>, %arg9: tensor<2x1x3xi16>, %arg10: tensor<2x1x3xi16>, %arg11: tensor<2x1x3xi16>, %arg12: tensor<5x67xi16>, %arg13: tensor<5x67xi16>, %arg14: tensor<5x67xi16>, %arg15: tensor<i16>, %arg16: tensor<i16>) -> (tensor<i16>, tensor<1xi16>, tensor<0x3xi16>, tensor<2x1x3xi16>, tensor<5x67xi16>, tensor<5x67xi16>, tensor<5x67xi16>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<i16>, tensor<i16>, tensor<i16>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xi16>, tensor<1xi16>, tensor<1xi16>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xi16>, tensor<0x3xi16>, tensor<0x3xi16>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xi16>, tensor<2x1x3xi16>, tensor<2x1x3xi16>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xi16>, tensor<5x67xi16>, tensor<5x67xi16>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<i16>, tensor<5x67xi16>, tensor<i16>
  %v6 = hlo.constant dense<-1> : tensor<i16>
  %v7 = hlo.constant dense<2> : tensor<5x67xi16>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<i16>, tensor<5x67xi16>, tensor<5x67xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<i16>, tensor<1xi16>, tensor<0x3xi16>, tensor<2x1x3xi16>, tensor<5x67xi16>, tensor<5x67xi16>, tensor<5x67xi16>
}

// CHECK: @clamp_i32 result 0: ok
// CHECK: @clamp_i32 result 1: ok
// CHECK: @clamp_i32 result 2: ok
// CHECK: @clamp_i32 result 3: ok
// CHECK: @clamp_i32 result 4: ok
// CHECK: @clamp_i32 result 5: ok
// CHECK: @clamp_i32 result 6: ok
func.func @clamp_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<1xi32>, %arg4: tensor<1xi32>, %arg5: tensor<1xi32>, %arg6: tensor<0x3xi32>, %arg7: tensor<0x3xi32>, %arg8: tensor<0x3xi32>, %arg9: tensor<2x1x3xi32>, %arg10: tensor<2x1x3xi32>, %arg11: tensor<2x1x3xi32>, %arg12: tensor<5x67xi32>, %arg13: tensor<5x67xi32>, %arg14: tensor<5x67xi32>, %arg15: tensor<i32>, %arg16: tensor<i32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>, tensor<5x67xi32>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<i32>, tensor<i32>, tensor<i32>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xi32>, tensor<1xi32>, tensor<1xi32>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xi32>, tensor<0x3xi32>, tensor<0x3xi32>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xi32>, tensor<2x1x3xi32>, tensor<2x1x3xi32>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xi32>, tensor<5x67xi32>, tensor<5x67xi32>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<i32>, tensor<5x67xi32>, tensor<i32>
  %v6 = hlo.constant dense<-1> : tensor<i32>
  %v7 = hlo.constant dense<2> : tensor<5x67xi32>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<i32>, tensor<5x67xi32>, tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>, tensor<5x67xi32>, tensor<5x67xi32>
}

// CHECK: @clamp_i64 result 0: ok
// CHECK: @clamp_i64 result 1: ok
// CHECK: @clamp_i64 result 2: ok
// CHECK: @clamp_i64 result 3: ok
// CHECK: @clamp_i64 result 4: ok
// CHECK: @clamp_i64 result 5: ok
// CHECK: @clamp_i64 result 6: ok
func.func @clamp_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<1xi64>, %arg4: tensor<1xi64>, %arg5: tensor<1xi64>, %arg6: tensor<0x3xi64>, %arg7: tensor<0x3xi64>, %arg8: tensor<0x3xi64>, %arg9: tensor<2x1x3xi64>, %arg10: tensor<2x1x3xi64>, %arg11: tensor<2x1x3xi64>, %arg12: tensor<5x67xi64>, %arg13: tensor<5x67xi64>, %arg14: tensor<5x67xi64>, %arg15: tensor<i64>, %arg16: tensor<i64>) -> (tensor<i64>, tensor<1xi64>, tensor<0x3xi64>, tensor<2x1x3xi64>, tensor<5x67xi64>, tensor<5x67xi64>, tensor<5x67xi64>) {
  %v0 = hlo.clamp %arg0, %arg1, %arg2 : tensor<i64>, tensor<i64>, tensor<i64>
  %v1 = hlo.clamp %arg3, %arg4, %arg5 : tensor<1xi64>, tensor<1xi64>, tensor<1xi64>
  %v2 = hlo.clamp %arg6, %arg7, %arg8 : tensor<0x3xi64>, tensor<0x3xi64>, tensor<0x3xi64>
  %v3 = hlo.clamp %arg9, %arg10, %arg11 : tensor<2x1x3xi64>, tensor<2x1x3xi64>, tensor<2x1x3xi64>
  %v4 = hlo.clamp %arg12, %arg13, %arg14 : tensor<5x67xi64>, tensor<5x67xi64>, tensor<5x67xi64>
  %v5 = hlo.clamp %arg15, %arg13, %arg16 : tensor<i64>, tensor<5x67xi64>, tensor<i64>
  %v6 = hlo.constant dense<-1> : tensor<i64>
  %v7 = hlo.constant dense<2> : tensor<5x67xi64>
  %v8 = hlo.clamp %v6, %arg13, %v7 : tensor<i64>, tensor<5x67xi64>, tensor<5x67xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v8 : tensor<i64>, tensor<1xi64>, tensor<0x3xi64>, tensor<2x1x3xi64>, tensor<5x67xi64>, tensor<5x67xi64>, tensor<5x67xi64>
}

// NaN in the operand or in a bound gives NaN; min > max gives max.
// CHECK: @clamp_special_values_f32 result 0: ok
func.func @clamp_special_values_f32(%arg0: tensor<9xf32>, %arg1: tensor<9xf32>, %arg2: tensor<9xf32>) -> tensor<9xf32> {
  %v0 = hlo.constant dense<0.0> : tensor<9xf32>
  %v1 = hlo.constant dense<[0.0, 0x7FC00000, 0.0, 2.0, -1.0, -1.0, 0.0, -0.0, 3.0]> : tensor<9xf32>
  %v2 = hlo.abs %arg0 : tensor<9xf32>
  %v3 = hlo.multiply %v2, %v0 : tensor<9xf32>
  %v4 = hlo.subtract %v1, %v3 : tensor<9xf32>
  %v5 = hlo.constant dense<0.0> : tensor<9xf32>
  %v6 = hlo.constant dense<[0x7FC00000, 1.0, 1.0, 1.0, -5.0, 5.0, -0.0, 0.0, 0.5]> : tensor<9xf32>
  %v7 = hlo.abs %arg1 : tensor<9xf32>
  %v8 = hlo.multiply %v7, %v5 : tensor<9xf32>
  %v9 = hlo.subtract %v6, %v8 : tensor<9xf32>
  %v10 = hlo.constant dense<0.0> : tensor<9xf32>
  %v11 = hlo.constant dense<[1.0, 1.0, 0x7FC00000, 1.0, 1.0, 1.0, 1.0, -0.0, 2.0]> : tensor<9xf32>
  %v12 = hlo.abs %arg2 : tensor<9xf32>
  %v13 = hlo.multiply %v12, %v10 : tensor<9xf32>
  %v14 = hlo.subtract %v11, %v13 : tensor<9xf32>
  %v15 = hlo.clamp %v4, %v9, %v14 : tensor<9xf32>, tensor<9xf32>, tensor<9xf32>
  return %v15 : tensor<9xf32>
}

// NaN in the operand or in a bound gives NaN; min > max gives max.
// CHECK: @clamp_special_values_f64 result 0: ok
func.func @clamp_special_values_f64(%arg0: tensor<9xf64>, %arg1: tensor<9xf64>, %arg2: tensor<9xf64>) -> tensor<9xf64> {
  %v0 = hlo.constant dense<0.0> : tensor<9xf64>
  %v1 = hlo.constant dense<[0.0, 0x7FF8000000000000, 0.0, 2.0, -1.0, -1.0, 0.0, -0.0, 3.0]> : tensor<9xf64>
  %v2 = hlo.abs %arg0 : tensor<9xf64>
  %v3 = hlo.multiply %v2, %v0 : tensor<9xf64>
  %v4 = hlo.subtract %v1, %v3 : tensor<9xf64>
  %v5 = hlo.constant dense<0.0> : tensor<9xf64>
  %v6 = hlo.constant dense<[0x7FF8000000000000, 1.0, 1.0, 1.0, -5.0, 5.0, -0.0, 0.0, 0.5]> : tensor<9xf64>
  %v7 = hlo.abs %arg1 : tensor<9xf64>
  %v8 = hlo.multiply %v7, %v5 : tensor<9xf64>
  %v9 = hlo.subtract %v6, %v8 : tensor<9xf64>
  %v10 = hlo.constant dense<0.0> : tensor<9xf64>
  %v11 = hlo.constant dense<[1.0, 1.0, 0x7FF8000000000000, 1.0, 1.0, 1.0, 1.0, -0.0, 2.0]> : tensor<9xf64>
  %v12 = hlo.abs %arg2 : tensor<9xf64>
  %v13 = hlo.multiply %v12, %v10 : tensor<9xf64>
  %v14 = hlo.subtract %v11, %v13 : tensor<9xf64>
  %v15 = hlo.clamp %v4, %v9, %v14 : tensor<9xf64>, tensor<9xf64>, tensor<9xf64>
  return %v15 : tensor<9xf64>
}

// NaN in the operand or in a bound gives NaN; min > max gives max.
// CHECK: @clamp_special_values_f16 result 0: ok
func.func @clamp_special_values_f16(%arg0: tensor<9xf16>, %arg1: tensor<9xf16>, %arg2: tensor<9xf16>) -> tensor<9xf16> {
  %v0 = hlo.constant dense<0.0> : tensor<9xf16>
  %v1 = hlo.constant dense<[0.0, 0x7E00, 0.0, 2.0, -1.0, -1.0, 0.0, -0.0, 3.0]> : tensor<9xf16>
  %v2 = hlo.abs %arg0 : tensor<9xf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<9xf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<9xf16>
  %v5 = hlo.constant dense<0.0> : tensor<9xf16>
  %v6 = hlo.constant dense<[0x7E00, 1.0, 1.0, 1.0, -5.0, 5.0, -0.0, 0.0, 0.5]> : tensor<9xf16>
  %v7 = hlo.abs %arg1 : tensor<9xf16>
  %v8 = hlo.multiply %v7, %v5 : tensor<9xf16>
  %v9 = hlo.subtract %v6, %v8 : tensor<9xf16>
  %v10 = hlo.constant dense<0.0> : tensor<9xf16>
  %v11 = hlo.constant dense<[1.0, 1.0, 0x7E00, 1.0, 1.0, 1.0, 1.0, -0.0, 2.0]> : tensor<9xf16>
  %v12 = hlo.abs %arg2 : tensor<9xf16>
  %v13 = hlo.multiply %v12, %v10 : tensor<9xf16>
  %v14 = hlo.subtract %v11, %v13 : tensor<9xf16>
  %v15 = hlo.clamp %v4, %v9, %v14 : tensor<9xf16>, tensor<9xf16>, tensor<9xf16>
  return %v15 : tensor<9xf16>
}

// NaN in the operand or in a bound gives NaN; min > max gives max.
// CHECK: @clamp_special_values_bf16 result 0: ok
func.func @clamp_special_values_bf16(%arg0: tensor<9xbf16>, %arg1: tensor<9xbf16>, %arg2: tensor<9xbf16>) -> tensor<9xbf16> {
  %v0 = hlo.constant dense<0.0> : tensor<9xbf16>
  %v1 = hlo.constant dense<[0.0, 0x7FC0, 0.0, 2.0, -1.0, -1.0, 0.0, -0.0, 3.0]> : tensor<9xbf16>
  %v2 = hlo.abs %arg0 : tensor<9xbf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<9xbf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<9xbf16>
  %v5 = hlo.constant dense<0.0> : tensor<9xbf16>
  %v6 = hlo.constant dense<[0x7FC0, 1.0, 1.0, 1.0, -5.0, 5.0, -0.0, 0.0, 0.5]> : tensor<9xbf16>
  %v7 = hlo.abs %arg1 : tensor<9xbf16>
  %v8 = hlo.multiply %v7, %v5 : tensor<9xbf16>
  %v9 = hlo.subtract %v6, %v8 : tensor<9xbf16>
  %v10 = hlo.constant dense<0.0> : tensor<9xbf16>
  %v11 = hlo.constant dense<[1.0, 1.0, 0x7FC0, 1.0, 1.0, 1.0, 1.0, -0.0, 2.0]> : tensor<9xbf16>
  %v12 = hlo.abs %arg2 : tensor<9xbf16>
  %v13 = hlo.multiply %v12, %v10 : tensor<9xbf16>
  %v14 = hlo.subtract %v11, %v13 : tensor<9xbf16>
  %v15 = hlo.clamp %v4, %v9, %v14 : tensor<9xbf16>, tensor<9xbf16>, tensor<9xbf16>
  return %v15 : tensor<9xbf16>
}
