// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// slice (strides beyond the size, empty and one-element slices, rank 0),
// pad (interior padding, negative edges that cut into the interior padding
// and the operand, zero-size operands, a padding value from an argument),
// concatenate (zero-size inputs, one input, every dimension) and reverse
// (several, no and all dimensions) on several element types.

// CHECK: @slice_f32 result 0: ok
// CHECK: @slice_f32 result 1: ok
// CHECK: @slice_f32 result 2: ok
// CHECK: @slice_f32 result 3: ok
// CHECK: @slice_f32 result 4: ok
// CHECK: @slice_f32 result 5: ok
// CHECK: @slice_f32 result 6: ok
// CHECK: @slice_f32 result 7: ok
// CHECK: @slice_f32 result 8: ok
// CHECK: @slice_f32 result 9: ok
// CHECK: @slice_f32 result 10: ok
// CHECK: @slice_f32 result 11: ok
// CHECK: @slice_f32 result 12: ok
func.func @slice_f32(%arg0: tensor<2x4xf32>, %arg1: tensor<10xf32>, %arg2: tensor<10xf32>, %arg3: tensor<f32>, %arg4: tensor<7x9xf32>, %arg5: tensor<7x9xf32>, %arg6: tensor<5x6x7xf32>, %arg7: tensor<5x6x7xf32>, %arg8: tensor<6xf32>, %arg9: tensor<6xf32>, %arg10: tensor<0x3xf32>, %arg11: tensor<4x1xf32>, %arg12: tensor<40x50xf32>) -> (tensor<2x2xf32>, tensor<3xf32>, tensor<0xf32>, tensor<f32>, tensor<3x3xf32>, tensor<7x9xf32>, tensor<2x2x3xf32>, tensor<1x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<0x2xf32>, tensor<2x1xf32>, tensor<17x15xf32>) {
  %v0 = hlo.slice %arg0, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  %v1 = hlo.slice %arg1, starts = [1], limits = [8], strides = [3] : (tensor<10xf32>) -> tensor<3xf32>
  %v2 = hlo.slice %arg2, starts = [5], limits = [5], strides = [1] : (tensor<10xf32>) -> tensor<0xf32>
  %v3 = hlo.slice %arg3, starts = [], limits = [], strides = [] : (tensor<f32>) -> tensor<f32>
  %v4 = hlo.slice %arg4, starts = [1, 2], limits = [6, 9], strides = [2, 3] : (tensor<7x9xf32>) -> tensor<3x3xf32>
  %v5 = hlo.slice %arg5, starts = [0, 0], limits = [7, 9], strides = [1, 1] : (tensor<7x9xf32>) -> tensor<7x9xf32>
  %v6 = hlo.slice %arg6, starts = [1, 0, 2], limits = [5, 6, 7], strides = [3, 5, 2] : (tensor<5x6x7xf32>) -> tensor<2x2x3xf32>
  %v7 = hlo.slice %arg7, starts = [4, 5, 6], limits = [5, 6, 7], strides = [1, 1, 1] : (tensor<5x6x7xf32>) -> tensor<1x1x1xf32>
  %v8 = hlo.slice %arg8, starts = [2], limits = [3], strides = [4] : (tensor<6xf32>) -> tensor<1xf32>
  %v9 = hlo.slice %arg9, starts = [0], limits = [6], strides = [10] : (tensor<6xf32>) -> tensor<1xf32>
  %v10 = hlo.slice %arg10, starts = [0, 1], limits = [0, 3], strides = [1, 1] : (tensor<0x3xf32>) -> tensor<0x2xf32>
  %v11 = hlo.slice %arg11, starts = [1, 0], limits = [3, 1], strides = [1, 1] : (tensor<4x1xf32>) -> tensor<2x1xf32>
  %v12 = hlo.slice %arg12, starts = [3, 7], limits = [37, 50], strides = [2, 3] : (tensor<40x50xf32>) -> tensor<17x15xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<2x2xf32>, tensor<3xf32>, tensor<0xf32>, tensor<f32>, tensor<3x3xf32>, tensor<7x9xf32>, tensor<2x2x3xf32>, tensor<1x1x1xf32>, tensor<1xf32>, tensor<1xf32>, tensor<0x2xf32>, tensor<2x1xf32>, tensor<17x15xf32>
}

// CHECK: @slice_i32 result 0: ok
// CHECK: @slice_i32 result 1: ok
// CHECK: @slice_i32 result 2: ok
// CHECK: @slice_i32 result 3: ok
// CHECK: @slice_i32 result 4: ok
// CHECK: @slice_i32 result 5: ok
// CHECK: @slice_i32 result 6: ok
// CHECK: @slice_i32 result 7: ok
// CHECK: @slice_i32 result 8: ok
// CHECK: @slice_i32 result 9: ok
// CHECK: @slice_i32 result 10: ok
// CHECK: @slice_i32 result 11: ok
// CHECK: @slice_i32 result 12: ok
func.func @slice_i32(%arg0: tensor<2x4xi32>, %arg1: tensor<10xi32>, %arg2: tensor<10xi32>, %arg3: tensor<i32>, %arg4: tensor<7x9xi32>, %arg5: tensor<7x9xi32>, %arg6: tensor<5x6x7xi32>, %arg7: tensor<5x6x7xi32>, %arg8: tensor<6xi32>, %arg9: tensor<6xi32>, %arg10: tensor<0x3xi32>, %arg11: tensor<4x1xi32>, %arg12: tensor<40x50xi32>) -> (tensor<2x2xi32>, tensor<3xi32>, tensor<0xi32>, tensor<i32>, tensor<3x3xi32>, tensor<7x9xi32>, tensor<2x2x3xi32>, tensor<1x1x1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<0x2xi32>, tensor<2x1xi32>, tensor<17x15xi32>) {
  %v0 = hlo.slice %arg0, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xi32>) -> tensor<2x2xi32>
  %v1 = hlo.slice %arg1, starts = [1], limits = [8], strides = [3] : (tensor<10xi32>) -> tensor<3xi32>
  %v2 = hlo.slice %arg2, starts = [5], limits = [5], strides = [1] : (tensor<10xi32>) -> tensor<0xi32>
  %v3 = hlo.slice %arg3, starts = [], limits = [], strides = [] : (tensor<i32>) -> tensor<i32>
  %v4 = hlo.slice %arg4, starts = [1, 2], limits = [6, 9], strides = [2, 3] : (tensor<7x9xi32>) -> tensor<3x3xi32>
  %v5 = hlo.slice %arg5, starts = [0, 0], limits = [7, 9], strides = [1, 1] : (tensor<7x9xi32>) -> tensor<7x9xi32>
  %v6 = hlo.slice %arg6, starts = [1, 0, 2], limits = [5, 6, 7], strides = [3, 5, 2] : (tensor<5x6x7xi32>) -> tensor<2x2x3xi32>
  %v7 = hlo.slice %arg7, starts = [4, 5, 6], limits = [5, 6, 7], strides = [1, 1, 1] : (tensor<5x6x7xi32>) -> tensor<1x1x1xi32>
  %v8 = hlo.slice %arg8, starts = [2], limits = [3], strides = [4] : (tensor<6xi32>) -> tensor<1xi32>
  %v9 = hlo.slice %arg9, starts = [0], limits = [6], strides = [10] : (tensor<6xi32>) -> tensor<1xi32>
  %v10 = hlo.slice %arg10, starts = [0, 1], limits = [0, 3], strides = [1, 1] : (tensor<0x3xi32>) -> tensor<0x2xi32>
  %v11 = hlo.slice %arg11, starts = [1, 0], limits = [3, 1], strides = [1, 1] : (tensor<4x1xi32>) -> tensor<2x1xi32>
  %v12 = hlo.slice %arg12, starts = [3, 7], limits = [37, 50], strides = [2, 3] : (tensor<40x50xi32>) -> tensor<17x15xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<2x2xi32>, tensor<3xi32>, tensor<0xi32>, tensor<i32>, tensor<3x3xi32>, tensor<7x9xi32>, tensor<2x2x3xi32>, tensor<1x1x1xi32>, tensor<1xi32>, tensor<1xi32>, tensor<0x2xi32>, tensor<2x1xi32>, tensor<17x15xi32>
}

// CHECK: @slice_i1 result 0: ok
// CHECK: @slice_i1 result 1: ok
// CHECK: @slice_i1 result 2: ok
// CHECK: @slice_i1 result 3: ok
// CHECK: @slice_i1 result 4: ok
// CHECK: @slice_i1 result 5: ok
// CHECK: @slice_i1 result 6: ok
// CHECK: @slice_i1 result 7: ok
// CHECK: @slice_i1 result 8: ok
// CHECK: @slice_i1 result 9: ok
// CHECK: @slice_i1 result 10: ok
// CHECK: @slice_i1 result 11: ok
// CHECK: @slice_i1 result 12: ok
func.func @slice_i1(%arg0: tensor<2x4xi1>, %arg1: tensor<10xi1>, %arg2: tensor<10xi1>, %arg3: tensor<i1>, %arg4: tensor<7x9xi1>, %arg5: tensor<7x9xi1>, %arg6: tensor<5x6x7xi1>, %arg7: tensor<5x6x7xi1>, %arg8: tensor<6xi1>, %arg9: tensor<6xi1>, %arg10: tensor<0x3xi1>, %arg11: tensor<4x1xi1>, %arg12: tensor<40x50xi1>) -> (tensor<2x2xi1>, tensor<3xi1>, tensor<0xi1>, tensor<i1>, tensor<3x3xi1>, tensor<7x9xi1>, tensor<2x2x3xi1>, tensor<1x1x1xi1>, tensor<1xi1>, tensor<1xi1>, tensor<0x2xi1>, tensor<2x1xi1>, tensor<17x15xi1>) {
  %v0 = hlo.slice %arg0, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xi1>) -> tensor<2x2xi1>
  %v1 = hlo.slice %arg1, starts = [1], limits = [8], strides = [3] : (tensor<10xi1>) -> tensor<3xi1>
  %v2 = hlo.slice %arg2, starts = [5], limits = [5], strides = [1] : (tensor<10xi1>) -> tensor<0xi1>
  %v3 = hlo.slice %arg3, starts = [], limits = [], strides = [] : (tensor<i1>) -> tensor<i1>
  %v4 = hlo.slice %arg4, starts = [1, 2], limits = [6, 9], strides = [2, 3] : (tensor<7x9xi1>) -> tensor<3x3xi1>
  %v5 = hlo.slice %arg5, starts = [0, 0], limits = [7, 9], strides = [1, 1] : (tensor<7x9xi1>) -> tensor<7x9xi1>
  %v6 = hlo.slice %arg6, starts = [1, 0, 2], limits = [5, 6, 7], strides = [3, 5, 2] : (tensor<5x6x7xi1>) -> tensor<2x2x3xi1>
  %v7 = hlo.slice %arg7, starts = [4, 5, 6], limits = [5, 6, 7], strides = [1, 1, 1] : (tensor<5x6x7xi1>) -> tensor<1x1x1xi1>
  %v8 = hlo.slice %arg8, starts = [2], limits = [3], strides = [4] : (tensor<6xi1>) -> tensor<1xi1>
  %v9 = hlo.slice %arg9, starts = [0], limits = [6], strides = [10] : (tensor<6xi1>) -> tensor<1xi1>
  %v10 = hlo.slice %arg10, starts = [0, 1], limits = [0, 3], strides = [1, 1] : (tensor<0x3xi1>) -> tensor<0x2xi1>
  %v11 = hlo.slice %arg11, starts = [1, 0], limits = [3, 1], strides = [1, 1] : (tensor<4x1xi1>) -> tensor<2x1xi1>
  %v12 = hlo.slice %arg12, starts = [3, 7], limits = [37, 50], strides = [2, 3] : (tensor<40x50xi1>) -> tensor<17x15xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<2x2xi1>, tensor<3xi1>, tensor<0xi1>, tensor<i1>, tensor<3x3xi1>, tensor<7x9xi1>, tensor<2x2x3xi1>, tensor<1x1x1xi1>, tensor<1xi1>, tensor<1xi1>, tensor<0x2xi1>, tensor<2x1xi1>, tensor<17x15xi1>
}

// CHECK: @slice_f16 result 0: ok
// CHECK: @slice_f16 result 1: ok
// CHECK: @slice_f16 result 2: ok
// CHECK: @slice_f16 result 3: ok
// CHECK: @slice_f16 result 4: ok
// CHECK: @slice_f16 result 5: ok
// CHECK: @slice_f16 result 6: ok
// CHECK: @slice_f16 result 7: ok
// CHECK: @slice_f16 result 8: ok
// CHECK: @slice_f16 result 9: ok
// CHECK: @slice_f16 result 10: ok
// CHECK: @slice_f16 result 11: ok
// CHECK: @slice_f16 result 12: ok
func.func @slice_f16(%arg0: tensor<2x4xf16>, %arg1: tensor<10xf16>, %arg2: tensor<10xf16>, %arg3: tensor<f16>, %arg4: tensor<7x9xf16>, %arg5: tensor<7x9xf16>, %arg6: tensor<5x6x7xf16>, %arg7: tensor<5x6x7xf16>, %arg8: tensor<6xf16>, %arg9: tensor<6xf16>, %arg10: tensor<0x3xf16>, %arg11: tensor<4x1xf16>, %arg12: tensor<40x50xf16>) -> (tensor<2x2xf16>, tensor<3xf16>, tensor<0xf16>, tensor<f16>, tensor<3x3xf16>, tensor<7x9xf16>, tensor<2x2x3xf16>, tensor<1x1x1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<0x2xf16>, tensor<2x1xf16>, tensor<17x15xf16>) {
  %v0 = hlo.slice %arg0, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xf16>) -> tensor<2x2xf16>
  %v1 = hlo.slice %arg1, starts = [1], limits = [8], strides = [3] : (tensor<10xf16>) -> tensor<3xf16>
  %v2 = hlo.slice %arg2, starts = [5], limits = [5], strides = [1] : (tensor<10xf16>) -> tensor<0xf16>
  %v3 = hlo.slice %arg3, starts = [], limits = [], strides = [] : (tensor<f16>) -> tensor<f16>
  %v4 = hlo.slice %arg4, starts = [1, 2], limits = [6, 9], strides = [2, 3] : (tensor<7x9xf16>) -> tensor<3x3xf16>
  %v5 = hlo.slice %arg5, starts = [0, 0], limits = [7, 9], strides = [1, 1] : (tensor<7x9xf16>) -> tensor<7x9xf16>
  %v6 = hlo.slice %arg6, starts = [1, 0, 2], limits = [5, 6, 7], strides = [3, 5, 2] : (tensor<5x6x7xf16>) -> tensor<2x2x3xf16>
  %v7 = hlo.slice %arg7, starts = [4, 5, 6], limits = [5, 6, 7], strides = [1, 1, 1] : (tensor<5x6x7xf16>) -> tensor<1x1x1xf16>
  %v8 = hlo.slice %arg8, starts = [2], limits = [3], strides = [4] : (tensor<6xf16>) -> tensor<1xf16>
  %v9 = hlo.slice %arg9, starts = [0], limits = [6], strides = [10] : (tensor<6xf16>) -> tensor<1xf16>
  %v10 = hlo.slice %arg10, starts = [0, 1], limits = [0, 3], strides = [1, 1] : (tensor<0x3xf16>) -> tensor<0x2xf16>
  %v11 = hlo.slice %arg11, starts = [1, 0], limits = [3, 1], strides = [1, 1] : (tensor<4x1xf16>) -> tensor<2x1xf16>
  %v12 = hlo.slice %arg12, starts = [3, 7], limits = [37, 50], strides = [2, 3] : (tensor<40x50xf16>) -> tensor<17x15xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<2x2xf16>, tensor<3xf16>, tensor<0xf16>, tensor<f16>, tensor<3x3xf16>, tensor<7x9xf16>, tensor<2x2x3xf16>, tensor<1x1x1xf16>, tensor<1xf16>, tensor<1xf16>, tensor<0x2xf16>, tensor<2x1xf16>, tensor<17x15xf16>
}

// CHECK: @slice_i64 result 0: ok
// CHECK: @slice_i64 result 1: ok
// CHECK: @slice_i64 result 2: ok
// CHECK: @slice_i64 result 3: ok
// CHECK: @slice_i64 result 4: ok
// CHECK: @slice_i64 result 5: ok
// CHECK: @slice_i64 result 6: ok
// CHECK: @slice_i64 result 7: ok
// CHECK: @slice_i64 result 8: ok
// CHECK: @slice_i64 result 9: ok
// CHECK: @slice_i64 result 10: ok
// CHECK: @slice_i64 result 11: ok
// CHECK: @slice_i64 result 12: ok
func.func @slice_i64(%arg0: tensor<2x4xi64>, %arg1: tensor<10xi64>, %arg2: tensor<10xi64>, %arg3: tensor<i64>, %arg4: tensor<7x9xi64>, %arg5: tensor<7x9xi64>, %arg6: tensor<5x6x7xi64>, %arg7: tensor<5x6x7xi64>, %arg8: tensor<6xi64>, %arg9: tensor<6xi64>, %arg10: tensor<0x3xi64>, %arg11: tensor<4x1xi64>, %arg12: tensor<40x50xi64>) -> (tensor<2x2xi64>, tensor<3xi64>, tensor<0xi64>, tensor<i64>, tensor<3x3xi64>, tensor<7x9xi64>, tensor<2x2x3xi64>, tensor<1x1x1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<0x2xi64>, tensor<2x1xi64>, tensor<17x15xi64>) {
  %v0 = hlo.slice %arg0, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xi64>) -> tensor<2x2xi64>
  %v1 = hlo.slice %arg1, starts = [1], limits = [8], strides = [3] : (tensor<10xi64>) -> tensor<3xi64>
  %v2 = hlo.slice %arg2, starts = [5], limits = [5], strides = [1] : (tensor<10xi64>) -> tensor<0xi64>
  %v3 = hlo.slice %arg3, starts = [], limits = [], strides = [] : (tensor<i64>) -> tensor<i64>
  %v4 = hlo.slice %arg4, starts = [1, 2], limits = [6, 9], strides = [2, 3] : (tensor<7x9xi64>) -> tensor<3x3xi64>
  %v5 = hlo.slice %arg5, starts = [0, 0], limits = [7, 9], strides = [1, 1] : (tensor<7x9xi64>) -> tensor<7x9xi64>
  %v6 = hlo.slice %arg6, starts = [1, 0, 2], limits = [5, 6, 7], strides = [3, 5, 2] : (tensor<5x6x7xi64>) -> tensor<2x2x3xi64>
  %v7 = hlo.slice %arg7, starts = [4, 5, 6], limits = [5, 6, 7], strides = [1, 1, 1] : (tensor<5x6x7xi64>) -> tensor<1x1x1xi64>
  %v8 = hlo.slice %arg8, starts = [2], limits = [3], strides = [4] : (tensor<6xi64>) -> tensor<1xi64>
  %v9 = hlo.slice %arg9, starts = [0], limits = [6], strides = [10] : (tensor<6xi64>) -> tensor<1xi64>
  %v10 = hlo.slice %arg10, starts = [0, 1], limits = [0, 3], strides = [1, 1] : (tensor<0x3xi64>) -> tensor<0x2xi64>
  %v11 = hlo.slice %arg11, starts = [1, 0], limits = [3, 1], strides = [1, 1] : (tensor<4x1xi64>) -> tensor<2x1xi64>
  %v12 = hlo.slice %arg12, starts = [3, 7], limits = [37, 50], strides = [2, 3] : (tensor<40x50xi64>) -> tensor<17x15xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<2x2xi64>, tensor<3xi64>, tensor<0xi64>, tensor<i64>, tensor<3x3xi64>, tensor<7x9xi64>, tensor<2x2x3xi64>, tensor<1x1x1xi64>, tensor<1xi64>, tensor<1xi64>, tensor<0x2xi64>, tensor<2x1xi64>, tensor<17x15xi64>
}

// CHECK: @slice_bf16 result 0: ok
// CHECK: @slice_bf16 result 1: ok
// CHECK: @slice_bf16 result 2: ok
// CHECK: @slice_bf16 result 3: ok
// CHECK: @slice_bf16 result 4: ok
// CHECK: @slice_bf16 result 5: ok
// CHECK: @slice_bf16 result 6: ok
// CHECK: @slice_bf16 result 7: ok
// CHECK: @slice_bf16 result 8: ok
// CHECK: @slice_bf16 result 9: ok
// CHECK: @slice_bf16 result 10: ok
// CHECK: @slice_bf16 result 11: ok
// CHECK: @slice_bf16 result 12: ok
func.func @slice_bf16(%arg0: tensor<2x4xbf16>, %arg1: tensor<10xbf16>, %arg2: tensor<10xbf16>, %arg3: tensor<bf16>, %arg4: tensor<7x9xbf16>, %arg5: tensor<7x9xbf16>, %arg6: tensor<5x6x7xbf16>, %arg7: tensor<5x6x7xbf16>, %arg8: tensor<6xbf16>, %arg9: tensor<6xbf16>, %arg10: tensor<0x3xbf16>, %arg11: tensor<4x1xbf16>, %arg12: tensor<40x50xbf16>) -> (tensor<2x2xbf16>, tensor<3xbf16>, tensor<0xbf16>, tensor<bf16>, tensor<3x3xbf16>, tensor<7x9xbf16>, tensor<2x2x3xbf16>, tensor<1x1x1xbf16>, tensor<1xbf16>, tensor<1xbf16>, tensor<0x2xbf16>, tensor<2x1xbf16>, tensor<17x15xbf16>) {
  %v0 = hlo.slice %arg0, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xbf16>) -> tensor<2x2xbf16>
  %v1 = hlo.slice %arg1, starts = [1], limits = [8], strides = [3] : (tensor<10xbf16>) -> tensor<3xbf16>
  %v2 = hlo.slice %arg2, starts = [5], limits = [5], strides = [1] : (tensor<10xbf16>) -> tensor<0xbf16>
  %v3 = hlo.slice %arg3, starts = [], limits = [], strides = [] : (tensor<bf16>) -> tensor<bf16>
  %v4 = hlo.slice %arg4, starts = [1, 2], limits = [6, 9], strides = [2, 3] : (tensor<7x9xbf16>) -> tensor<3x3xbf16>
  %v5 = hlo.slice %arg5, starts = [0, 0], limits = [7, 9], strides = [1, 1] : (tensor<7x9xbf16>) -> tensor<7x9xbf16>
  %v6 = hlo.slice %arg6, starts = [1, 0, 2], limits = [5, 6, 7], strides = [3, 5, 2] : (tensor<5x6x7xbf16>) -> tensor<2x2x3xbf16>
  %v7 = hlo.slice %arg7, starts = [4, 5, 6], limits = [5, 6, 7], strides = [1, 1, 1] : (tensor<5x6x7xbf16>) -> tensor<1x1x1xbf16>
  %v8 = hlo.slice %arg8, starts = [2], limits = [3], strides = [4] : (tensor<6xbf16>) -> tensor<1xbf16>
  %v9 = hlo.slice %arg9, starts = [0], limits = [6], strides = [10] : (tensor<6xbf16>) -> tensor<1xbf16>
  %v10 = hlo.slice %arg10, starts = [0, 1], limits = [0, 3], strides = [1, 1] : (tensor<0x3xbf16>) -> tensor<0x2xbf16>
  %v11 = hlo.slice %arg11, starts = [1, 0], limits = [3, 1], strides = [1, 1] : (tensor<4x1xbf16>) -> tensor<2x1xbf16>
  %v12 = hlo.slice %arg12, starts = [3, 7], limits = [37, 50], strides = [2, 3] : (tensor<40x50xbf16>) -> tensor<17x15xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<2x2xbf16>, tensor<3xbf16>, tensor<0xbf16>, tensor<bf16>, tensor<3x3xbf16>, tensor<7x9xbf16>, tensor<2x2x3xbf16>, tensor<1x1x1xbf16>, tensor<1xbf16>, tensor<1xbf16>, tensor<0x2xbf16>, tensor<2x1xbf16>, tensor<17x15xbf16>
}

// CHECK: @pad_f32 result 0: ok
// CHECK: @pad_f32 result 1: ok
// CHECK: @pad_f32 result 2: ok
// CHECK: @pad_f32 result 3: ok
// CHECK: @pad_f32 result 4: ok
// CHECK: @pad_f32 result 5: ok
// CHECK: @pad_f32 result 6: ok
// CHECK: @pad_f32 result 7: ok
// CHECK: @pad_f32 result 8: ok
// CHECK: @pad_f32 result 9: ok
// CHECK: @pad_f32 result 10: ok
// CHECK: @pad_f32 result 11: ok
// CHECK: @pad_f32 result 12: ok
// CHECK: @pad_f32 result 13: ok
func.func @pad_f32(%arg0: tensor<f32>, %arg1: tensor<3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<0xf32>, %arg4: tensor<3xf32>, %arg5: tensor<3xf32>, %arg6: tensor<3xf32>, %arg7: tensor<3xf32>, %arg8: tensor<4x5xf32>, %arg9: tensor<4x5xf32>, %arg10: tensor<f32>, %arg11: tensor<2x1x3xf32>, %arg12: tensor<1xf32>, %arg13: tensor<16x9xf32>, %arg14: tensor<5xf32>) -> (tensor<8xf32>, tensor<3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<14x11xf32>, tensor<5x4xf32>, tensor<f32>, tensor<3x3x7xf32>, tensor<1xf32>, tensor<34x32xf32>, tensor<0xf32>) {
  %v0 = hlo.pad %arg1, %arg0, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  %v1 = hlo.pad %arg2, %arg0, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<3x3xf32>
  %v2 = hlo.pad %arg3, %arg0, low = [1], high = [1], interior = [3] : (tensor<0xf32>, tensor<f32>) -> tensor<2xf32>
  %v3 = hlo.pad %arg4, %arg0, low = [-1], high = [0], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  %v4 = hlo.pad %arg5, %arg0, low = [-1], high = [0], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<4xf32>
  %v5 = hlo.pad %arg6, %arg0, low = [-5], high = [0], interior = [2] : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  %v6 = hlo.pad %arg7, %arg0, low = [-3], high = [2], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  %v7 = hlo.pad %arg8, %arg0, low = [1, 2], high = [3, 0], interior = [2, 1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<14x11xf32>
  %v8 = hlo.pad %arg9, %arg0, low = [-1, -2], high = [-1, 1], interior = [1, 0] : (tensor<4x5xf32>, tensor<f32>) -> tensor<5x4xf32>
  %v9 = hlo.pad %arg10, %arg0, low = [], high = [], interior = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %v10 = hlo.pad %arg11, %arg0, low = [1, 0, 1], high = [0, 2, 1], interior = [0, 5, 1] : (tensor<2x1x3xf32>, tensor<f32>) -> tensor<3x3x7xf32>
  %v11 = hlo.pad %arg12, %arg0, low = [0], high = [0], interior = [4] : (tensor<1xf32>, tensor<f32>) -> tensor<1xf32>
  %v12 = hlo.pad %arg13, %arg0, low = [2, 3], high = [1, 4], interior = [1, 2] : (tensor<16x9xf32>, tensor<f32>) -> tensor<34x32xf32>
  %v13 = hlo.pad %arg14, %arg0, low = [2], high = [-7], interior = [0] : (tensor<5xf32>, tensor<f32>) -> tensor<0xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<8xf32>, tensor<3x3xf32>, tensor<2xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<14x11xf32>, tensor<5x4xf32>, tensor<f32>, tensor<3x3x7xf32>, tensor<1xf32>, tensor<34x32xf32>, tensor<0xf32>
}

// CHECK: @pad_i32 result 0: ok
// CHECK: @pad_i32 result 1: ok
// CHECK: @pad_i32 result 2: ok
// CHECK: @pad_i32 result 3: ok
// CHECK: @pad_i32 result 4: ok
// CHECK: @pad_i32 result 5: ok
// CHECK: @pad_i32 result 6: ok
// CHECK: @pad_i32 result 7: ok
// CHECK: @pad_i32 result 8: ok
// CHECK: @pad_i32 result 9: ok
// CHECK: @pad_i32 result 10: ok
// CHECK: @pad_i32 result 11: ok
// CHECK: @pad_i32 result 12: ok
// CHECK: @pad_i32 result 13: ok
func.func @pad_i32(%arg0: tensor<i32>, %arg1: tensor<3xi32>, %arg2: tensor<2x3xi32>, %arg3: tensor<0xi32>, %arg4: tensor<3xi32>, %arg5: tensor<3xi32>, %arg6: tensor<3xi32>, %arg7: tensor<3xi32>, %arg8: tensor<4x5xi32>, %arg9: tensor<4x5xi32>, %arg10: tensor<i32>, %arg11: tensor<2x1x3xi32>, %arg12: tensor<1xi32>, %arg13: tensor<16x9xi32>, %arg14: tensor<5xi32>) -> (tensor<8xi32>, tensor<3x3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xi32>, tensor<14x11xi32>, tensor<5x4xi32>, tensor<i32>, tensor<3x3x7xi32>, tensor<1xi32>, tensor<34x32xi32>, tensor<0xi32>) {
  %v0 = hlo.pad %arg1, %arg0, low = [1], high = [2], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<8xi32>
  %v1 = hlo.pad %arg2, %arg0, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x3xi32>
  %v2 = hlo.pad %arg3, %arg0, low = [1], high = [1], interior = [3] : (tensor<0xi32>, tensor<i32>) -> tensor<2xi32>
  %v3 = hlo.pad %arg4, %arg0, low = [-1], high = [0], interior = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  %v4 = hlo.pad %arg5, %arg0, low = [-1], high = [0], interior = [1] : (tensor<3xi32>, tensor<i32>) -> tensor<4xi32>
  %v5 = hlo.pad %arg6, %arg0, low = [-5], high = [0], interior = [2] : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  %v6 = hlo.pad %arg7, %arg0, low = [-3], high = [2], interior = [0] : (tensor<3xi32>, tensor<i32>) -> tensor<2xi32>
  %v7 = hlo.pad %arg8, %arg0, low = [1, 2], high = [3, 0], interior = [2, 1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<14x11xi32>
  %v8 = hlo.pad %arg9, %arg0, low = [-1, -2], high = [-1, 1], interior = [1, 0] : (tensor<4x5xi32>, tensor<i32>) -> tensor<5x4xi32>
  %v9 = hlo.pad %arg10, %arg0, low = [], high = [], interior = [] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %v10 = hlo.pad %arg11, %arg0, low = [1, 0, 1], high = [0, 2, 1], interior = [0, 5, 1] : (tensor<2x1x3xi32>, tensor<i32>) -> tensor<3x3x7xi32>
  %v11 = hlo.pad %arg12, %arg0, low = [0], high = [0], interior = [4] : (tensor<1xi32>, tensor<i32>) -> tensor<1xi32>
  %v12 = hlo.pad %arg13, %arg0, low = [2, 3], high = [1, 4], interior = [1, 2] : (tensor<16x9xi32>, tensor<i32>) -> tensor<34x32xi32>
  %v13 = hlo.pad %arg14, %arg0, low = [2], high = [-7], interior = [0] : (tensor<5xi32>, tensor<i32>) -> tensor<0xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<8xi32>, tensor<3x3xi32>, tensor<2xi32>, tensor<2xi32>, tensor<4xi32>, tensor<2xi32>, tensor<2xi32>, tensor<14x11xi32>, tensor<5x4xi32>, tensor<i32>, tensor<3x3x7xi32>, tensor<1xi32>, tensor<34x32xi32>, tensor<0xi32>
}

// CHECK: @pad_i1 result 0: ok
// CHECK: @pad_i1 result 1: ok
// CHECK: @pad_i1 result 2: ok
// CHECK: @pad_i1 result 3: ok
// CHECK: @pad_i1 result 4: ok
// CHECK: @pad_i1 result 5: ok
// CHECK: @pad_i1 result 6: ok
// CHECK: @pad_i1 result 7: ok
// CHECK: @pad_i1 result 8: ok
// CHECK: @pad_i1 result 9: ok
// CHECK: @pad_i1 result 10: ok
// CHECK: @pad_i1 result 11: ok
// CHECK: @pad_i1 result 12: ok
// CHECK: @pad_i1 result 13: ok
func.func @pad_i1(%arg0: tensor<i1>, %arg1: tensor<3xi1>, %arg2: tensor<2x3xi1>, %arg3: tensor<0xi1>, %arg4: tensor<3xi1>, %arg5: tensor<3xi1>, %arg6: tensor<3xi1>, %arg7: tensor<3xi1>, %arg8: tensor<4x5xi1>, %arg9: tensor<4x5xi1>, %arg10: tensor<i1>, %arg11: tensor<2x1x3xi1>, %arg12: tensor<1xi1>, %arg13: tensor<16x9xi1>, %arg14: tensor<5xi1>) -> (tensor<8xi1>, tensor<3x3xi1>, tensor<2xi1>, tensor<2xi1>, tensor<4xi1>, tensor<2xi1>, tensor<2xi1>, tensor<14x11xi1>, tensor<5x4xi1>, tensor<i1>, tensor<3x3x7xi1>, tensor<1xi1>, tensor<34x32xi1>, tensor<0xi1>) {
  %v0 = hlo.pad %arg1, %arg0, low = [1], high = [2], interior = [1] : (tensor<3xi1>, tensor<i1>) -> tensor<8xi1>
  %v1 = hlo.pad %arg2, %arg0, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xi1>, tensor<i1>) -> tensor<3x3xi1>
  %v2 = hlo.pad %arg3, %arg0, low = [1], high = [1], interior = [3] : (tensor<0xi1>, tensor<i1>) -> tensor<2xi1>
  %v3 = hlo.pad %arg4, %arg0, low = [-1], high = [0], interior = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<2xi1>
  %v4 = hlo.pad %arg5, %arg0, low = [-1], high = [0], interior = [1] : (tensor<3xi1>, tensor<i1>) -> tensor<4xi1>
  %v5 = hlo.pad %arg6, %arg0, low = [-5], high = [0], interior = [2] : (tensor<3xi1>, tensor<i1>) -> tensor<2xi1>
  %v6 = hlo.pad %arg7, %arg0, low = [-3], high = [2], interior = [0] : (tensor<3xi1>, tensor<i1>) -> tensor<2xi1>
  %v7 = hlo.pad %arg8, %arg0, low = [1, 2], high = [3, 0], interior = [2, 1] : (tensor<4x5xi1>, tensor<i1>) -> tensor<14x11xi1>
  %v8 = hlo.pad %arg9, %arg0, low = [-1, -2], high = [-1, 1], interior = [1, 0] : (tensor<4x5xi1>, tensor<i1>) -> tensor<5x4xi1>
  %v9 = hlo.pad %arg10, %arg0, low = [], high = [], interior = [] : (tensor<i1>, tensor<i1>) -> tensor<i1>
  %v10 = hlo.pad %arg11, %arg0, low = [1, 0, 1], high = [0, 2, 1], interior = [0, 5, 1] : (tensor<2x1x3xi1>, tensor<i1>) -> tensor<3x3x7xi1>
  %v11 = hlo.pad %arg12, %arg0, low = [0], high = [0], interior = [4] : (tensor<1xi1>, tensor<i1>) -> tensor<1xi1>
  %v12 = hlo.pad %arg13, %arg0, low = [2, 3], high = [1, 4], interior = [1, 2] : (tensor<16x9xi1>, tensor<i1>) -> tensor<34x32xi1>
  %v13 = hlo.pad %arg14, %arg0, low = [2], high = [-7], interior = [0] : (tensor<5xi1>, tensor<i1>) -> tensor<0xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<8xi1>, tensor<3x3xi1>, tensor<2xi1>, tensor<2xi1>, tensor<4xi1>, tensor<2xi1>, tensor<2xi1>, tensor<14x11xi1>, tensor<5x4xi1>, tensor<i1>, tensor<3x3x7xi1>, tensor<1xi1>, tensor<34x32xi1>, tensor<0xi1>
}

// CHECK: @pad_f16 result 0: ok
// CHECK: @pad_f16 result 1: ok
// CHECK: @pad_f16 result 2: ok
// CHECK: @pad_f16 result 3: ok
// CHECK: @pad_f16 result 4: ok
// CHECK: @pad_f16 result 5: ok
// CHECK: @pad_f16 result 6: ok
// CHECK: @pad_f16 result 7: ok
// CHECK: @pad_f16 result 8: ok
// CHECK: @pad_f16 result 9: ok
// CHECK: @pad_f16 result 10: ok
// CHECK: @pad_f16 result 11: ok
// CHECK: @pad_f16 result 12: ok
// CHECK: @pad_f16 result 13: ok
func.func @pad_f16(%arg0: tensor<f16>, %arg1: tensor<3xf16>, %arg2: tensor<2x3xf16>, %arg3: tensor<0xf16>, %arg4: tensor<3xf16>, %arg5: tensor<3xf16>, %arg6: tensor<3xf16>, %arg7: tensor<3xf16>, %arg8: tensor<4x5xf16>, %arg9: tensor<4x5xf16>, %arg10: tensor<f16>, %arg11: tensor<2x1x3xf16>, %arg12: tensor<1xf16>, %arg13: tensor<16x9xf16>, %arg14: tensor<5xf16>) -> (tensor<8xf16>, tensor<3x3xf16>, tensor<2xf16>, tensor<2xf16>, tensor<4xf16>, tensor<2xf16>, tensor<2xf16>, tensor<14x11xf16>, tensor<5x4xf16>, tensor<f16>, tensor<3x3x7xf16>, tensor<1xf16>, tensor<34x32xf16>, tensor<0xf16>) {
  %v0 = hlo.pad %arg1, %arg0, low = [1], high = [2], interior = [1] : (tensor<3xf16>, tensor<f16>) -> tensor<8xf16>
  %v1 = hlo.pad %arg2, %arg0, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xf16>, tensor<f16>) -> tensor<3x3xf16>
  %v2 = hlo.pad %arg3, %arg0, low = [1], high = [1], interior = [3] : (tensor<0xf16>, tensor<f16>) -> tensor<2xf16>
  %v3 = hlo.pad %arg4, %arg0, low = [-1], high = [0], interior = [0] : (tensor<3xf16>, tensor<f16>) -> tensor<2xf16>
  %v4 = hlo.pad %arg5, %arg0, low = [-1], high = [0], interior = [1] : (tensor<3xf16>, tensor<f16>) -> tensor<4xf16>
  %v5 = hlo.pad %arg6, %arg0, low = [-5], high = [0], interior = [2] : (tensor<3xf16>, tensor<f16>) -> tensor<2xf16>
  %v6 = hlo.pad %arg7, %arg0, low = [-3], high = [2], interior = [0] : (tensor<3xf16>, tensor<f16>) -> tensor<2xf16>
  %v7 = hlo.pad %arg8, %arg0, low = [1, 2], high = [3, 0], interior = [2, 1] : (tensor<4x5xf16>, tensor<f16>) -> tensor<14x11xf16>
  %v8 = hlo.pad %arg9, %arg0, low = [-1, -2], high = [-1, 1], interior = [1, 0] : (tensor<4x5xf16>, tensor<f16>) -> tensor<5x4xf16>
  %v9 = hlo.pad %arg10, %arg0, low = [], high = [], interior = [] : (tensor<f16>, tensor<f16>) -> tensor<f16>
  %v10 = hlo.pad %arg11, %arg0, low = [1, 0, 1], high = [0, 2, 1], interior = [0, 5, 1] : (tensor<2x1x3xf16>, tensor<f16>) -> tensor<3x3x7xf16>
  %v11 = hlo.pad %arg12, %arg0, low = [0], high = [0], interior = [4] : (tensor<1xf16>, tensor<f16>) -> tensor<1xf16>
  %v12 = hlo.pad %arg13, %arg0, low = [2, 3], high = [1, 4], interior = [1, 2] : (tensor<16x9xf16>, tensor<f16>) -> tensor<34x32xf16>
  %v13 = hlo.pad %arg14, %arg0, low = [2], high = [-7], interior = [0] : (tensor<5xf16>, tensor<f16>) -> tensor<0xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<8xf16>, tensor<3x3xf16>, tensor<2xf16>, tensor<2xf16>, tensor<4xf16>, tensor<2xf16>, tensor<2xf16>, tensor<14x11xf16>, tensor<5x4xf16>, tensor<f16>, tensor<3x3x7xf16>, tensor<1xf16>, tensor<34x32xf16>, tensor<0xf16>
}

// CHECK: @pad_i8 result 0: ok
// CHECK: @pad_i8 result 1: ok
// CHECK: @pad_i8 result 2: ok
// CHECK: @pad_i8 result 3: ok
// CHECK: @pad_i8 result 4: ok
// CHECK: @pad_i8 result 5: ok
// CHECK: @pad_i8 result 6: ok
// CHECK: @pad_i8 result 7: ok
// CHECK: @pad_i8 result 8: ok
// CHECK: @pad_i8 result 9: ok
// CHECK: @pad_i8 result 10: ok
// CHECK: @pad_i8 result 11: ok
// CHECK: @pad_i8 result 12: ok
// CHECK: @pad_i8 result 13: ok
func.func @pad_i8(%arg0: tensor<i8>, %arg1: tensor<3xi8>, %arg2: tensor<2x3xi8>, %arg3: tensor<0xi8>, %arg4: tensor<3xi8>, %arg5: tensor<3xi8>, %arg6: tensor<3xi8>, %arg7: tensor<3xi8>, %arg8: tensor<4x5xi8>, %arg9: tensor<4x5xi8>, %arg10: tensor<i8>, %arg11: tensor<2x1x3xi8>, %arg12: tensor<1xi8>, %arg13: tensor<16x9xi8>, %arg14: tensor<5xi8>) -> (tensor<8xi8>, tensor<3x3xi8>, tensor<2xi8>, tensor<2xi8>, tensor<4xi8>, tensor<2xi8>, tensor<2xi8>, tensor<14x11xi8>, tensor<5x4xi8>, tensor<i8>, tensor<3x3x7xi8>, tensor<1xi8>, tensor<34x32xi8>, tensor<0xi8>) {
  %v0 = hlo.pad %arg1, %arg0, low = [1], high = [2], interior = [1] : (tensor<3xi8>, tensor<i8>) -> tensor<8xi8>
  %v1 = hlo.pad %arg2, %arg0, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xi8>, tensor<i8>) -> tensor<3x3xi8>
  %v2 = hlo.pad %arg3, %arg0, low = [1], high = [1], interior = [3] : (tensor<0xi8>, tensor<i8>) -> tensor<2xi8>
  %v3 = hlo.pad %arg4, %arg0, low = [-1], high = [0], interior = [0] : (tensor<3xi8>, tensor<i8>) -> tensor<2xi8>
  %v4 = hlo.pad %arg5, %arg0, low = [-1], high = [0], interior = [1] : (tensor<3xi8>, tensor<i8>) -> tensor<4xi8>
  %v5 = hlo.pad %arg6, %arg0, low = [-5], high = [0], interior = [2] : (tensor<3xi8>, tensor<i8>) -> tensor<2xi8>
  %v6 = hlo.pad %arg7, %arg0, low = [-3], high = [2], interior = [0] : (tensor<3xi8>, tensor<i8>) -> tensor<2xi8>
  %v7 = hlo.pad %arg8, %arg0, low = [1, 2], high = [3, 0], interior = [2, 1] : (tensor<4x5xi8>, tensor<i8>) -> tensor<14x11xi8>
  %v8 = hlo.pad %arg9, %arg0, low = [-1, -2], high = [-1, 1], interior = [1, 0] : (tensor<4x5xi8>, tensor<i8>) -> tensor<5x4xi8>
  %v9 = hlo.pad %arg10, %arg0, low = [], high = [], interior = [] : (tensor<i8>, tensor<i8>) -> tensor<i8>
  %v10 = hlo.pad %arg11, %arg0, low = [1, 0, 1], high = [0, 2, 1], interior = [0, 5, 1] : (tensor<2x1x3xi8>, tensor<i8>) -> tensor<3x3x7xi8>
  %v11 = hlo.pad %arg12, %arg0, low = [0], high = [0], interior = [4] : (tensor<1xi8>, tensor<i8>) -> tensor<1xi8>
  %v12 = hlo.pad %arg13, %arg0, low = [2, 3], high = [1, 4], interior = [1, 2] : (tensor<16x9xi8>, tensor<i8>) -> tensor<34x32xi8>
  %v13 = hlo.pad %arg14, %arg0, low = [2], high = [-7], interior = [0] : (tensor<5xi8>, tensor<i8>) -> tensor<0xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<8xi8>, tensor<3x3xi8>, tensor<2xi8>, tensor<2xi8>, tensor<4xi8>, tensor<2xi8>, tensor<2xi8>, tensor<14x11xi8>, tensor<5x4xi8>, tensor<i8>, tensor<3x3x7xi8>, tensor<1xi8>, tensor<34x32xi8>, tensor<0xi8>
}

// CHECK: @pad_f64 result 0: ok
// CHECK: @pad_f64 result 1: ok
// CHECK: @pad_f64 result 2: ok
// CHECK: @pad_f64 result 3: ok
// CHECK: @pad_f64 result 4: ok
// CHECK: @pad_f64 result 5: ok
// CHECK: @pad_f64 result 6: ok
// CHECK: @pad_f64 result 7: ok
// CHECK: @pad_f64 result 8: ok
// CHECK: @pad_f64 result 9: ok
// CHECK: @pad_f64 result 10: ok
// CHECK: @pad_f64 result 11: ok
// CHECK: @pad_f64 result 12: ok
// CHECK: @pad_f64 result 13: ok
func.func @pad_f64(%arg0: tensor<f64>, %arg1: tensor<3xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<0xf64>, %arg4: tensor<3xf64>, %arg5: tensor<3xf64>, %arg6: tensor<3xf64>, %arg7: tensor<3xf64>, %arg8: tensor<4x5xf64>, %arg9: tensor<4x5xf64>, %arg10: tensor<f64>, %arg11: tensor<2x1x3xf64>, %arg12: tensor<1xf64>, %arg13: tensor<16x9xf64>, %arg14: tensor<5xf64>) -> (tensor<8xf64>, tensor<3x3xf64>, tensor<2xf64>, tensor<2xf64>, tensor<4xf64>, tensor<2xf64>, tensor<2xf64>, tensor<14x11xf64>, tensor<5x4xf64>, tensor<f64>, tensor<3x3x7xf64>, tensor<1xf64>, tensor<34x32xf64>, tensor<0xf64>) {
  %v0 = hlo.pad %arg1, %arg0, low = [1], high = [2], interior = [1] : (tensor<3xf64>, tensor<f64>) -> tensor<8xf64>
  %v1 = hlo.pad %arg2, %arg0, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xf64>, tensor<f64>) -> tensor<3x3xf64>
  %v2 = hlo.pad %arg3, %arg0, low = [1], high = [1], interior = [3] : (tensor<0xf64>, tensor<f64>) -> tensor<2xf64>
  %v3 = hlo.pad %arg4, %arg0, low = [-1], high = [0], interior = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<2xf64>
  %v4 = hlo.pad %arg5, %arg0, low = [-1], high = [0], interior = [1] : (tensor<3xf64>, tensor<f64>) -> tensor<4xf64>
  %v5 = hlo.pad %arg6, %arg0, low = [-5], high = [0], interior = [2] : (tensor<3xf64>, tensor<f64>) -> tensor<2xf64>
  %v6 = hlo.pad %arg7, %arg0, low = [-3], high = [2], interior = [0] : (tensor<3xf64>, tensor<f64>) -> tensor<2xf64>
  %v7 = hlo.pad %arg8, %arg0, low = [1, 2], high = [3, 0], interior = [2, 1] : (tensor<4x5xf64>, tensor<f64>) -> tensor<14x11xf64>
  %v8 = hlo.pad %arg9, %arg0, low = [-1, -2], high = [-1, 1], interior = [1, 0] : (tensor<4x5xf64>, tensor<f64>) -> tensor<5x4xf64>
  %v9 = hlo.pad %arg10, %arg0, low = [], high = [], interior = [] : (tensor<f64>, tensor<f64>) -> tensor<f64>
  %v10 = hlo.pad %arg11, %arg0, low = [1, 0, 1], high = [0, 2, 1], interior = [0, 5, 1] : (tensor<2x1x3xf64>, tensor<f64>) -> tensor<3x3x7xf64>
  %v11 = hlo.pad %arg12, %arg0, low = [0], high = [0], interior = [4] : (tensor<1xf64>, tensor<f64>) -> tensor<1xf64>
  %v12 = hlo.pad %arg13, %arg0, low = [2, 3], high = [1, 4], interior = [1, 2] : (tensor<16x9xf64>, tensor<f64>) -> tensor<34x32xf64>
  %v13 = hlo.pad %arg14, %arg0, low = [2], high = [-7], interior = [0] : (tensor<5xf64>, tensor<f64>) -> tensor<0xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13 : tensor<8xf64>, tensor<3x3xf64>, tensor<2xf64>, tensor<2xf64>, tensor<4xf64>, tensor<2xf64>, tensor<2xf64>, tensor<14x11xf64>, tensor<5x4xf64>, tensor<f64>, tensor<3x3x7xf64>, tensor<1xf64>, tensor<34x32xf64>, tensor<0xf64>
}

// Zero padding from a constant, as in a conv.
// CHECK: @pad_constant_value result 0: ok
// CHECK: @pad_constant_value result 1: ok
func.func @pad_constant_value(%arg0: tensor<6x7xf32>) -> (tensor<8x9xf32>, tensor<14x9xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<f32>
  %v1 = hlo.pad %arg0, %v0, low = [1, 1], high = [1, 1], interior = [0, 0] : (tensor<6x7xf32>, tensor<f32>) -> tensor<8x9xf32>
  %v2 = hlo.constant dense<0xFF800000> : tensor<f32>
  %v3 = hlo.pad %arg0, %v2, low = [0, 2], high = [3, 0], interior = [1, 0] : (tensor<6x7xf32>, tensor<f32>) -> tensor<14x9xf32>
  return %v1, %v3 : tensor<8x9xf32>, tensor<14x9xf32>
}

// CHECK: @concatenate_f32 result 0: ok
// CHECK: @concatenate_f32 result 1: ok
// CHECK: @concatenate_f32 result 2: ok
// CHECK: @concatenate_f32 result 3: ok
// CHECK: @concatenate_f32 result 4: ok
// CHECK: @concatenate_f32 result 5: ok
// CHECK: @concatenate_f32 result 6: ok
// CHECK: @concatenate_f32 result 7: ok
// CHECK: @concatenate_f32 result 8: ok
// CHECK: @concatenate_f32 result 9: ok
// CHECK: @concatenate_f32 result 10: ok
func.func @concatenate_f32(%arg0: tensor<2x3xf32>, %arg1: tensor<1x3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<0x3xf32>, %arg4: tensor<1x3xf32>, %arg5: tensor<2x3xf32>, %arg6: tensor<1x3xf32>, %arg7: tensor<2xf32>, %arg8: tensor<3xf32>, %arg9: tensor<2x3xf32>, %arg10: tensor<2x3xf32>, %arg11: tensor<1xf32>, %arg12: tensor<3x0xf32>, %arg13: tensor<3x2xf32>, %arg14: tensor<3x0xf32>, %arg15: tensor<2x2x1xf32>, %arg16: tensor<2x2x3xf32>, %arg17: tensor<2x2x2xf32>, %arg18: tensor<2x1x4xf32>, %arg19: tensor<2x3x4xf32>, %arg20: tensor<0x4xf32>, %arg21: tensor<0x4xf32>, %arg22: tensor<9x17xf32>, %arg23: tensor<9x40xf32>, %arg24: tensor<9x1xf32>) -> (tensor<3x3xf32>, tensor<6x3xf32>, tensor<5xf32>, tensor<2x6xf32>, tensor<1xf32>, tensor<3x2xf32>, tensor<2x2x6xf32>, tensor<2x4x4xf32>, tensor<0x4xf32>, tensor<9x58xf32>, tensor<18x17xf32>) {
  %v0 = hlo.concatenate dim = 0, %arg0, %arg1 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %v1 = hlo.concatenate dim = 0, %arg2, %arg3, %arg4, %arg5, %arg6 : (tensor<2x3xf32>, tensor<0x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<6x3xf32>
  %v2 = hlo.concatenate dim = 0, %arg7, %arg8 : (tensor<2xf32>, tensor<3xf32>) -> tensor<5xf32>
  %v3 = hlo.concatenate dim = 1, %arg9, %arg10 : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %v4 = hlo.concatenate dim = 0, %arg11 : (tensor<1xf32>) -> tensor<1xf32>
  %v5 = hlo.concatenate dim = 1, %arg12, %arg13, %arg14 : (tensor<3x0xf32>, tensor<3x2xf32>, tensor<3x0xf32>) -> tensor<3x2xf32>
  %v6 = hlo.concatenate dim = 2, %arg15, %arg16, %arg17 : (tensor<2x2x1xf32>, tensor<2x2x3xf32>, tensor<2x2x2xf32>) -> tensor<2x2x6xf32>
  %v7 = hlo.concatenate dim = 1, %arg18, %arg19 : (tensor<2x1x4xf32>, tensor<2x3x4xf32>) -> tensor<2x4x4xf32>
  %v8 = hlo.concatenate dim = 0, %arg20, %arg21 : (tensor<0x4xf32>, tensor<0x4xf32>) -> tensor<0x4xf32>
  %v9 = hlo.concatenate dim = 1, %arg22, %arg23, %arg24 : (tensor<9x17xf32>, tensor<9x40xf32>, tensor<9x1xf32>) -> tensor<9x58xf32>
  %v10 = hlo.concatenate dim = 0, %arg22, %arg22 : (tensor<9x17xf32>, tensor<9x17xf32>) -> tensor<18x17xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3x3xf32>, tensor<6x3xf32>, tensor<5xf32>, tensor<2x6xf32>, tensor<1xf32>, tensor<3x2xf32>, tensor<2x2x6xf32>, tensor<2x4x4xf32>, tensor<0x4xf32>, tensor<9x58xf32>, tensor<18x17xf32>
}

// CHECK: @concatenate_i64 result 0: ok
// CHECK: @concatenate_i64 result 1: ok
// CHECK: @concatenate_i64 result 2: ok
// CHECK: @concatenate_i64 result 3: ok
// CHECK: @concatenate_i64 result 4: ok
// CHECK: @concatenate_i64 result 5: ok
// CHECK: @concatenate_i64 result 6: ok
// CHECK: @concatenate_i64 result 7: ok
// CHECK: @concatenate_i64 result 8: ok
// CHECK: @concatenate_i64 result 9: ok
// CHECK: @concatenate_i64 result 10: ok
func.func @concatenate_i64(%arg0: tensor<2x3xi64>, %arg1: tensor<1x3xi64>, %arg2: tensor<2x3xi64>, %arg3: tensor<0x3xi64>, %arg4: tensor<1x3xi64>, %arg5: tensor<2x3xi64>, %arg6: tensor<1x3xi64>, %arg7: tensor<2xi64>, %arg8: tensor<3xi64>, %arg9: tensor<2x3xi64>, %arg10: tensor<2x3xi64>, %arg11: tensor<1xi64>, %arg12: tensor<3x0xi64>, %arg13: tensor<3x2xi64>, %arg14: tensor<3x0xi64>, %arg15: tensor<2x2x1xi64>, %arg16: tensor<2x2x3xi64>, %arg17: tensor<2x2x2xi64>, %arg18: tensor<2x1x4xi64>, %arg19: tensor<2x3x4xi64>, %arg20: tensor<0x4xi64>, %arg21: tensor<0x4xi64>, %arg22: tensor<9x17xi64>, %arg23: tensor<9x40xi64>, %arg24: tensor<9x1xi64>) -> (tensor<3x3xi64>, tensor<6x3xi64>, tensor<5xi64>, tensor<2x6xi64>, tensor<1xi64>, tensor<3x2xi64>, tensor<2x2x6xi64>, tensor<2x4x4xi64>, tensor<0x4xi64>, tensor<9x58xi64>, tensor<18x17xi64>) {
  %v0 = hlo.concatenate dim = 0, %arg0, %arg1 : (tensor<2x3xi64>, tensor<1x3xi64>) -> tensor<3x3xi64>
  %v1 = hlo.concatenate dim = 0, %arg2, %arg3, %arg4, %arg5, %arg6 : (tensor<2x3xi64>, tensor<0x3xi64>, tensor<1x3xi64>, tensor<2x3xi64>, tensor<1x3xi64>) -> tensor<6x3xi64>
  %v2 = hlo.concatenate dim = 0, %arg7, %arg8 : (tensor<2xi64>, tensor<3xi64>) -> tensor<5xi64>
  %v3 = hlo.concatenate dim = 1, %arg9, %arg10 : (tensor<2x3xi64>, tensor<2x3xi64>) -> tensor<2x6xi64>
  %v4 = hlo.concatenate dim = 0, %arg11 : (tensor<1xi64>) -> tensor<1xi64>
  %v5 = hlo.concatenate dim = 1, %arg12, %arg13, %arg14 : (tensor<3x0xi64>, tensor<3x2xi64>, tensor<3x0xi64>) -> tensor<3x2xi64>
  %v6 = hlo.concatenate dim = 2, %arg15, %arg16, %arg17 : (tensor<2x2x1xi64>, tensor<2x2x3xi64>, tensor<2x2x2xi64>) -> tensor<2x2x6xi64>
  %v7 = hlo.concatenate dim = 1, %arg18, %arg19 : (tensor<2x1x4xi64>, tensor<2x3x4xi64>) -> tensor<2x4x4xi64>
  %v8 = hlo.concatenate dim = 0, %arg20, %arg21 : (tensor<0x4xi64>, tensor<0x4xi64>) -> tensor<0x4xi64>
  %v9 = hlo.concatenate dim = 1, %arg22, %arg23, %arg24 : (tensor<9x17xi64>, tensor<9x40xi64>, tensor<9x1xi64>) -> tensor<9x58xi64>
  %v10 = hlo.concatenate dim = 0, %arg22, %arg22 : (tensor<9x17xi64>, tensor<9x17xi64>) -> tensor<18x17xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3x3xi64>, tensor<6x3xi64>, tensor<5xi64>, tensor<2x6xi64>, tensor<1xi64>, tensor<3x2xi64>, tensor<2x2x6xi64>, tensor<2x4x4xi64>, tensor<0x4xi64>, tensor<9x58xi64>, tensor<18x17xi64>
}

// CHECK: @concatenate_i1 result 0: ok
// CHECK: @concatenate_i1 result 1: ok
// CHECK: @concatenate_i1 result 2: ok
// CHECK: @concatenate_i1 result 3: ok
// CHECK: @concatenate_i1 result 4: ok
// CHECK: @concatenate_i1 result 5: ok
// CHECK: @concatenate_i1 result 6: ok
// CHECK: @concatenate_i1 result 7: ok
// CHECK: @concatenate_i1 result 8: ok
// CHECK: @concatenate_i1 result 9: ok
// CHECK: @concatenate_i1 result 10: ok
func.func @concatenate_i1(%arg0: tensor<2x3xi1>, %arg1: tensor<1x3xi1>, %arg2: tensor<2x3xi1>, %arg3: tensor<0x3xi1>, %arg4: tensor<1x3xi1>, %arg5: tensor<2x3xi1>, %arg6: tensor<1x3xi1>, %arg7: tensor<2xi1>, %arg8: tensor<3xi1>, %arg9: tensor<2x3xi1>, %arg10: tensor<2x3xi1>, %arg11: tensor<1xi1>, %arg12: tensor<3x0xi1>, %arg13: tensor<3x2xi1>, %arg14: tensor<3x0xi1>, %arg15: tensor<2x2x1xi1>, %arg16: tensor<2x2x3xi1>, %arg17: tensor<2x2x2xi1>, %arg18: tensor<2x1x4xi1>, %arg19: tensor<2x3x4xi1>, %arg20: tensor<0x4xi1>, %arg21: tensor<0x4xi1>, %arg22: tensor<9x17xi1>, %arg23: tensor<9x40xi1>, %arg24: tensor<9x1xi1>) -> (tensor<3x3xi1>, tensor<6x3xi1>, tensor<5xi1>, tensor<2x6xi1>, tensor<1xi1>, tensor<3x2xi1>, tensor<2x2x6xi1>, tensor<2x4x4xi1>, tensor<0x4xi1>, tensor<9x58xi1>, tensor<18x17xi1>) {
  %v0 = hlo.concatenate dim = 0, %arg0, %arg1 : (tensor<2x3xi1>, tensor<1x3xi1>) -> tensor<3x3xi1>
  %v1 = hlo.concatenate dim = 0, %arg2, %arg3, %arg4, %arg5, %arg6 : (tensor<2x3xi1>, tensor<0x3xi1>, tensor<1x3xi1>, tensor<2x3xi1>, tensor<1x3xi1>) -> tensor<6x3xi1>
  %v2 = hlo.concatenate dim = 0, %arg7, %arg8 : (tensor<2xi1>, tensor<3xi1>) -> tensor<5xi1>
  %v3 = hlo.concatenate dim = 1, %arg9, %arg10 : (tensor<2x3xi1>, tensor<2x3xi1>) -> tensor<2x6xi1>
  %v4 = hlo.concatenate dim = 0, %arg11 : (tensor<1xi1>) -> tensor<1xi1>
  %v5 = hlo.concatenate dim = 1, %arg12, %arg13, %arg14 : (tensor<3x0xi1>, tensor<3x2xi1>, tensor<3x0xi1>) -> tensor<3x2xi1>
  %v6 = hlo.concatenate dim = 2, %arg15, %arg16, %arg17 : (tensor<2x2x1xi1>, tensor<2x2x3xi1>, tensor<2x2x2xi1>) -> tensor<2x2x6xi1>
  %v7 = hlo.concatenate dim = 1, %arg18, %arg19 : (tensor<2x1x4xi1>, tensor<2x3x4xi1>) -> tensor<2x4x4xi1>
  %v8 = hlo.concatenate dim = 0, %arg20, %arg21 : (tensor<0x4xi1>, tensor<0x4xi1>) -> tensor<0x4xi1>
  %v9 = hlo.concatenate dim = 1, %arg22, %arg23, %arg24 : (tensor<9x17xi1>, tensor<9x40xi1>, tensor<9x1xi1>) -> tensor<9x58xi1>
  %v10 = hlo.concatenate dim = 0, %arg22, %arg22 : (tensor<9x17xi1>, tensor<9x17xi1>) -> tensor<18x17xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3x3xi1>, tensor<6x3xi1>, tensor<5xi1>, tensor<2x6xi1>, tensor<1xi1>, tensor<3x2xi1>, tensor<2x2x6xi1>, tensor<2x4x4xi1>, tensor<0x4xi1>, tensor<9x58xi1>, tensor<18x17xi1>
}

// CHECK: @concatenate_f16 result 0: ok
// CHECK: @concatenate_f16 result 1: ok
// CHECK: @concatenate_f16 result 2: ok
// CHECK: @concatenate_f16 result 3: ok
// CHECK: @concatenate_f16 result 4: ok
// CHECK: @concatenate_f16 result 5: ok
// CHECK: @concatenate_f16 result 6: ok
// CHECK: @concatenate_f16 result 7: ok
// CHECK: @concatenate_f16 result 8: ok
// CHECK: @concatenate_f16 result 9: ok
// CHECK: @concatenate_f16 result 10: ok
func.func @concatenate_f16(%arg0: tensor<2x3xf16>, %arg1: tensor<1x3xf16>, %arg2: tensor<2x3xf16>, %arg3: tensor<0x3xf16>, %arg4: tensor<1x3xf16>, %arg5: tensor<2x3xf16>, %arg6: tensor<1x3xf16>, %arg7: tensor<2xf16>, %arg8: tensor<3xf16>, %arg9: tensor<2x3xf16>, %arg10: tensor<2x3xf16>, %arg11: tensor<1xf16>, %arg12: tensor<3x0xf16>, %arg13: tensor<3x2xf16>, %arg14: tensor<3x0xf16>, %arg15: tensor<2x2x1xf16>, %arg16: tensor<2x2x3xf16>, %arg17: tensor<2x2x2xf16>, %arg18: tensor<2x1x4xf16>, %arg19: tensor<2x3x4xf16>, %arg20: tensor<0x4xf16>, %arg21: tensor<0x4xf16>, %arg22: tensor<9x17xf16>, %arg23: tensor<9x40xf16>, %arg24: tensor<9x1xf16>) -> (tensor<3x3xf16>, tensor<6x3xf16>, tensor<5xf16>, tensor<2x6xf16>, tensor<1xf16>, tensor<3x2xf16>, tensor<2x2x6xf16>, tensor<2x4x4xf16>, tensor<0x4xf16>, tensor<9x58xf16>, tensor<18x17xf16>) {
  %v0 = hlo.concatenate dim = 0, %arg0, %arg1 : (tensor<2x3xf16>, tensor<1x3xf16>) -> tensor<3x3xf16>
  %v1 = hlo.concatenate dim = 0, %arg2, %arg3, %arg4, %arg5, %arg6 : (tensor<2x3xf16>, tensor<0x3xf16>, tensor<1x3xf16>, tensor<2x3xf16>, tensor<1x3xf16>) -> tensor<6x3xf16>
  %v2 = hlo.concatenate dim = 0, %arg7, %arg8 : (tensor<2xf16>, tensor<3xf16>) -> tensor<5xf16>
  %v3 = hlo.concatenate dim = 1, %arg9, %arg10 : (tensor<2x3xf16>, tensor<2x3xf16>) -> tensor<2x6xf16>
  %v4 = hlo.concatenate dim = 0, %arg11 : (tensor<1xf16>) -> tensor<1xf16>
  %v5 = hlo.concatenate dim = 1, %arg12, %arg13, %arg14 : (tensor<3x0xf16>, tensor<3x2xf16>, tensor<3x0xf16>) -> tensor<3x2xf16>
  %v6 = hlo.concatenate dim = 2, %arg15, %arg16, %arg17 : (tensor<2x2x1xf16>, tensor<2x2x3xf16>, tensor<2x2x2xf16>) -> tensor<2x2x6xf16>
  %v7 = hlo.concatenate dim = 1, %arg18, %arg19 : (tensor<2x1x4xf16>, tensor<2x3x4xf16>) -> tensor<2x4x4xf16>
  %v8 = hlo.concatenate dim = 0, %arg20, %arg21 : (tensor<0x4xf16>, tensor<0x4xf16>) -> tensor<0x4xf16>
  %v9 = hlo.concatenate dim = 1, %arg22, %arg23, %arg24 : (tensor<9x17xf16>, tensor<9x40xf16>, tensor<9x1xf16>) -> tensor<9x58xf16>
  %v10 = hlo.concatenate dim = 0, %arg22, %arg22 : (tensor<9x17xf16>, tensor<9x17xf16>) -> tensor<18x17xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3x3xf16>, tensor<6x3xf16>, tensor<5xf16>, tensor<2x6xf16>, tensor<1xf16>, tensor<3x2xf16>, tensor<2x2x6xf16>, tensor<2x4x4xf16>, tensor<0x4xf16>, tensor<9x58xf16>, tensor<18x17xf16>
}

// CHECK: @concatenate_i8 result 0: ok
// CHECK: @concatenate_i8 result 1: ok
// CHECK: @concatenate_i8 result 2: ok
// CHECK: @concatenate_i8 result 3: ok
// CHECK: @concatenate_i8 result 4: ok
// CHECK: @concatenate_i8 result 5: ok
// CHECK: @concatenate_i8 result 6: ok
// CHECK: @concatenate_i8 result 7: ok
// CHECK: @concatenate_i8 result 8: ok
// CHECK: @concatenate_i8 result 9: ok
// CHECK: @concatenate_i8 result 10: ok
func.func @concatenate_i8(%arg0: tensor<2x3xi8>, %arg1: tensor<1x3xi8>, %arg2: tensor<2x3xi8>, %arg3: tensor<0x3xi8>, %arg4: tensor<1x3xi8>, %arg5: tensor<2x3xi8>, %arg6: tensor<1x3xi8>, %arg7: tensor<2xi8>, %arg8: tensor<3xi8>, %arg9: tensor<2x3xi8>, %arg10: tensor<2x3xi8>, %arg11: tensor<1xi8>, %arg12: tensor<3x0xi8>, %arg13: tensor<3x2xi8>, %arg14: tensor<3x0xi8>, %arg15: tensor<2x2x1xi8>, %arg16: tensor<2x2x3xi8>, %arg17: tensor<2x2x2xi8>, %arg18: tensor<2x1x4xi8>, %arg19: tensor<2x3x4xi8>, %arg20: tensor<0x4xi8>, %arg21: tensor<0x4xi8>, %arg22: tensor<9x17xi8>, %arg23: tensor<9x40xi8>, %arg24: tensor<9x1xi8>) -> (tensor<3x3xi8>, tensor<6x3xi8>, tensor<5xi8>, tensor<2x6xi8>, tensor<1xi8>, tensor<3x2xi8>, tensor<2x2x6xi8>, tensor<2x4x4xi8>, tensor<0x4xi8>, tensor<9x58xi8>, tensor<18x17xi8>) {
  %v0 = hlo.concatenate dim = 0, %arg0, %arg1 : (tensor<2x3xi8>, tensor<1x3xi8>) -> tensor<3x3xi8>
  %v1 = hlo.concatenate dim = 0, %arg2, %arg3, %arg4, %arg5, %arg6 : (tensor<2x3xi8>, tensor<0x3xi8>, tensor<1x3xi8>, tensor<2x3xi8>, tensor<1x3xi8>) -> tensor<6x3xi8>
  %v2 = hlo.concatenate dim = 0, %arg7, %arg8 : (tensor<2xi8>, tensor<3xi8>) -> tensor<5xi8>
  %v3 = hlo.concatenate dim = 1, %arg9, %arg10 : (tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x6xi8>
  %v4 = hlo.concatenate dim = 0, %arg11 : (tensor<1xi8>) -> tensor<1xi8>
  %v5 = hlo.concatenate dim = 1, %arg12, %arg13, %arg14 : (tensor<3x0xi8>, tensor<3x2xi8>, tensor<3x0xi8>) -> tensor<3x2xi8>
  %v6 = hlo.concatenate dim = 2, %arg15, %arg16, %arg17 : (tensor<2x2x1xi8>, tensor<2x2x3xi8>, tensor<2x2x2xi8>) -> tensor<2x2x6xi8>
  %v7 = hlo.concatenate dim = 1, %arg18, %arg19 : (tensor<2x1x4xi8>, tensor<2x3x4xi8>) -> tensor<2x4x4xi8>
  %v8 = hlo.concatenate dim = 0, %arg20, %arg21 : (tensor<0x4xi8>, tensor<0x4xi8>) -> tensor<0x4xi8>
  %v9 = hlo.concatenate dim = 1, %arg22, %arg23, %arg24 : (tensor<9x17xi8>, tensor<9x40xi8>, tensor<9x1xi8>) -> tensor<9x58xi8>
  %v10 = hlo.concatenate dim = 0, %arg22, %arg22 : (tensor<9x17xi8>, tensor<9x17xi8>) -> tensor<18x17xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3x3xi8>, tensor<6x3xi8>, tensor<5xi8>, tensor<2x6xi8>, tensor<1xi8>, tensor<3x2xi8>, tensor<2x2x6xi8>, tensor<2x4x4xi8>, tensor<0x4xi8>, tensor<9x58xi8>, tensor<18x17xi8>
}

// CHECK: @concatenate_bf16 result 0: ok
// CHECK: @concatenate_bf16 result 1: ok
// CHECK: @concatenate_bf16 result 2: ok
// CHECK: @concatenate_bf16 result 3: ok
// CHECK: @concatenate_bf16 result 4: ok
// CHECK: @concatenate_bf16 result 5: ok
// CHECK: @concatenate_bf16 result 6: ok
// CHECK: @concatenate_bf16 result 7: ok
// CHECK: @concatenate_bf16 result 8: ok
// CHECK: @concatenate_bf16 result 9: ok
// CHECK: @concatenate_bf16 result 10: ok
func.func @concatenate_bf16(%arg0: tensor<2x3xbf16>, %arg1: tensor<1x3xbf16>, %arg2: tensor<2x3xbf16>, %arg3: tensor<0x3xbf16>, %arg4: tensor<1x3xbf16>, %arg5: tensor<2x3xbf16>, %arg6: tensor<1x3xbf16>, %arg7: tensor<2xbf16>, %arg8: tensor<3xbf16>, %arg9: tensor<2x3xbf16>, %arg10: tensor<2x3xbf16>, %arg11: tensor<1xbf16>, %arg12: tensor<3x0xbf16>, %arg13: tensor<3x2xbf16>, %arg14: tensor<3x0xbf16>, %arg15: tensor<2x2x1xbf16>, %arg16: tensor<2x2x3xbf16>, %arg17: tensor<2x2x2xbf16>, %arg18: tensor<2x1x4xbf16>, %arg19: tensor<2x3x4xbf16>, %arg20: tensor<0x4xbf16>, %arg21: tensor<0x4xbf16>, %arg22: tensor<9x17xbf16>, %arg23: tensor<9x40xbf16>, %arg24: tensor<9x1xbf16>) -> (tensor<3x3xbf16>, tensor<6x3xbf16>, tensor<5xbf16>, tensor<2x6xbf16>, tensor<1xbf16>, tensor<3x2xbf16>, tensor<2x2x6xbf16>, tensor<2x4x4xbf16>, tensor<0x4xbf16>, tensor<9x58xbf16>, tensor<18x17xbf16>) {
  %v0 = hlo.concatenate dim = 0, %arg0, %arg1 : (tensor<2x3xbf16>, tensor<1x3xbf16>) -> tensor<3x3xbf16>
  %v1 = hlo.concatenate dim = 0, %arg2, %arg3, %arg4, %arg5, %arg6 : (tensor<2x3xbf16>, tensor<0x3xbf16>, tensor<1x3xbf16>, tensor<2x3xbf16>, tensor<1x3xbf16>) -> tensor<6x3xbf16>
  %v2 = hlo.concatenate dim = 0, %arg7, %arg8 : (tensor<2xbf16>, tensor<3xbf16>) -> tensor<5xbf16>
  %v3 = hlo.concatenate dim = 1, %arg9, %arg10 : (tensor<2x3xbf16>, tensor<2x3xbf16>) -> tensor<2x6xbf16>
  %v4 = hlo.concatenate dim = 0, %arg11 : (tensor<1xbf16>) -> tensor<1xbf16>
  %v5 = hlo.concatenate dim = 1, %arg12, %arg13, %arg14 : (tensor<3x0xbf16>, tensor<3x2xbf16>, tensor<3x0xbf16>) -> tensor<3x2xbf16>
  %v6 = hlo.concatenate dim = 2, %arg15, %arg16, %arg17 : (tensor<2x2x1xbf16>, tensor<2x2x3xbf16>, tensor<2x2x2xbf16>) -> tensor<2x2x6xbf16>
  %v7 = hlo.concatenate dim = 1, %arg18, %arg19 : (tensor<2x1x4xbf16>, tensor<2x3x4xbf16>) -> tensor<2x4x4xbf16>
  %v8 = hlo.concatenate dim = 0, %arg20, %arg21 : (tensor<0x4xbf16>, tensor<0x4xbf16>) -> tensor<0x4xbf16>
  %v9 = hlo.concatenate dim = 1, %arg22, %arg23, %arg24 : (tensor<9x17xbf16>, tensor<9x40xbf16>, tensor<9x1xbf16>) -> tensor<9x58xbf16>
  %v10 = hlo.concatenate dim = 0, %arg22, %arg22 : (tensor<9x17xbf16>, tensor<9x17xbf16>) -> tensor<18x17xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3x3xbf16>, tensor<6x3xbf16>, tensor<5xbf16>, tensor<2x6xbf16>, tensor<1xbf16>, tensor<3x2xbf16>, tensor<2x2x6xbf16>, tensor<2x4x4xbf16>, tensor<0x4xbf16>, tensor<9x58xbf16>, tensor<18x17xbf16>
}

// CHECK: @reverse_f32 result 0: ok
// CHECK: @reverse_f32 result 1: ok
// CHECK: @reverse_f32 result 2: ok
// CHECK: @reverse_f32 result 3: ok
// CHECK: @reverse_f32 result 4: ok
// CHECK: @reverse_f32 result 5: ok
// CHECK: @reverse_f32 result 6: ok
// CHECK: @reverse_f32 result 7: ok
// CHECK: @reverse_f32 result 8: ok
// CHECK: @reverse_f32 result 9: ok
// CHECK: @reverse_f32 result 10: ok
func.func @reverse_f32(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<2x3xf32>, %arg4: tensor<0xf32>, %arg5: tensor<1x4xf32>, %arg6: tensor<3x4x5xf32>, %arg7: tensor<3x4x5xf32>, %arg8: tensor<f32>, %arg9: tensor<31xf32>, %arg10: tensor<6x1x7xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xf32>, tensor<1x4xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<f32>, tensor<31xf32>, tensor<6x1x7xf32>) {
  %v0 = hlo.reverse %arg0, dims = [0] : tensor<2x3xf32>
  %v1 = hlo.reverse %arg1, dims = [1] : tensor<2x3xf32>
  %v2 = hlo.reverse %arg2, dims = [1, 0] : tensor<2x3xf32>
  %v3 = hlo.reverse %arg3, dims = [] : tensor<2x3xf32>
  %v4 = hlo.reverse %arg4, dims = [0] : tensor<0xf32>
  %v5 = hlo.reverse %arg5, dims = [0, 1] : tensor<1x4xf32>
  %v6 = hlo.reverse %arg6, dims = [0, 2] : tensor<3x4x5xf32>
  %v7 = hlo.reverse %arg7, dims = [1] : tensor<3x4x5xf32>
  %v8 = hlo.reverse %arg8, dims = [] : tensor<f32>
  %v9 = hlo.reverse %arg9, dims = [0] : tensor<31xf32>
  %v10 = hlo.reverse %arg10, dims = [2, 1, 0] : tensor<6x1x7xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xf32>, tensor<1x4xf32>, tensor<3x4x5xf32>, tensor<3x4x5xf32>, tensor<f32>, tensor<31xf32>, tensor<6x1x7xf32>
}

// CHECK: @reverse_i32 result 0: ok
// CHECK: @reverse_i32 result 1: ok
// CHECK: @reverse_i32 result 2: ok
// CHECK: @reverse_i32 result 3: ok
// CHECK: @reverse_i32 result 4: ok
// CHECK: @reverse_i32 result 5: ok
// CHECK: @reverse_i32 result 6: ok
// CHECK: @reverse_i32 result 7: ok
// CHECK: @reverse_i32 result 8: ok
// CHECK: @reverse_i32 result 9: ok
// CHECK: @reverse_i32 result 10: ok
func.func @reverse_i32(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3xi32>, %arg2: tensor<2x3xi32>, %arg3: tensor<2x3xi32>, %arg4: tensor<0xi32>, %arg5: tensor<1x4xi32>, %arg6: tensor<3x4x5xi32>, %arg7: tensor<3x4x5xi32>, %arg8: tensor<i32>, %arg9: tensor<31xi32>, %arg10: tensor<6x1x7xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<0xi32>, tensor<1x4xi32>, tensor<3x4x5xi32>, tensor<3x4x5xi32>, tensor<i32>, tensor<31xi32>, tensor<6x1x7xi32>) {
  %v0 = hlo.reverse %arg0, dims = [0] : tensor<2x3xi32>
  %v1 = hlo.reverse %arg1, dims = [1] : tensor<2x3xi32>
  %v2 = hlo.reverse %arg2, dims = [1, 0] : tensor<2x3xi32>
  %v3 = hlo.reverse %arg3, dims = [] : tensor<2x3xi32>
  %v4 = hlo.reverse %arg4, dims = [0] : tensor<0xi32>
  %v5 = hlo.reverse %arg5, dims = [0, 1] : tensor<1x4xi32>
  %v6 = hlo.reverse %arg6, dims = [0, 2] : tensor<3x4x5xi32>
  %v7 = hlo.reverse %arg7, dims = [1] : tensor<3x4x5xi32>
  %v8 = hlo.reverse %arg8, dims = [] : tensor<i32>
  %v9 = hlo.reverse %arg9, dims = [0] : tensor<31xi32>
  %v10 = hlo.reverse %arg10, dims = [2, 1, 0] : tensor<6x1x7xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>, tensor<0xi32>, tensor<1x4xi32>, tensor<3x4x5xi32>, tensor<3x4x5xi32>, tensor<i32>, tensor<31xi32>, tensor<6x1x7xi32>
}

// CHECK: @reverse_i1 result 0: ok
// CHECK: @reverse_i1 result 1: ok
// CHECK: @reverse_i1 result 2: ok
// CHECK: @reverse_i1 result 3: ok
// CHECK: @reverse_i1 result 4: ok
// CHECK: @reverse_i1 result 5: ok
// CHECK: @reverse_i1 result 6: ok
// CHECK: @reverse_i1 result 7: ok
// CHECK: @reverse_i1 result 8: ok
// CHECK: @reverse_i1 result 9: ok
// CHECK: @reverse_i1 result 10: ok
func.func @reverse_i1(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3xi1>, %arg2: tensor<2x3xi1>, %arg3: tensor<2x3xi1>, %arg4: tensor<0xi1>, %arg5: tensor<1x4xi1>, %arg6: tensor<3x4x5xi1>, %arg7: tensor<3x4x5xi1>, %arg8: tensor<i1>, %arg9: tensor<31xi1>, %arg10: tensor<6x1x7xi1>) -> (tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<0xi1>, tensor<1x4xi1>, tensor<3x4x5xi1>, tensor<3x4x5xi1>, tensor<i1>, tensor<31xi1>, tensor<6x1x7xi1>) {
  %v0 = hlo.reverse %arg0, dims = [0] : tensor<2x3xi1>
  %v1 = hlo.reverse %arg1, dims = [1] : tensor<2x3xi1>
  %v2 = hlo.reverse %arg2, dims = [1, 0] : tensor<2x3xi1>
  %v3 = hlo.reverse %arg3, dims = [] : tensor<2x3xi1>
  %v4 = hlo.reverse %arg4, dims = [0] : tensor<0xi1>
  %v5 = hlo.reverse %arg5, dims = [0, 1] : tensor<1x4xi1>
  %v6 = hlo.reverse %arg6, dims = [0, 2] : tensor<3x4x5xi1>
  %v7 = hlo.reverse %arg7, dims = [1] : tensor<3x4x5xi1>
  %v8 = hlo.reverse %arg8, dims = [] : tensor<i1>
  %v9 = hlo.reverse %arg9, dims = [0] : tensor<31xi1>
  %v10 = hlo.reverse %arg10, dims = [2, 1, 0] : tensor<6x1x7xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<2x3xi1>, tensor<0xi1>, tensor<1x4xi1>, tensor<3x4x5xi1>, tensor<3x4x5xi1>, tensor<i1>, tensor<31xi1>, tensor<6x1x7xi1>
}

// CHECK: @reverse_f64 result 0: ok
// CHECK: @reverse_f64 result 1: ok
// CHECK: @reverse_f64 result 2: ok
// CHECK: @reverse_f64 result 3: ok
// CHECK: @reverse_f64 result 4: ok
// CHECK: @reverse_f64 result 5: ok
// CHECK: @reverse_f64 result 6: ok
// CHECK: @reverse_f64 result 7: ok
// CHECK: @reverse_f64 result 8: ok
// CHECK: @reverse_f64 result 9: ok
// CHECK: @reverse_f64 result 10: ok
func.func @reverse_f64(%arg0: tensor<2x3xf64>, %arg1: tensor<2x3xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<2x3xf64>, %arg4: tensor<0xf64>, %arg5: tensor<1x4xf64>, %arg6: tensor<3x4x5xf64>, %arg7: tensor<3x4x5xf64>, %arg8: tensor<f64>, %arg9: tensor<31xf64>, %arg10: tensor<6x1x7xf64>) -> (tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<0xf64>, tensor<1x4xf64>, tensor<3x4x5xf64>, tensor<3x4x5xf64>, tensor<f64>, tensor<31xf64>, tensor<6x1x7xf64>) {
  %v0 = hlo.reverse %arg0, dims = [0] : tensor<2x3xf64>
  %v1 = hlo.reverse %arg1, dims = [1] : tensor<2x3xf64>
  %v2 = hlo.reverse %arg2, dims = [1, 0] : tensor<2x3xf64>
  %v3 = hlo.reverse %arg3, dims = [] : tensor<2x3xf64>
  %v4 = hlo.reverse %arg4, dims = [0] : tensor<0xf64>
  %v5 = hlo.reverse %arg5, dims = [0, 1] : tensor<1x4xf64>
  %v6 = hlo.reverse %arg6, dims = [0, 2] : tensor<3x4x5xf64>
  %v7 = hlo.reverse %arg7, dims = [1] : tensor<3x4x5xf64>
  %v8 = hlo.reverse %arg8, dims = [] : tensor<f64>
  %v9 = hlo.reverse %arg9, dims = [0] : tensor<31xf64>
  %v10 = hlo.reverse %arg10, dims = [2, 1, 0] : tensor<6x1x7xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<2x3xf64>, tensor<0xf64>, tensor<1x4xf64>, tensor<3x4x5xf64>, tensor<3x4x5xf64>, tensor<f64>, tensor<31xf64>, tensor<6x1x7xf64>
}

// CHECK: @reverse_i8 result 0: ok
// CHECK: @reverse_i8 result 1: ok
// CHECK: @reverse_i8 result 2: ok
// CHECK: @reverse_i8 result 3: ok
// CHECK: @reverse_i8 result 4: ok
// CHECK: @reverse_i8 result 5: ok
// CHECK: @reverse_i8 result 6: ok
// CHECK: @reverse_i8 result 7: ok
// CHECK: @reverse_i8 result 8: ok
// CHECK: @reverse_i8 result 9: ok
// CHECK: @reverse_i8 result 10: ok
func.func @reverse_i8(%arg0: tensor<2x3xi8>, %arg1: tensor<2x3xi8>, %arg2: tensor<2x3xi8>, %arg3: tensor<2x3xi8>, %arg4: tensor<0xi8>, %arg5: tensor<1x4xi8>, %arg6: tensor<3x4x5xi8>, %arg7: tensor<3x4x5xi8>, %arg8: tensor<i8>, %arg9: tensor<31xi8>, %arg10: tensor<6x1x7xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<0xi8>, tensor<1x4xi8>, tensor<3x4x5xi8>, tensor<3x4x5xi8>, tensor<i8>, tensor<31xi8>, tensor<6x1x7xi8>) {
  %v0 = hlo.reverse %arg0, dims = [0] : tensor<2x3xi8>
  %v1 = hlo.reverse %arg1, dims = [1] : tensor<2x3xi8>
  %v2 = hlo.reverse %arg2, dims = [1, 0] : tensor<2x3xi8>
  %v3 = hlo.reverse %arg3, dims = [] : tensor<2x3xi8>
  %v4 = hlo.reverse %arg4, dims = [0] : tensor<0xi8>
  %v5 = hlo.reverse %arg5, dims = [0, 1] : tensor<1x4xi8>
  %v6 = hlo.reverse %arg6, dims = [0, 2] : tensor<3x4x5xi8>
  %v7 = hlo.reverse %arg7, dims = [1] : tensor<3x4x5xi8>
  %v8 = hlo.reverse %arg8, dims = [] : tensor<i8>
  %v9 = hlo.reverse %arg9, dims = [0] : tensor<31xi8>
  %v10 = hlo.reverse %arg10, dims = [2, 1, 0] : tensor<6x1x7xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<2x3xi8>, tensor<0xi8>, tensor<1x4xi8>, tensor<3x4x5xi8>, tensor<3x4x5xi8>, tensor<i8>, tensor<31xi8>, tensor<6x1x7xi8>
}

// CHECK: @reverse_bf16 result 0: ok
// CHECK: @reverse_bf16 result 1: ok
// CHECK: @reverse_bf16 result 2: ok
// CHECK: @reverse_bf16 result 3: ok
// CHECK: @reverse_bf16 result 4: ok
// CHECK: @reverse_bf16 result 5: ok
// CHECK: @reverse_bf16 result 6: ok
// CHECK: @reverse_bf16 result 7: ok
// CHECK: @reverse_bf16 result 8: ok
// CHECK: @reverse_bf16 result 9: ok
// CHECK: @reverse_bf16 result 10: ok
func.func @reverse_bf16(%arg0: tensor<2x3xbf16>, %arg1: tensor<2x3xbf16>, %arg2: tensor<2x3xbf16>, %arg3: tensor<2x3xbf16>, %arg4: tensor<0xbf16>, %arg5: tensor<1x4xbf16>, %arg6: tensor<3x4x5xbf16>, %arg7: tensor<3x4x5xbf16>, %arg8: tensor<bf16>, %arg9: tensor<31xbf16>, %arg10: tensor<6x1x7xbf16>) -> (tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<0xbf16>, tensor<1x4xbf16>, tensor<3x4x5xbf16>, tensor<3x4x5xbf16>, tensor<bf16>, tensor<31xbf16>, tensor<6x1x7xbf16>) {
  %v0 = hlo.reverse %arg0, dims = [0] : tensor<2x3xbf16>
  %v1 = hlo.reverse %arg1, dims = [1] : tensor<2x3xbf16>
  %v2 = hlo.reverse %arg2, dims = [1, 0] : tensor<2x3xbf16>
  %v3 = hlo.reverse %arg3, dims = [] : tensor<2x3xbf16>
  %v4 = hlo.reverse %arg4, dims = [0] : tensor<0xbf16>
  %v5 = hlo.reverse %arg5, dims = [0, 1] : tensor<1x4xbf16>
  %v6 = hlo.reverse %arg6, dims = [0, 2] : tensor<3x4x5xbf16>
  %v7 = hlo.reverse %arg7, dims = [1] : tensor<3x4x5xbf16>
  %v8 = hlo.reverse %arg8, dims = [] : tensor<bf16>
  %v9 = hlo.reverse %arg9, dims = [0] : tensor<31xbf16>
  %v10 = hlo.reverse %arg10, dims = [2, 1, 0] : tensor<6x1x7xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<2x3xbf16>, tensor<0xbf16>, tensor<1x4xbf16>, tensor<3x4x5xbf16>, tensor<3x4x5xbf16>, tensor<bf16>, tensor<31xbf16>, tensor<6x1x7xbf16>
}

// A shift by one with zero fill, a reversed half and a strided
// interleave, composed with arithmetic.
// CHECK: @slice_pad_concat_reverse_chain result 0: ok
// CHECK: @slice_pad_concat_reverse_chain result 1: ok
// CHECK: @slice_pad_concat_reverse_chain result 2: ok
func.func @slice_pad_concat_reverse_chain(%arg0: tensor<12x10xf32>) -> (tensor<12x10xf32>, tensor<12x10xf32>, tensor<6x5xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<f32>
  %v1 = hlo.slice %arg0, starts = [0, 0], limits = [11, 10], strides = [1, 1] : (tensor<12x10xf32>) -> tensor<11x10xf32>
  %v2 = hlo.pad %v1, %v0, low = [1, 0], high = [0, 0], interior = [0, 0] : (tensor<11x10xf32>, tensor<f32>) -> tensor<12x10xf32>
  %v3 = hlo.subtract %arg0, %v2 : tensor<12x10xf32>
  %v4 = hlo.slice %v3, starts = [0, 0], limits = [12, 5], strides = [1, 1] : (tensor<12x10xf32>) -> tensor<12x5xf32>
  %v5 = hlo.slice %v3, starts = [0, 5], limits = [12, 10], strides = [1, 1] : (tensor<12x10xf32>) -> tensor<12x5xf32>
  %v6 = hlo.reverse %v5, dims = [1] : tensor<12x5xf32>
  %v7 = hlo.concatenate dim = 1, %v6, %v4 : (tensor<12x5xf32>, tensor<12x5xf32>) -> tensor<12x10xf32>
  %v8 = hlo.multiply %v7, %arg0 : tensor<12x10xf32>
  %v9 = hlo.slice %v8, starts = [0, 0], limits = [12, 10], strides = [2, 2] : (tensor<12x10xf32>) -> tensor<6x5xf32>
  %v10 = hlo.slice %v8, starts = [1, 1], limits = [12, 10], strides = [2, 2] : (tensor<12x10xf32>) -> tensor<6x5xf32>
  %v11 = hlo.add %v9, %v10 : tensor<6x5xf32>
  return %v3, %v8, %v11 : tensor<12x10xf32>, tensor<12x10xf32>, tensor<6x5xf32>
}
