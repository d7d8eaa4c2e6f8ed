// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// broadcast_in_dim (rank 0, size-1 expansion, permuting and non-increasing
// dims, zero-size), reshape (to and from rank 0, zero-size, of a transposed
// value) and transpose (every permutation of a 3-D tensor, rank 0 and 4)
// on several element types.

// CHECK: @broadcast_in_dim_f32 result 0: ok
// CHECK: @broadcast_in_dim_f32 result 1: ok
// CHECK: @broadcast_in_dim_f32 result 2: ok
// CHECK: @broadcast_in_dim_f32 result 3: ok
// CHECK: @broadcast_in_dim_f32 result 4: ok
// CHECK: @broadcast_in_dim_f32 result 5: ok
// CHECK: @broadcast_in_dim_f32 result 6: ok
// CHECK: @broadcast_in_dim_f32 result 7: ok
// CHECK: @broadcast_in_dim_f32 result 8: ok
// CHECK: @broadcast_in_dim_f32 result 9: ok
// CHECK: @broadcast_in_dim_f32 result 10: ok
// CHECK: @broadcast_in_dim_f32 result 11: ok
// CHECK: @broadcast_in_dim_f32 result 12: ok
// CHECK: @broadcast_in_dim_f32 result 13: ok
// CHECK: @broadcast_in_dim_f32 result 14: ok
// CHECK: @broadcast_in_dim_f32 result 15: ok
// CHECK: @broadcast_in_dim_f32 result 16: ok
func.func @broadcast_in_dim_f32(%arg0: tensor<f32>, %arg1: tensor<f32>, %arg2: tensor<f32>, %arg3: tensor<7xf32>, %arg4: tensor<7xf32>, %arg5: tensor<1xf32>, %arg6: tensor<1xf32>, %arg7: tensor<1x3xf32>, %arg8: tensor<3x1xf32>, %arg9: tensor<2x3xf32>, %arg10: tensor<2x3xf32>, %arg11: tensor<0xf32>, %arg12: tensor<4xf32>, %arg13: tensor<2x1x3xf32>, %arg14: tensor<2x1x3xf32>, %arg15: tensor<1x1xf32>, %arg16: tensor<33xf32>) -> (tensor<3x4xf32>, tensor<f32>, tensor<0x3xf32>, tensor<7x5xf32>, tensor<5x7xf32>, tensor<6xf32>, tensor<3x6xf32>, tensor<2x4x3xf32>, tensor<3x5xf32>, tensor<3x2xf32>, tensor<3x4x2xf32>, tensor<2x0xf32>, tensor<4xf32>, tensor<2x4x3x5xf32>, tensor<4x3x5x2xf32>, tensor<1x4x1xf32>, tensor<17x33xf32>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<f32>) -> tensor<3x4xf32>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<f32>) -> tensor<f32>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<f32>) -> tensor<0x3xf32>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xf32>) -> tensor<7x5xf32>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xf32>) -> tensor<5x7xf32>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xf32>) -> tensor<6xf32>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xf32>) -> tensor<3x6xf32>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xf32>) -> tensor<2x4x3xf32>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xf32>) -> tensor<3x5xf32>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x4x2xf32>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xf32>) -> tensor<2x0xf32>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xf32>) -> tensor<4xf32>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xf32>) -> tensor<2x4x3x5xf32>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xf32>) -> tensor<4x3x5x2xf32>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xf32>) -> tensor<1x4x1xf32>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xf32>) -> tensor<17x33xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xf32>, tensor<f32>, tensor<0x3xf32>, tensor<7x5xf32>, tensor<5x7xf32>, tensor<6xf32>, tensor<3x6xf32>, tensor<2x4x3xf32>, tensor<3x5xf32>, tensor<3x2xf32>, tensor<3x4x2xf32>, tensor<2x0xf32>, tensor<4xf32>, tensor<2x4x3x5xf32>, tensor<4x3x5x2xf32>, tensor<1x4x1xf32>, tensor<17x33xf32>
}

// CHECK: @broadcast_in_dim_i32 result 0: ok
// CHECK: @broadcast_in_dim_i32 result 1: ok
// CHECK: @broadcast_in_dim_i32 result 2: ok
// CHECK: @broadcast_in_dim_i32 result 3: ok
// CHECK: @broadcast_in_dim_i32 result 4: ok
// CHECK: @broadcast_in_dim_i32 result 5: ok
// CHECK: @broadcast_in_dim_i32 result 6: ok
// CHECK: @broadcast_in_dim_i32 result 7: ok
// CHECK: @broadcast_in_dim_i32 result 8: ok
// CHECK: @broadcast_in_dim_i32 result 9: ok
// CHECK: @broadcast_in_dim_i32 result 10: ok
// CHECK: @broadcast_in_dim_i32 result 11: ok
// CHECK: @broadcast_in_dim_i32 result 12: ok
// CHECK: @broadcast_in_dim_i32 result 13: ok
// CHECK: @broadcast_in_dim_i32 result 14: ok
// CHECK: @broadcast_in_dim_i32 result 15: ok
// CHECK: @broadcast_in_dim_i32 result 16: ok
func.func @broadcast_in_dim_i32(%arg0: tensor<i32>, %arg1: tensor<i32>, %arg2: tensor<i32>, %arg3: tensor<7xi32>, %arg4: tensor<7xi32>, %arg5: tensor<1xi32>, %arg6: tensor<1xi32>, %arg7: tensor<1x3xi32>, %arg8: tensor<3x1xi32>, %arg9: tensor<2x3xi32>, %arg10: tensor<2x3xi32>, %arg11: tensor<0xi32>, %arg12: tensor<4xi32>, %arg13: tensor<2x1x3xi32>, %arg14: tensor<2x1x3xi32>, %arg15: tensor<1x1xi32>, %arg16: tensor<33xi32>) -> (tensor<3x4xi32>, tensor<i32>, tensor<0x3xi32>, tensor<7x5xi32>, tensor<5x7xi32>, tensor<6xi32>, tensor<3x6xi32>, tensor<2x4x3xi32>, tensor<3x5xi32>, tensor<3x2xi32>, tensor<3x4x2xi32>, tensor<2x0xi32>, tensor<4xi32>, tensor<2x4x3x5xi32>, tensor<4x3x5x2xi32>, tensor<1x4x1xi32>, tensor<17x33xi32>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<i32>) -> tensor<3x4xi32>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<i32>) -> tensor<i32>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<i32>) -> tensor<0x3xi32>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xi32>) -> tensor<7x5xi32>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xi32>) -> tensor<5x7xi32>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xi32>) -> tensor<6xi32>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xi32>) -> tensor<3x6xi32>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xi32>) -> tensor<2x4x3xi32>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xi32>) -> tensor<3x5xi32>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xi32>) -> tensor<3x4x2xi32>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xi32>) -> tensor<2x0xi32>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xi32>) -> tensor<4xi32>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xi32>) -> tensor<2x4x3x5xi32>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xi32>) -> tensor<4x3x5x2xi32>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xi32>) -> tensor<1x4x1xi32>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xi32>) -> tensor<17x33xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xi32>, tensor<i32>, tensor<0x3xi32>, tensor<7x5xi32>, tensor<5x7xi32>, tensor<6xi32>, tensor<3x6xi32>, tensor<2x4x3xi32>, tensor<3x5xi32>, tensor<3x2xi32>, tensor<3x4x2xi32>, tensor<2x0xi32>, tensor<4xi32>, tensor<2x4x3x5xi32>, tensor<4x3x5x2xi32>, tensor<1x4x1xi32>, tensor<17x33xi32>
}

// CHECK: @broadcast_in_dim_i1 result 0: ok
// CHECK: @broadcast_in_dim_i1 result 1: ok
// CHECK: @broadcast_in_dim_i1 result 2: ok
// CHECK: @broadcast_in_dim_i1 result 3: ok
// CHECK: @broadcast_in_dim_i1 result 4: ok
// CHECK: @broadcast_in_dim_i1 result 5: ok
// CHECK: @broadcast_in_dim_i1 result 6: ok
// CHECK: @broadcast_in_dim_i1 result 7: ok
// CHECK: @broadcast_in_dim_i1 result 8: ok
// CHECK: @broadcast_in_dim_i1 result 9: ok
// CHECK: @broadcast_in_dim_i1 result 10: ok
// CHECK: @broadcast_in_dim_i1 result 11: ok
// CHECK: @broadcast_in_dim_i1 result 12: ok
// CHECK: @broadcast_in_dim_i1 result 13: ok
// CHECK: @broadcast_in_dim_i1 result 14: ok
// CHECK: @broadcast_in_dim_i1 result 15: ok
// CHECK: @broadcast_in_dim_i1 result 16: ok
func.func @broadcast_in_dim_i1(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<i1>, %arg3: tensor<7xi1>, %arg4: tensor<7xi1>, %arg5: tensor<1xi1>, %arg6: tensor<1xi1>, %arg7: tensor<1x3xi1>, %arg8: tensor<3x1xi1>, %arg9: tensor<2x3xi1>, %arg10: tensor<2x3xi1>, %arg11: tensor<0xi1>, %arg12: tensor<4xi1>, %arg13: tensor<2x1x3xi1>, %arg14: tensor<2x1x3xi1>, %arg15: tensor<1x1xi1>, %arg16: tensor<33xi1>) -> (tensor<3x4xi1>, tensor<i1>, tensor<0x3xi1>, tensor<7x5xi1>, tensor<5x7xi1>, tensor<6xi1>, tensor<3x6xi1>, tensor<2x4x3xi1>, tensor<3x5xi1>, tensor<3x2xi1>, tensor<3x4x2xi1>, tensor<2x0xi1>, tensor<4xi1>, tensor<2x4x3x5xi1>, tensor<4x3x5x2xi1>, tensor<1x4x1xi1>, tensor<17x33xi1>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<i1>) -> tensor<3x4xi1>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<i1>) -> tensor<i1>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<i1>) -> tensor<0x3xi1>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xi1>) -> tensor<7x5xi1>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xi1>) -> tensor<5x7xi1>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xi1>) -> tensor<6xi1>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xi1>) -> tensor<3x6xi1>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xi1>) -> tensor<2x4x3xi1>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xi1>) -> tensor<3x5xi1>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xi1>) -> tensor<3x2xi1>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xi1>) -> tensor<3x4x2xi1>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xi1>) -> tensor<2x0xi1>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xi1>) -> tensor<4xi1>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xi1>) -> tensor<2x4x3x5xi1>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xi1>) -> tensor<4x3x5x2xi1>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xi1>) -> tensor<1x4x1xi1>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xi1>) -> tensor<17x33xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xi1>, tensor<i1>, tensor<0x3xi1>, tensor<7x5xi1>, tensor<5x7xi1>, tensor<6xi1>, tensor<3x6xi1>, tensor<2x4x3xi1>, tensor<3x5xi1>, tensor<3x2xi1>, tensor<3x4x2xi1>, tensor<2x0xi1>, tensor<4xi1>, tensor<2x4x3x5xi1>, tensor<4x3x5x2xi1>, tensor<1x4x1xi1>, tensor<17x33xi1>
}

// CHECK: @broadcast_in_dim_f16 result 0: ok
// CHECK: @broadcast_in_dim_f16 result 1: ok
// CHECK: @broadcast_in_dim_f16 result 2: ok
// CHECK: @broadcast_in_dim_f16 result 3: ok
// CHECK: @broadcast_in_dim_f16 result 4: ok
// CHECK: @broadcast_in_dim_f16 result 5: ok
// CHECK: @broadcast_in_dim_f16 result 6: ok
// CHECK: @broadcast_in_dim_f16 result 7: ok
// CHECK: @broadcast_in_dim_f16 result 8: ok
// CHECK: @broadcast_in_dim_f16 result 9: ok
// CHECK: @broadcast_in_dim_f16 result 10: ok
// CHECK: @broadcast_in_dim_f16 result 11: ok
// CHECK: @broadcast_in_dim_f16 result 12: ok
// CHECK: @broadcast_in_dim_f16 result 13: ok
// CHECK: @broadcast_in_dim_f16 result 14: ok
// CHECK: @broadcast_in_dim_f16 result 15: ok
// CHECK: @broadcast_in_dim_f16 result 16: ok
func.func @broadcast_in_dim_f16(%arg0: tensor<f16>, %arg1: tensor<f16>, %arg2: tensor<f16>, %arg3: tensor<7xf16>, %arg4: tensor<7xf16>, %arg5: tensor<1xf16>, %arg6: tensor<1xf16>, %arg7: tensor<1x3xf16>, %arg8: tensor<3x1xf16>, %arg9: tensor<2x3xf16>, %arg10: tensor<2x3xf16>, %arg11: tensor<0xf16>, %arg12: tensor<4xf16>, %arg13: tensor<2x1x3xf16>, %arg14: tensor<2x1x3xf16>, %arg15: tensor<1x1xf16>, %arg16: tensor<33xf16>) -> (tensor<3x4xf16>, tensor<f16>, tensor<0x3xf16>, tensor<7x5xf16>, tensor<5x7xf16>, tensor<6xf16>, tensor<3x6xf16>, tensor<2x4x3xf16>, tensor<3x5xf16>, tensor<3x2xf16>, tensor<3x4x2xf16>, tensor<2x0xf16>, tensor<4xf16>, tensor<2x4x3x5xf16>, tensor<4x3x5x2xf16>, tensor<1x4x1xf16>, tensor<17x33xf16>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<f16>) -> tensor<3x4xf16>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<f16>) -> tensor<f16>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<f16>) -> tensor<0x3xf16>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xf16>) -> tensor<7x5xf16>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xf16>) -> tensor<5x7xf16>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xf16>) -> tensor<6xf16>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xf16>) -> tensor<3x6xf16>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xf16>) -> tensor<2x4x3xf16>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xf16>) -> tensor<3x5xf16>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xf16>) -> tensor<3x2xf16>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xf16>) -> tensor<3x4x2xf16>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xf16>) -> tensor<2x0xf16>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xf16>) -> tensor<4xf16>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xf16>) -> tensor<2x4x3x5xf16>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xf16>) -> tensor<4x3x5x2xf16>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xf16>) -> tensor<1x4x1xf16>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xf16>) -> tensor<17x33xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xf16>, tensor<f16>, tensor<0x3xf16>, tensor<7x5xf16>, tensor<5x7xf16>, tensor<6xf16>, tensor<3x6xf16>, tensor<2x4x3xf16>, tensor<3x5xf16>, tensor<3x2xf16>, tensor<3x4x2xf16>, tensor<2x0xf16>, tensor<4xf16>, tensor<2x4x3x5xf16>, tensor<4x3x5x2xf16>, tensor<1x4x1xf16>, tensor<17x33xf16>
}

// CHECK: @broadcast_in_dim_i8 result 0: ok
// CHECK: @broadcast_in_dim_i8 result 1: ok
// CHECK: @broadcast_in_dim_i8 result 2: ok
// CHECK: @broadcast_in_dim_i8 result 3: ok
// CHECK: @broadcast_in_dim_i8 result 4: ok
// CHECK: @broadcast_in_dim_i8 result 5: ok
// CHECK: @broadcast_in_dim_i8 result 6: ok
// CHECK: @broadcast_in_dim_i8 result 7: ok
// CHECK: @broadcast_in_dim_i8 result 8: ok
// CHECK: @broadcast_in_dim_i8 result 9: ok
// CHECK: @broadcast_in_dim_i8 result 10: ok
// CHECK: @broadcast_in_dim_i8 result 11: ok
// CHECK: @broadcast_in_dim_i8 result 12: ok
// CHECK: @broadcast_in_dim_i8 result 13: ok
// CHECK: @broadcast_in_dim_i8 result 14: ok
// CHECK: @broadcast_in_dim_i8 result 15: ok
// CHECK: @broadcast_in_dim_i8 result 16: ok
func.func @broadcast_in_dim_i8(%arg0: tensor<i8>, %arg1: tensor<i8>, %arg2: tensor<i8>, %arg3: tensor<7xi8>, %arg4: tensor<7xi8>, %arg5: tensor<1xi8>, %arg6: tensor<1xi8>, %arg7: tensor<1x3xi8>, %arg8: tensor<3x1xi8>, %arg9: tensor<2x3xi8>, %arg10: tensor<2x3xi8>, %arg11: tensor<0xi8>, %arg12: tensor<4xi8>, %arg13: tensor<2x1x3xi8>, %arg14: tensor<2x1x3xi8>, %arg15: tensor<1x1xi8>, %arg16: tensor<33xi8>) -> (tensor<3x4xi8>, tensor<i8>, tensor<0x3xi8>, tensor<7x5xi8>, tensor<5x7xi8>, tensor<6xi8>, tensor<3x6xi8>, tensor<2x4x3xi8>, tensor<3x5xi8>, tensor<3x2xi8>, tensor<3x4x2xi8>, tensor<2x0xi8>, tensor<4xi8>, tensor<2x4x3x5xi8>, tensor<4x3x5x2xi8>, tensor<1x4x1xi8>, tensor<17x33xi8>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<i8>) -> tensor<3x4xi8>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<i8>) -> tensor<i8>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<i8>) -> tensor<0x3xi8>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xi8>) -> tensor<7x5xi8>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xi8>) -> tensor<5x7xi8>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xi8>) -> tensor<6xi8>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xi8>) -> tensor<3x6xi8>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xi8>) -> tensor<2x4x3xi8>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xi8>) -> tensor<3x5xi8>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xi8>) -> tensor<3x4x2xi8>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xi8>) -> tensor<2x0xi8>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xi8>) -> tensor<4xi8>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xi8>) -> tensor<2x4x3x5xi8>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xi8>) -> tensor<4x3x5x2xi8>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xi8>) -> tensor<1x4x1xi8>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xi8>) -> tensor<17x33xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xi8>, tensor<i8>, tensor<0x3xi8>, tensor<7x5xi8>, tensor<5x7xi8>, tensor<6xi8>, tensor<3x6xi8>, tensor<2x4x3xi8>, tensor<3x5xi8>, tensor<3x2xi8>, tensor<3x4x2xi8>, tensor<2x0xi8>, tensor<4xi8>, tensor<2x4x3x5xi8>, tensor<4x3x5x2xi8>, tensor<1x4x1xi8>, tensor<17x33xi8>
}

// CHECK: @broadcast_in_dim_f64 result 0: ok
// CHECK: @broadcast_in_dim_f64 result 1: ok
// CHECK: @broadcast_in_dim_f64 result 2: ok
// CHECK: @broadcast_in_dim_f64 result 3: ok
// CHECK: @broadcast_in_dim_f64 result 4: ok
// CHECK: @broadcast_in_dim_f64 result 5: ok
// CHECK: @broadcast_in_dim_f64 result 6: ok
// CHECK: @broadcast_in_dim_f64 result 7: ok
// CHECK: @broadcast_in_dim_f64 result 8: ok
// CHECK: @broadcast_in_dim_f64 result 9: ok
// CHECK: @broadcast_in_dim_f64 result 10: ok
// CHECK: @broadcast_in_dim_f64 result 11: ok
// CHECK: @broadcast_in_dim_f64 result 12: ok
// CHECK: @broadcast_in_dim_f64 result 13: ok
// CHECK: @broadcast_in_dim_f64 result 14: ok
// CHECK: @broadcast_in_dim_f64 result 15: ok
// CHECK: @broadcast_in_dim_f64 result 16: ok
func.func @broadcast_in_dim_f64(%arg0: tensor<f64>, %arg1: tensor<f64>, %arg2: tensor<f64>, %arg3: tensor<7xf64>, %arg4: tensor<7xf64>, %arg5: tensor<1xf64>, %arg6: tensor<1xf64>, %arg7: tensor<1x3xf64>, %arg8: tensor<3x1xf64>, %arg9: tensor<2x3xf64>, %arg10: tensor<2x3xf64>, %arg11: tensor<0xf64>, %arg12: tensor<4xf64>, %arg13: tensor<2x1x3xf64>, %arg14: tensor<2x1x3xf64>, %arg15: tensor<1x1xf64>, %arg16: tensor<33xf64>) -> (tensor<3x4xf64>, tensor<f64>, tensor<0x3xf64>, tensor<7x5xf64>, tensor<5x7xf64>, tensor<6xf64>, tensor<3x6xf64>, tensor<2x4x3xf64>, tensor<3x5xf64>, tensor<3x2xf64>, tensor<3x4x2xf64>, tensor<2x0xf64>, tensor<4xf64>, tensor<2x4x3x5xf64>, tensor<4x3x5x2xf64>, tensor<1x4x1xf64>, tensor<17x33xf64>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<f64>) -> tensor<3x4xf64>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<f64>) -> tensor<f64>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<f64>) -> tensor<0x3xf64>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xf64>) -> tensor<7x5xf64>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xf64>) -> tensor<5x7xf64>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xf64>) -> tensor<6xf64>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xf64>) -> tensor<3x6xf64>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xf64>) -> tensor<2x4x3xf64>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xf64>) -> tensor<3x5xf64>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xf64>) -> tensor<3x2xf64>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xf64>) -> tensor<3x4x2xf64>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xf64>) -> tensor<2x0xf64>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xf64>) -> tensor<4xf64>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xf64>) -> tensor<2x4x3x5xf64>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xf64>) -> tensor<4x3x5x2xf64>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xf64>) -> tensor<1x4x1xf64>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xf64>) -> tensor<17x33xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xf64>, tensor<f64>, tensor<0x3xf64>, tensor<7x5xf64>, tensor<5x7xf64>, tensor<6xf64>, tensor<3x6xf64>, tensor<2x4x3xf64>, tensor<3x5xf64>, tensor<3x2xf64>, tensor<3x4x2xf64>, tensor<2x0xf64>, tensor<4xf64>, tensor<2x4x3x5xf64>, tensor<4x3x5x2xf64>, tensor<1x4x1xf64>, tensor<17x33xf64>
}

// CHECK: @broadcast_in_dim_bf16 result 0: ok
// CHECK: @broadcast_in_dim_bf16 result 1: ok
// CHECK: @broadcast_in_dim_bf16 result 2: ok
// CHECK: @broadcast_in_dim_bf16 result 3: ok
// CHECK: @broadcast_in_dim_bf16 result 4: ok
// CHECK: @broadcast_in_dim_bf16 result 5: ok
// CHECK: @broadcast_in_dim_bf16 result 6: ok
// CHECK: @broadcast_in_dim_bf16 result 7: ok
// CHECK: @broadcast_in_dim_bf16 result 8: ok
// CHECK: @broadcast_in_dim_bf16 result 9: ok
// CHECK: @broadcast_in_dim_bf16 result 10: ok
// CHECK: @broadcast_in_dim_bf16 result 11: ok
// CHECK: @broadcast_in_dim_bf16 result 12: ok
// CHECK: @broadcast_in_dim_bf16 result 13: ok
// CHECK: @broadcast_in_dim_bf16 result 14: ok
// CHECK: @broadcast_in_dim_bf16 result 15: ok
// CHECK: @broadcast_in_dim_bf16 result 16: ok
func.func @broadcast_in_dim_bf16(%arg0: tensor<bf16>, %arg1: tensor<bf16>, %arg2: tensor<bf16>, %arg3: tensor<7xbf16>, %arg4: tensor<7xbf16>, %arg5: tensor<1xbf16>, %arg6: tensor<1xbf16>, %arg7: tensor<1x3xbf16>, %arg8: tensor<3x1xbf16>, %arg9: tensor<2x3xbf16>, %arg10: tensor<2x3xbf16>, %arg11: tensor<0xbf16>, %arg12: tensor<4xbf16>, %arg13: tensor<2x1x3xbf16>, %arg14: tensor<2x1x3xbf16>, %arg15: tensor<1x1xbf16>, %arg16: tensor<33xbf16>) -> (tensor<3x4xbf16>, tensor<bf16>, tensor<0x3xbf16>, tensor<7x5xbf16>, tensor<5x7xbf16>, tensor<6xbf16>, tensor<3x6xbf16>, tensor<2x4x3xbf16>, tensor<3x5xbf16>, tensor<3x2xbf16>, tensor<3x4x2xbf16>, tensor<2x0xbf16>, tensor<4xbf16>, tensor<2x4x3x5xbf16>, tensor<4x3x5x2xbf16>, tensor<1x4x1xbf16>, tensor<17x33xbf16>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<bf16>) -> tensor<3x4xbf16>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<bf16>) -> tensor<bf16>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<bf16>) -> tensor<0x3xbf16>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xbf16>) -> tensor<7x5xbf16>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xbf16>) -> tensor<5x7xbf16>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xbf16>) -> tensor<6xbf16>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xbf16>) -> tensor<3x6xbf16>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xbf16>) -> tensor<2x4x3xbf16>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xbf16>) -> tensor<3x5xbf16>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xbf16>) -> tensor<3x4x2xbf16>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xbf16>) -> tensor<2x0xbf16>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xbf16>) -> tensor<4xbf16>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xbf16>) -> tensor<2x4x3x5xbf16>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xbf16>) -> tensor<4x3x5x2xbf16>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xbf16>) -> tensor<1x4x1xbf16>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xbf16>) -> tensor<17x33xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xbf16>, tensor<bf16>, tensor<0x3xbf16>, tensor<7x5xbf16>, tensor<5x7xbf16>, tensor<6xbf16>, tensor<3x6xbf16>, tensor<2x4x3xbf16>, tensor<3x5xbf16>, tensor<3x2xbf16>, tensor<3x4x2xbf16>, tensor<2x0xbf16>, tensor<4xbf16>, tensor<2x4x3x5xbf16>, tensor<4x3x5x2xbf16>, tensor<1x4x1xbf16>, tensor<17x33xbf16>
}

// CHECK: @broadcast_in_dim_i64 result 0: ok
// CHECK: @broadcast_in_dim_i64 result 1: ok
// CHECK: @broadcast_in_dim_i64 result 2: ok
// CHECK: @broadcast_in_dim_i64 result 3: ok
// CHECK: @broadcast_in_dim_i64 result 4: ok
// CHECK: @broadcast_in_dim_i64 result 5: ok
// CHECK: @broadcast_in_dim_i64 result 6: ok
// CHECK: @broadcast_in_dim_i64 result 7: ok
// CHECK: @broadcast_in_dim_i64 result 8: ok
// CHECK: @broadcast_in_dim_i64 result 9: ok
// CHECK: @broadcast_in_dim_i64 result 10: ok
// CHECK: @broadcast_in_dim_i64 result 11: ok
// CHECK: @broadcast_in_dim_i64 result 12: ok
// CHECK: @broadcast_in_dim_i64 result 13: ok
// CHECK: @broadcast_in_dim_i64 result 14: ok
// CHECK: @broadcast_in_dim_i64 result 15: ok
// CHECK: @broadcast_in_dim_i64 result 16: ok
func.func @broadcast_in_dim_i64(%arg0: tensor<i64>, %arg1: tensor<i64>, %arg2: tensor<i64>, %arg3: tensor<7xi64>, %arg4: tensor<7xi64>, %arg5: tensor<1xi64>, %arg6: tensor<1xi64>, %arg7: tensor<1x3xi64>, %arg8: tensor<3x1xi64>, %arg9: tensor<2x3xi64>, %arg10: tensor<2x3xi64>, %arg11: tensor<0xi64>, %arg12: tensor<4xi64>, %arg13: tensor<2x1x3xi64>, %arg14: tensor<2x1x3xi64>, %arg15: tensor<1x1xi64>, %arg16: tensor<33xi64>) -> (tensor<3x4xi64>, tensor<i64>, tensor<0x3xi64>, tensor<7x5xi64>, tensor<5x7xi64>, tensor<6xi64>, tensor<3x6xi64>, tensor<2x4x3xi64>, tensor<3x5xi64>, tensor<3x2xi64>, tensor<3x4x2xi64>, tensor<2x0xi64>, tensor<4xi64>, tensor<2x4x3x5xi64>, tensor<4x3x5x2xi64>, tensor<1x4x1xi64>, tensor<17x33xi64>) {
  %v0 = hlo.broadcast_in_dim %arg0, dims = [] : (tensor<i64>) -> tensor<3x4xi64>
  %v1 = hlo.broadcast_in_dim %arg1, dims = [] : (tensor<i64>) -> tensor<i64>
  %v2 = hlo.broadcast_in_dim %arg2, dims = [] : (tensor<i64>) -> tensor<0x3xi64>
  %v3 = hlo.broadcast_in_dim %arg3, dims = [0] : (tensor<7xi64>) -> tensor<7x5xi64>
  %v4 = hlo.broadcast_in_dim %arg4, dims = [1] : (tensor<7xi64>) -> tensor<5x7xi64>
  %v5 = hlo.broadcast_in_dim %arg5, dims = [0] : (tensor<1xi64>) -> tensor<6xi64>
  %v6 = hlo.broadcast_in_dim %arg6, dims = [1] : (tensor<1xi64>) -> tensor<3x6xi64>
  %v7 = hlo.broadcast_in_dim %arg7, dims = [1, 2] : (tensor<1x3xi64>) -> tensor<2x4x3xi64>
  %v8 = hlo.broadcast_in_dim %arg8, dims = [0, 1] : (tensor<3x1xi64>) -> tensor<3x5xi64>
  %v9 = hlo.broadcast_in_dim %arg9, dims = [1, 0] : (tensor<2x3xi64>) -> tensor<3x2xi64>
  %v10 = hlo.broadcast_in_dim %arg10, dims = [2, 0] : (tensor<2x3xi64>) -> tensor<3x4x2xi64>
  %v11 = hlo.broadcast_in_dim %arg11, dims = [1] : (tensor<0xi64>) -> tensor<2x0xi64>
  %v12 = hlo.broadcast_in_dim %arg12, dims = [0] : (tensor<4xi64>) -> tensor<4xi64>
  %v13 = hlo.broadcast_in_dim %arg13, dims = [0, 1, 2] : (tensor<2x1x3xi64>) -> tensor<2x4x3x5xi64>
  %v14 = hlo.broadcast_in_dim %arg14, dims = [3, 0, 1] : (tensor<2x1x3xi64>) -> tensor<4x3x5x2xi64>
  %v15 = hlo.broadcast_in_dim %arg15, dims = [2, 0] : (tensor<1x1xi64>) -> tensor<1x4x1xi64>
  %v16 = hlo.broadcast_in_dim %arg16, dims = [1] : (tensor<33xi64>) -> tensor<17x33xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12, %v13, %v14, %v15, %v16 : tensor<3x4xi64>, tensor<i64>, tensor<0x3xi64>, tensor<7x5xi64>, tensor<5x7xi64>, tensor<6xi64>, tensor<3x6xi64>, tensor<2x4x3xi64>, tensor<3x5xi64>, tensor<3x2xi64>, tensor<3x4x2xi64>, tensor<2x0xi64>, tensor<4xi64>, tensor<2x4x3x5xi64>, tensor<4x3x5x2xi64>, tensor<1x4x1xi64>, tensor<17x33xi64>
}

// Bias and row/column broadcasts feeding elementwise ops.
// CHECK: @broadcast_add_f32 result 0: ok
// CHECK: @broadcast_add_f32 result 1: ok
func.func @broadcast_add_f32(%arg0: tensor<8x13xf32>, %arg1: tensor<13xf32>, %arg2: tensor<8xf32>, %arg3: tensor<f32>) -> (tensor<8x13xf32>, tensor<8x13xf32>) {
  %v0 = hlo.broadcast_in_dim %arg1, dims = [1] : (tensor<13xf32>) -> tensor<8x13xf32>
  %v1 = hlo.broadcast_in_dim %arg2, dims = [0] : (tensor<8xf32>) -> tensor<8x13xf32>
  %v2 = hlo.broadcast_in_dim %arg3, dims = [] : (tensor<f32>) -> tensor<8x13xf32>
  %v3 = hlo.add %arg0, %v0 : tensor<8x13xf32>
  %v4 = hlo.multiply %v3, %v1 : tensor<8x13xf32>
  %v5 = hlo.subtract %v4, %v2 : tensor<8x13xf32>
  %v6 = hlo.multiply %v0, %v1 : tensor<8x13xf32>
  return %v5, %v6 : tensor<8x13xf32>, tensor<8x13xf32>
}

// CHECK: @reshape_f32 result 0: ok
// CHECK: @reshape_f32 result 1: ok
// CHECK: @reshape_f32 result 2: ok
// CHECK: @reshape_f32 result 3: ok
// CHECK: @reshape_f32 result 4: ok
// CHECK: @reshape_f32 result 5: ok
// CHECK: @reshape_f32 result 6: ok
// CHECK: @reshape_f32 result 7: ok
// CHECK: @reshape_f32 result 8: ok
// CHECK: @reshape_f32 result 9: ok
// CHECK: @reshape_f32 result 10: ok
// CHECK: @reshape_f32 result 11: ok
func.func @reshape_f32(%arg0: tensor<2x3xf32>, %arg1: tensor<6xf32>, %arg2: tensor<2x3x4xf32>, %arg3: tensor<24xf32>, %arg4: tensor<f32>, %arg5: tensor<1x1x1xf32>, %arg6: tensor<0x4xf32>, %arg7: tensor<4x5xf32>, %arg8: tensor<2x3x4xf32>, %arg9: tensor<1x7xf32>, %arg10: tensor<5x1x6xf32>, %arg11: tensor<3x4x5xf32>) -> (tensor<6xf32>, tensor<3x2xf32>, tensor<4x6xf32>, tensor<2x3x4xf32>, tensor<1x1xf32>, tensor<f32>, tensor<2x0x2xf32>, tensor<5x4xf32>, tensor<3x8xf32>, tensor<7x1xf32>, tensor<30xf32>, tensor<60x1xf32>) {
  %v0 = hlo.reshape %arg0 : (tensor<2x3xf32>) -> tensor<6xf32>
  %v1 = hlo.reshape %arg1 : (tensor<6xf32>) -> tensor<3x2xf32>
  %v2 = hlo.reshape %arg2 : (tensor<2x3x4xf32>) -> tensor<4x6xf32>
  %v3 = hlo.reshape %arg3 : (tensor<24xf32>) -> tensor<2x3x4xf32>
  %v4 = hlo.reshape %arg4 : (tensor<f32>) -> tensor<1x1xf32>
  %v5 = hlo.reshape %arg5 : (tensor<1x1x1xf32>) -> tensor<f32>
  %v6 = hlo.reshape %arg6 : (tensor<0x4xf32>) -> tensor<2x0x2xf32>
  %v7 = hlo.reshape %arg7 : (tensor<4x5xf32>) -> tensor<5x4xf32>
  %v8 = hlo.reshape %arg8 : (tensor<2x3x4xf32>) -> tensor<3x8xf32>
  %v9 = hlo.reshape %arg9 : (tensor<1x7xf32>) -> tensor<7x1xf32>
  %v10 = hlo.reshape %arg10 : (tensor<5x1x6xf32>) -> tensor<30xf32>
  %v11 = hlo.reshape %arg11 : (tensor<3x4x5xf32>) -> tensor<60x1xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<6xf32>, tensor<3x2xf32>, tensor<4x6xf32>, tensor<2x3x4xf32>, tensor<1x1xf32>, tensor<f32>, tensor<2x0x2xf32>, tensor<5x4xf32>, tensor<3x8xf32>, tensor<7x1xf32>, tensor<30xf32>, tensor<60x1xf32>
}

// CHECK: @reshape_i64 result 0: ok
// CHECK: @reshape_i64 result 1: ok
// CHECK: @reshape_i64 result 2: ok
// CHECK: @reshape_i64 result 3: ok
// CHECK: @reshape_i64 result 4: ok
// CHECK: @reshape_i64 result 5: ok
// CHECK: @reshape_i64 result 6: ok
// CHECK: @reshape_i64 result 7: ok
// CHECK: @reshape_i64 result 8: ok
// CHECK: @reshape_i64 result 9: ok
// CHECK: @reshape_i64 result 10: ok
// CHECK: @reshape_i64 result 11: ok
func.func @reshape_i64(%arg0: tensor<2x3xi64>, %arg1: tensor<6xi64>, %arg2: tensor<2x3x4xi64>, %arg3: tensor<24xi64>, %arg4: tensor<i64>, %arg5: tensor<1x1x1xi64>, %arg6: tensor<0x4xi64>, %arg7: tensor<4x5xi64>, %arg8: tensor<2x3x4xi64>, %arg9: tensor<1x7xi64>, %arg10: tensor<5x1x6xi64>, %arg11: tensor<3x4x5xi64>) -> (tensor<6xi64>, tensor<3x2xi64>, tensor<4x6xi64>, tensor<2x3x4xi64>, tensor<1x1xi64>, tensor<i64>, tensor<2x0x2xi64>, tensor<5x4xi64>, tensor<3x8xi64>, tensor<7x1xi64>, tensor<30xi64>, tensor<60x1xi64>) {
  %v0 = hlo.reshape %arg0 : (tensor<2x3xi64>) -> tensor<6xi64>
  %v1 = hlo.reshape %arg1 : (tensor<6xi64>) -> tensor<3x2xi64>
  %v2 = hlo.reshape %arg2 : (tensor<2x3x4xi64>) -> tensor<4x6xi64>
  %v3 = hlo.reshape %arg3 : (tensor<24xi64>) -> tensor<2x3x4xi64>
  %v4 = hlo.reshape %arg4 : (tensor<i64>) -> tensor<1x1xi64>
  %v5 = hlo.reshape %arg5 : (tensor<1x1x1xi64>) -> tensor<i64>
  %v6 = hlo.reshape %arg6 : (tensor<0x4xi64>) -> tensor<2x0x2xi64>
  %v7 = hlo.reshape %arg7 : (tensor<4x5xi64>) -> tensor<5x4xi64>
  %v8 = hlo.reshape %arg8 : (tensor<2x3x4xi64>) -> tensor<3x8xi64>
  %v9 = hlo.reshape %arg9 : (tensor<1x7xi64>) -> tensor<7x1xi64>
  %v10 = hlo.reshape %arg10 : (tensor<5x1x6xi64>) -> tensor<30xi64>
  %v11 = hlo.reshape %arg11 : (tensor<3x4x5xi64>) -> tensor<60x1xi64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<6xi64>, tensor<3x2xi64>, tensor<4x6xi64>, tensor<2x3x4xi64>, tensor<1x1xi64>, tensor<i64>, tensor<2x0x2xi64>, tensor<5x4xi64>, tensor<3x8xi64>, tensor<7x1xi64>, tensor<30xi64>, tensor<60x1xi64>
}

// CHECK: @reshape_i1 result 0: ok
// CHECK: @reshape_i1 result 1: ok
// CHECK: @reshape_i1 result 2: ok
// CHECK: @reshape_i1 result 3: ok
// CHECK: @reshape_i1 result 4: ok
// CHECK: @reshape_i1 result 5: ok
// CHECK: @reshape_i1 result 6: ok
// CHECK: @reshape_i1 result 7: ok
// CHECK: @reshape_i1 result 8: ok
// CHECK: @reshape_i1 result 9: ok
// CHECK: @reshape_i1 result 10: ok
// CHECK: @reshape_i1 result 11: ok
func.func @reshape_i1(%arg0: tensor<2x3xi1>, %arg1: tensor<6xi1>, %arg2: tensor<2x3x4xi1>, %arg3: tensor<24xi1>, %arg4: tensor<i1>, %arg5: tensor<1x1x1xi1>, %arg6: tensor<0x4xi1>, %arg7: tensor<4x5xi1>, %arg8: tensor<2x3x4xi1>, %arg9: tensor<1x7xi1>, %arg10: tensor<5x1x6xi1>, %arg11: tensor<3x4x5xi1>) -> (tensor<6xi1>, tensor<3x2xi1>, tensor<4x6xi1>, tensor<2x3x4xi1>, tensor<1x1xi1>, tensor<i1>, tensor<2x0x2xi1>, tensor<5x4xi1>, tensor<3x8xi1>, tensor<7x1xi1>, tensor<30xi1>, tensor<60x1xi1>) {
  %v0 = hlo.reshape %arg0 : (tensor<2x3xi1>) -> tensor<6xi1>
  %v1 = hlo.reshape %arg1 : (tensor<6xi1>) -> tensor<3x2xi1>
  %v2 = hlo.reshape %arg2 : (tensor<2x3x4xi1>) -> tensor<4x6xi1>
  %v3 = hlo.reshape %arg3 : (tensor<24xi1>) -> tensor<2x3x4xi1>
  %v4 = hlo.reshape %arg4 : (tensor<i1>) -> tensor<1x1xi1>
  %v5 = hlo.reshape %arg5 : (tensor<1x1x1xi1>) -> tensor<i1>
  %v6 = hlo.reshape %arg6 : (tensor<0x4xi1>) -> tensor<2x0x2xi1>
  %v7 = hlo.reshape %arg7 : (tensor<4x5xi1>) -> tensor<5x4xi1>
  %v8 = hlo.reshape %arg8 : (tensor<2x3x4xi1>) -> tensor<3x8xi1>
  %v9 = hlo.reshape %arg9 : (tensor<1x7xi1>) -> tensor<7x1xi1>
  %v10 = hlo.reshape %arg10 : (tensor<5x1x6xi1>) -> tensor<30xi1>
  %v11 = hlo.reshape %arg11 : (tensor<3x4x5xi1>) -> tensor<60x1xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<6xi1>, tensor<3x2xi1>, tensor<4x6xi1>, tensor<2x3x4xi1>, tensor<1x1xi1>, tensor<i1>, tensor<2x0x2xi1>, tensor<5x4xi1>, tensor<3x8xi1>, tensor<7x1xi1>, tensor<30xi1>, tensor<60x1xi1>
}

// CHECK: @reshape_bf16 result 0: ok
// CHECK: @reshape_bf16 result 1: ok
// CHECK: @reshape_bf16 result 2: ok
// CHECK: @reshape_bf16 result 3: ok
// CHECK: @reshape_bf16 result 4: ok
// CHECK: @reshape_bf16 result 5: ok
// CHECK: @reshape_bf16 result 6: ok
// CHECK: @reshape_bf16 result 7: ok
// CHECK: @reshape_bf16 result 8: ok
// CHECK: @reshape_bf16 result 9: ok
// CHECK: @reshape_bf16 result 10: ok
// CHECK: @reshape_bf16 result 11: ok
func.func @reshape_bf16(%arg0: tensor<2x3xbf16>, %arg1: tensor<6xbf16>, %arg2: tensor<2x3x4xbf16>, %arg3: tensor<24xbf16>, %arg4: tensor<bf16>, %arg5: tensor<1x1x1xbf16>, %arg6: tensor<0x4xbf16>, %arg7: tensor<4x5xbf16>, %arg8: tensor<2x3x4xbf16>, %arg9: tensor<1x7xbf16>, %arg10: tensor<5x1x6xbf16>, %arg11: tensor<3x4x5xbf16>) -> (tensor<6xbf16>, tensor<3x2xbf16>, tensor<4x6xbf16>, tensor<2x3x4xbf16>, tensor<1x1xbf16>, tensor<bf16>, tensor<2x0x2xbf16>, tensor<5x4xbf16>, tensor<3x8xbf16>, tensor<7x1xbf16>, tensor<30xbf16>, tensor<60x1xbf16>) {
  %v0 = hlo.reshape %arg0 : (tensor<2x3xbf16>) -> tensor<6xbf16>
  %v1 = hlo.reshape %arg1 : (tensor<6xbf16>) -> tensor<3x2xbf16>
  %v2 = hlo.reshape %arg2 : (tensor<2x3x4xbf16>) -> tensor<4x6xbf16>
  %v3 = hlo.reshape %arg3 : (tensor<24xbf16>) -> tensor<2x3x4xbf16>
  %v4 = hlo.reshape %arg4 : (tensor<bf16>) -> tensor<1x1xbf16>
  %v5 = hlo.reshape %arg5 : (tensor<1x1x1xbf16>) -> tensor<bf16>
  %v6 = hlo.reshape %arg6 : (tensor<0x4xbf16>) -> tensor<2x0x2xbf16>
  %v7 = hlo.reshape %arg7 : (tensor<4x5xbf16>) -> tensor<5x4xbf16>
  %v8 = hlo.reshape %arg8 : (tensor<2x3x4xbf16>) -> tensor<3x8xbf16>
  %v9 = hlo.reshape %arg9 : (tensor<1x7xbf16>) -> tensor<7x1xbf16>
  %v10 = hlo.reshape %arg10 : (tensor<5x1x6xbf16>) -> tensor<30xbf16>
  %v11 = hlo.reshape %arg11 : (tensor<3x4x5xbf16>) -> tensor<60x1xbf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<6xbf16>, tensor<3x2xbf16>, tensor<4x6xbf16>, tensor<2x3x4xbf16>, tensor<1x1xbf16>, tensor<bf16>, tensor<2x0x2xbf16>, tensor<5x4xbf16>, tensor<3x8xbf16>, tensor<7x1xbf16>, tensor<30xbf16>, tensor<60x1xbf16>
}

// CHECK: @reshape_i8 result 0: ok
// CHECK: @reshape_i8 result 1: ok
// CHECK: @reshape_i8 result 2: ok
// CHECK: @reshape_i8 result 3: ok
// CHECK: @reshape_i8 result 4: ok
// CHECK: @reshape_i8 result 5: ok
// CHECK: @reshape_i8 result 6: ok
// CHECK: @reshape_i8 result 7: ok
// CHECK: @reshape_i8 result 8: ok
// CHECK: @reshape_i8 result 9: ok
// CHECK: @reshape_i8 result 10: ok
// CHECK: @reshape_i8 result 11: ok
func.func @reshape_i8(%arg0: tensor<2x3xi8>, %arg1: tensor<6xi8>, %arg2: tensor<2x3x4xi8>, %arg3: tensor<24xi8>, %arg4: tensor<i8>, %arg5: tensor<1x1x1xi8>, %arg6: tensor<0x4xi8>, %arg7: tensor<4x5xi8>, %arg8: tensor<2x3x4xi8>, %arg9: tensor<1x7xi8>, %arg10: tensor<5x1x6xi8>, %arg11: tensor<3x4x5xi8>) -> (tensor<6xi8>, tensor<3x2xi8>, tensor<4x6xi8>, tensor<2x3x4xi8>, tensor<1x1xi8>, tensor<i8>, tensor<2x0x2xi8>, tensor<5x4xi8>, tensor<3x8xi8>, tensor<7x1xi8>, tensor<30xi8>, tensor<60x1xi8>) {
  %v0 = hlo.reshape %arg0 : (tensor<2x3xi8>) -> tensor<6xi8>
  %v1 = hlo.reshape %arg1 : (tensor<6xi8>) -> tensor<3x2xi8>
  %v2 = hlo.reshape %arg2 : (tensor<2x3x4xi8>) -> tensor<4x6xi8>
  %v3 = hlo.reshape %arg3 : (tensor<24xi8>) -> tensor<2x3x4xi8>
  %v4 = hlo.reshape %arg4 : (tensor<i8>) -> tensor<1x1xi8>
  %v5 = hlo.reshape %arg5 : (tensor<1x1x1xi8>) -> tensor<i8>
  %v6 = hlo.reshape %arg6 : (tensor<0x4xi8>) -> tensor<2x0x2xi8>
  %v7 = hlo.reshape %arg7 : (tensor<4x5xi8>) -> tensor<5x4xi8>
  %v8 = hlo.reshape %arg8 : (tensor<2x3x4xi8>) -> tensor<3x8xi8>
  %v9 = hlo.reshape %arg9 : (tensor<1x7xi8>) -> tensor<7x1xi8>
  %v10 = hlo.reshape %arg10 : (tensor<5x1x6xi8>) -> tensor<30xi8>
  %v11 = hlo.reshape %arg11 : (tensor<3x4x5xi8>) -> tensor<60x1xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<6xi8>, tensor<3x2xi8>, tensor<4x6xi8>, tensor<2x3x4xi8>, tensor<1x1xi8>, tensor<i8>, tensor<2x0x2xi8>, tensor<5x4xi8>, tensor<3x8xi8>, tensor<7x1xi8>, tensor<30xi8>, tensor<60x1xi8>
}

// CHECK: @reshape_f16 result 0: ok
// CHECK: @reshape_f16 result 1: ok
// CHECK: @reshape_f16 result 2: ok
// CHECK: @reshape_f16 result 3: ok
// CHECK: @reshape_f16 result 4: ok
// CHECK: @reshape_f16 result 5: ok
// CHECK: @reshape_f16 result 6: ok
// CHECK: @reshape_f16 result 7: ok
// CHECK: @reshape_f16 result 8: ok
// CHECK: @reshape_f16 result 9: ok
// CHECK: @reshape_f16 result 10: ok
// CHECK: @reshape_f16 result 11: ok
func.func @reshape_f16(%arg0: tensor<2x3xf16>, %arg1: tensor<6xf16>, %arg2: tensor<2x3x4xf16>, %arg3: tensor<24xf16>, %arg4: tensor<f16>, %arg5: tensor<1x1x1xf16>, %arg6: tensor<0x4xf16>, %arg7: tensor<4x5xf16>, %arg8: tensor<2x3x4xf16>, %arg9: tensor<1x7xf16>, %arg10: tensor<5x1x6xf16>, %arg11: tensor<3x4x5xf16>) -> (tensor<6xf16>, tensor<3x2xf16>, tensor<4x6xf16>, tensor<2x3x4xf16>, tensor<1x1xf16>, tensor<f16>, tensor<2x0x2xf16>, tensor<5x4xf16>, tensor<3x8xf16>, tensor<7x1xf16>, tensor<30xf16>, tensor<60x1xf16>) {
  %v0 = hlo.reshape %arg0 : (tensor<2x3xf16>) -> tensor<6xf16>
  %v1 = hlo.reshape %arg1 : (tensor<6xf16>) -> tensor<3x2xf16>
  %v2 = hlo.reshape %arg2 : (tensor<2x3x4xf16>) -> tensor<4x6xf16>
  %v3 = hlo.reshape %arg3 : (tensor<24xf16>) -> tensor<2x3x4xf16>
  %v4 = hlo.reshape %arg4 : (tensor<f16>) -> tensor<1x1xf16>
  %v5 = hlo.reshape %arg5 : (tensor<1x1x1xf16>) -> tensor<f16>
  %v6 = hlo.reshape %arg6 : (tensor<0x4xf16>) -> tensor<2x0x2xf16>
  %v7 = hlo.reshape %arg7 : (tensor<4x5xf16>) -> tensor<5x4xf16>
  %v8 = hlo.reshape %arg8 : (tensor<2x3x4xf16>) -> tensor<3x8xf16>
  %v9 = hlo.reshape %arg9 : (tensor<1x7xf16>) -> tensor<7x1xf16>
  %v10 = hlo.reshape %arg10 : (tensor<5x1x6xf16>) -> tensor<30xf16>
  %v11 = hlo.reshape %arg11 : (tensor<3x4x5xf16>) -> tensor<60x1xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<6xf16>, tensor<3x2xf16>, tensor<4x6xf16>, tensor<2x3x4xf16>, tensor<1x1xf16>, tensor<f16>, tensor<2x0x2xf16>, tensor<5x4xf16>, tensor<3x8xf16>, tensor<7x1xf16>, tensor<30xf16>, tensor<60x1xf16>
}

// A reshape of a transposed (non-contiguous) value, and back.
// CHECK: @reshape_of_transpose result 0: ok
// CHECK: @reshape_of_transpose result 1: ok
func.func @reshape_of_transpose(%arg0: tensor<4x6xf32>) -> (tensor<3x8xf32>, tensor<6x2x2xf32>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<4x6xf32>) -> tensor<6x4xf32>
  %v1 = hlo.reshape %v0 : (tensor<6x4xf32>) -> tensor<3x8xf32>
  %v2 = hlo.reshape %v1 : (tensor<3x8xf32>) -> tensor<2x2x6xf32>
  %v3 = hlo.transpose %v2, dims = [2, 0, 1] : (tensor<2x2x6xf32>) -> tensor<6x2x2xf32>
  return %v1, %v3 : tensor<3x8xf32>, tensor<6x2x2xf32>
}

// CHECK: @transpose_f32 result 0: ok
// CHECK: @transpose_f32 result 1: ok
// CHECK: @transpose_f32 result 2: ok
// CHECK: @transpose_f32 result 3: ok
// CHECK: @transpose_f32 result 4: ok
// CHECK: @transpose_f32 result 5: ok
// CHECK: @transpose_f32 result 6: ok
// CHECK: @transpose_f32 result 7: ok
// CHECK: @transpose_f32 result 8: ok
// CHECK: @transpose_f32 result 9: ok
// CHECK: @transpose_f32 result 10: ok
// CHECK: @transpose_f32 result 11: ok
// CHECK: @transpose_f32 result 12: ok
func.func @transpose_f32(%arg0: tensor<2x3xf32>, %arg1: tensor<2x3x4xf32>, %arg2: tensor<f32>, %arg3: tensor<0x1xf32>, %arg4: tensor<1x5xf32>, %arg5: tensor<2x3x4x5xf32>, %arg6: tensor<17x31xf32>, %arg7: tensor<3x1x2xf32>) -> (tensor<3x2xf32>, tensor<2x3x4xf32>, tensor<2x4x3xf32>, tensor<3x2x4xf32>, tensor<3x4x2xf32>, tensor<4x2x3xf32>, tensor<4x3x2xf32>, tensor<f32>, tensor<1x0xf32>, tensor<5x1xf32>, tensor<5x3x2x4xf32>, tensor<31x17xf32>, tensor<1x2x3xf32>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %v1 = hlo.transpose %arg1, dims = [0, 1, 2] : (tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %v2 = hlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x4xf32>) -> tensor<2x4x3xf32>
  %v3 = hlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
  %v4 = hlo.transpose %arg1, dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
  %v5 = hlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %v6 = hlo.transpose %arg1, dims = [2, 1, 0] : (tensor<2x3x4xf32>) -> tensor<4x3x2xf32>
  %v7 = hlo.transpose %arg2, dims = [] : (tensor<f32>) -> tensor<f32>
  %v8 = hlo.transpose %arg3, dims = [1, 0] : (tensor<0x1xf32>) -> tensor<1x0xf32>
  %v9 = hlo.transpose %arg4, dims = [1, 0] : (tensor<1x5xf32>) -> tensor<5x1xf32>
  %v10 = hlo.transpose %arg5, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xf32>) -> tensor<5x3x2x4xf32>
  %v11 = hlo.transpose %arg6, dims = [1, 0] : (tensor<17x31xf32>) -> tensor<31x17xf32>
  %v12 = hlo.transpose %arg7, dims = [1, 2, 0] : (tensor<3x1x2xf32>) -> tensor<1x2x3xf32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<3x2xf32>, tensor<2x3x4xf32>, tensor<2x4x3xf32>, tensor<3x2x4xf32>, tensor<3x4x2xf32>, tensor<4x2x3xf32>, tensor<4x3x2xf32>, tensor<f32>, tensor<1x0xf32>, tensor<5x1xf32>, tensor<5x3x2x4xf32>, tensor<31x17xf32>, tensor<1x2x3xf32>
}

// CHECK: @transpose_i32 result 0: ok
// CHECK: @transpose_i32 result 1: ok
// CHECK: @transpose_i32 result 2: ok
// CHECK: @transpose_i32 result 3: ok
// CHECK: @transpose_i32 result 4: ok
// CHECK: @transpose_i32 result 5: ok
// CHECK: @transpose_i32 result 6: ok
// CHECK: @transpose_i32 result 7: ok
// CHECK: @transpose_i32 result 8: ok
// CHECK: @transpose_i32 result 9: ok
// CHECK: @transpose_i32 result 10: ok
// CHECK: @transpose_i32 result 11: ok
// CHECK: @transpose_i32 result 12: ok
func.func @transpose_i32(%arg0: tensor<2x3xi32>, %arg1: tensor<2x3x4xi32>, %arg2: tensor<i32>, %arg3: tensor<0x1xi32>, %arg4: tensor<1x5xi32>, %arg5: tensor<2x3x4x5xi32>, %arg6: tensor<17x31xi32>, %arg7: tensor<3x1x2xi32>) -> (tensor<3x2xi32>, tensor<2x3x4xi32>, tensor<2x4x3xi32>, tensor<3x2x4xi32>, tensor<3x4x2xi32>, tensor<4x2x3xi32>, tensor<4x3x2xi32>, tensor<i32>, tensor<1x0xi32>, tensor<5x1xi32>, tensor<5x3x2x4xi32>, tensor<31x17xi32>, tensor<1x2x3xi32>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xi32>) -> tensor<3x2xi32>
  %v1 = hlo.transpose %arg1, dims = [0, 1, 2] : (tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  %v2 = hlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x4xi32>) -> tensor<2x4x3xi32>
  %v3 = hlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x4xi32>) -> tensor<3x2x4xi32>
  %v4 = hlo.transpose %arg1, dims = [1, 2, 0] : (tensor<2x3x4xi32>) -> tensor<3x4x2xi32>
  %v5 = hlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  %v6 = hlo.transpose %arg1, dims = [2, 1, 0] : (tensor<2x3x4xi32>) -> tensor<4x3x2xi32>
  %v7 = hlo.transpose %arg2, dims = [] : (tensor<i32>) -> tensor<i32>
  %v8 = hlo.transpose %arg3, dims = [1, 0] : (tensor<0x1xi32>) -> tensor<1x0xi32>
  %v9 = hlo.transpose %arg4, dims = [1, 0] : (tensor<1x5xi32>) -> tensor<5x1xi32>
  %v10 = hlo.transpose %arg5, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xi32>) -> tensor<5x3x2x4xi32>
  %v11 = hlo.transpose %arg6, dims = [1, 0] : (tensor<17x31xi32>) -> tensor<31x17xi32>
  %v12 = hlo.transpose %arg7, dims = [1, 2, 0] : (tensor<3x1x2xi32>) -> tensor<1x2x3xi32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<3x2xi32>, tensor<2x3x4xi32>, tensor<2x4x3xi32>, tensor<3x2x4xi32>, tensor<3x4x2xi32>, tensor<4x2x3xi32>, tensor<4x3x2xi32>, tensor<i32>, tensor<1x0xi32>, tensor<5x1xi32>, tensor<5x3x2x4xi32>, tensor<31x17xi32>, tensor<1x2x3xi32>
}

// CHECK: @transpose_i1 result 0: ok
// CHECK: @transpose_i1 result 1: ok
// CHECK: @transpose_i1 result 2: ok
// CHECK: @transpose_i1 result 3: ok
// CHECK: @transpose_i1 result 4: ok
// CHECK: @transpose_i1 result 5: ok
// CHECK: @transpose_i1 result 6: ok
// CHECK: @transpose_i1 result 7: ok
// CHECK: @transpose_i1 result 8: ok
// CHECK: @transpose_i1 result 9: ok
// CHECK: @transpose_i1 result 10: ok
// CHECK: @transpose_i1 result 11: ok
// CHECK: @transpose_i1 result 12: ok
func.func @transpose_i1(%arg0: tensor<2x3xi1>, %arg1: tensor<2x3x4xi1>, %arg2: tensor<i1>, %arg3: tensor<0x1xi1>, %arg4: tensor<1x5xi1>, %arg5: tensor<2x3x4x5xi1>, %arg6: tensor<17x31xi1>, %arg7: tensor<3x1x2xi1>) -> (tensor<3x2xi1>, tensor<2x3x4xi1>, tensor<2x4x3xi1>, tensor<3x2x4xi1>, tensor<3x4x2xi1>, tensor<4x2x3xi1>, tensor<4x3x2xi1>, tensor<i1>, tensor<1x0xi1>, tensor<5x1xi1>, tensor<5x3x2x4xi1>, tensor<31x17xi1>, tensor<1x2x3xi1>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xi1>) -> tensor<3x2xi1>
  %v1 = hlo.transpose %arg1, dims = [0, 1, 2] : (tensor<2x3x4xi1>) -> tensor<2x3x4xi1>
  %v2 = hlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x4xi1>) -> tensor<2x4x3xi1>
  %v3 = hlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x4xi1>) -> tensor<3x2x4xi1>
  %v4 = hlo.transpose %arg1, dims = [1, 2, 0] : (tensor<2x3x4xi1>) -> tensor<3x4x2xi1>
  %v5 = hlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xi1>) -> tensor<4x2x3xi1>
  %v6 = hlo.transpose %arg1, dims = [2, 1, 0] : (tensor<2x3x4xi1>) -> tensor<4x3x2xi1>
  %v7 = hlo.transpose %arg2, dims = [] : (tensor<i1>) -> tensor<i1>
  %v8 = hlo.transpose %arg3, dims = [1, 0] : (tensor<0x1xi1>) -> tensor<1x0xi1>
  %v9 = hlo.transpose %arg4, dims = [1, 0] : (tensor<1x5xi1>) -> tensor<5x1xi1>
  %v10 = hlo.transpose %arg5, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xi1>) -> tensor<5x3x2x4xi1>
  %v11 = hlo.transpose %arg6, dims = [1, 0] : (tensor<17x31xi1>) -> tensor<31x17xi1>
  %v12 = hlo.transpose %arg7, dims = [1, 2, 0] : (tensor<3x1x2xi1>) -> tensor<1x2x3xi1>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<3x2xi1>, tensor<2x3x4xi1>, tensor<2x4x3xi1>, tensor<3x2x4xi1>, tensor<3x4x2xi1>, tensor<4x2x3xi1>, tensor<4x3x2xi1>, tensor<i1>, tensor<1x0xi1>, tensor<5x1xi1>, tensor<5x3x2x4xi1>, tensor<31x17xi1>, tensor<1x2x3xi1>
}

// CHECK: @transpose_f16 result 0: ok
// CHECK: @transpose_f16 result 1: ok
// CHECK: @transpose_f16 result 2: ok
// CHECK: @transpose_f16 result 3: ok
// CHECK: @transpose_f16 result 4: ok
// CHECK: @transpose_f16 result 5: ok
// CHECK: @transpose_f16 result 6: ok
// CHECK: @transpose_f16 result 7: ok
// CHECK: @transpose_f16 result 8: ok
// CHECK: @transpose_f16 result 9: ok
// CHECK: @transpose_f16 result 10: ok
// CHECK: @transpose_f16 result 11: ok
// CHECK: @transpose_f16 result 12: ok
func.func @transpose_f16(%arg0: tensor<2x3xf16>, %arg1: tensor<2x3x4xf16>, %arg2: tensor<f16>, %arg3: tensor<0x1xf16>, %arg4: tensor<1x5xf16>, %arg5: tensor<2x3x4x5xf16>, %arg6: tensor<17x31xf16>, %arg7: tensor<3x1x2xf16>) -> (tensor<3x2xf16>, tensor<2x3x4xf16>, tensor<2x4x3xf16>, tensor<3x2x4xf16>, tensor<3x4x2xf16>, tensor<4x2x3xf16>, tensor<4x3x2xf16>, tensor<f16>, tensor<1x0xf16>, tensor<5x1xf16>, tensor<5x3x2x4xf16>, tensor<31x17xf16>, tensor<1x2x3xf16>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf16>) -> tensor<3x2xf16>
  %v1 = hlo.transpose %arg1, dims = [0, 1, 2] : (tensor<2x3x4xf16>) -> tensor<2x3x4xf16>
  %v2 = hlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x4xf16>) -> tensor<2x4x3xf16>
  %v3 = hlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x4xf16>) -> tensor<3x2x4xf16>
  %v4 = hlo.transpose %arg1, dims = [1, 2, 0] : (tensor<2x3x4xf16>) -> tensor<3x4x2xf16>
  %v5 = hlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xf16>) -> tensor<4x2x3xf16>
  %v6 = hlo.transpose %arg1, dims = [2, 1, 0] : (tensor<2x3x4xf16>) -> tensor<4x3x2xf16>
  %v7 = hlo.transpose %arg2, dims = [] : (tensor<f16>) -> tensor<f16>
  %v8 = hlo.transpose %arg3, dims = [1, 0] : (tensor<0x1xf16>) -> tensor<1x0xf16>
  %v9 = hlo.transpose %arg4, dims = [1, 0] : (tensor<1x5xf16>) -> tensor<5x1xf16>
  %v10 = hlo.transpose %arg5, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xf16>) -> tensor<5x3x2x4xf16>
  %v11 = hlo.transpose %arg6, dims = [1, 0] : (tensor<17x31xf16>) -> tensor<31x17xf16>
  %v12 = hlo.transpose %arg7, dims = [1, 2, 0] : (tensor<3x1x2xf16>) -> tensor<1x2x3xf16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<3x2xf16>, tensor<2x3x4xf16>, tensor<2x4x3xf16>, tensor<3x2x4xf16>, tensor<3x4x2xf16>, tensor<4x2x3xf16>, tensor<4x3x2xf16>, tensor<f16>, tensor<1x0xf16>, tensor<5x1xf16>, tensor<5x3x2x4xf16>, tensor<31x17xf16>, tensor<1x2x3xf16>
}

// CHECK: @transpose_f64 result 0: ok
// CHECK: @transpose_f64 result 1: ok
// CHECK: @transpose_f64 result 2: ok
// CHECK: @transpose_f64 result 3: ok
// CHECK: @transpose_f64 result 4: ok
// CHECK: @transpose_f64 result 5: ok
// CHECK: @transpose_f64 result 6: ok
// CHECK: @transpose_f64 result 7: ok
// CHECK: @transpose_f64 result 8: ok
// CHECK: @transpose_f64 result 9: ok
// CHECK: @transpose_f64 result 10: ok
// CHECK: @transpose_f64 result 11: ok
// CHECK: @transpose_f64 result 12: ok
func.func @transpose_f64(%arg0: tensor<2x3xf64>, %arg1: tensor<2x3x4xf64>, %arg2: tensor<f64>, %arg3: tensor<0x1xf64>, %arg4: tensor<1x5xf64>, %arg5: tensor<2x3x4x5xf64>, %arg6: tensor<17x31xf64>, %arg7: tensor<3x1x2xf64>) -> (tensor<3x2xf64>, tensor<2x3x4xf64>, tensor<2x4x3xf64>, tensor<3x2x4xf64>, tensor<3x4x2xf64>, tensor<4x2x3xf64>, tensor<4x3x2xf64>, tensor<f64>, tensor<1x0xf64>, tensor<5x1xf64>, tensor<5x3x2x4xf64>, tensor<31x17xf64>, tensor<1x2x3xf64>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xf64>) -> tensor<3x2xf64>
  %v1 = hlo.transpose %arg1, dims = [0, 1, 2] : (tensor<2x3x4xf64>) -> tensor<2x3x4xf64>
  %v2 = hlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x4xf64>) -> tensor<2x4x3xf64>
  %v3 = hlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x4xf64>) -> tensor<3x2x4xf64>
  %v4 = hlo.transpose %arg1, dims = [1, 2, 0] : (tensor<2x3x4xf64>) -> tensor<3x4x2xf64>
  %v5 = hlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xf64>) -> tensor<4x2x3xf64>
  %v6 = hlo.transpose %arg1, dims = [2, 1, 0] : (tensor<2x3x4xf64>) -> tensor<4x3x2xf64>
  %v7 = hlo.transpose %arg2, dims = [] : (tensor<f64>) -> tensor<f64>
  %v8 = hlo.transpose %arg3, dims = [1, 0] : (tensor<0x1xf64>) -> tensor<1x0xf64>
  %v9 = hlo.transpose %arg4, dims = [1, 0] : (tensor<1x5xf64>) -> tensor<5x1xf64>
  %v10 = hlo.transpose %arg5, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xf64>) -> tensor<5x3x2x4xf64>
  %v11 = hlo.transpose %arg6, dims = [1, 0] : (tensor<17x31xf64>) -> tensor<31x17xf64>
  %v12 = hlo.transpose %arg7, dims = [1, 2, 0] : (tensor<3x1x2xf64>) -> tensor<1x2x3xf64>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<3x2xf64>, tensor<2x3x4xf64>, tensor<2x4x3xf64>, tensor<3x2x4xf64>, tensor<3x4x2xf64>, tensor<4x2x3xf64>, tensor<4x3x2xf64>, tensor<f64>, tensor<1x0xf64>, tensor<5x1xf64>, tensor<5x3x2x4xf64>, tensor<31x17xf64>, tensor<1x2x3xf64>
}

// CHECK: @transpose_i8 result 0: ok
// CHECK: @transpose_i8 result 1: ok
// CHECK: @transpose_i8 result 2: ok
// CHECK: @transpose_i8 result 3: ok
// CHECK: @transpose_i8 result 4: ok
// CHECK: @transpose_i8 result 5: ok
// CHECK: @transpose_i8 result 6: ok
// CHECK: @transpose_i8 result 7: ok
// CHECK: @transpose_i8 result 8: ok
// CHECK: @transpose_i8 result 9: ok
// CHECK: @transpose_i8 result 10: ok
// CHECK: @transpose_i8 result 11: ok
// CHECK: @transpose_i8 result 12: ok
func.func @transpose_i8(%arg0: tensor<2x3xi8>, %arg1: tensor<2x3x4xi8>, %arg2: tensor<i8>, %arg3: tensor<0x1xi8>, %arg4: tensor<1x5xi8>, %arg5: tensor<2x3x4x5xi8>, %arg6: tensor<17x31xi8>, %arg7: tensor<3x1x2xi8>) -> (tensor<3x2xi8>, tensor<2x3x4xi8>, tensor<2x4x3xi8>, tensor<3x2x4xi8>, tensor<3x4x2xi8>, tensor<4x2x3xi8>, tensor<4x3x2xi8>, tensor<i8>, tensor<1x0xi8>, tensor<5x1xi8>, tensor<5x3x2x4xi8>, tensor<31x17xi8>, tensor<1x2x3xi8>) {
  %v0 = hlo.transpose %arg0, dims = [1, 0] : (tensor<2x3xi8>) -> tensor<3x2xi8>
  %v1 = hlo.transpose %arg1, dims = [0, 1, 2] : (tensor<2x3x4xi8>) -> tensor<2x3x4xi8>
  %v2 = hlo.transpose %arg1, dims = [0, 2, 1] : (tensor<2x3x4xi8>) -> tensor<2x4x3xi8>
  %v3 = hlo.transpose %arg1, dims = [1, 0, 2] : (tensor<2x3x4xi8>) -> tensor<3x2x4xi8>
  %v4 = hlo.transpose %arg1, dims = [1, 2, 0] : (tensor<2x3x4xi8>) -> tensor<3x4x2xi8>
  %v5 = hlo.transpose %arg1, dims = [2, 0, 1] : (tensor<2x3x4xi8>) -> tensor<4x2x3xi8>
  %v6 = hlo.transpose %arg1, dims = [2, 1, 0] : (tensor<2x3x4xi8>) -> tensor<4x3x2xi8>
  %v7 = hlo.transpose %arg2, dims = [] : (tensor<i8>) -> tensor<i8>
  %v8 = hlo.transpose %arg3, dims = [1, 0] : (tensor<0x1xi8>) -> tensor<1x0xi8>
  %v9 = hlo.transpose %arg4, dims = [1, 0] : (tensor<1x5xi8>) -> tensor<5x1xi8>
  %v10 = hlo.transpose %arg5, dims = [3, 1, 0, 2] : (tensor<2x3x4x5xi8>) -> tensor<5x3x2x4xi8>
  %v11 = hlo.transpose %arg6, dims = [1, 0] : (tensor<17x31xi8>) -> tensor<31x17xi8>
  %v12 = hlo.transpose %arg7, dims = [1, 2, 0] : (tensor<3x1x2xi8>) -> tensor<1x2x3xi8>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<3x2xi8>, tensor<2x3x4xi8>, tensor<2x4x3xi8>, tensor<3x2x4xi8>, tensor<3x4x2xi8>, tensor<4x2x3xi8>, tensor<4x3x2xi8>, tensor<i8>, tensor<1x0xi8>, tensor<5x1xi8>, tensor<5x3x2x4xi8>, tensor<31x17xi8>, tensor<1x2x3xi8>
}

// Transposes composed with elementwise ops and each other.
// CHECK: @transpose_chain result 0: ok
// CHECK: @transpose_chain result 1: ok
func.func @transpose_chain(%arg0: tensor<3x4x5xf32>, %arg1: tensor<5x3x4xf32>) -> (tensor<3x4x5xf32>, tensor<3x4x5xf32>) {
  %v0 = hlo.transpose %arg0, dims = [2, 0, 1] : (tensor<3x4x5xf32>) -> tensor<5x3x4xf32>
  %v1 = hlo.add %v0, %arg1 : tensor<5x3x4xf32>
  %v2 = hlo.transpose %v1, dims = [1, 2, 0] : (tensor<5x3x4xf32>) -> tensor<3x4x5xf32>
  %v3 = hlo.transpose %arg0, dims = [1, 0, 2] : (tensor<3x4x5xf32>) -> tensor<4x3x5xf32>
  %v4 = hlo.transpose %v3, dims = [1, 0, 2] : (tensor<4x3x5xf32>) -> tensor<3x4x5xf32>
  return %v2, %v4 : tensor<3x4x5xf32>, tensor<3x4x5xf32>
}
