// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// convert between every pair of element types (pred, i8, i16, i32, i64, f16,
// bf16, f32, f64), on random values, on values scaled beyond the narrow types
// and on the special values of docs/HLO.md.

// f32 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_f32 result 0: ok
// CHECK: @convert_from_f32 result 1: ok
// CHECK: @convert_from_f32 result 2: ok
// CHECK: @convert_from_f32 result 3: ok
// CHECK: @convert_from_f32 result 4: ok
// CHECK: @convert_from_f32 result 5: ok
// CHECK: @convert_from_f32 result 6: ok
// CHECK: @convert_from_f32 result 7: ok
// CHECK: @convert_from_f32 result 8: ok
// CHECK: @convert_from_f32 result 9: ok
// CHECK: @convert_from_f32 result 10: ok
// CHECK: @convert_from_f32 result 11: ok
// CHECK: @convert_from_f32 result 12: ok
// CHECK: @convert_from_f32 result 13: ok
// CHECK: @convert_from_f32 result 14: ok
// CHECK: @convert_from_f32 result 15: ok
// CHECK: @convert_from_f32 result 16: ok
// CHECK: @convert_from_f32 result 17: ok
// CHECK: @convert_from_f32 result 18: ok
// CHECK: @convert_from_f32 result 19: ok
// CHECK: @convert_from_f32 result 20: ok
// CHECK: @convert_from_f32 result 21: ok
// CHECK: @convert_from_f32 result 22: ok
// CHECK: @convert_from_f32 result 23: ok
// CHECK: @convert_from_f32 result 24: ok
// CHECK: @convert_from_f32 result 25: ok
// CHECK: @convert_from_f32 result 26: ok
// CHECK: @convert_from_f32 result 27: ok
func.func @convert_from_f32(%arg0: tensor<3x7xf32>, %arg1: tensor<0x2xf32>, %arg2: tensor<f32>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xf32>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<f32>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<f32>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<f32>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<f32>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<f32>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<f32>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<f32>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<f32>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<f32>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xf32>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<1.0e+02> : tensor<3x7xf32>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xf32>
  %v21 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xf32>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// f64 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_f64 result 0: ok
// CHECK: @convert_from_f64 result 1: ok
// CHECK: @convert_from_f64 result 2: ok
// CHECK: @convert_from_f64 result 3: ok
// CHECK: @convert_from_f64 result 4: ok
// CHECK: @convert_from_f64 result 5: ok
// CHECK: @convert_from_f64 result 6: ok
// CHECK: @convert_from_f64 result 7: ok
// CHECK: @convert_from_f64 result 8: ok
// CHECK: @convert_from_f64 result 9: ok
// CHECK: @convert_from_f64 result 10: ok
// CHECK: @convert_from_f64 result 11: ok
// CHECK: @convert_from_f64 result 12: ok
// CHECK: @convert_from_f64 result 13: ok
// CHECK: @convert_from_f64 result 14: ok
// CHECK: @convert_from_f64 result 15: ok
// CHECK: @convert_from_f64 result 16: ok
// CHECK: @convert_from_f64 result 17: ok
// CHECK: @convert_from_f64 result 18: ok
// CHECK: @convert_from_f64 result 19: ok
// CHECK: @convert_from_f64 result 20: ok
// CHECK: @convert_from_f64 result 21: ok
// CHECK: @convert_from_f64 result 22: ok
// CHECK: @convert_from_f64 result 23: ok
// CHECK: @convert_from_f64 result 24: ok
// CHECK: @convert_from_f64 result 25: ok
// CHECK: @convert_from_f64 result 26: ok
// CHECK: @convert_from_f64 result 27: ok
func.func @convert_from_f64(%arg0: tensor<3x7xf64>, %arg1: tensor<0x2xf64>, %arg2: tensor<f64>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xf64>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<f64>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<f64>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<f64>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<f64>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<f64>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<f64>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<f64>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<f64>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<f64>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xf64>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<1.0e+02> : tensor<3x7xf64>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xf64>
  %v21 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xf64>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// f16 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_f16 result 0: ok
// CHECK: @convert_from_f16 result 1: ok
// CHECK: @convert_from_f16 result 2: ok
// CHECK: @convert_from_f16 result 3: ok
// CHECK: @convert_from_f16 result 4: ok
// CHECK: @convert_from_f16 result 5: ok
// CHECK: @convert_from_f16 result 6: ok
// CHECK: @convert_from_f16 result 7: ok
// CHECK: @convert_from_f16 result 8: ok
// CHECK: @convert_from_f16 result 9: ok
// CHECK: @convert_from_f16 result 10: ok
// CHECK: @convert_from_f16 result 11: ok
// CHECK: @convert_from_f16 result 12: ok
// CHECK: @convert_from_f16 result 13: ok
// CHECK: @convert_from_f16 result 14: ok
// CHECK: @convert_from_f16 result 15: ok
// CHECK: @convert_from_f16 result 16: ok
// CHECK: @convert_from_f16 result 17: ok
// CHECK: @convert_from_f16 result 18: ok
// CHECK: @convert_from_f16 result 19: ok
// CHECK: @convert_from_f16 result 20: ok
// CHECK: @convert_from_f16 result 21: ok
// CHECK: @convert_from_f16 result 22: ok
// CHECK: @convert_from_f16 result 23: ok
// CHECK: @convert_from_f16 result 24: ok
// CHECK: @convert_from_f16 result 25: ok
// CHECK: @convert_from_f16 result 26: ok
// CHECK: @convert_from_f16 result 27: ok
func.func @convert_from_f16(%arg0: tensor<3x7xf16>, %arg1: tensor<0x2xf16>, %arg2: tensor<f16>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xf16>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<f16>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<f16>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<f16>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<f16>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<f16>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<f16>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<f16>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<f16>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<f16>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xf16>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<1.0e+02> : tensor<3x7xf16>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xf16>
  %v21 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xf16>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// bf16 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_bf16 result 0: ok
// CHECK: @convert_from_bf16 result 1: ok
// CHECK: @convert_from_bf16 result 2: ok
// CHECK: @convert_from_bf16 result 3: ok
// CHECK: @convert_from_bf16 result 4: ok
// CHECK: @convert_from_bf16 result 5: ok
// CHECK: @convert_from_bf16 result 6: ok
// CHECK: @convert_from_bf16 result 7: ok
// CHECK: @convert_from_bf16 result 8: ok
// CHECK: @convert_from_bf16 result 9: ok
// CHECK: @convert_from_bf16 result 10: ok
// CHECK: @convert_from_bf16 result 11: ok
// CHECK: @convert_from_bf16 result 12: ok
// CHECK: @convert_from_bf16 result 13: ok
// CHECK: @convert_from_bf16 result 14: ok
// CHECK: @convert_from_bf16 result 15: ok
// CHECK: @convert_from_bf16 result 16: ok
// CHECK: @convert_from_bf16 result 17: ok
// CHECK: @convert_from_bf16 result 18: ok
// CHECK: @convert_from_bf16 result 19: ok
// CHECK: @convert_from_bf16 result 20: ok
// CHECK: @convert_from_bf16 result 21: ok
// CHECK: @convert_from_bf16 result 22: ok
// CHECK: @convert_from_bf16 result 23: ok
// CHECK: @convert_from_bf16 result 24: ok
// CHECK: @convert_from_bf16 result 25: ok
// CHECK: @convert_from_bf16 result 26: ok
// CHECK: @convert_from_bf16 result 27: ok
func.func @convert_from_bf16(%arg0: tensor<3x7xbf16>, %arg1: tensor<0x2xbf16>, %arg2: tensor<bf16>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xbf16>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<bf16>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xbf16>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<1.0e+02> : tensor<3x7xbf16>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xbf16>
  %v21 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xbf16>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// i8 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_i8 result 0: ok
// CHECK: @convert_from_i8 result 1: ok
// CHECK: @convert_from_i8 result 2: ok
// CHECK: @convert_from_i8 result 3: ok
// CHECK: @convert_from_i8 result 4: ok
// CHECK: @convert_from_i8 result 5: ok
// CHECK: @convert_from_i8 result 6: ok
// CHECK: @convert_from_i8 result 7: ok
// CHECK: @convert_from_i8 result 8: ok
// CHECK: @convert_from_i8 result 9: ok
// CHECK: @convert_from_i8 result 10: ok
// CHECK: @convert_from_i8 result 11: ok
// CHECK: @convert_from_i8 result 12: ok
// CHECK: @convert_from_i8 result 13: ok
// CHECK: @convert_from_i8 result 14: ok
// CHECK: @convert_from_i8 result 15: ok
// CHECK: @convert_from_i8 result 16: ok
// CHECK: @convert_from_i8 result 17: ok
// CHECK: @convert_from_i8 result 18: ok
// CHECK: @convert_from_i8 result 19: ok
// CHECK: @convert_from_i8 result 20: ok
// CHECK: @convert_from_i8 result 21: ok
// CHECK: @convert_from_i8 result 22: ok
// CHECK: @convert_from_i8 result 23: ok
// CHECK: @convert_from_i8 result 24: ok
// CHECK: @convert_from_i8 result 25: ok
// CHECK: @convert_from_i8 result 26: ok
// CHECK: @convert_from_i8 result 27: ok
func.func @convert_from_i8(%arg0: tensor<3x7xi8>, %arg1: tensor<0x2xi8>, %arg2: tensor<i8>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xi8>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<i8>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<i8>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<i8>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<i8>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<i8>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<i8>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<i8>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<i8>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<i8>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xi8>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<41> : tensor<3x7xi8>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xi8>
  %v21 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xi8>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// i16 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_i16 result 0: ok
// CHECK: @convert_from_i16 result 1: ok
// CHECK: @convert_from_i16 result 2: ok
// CHECK: @convert_from_i16 result 3: ok
// CHECK: @convert_from_i16 result 4: ok
// CHECK: @convert_from_i16 result 5: ok
// CHECK: @convert_from_i16 result 6: ok
// CHECK: @convert_from_i16 result 7: ok
// CHECK: @convert_from_i16 result 8: ok
// CHECK: @convert_from_i16 result 9: ok
// CHECK: @convert_from_i16 result 10: ok
// CHECK: @convert_from_i16 result 11: ok
// CHECK: @convert_from_i16 result 12: ok
// CHECK: @convert_from_i16 result 13: ok
// CHECK: @convert_from_i16 result 14: ok
// CHECK: @convert_from_i16 result 15: ok
// CHECK: @convert_from_i16 result 16: ok
// CHECK: @convert_from_i16 result 17: ok
// CHECK: @convert_from_i16 result 18: ok
// CHECK: @convert_from_i16 result 19: ok
// CHECK: @convert_from_i16 result 20: ok
// CHECK: @convert_from_i16 result 21: ok
// CHECK: @convert_from_i16 result 22: ok
// CHECK: @convert_from_i16 result 23: ok
// CHECK: @convert_from_i16 result 24: ok
// CHECK: @convert_from_i16 result 25: ok
// CHECK: @convert_from_i16 result 26: ok
// CHECK: @convert_from_i16 result 27: ok
func.func @convert_from_i16(%arg0: tensor<3x7xi16>, %arg1: tensor<0x2xi16>, %arg2: tensor<i16>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xi16>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<i16>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<i16>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<i16>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<i16>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<i16>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<i16>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<i16>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<i16>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<i16>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xi16>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<4099> : tensor<3x7xi16>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xi16>
  %v21 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xi16>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// i32 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_i32 result 0: ok
// CHECK: @convert_from_i32 result 1: ok
// CHECK: @convert_from_i32 result 2: ok
// CHECK: @convert_from_i32 result 3: ok
// CHECK: @convert_from_i32 result 4: ok
// CHECK: @convert_from_i32 result 5: ok
// CHECK: @convert_from_i32 result 6: ok
// CHECK: @convert_from_i32 result 7: ok
// CHECK: @convert_from_i32 result 8: ok
// CHECK: @convert_from_i32 result 9: ok
// CHECK: @convert_from_i32 result 10: ok
// CHECK: @convert_from_i32 result 11: ok
// CHECK: @convert_from_i32 result 12: ok
// CHECK: @convert_from_i32 result 13: ok
// CHECK: @convert_from_i32 result 14: ok
// CHECK: @convert_from_i32 result 15: ok
// CHECK: @convert_from_i32 result 16: ok
// CHECK: @convert_from_i32 result 17: ok
// CHECK: @convert_from_i32 result 18: ok
// CHECK: @convert_from_i32 result 19: ok
// CHECK: @convert_from_i32 result 20: ok
// CHECK: @convert_from_i32 result 21: ok
// CHECK: @convert_from_i32 result 22: ok
// CHECK: @convert_from_i32 result 23: ok
// CHECK: @convert_from_i32 result 24: ok
// CHECK: @convert_from_i32 result 25: ok
// CHECK: @convert_from_i32 result 26: ok
// CHECK: @convert_from_i32 result 27: ok
func.func @convert_from_i32(%arg0: tensor<3x7xi32>, %arg1: tensor<0x2xi32>, %arg2: tensor<i32>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xi32>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<i32>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<i32>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<i32>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<i32>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<i32>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<i32>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<i32>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<i32>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<i32>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xi32>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<4099> : tensor<3x7xi32>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xi32>
  %v21 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xi32>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// i64 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_i64 result 0: ok
// CHECK: @convert_from_i64 result 1: ok
// CHECK: @convert_from_i64 result 2: ok
// CHECK: @convert_from_i64 result 3: ok
// CHECK: @convert_from_i64 result 4: ok
// CHECK: @convert_from_i64 result 5: ok
// CHECK: @convert_from_i64 result 6: ok
// CHECK: @convert_from_i64 result 7: ok
// CHECK: @convert_from_i64 result 8: ok
// CHECK: @convert_from_i64 result 9: ok
// CHECK: @convert_from_i64 result 10: ok
// CHECK: @convert_from_i64 result 11: ok
// CHECK: @convert_from_i64 result 12: ok
// CHECK: @convert_from_i64 result 13: ok
// CHECK: @convert_from_i64 result 14: ok
// CHECK: @convert_from_i64 result 15: ok
// CHECK: @convert_from_i64 result 16: ok
// CHECK: @convert_from_i64 result 17: ok
// CHECK: @convert_from_i64 result 18: ok
// CHECK: @convert_from_i64 result 19: ok
// CHECK: @convert_from_i64 result 20: ok
// CHECK: @convert_from_i64 result 21: ok
// CHECK: @convert_from_i64 result 22: ok
// CHECK: @convert_from_i64 result 23: ok
// CHECK: @convert_from_i64 result 24: ok
// CHECK: @convert_from_i64 result 25: ok
// CHECK: @convert_from_i64 result 26: ok
// CHECK: @convert_from_i64 result 27: ok
func.func @convert_from_i64(%arg0: tensor<3x7xi64>, %arg1: tensor<0x2xi64>, %arg2: tensor<i64>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xi64>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<i64>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<i64>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<i64>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<i64>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<i64>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<i64>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<i64>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<i64>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<i64>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xi64>) -> tensor<0x2xi64>
  %v19 = hlo.constant dense<4099> : tensor<3x7xi64>
  %v20 = hlo.multiply %arg0, %v19 : tensor<3x7xi64>
  %v21 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xf32>
  %v22 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xf64>
  %v23 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xf16>
  %v24 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xbf16>
  %v25 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xi8>
  %v26 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xi16>
  %v27 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xi32>
  %v28 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xi64>
  %v29 = hlo.convert %v20 : (tensor<3x7xi64>) -> tensor<3x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v21, %v22, %v23, %v24, %v25, %v26, %v27, %v28, %v29 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>, tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>
}

// i1 to every element type, on random values, a zero-size tensor
// and rank 0.
// CHECK: @convert_from_i1 result 0: ok
// CHECK: @convert_from_i1 result 1: ok
// CHECK: @convert_from_i1 result 2: ok
// CHECK: @convert_from_i1 result 3: ok
// CHECK: @convert_from_i1 result 4: ok
// CHECK: @convert_from_i1 result 5: ok
// CHECK: @convert_from_i1 result 6: ok
// CHECK: @convert_from_i1 result 7: ok
// CHECK: @convert_from_i1 result 8: ok
// CHECK: @convert_from_i1 result 9: ok
// CHECK: @convert_from_i1 result 10: ok
// CHECK: @convert_from_i1 result 11: ok
// CHECK: @convert_from_i1 result 12: ok
// CHECK: @convert_from_i1 result 13: ok
// CHECK: @convert_from_i1 result 14: ok
// CHECK: @convert_from_i1 result 15: ok
// CHECK: @convert_from_i1 result 16: ok
// CHECK: @convert_from_i1 result 17: ok
// CHECK: @convert_from_i1 result 18: ok
func.func @convert_from_i1(%arg0: tensor<3x7xi1>, %arg1: tensor<0x2xi1>, %arg2: tensor<i1>) -> (tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>) {
  %v0 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xf32>
  %v1 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xf64>
  %v2 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xf16>
  %v3 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xbf16>
  %v4 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xi8>
  %v5 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xi16>
  %v6 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xi32>
  %v7 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xi64>
  %v8 = hlo.convert %arg0 : (tensor<3x7xi1>) -> tensor<3x7xi1>
  %v9 = hlo.convert %arg2 : (tensor<i1>) -> tensor<f32>
  %v10 = hlo.convert %arg2 : (tensor<i1>) -> tensor<f64>
  %v11 = hlo.convert %arg2 : (tensor<i1>) -> tensor<f16>
  %v12 = hlo.convert %arg2 : (tensor<i1>) -> tensor<bf16>
  %v13 = hlo.convert %arg2 : (tensor<i1>) -> tensor<i8>
  %v14 = hlo.convert %arg2 : (tensor<i1>) -> tensor<i16>
  %v15 = hlo.convert %arg2 : (tensor<i1>) -> tensor<i32>
  %v16 = hlo.convert %arg2 : (tensor<i1>) -> tensor<i64>
  %v17 = hlo.convert %arg2 : (tensor<i1>) -> tensor<i1>
  %v18 = hlo.convert %arg1 : (tensor<0x2xi1>) -> tensor<0x2xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18 : tensor<3x7xf32>, tensor<3x7xf64>, tensor<3x7xf16>, tensor<3x7xbf16>, tensor<3x7xi8>, tensor<3x7xi16>, tensor<3x7xi32>, tensor<3x7xi64>, tensor<3x7xi1>, tensor<f32>, tensor<f64>, tensor<f16>, tensor<bf16>, tensor<i8>, tensor<i16>, tensor<i32>, tensor<i64>, tensor<i1>, tensor<0x2xi64>
}

// NaN -> 0, infinities and out-of-range values saturate, rounding
// toward zero to integers, to nearest even between floats, and
// non-zero -> true for i1 (f32).
// CHECK: @convert_special_values_f32 result 0: ok
// CHECK: @convert_special_values_f32 result 1: ok
// CHECK: @convert_special_values_f32 result 2: ok
// CHECK: @convert_special_values_f32 result 3: ok
// CHECK: @convert_special_values_f32 result 4: ok
// CHECK: @convert_special_values_f32 result 5: ok
// CHECK: @convert_special_values_f32 result 6: ok
// CHECK: @convert_special_values_f32 result 7: ok
// CHECK: @convert_special_values_f32 result 8: ok
func.func @convert_special_values_f32(%arg0: tensor<27xf32>) -> (tensor<27xf32>, tensor<27xf64>, tensor<27xf16>, tensor<27xbf16>, tensor<27xi8>, tensor<27xi16>, tensor<27xi32>, tensor<27xi64>, tensor<27xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<27xf32>
  %v1 = hlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 0.5, -0.5, 0.9999, -0.9999, 127.5, 128.0, -129.0, 255.9, 300.7, -40000.0, 65519.0, 65520.0, 2147483520.0, 2147483648.0, -2147483648.0, -2147483904.0, 3.0e+09, -3.0e+09, 1.0e+20, -1.0e+20, 1.0e-08, 3.0e+38]> : tensor<27xf32>
  %v2 = hlo.abs %arg0 : tensor<27xf32>
  %v3 = hlo.multiply %v2, %v0 : tensor<27xf32>
  %v4 = hlo.subtract %v1, %v3 : tensor<27xf32>
  %v5 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xf32>
  %v6 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xf64>
  %v7 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xf16>
  %v8 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xbf16>
  %v9 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xi8>
  %v10 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xi16>
  %v11 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xi32>
  %v12 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xi64>
  %v13 = hlo.convert %v4 : (tensor<27xf32>) -> tensor<27xi1>
  return %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<27xf32>, tensor<27xf64>, tensor<27xf16>, tensor<27xbf16>, tensor<27xi8>, tensor<27xi16>, tensor<27xi32>, tensor<27xi64>, tensor<27xi1>
}

// NaN -> 0, infinities and out-of-range values saturate, rounding
// toward zero to integers, to nearest even between floats, and
// non-zero -> true for i1 (f64).
// CHECK: @convert_special_values_f64 result 0: ok
// CHECK: @convert_special_values_f64 result 1: ok
// CHECK: @convert_special_values_f64 result 2: ok
// CHECK: @convert_special_values_f64 result 3: ok
// CHECK: @convert_special_values_f64 result 4: ok
// CHECK: @convert_special_values_f64 result 5: ok
// CHECK: @convert_special_values_f64 result 6: ok
// CHECK: @convert_special_values_f64 result 7: ok
// CHECK: @convert_special_values_f64 result 8: ok
func.func @convert_special_values_f64(%arg0: tensor<31xf64>) -> (tensor<31xf32>, tensor<31xf64>, tensor<31xf16>, tensor<31xbf16>, tensor<31xi8>, tensor<31xi16>, tensor<31xi32>, tensor<31xi64>, tensor<31xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<31xf64>
  %v1 = hlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 0.5, -0.5, 0.9999, -0.9999, 127.5, 128.0, -129.0, 255.9, 300.7, -40000.0, 65519.0, 65520.0, 2147483647.0, 2147483647.5, 2147483648.0, -2147483648.5, -2147483649.0, 9.2e+18, 9.3e+18, -9.3e+18, 9.223372036854775808e+18, 1.0e+300, -1.0e+300, 1.0e-300, 16777217.0, 3.4028235677973366e+38]> : tensor<31xf64>
  %v2 = hlo.abs %arg0 : tensor<31xf64>
  %v3 = hlo.multiply %v2, %v0 : tensor<31xf64>
  %v4 = hlo.subtract %v1, %v3 : tensor<31xf64>
  %v5 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xf32>
  %v6 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xf64>
  %v7 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xf16>
  %v8 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xbf16>
  %v9 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xi8>
  %v10 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xi16>
  %v11 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xi32>
  %v12 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xi64>
  %v13 = hlo.convert %v4 : (tensor<31xf64>) -> tensor<31xi1>
  return %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<31xf32>, tensor<31xf64>, tensor<31xf16>, tensor<31xbf16>, tensor<31xi8>, tensor<31xi16>, tensor<31xi32>, tensor<31xi64>, tensor<31xi1>
}

// NaN -> 0, infinities and out-of-range values saturate, rounding
// toward zero to integers, to nearest even between floats, and
// non-zero -> true for i1 (f16).
// CHECK: @convert_special_values_f16 result 0: ok
// CHECK: @convert_special_values_f16 result 1: ok
// CHECK: @convert_special_values_f16 result 2: ok
// CHECK: @convert_special_values_f16 result 3: ok
// CHECK: @convert_special_values_f16 result 4: ok
// CHECK: @convert_special_values_f16 result 5: ok
// CHECK: @convert_special_values_f16 result 6: ok
// CHECK: @convert_special_values_f16 result 7: ok
// CHECK: @convert_special_values_f16 result 8: ok
func.func @convert_special_values_f16(%arg0: tensor<20xf16>) -> (tensor<20xf32>, tensor<20xf64>, tensor<20xf16>, tensor<20xbf16>, tensor<20xi8>, tensor<20xi16>, tensor<20xi32>, tensor<20xi64>, tensor<20xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<20xf16>
  %v1 = hlo.constant dense<[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, 0.5, -0.5, 0.9995, -0.9995, 127.5, 128.0, -129.0, 255.9, 300.7, -40000.0, 65504.0, -65504.0, 1.0e-06, -1.0e-06, 2049.0]> : tensor<20xf16>
  %v2 = hlo.abs %arg0 : tensor<20xf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<20xf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<20xf16>
  %v5 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xf32>
  %v6 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xf64>
  %v7 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xf16>
  %v8 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xbf16>
  %v9 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xi8>
  %v10 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xi16>
  %v11 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xi32>
  %v12 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xi64>
  %v13 = hlo.convert %v4 : (tensor<20xf16>) -> tensor<20xi1>
  return %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<20xf32>, tensor<20xf64>, tensor<20xf16>, tensor<20xbf16>, tensor<20xi8>, tensor<20xi16>, tensor<20xi32>, tensor<20xi64>, tensor<20xi1>
}

// NaN -> 0, infinities and out-of-range values saturate, rounding
// toward zero to integers, to nearest even between floats, and
// non-zero -> true for i1 (bf16).
// CHECK: @convert_special_values_bf16 result 0: ok
// CHECK: @convert_special_values_bf16 result 1: ok
// CHECK: @convert_special_values_bf16 result 2: ok
// CHECK: @convert_special_values_bf16 result 3: ok
// CHECK: @convert_special_values_bf16 result 4: ok
// CHECK: @convert_special_values_bf16 result 5: ok
// CHECK: @convert_special_values_bf16 result 6: ok
// CHECK: @convert_special_values_bf16 result 7: ok
// CHECK: @convert_special_values_bf16 result 8: ok
func.func @convert_special_values_bf16(%arg0: tensor<21xbf16>) -> (tensor<21xf32>, tensor<21xf64>, tensor<21xf16>, tensor<21xbf16>, tensor<21xi8>, tensor<21xi16>, tensor<21xi32>, tensor<21xi64>, tensor<21xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<21xbf16>
  %v1 = hlo.constant dense<[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, 0.5, -0.5, 0.99, 127.5, 128.0, -129.0, 255.0, 300.0, -40000.0, 65536.0, 2.0e+09, -3.0e+09, 1.0e+20, -1.0e+20, 3.0e+38, 1.0e-30]> : tensor<21xbf16>
  %v2 = hlo.abs %arg0 : tensor<21xbf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<21xbf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<21xbf16>
  %v5 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xf32>
  %v6 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xf64>
  %v7 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xf16>
  %v8 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xbf16>
  %v9 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xi8>
  %v10 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xi16>
  %v11 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xi32>
  %v12 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xi64>
  %v13 = hlo.convert %v4 : (tensor<21xbf16>) -> tensor<21xi1>
  return %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<21xf32>, tensor<21xf64>, tensor<21xf16>, tensor<21xbf16>, tensor<21xi8>, tensor<21xi16>, tensor<21xi32>, tensor<21xi64>, tensor<21xi1>
}

// Sign extension, truncation to the low bits, rounding to the
// nearest float (ties to even) and != 0 for i1 (i8).
// CHECK: @convert_special_values_i8 result 0: ok
// CHECK: @convert_special_values_i8 result 1: ok
// CHECK: @convert_special_values_i8 result 2: ok
// CHECK: @convert_special_values_i8 result 3: ok
// CHECK: @convert_special_values_i8 result 4: ok
// CHECK: @convert_special_values_i8 result 5: ok
// CHECK: @convert_special_values_i8 result 6: ok
// CHECK: @convert_special_values_i8 result 7: ok
// CHECK: @convert_special_values_i8 result 8: ok
func.func @convert_special_values_i8(%arg0: tensor<8xi8>) -> (tensor<8xf32>, tensor<8xf64>, tensor<8xf16>, tensor<8xbf16>, tensor<8xi8>, tensor<8xi16>, tensor<8xi32>, tensor<8xi64>, tensor<8xi1>) {
  %v0 = hlo.constant dense<[-128, 127, -1, 0, 1, 100, -100, 2]> : tensor<8xi8>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<8xi8>
  %v2 = hlo.add %v0, %v1 : tensor<8xi8>
  %v3 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xf32>
  %v4 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xf64>
  %v5 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xf16>
  %v6 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xbf16>
  %v7 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xi8>
  %v8 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xi16>
  %v9 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xi32>
  %v10 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xi64>
  %v11 = hlo.convert %v2 : (tensor<8xi8>) -> tensor<8xi1>
  return %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<8xf32>, tensor<8xf64>, tensor<8xf16>, tensor<8xbf16>, tensor<8xi8>, tensor<8xi16>, tensor<8xi32>, tensor<8xi64>, tensor<8xi1>
}

// Sign extension, truncation to the low bits, rounding to the
// nearest float (ties to even) and != 0 for i1 (i16).
// CHECK: @convert_special_values_i16 result 0: ok
// CHECK: @convert_special_values_i16 result 1: ok
// CHECK: @convert_special_values_i16 result 2: ok
// CHECK: @convert_special_values_i16 result 3: ok
// CHECK: @convert_special_values_i16 result 4: ok
// CHECK: @convert_special_values_i16 result 5: ok
// CHECK: @convert_special_values_i16 result 6: ok
// CHECK: @convert_special_values_i16 result 7: ok
// CHECK: @convert_special_values_i16 result 8: ok
func.func @convert_special_values_i16(%arg0: tensor<9xi16>) -> (tensor<9xf32>, tensor<9xf64>, tensor<9xf16>, tensor<9xbf16>, tensor<9xi8>, tensor<9xi16>, tensor<9xi32>, tensor<9xi64>, tensor<9xi1>) {
  %v0 = hlo.constant dense<[-32768, 32767, -1, 0, 1, 300, -129, 255, 2049]> : tensor<9xi16>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<9xi16>
  %v2 = hlo.add %v0, %v1 : tensor<9xi16>
  %v3 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xf32>
  %v4 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xf64>
  %v5 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xf16>
  %v6 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xbf16>
  %v7 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xi8>
  %v8 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xi16>
  %v9 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xi32>
  %v10 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xi64>
  %v11 = hlo.convert %v2 : (tensor<9xi16>) -> tensor<9xi1>
  return %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<9xf32>, tensor<9xf64>, tensor<9xf16>, tensor<9xbf16>, tensor<9xi8>, tensor<9xi16>, tensor<9xi32>, tensor<9xi64>, tensor<9xi1>
}

// Sign extension, truncation to the low bits, rounding to the
// nearest float (ties to even) and != 0 for i1 (i32).
// CHECK: @convert_special_values_i32 result 0: ok
// CHECK: @convert_special_values_i32 result 1: ok
// CHECK: @convert_special_values_i32 result 2: ok
// CHECK: @convert_special_values_i32 result 3: ok
// CHECK: @convert_special_values_i32 result 4: ok
// CHECK: @convert_special_values_i32 result 5: ok
// CHECK: @convert_special_values_i32 result 6: ok
// CHECK: @convert_special_values_i32 result 7: ok
// CHECK: @convert_special_values_i32 result 8: ok
func.func @convert_special_values_i32(%arg0: tensor<13xi32>) -> (tensor<13xf32>, tensor<13xf64>, tensor<13xf16>, tensor<13xbf16>, tensor<13xi8>, tensor<13xi16>, tensor<13xi32>, tensor<13xi64>, tensor<13xi1>) {
  %v0 = hlo.constant dense<[-2147483648, 2147483647, -1, 0, 1, 300, -129, 255, 65543, 16777217, 16777219, 2049, 257]> : tensor<13xi32>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<13xi32>
  %v2 = hlo.add %v0, %v1 : tensor<13xi32>
  %v3 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xf32>
  %v4 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xf64>
  %v5 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xf16>
  %v6 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xbf16>
  %v7 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xi8>
  %v8 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xi16>
  %v9 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xi32>
  %v10 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xi64>
  %v11 = hlo.convert %v2 : (tensor<13xi32>) -> tensor<13xi1>
  return %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<13xf32>, tensor<13xf64>, tensor<13xf16>, tensor<13xbf16>, tensor<13xi8>, tensor<13xi16>, tensor<13xi32>, tensor<13xi64>, tensor<13xi1>
}

// Sign extension, truncation to the low bits, rounding to the
// nearest float (ties to even) and != 0 for i1 (i64).
// CHECK: @convert_special_values_i64 result 0: ok
// CHECK: @convert_special_values_i64 result 1: ok
// CHECK: @convert_special_values_i64 result 2: ok
// CHECK: @convert_special_values_i64 result 3: ok
// CHECK: @convert_special_values_i64 result 4: ok
// CHECK: @convert_special_values_i64 result 5: ok
// CHECK: @convert_special_values_i64 result 6: ok
// CHECK: @convert_special_values_i64 result 7: ok
// CHECK: @convert_special_values_i64 result 8: ok
func.func @convert_special_values_i64(%arg0: tensor<15xi64>) -> (tensor<15xf32>, tensor<15xf64>, tensor<15xf16>, tensor<15xbf16>, tensor<15xi8>, tensor<15xi16>, tensor<15xi32>, tensor<15xi64>, tensor<15xi1>) {
  %v0 = hlo.constant dense<[-9223372036854775808, 9223372036854775807, -1, 0, 1, 300, -129, 255, 65543, 16777217, 9007199254740993, -9007199254740995, 4294967297, 2049, 257]> : tensor<15xi64>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<15xi64>
  %v2 = hlo.add %v0, %v1 : tensor<15xi64>
  %v3 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xf32>
  %v4 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xf64>
  %v5 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xf16>
  %v6 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xbf16>
  %v7 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xi8>
  %v8 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xi16>
  %v9 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xi32>
  %v10 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xi64>
  %v11 = hlo.convert %v2 : (tensor<15xi64>) -> tensor<15xi1>
  return %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<15xf32>, tensor<15xf64>, tensor<15xf16>, tensor<15xbf16>, tensor<15xi8>, tensor<15xi16>, tensor<15xi32>, tensor<15xi64>, tensor<15xi1>
}

// Round trips through narrower and wider types.
// CHECK: @convert_chain result 0: ok
// CHECK: @convert_chain result 1: ok
func.func @convert_chain(%arg0: tensor<6x11xf32>, %arg1: tensor<6x11xi32>) -> (tensor<6x11xf32>, tensor<6x11xi8>) {
  %v0 = hlo.convert %arg0 : (tensor<6x11xf32>) -> tensor<6x11xf16>
  %v1 = hlo.convert %v0 : (tensor<6x11xf16>) -> tensor<6x11xf64>
  %v2 = hlo.convert %v1 : (tensor<6x11xf64>) -> tensor<6x11xbf16>
  %v3 = hlo.convert %v2 : (tensor<6x11xbf16>) -> tensor<6x11xf32>
  %v4 = hlo.convert %arg1 : (tensor<6x11xi32>) -> tensor<6x11xi1>
  %v5 = hlo.convert %v4 : (tensor<6x11xi1>) -> tensor<6x11xi64>
  %v6 = hlo.convert %v5 : (tensor<6x11xi64>) -> tensor<6x11xi8>
  return %v3, %v6 : tensor<6x11xf32>, tensor<6x11xi8>
}
