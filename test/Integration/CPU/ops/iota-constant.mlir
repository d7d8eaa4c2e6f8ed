// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// iota on every numeric type (with wrap-around and rounding of large
// indices), constants of every type (splat, non-splat, rank 0, zero-size,
// NaN and infinities), and functions that return arguments, constants and
// one value twice.

// CHECK: @iota_i32 result 0: ok
// CHECK: @iota_i32 result 1: ok
// CHECK: @iota_i32 result 2: ok
// CHECK: @iota_i32 result 3: ok
// CHECK: @iota_i32 result 4: ok
// CHECK: @iota_i32 result 5: ok
// CHECK: @iota_i32 result 6: ok
// CHECK: @iota_i32 result 7: ok
// CHECK: @iota_i32 result 8: ok
func.func @iota_i32() -> (tensor<4xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<0x5xi32>, tensor<3x1xi32>, tensor<2x3x4xi32>, tensor<2x3x4xi32>, tensor<1xi32>, tensor<7x0xi32>) {
  %v0 = hlo.iota dim = 0 : tensor<4xi32>
  %v1 = hlo.iota dim = 1 : tensor<2x3xi32>
  %v2 = hlo.iota dim = 0 : tensor<2x3xi32>
  %v3 = hlo.iota dim = 1 : tensor<0x5xi32>
  %v4 = hlo.iota dim = 0 : tensor<3x1xi32>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xi32>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xi32>
  %v7 = hlo.iota dim = 0 : tensor<1xi32>
  %v8 = hlo.iota dim = 0 : tensor<7x0xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<0x5xi32>, tensor<3x1xi32>, tensor<2x3x4xi32>, tensor<2x3x4xi32>, tensor<1xi32>, tensor<7x0xi32>
}

// CHECK: @iota_i64 result 0: ok
// CHECK: @iota_i64 result 1: ok
// CHECK: @iota_i64 result 2: ok
// CHECK: @iota_i64 result 3: ok
// CHECK: @iota_i64 result 4: ok
// CHECK: @iota_i64 result 5: ok
// CHECK: @iota_i64 result 6: ok
// CHECK: @iota_i64 result 7: ok
// CHECK: @iota_i64 result 8: ok
func.func @iota_i64() -> (tensor<4xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<0x5xi64>, tensor<3x1xi64>, tensor<2x3x4xi64>, tensor<2x3x4xi64>, tensor<1xi64>, tensor<7x0xi64>) {
  %v0 = hlo.iota dim = 0 : tensor<4xi64>
  %v1 = hlo.iota dim = 1 : tensor<2x3xi64>
  %v2 = hlo.iota dim = 0 : tensor<2x3xi64>
  %v3 = hlo.iota dim = 1 : tensor<0x5xi64>
  %v4 = hlo.iota dim = 0 : tensor<3x1xi64>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xi64>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xi64>
  %v7 = hlo.iota dim = 0 : tensor<1xi64>
  %v8 = hlo.iota dim = 0 : tensor<7x0xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xi64>, tensor<2x3xi64>, tensor<2x3xi64>, tensor<0x5xi64>, tensor<3x1xi64>, tensor<2x3x4xi64>, tensor<2x3x4xi64>, tensor<1xi64>, tensor<7x0xi64>
}

// CHECK: @iota_i8 result 0: ok
// CHECK: @iota_i8 result 1: ok
// CHECK: @iota_i8 result 2: ok
// CHECK: @iota_i8 result 3: ok
// CHECK: @iota_i8 result 4: ok
// CHECK: @iota_i8 result 5: ok
// CHECK: @iota_i8 result 6: ok
// CHECK: @iota_i8 result 7: ok
// CHECK: @iota_i8 result 8: ok
func.func @iota_i8() -> (tensor<4xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<0x5xi8>, tensor<3x1xi8>, tensor<2x3x4xi8>, tensor<2x3x4xi8>, tensor<1xi8>, tensor<7x0xi8>) {
  %v0 = hlo.iota dim = 0 : tensor<4xi8>
  %v1 = hlo.iota dim = 1 : tensor<2x3xi8>
  %v2 = hlo.iota dim = 0 : tensor<2x3xi8>
  %v3 = hlo.iota dim = 1 : tensor<0x5xi8>
  %v4 = hlo.iota dim = 0 : tensor<3x1xi8>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xi8>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xi8>
  %v7 = hlo.iota dim = 0 : tensor<1xi8>
  %v8 = hlo.iota dim = 0 : tensor<7x0xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<0x5xi8>, tensor<3x1xi8>, tensor<2x3x4xi8>, tensor<2x3x4xi8>, tensor<1xi8>, tensor<7x0xi8>
}

// CHECK: @iota_i16 result 0: ok
// CHECK: @iota_i16 result 1: ok
// CHECK: @iota_i16 result 2: ok
// CHECK: @iota_i16 result 3: ok
// CHECK: @iota_i16 result 4: ok
// CHECK: @iota_i16 result 5: ok
// CHECK: @iota_i16 result 6: ok
// CHECK: @iota_i16 result 7: ok
// CHECK: @iota_i16 result 8: ok
func.func @iota_i16() -> (tensor<4xi16>, tensor<2x3xi16>, tensor<2x3xi16>, tensor<0x5xi16>, tensor<3x1xi16>, tensor<2x3x4xi16>, tensor<2x3x4xi16>, tensor<1xi16>, tensor<7x0xi16>) {
  %v0 = hlo.iota dim = 0 : tensor<4xi16>
  %v1 = hlo.iota dim = 1 : tensor<2x3xi16>
  %v2 = hlo.iota dim = 0 : tensor<2x3xi16>
  %v3 = hlo.iota dim = 1 : tensor<0x5xi16>
  %v4 = hlo.iota dim = 0 : tensor<3x1xi16>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xi16>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xi16>
  %v7 = hlo.iota dim = 0 : tensor<1xi16>
  %v8 = hlo.iota dim = 0 : tensor<7x0xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xi16>, tensor<2x3xi16>, tensor<2x3xi16>, tensor<0x5xi16>, tensor<3x1xi16>, tensor<2x3x4xi16>, tensor<2x3x4xi16>, tensor<1xi16>, tensor<7x0xi16>
}

// CHECK: @iota_f32 result 0: ok
// CHECK: @iota_f32 result 1: ok
// CHECK: @iota_f32 result 2: ok
// CHECK: @iota_f32 result 3: ok
// CHECK: @iota_f32 result 4: ok
// CHECK: @iota_f32 result 5: ok
// CHECK: @iota_f32 result 6: ok
// CHECK: @iota_f32 result 7: ok
// CHECK: @iota_f32 result 8: ok
func.func @iota_f32() -> (tensor<4xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<0x5xf32>, tensor<3x1xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<1xf32>, tensor<7x0xf32>) {
  %v0 = hlo.iota dim = 0 : tensor<4xf32>
  %v1 = hlo.iota dim = 1 : tensor<2x3xf32>
  %v2 = hlo.iota dim = 0 : tensor<2x3xf32>
  %v3 = hlo.iota dim = 1 : tensor<0x5xf32>
  %v4 = hlo.iota dim = 0 : tensor<3x1xf32>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xf32>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xf32>
  %v7 = hlo.iota dim = 0 : tensor<1xf32>
  %v8 = hlo.iota dim = 0 : tensor<7x0xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<0x5xf32>, tensor<3x1xf32>, tensor<2x3x4xf32>, tensor<2x3x4xf32>, tensor<1xf32>, tensor<7x0xf32>
}

// CHECK: @iota_f64 result 0: ok
// CHECK: @iota_f64 result 1: ok
// CHECK: @iota_f64 result 2: ok
// CHECK: @iota_f64 result 3: ok
// CHECK: @iota_f64 result 4: ok
// CHECK: @iota_f64 result 5: ok
// CHECK: @iota_f64 result 6: ok
// CHECK: @iota_f64 result 7: ok
// CHECK: @iota_f64 result 8: ok
func.func @iota_f64() -> (tensor<4xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<0x5xf64>, tensor<3x1xf64>, tensor<2x3x4xf64>, tensor<2x3x4xf64>, tensor<1xf64>, tensor<7x0xf64>) {
  %v0 = hlo.iota dim = 0 : tensor<4xf64>
  %v1 = hlo.iota dim = 1 : tensor<2x3xf64>
  %v2 = hlo.iota dim = 0 : tensor<2x3xf64>
  %v3 = hlo.iota dim = 1 : tensor<0x5xf64>
  %v4 = hlo.iota dim = 0 : tensor<3x1xf64>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xf64>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xf64>
  %v7 = hlo.iota dim = 0 : tensor<1xf64>
  %v8 = hlo.iota dim = 0 : tensor<7x0xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<0x5xf64>, tensor<3x1xf64>, tensor<2x3x4xf64>, tensor<2x3x4xf64>, tensor<1xf64>, tensor<7x0xf64>
}

// CHECK: @iota_f16 result 0: ok
// CHECK: @iota_f16 result 1: ok
// CHECK: @iota_f16 result 2: ok
// CHECK: @iota_f16 result 3: ok
// CHECK: @iota_f16 result 4: ok
// CHECK: @iota_f16 result 5: ok
// CHECK: @iota_f16 result 6: ok
// CHECK: @iota_f16 result 7: ok
// CHECK: @iota_f16 result 8: ok
func.func @iota_f16() -> (tensor<4xf16>, tensor<2x3xf16>, tensor<2x3xf16>, tensor<0x5xf16>, tensor<3x1xf16>, tensor<2x3x4xf16>, tensor<2x3x4xf16>, tensor<1xf16>, tensor<7x0xf16>) {
  %v0 = hlo.iota dim = 0 : tensor<4xf16>
  %v1 = hlo.iota dim = 1 : tensor<2x3xf16>
  %v2 = hlo.iota dim = 0 : tensor<2x3xf16>
  %v3 = hlo.iota dim = 1 : tensor<0x5xf16>
  %v4 = hlo.iota dim = 0 : tensor<3x1xf16>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xf16>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xf16>
  %v7 = hlo.iota dim = 0 : tensor<1xf16>
  %v8 = hlo.iota dim = 0 : tensor<7x0xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xf16>, tensor<2x3xf16>, tensor<2x3xf16>, tensor<0x5xf16>, tensor<3x1xf16>, tensor<2x3x4xf16>, tensor<2x3x4xf16>, tensor<1xf16>, tensor<7x0xf16>
}

// CHECK: @iota_bf16 result 0: ok
// CHECK: @iota_bf16 result 1: ok
// CHECK: @iota_bf16 result 2: ok
// CHECK: @iota_bf16 result 3: ok
// CHECK: @iota_bf16 result 4: ok
// CHECK: @iota_bf16 result 5: ok
// CHECK: @iota_bf16 result 6: ok
// CHECK: @iota_bf16 result 7: ok
// CHECK: @iota_bf16 result 8: ok
func.func @iota_bf16() -> (tensor<4xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<0x5xbf16>, tensor<3x1xbf16>, tensor<2x3x4xbf16>, tensor<2x3x4xbf16>, tensor<1xbf16>, tensor<7x0xbf16>) {
  %v0 = hlo.iota dim = 0 : tensor<4xbf16>
  %v1 = hlo.iota dim = 1 : tensor<2x3xbf16>
  %v2 = hlo.iota dim = 0 : tensor<2x3xbf16>
  %v3 = hlo.iota dim = 1 : tensor<0x5xbf16>
  %v4 = hlo.iota dim = 0 : tensor<3x1xbf16>
  %v5 = hlo.iota dim = 2 : tensor<2x3x4xbf16>
  %v6 = hlo.iota dim = 1 : tensor<2x3x4xbf16>
  %v7 = hlo.iota dim = 0 : tensor<1xbf16>
  %v8 = hlo.iota dim = 0 : tensor<7x0xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<4xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<0x5xbf16>, tensor<3x1xbf16>, tensor<2x3x4xbf16>, tensor<2x3x4xbf16>, tensor<1xbf16>, tensor<7x0xbf16>
}

// Indices beyond the element type: i8 wraps (300 -> 44), f16 and bf16
// round to nearest even (2049 -> 2048, 257 -> 256).
// CHECK: @iota_wraps_and_rounds result 0: ok
// CHECK: @iota_wraps_and_rounds result 1: ok
// CHECK: @iota_wraps_and_rounds result 2: ok
// CHECK: @iota_wraps_and_rounds result 3: ok
func.func @iota_wraps_and_rounds() -> (tensor<300xi8>, tensor<2x3000xf16>, tensor<600x2xbf16>, tensor<70000xi16>) {
  %v0 = hlo.iota dim = 0 : tensor<300xi8>
  %v1 = hlo.iota dim = 1 : tensor<2x3000xf16>
  %v2 = hlo.iota dim = 0 : tensor<600x2xbf16>
  %v3 = hlo.iota dim = 0 : tensor<70000xi16>
  return %v0, %v1, %v2, %v3 : tensor<300xi8>, tensor<2x3000xf16>, tensor<600x2xbf16>, tensor<70000xi16>
}

// iota combined with arguments in one loop nest.
// CHECK: @iota_with_args result 0: ok
// CHECK: @iota_with_args result 1: ok
func.func @iota_with_args(%arg0: tensor<5x7xf32>, %arg1: tensor<5x7xi32>) -> (tensor<5x7xf32>, tensor<5x7xi1>) {
  %v0 = hlo.iota dim = 1 : tensor<5x7xf32>
  %v1 = hlo.add %arg0, %v0 : tensor<5x7xf32>
  %v2 = hlo.iota dim = 0 : tensor<5x7xi32>
  %v3 = hlo.compare GE, %arg1, %v2 : tensor<5x7xi32>
  return %v1, %v3 : tensor<5x7xf32>, tensor<5x7xi1>
}

// CHECK: @constant_f32 result 0: ok
// CHECK: @constant_f32 result 1: ok
// CHECK: @constant_f32 result 2: ok
// CHECK: @constant_f32 result 3: ok
// CHECK: @constant_f32 result 4: ok
// CHECK: @constant_f32 result 5: ok
func.func @constant_f32() -> (tensor<4xf32>, tensor<f32>, tensor<1xf32>, tensor<3x4xf32>, tensor<0x2xf32>, tensor<0xf32>) {
  %v0 = hlo.constant dense<[1.5, -2.25, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
  %v1 = hlo.constant dense<-7.5> : tensor<f32>
  %v2 = hlo.constant dense<-7.5> : tensor<1xf32>
  %v3 = hlo.constant dense<-7.5> : tensor<3x4xf32>
  %v4 = hlo.constant dense<-7.5> : tensor<0x2xf32>
  %v5 = hlo.constant dense<> : tensor<0xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<4xf32>, tensor<f32>, tensor<1xf32>, tensor<3x4xf32>, tensor<0x2xf32>, tensor<0xf32>
}

// CHECK: @constant_f64 result 0: ok
// CHECK: @constant_f64 result 1: ok
// CHECK: @constant_f64 result 2: ok
// CHECK: @constant_f64 result 3: ok
// CHECK: @constant_f64 result 4: ok
// CHECK: @constant_f64 result 5: ok
func.func @constant_f64() -> (tensor<2x2xf64>, tensor<f64>, tensor<1xf64>, tensor<3x4xf64>, tensor<0x2xf64>, tensor<0xf64>) {
  %v0 = hlo.constant dense<[[1.0e+300, -0.0], [3.5, 4.0e-300]]> : tensor<2x2xf64>
  %v1 = hlo.constant dense<-7.5> : tensor<f64>
  %v2 = hlo.constant dense<-7.5> : tensor<1xf64>
  %v3 = hlo.constant dense<-7.5> : tensor<3x4xf64>
  %v4 = hlo.constant dense<-7.5> : tensor<0x2xf64>
  %v5 = hlo.constant dense<> : tensor<0xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<2x2xf64>, tensor<f64>, tensor<1xf64>, tensor<3x4xf64>, tensor<0x2xf64>, tensor<0xf64>
}

// CHECK: @constant_f16 result 0: ok
// CHECK: @constant_f16 result 1: ok
// CHECK: @constant_f16 result 2: ok
// CHECK: @constant_f16 result 3: ok
// CHECK: @constant_f16 result 4: ok
// CHECK: @constant_f16 result 5: ok
func.func @constant_f16() -> (tensor<3xf16>, tensor<f16>, tensor<1xf16>, tensor<3x4xf16>, tensor<0x2xf16>, tensor<0xf16>) {
  %v0 = hlo.constant dense<[6.55e+04, -1.0e-05, 0.5]> : tensor<3xf16>
  %v1 = hlo.constant dense<-7.5> : tensor<f16>
  %v2 = hlo.constant dense<-7.5> : tensor<1xf16>
  %v3 = hlo.constant dense<-7.5> : tensor<3x4xf16>
  %v4 = hlo.constant dense<-7.5> : tensor<0x2xf16>
  %v5 = hlo.constant dense<> : tensor<0xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<3xf16>, tensor<f16>, tensor<1xf16>, tensor<3x4xf16>, tensor<0x2xf16>, tensor<0xf16>
}

// CHECK: @constant_bf16 result 0: ok
// CHECK: @constant_bf16 result 1: ok
// CHECK: @constant_bf16 result 2: ok
// CHECK: @constant_bf16 result 3: ok
// CHECK: @constant_bf16 result 4: ok
// CHECK: @constant_bf16 result 5: ok
func.func @constant_bf16() -> (tensor<2x1xbf16>, tensor<bf16>, tensor<1xbf16>, tensor<3x4xbf16>, tensor<0x2xbf16>, tensor<0xbf16>) {
  %v0 = hlo.constant dense<[[1.0e+30], [-3.0]]> : tensor<2x1xbf16>
  %v1 = hlo.constant dense<-7.5> : tensor<bf16>
  %v2 = hlo.constant dense<-7.5> : tensor<1xbf16>
  %v3 = hlo.constant dense<-7.5> : tensor<3x4xbf16>
  %v4 = hlo.constant dense<-7.5> : tensor<0x2xbf16>
  %v5 = hlo.constant dense<> : tensor<0xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<2x1xbf16>, tensor<bf16>, tensor<1xbf16>, tensor<3x4xbf16>, tensor<0x2xbf16>, tensor<0xbf16>
}

// CHECK: @constant_i1 result 0: ok
// CHECK: @constant_i1 result 1: ok
// CHECK: @constant_i1 result 2: ok
// CHECK: @constant_i1 result 3: ok
// CHECK: @constant_i1 result 4: ok
// CHECK: @constant_i1 result 5: ok
func.func @constant_i1() -> (tensor<5xi1>, tensor<i1>, tensor<1xi1>, tensor<3x4xi1>, tensor<0x2xi1>, tensor<0xi1>) {
  %v0 = hlo.constant dense<[true, false, true, true, false]> : tensor<5xi1>
  %v1 = hlo.constant dense<true> : tensor<i1>
  %v2 = hlo.constant dense<true> : tensor<1xi1>
  %v3 = hlo.constant dense<true> : tensor<3x4xi1>
  %v4 = hlo.constant dense<true> : tensor<0x2xi1>
  %v5 = hlo.constant dense<> : tensor<0xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<5xi1>, tensor<i1>, tensor<1xi1>, tensor<3x4xi1>, tensor<0x2xi1>, tensor<0xi1>
}

// CHECK: @constant_i8 result 0: ok
// CHECK: @constant_i8 result 1: ok
// CHECK: @constant_i8 result 2: ok
// CHECK: @constant_i8 result 3: ok
// CHECK: @constant_i8 result 4: ok
// CHECK: @constant_i8 result 5: ok
func.func @constant_i8() -> (tensor<3xi8>, tensor<i8>, tensor<1xi8>, tensor<3x4xi8>, tensor<0x2xi8>, tensor<0xi8>) {
  %v0 = hlo.constant dense<[-128, 127, 0]> : tensor<3xi8>
  %v1 = hlo.constant dense<-7> : tensor<i8>
  %v2 = hlo.constant dense<-7> : tensor<1xi8>
  %v3 = hlo.constant dense<-7> : tensor<3x4xi8>
  %v4 = hlo.constant dense<-7> : tensor<0x2xi8>
  %v5 = hlo.constant dense<> : tensor<0xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<3xi8>, tensor<i8>, tensor<1xi8>, tensor<3x4xi8>, tensor<0x2xi8>, tensor<0xi8>
}

// CHECK: @constant_i16 result 0: ok
// CHECK: @constant_i16 result 1: ok
// CHECK: @constant_i16 result 2: ok
// CHECK: @constant_i16 result 3: ok
// CHECK: @constant_i16 result 4: ok
// CHECK: @constant_i16 result 5: ok
func.func @constant_i16() -> (tensor<2x3xi16>, tensor<i16>, tensor<1xi16>, tensor<3x4xi16>, tensor<0x2xi16>, tensor<0xi16>) {
  %v0 = hlo.constant dense<[[-32768, 1, 2], [3, 4, 32767]]> : tensor<2x3xi16>
  %v1 = hlo.constant dense<-7> : tensor<i16>
  %v2 = hlo.constant dense<-7> : tensor<1xi16>
  %v3 = hlo.constant dense<-7> : tensor<3x4xi16>
  %v4 = hlo.constant dense<-7> : tensor<0x2xi16>
  %v5 = hlo.constant dense<> : tensor<0xi16>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<2x3xi16>, tensor<i16>, tensor<1xi16>, tensor<3x4xi16>, tensor<0x2xi16>, tensor<0xi16>
}

// CHECK: @constant_i32 result 0: ok
// CHECK: @constant_i32 result 1: ok
// CHECK: @constant_i32 result 2: ok
// CHECK: @constant_i32 result 3: ok
// CHECK: @constant_i32 result 4: ok
// CHECK: @constant_i32 result 5: ok
func.func @constant_i32() -> (tensor<2xi32>, tensor<i32>, tensor<1xi32>, tensor<3x4xi32>, tensor<0x2xi32>, tensor<0xi32>) {
  %v0 = hlo.constant dense<[-2147483648, 2147483647]> : tensor<2xi32>
  %v1 = hlo.constant dense<-7> : tensor<i32>
  %v2 = hlo.constant dense<-7> : tensor<1xi32>
  %v3 = hlo.constant dense<-7> : tensor<3x4xi32>
  %v4 = hlo.constant dense<-7> : tensor<0x2xi32>
  %v5 = hlo.constant dense<> : tensor<0xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<2xi32>, tensor<i32>, tensor<1xi32>, tensor<3x4xi32>, tensor<0x2xi32>, tensor<0xi32>
}

// CHECK: @constant_i64 result 0: ok
// CHECK: @constant_i64 result 1: ok
// CHECK: @constant_i64 result 2: ok
// CHECK: @constant_i64 result 3: ok
// CHECK: @constant_i64 result 4: ok
// CHECK: @constant_i64 result 5: ok
func.func @constant_i64() -> (tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<3x4xi64>, tensor<0x2xi64>, tensor<0xi64>) {
  %v0 = hlo.constant dense<[0, -9223372036854775808, 9223372036854775807]> : tensor<3xi64>
  %v1 = hlo.constant dense<-7> : tensor<i64>
  %v2 = hlo.constant dense<-7> : tensor<1xi64>
  %v3 = hlo.constant dense<-7> : tensor<3x4xi64>
  %v4 = hlo.constant dense<-7> : tensor<0x2xi64>
  %v5 = hlo.constant dense<> : tensor<0xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5 : tensor<3xi64>, tensor<i64>, tensor<1xi64>, tensor<3x4xi64>, tensor<0x2xi64>, tensor<0xi64>
}

// Constants as operands of computed values, including a large
// non-splat one.
// CHECK: @constant_with_args result 0: ok
// CHECK: @constant_with_args result 1: ok
// CHECK: @constant_with_args result 2: ok
func.func @constant_with_args(%arg0: tensor<2x3xf32>, %arg1: tensor<64xi32>) -> (tensor<2x3xf32>, tensor<64xi32>, tensor<64xi32>) {
  %v0 = hlo.constant dense<[[1.0, 2.0, 3.0], [-4.0, 5.5, 0x7F800000]]> : tensor<2x3xf32>
  %v1 = hlo.multiply %arg0, %v0 : tensor<2x3xf32>
  %v2 = hlo.constant dense<[-50, -13, 24, -40, -3, 34, -30, 7, 44, -20, 17, -47, -10, 27, -37, 0, 37, -27, 10, 47, -17, 20, -44, -7, 30, -34, 3, 40, -24, 13, 50, -14, 23, -41, -4, 33, -31, 6, 43, -21, 16, -48, -11, 26, -38, -1, 36, -28, 9, 46, -18, 19, -45, -8, 29, -35, 2, 39, -25, 12, 49, -15, 22, -42]> : tensor<64xi32>
  %v3 = hlo.subtract %v2, %arg1 : tensor<64xi32>
  return %v1, %v3, %v2 : tensor<2x3xf32>, tensor<64xi32>, tensor<64xi32>
}

// An argument returned as it is, one value returned twice, and a
// constant returned next to a computed value.
// CHECK: @returns result 0: ok
// CHECK: @returns result 1: ok
// CHECK: @returns result 2: ok
// CHECK: @returns result 3: ok
// CHECK: @returns result 4: ok
// CHECK: @returns result 5: ok
func.func @returns(%arg0: tensor<3x4xf32>, %arg1: tensor<i64>) -> (tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<i64>, tensor<i64>, tensor<3x4xf32>) {
  %v0 = hlo.negate %arg0 : tensor<3x4xf32>
  %v1 = hlo.constant dense<3> : tensor<i64>
  return %arg0, %v0, %v0, %v1, %arg1, %arg0 : tensor<3x4xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<i64>, tensor<i64>, tensor<3x4xf32>
}

// A function without arguments.
// CHECK: @no_arguments result 0: ok
func.func @no_arguments() -> tensor<3xi32> {
  %v0 = hlo.constant dense<[1, 2, 3]> : tensor<3xi32>
  %v1 = hlo.iota dim = 0 : tensor<3xi32>
  %v2 = hlo.multiply %v0, %v1 : tensor<3xi32>
  return %v2 : tensor<3xi32>
}
