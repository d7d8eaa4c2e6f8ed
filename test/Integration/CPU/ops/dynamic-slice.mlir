// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// dynamic_slice and dynamic_update_slice with offsets that are function
// arguments of type i8, i16, i32 and i64: the random values in [-8, 8] are
// often negative or too large and must be clamped into the operand.

// Random offsets in [-8, 8]: negative and too-large ones clamp.
// CHECK: @dynamic_slice_f32 result 0: ok
// CHECK: @dynamic_slice_f32 result 1: ok
// CHECK: @dynamic_slice_f32 result 2: ok
// CHECK: @dynamic_slice_f32 result 3: ok
// CHECK: @dynamic_slice_f32 result 4: ok
// CHECK: @dynamic_slice_f32 result 5: ok
// CHECK: @dynamic_slice_f32 result 6: ok
// CHECK: @dynamic_slice_f32 result 7: ok
// CHECK: @dynamic_slice_f32 result 8: ok
// CHECK: @dynamic_slice_f32 result 9: ok
// CHECK: @dynamic_slice_f32 result 10: ok
func.func @dynamic_slice_f32(%arg0: tensor<10xf32>, %arg1: tensor<i32>, %arg2: tensor<6x7xf32>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<6x7xf32>, %arg6: tensor<i64>, %arg7: tensor<i64>, %arg8: tensor<6x7xf32>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<4x5x6xf32>, %arg12: tensor<i64>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<3xf32>, %arg16: tensor<i32>, %arg17: tensor<20x3xf32>, %arg18: tensor<i8>, %arg19: tensor<i8>, %arg20: tensor<9x2xf32>, %arg21: tensor<i16>, %arg22: tensor<i16>, %arg23: tensor<1x1xf32>, %arg24: tensor<i64>, %arg25: tensor<i64>, %arg26: tensor<0x5xf32>, %arg27: tensor<i32>, %arg28: tensor<i32>, %arg29: tensor<30x40xf32>, %arg30: tensor<i32>, %arg31: tensor<i32>) -> (tensor<3xf32>, tensor<2x3xf32>, tensor<6x1xf32>, tensor<0x7xf32>, tensor<1x2x3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<5x1xf32>, tensor<1x1xf32>, tensor<0x2xf32>, tensor<7x9xf32>) {
  %v0 = hlo.dynamic_slice %arg0[%arg1] sizes = [3] : (tensor<10xf32>, tensor<i32>) -> tensor<3xf32>
  %v1 = hlo.dynamic_slice %arg2[%arg3, %arg4] sizes = [2, 3] : (tensor<6x7xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %v2 = hlo.dynamic_slice %arg5[%arg6, %arg7] sizes = [6, 1] : (tensor<6x7xf32>, tensor<i64>, tensor<i64>) -> tensor<6x1xf32>
  %v3 = hlo.dynamic_slice %arg8[%arg9, %arg10] sizes = [0, 7] : (tensor<6x7xf32>, tensor<i32>, tensor<i32>) -> tensor<0x7xf32>
  %v4 = hlo.dynamic_slice %arg11[%arg12, %arg13, %arg14] sizes = [1, 2, 3] : (tensor<4x5x6xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1x2x3xf32>
  %v5 = hlo.dynamic_slice %arg15[%arg16] sizes = [3] : (tensor<3xf32>, tensor<i32>) -> tensor<3xf32>
  %v6 = hlo.dynamic_slice %arg17[%arg18, %arg19] sizes = [4, 3] : (tensor<20x3xf32>, tensor<i8>, tensor<i8>) -> tensor<4x3xf32>
  %v7 = hlo.dynamic_slice %arg20[%arg21, %arg22] sizes = [5, 1] : (tensor<9x2xf32>, tensor<i16>, tensor<i16>) -> tensor<5x1xf32>
  %v8 = hlo.dynamic_slice %arg23[%arg24, %arg25] sizes = [1, 1] : (tensor<1x1xf32>, tensor<i64>, tensor<i64>) -> tensor<1x1xf32>
  %v9 = hlo.dynamic_slice %arg26[%arg27, %arg28] sizes = [0, 2] : (tensor<0x5xf32>, tensor<i32>, tensor<i32>) -> tensor<0x2xf32>
  %v10 = hlo.dynamic_slice %arg29[%arg30, %arg31] sizes = [7, 9] : (tensor<30x40xf32>, tensor<i32>, tensor<i32>) -> tensor<7x9xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3xf32>, tensor<2x3xf32>, tensor<6x1xf32>, tensor<0x7xf32>, tensor<1x2x3xf32>, tensor<3xf32>, tensor<4x3xf32>, tensor<5x1xf32>, tensor<1x1xf32>, tensor<0x2xf32>, tensor<7x9xf32>
}

// Random offsets in [-8, 8]: negative and too-large ones clamp.
// CHECK: @dynamic_slice_i1 result 0: ok
// CHECK: @dynamic_slice_i1 result 1: ok
// CHECK: @dynamic_slice_i1 result 2: ok
// CHECK: @dynamic_slice_i1 result 3: ok
// CHECK: @dynamic_slice_i1 result 4: ok
// CHECK: @dynamic_slice_i1 result 5: ok
// CHECK: @dynamic_slice_i1 result 6: ok
// CHECK: @dynamic_slice_i1 result 7: ok
// CHECK: @dynamic_slice_i1 result 8: ok
// CHECK: @dynamic_slice_i1 result 9: ok
// CHECK: @dynamic_slice_i1 result 10: ok
func.func @dynamic_slice_i1(%arg0: tensor<10xi1>, %arg1: tensor<i32>, %arg2: tensor<6x7xi1>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<6x7xi1>, %arg6: tensor<i64>, %arg7: tensor<i64>, %arg8: tensor<6x7xi1>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<4x5x6xi1>, %arg12: tensor<i64>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<3xi1>, %arg16: tensor<i32>, %arg17: tensor<20x3xi1>, %arg18: tensor<i8>, %arg19: tensor<i8>, %arg20: tensor<9x2xi1>, %arg21: tensor<i16>, %arg22: tensor<i16>, %arg23: tensor<1x1xi1>, %arg24: tensor<i64>, %arg25: tensor<i64>, %arg26: tensor<0x5xi1>, %arg27: tensor<i32>, %arg28: tensor<i32>, %arg29: tensor<30x40xi1>, %arg30: tensor<i32>, %arg31: tensor<i32>) -> (tensor<3xi1>, tensor<2x3xi1>, tensor<6x1xi1>, tensor<0x7xi1>, tensor<1x2x3xi1>, tensor<3xi1>, tensor<4x3xi1>, tensor<5x1xi1>, tensor<1x1xi1>, tensor<0x2xi1>, tensor<7x9xi1>) {
  %v0 = hlo.dynamic_slice %arg0[%arg1] sizes = [3] : (tensor<10xi1>, tensor<i32>) -> tensor<3xi1>
  %v1 = hlo.dynamic_slice %arg2[%arg3, %arg4] sizes = [2, 3] : (tensor<6x7xi1>, tensor<i32>, tensor<i32>) -> tensor<2x3xi1>
  %v2 = hlo.dynamic_slice %arg5[%arg6, %arg7] sizes = [6, 1] : (tensor<6x7xi1>, tensor<i64>, tensor<i64>) -> tensor<6x1xi1>
  %v3 = hlo.dynamic_slice %arg8[%arg9, %arg10] sizes = [0, 7] : (tensor<6x7xi1>, tensor<i32>, tensor<i32>) -> tensor<0x7xi1>
  %v4 = hlo.dynamic_slice %arg11[%arg12, %arg13, %arg14] sizes = [1, 2, 3] : (tensor<4x5x6xi1>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1x2x3xi1>
  %v5 = hlo.dynamic_slice %arg15[%arg16] sizes = [3] : (tensor<3xi1>, tensor<i32>) -> tensor<3xi1>
  %v6 = hlo.dynamic_slice %arg17[%arg18, %arg19] sizes = [4, 3] : (tensor<20x3xi1>, tensor<i8>, tensor<i8>) -> tensor<4x3xi1>
  %v7 = hlo.dynamic_slice %arg20[%arg21, %arg22] sizes = [5, 1] : (tensor<9x2xi1>, tensor<i16>, tensor<i16>) -> tensor<5x1xi1>
  %v8 = hlo.dynamic_slice %arg23[%arg24, %arg25] sizes = [1, 1] : (tensor<1x1xi1>, tensor<i64>, tensor<i64>) -> tensor<1x1xi1>
  %v9 = hlo.dynamic_slice %arg26[%arg27, %arg28] sizes = [0, 2] : (tensor<0x5xi1>, tensor<i32>, tensor<i32>) -> tensor<0x2xi1>
  %v10 = hlo.dynamic_slice %arg29[%arg30, %arg31] sizes = [7, 9] : (tensor<30x40xi1>, tensor<i32>, tensor<i32>) -> tensor<7x9xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3xi1>, tensor<2x3xi1>, tensor<6x1xi1>, tensor<0x7xi1>, tensor<1x2x3xi1>, tensor<3xi1>, tensor<4x3xi1>, tensor<5x1xi1>, tensor<1x1xi1>, tensor<0x2xi1>, tensor<7x9xi1>
}

// Random offsets in [-8, 8]: negative and too-large ones clamp.
// CHECK: @dynamic_slice_f16 result 0: ok
// CHECK: @dynamic_slice_f16 result 1: ok
// CHECK: @dynamic_slice_f16 result 2: ok
// CHECK: @dynamic_slice_f16 result 3: ok
// CHECK: @dynamic_slice_f16 result 4: ok
// CHECK: @dynamic_slice_f16 result 5: ok
// CHECK: @dynamic_slice_f16 result 6: ok
// CHECK: @dynamic_slice_f16 result 7: ok
// CHECK: @dynamic_slice_f16 result 8: ok
// CHECK: @dynamic_slice_f16 result 9: ok
// CHECK: @dynamic_slice_f16 result 10: ok
func.func @dynamic_slice_f16(%arg0: tensor<10xf16>, %arg1: tensor<i32>, %arg2: tensor<6x7xf16>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<6x7xf16>, %arg6: tensor<i64>, %arg7: tensor<i64>, %arg8: tensor<6x7xf16>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<4x5x6xf16>, %arg12: tensor<i64>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<3xf16>, %arg16: tensor<i32>, %arg17: tensor<20x3xf16>, %arg18: tensor<i8>, %arg19: tensor<i8>, %arg20: tensor<9x2xf16>, %arg21: tensor<i16>, %arg22: tensor<i16>, %arg23: tensor<1x1xf16>, %arg24: tensor<i64>, %arg25: tensor<i64>, %arg26: tensor<0x5xf16>, %arg27: tensor<i32>, %arg28: tensor<i32>, %arg29: tensor<30x40xf16>, %arg30: tensor<i32>, %arg31: tensor<i32>) -> (tensor<3xf16>, tensor<2x3xf16>, tensor<6x1xf16>, tensor<0x7xf16>, tensor<1x2x3xf16>, tensor<3xf16>, tensor<4x3xf16>, tensor<5x1xf16>, tensor<1x1xf16>, tensor<0x2xf16>, tensor<7x9xf16>) {
  %v0 = hlo.dynamic_slice %arg0[%arg1] sizes = [3] : (tensor<10xf16>, tensor<i32>) -> tensor<3xf16>
  %v1 = hlo.dynamic_slice %arg2[%arg3, %arg4] sizes = [2, 3] : (tensor<6x7xf16>, tensor<i32>, tensor<i32>) -> tensor<2x3xf16>
  %v2 = hlo.dynamic_slice %arg5[%arg6, %arg7] sizes = [6, 1] : (tensor<6x7xf16>, tensor<i64>, tensor<i64>) -> tensor<6x1xf16>
  %v3 = hlo.dynamic_slice %arg8[%arg9, %arg10] sizes = [0, 7] : (tensor<6x7xf16>, tensor<i32>, tensor<i32>) -> tensor<0x7xf16>
  %v4 = hlo.dynamic_slice %arg11[%arg12, %arg13, %arg14] sizes = [1, 2, 3] : (tensor<4x5x6xf16>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1x2x3xf16>
  %v5 = hlo.dynamic_slice %arg15[%arg16] sizes = [3] : (tensor<3xf16>, tensor<i32>) -> tensor<3xf16>
  %v6 = hlo.dynamic_slice %arg17[%arg18, %arg19] sizes = [4, 3] : (tensor<20x3xf16>, tensor<i8>, tensor<i8>) -> tensor<4x3xf16>
  %v7 = hlo.dynamic_slice %arg20[%arg21, %arg22] sizes = [5, 1] : (tensor<9x2xf16>, tensor<i16>, tensor<i16>) -> tensor<5x1xf16>
  %v8 = hlo.dynamic_slice %arg23[%arg24, %arg25] sizes = [1, 1] : (tensor<1x1xf16>, tensor<i64>, tensor<i64>) -> tensor<1x1xf16>
  %v9 = hlo.dynamic_slice %arg26[%arg27, %arg28] sizes = [0, 2] : (tensor<0x5xf16>, tensor<i32>, tensor<i32>) -> tensor<0x2xf16>
  %v10 = hlo.dynamic_slice %arg29[%arg30, %arg31] sizes = [7, 9] : (tensor<30x40xf16>, tensor<i32>, tensor<i32>) -> tensor<7x9xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3xf16>, tensor<2x3xf16>, tensor<6x1xf16>, tensor<0x7xf16>, tensor<1x2x3xf16>, tensor<3xf16>, tensor<4x3xf16>, tensor<5x1xf16>, tensor<1x1xf16>, tensor<0x2xf16>, tensor<7x9xf16>
}

// Random offsets in [-8, 8]: negative and too-large ones clamp.
// CHECK: @dynamic_slice_i64 result 0: ok
// CHECK: @dynamic_slice_i64 result 1: ok
// CHECK: @dynamic_slice_i64 result 2: ok
// CHECK: @dynamic_slice_i64 result 3: ok
// CHECK: @dynamic_slice_i64 result 4: ok
// CHECK: @dynamic_slice_i64 result 5: ok
// CHECK: @dynamic_slice_i64 result 6: ok
// CHECK: @dynamic_slice_i64 result 7: ok
// CHECK: @dynamic_slice_i64 result 8: ok
// CHECK: @dynamic_slice_i64 result 9: ok
// CHECK: @dynamic_slice_i64 result 10: ok
func.func @dynamic_slice_i64(%arg0: tensor<10xi64>, %arg1: tensor<i32>, %arg2: tensor<6x7xi64>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<6x7xi64>, %arg6: tensor<i64>, %arg7: tensor<i64>, %arg8: tensor<6x7xi64>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<4x5x6xi64>, %arg12: tensor<i64>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<3xi64>, %arg16: tensor<i32>, %arg17: tensor<20x3xi64>, %arg18: tensor<i8>, %arg19: tensor<i8>, %arg20: tensor<9x2xi64>, %arg21: tensor<i16>, %arg22: tensor<i16>, %arg23: tensor<1x1xi64>, %arg24: tensor<i64>, %arg25: tensor<i64>, %arg26: tensor<0x5xi64>, %arg27: tensor<i32>, %arg28: tensor<i32>, %arg29: tensor<30x40xi64>, %arg30: tensor<i32>, %arg31: tensor<i32>) -> (tensor<3xi64>, tensor<2x3xi64>, tensor<6x1xi64>, tensor<0x7xi64>, tensor<1x2x3xi64>, tensor<3xi64>, tensor<4x3xi64>, tensor<5x1xi64>, tensor<1x1xi64>, tensor<0x2xi64>, tensor<7x9xi64>) {
  %v0 = hlo.dynamic_slice %arg0[%arg1] sizes = [3] : (tensor<10xi64>, tensor<i32>) -> tensor<3xi64>
  %v1 = hlo.dynamic_slice %arg2[%arg3, %arg4] sizes = [2, 3] : (tensor<6x7xi64>, tensor<i32>, tensor<i32>) -> tensor<2x3xi64>
  %v2 = hlo.dynamic_slice %arg5[%arg6, %arg7] sizes = [6, 1] : (tensor<6x7xi64>, tensor<i64>, tensor<i64>) -> tensor<6x1xi64>
  %v3 = hlo.dynamic_slice %arg8[%arg9, %arg10] sizes = [0, 7] : (tensor<6x7xi64>, tensor<i32>, tensor<i32>) -> tensor<0x7xi64>
  %v4 = hlo.dynamic_slice %arg11[%arg12, %arg13, %arg14] sizes = [1, 2, 3] : (tensor<4x5x6xi64>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1x2x3xi64>
  %v5 = hlo.dynamic_slice %arg15[%arg16] sizes = [3] : (tensor<3xi64>, tensor<i32>) -> tensor<3xi64>
  %v6 = hlo.dynamic_slice %arg17[%arg18, %arg19] sizes = [4, 3] : (tensor<20x3xi64>, tensor<i8>, tensor<i8>) -> tensor<4x3xi64>
  %v7 = hlo.dynamic_slice %arg20[%arg21, %arg22] sizes = [5, 1] : (tensor<9x2xi64>, tensor<i16>, tensor<i16>) -> tensor<5x1xi64>
  %v8 = hlo.dynamic_slice %arg23[%arg24, %arg25] sizes = [1, 1] : (tensor<1x1xi64>, tensor<i64>, tensor<i64>) -> tensor<1x1xi64>
  %v9 = hlo.dynamic_slice %arg26[%arg27, %arg28] sizes = [0, 2] : (tensor<0x5xi64>, tensor<i32>, tensor<i32>) -> tensor<0x2xi64>
  %v10 = hlo.dynamic_slice %arg29[%arg30, %arg31] sizes = [7, 9] : (tensor<30x40xi64>, tensor<i32>, tensor<i32>) -> tensor<7x9xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3xi64>, tensor<2x3xi64>, tensor<6x1xi64>, tensor<0x7xi64>, tensor<1x2x3xi64>, tensor<3xi64>, tensor<4x3xi64>, tensor<5x1xi64>, tensor<1x1xi64>, tensor<0x2xi64>, tensor<7x9xi64>
}

// Random offsets in [-8, 8]: negative and too-large ones clamp.
// CHECK: @dynamic_slice_bf16 result 0: ok
// CHECK: @dynamic_slice_bf16 result 1: ok
// CHECK: @dynamic_slice_bf16 result 2: ok
// CHECK: @dynamic_slice_bf16 result 3: ok
// CHECK: @dynamic_slice_bf16 result 4: ok
// CHECK: @dynamic_slice_bf16 result 5: ok
// CHECK: @dynamic_slice_bf16 result 6: ok
// CHECK: @dynamic_slice_bf16 result 7: ok
// CHECK: @dynamic_slice_bf16 result 8: ok
// CHECK: @dynamic_slice_bf16 result 9: ok
// CHECK: @dynamic_slice_bf16 result 10: ok
func.func @dynamic_slice_bf16(%arg0: tensor<10xbf16>, %arg1: tensor<i32>, %arg2: tensor<6x7xbf16>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<6x7xbf16>, %arg6: tensor<i64>, %arg7: tensor<i64>, %arg8: tensor<6x7xbf16>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<4x5x6xbf16>, %arg12: tensor<i64>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<3xbf16>, %arg16: tensor<i32>, %arg17: tensor<20x3xbf16>, %arg18: tensor<i8>, %arg19: tensor<i8>, %arg20: tensor<9x2xbf16>, %arg21: tensor<i16>, %arg22: tensor<i16>, %arg23: tensor<1x1xbf16>, %arg24: tensor<i64>, %arg25: tensor<i64>, %arg26: tensor<0x5xbf16>, %arg27: tensor<i32>, %arg28: tensor<i32>, %arg29: tensor<30x40xbf16>, %arg30: tensor<i32>, %arg31: tensor<i32>) -> (tensor<3xbf16>, tensor<2x3xbf16>, tensor<6x1xbf16>, tensor<0x7xbf16>, tensor<1x2x3xbf16>, tensor<3xbf16>, tensor<4x3xbf16>, tensor<5x1xbf16>, tensor<1x1xbf16>, tensor<0x2xbf16>, tensor<7x9xbf16>) {
  %v0 = hlo.dynamic_slice %arg0[%arg1] sizes = [3] : (tensor<10xbf16>, tensor<i32>) -> tensor<3xbf16>
  %v1 = hlo.dynamic_slice %arg2[%arg3, %arg4] sizes = [2, 3] : (tensor<6x7xbf16>, tensor<i32>, tensor<i32>) -> tensor<2x3xbf16>
  %v2 = hlo.dynamic_slice %arg5[%arg6, %arg7] sizes = [6, 1] : (tensor<6x7xbf16>, tensor<i64>, tensor<i64>) -> tensor<6x1xbf16>
  %v3 = hlo.dynamic_slice %arg8[%arg9, %arg10] sizes = [0, 7] : (tensor<6x7xbf16>, tensor<i32>, tensor<i32>) -> tensor<0x7xbf16>
  %v4 = hlo.dynamic_slice %arg11[%arg12, %arg13, %arg14] sizes = [1, 2, 3] : (tensor<4x5x6xbf16>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1x2x3xbf16>
  %v5 = hlo.dynamic_slice %arg15[%arg16] sizes = [3] : (tensor<3xbf16>, tensor<i32>) -> tensor<3xbf16>
  %v6 = hlo.dynamic_slice %arg17[%arg18, %arg19] sizes = [4, 3] : (tensor<20x3xbf16>, tensor<i8>, tensor<i8>) -> tensor<4x3xbf16>
  %v7 = hlo.dynamic_slice %arg20[%arg21, %arg22] sizes = [5, 1] : (tensor<9x2xbf16>, tensor<i16>, tensor<i16>) -> tensor<5x1xbf16>
  %v8 = hlo.dynamic_slice %arg23[%arg24, %arg25] sizes = [1, 1] : (tensor<1x1xbf16>, tensor<i64>, tensor<i64>) -> tensor<1x1xbf16>
  %v9 = hlo.dynamic_slice %arg26[%arg27, %arg28] sizes = [0, 2] : (tensor<0x5xbf16>, tensor<i32>, tensor<i32>) -> tensor<0x2xbf16>
  %v10 = hlo.dynamic_slice %arg29[%arg30, %arg31] sizes = [7, 9] : (tensor<30x40xbf16>, tensor<i32>, tensor<i32>) -> tensor<7x9xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3xbf16>, tensor<2x3xbf16>, tensor<6x1xbf16>, tensor<0x7xbf16>, tensor<1x2x3xbf16>, tensor<3xbf16>, tensor<4x3xbf16>, tensor<5x1xbf16>, tensor<1x1xbf16>, tensor<0x2xbf16>, tensor<7x9xbf16>
}

// Random offsets in [-8, 8]: negative and too-large ones clamp.
// CHECK: @dynamic_slice_i8 result 0: ok
// CHECK: @dynamic_slice_i8 result 1: ok
// CHECK: @dynamic_slice_i8 result 2: ok
// CHECK: @dynamic_slice_i8 result 3: ok
// CHECK: @dynamic_slice_i8 result 4: ok
// CHECK: @dynamic_slice_i8 result 5: ok
// CHECK: @dynamic_slice_i8 result 6: ok
// CHECK: @dynamic_slice_i8 result 7: ok
// CHECK: @dynamic_slice_i8 result 8: ok
// CHECK: @dynamic_slice_i8 result 9: ok
// CHECK: @dynamic_slice_i8 result 10: ok
func.func @dynamic_slice_i8(%arg0: tensor<10xi8>, %arg1: tensor<i32>, %arg2: tensor<6x7xi8>, %arg3: tensor<i32>, %arg4: tensor<i32>, %arg5: tensor<6x7xi8>, %arg6: tensor<i64>, %arg7: tensor<i64>, %arg8: tensor<6x7xi8>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<4x5x6xi8>, %arg12: tensor<i64>, %arg13: tensor<i64>, %arg14: tensor<i64>, %arg15: tensor<3xi8>, %arg16: tensor<i32>, %arg17: tensor<20x3xi8>, %arg18: tensor<i8>, %arg19: tensor<i8>, %arg20: tensor<9x2xi8>, %arg21: tensor<i16>, %arg22: tensor<i16>, %arg23: tensor<1x1xi8>, %arg24: tensor<i64>, %arg25: tensor<i64>, %arg26: tensor<0x5xi8>, %arg27: tensor<i32>, %arg28: tensor<i32>, %arg29: tensor<30x40xi8>, %arg30: tensor<i32>, %arg31: tensor<i32>) -> (tensor<3xi8>, tensor<2x3xi8>, tensor<6x1xi8>, tensor<0x7xi8>, tensor<1x2x3xi8>, tensor<3xi8>, tensor<4x3xi8>, tensor<5x1xi8>, tensor<1x1xi8>, tensor<0x2xi8>, tensor<7x9xi8>) {
  %v0 = hlo.dynamic_slice %arg0[%arg1] sizes = [3] : (tensor<10xi8>, tensor<i32>) -> tensor<3xi8>
  %v1 = hlo.dynamic_slice %arg2[%arg3, %arg4] sizes = [2, 3] : (tensor<6x7xi8>, tensor<i32>, tensor<i32>) -> tensor<2x3xi8>
  %v2 = hlo.dynamic_slice %arg5[%arg6, %arg7] sizes = [6, 1] : (tensor<6x7xi8>, tensor<i64>, tensor<i64>) -> tensor<6x1xi8>
  %v3 = hlo.dynamic_slice %arg8[%arg9, %arg10] sizes = [0, 7] : (tensor<6x7xi8>, tensor<i32>, tensor<i32>) -> tensor<0x7xi8>
  %v4 = hlo.dynamic_slice %arg11[%arg12, %arg13, %arg14] sizes = [1, 2, 3] : (tensor<4x5x6xi8>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<1x2x3xi8>
  %v5 = hlo.dynamic_slice %arg15[%arg16] sizes = [3] : (tensor<3xi8>, tensor<i32>) -> tensor<3xi8>
  %v6 = hlo.dynamic_slice %arg17[%arg18, %arg19] sizes = [4, 3] : (tensor<20x3xi8>, tensor<i8>, tensor<i8>) -> tensor<4x3xi8>
  %v7 = hlo.dynamic_slice %arg20[%arg21, %arg22] sizes = [5, 1] : (tensor<9x2xi8>, tensor<i16>, tensor<i16>) -> tensor<5x1xi8>
  %v8 = hlo.dynamic_slice %arg23[%arg24, %arg25] sizes = [1, 1] : (tensor<1x1xi8>, tensor<i64>, tensor<i64>) -> tensor<1x1xi8>
  %v9 = hlo.dynamic_slice %arg26[%arg27, %arg28] sizes = [0, 2] : (tensor<0x5xi8>, tensor<i32>, tensor<i32>) -> tensor<0x2xi8>
  %v10 = hlo.dynamic_slice %arg29[%arg30, %arg31] sizes = [7, 9] : (tensor<30x40xi8>, tensor<i32>, tensor<i32>) -> tensor<7x9xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<3xi8>, tensor<2x3xi8>, tensor<6x1xi8>, tensor<0x7xi8>, tensor<1x2x3xi8>, tensor<3xi8>, tensor<4x3xi8>, tensor<5x1xi8>, tensor<1x1xi8>, tensor<0x2xi8>, tensor<7x9xi8>
}

// Offsets computed from arguments (far out of range after scaling),
// mixed with a constant offset, and one offset used twice.
// CHECK: @dynamic_slice_computed_offsets result 0: ok
// CHECK: @dynamic_slice_computed_offsets result 1: ok
// CHECK: @dynamic_slice_computed_offsets result 2: ok
// CHECK: @dynamic_slice_computed_offsets result 3: ok
func.func @dynamic_slice_computed_offsets(%arg0: tensor<8x12xf32>, %arg1: tensor<i32>, %arg2: tensor<i32>) -> (tensor<3x4xf32>, tensor<5x5xf32>, tensor<2x2xf32>, tensor<1x12xf32>) {
  %v0 = hlo.constant dense<1000> : tensor<i32>
  %v1 = hlo.multiply %arg1, %v0 : tensor<i32>
  %v2 = hlo.dynamic_slice %arg0[%v1, %arg2] sizes = [3, 4] : (tensor<8x12xf32>, tensor<i32>, tensor<i32>) -> tensor<3x4xf32>
  %v3 = hlo.constant dense<2> : tensor<i32>
  %v4 = hlo.dynamic_slice %arg0[%v3, %arg2] sizes = [5, 5] : (tensor<8x12xf32>, tensor<i32>, tensor<i32>) -> tensor<5x5xf32>
  %v5 = hlo.dynamic_slice %arg0[%arg2, %arg2] sizes = [2, 2] : (tensor<8x12xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %v6 = hlo.constant dense<-2147483648> : tensor<i32>
  %v7 = hlo.dynamic_slice %arg0[%v6, %v1] sizes = [1, 12] : (tensor<8x12xf32>, tensor<i32>, tensor<i32>) -> tensor<1x12xf32>
  return %v2, %v4, %v5, %v7 : tensor<3x4xf32>, tensor<5x5xf32>, tensor<2x2xf32>, tensor<1x12xf32>
}

// CHECK: @dynamic_update_slice_f32 result 0: ok
// CHECK: @dynamic_update_slice_f32 result 1: ok
// CHECK: @dynamic_update_slice_f32 result 2: ok
// CHECK: @dynamic_update_slice_f32 result 3: ok
// CHECK: @dynamic_update_slice_f32 result 4: ok
// CHECK: @dynamic_update_slice_f32 result 5: ok
// CHECK: @dynamic_update_slice_f32 result 6: ok
// CHECK: @dynamic_update_slice_f32 result 7: ok
// CHECK: @dynamic_update_slice_f32 result 8: ok
func.func @dynamic_update_slice_f32(%arg0: tensor<10xf32>, %arg1: tensor<3xf32>, %arg2: tensor<i32>, %arg3: tensor<6x7xf32>, %arg4: tensor<2x3xf32>, %arg5: tensor<i64>, %arg6: tensor<i64>, %arg7: tensor<6x7xf32>, %arg8: tensor<6x7xf32>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<6x7xf32>, %arg12: tensor<0x3xf32>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<4x5x6xf32>, %arg16: tensor<1x5x2xf32>, %arg17: tensor<i64>, %arg18: tensor<i64>, %arg19: tensor<i64>, %arg20: tensor<20x3xf32>, %arg21: tensor<4x1xf32>, %arg22: tensor<i8>, %arg23: tensor<i8>, %arg24: tensor<9x2xf32>, %arg25: tensor<5x2xf32>, %arg26: tensor<i16>, %arg27: tensor<i16>, %arg28: tensor<0x5xf32>, %arg29: tensor<0x2xf32>, %arg30: tensor<i32>, %arg31: tensor<i32>, %arg32: tensor<30x40xf32>, %arg33: tensor<7x9xf32>, %arg34: tensor<i32>, %arg35: tensor<i32>) -> (tensor<10xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<4x5x6xf32>, tensor<20x3xf32>, tensor<9x2xf32>, tensor<0x5xf32>, tensor<30x40xf32>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<10xf32>, tensor<3xf32>, tensor<i32>) -> tensor<10xf32>
  %v1 = hlo.dynamic_update_slice %arg3[%arg5, %arg6], %arg4 : (tensor<6x7xf32>, tensor<2x3xf32>, tensor<i64>, tensor<i64>) -> tensor<6x7xf32>
  %v2 = hlo.dynamic_update_slice %arg7[%arg9, %arg10], %arg8 : (tensor<6x7xf32>, tensor<6x7xf32>, tensor<i32>, tensor<i32>) -> tensor<6x7xf32>
  %v3 = hlo.dynamic_update_slice %arg11[%arg13, %arg14], %arg12 : (tensor<6x7xf32>, tensor<0x3xf32>, tensor<i32>, tensor<i32>) -> tensor<6x7xf32>
  %v4 = hlo.dynamic_update_slice %arg15[%arg17, %arg18, %arg19], %arg16 : (tensor<4x5x6xf32>, tensor<1x5x2xf32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x5x6xf32>
  %v5 = hlo.dynamic_update_slice %arg20[%arg22, %arg23], %arg21 : (tensor<20x3xf32>, tensor<4x1xf32>, tensor<i8>, tensor<i8>) -> tensor<20x3xf32>
  %v6 = hlo.dynamic_update_slice %arg24[%arg26, %arg27], %arg25 : (tensor<9x2xf32>, tensor<5x2xf32>, tensor<i16>, tensor<i16>) -> tensor<9x2xf32>
  %v7 = hlo.dynamic_update_slice %arg28[%arg30, %arg31], %arg29 : (tensor<0x5xf32>, tensor<0x2xf32>, tensor<i32>, tensor<i32>) -> tensor<0x5xf32>
  %v8 = hlo.dynamic_update_slice %arg32[%arg34, %arg35], %arg33 : (tensor<30x40xf32>, tensor<7x9xf32>, tensor<i32>, tensor<i32>) -> tensor<30x40xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<10xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<6x7xf32>, tensor<4x5x6xf32>, tensor<20x3xf32>, tensor<9x2xf32>, tensor<0x5xf32>, tensor<30x40xf32>
}

// CHECK: @dynamic_update_slice_i1 result 0: ok
// CHECK: @dynamic_update_slice_i1 result 1: ok
// CHECK: @dynamic_update_slice_i1 result 2: ok
// CHECK: @dynamic_update_slice_i1 result 3: ok
// CHECK: @dynamic_update_slice_i1 result 4: ok
// CHECK: @dynamic_update_slice_i1 result 5: ok
// CHECK: @dynamic_update_slice_i1 result 6: ok
// CHECK: @dynamic_update_slice_i1 result 7: ok
// CHECK: @dynamic_update_slice_i1 result 8: ok
func.func @dynamic_update_slice_i1(%arg0: tensor<10xi1>, %arg1: tensor<3xi1>, %arg2: tensor<i32>, %arg3: tensor<6x7xi1>, %arg4: tensor<2x3xi1>, %arg5: tensor<i64>, %arg6: tensor<i64>, %arg7: tensor<6x7xi1>, %arg8: tensor<6x7xi1>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<6x7xi1>, %arg12: tensor<0x3xi1>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<4x5x6xi1>, %arg16: tensor<1x5x2xi1>, %arg17: tensor<i64>, %arg18: tensor<i64>, %arg19: tensor<i64>, %arg20: tensor<20x3xi1>, %arg21: tensor<4x1xi1>, %arg22: tensor<i8>, %arg23: tensor<i8>, %arg24: tensor<9x2xi1>, %arg25: tensor<5x2xi1>, %arg26: tensor<i16>, %arg27: tensor<i16>, %arg28: tensor<0x5xi1>, %arg29: tensor<0x2xi1>, %arg30: tensor<i32>, %arg31: tensor<i32>, %arg32: tensor<30x40xi1>, %arg33: tensor<7x9xi1>, %arg34: tensor<i32>, %arg35: tensor<i32>) -> (tensor<10xi1>, tensor<6x7xi1>, tensor<6x7xi1>, tensor<6x7xi1>, tensor<4x5x6xi1>, tensor<20x3xi1>, tensor<9x2xi1>, tensor<0x5xi1>, tensor<30x40xi1>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<10xi1>, tensor<3xi1>, tensor<i32>) -> tensor<10xi1>
  %v1 = hlo.dynamic_update_slice %arg3[%arg5, %arg6], %arg4 : (tensor<6x7xi1>, tensor<2x3xi1>, tensor<i64>, tensor<i64>) -> tensor<6x7xi1>
  %v2 = hlo.dynamic_update_slice %arg7[%arg9, %arg10], %arg8 : (tensor<6x7xi1>, tensor<6x7xi1>, tensor<i32>, tensor<i32>) -> tensor<6x7xi1>
  %v3 = hlo.dynamic_update_slice %arg11[%arg13, %arg14], %arg12 : (tensor<6x7xi1>, tensor<0x3xi1>, tensor<i32>, tensor<i32>) -> tensor<6x7xi1>
  %v4 = hlo.dynamic_update_slice %arg15[%arg17, %arg18, %arg19], %arg16 : (tensor<4x5x6xi1>, tensor<1x5x2xi1>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x5x6xi1>
  %v5 = hlo.dynamic_update_slice %arg20[%arg22, %arg23], %arg21 : (tensor<20x3xi1>, tensor<4x1xi1>, tensor<i8>, tensor<i8>) -> tensor<20x3xi1>
  %v6 = hlo.dynamic_update_slice %arg24[%arg26, %arg27], %arg25 : (tensor<9x2xi1>, tensor<5x2xi1>, tensor<i16>, tensor<i16>) -> tensor<9x2xi1>
  %v7 = hlo.dynamic_update_slice %arg28[%arg30, %arg31], %arg29 : (tensor<0x5xi1>, tensor<0x2xi1>, tensor<i32>, tensor<i32>) -> tensor<0x5xi1>
  %v8 = hlo.dynamic_update_slice %arg32[%arg34, %arg35], %arg33 : (tensor<30x40xi1>, tensor<7x9xi1>, tensor<i32>, tensor<i32>) -> tensor<30x40xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<10xi1>, tensor<6x7xi1>, tensor<6x7xi1>, tensor<6x7xi1>, tensor<4x5x6xi1>, tensor<20x3xi1>, tensor<9x2xi1>, tensor<0x5xi1>, tensor<30x40xi1>
}

// CHECK: @dynamic_update_slice_f16 result 0: ok
// CHECK: @dynamic_update_slice_f16 result 1: ok
// CHECK: @dynamic_update_slice_f16 result 2: ok
// CHECK: @dynamic_update_slice_f16 result 3: ok
// CHECK: @dynamic_update_slice_f16 result 4: ok
// CHECK: @dynamic_update_slice_f16 result 5: ok
// CHECK: @dynamic_update_slice_f16 result 6: ok
// CHECK: @dynamic_update_slice_f16 result 7: ok
// CHECK: @dynamic_update_slice_f16 result 8: ok
func.func @dynamic_update_slice_f16(%arg0: tensor<10xf16>, %arg1: tensor<3xf16>, %arg2: tensor<i32>, %arg3: tensor<6x7xf16>, %arg4: tensor<2x3xf16>, %arg5: tensor<i64>, %arg6: tensor<i64>, %arg7: tensor<6x7xf16>, %arg8: tensor<6x7xf16>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<6x7xf16>, %arg12: tensor<0x3xf16>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<4x5x6xf16>, %arg16: tensor<1x5x2xf16>, %arg17: tensor<i64>, %arg18: tensor<i64>, %arg19: tensor<i64>, %arg20: tensor<20x3xf16>, %arg21: tensor<4x1xf16>, %arg22: tensor<i8>, %arg23: tensor<i8>, %arg24: tensor<9x2xf16>, %arg25: tensor<5x2xf16>, %arg26: tensor<i16>, %arg27: tensor<i16>, %arg28: tensor<0x5xf16>, %arg29: tensor<0x2xf16>, %arg30: tensor<i32>, %arg31: tensor<i32>, %arg32: tensor<30x40xf16>, %arg33: tensor<7x9xf16>, %arg34: tensor<i32>, %arg35: tensor<i32>) -> (tensor<10xf16>, tensor<6x7xf16>, tensor<6x7xf16>, tensor<6x7xf16>, tensor<4x5x6xf16>, tensor<20x3xf16>, tensor<9x2xf16>, tensor<0x5xf16>, tensor<30x40xf16>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<10xf16>, tensor<3xf16>, tensor<i32>) -> tensor<10xf16>
  %v1 = hlo.dynamic_update_slice %arg3[%arg5, %arg6], %arg4 : (tensor<6x7xf16>, tensor<2x3xf16>, tensor<i64>, tensor<i64>) -> tensor<6x7xf16>
  %v2 = hlo.dynamic_update_slice %arg7[%arg9, %arg10], %arg8 : (tensor<6x7xf16>, tensor<6x7xf16>, tensor<i32>, tensor<i32>) -> tensor<6x7xf16>
  %v3 = hlo.dynamic_update_slice %arg11[%arg13, %arg14], %arg12 : (tensor<6x7xf16>, tensor<0x3xf16>, tensor<i32>, tensor<i32>) -> tensor<6x7xf16>
  %v4 = hlo.dynamic_update_slice %arg15[%arg17, %arg18, %arg19], %arg16 : (tensor<4x5x6xf16>, tensor<1x5x2xf16>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x5x6xf16>
  %v5 = hlo.dynamic_update_slice %arg20[%arg22, %arg23], %arg21 : (tensor<20x3xf16>, tensor<4x1xf16>, tensor<i8>, tensor<i8>) -> tensor<20x3xf16>
  %v6 = hlo.dynamic_update_slice %arg24[%arg26, %arg27], %arg25 : (tensor<9x2xf16>, tensor<5x2xf16>, tensor<i16>, tensor<i16>) -> tensor<9x2xf16>
  %v7 = hlo.dynamic_update_slice %arg28[%arg30, %arg31], %arg29 : (tensor<0x5xf16>, tensor<0x2xf16>, tensor<i32>, tensor<i32>) -> tensor<0x5xf16>
  %v8 = hlo.dynamic_update_slice %arg32[%arg34, %arg35], %arg33 : (tensor<30x40xf16>, tensor<7x9xf16>, tensor<i32>, tensor<i32>) -> tensor<30x40xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<10xf16>, tensor<6x7xf16>, tensor<6x7xf16>, tensor<6x7xf16>, tensor<4x5x6xf16>, tensor<20x3xf16>, tensor<9x2xf16>, tensor<0x5xf16>, tensor<30x40xf16>
}

// CHECK: @dynamic_update_slice_i32 result 0: ok
// CHECK: @dynamic_update_slice_i32 result 1: ok
// CHECK: @dynamic_update_slice_i32 result 2: ok
// CHECK: @dynamic_update_slice_i32 result 3: ok
// CHECK: @dynamic_update_slice_i32 result 4: ok
// CHECK: @dynamic_update_slice_i32 result 5: ok
// CHECK: @dynamic_update_slice_i32 result 6: ok
// CHECK: @dynamic_update_slice_i32 result 7: ok
// CHECK: @dynamic_update_slice_i32 result 8: ok
func.func @dynamic_update_slice_i32(%arg0: tensor<10xi32>, %arg1: tensor<3xi32>, %arg2: tensor<i32>, %arg3: tensor<6x7xi32>, %arg4: tensor<2x3xi32>, %arg5: tensor<i64>, %arg6: tensor<i64>, %arg7: tensor<6x7xi32>, %arg8: tensor<6x7xi32>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<6x7xi32>, %arg12: tensor<0x3xi32>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<4x5x6xi32>, %arg16: tensor<1x5x2xi32>, %arg17: tensor<i64>, %arg18: tensor<i64>, %arg19: tensor<i64>, %arg20: tensor<20x3xi32>, %arg21: tensor<4x1xi32>, %arg22: tensor<i8>, %arg23: tensor<i8>, %arg24: tensor<9x2xi32>, %arg25: tensor<5x2xi32>, %arg26: tensor<i16>, %arg27: tensor<i16>, %arg28: tensor<0x5xi32>, %arg29: tensor<0x2xi32>, %arg30: tensor<i32>, %arg31: tensor<i32>, %arg32: tensor<30x40xi32>, %arg33: tensor<7x9xi32>, %arg34: tensor<i32>, %arg35: tensor<i32>) -> (tensor<10xi32>, tensor<6x7xi32>, tensor<6x7xi32>, tensor<6x7xi32>, tensor<4x5x6xi32>, tensor<20x3xi32>, tensor<9x2xi32>, tensor<0x5xi32>, tensor<30x40xi32>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<10xi32>, tensor<3xi32>, tensor<i32>) -> tensor<10xi32>
  %v1 = hlo.dynamic_update_slice %arg3[%arg5, %arg6], %arg4 : (tensor<6x7xi32>, tensor<2x3xi32>, tensor<i64>, tensor<i64>) -> tensor<6x7xi32>
  %v2 = hlo.dynamic_update_slice %arg7[%arg9, %arg10], %arg8 : (tensor<6x7xi32>, tensor<6x7xi32>, tensor<i32>, tensor<i32>) -> tensor<6x7xi32>
  %v3 = hlo.dynamic_update_slice %arg11[%arg13, %arg14], %arg12 : (tensor<6x7xi32>, tensor<0x3xi32>, tensor<i32>, tensor<i32>) -> tensor<6x7xi32>
  %v4 = hlo.dynamic_update_slice %arg15[%arg17, %arg18, %arg19], %arg16 : (tensor<4x5x6xi32>, tensor<1x5x2xi32>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x5x6xi32>
  %v5 = hlo.dynamic_update_slice %arg20[%arg22, %arg23], %arg21 : (tensor<20x3xi32>, tensor<4x1xi32>, tensor<i8>, tensor<i8>) -> tensor<20x3xi32>
  %v6 = hlo.dynamic_update_slice %arg24[%arg26, %arg27], %arg25 : (tensor<9x2xi32>, tensor<5x2xi32>, tensor<i16>, tensor<i16>) -> tensor<9x2xi32>
  %v7 = hlo.dynamic_update_slice %arg28[%arg30, %arg31], %arg29 : (tensor<0x5xi32>, tensor<0x2xi32>, tensor<i32>, tensor<i32>) -> tensor<0x5xi32>
  %v8 = hlo.dynamic_update_slice %arg32[%arg34, %arg35], %arg33 : (tensor<30x40xi32>, tensor<7x9xi32>, tensor<i32>, tensor<i32>) -> tensor<30x40xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<10xi32>, tensor<6x7xi32>, tensor<6x7xi32>, tensor<6x7xi32>, tensor<4x5x6xi32>, tensor<20x3xi32>, tensor<9x2xi32>, tensor<0x5xi32>, tensor<30x40xi32>
}

// CHECK: @dynamic_update_slice_f64 result 0: ok
// CHECK: @dynamic_update_slice_f64 result 1: ok
// CHECK: @dynamic_update_slice_f64 result 2: ok
// CHECK: @dynamic_update_slice_f64 result 3: ok
// CHECK: @dynamic_update_slice_f64 result 4: ok
// CHECK: @dynamic_update_slice_f64 result 5: ok
// CHECK: @dynamic_update_slice_f64 result 6: ok
// CHECK: @dynamic_update_slice_f64 result 7: ok
// CHECK: @dynamic_update_slice_f64 result 8: ok
func.func @dynamic_update_slice_f64(%arg0: tensor<10xf64>, %arg1: tensor<3xf64>, %arg2: tensor<i32>, %arg3: tensor<6x7xf64>, %arg4: tensor<2x3xf64>, %arg5: tensor<i64>, %arg6: tensor<i64>, %arg7: tensor<6x7xf64>, %arg8: tensor<6x7xf64>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<6x7xf64>, %arg12: tensor<0x3xf64>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<4x5x6xf64>, %arg16: tensor<1x5x2xf64>, %arg17: tensor<i64>, %arg18: tensor<i64>, %arg19: tensor<i64>, %arg20: tensor<20x3xf64>, %arg21: tensor<4x1xf64>, %arg22: tensor<i8>, %arg23: tensor<i8>, %arg24: tensor<9x2xf64>, %arg25: tensor<5x2xf64>, %arg26: tensor<i16>, %arg27: tensor<i16>, %arg28: tensor<0x5xf64>, %arg29: tensor<0x2xf64>, %arg30: tensor<i32>, %arg31: tensor<i32>, %arg32: tensor<30x40xf64>, %arg33: tensor<7x9xf64>, %arg34: tensor<i32>, %arg35: tensor<i32>) -> (tensor<10xf64>, tensor<6x7xf64>, tensor<6x7xf64>, tensor<6x7xf64>, tensor<4x5x6xf64>, tensor<20x3xf64>, tensor<9x2xf64>, tensor<0x5xf64>, tensor<30x40xf64>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<10xf64>, tensor<3xf64>, tensor<i32>) -> tensor<10xf64>
  %v1 = hlo.dynamic_update_slice %arg3[%arg5, %arg6], %arg4 : (tensor<6x7xf64>, tensor<2x3xf64>, tensor<i64>, tensor<i64>) -> tensor<6x7xf64>
  %v2 = hlo.dynamic_update_slice %arg7[%arg9, %arg10], %arg8 : (tensor<6x7xf64>, tensor<6x7xf64>, tensor<i32>, tensor<i32>) -> tensor<6x7xf64>
  %v3 = hlo.dynamic_update_slice %arg11[%arg13, %arg14], %arg12 : (tensor<6x7xf64>, tensor<0x3xf64>, tensor<i32>, tensor<i32>) -> tensor<6x7xf64>
  %v4 = hlo.dynamic_update_slice %arg15[%arg17, %arg18, %arg19], %arg16 : (tensor<4x5x6xf64>, tensor<1x5x2xf64>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x5x6xf64>
  %v5 = hlo.dynamic_update_slice %arg20[%arg22, %arg23], %arg21 : (tensor<20x3xf64>, tensor<4x1xf64>, tensor<i8>, tensor<i8>) -> tensor<20x3xf64>
  %v6 = hlo.dynamic_update_slice %arg24[%arg26, %arg27], %arg25 : (tensor<9x2xf64>, tensor<5x2xf64>, tensor<i16>, tensor<i16>) -> tensor<9x2xf64>
  %v7 = hlo.dynamic_update_slice %arg28[%arg30, %arg31], %arg29 : (tensor<0x5xf64>, tensor<0x2xf64>, tensor<i32>, tensor<i32>) -> tensor<0x5xf64>
  %v8 = hlo.dynamic_update_slice %arg32[%arg34, %arg35], %arg33 : (tensor<30x40xf64>, tensor<7x9xf64>, tensor<i32>, tensor<i32>) -> tensor<30x40xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<10xf64>, tensor<6x7xf64>, tensor<6x7xf64>, tensor<6x7xf64>, tensor<4x5x6xf64>, tensor<20x3xf64>, tensor<9x2xf64>, tensor<0x5xf64>, tensor<30x40xf64>
}

// CHECK: @dynamic_update_slice_i8 result 0: ok
// CHECK: @dynamic_update_slice_i8 result 1: ok
// CHECK: @dynamic_update_slice_i8 result 2: ok
// CHECK: @dynamic_update_slice_i8 result 3: ok
// CHECK: @dynamic_update_slice_i8 result 4: ok
// CHECK: @dynamic_update_slice_i8 result 5: ok
// CHECK: @dynamic_update_slice_i8 result 6: ok
// CHECK: @dynamic_update_slice_i8 result 7: ok
// CHECK: @dynamic_update_slice_i8 result 8: ok
func.func @dynamic_update_slice_i8(%arg0: tensor<10xi8>, %arg1: tensor<3xi8>, %arg2: tensor<i32>, %arg3: tensor<6x7xi8>, %arg4: tensor<2x3xi8>, %arg5: tensor<i64>, %arg6: tensor<i64>, %arg7: tensor<6x7xi8>, %arg8: tensor<6x7xi8>, %arg9: tensor<i32>, %arg10: tensor<i32>, %arg11: tensor<6x7xi8>, %arg12: tensor<0x3xi8>, %arg13: tensor<i32>, %arg14: tensor<i32>, %arg15: tensor<4x5x6xi8>, %arg16: tensor<1x5x2xi8>, %arg17: tensor<i64>, %arg18: tensor<i64>, %arg19: tensor<i64>, %arg20: tensor<20x3xi8>, %arg21: tensor<4x1xi8>, %arg22: tensor<i8>, %arg23: tensor<i8>, %arg24: tensor<9x2xi8>, %arg25: tensor<5x2xi8>, %arg26: tensor<i16>, %arg27: tensor<i16>, %arg28: tensor<0x5xi8>, %arg29: tensor<0x2xi8>, %arg30: tensor<i32>, %arg31: tensor<i32>, %arg32: tensor<30x40xi8>, %arg33: tensor<7x9xi8>, %arg34: tensor<i32>, %arg35: tensor<i32>) -> (tensor<10xi8>, tensor<6x7xi8>, tensor<6x7xi8>, tensor<6x7xi8>, tensor<4x5x6xi8>, tensor<20x3xi8>, tensor<9x2xi8>, tensor<0x5xi8>, tensor<30x40xi8>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2], %arg1 : (tensor<10xi8>, tensor<3xi8>, tensor<i32>) -> tensor<10xi8>
  %v1 = hlo.dynamic_update_slice %arg3[%arg5, %arg6], %arg4 : (tensor<6x7xi8>, tensor<2x3xi8>, tensor<i64>, tensor<i64>) -> tensor<6x7xi8>
  %v2 = hlo.dynamic_update_slice %arg7[%arg9, %arg10], %arg8 : (tensor<6x7xi8>, tensor<6x7xi8>, tensor<i32>, tensor<i32>) -> tensor<6x7xi8>
  %v3 = hlo.dynamic_update_slice %arg11[%arg13, %arg14], %arg12 : (tensor<6x7xi8>, tensor<0x3xi8>, tensor<i32>, tensor<i32>) -> tensor<6x7xi8>
  %v4 = hlo.dynamic_update_slice %arg15[%arg17, %arg18, %arg19], %arg16 : (tensor<4x5x6xi8>, tensor<1x5x2xi8>, tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<4x5x6xi8>
  %v5 = hlo.dynamic_update_slice %arg20[%arg22, %arg23], %arg21 : (tensor<20x3xi8>, tensor<4x1xi8>, tensor<i8>, tensor<i8>) -> tensor<20x3xi8>
  %v6 = hlo.dynamic_update_slice %arg24[%arg26, %arg27], %arg25 : (tensor<9x2xi8>, tensor<5x2xi8>, tensor<i16>, tensor<i16>) -> tensor<9x2xi8>
  %v7 = hlo.dynamic_update_slice %arg28[%arg30, %arg31], %arg29 : (tensor<0x5xi8>, tensor<0x2xi8>, tensor<i32>, tensor<i32>) -> tensor<0x5xi8>
  %v8 = hlo.dynamic_update_slice %arg32[%arg34, %arg35], %arg33 : (tensor<30x40xi8>, tensor<7x9xi8>, tensor<i32>, tensor<i32>) -> tensor<30x40xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8 : tensor<10xi8>, tensor<6x7xi8>, tensor<6x7xi8>, tensor<6x7xi8>, tensor<4x5x6xi8>, tensor<20x3xi8>, tensor<9x2xi8>, tensor<0x5xi8>, tensor<30x40xi8>
}

// Two updates of one operand, the operand itself and a slice of the
// first update are all results: the updates may not be done in place
// on a shared buffer.
// CHECK: @dynamic_update_slice_aliasing result 0: ok
// CHECK: @dynamic_update_slice_aliasing result 1: ok
// CHECK: @dynamic_update_slice_aliasing result 2: ok
// CHECK: @dynamic_update_slice_aliasing result 3: ok
func.func @dynamic_update_slice_aliasing(%arg0: tensor<5x6xf32>, %arg1: tensor<2x2xf32>, %arg2: tensor<i32>, %arg3: tensor<i32>) -> (tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>) {
  %v0 = hlo.dynamic_update_slice %arg0[%arg2, %arg3], %arg1 : (tensor<5x6xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  %v1 = hlo.negate %arg1 : tensor<2x2xf32>
  %v2 = hlo.dynamic_update_slice %arg0[%arg3, %arg2], %v1 : (tensor<5x6xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  %v3 = hlo.dynamic_slice %v0[%arg3, %arg2] sizes = [3, 3] : (tensor<5x6xf32>, tensor<i32>, tensor<i32>) -> tensor<3x3xf32>
  %v4 = hlo.dynamic_update_slice %v0[%arg2, %arg2], %v3 : (tensor<5x6xf32>, tensor<3x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x6xf32>
  return %v0, %v2, %arg0, %v4 : tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>, tensor<5x6xf32>
}

// The update is computed from the operand it is written into.
// CHECK: @dynamic_update_slice_of_self result 0: ok
func.func @dynamic_update_slice_of_self(%arg0: tensor<8x8xi32>, %arg1: tensor<i64>, %arg2: tensor<i64>) -> tensor<8x8xi32> {
  %v0 = hlo.slice %arg0, starts = [0, 0], limits = [4, 8], strides = [1, 1] : (tensor<8x8xi32>) -> tensor<4x8xi32>
  %v1 = hlo.add %v0, %v0 : tensor<4x8xi32>
  %v2 = hlo.dynamic_update_slice %arg0[%arg1, %arg2], %v1 : (tensor<8x8xi32>, tensor<4x8xi32>, tensor<i64>, tensor<i64>) -> tensor<8x8xi32>
  return %v2 : tensor<8x8xi32>
}
