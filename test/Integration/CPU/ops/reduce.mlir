// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// The same with other reduction splits, on one thread.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="parallel=0 reduction-lanes=8 reduction-blocks=4" | FileCheck %s

// reduce in short form (add, multiply, maximum, minimum, and, or) on every
// element type it takes, over rows, columns, middle, several and all
// dimensions, with dims = [] and zero-size reduced dimensions (init from an
// argument); general bodies: arg-max/arg-min (two inputs of different types),
// sum-and-max, a three-input reduce, a body with a constant, xor. The large
// sums are in reduce-large.mlir.

// Row, column, middle, outer, full and size-1 reductions.
// CHECK: @reduce_add_f32 result 0: ok
// CHECK: @reduce_add_f32 result 1: ok
// CHECK: @reduce_add_f32 result 2: ok
// CHECK: @reduce_add_f32 result 3: ok
// CHECK: @reduce_add_f32 result 4: ok
// CHECK: @reduce_add_f32 result 5: ok
// CHECK: @reduce_add_f32 result 6: ok
// CHECK: @reduce_add_f32 result 7: ok
// CHECK: @reduce_add_f32 result 8: ok
// CHECK: @reduce_add_f32 result 9: ok
// CHECK: @reduce_add_f32 result 10: ok
// CHECK: @reduce_add_f32 result 11: ok
func.func @reduce_add_f32(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<3x4x5xf32>, %arg4: tensor<3x4x5xf32>, %arg5: tensor<3x4x5xf32>, %arg6: tensor<1x6xf32>, %arg7: tensor<6x1xf32>, %arg8: tensor<2x3x4x5xf32>, %arg9: tensor<7xf32>, %arg10: tensor<33x65xf32>, %arg11: tensor<33x65xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<3x5xf32>, tensor<4xf32>, tensor<3x4xf32>, tensor<1xf32>, tensor<6xf32>, tensor<3x4xf32>, tensor<f32>, tensor<33xf32>, tensor<65xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<f32>
  %v1 = hlo.reduce add(%arg0 init %v0) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %v2 = hlo.reduce add(%arg1 init %v0) dims = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %v3 = hlo.reduce add(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %v4 = hlo.reduce add(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %v5 = hlo.reduce add(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %v6 = hlo.reduce add(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v7 = hlo.reduce add(%arg6 init %v0) dims = [1] : (tensor<1x6xf32>, tensor<f32>) -> tensor<1xf32>
  %v8 = hlo.reduce add(%arg7 init %v0) dims = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
  %v9 = hlo.reduce add(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v10 = hlo.reduce add(%arg9 init %v0) dims = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<f32>
  %v11 = hlo.reduce add(%arg10 init %v0) dims = [1] : (tensor<33x65xf32>, tensor<f32>) -> tensor<33xf32>
  %v12 = hlo.reduce add(%arg11 init %v0) dims = [0] : (tensor<33x65xf32>, tensor<f32>) -> tensor<65xf32>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<3x5xf32>, tensor<4xf32>, tensor<3x4xf32>, tensor<1xf32>, tensor<6xf32>, tensor<3x4xf32>, tensor<f32>, tensor<33xf32>, tensor<65xf32>
}

// Row, column, middle, outer, full and size-1 reductions.
// CHECK: @reduce_add_f64 result 0: ok
// CHECK: @reduce_add_f64 result 1: ok
// CHECK: @reduce_add_f64 result 2: ok
// CHECK: @reduce_add_f64 result 3: ok
// CHECK: @reduce_add_f64 result 4: ok
// CHECK: @reduce_add_f64 result 5: ok
// CHECK: @reduce_add_f64 result 6: ok
// CHECK: @reduce_add_f64 result 7: ok
// CHECK: @reduce_add_f64 result 8: ok
// CHECK: @reduce_add_f64 result 9: ok
// CHECK: @reduce_add_f64 result 10: ok
// CHECK: @reduce_add_f64 result 11: ok
func.func @reduce_add_f64(%arg0: tensor<4x8xf64>, %arg1: tensor<4x8xf64>, %arg2: tensor<4x8xf64>, %arg3: tensor<3x4x5xf64>, %arg4: tensor<3x4x5xf64>, %arg5: tensor<3x4x5xf64>, %arg6: tensor<1x6xf64>, %arg7: tensor<6x1xf64>, %arg8: tensor<2x3x4x5xf64>, %arg9: tensor<7xf64>, %arg10: tensor<33x65xf64>, %arg11: tensor<33x65xf64>) -> (tensor<4xf64>, tensor<8xf64>, tensor<f64>, tensor<3x5xf64>, tensor<4xf64>, tensor<3x4xf64>, tensor<1xf64>, tensor<6xf64>, tensor<3x4xf64>, tensor<f64>, tensor<33xf64>, tensor<65xf64>) {
  %v0 = hlo.constant dense<0.0> : tensor<f64>
  %v1 = hlo.reduce add(%arg0 init %v0) dims = [1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
  %v2 = hlo.reduce add(%arg1 init %v0) dims = [0] : (tensor<4x8xf64>, tensor<f64>) -> tensor<8xf64>
  %v3 = hlo.reduce add(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<f64>
  %v4 = hlo.reduce add(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<3x5xf64>
  %v5 = hlo.reduce add(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<4xf64>
  %v6 = hlo.reduce add(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<3x4xf64>
  %v7 = hlo.reduce add(%arg6 init %v0) dims = [1] : (tensor<1x6xf64>, tensor<f64>) -> tensor<1xf64>
  %v8 = hlo.reduce add(%arg7 init %v0) dims = [1] : (tensor<6x1xf64>, tensor<f64>) -> tensor<6xf64>
  %v9 = hlo.reduce add(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf64>, tensor<f64>) -> tensor<3x4xf64>
  %v10 = hlo.reduce add(%arg9 init %v0) dims = [0] : (tensor<7xf64>, tensor<f64>) -> tensor<f64>
  %v11 = hlo.reduce add(%arg10 init %v0) dims = [1] : (tensor<33x65xf64>, tensor<f64>) -> tensor<33xf64>
  %v12 = hlo.reduce add(%arg11 init %v0) dims = [0] : (tensor<33x65xf64>, tensor<f64>) -> tensor<65xf64>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v12 : tensor<4xf64>, tensor<8xf64>, tensor<f64>, tensor<3x5xf64>, tensor<4xf64>, tensor<3x4xf64>, tensor<1xf64>, tensor<6xf64>, tensor<3x4xf64>, tensor<f64>, tensor<33xf64>, tensor<65xf64>
}

// Sums of small integers (round_nearest_even of the inputs) are
// exact in any order.
// CHECK: @reduce_add_f16 result 0: ok
// CHECK: @reduce_add_f16 result 1: ok
// CHECK: @reduce_add_f16 result 2: ok
// CHECK: @reduce_add_f16 result 3: ok
// CHECK: @reduce_add_f16 result 4: ok
// CHECK: @reduce_add_f16 result 5: ok
// CHECK: @reduce_add_f16 result 6: ok
// CHECK: @reduce_add_f16 result 7: ok
// CHECK: @reduce_add_f16 result 8: ok
// CHECK: @reduce_add_f16 result 9: ok
func.func @reduce_add_f16(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>, %arg2: tensor<4x8xf16>, %arg3: tensor<3x4x5xf16>, %arg4: tensor<3x4x5xf16>, %arg5: tensor<3x4x5xf16>, %arg6: tensor<1x6xf16>, %arg7: tensor<6x1xf16>, %arg8: tensor<2x3x4x5xf16>, %arg9: tensor<7xf16>) -> (tensor<4xf16>, tensor<8xf16>, tensor<f16>, tensor<3x5xf16>, tensor<4xf16>, tensor<3x4xf16>, tensor<1xf16>, tensor<6xf16>, tensor<3x4xf16>, tensor<f16>) {
  %v0 = hlo.constant dense<0.0> : tensor<f16>
  %v1 = hlo.round_nearest_even %arg0 : tensor<4x8xf16>
  %v2 = hlo.reduce add(%v1 init %v0) dims = [1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<4xf16>
  %v3 = hlo.round_nearest_even %arg1 : tensor<4x8xf16>
  %v4 = hlo.reduce add(%v3 init %v0) dims = [0] : (tensor<4x8xf16>, tensor<f16>) -> tensor<8xf16>
  %v5 = hlo.round_nearest_even %arg2 : tensor<4x8xf16>
  %v6 = hlo.reduce add(%v5 init %v0) dims = [0, 1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<f16>
  %v7 = hlo.round_nearest_even %arg3 : tensor<3x4x5xf16>
  %v8 = hlo.reduce add(%v7 init %v0) dims = [1] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<3x5xf16>
  %v9 = hlo.round_nearest_even %arg4 : tensor<3x4x5xf16>
  %v10 = hlo.reduce add(%v9 init %v0) dims = [0, 2] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<4xf16>
  %v11 = hlo.round_nearest_even %arg5 : tensor<3x4x5xf16>
  %v12 = hlo.reduce add(%v11 init %v0) dims = [2] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v13 = hlo.round_nearest_even %arg6 : tensor<1x6xf16>
  %v14 = hlo.reduce add(%v13 init %v0) dims = [1] : (tensor<1x6xf16>, tensor<f16>) -> tensor<1xf16>
  %v15 = hlo.round_nearest_even %arg7 : tensor<6x1xf16>
  %v16 = hlo.reduce add(%v15 init %v0) dims = [1] : (tensor<6x1xf16>, tensor<f16>) -> tensor<6xf16>
  %v17 = hlo.round_nearest_even %arg8 : tensor<2x3x4x5xf16>
  %v18 = hlo.reduce add(%v17 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v19 = hlo.round_nearest_even %arg9 : tensor<7xf16>
  %v20 = hlo.reduce add(%v19 init %v0) dims = [0] : (tensor<7xf16>, tensor<f16>) -> tensor<f16>
  return %v2, %v4, %v6, %v8, %v10, %v12, %v14, %v16, %v18, %v20 : tensor<4xf16>, tensor<8xf16>, tensor<f16>, tensor<3x5xf16>, tensor<4xf16>, tensor<3x4xf16>, tensor<1xf16>, tensor<6xf16>, tensor<3x4xf16>, tensor<f16>
}

// Sums of small integers (round_nearest_even of the inputs) are
// exact in any order.
// CHECK: @reduce_add_bf16 result 0: ok
// CHECK: @reduce_add_bf16 result 1: ok
// CHECK: @reduce_add_bf16 result 2: ok
// CHECK: @reduce_add_bf16 result 3: ok
// CHECK: @reduce_add_bf16 result 4: ok
// CHECK: @reduce_add_bf16 result 5: ok
// CHECK: @reduce_add_bf16 result 6: ok
// CHECK: @reduce_add_bf16 result 7: ok
// CHECK: @reduce_add_bf16 result 8: ok
// CHECK: @reduce_add_bf16 result 9: ok
func.func @reduce_add_bf16(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xbf16>, %arg2: tensor<4x8xbf16>, %arg3: tensor<3x4x5xbf16>, %arg4: tensor<3x4x5xbf16>, %arg5: tensor<3x4x5xbf16>, %arg6: tensor<1x6xbf16>, %arg7: tensor<6x1xbf16>, %arg8: tensor<2x3x4x5xbf16>, %arg9: tensor<7xbf16>) -> (tensor<4xbf16>, tensor<8xbf16>, tensor<bf16>, tensor<3x5xbf16>, tensor<4xbf16>, tensor<3x4xbf16>, tensor<1xbf16>, tensor<6xbf16>, tensor<3x4xbf16>, tensor<bf16>) {
  %v0 = hlo.constant dense<0.0> : tensor<bf16>
  %v1 = hlo.round_nearest_even %arg0 : tensor<4x8xbf16>
  %v2 = hlo.reduce add(%v1 init %v0) dims = [1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %v3 = hlo.round_nearest_even %arg1 : tensor<4x8xbf16>
  %v4 = hlo.reduce add(%v3 init %v0) dims = [0] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %v5 = hlo.round_nearest_even %arg2 : tensor<4x8xbf16>
  %v6 = hlo.reduce add(%v5 init %v0) dims = [0, 1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<bf16>
  %v7 = hlo.round_nearest_even %arg3 : tensor<3x4x5xbf16>
  %v8 = hlo.reduce add(%v7 init %v0) dims = [1] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<3x5xbf16>
  %v9 = hlo.round_nearest_even %arg4 : tensor<3x4x5xbf16>
  %v10 = hlo.reduce add(%v9 init %v0) dims = [0, 2] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %v11 = hlo.round_nearest_even %arg5 : tensor<3x4x5xbf16>
  %v12 = hlo.reduce add(%v11 init %v0) dims = [2] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  %v13 = hlo.round_nearest_even %arg6 : tensor<1x6xbf16>
  %v14 = hlo.reduce add(%v13 init %v0) dims = [1] : (tensor<1x6xbf16>, tensor<bf16>) -> tensor<1xbf16>
  %v15 = hlo.round_nearest_even %arg7 : tensor<6x1xbf16>
  %v16 = hlo.reduce add(%v15 init %v0) dims = [1] : (tensor<6x1xbf16>, tensor<bf16>) -> tensor<6xbf16>
  %v17 = hlo.round_nearest_even %arg8 : tensor<2x3x4x5xbf16>
  %v18 = hlo.reduce add(%v17 init %v0) dims = [0, 3] : (tensor<2x3x4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  %v19 = hlo.round_nearest_even %arg9 : tensor<7xbf16>
  %v20 = hlo.reduce add(%v19 init %v0) dims = [0] : (tensor<7xbf16>, tensor<bf16>) -> tensor<bf16>
  return %v2, %v4, %v6, %v8, %v10, %v12, %v14, %v16, %v18, %v20 : tensor<4xbf16>, tensor<8xbf16>, tensor<bf16>, tensor<3x5xbf16>, tensor<4xbf16>, tensor<3x4xbf16>, tensor<1xbf16>, tensor<6xbf16>, tensor<3x4xbf16>, tensor<bf16>
}

// dims = [] applies the body to the init value and each element;
// a reduced dimension of size 0 gives the init value.
// CHECK: @reduce_init_f32 result 0: ok
// CHECK: @reduce_init_f32 result 1: ok
// CHECK: @reduce_init_f32 result 2: ok
// CHECK: @reduce_init_f32 result 3: ok
// CHECK: @reduce_init_f32 result 4: ok
// CHECK: @reduce_init_f32 result 5: ok
// CHECK: @reduce_init_f32 result 6: ok
// CHECK: @reduce_init_f32 result 7: ok
// CHECK: @reduce_init_f32 result 8: ok
// CHECK: @reduce_init_f32 result 9: ok
func.func @reduce_init_f32(%arg0: tensor<f32>, %arg1: tensor<3x4xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<3x0x2xf32>, %arg4: tensor<f32>, %arg5: tensor<0xf32>, %arg6: tensor<3x4xf32>, %arg7: tensor<0x3xf32>, %arg8: tensor<3x0x2xf32>, %arg9: tensor<f32>, %arg10: tensor<0xf32>) -> (tensor<3x4xf32>, tensor<3xf32>, tensor<2xf32>, tensor<f32>, tensor<f32>, tensor<3x4xf32>, tensor<3xf32>, tensor<2xf32>, tensor<f32>, tensor<f32>) {
  %v0 = hlo.reduce add(%arg1 init %arg0) dims = [] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v1 = hlo.reduce add(%arg2 init %arg0) dims = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  %v2 = hlo.reduce add(%arg3 init %arg0) dims = [0, 1] : (tensor<3x0x2xf32>, tensor<f32>) -> tensor<2xf32>
  %v3 = hlo.reduce add(%arg4 init %arg0) dims = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %v4 = hlo.reduce add(%arg5 init %arg0) dims = [0] : (tensor<0xf32>, tensor<f32>) -> tensor<f32>
  %v5 = hlo.reduce maximum(%arg6 init %arg0) dims = [] : (tensor<3x4xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v6 = hlo.reduce maximum(%arg7 init %arg0) dims = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32>
  %v7 = hlo.reduce maximum(%arg8 init %arg0) dims = [0, 1] : (tensor<3x0x2xf32>, tensor<f32>) -> tensor<2xf32>
  %v8 = hlo.reduce maximum(%arg9 init %arg0) dims = [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %v9 = hlo.reduce maximum(%arg10 init %arg0) dims = [0] : (tensor<0xf32>, tensor<f32>) -> tensor<f32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9 : tensor<3x4xf32>, tensor<3xf32>, tensor<2xf32>, tensor<f32>, tensor<f32>, tensor<3x4xf32>, tensor<3xf32>, tensor<2xf32>, tensor<f32>, tensor<f32>
}

// dims = [] applies the body to the init value and each element;
// a reduced dimension of size 0 gives the init value.
// CHECK: @reduce_init_i32 result 0: ok
// CHECK: @reduce_init_i32 result 1: ok
// CHECK: @reduce_init_i32 result 2: ok
// CHECK: @reduce_init_i32 result 3: ok
// CHECK: @reduce_init_i32 result 4: ok
// CHECK: @reduce_init_i32 result 5: ok
// CHECK: @reduce_init_i32 result 6: ok
// CHECK: @reduce_init_i32 result 7: ok
// CHECK: @reduce_init_i32 result 8: ok
// CHECK: @reduce_init_i32 result 9: ok
func.func @reduce_init_i32(%arg0: tensor<i32>, %arg1: tensor<3x4xi32>, %arg2: tensor<0x3xi32>, %arg3: tensor<3x0x2xi32>, %arg4: tensor<i32>, %arg5: tensor<0xi32>, %arg6: tensor<3x4xi32>, %arg7: tensor<0x3xi32>, %arg8: tensor<3x0x2xi32>, %arg9: tensor<i32>, %arg10: tensor<0xi32>) -> (tensor<3x4xi32>, tensor<3xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<3x4xi32>, tensor<3xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>) {
  %v0 = hlo.reduce add(%arg1 init %arg0) dims = [] : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v1 = hlo.reduce add(%arg2 init %arg0) dims = [0] : (tensor<0x3xi32>, tensor<i32>) -> tensor<3xi32>
  %v2 = hlo.reduce add(%arg3 init %arg0) dims = [0, 1] : (tensor<3x0x2xi32>, tensor<i32>) -> tensor<2xi32>
  %v3 = hlo.reduce add(%arg4 init %arg0) dims = [] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %v4 = hlo.reduce add(%arg5 init %arg0) dims = [0] : (tensor<0xi32>, tensor<i32>) -> tensor<i32>
  %v5 = hlo.reduce maximum(%arg6 init %arg0) dims = [] : (tensor<3x4xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v6 = hlo.reduce maximum(%arg7 init %arg0) dims = [0] : (tensor<0x3xi32>, tensor<i32>) -> tensor<3xi32>
  %v7 = hlo.reduce maximum(%arg8 init %arg0) dims = [0, 1] : (tensor<3x0x2xi32>, tensor<i32>) -> tensor<2xi32>
  %v8 = hlo.reduce maximum(%arg9 init %arg0) dims = [] : (tensor<i32>, tensor<i32>) -> tensor<i32>
  %v9 = hlo.reduce maximum(%arg10 init %arg0) dims = [0] : (tensor<0xi32>, tensor<i32>) -> tensor<i32>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9 : tensor<3x4xi32>, tensor<3xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>, tensor<3x4xi32>, tensor<3xi32>, tensor<2xi32>, tensor<i32>, tensor<i32>
}

// dims = [] applies the body to the init value and each element;
// a reduced dimension of size 0 gives the init value.
// CHECK: @reduce_init_f16 result 0: ok
// CHECK: @reduce_init_f16 result 1: ok
// CHECK: @reduce_init_f16 result 2: ok
// CHECK: @reduce_init_f16 result 3: ok
// CHECK: @reduce_init_f16 result 4: ok
// CHECK: @reduce_init_f16 result 5: ok
// CHECK: @reduce_init_f16 result 6: ok
// CHECK: @reduce_init_f16 result 7: ok
// CHECK: @reduce_init_f16 result 8: ok
// CHECK: @reduce_init_f16 result 9: ok
func.func @reduce_init_f16(%arg0: tensor<f16>, %arg1: tensor<3x4xf16>, %arg2: tensor<0x3xf16>, %arg3: tensor<3x0x2xf16>, %arg4: tensor<f16>, %arg5: tensor<0xf16>, %arg6: tensor<3x4xf16>, %arg7: tensor<0x3xf16>, %arg8: tensor<3x0x2xf16>, %arg9: tensor<f16>, %arg10: tensor<0xf16>) -> (tensor<3x4xf16>, tensor<3xf16>, tensor<2xf16>, tensor<f16>, tensor<f16>, tensor<3x4xf16>, tensor<3xf16>, tensor<2xf16>, tensor<f16>, tensor<f16>) {
  %v0 = hlo.reduce add(%arg1 init %arg0) dims = [] : (tensor<3x4xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v1 = hlo.reduce add(%arg2 init %arg0) dims = [0] : (tensor<0x3xf16>, tensor<f16>) -> tensor<3xf16>
  %v2 = hlo.reduce add(%arg3 init %arg0) dims = [0, 1] : (tensor<3x0x2xf16>, tensor<f16>) -> tensor<2xf16>
  %v3 = hlo.reduce add(%arg4 init %arg0) dims = [] : (tensor<f16>, tensor<f16>) -> tensor<f16>
  %v4 = hlo.reduce add(%arg5 init %arg0) dims = [0] : (tensor<0xf16>, tensor<f16>) -> tensor<f16>
  %v5 = hlo.reduce maximum(%arg6 init %arg0) dims = [] : (tensor<3x4xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v6 = hlo.reduce maximum(%arg7 init %arg0) dims = [0] : (tensor<0x3xf16>, tensor<f16>) -> tensor<3xf16>
  %v7 = hlo.reduce maximum(%arg8 init %arg0) dims = [0, 1] : (tensor<3x0x2xf16>, tensor<f16>) -> tensor<2xf16>
  %v8 = hlo.reduce maximum(%arg9 init %arg0) dims = [] : (tensor<f16>, tensor<f16>) -> tensor<f16>
  %v9 = hlo.reduce maximum(%arg10 init %arg0) dims = [0] : (tensor<0xf16>, tensor<f16>) -> tensor<f16>
  return %v0, %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9 : tensor<3x4xf16>, tensor<3xf16>, tensor<2xf16>, tensor<f16>, tensor<f16>, tensor<3x4xf16>, tensor<3xf16>, tensor<2xf16>, tensor<f16>, tensor<f16>
}

// CHECK: @reduce_multiply_f32 result 0: ok
// CHECK: @reduce_multiply_f32 result 1: ok
// CHECK: @reduce_multiply_f32 result 2: ok
// CHECK: @reduce_multiply_f32 result 3: ok
// CHECK: @reduce_multiply_f32 result 4: ok
func.func @reduce_multiply_f32(%arg0: tensor<4x5xf32>, %arg1: tensor<5x4xf32>, %arg2: tensor<2x3xf32>, %arg3: tensor<2x3x2xf32>, %arg4: tensor<16x12xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<3xf32>, tensor<12xf32>) {
  %v0 = hlo.constant dense<1.0> : tensor<f32>
  %v1 = hlo.reduce multiply(%arg0 init %v0) dims = [1] : (tensor<4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %v2 = hlo.reduce multiply(%arg1 init %v0) dims = [0] : (tensor<5x4xf32>, tensor<f32>) -> tensor<4xf32>
  %v3 = hlo.reduce multiply(%arg2 init %v0) dims = [0, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<f32>
  %v4 = hlo.reduce multiply(%arg3 init %v0) dims = [0, 2] : (tensor<2x3x2xf32>, tensor<f32>) -> tensor<3xf32>
  %v5 = hlo.reduce multiply(%arg4 init %v0) dims = [0] : (tensor<16x12xf32>, tensor<f32>) -> tensor<12xf32>
  return %v1, %v2, %v3, %v4, %v5 : tensor<4xf32>, tensor<4xf32>, tensor<f32>, tensor<3xf32>, tensor<12xf32>
}

// CHECK: @reduce_multiply_f64 result 0: ok
// CHECK: @reduce_multiply_f64 result 1: ok
// CHECK: @reduce_multiply_f64 result 2: ok
// CHECK: @reduce_multiply_f64 result 3: ok
// CHECK: @reduce_multiply_f64 result 4: ok
func.func @reduce_multiply_f64(%arg0: tensor<4x5xf64>, %arg1: tensor<5x4xf64>, %arg2: tensor<2x3xf64>, %arg3: tensor<2x3x2xf64>, %arg4: tensor<16x12xf64>) -> (tensor<4xf64>, tensor<4xf64>, tensor<f64>, tensor<3xf64>, tensor<12xf64>) {
  %v0 = hlo.constant dense<1.0> : tensor<f64>
  %v1 = hlo.reduce multiply(%arg0 init %v0) dims = [1] : (tensor<4x5xf64>, tensor<f64>) -> tensor<4xf64>
  %v2 = hlo.reduce multiply(%arg1 init %v0) dims = [0] : (tensor<5x4xf64>, tensor<f64>) -> tensor<4xf64>
  %v3 = hlo.reduce multiply(%arg2 init %v0) dims = [0, 1] : (tensor<2x3xf64>, tensor<f64>) -> tensor<f64>
  %v4 = hlo.reduce multiply(%arg3 init %v0) dims = [0, 2] : (tensor<2x3x2xf64>, tensor<f64>) -> tensor<3xf64>
  %v5 = hlo.reduce multiply(%arg4 init %v0) dims = [0] : (tensor<16x12xf64>, tensor<f64>) -> tensor<12xf64>
  return %v1, %v2, %v3, %v4, %v5 : tensor<4xf64>, tensor<4xf64>, tensor<f64>, tensor<3xf64>, tensor<12xf64>
}

// f16: products of at most 6 small
// integers, exact in any order.
// CHECK: @reduce_multiply_f16 result 0: ok
// CHECK: @reduce_multiply_f16 result 1: ok
// CHECK: @reduce_multiply_f16 result 2: ok
// CHECK: @reduce_multiply_f16 result 3: ok
func.func @reduce_multiply_f16(%arg0: tensor<4x5xf16>, %arg1: tensor<5x4xf16>, %arg2: tensor<2x3xf16>, %arg3: tensor<2x3x2xf16>) -> (tensor<4xf16>, tensor<4xf16>, tensor<f16>, tensor<3xf16>) {
  %v0 = hlo.constant dense<1.0> : tensor<f16>
  %v1 = hlo.round_nearest_even %arg0 : tensor<4x5xf16>
  %v2 = hlo.reduce multiply(%v1 init %v0) dims = [1] : (tensor<4x5xf16>, tensor<f16>) -> tensor<4xf16>
  %v3 = hlo.round_nearest_even %arg1 : tensor<5x4xf16>
  %v4 = hlo.reduce multiply(%v3 init %v0) dims = [0] : (tensor<5x4xf16>, tensor<f16>) -> tensor<4xf16>
  %v5 = hlo.round_nearest_even %arg2 : tensor<2x3xf16>
  %v6 = hlo.reduce multiply(%v5 init %v0) dims = [0, 1] : (tensor<2x3xf16>, tensor<f16>) -> tensor<f16>
  %v7 = hlo.round_nearest_even %arg3 : tensor<2x3x2xf16>
  %v8 = hlo.reduce multiply(%v7 init %v0) dims = [0, 2] : (tensor<2x3x2xf16>, tensor<f16>) -> tensor<3xf16>
  return %v2, %v4, %v6, %v8 : tensor<4xf16>, tensor<4xf16>, tensor<f16>, tensor<3xf16>
}

// CHECK: @reduce_multiply_i32 result 0: ok
// CHECK: @reduce_multiply_i32 result 1: ok
// CHECK: @reduce_multiply_i32 result 2: ok
// CHECK: @reduce_multiply_i32 result 3: ok
// CHECK: @reduce_multiply_i32 result 4: ok
func.func @reduce_multiply_i32(%arg0: tensor<4x5xi32>, %arg1: tensor<5x4xi32>, %arg2: tensor<2x3xi32>, %arg3: tensor<2x3x2xi32>, %arg4: tensor<16x12xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<3xi32>, tensor<12xi32>) {
  %v0 = hlo.constant dense<1> : tensor<i32>
  %v1 = hlo.reduce multiply(%arg0 init %v0) dims = [1] : (tensor<4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %v2 = hlo.reduce multiply(%arg1 init %v0) dims = [0] : (tensor<5x4xi32>, tensor<i32>) -> tensor<4xi32>
  %v3 = hlo.reduce multiply(%arg2 init %v0) dims = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
  %v4 = hlo.reduce multiply(%arg3 init %v0) dims = [0, 2] : (tensor<2x3x2xi32>, tensor<i32>) -> tensor<3xi32>
  %v5 = hlo.reduce multiply(%arg4 init %v0) dims = [0] : (tensor<16x12xi32>, tensor<i32>) -> tensor<12xi32>
  return %v1, %v2, %v3, %v4, %v5 : tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<3xi32>, tensor<12xi32>
}

// CHECK: @reduce_multiply_i8 result 0: ok
// CHECK: @reduce_multiply_i8 result 1: ok
// CHECK: @reduce_multiply_i8 result 2: ok
// CHECK: @reduce_multiply_i8 result 3: ok
// CHECK: @reduce_multiply_i8 result 4: ok
func.func @reduce_multiply_i8(%arg0: tensor<4x5xi8>, %arg1: tensor<5x4xi8>, %arg2: tensor<2x3xi8>, %arg3: tensor<2x3x2xi8>, %arg4: tensor<16x12xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<i8>, tensor<3xi8>, tensor<12xi8>) {
  %v0 = hlo.constant dense<1> : tensor<i8>
  %v1 = hlo.reduce multiply(%arg0 init %v0) dims = [1] : (tensor<4x5xi8>, tensor<i8>) -> tensor<4xi8>
  %v2 = hlo.reduce multiply(%arg1 init %v0) dims = [0] : (tensor<5x4xi8>, tensor<i8>) -> tensor<4xi8>
  %v3 = hlo.reduce multiply(%arg2 init %v0) dims = [0, 1] : (tensor<2x3xi8>, tensor<i8>) -> tensor<i8>
  %v4 = hlo.reduce multiply(%arg3 init %v0) dims = [0, 2] : (tensor<2x3x2xi8>, tensor<i8>) -> tensor<3xi8>
  %v5 = hlo.reduce multiply(%arg4 init %v0) dims = [0] : (tensor<16x12xi8>, tensor<i8>) -> tensor<12xi8>
  return %v1, %v2, %v3, %v4, %v5 : tensor<4xi8>, tensor<4xi8>, tensor<i8>, tensor<3xi8>, tensor<12xi8>
}

// CHECK: @reduce_multiply_i64 result 0: ok
// CHECK: @reduce_multiply_i64 result 1: ok
// CHECK: @reduce_multiply_i64 result 2: ok
// CHECK: @reduce_multiply_i64 result 3: ok
// CHECK: @reduce_multiply_i64 result 4: ok
func.func @reduce_multiply_i64(%arg0: tensor<4x5xi64>, %arg1: tensor<5x4xi64>, %arg2: tensor<2x3xi64>, %arg3: tensor<2x3x2xi64>, %arg4: tensor<16x12xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<i64>, tensor<3xi64>, tensor<12xi64>) {
  %v0 = hlo.constant dense<1> : tensor<i64>
  %v1 = hlo.reduce multiply(%arg0 init %v0) dims = [1] : (tensor<4x5xi64>, tensor<i64>) -> tensor<4xi64>
  %v2 = hlo.reduce multiply(%arg1 init %v0) dims = [0] : (tensor<5x4xi64>, tensor<i64>) -> tensor<4xi64>
  %v3 = hlo.reduce multiply(%arg2 init %v0) dims = [0, 1] : (tensor<2x3xi64>, tensor<i64>) -> tensor<i64>
  %v4 = hlo.reduce multiply(%arg3 init %v0) dims = [0, 2] : (tensor<2x3x2xi64>, tensor<i64>) -> tensor<3xi64>
  %v5 = hlo.reduce multiply(%arg4 init %v0) dims = [0] : (tensor<16x12xi64>, tensor<i64>) -> tensor<12xi64>
  return %v1, %v2, %v3, %v4, %v5 : tensor<4xi64>, tensor<4xi64>, tensor<i64>, tensor<3xi64>, tensor<12xi64>
}

// CHECK: @reduce_maximum_f32 result 0: ok
// CHECK: @reduce_maximum_f32 result 1: ok
// CHECK: @reduce_maximum_f32 result 2: ok
// CHECK: @reduce_maximum_f32 result 3: ok
// CHECK: @reduce_maximum_f32 result 4: ok
// CHECK: @reduce_maximum_f32 result 5: ok
// CHECK: @reduce_maximum_f32 result 6: ok
// CHECK: @reduce_maximum_f32 result 7: ok
// CHECK: @reduce_maximum_f32 result 8: ok
// CHECK: @reduce_maximum_f32 result 9: ok
func.func @reduce_maximum_f32(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<3x4x5xf32>, %arg4: tensor<3x4x5xf32>, %arg5: tensor<3x4x5xf32>, %arg6: tensor<1x6xf32>, %arg7: tensor<6x1xf32>, %arg8: tensor<2x3x4x5xf32>, %arg9: tensor<7xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<3x5xf32>, tensor<4xf32>, tensor<3x4xf32>, tensor<1xf32>, tensor<6xf32>, tensor<3x4xf32>, tensor<f32>) {
  %v0 = hlo.constant dense<0xFF800000> : tensor<f32>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xf32>, tensor<f32>) -> tensor<1xf32>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<f32>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<3x5xf32>, tensor<4xf32>, tensor<3x4xf32>, tensor<1xf32>, tensor<6xf32>, tensor<3x4xf32>, tensor<f32>
}

// CHECK: @reduce_maximum_f64 result 0: ok
// CHECK: @reduce_maximum_f64 result 1: ok
// CHECK: @reduce_maximum_f64 result 2: ok
// CHECK: @reduce_maximum_f64 result 3: ok
// CHECK: @reduce_maximum_f64 result 4: ok
// CHECK: @reduce_maximum_f64 result 5: ok
// CHECK: @reduce_maximum_f64 result 6: ok
// CHECK: @reduce_maximum_f64 result 7: ok
// CHECK: @reduce_maximum_f64 result 8: ok
// CHECK: @reduce_maximum_f64 result 9: ok
func.func @reduce_maximum_f64(%arg0: tensor<4x8xf64>, %arg1: tensor<4x8xf64>, %arg2: tensor<4x8xf64>, %arg3: tensor<3x4x5xf64>, %arg4: tensor<3x4x5xf64>, %arg5: tensor<3x4x5xf64>, %arg6: tensor<1x6xf64>, %arg7: tensor<6x1xf64>, %arg8: tensor<2x3x4x5xf64>, %arg9: tensor<7xf64>) -> (tensor<4xf64>, tensor<8xf64>, tensor<f64>, tensor<3x5xf64>, tensor<4xf64>, tensor<3x4xf64>, tensor<1xf64>, tensor<6xf64>, tensor<3x4xf64>, tensor<f64>) {
  %v0 = hlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xf64>, tensor<f64>) -> tensor<8xf64>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<f64>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<3x5xf64>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<4xf64>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<3x4xf64>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xf64>, tensor<f64>) -> tensor<1xf64>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xf64>, tensor<f64>) -> tensor<6xf64>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf64>, tensor<f64>) -> tensor<3x4xf64>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xf64>, tensor<f64>) -> tensor<f64>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xf64>, tensor<8xf64>, tensor<f64>, tensor<3x5xf64>, tensor<4xf64>, tensor<3x4xf64>, tensor<1xf64>, tensor<6xf64>, tensor<3x4xf64>, tensor<f64>
}

// CHECK: @reduce_maximum_f16 result 0: ok
// CHECK: @reduce_maximum_f16 result 1: ok
// CHECK: @reduce_maximum_f16 result 2: ok
// CHECK: @reduce_maximum_f16 result 3: ok
// CHECK: @reduce_maximum_f16 result 4: ok
// CHECK: @reduce_maximum_f16 result 5: ok
// CHECK: @reduce_maximum_f16 result 6: ok
// CHECK: @reduce_maximum_f16 result 7: ok
// CHECK: @reduce_maximum_f16 result 8: ok
// CHECK: @reduce_maximum_f16 result 9: ok
func.func @reduce_maximum_f16(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>, %arg2: tensor<4x8xf16>, %arg3: tensor<3x4x5xf16>, %arg4: tensor<3x4x5xf16>, %arg5: tensor<3x4x5xf16>, %arg6: tensor<1x6xf16>, %arg7: tensor<6x1xf16>, %arg8: tensor<2x3x4x5xf16>, %arg9: tensor<7xf16>) -> (tensor<4xf16>, tensor<8xf16>, tensor<f16>, tensor<3x5xf16>, tensor<4xf16>, tensor<3x4xf16>, tensor<1xf16>, tensor<6xf16>, tensor<3x4xf16>, tensor<f16>) {
  %v0 = hlo.constant dense<0xFC00> : tensor<f16>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<4xf16>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xf16>, tensor<f16>) -> tensor<8xf16>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<f16>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<3x5xf16>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<4xf16>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xf16>, tensor<f16>) -> tensor<1xf16>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xf16>, tensor<f16>) -> tensor<6xf16>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xf16>, tensor<f16>) -> tensor<f16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xf16>, tensor<8xf16>, tensor<f16>, tensor<3x5xf16>, tensor<4xf16>, tensor<3x4xf16>, tensor<1xf16>, tensor<6xf16>, tensor<3x4xf16>, tensor<f16>
}

// CHECK: @reduce_maximum_bf16 result 0: ok
// CHECK: @reduce_maximum_bf16 result 1: ok
// CHECK: @reduce_maximum_bf16 result 2: ok
// CHECK: @reduce_maximum_bf16 result 3: ok
// CHECK: @reduce_maximum_bf16 result 4: ok
// CHECK: @reduce_maximum_bf16 result 5: ok
// CHECK: @reduce_maximum_bf16 result 6: ok
// CHECK: @reduce_maximum_bf16 result 7: ok
// CHECK: @reduce_maximum_bf16 result 8: ok
// CHECK: @reduce_maximum_bf16 result 9: ok
func.func @reduce_maximum_bf16(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xbf16>, %arg2: tensor<4x8xbf16>, %arg3: tensor<3x4x5xbf16>, %arg4: tensor<3x4x5xbf16>, %arg5: tensor<3x4x5xbf16>, %arg6: tensor<1x6xbf16>, %arg7: tensor<6x1xbf16>, %arg8: tensor<2x3x4x5xbf16>, %arg9: tensor<7xbf16>) -> (tensor<4xbf16>, tensor<8xbf16>, tensor<bf16>, tensor<3x5xbf16>, tensor<4xbf16>, tensor<3x4xbf16>, tensor<1xbf16>, tensor<6xbf16>, tensor<3x4xbf16>, tensor<bf16>) {
  %v0 = hlo.constant dense<0xFF80> : tensor<bf16>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<bf16>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<3x5xbf16>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xbf16>, tensor<bf16>) -> tensor<1xbf16>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xbf16>, tensor<bf16>) -> tensor<6xbf16>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xbf16>, tensor<bf16>) -> tensor<bf16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xbf16>, tensor<8xbf16>, tensor<bf16>, tensor<3x5xbf16>, tensor<4xbf16>, tensor<3x4xbf16>, tensor<1xbf16>, tensor<6xbf16>, tensor<3x4xbf16>, tensor<bf16>
}

// CHECK: @reduce_maximum_i8 result 0: ok
// CHECK: @reduce_maximum_i8 result 1: ok
// CHECK: @reduce_maximum_i8 result 2: ok
// CHECK: @reduce_maximum_i8 result 3: ok
// CHECK: @reduce_maximum_i8 result 4: ok
// CHECK: @reduce_maximum_i8 result 5: ok
// CHECK: @reduce_maximum_i8 result 6: ok
// CHECK: @reduce_maximum_i8 result 7: ok
// CHECK: @reduce_maximum_i8 result 8: ok
// CHECK: @reduce_maximum_i8 result 9: ok
func.func @reduce_maximum_i8(%arg0: tensor<4x8xi8>, %arg1: tensor<4x8xi8>, %arg2: tensor<4x8xi8>, %arg3: tensor<3x4x5xi8>, %arg4: tensor<3x4x5xi8>, %arg5: tensor<3x4x5xi8>, %arg6: tensor<1x6xi8>, %arg7: tensor<6x1xi8>, %arg8: tensor<2x3x4x5xi8>, %arg9: tensor<7xi8>) -> (tensor<4xi8>, tensor<8xi8>, tensor<i8>, tensor<3x5xi8>, tensor<4xi8>, tensor<3x4xi8>, tensor<1xi8>, tensor<6xi8>, tensor<3x4xi8>, tensor<i8>) {
  %v0 = hlo.constant dense<-128> : tensor<i8>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<4xi8>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xi8>, tensor<i8>) -> tensor<8xi8>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<i8>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<3x5xi8>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<4xi8>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<3x4xi8>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xi8>, tensor<i8>) -> tensor<1xi8>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xi8>, tensor<i8>) -> tensor<6xi8>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi8>, tensor<i8>) -> tensor<3x4xi8>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xi8>, tensor<i8>) -> tensor<i8>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi8>, tensor<8xi8>, tensor<i8>, tensor<3x5xi8>, tensor<4xi8>, tensor<3x4xi8>, tensor<1xi8>, tensor<6xi8>, tensor<3x4xi8>, tensor<i8>
}

// CHECK: @reduce_maximum_i16 result 0: ok
// CHECK: @reduce_maximum_i16 result 1: ok
// CHECK: @reduce_maximum_i16 result 2: ok
// CHECK: @reduce_maximum_i16 result 3: ok
// CHECK: @reduce_maximum_i16 result 4: ok
// CHECK: @reduce_maximum_i16 result 5: ok
// CHECK: @reduce_maximum_i16 result 6: ok
// CHECK: @reduce_maximum_i16 result 7: ok
// CHECK: @reduce_maximum_i16 result 8: ok
// CHECK: @reduce_maximum_i16 result 9: ok
func.func @reduce_maximum_i16(%arg0: tensor<4x8xi16>, %arg1: tensor<4x8xi16>, %arg2: tensor<4x8xi16>, %arg3: tensor<3x4x5xi16>, %arg4: tensor<3x4x5xi16>, %arg5: tensor<3x4x5xi16>, %arg6: tensor<1x6xi16>, %arg7: tensor<6x1xi16>, %arg8: tensor<2x3x4x5xi16>, %arg9: tensor<7xi16>) -> (tensor<4xi16>, tensor<8xi16>, tensor<i16>, tensor<3x5xi16>, tensor<4xi16>, tensor<3x4xi16>, tensor<1xi16>, tensor<6xi16>, tensor<3x4xi16>, tensor<i16>) {
  %v0 = hlo.constant dense<-32768> : tensor<i16>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xi16>, tensor<i16>) -> tensor<4xi16>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xi16>, tensor<i16>) -> tensor<8xi16>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi16>, tensor<i16>) -> tensor<i16>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<3x5xi16>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<4xi16>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<3x4xi16>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xi16>, tensor<i16>) -> tensor<1xi16>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xi16>, tensor<i16>) -> tensor<6xi16>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi16>, tensor<i16>) -> tensor<3x4xi16>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xi16>, tensor<i16>) -> tensor<i16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi16>, tensor<8xi16>, tensor<i16>, tensor<3x5xi16>, tensor<4xi16>, tensor<3x4xi16>, tensor<1xi16>, tensor<6xi16>, tensor<3x4xi16>, tensor<i16>
}

// CHECK: @reduce_maximum_i32 result 0: ok
// CHECK: @reduce_maximum_i32 result 1: ok
// CHECK: @reduce_maximum_i32 result 2: ok
// CHECK: @reduce_maximum_i32 result 3: ok
// CHECK: @reduce_maximum_i32 result 4: ok
// CHECK: @reduce_maximum_i32 result 5: ok
// CHECK: @reduce_maximum_i32 result 6: ok
// CHECK: @reduce_maximum_i32 result 7: ok
// CHECK: @reduce_maximum_i32 result 8: ok
// CHECK: @reduce_maximum_i32 result 9: ok
func.func @reduce_maximum_i32(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xi32>, %arg3: tensor<3x4x5xi32>, %arg4: tensor<3x4x5xi32>, %arg5: tensor<3x4x5xi32>, %arg6: tensor<1x6xi32>, %arg7: tensor<6x1xi32>, %arg8: tensor<2x3x4x5xi32>, %arg9: tensor<7xi32>) -> (tensor<4xi32>, tensor<8xi32>, tensor<i32>, tensor<3x5xi32>, tensor<4xi32>, tensor<3x4xi32>, tensor<1xi32>, tensor<6xi32>, tensor<3x4xi32>, tensor<i32>) {
  %v0 = hlo.constant dense<-2147483648> : tensor<i32>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xi32>, tensor<i32>) -> tensor<8xi32>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<i32>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x5xi32>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xi32>, tensor<i32>) -> tensor<1xi32>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xi32>, tensor<i32>) -> tensor<6xi32>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xi32>, tensor<i32>) -> tensor<i32>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi32>, tensor<8xi32>, tensor<i32>, tensor<3x5xi32>, tensor<4xi32>, tensor<3x4xi32>, tensor<1xi32>, tensor<6xi32>, tensor<3x4xi32>, tensor<i32>
}

// CHECK: @reduce_maximum_i64 result 0: ok
// CHECK: @reduce_maximum_i64 result 1: ok
// CHECK: @reduce_maximum_i64 result 2: ok
// CHECK: @reduce_maximum_i64 result 3: ok
// CHECK: @reduce_maximum_i64 result 4: ok
// CHECK: @reduce_maximum_i64 result 5: ok
// CHECK: @reduce_maximum_i64 result 6: ok
// CHECK: @reduce_maximum_i64 result 7: ok
// CHECK: @reduce_maximum_i64 result 8: ok
// CHECK: @reduce_maximum_i64 result 9: ok
func.func @reduce_maximum_i64(%arg0: tensor<4x8xi64>, %arg1: tensor<4x8xi64>, %arg2: tensor<4x8xi64>, %arg3: tensor<3x4x5xi64>, %arg4: tensor<3x4x5xi64>, %arg5: tensor<3x4x5xi64>, %arg6: tensor<1x6xi64>, %arg7: tensor<6x1xi64>, %arg8: tensor<2x3x4x5xi64>, %arg9: tensor<7xi64>) -> (tensor<4xi64>, tensor<8xi64>, tensor<i64>, tensor<3x5xi64>, tensor<4xi64>, tensor<3x4xi64>, tensor<1xi64>, tensor<6xi64>, tensor<3x4xi64>, tensor<i64>) {
  %v0 = hlo.constant dense<-9223372036854775808> : tensor<i64>
  %v1 = hlo.reduce maximum(%arg0 init %v0) dims = [1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<4xi64>
  %v2 = hlo.reduce maximum(%arg1 init %v0) dims = [0] : (tensor<4x8xi64>, tensor<i64>) -> tensor<8xi64>
  %v3 = hlo.reduce maximum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<i64>
  %v4 = hlo.reduce maximum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<3x5xi64>
  %v5 = hlo.reduce maximum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
  %v6 = hlo.reduce maximum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<3x4xi64>
  %v7 = hlo.reduce maximum(%arg6 init %v0) dims = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  %v8 = hlo.reduce maximum(%arg7 init %v0) dims = [1] : (tensor<6x1xi64>, tensor<i64>) -> tensor<6xi64>
  %v9 = hlo.reduce maximum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi64>, tensor<i64>) -> tensor<3x4xi64>
  %v10 = hlo.reduce maximum(%arg9 init %v0) dims = [0] : (tensor<7xi64>, tensor<i64>) -> tensor<i64>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi64>, tensor<8xi64>, tensor<i64>, tensor<3x5xi64>, tensor<4xi64>, tensor<3x4xi64>, tensor<1xi64>, tensor<6xi64>, tensor<3x4xi64>, tensor<i64>
}

// CHECK: @reduce_minimum_f32 result 0: ok
// CHECK: @reduce_minimum_f32 result 1: ok
// CHECK: @reduce_minimum_f32 result 2: ok
// CHECK: @reduce_minimum_f32 result 3: ok
// CHECK: @reduce_minimum_f32 result 4: ok
// CHECK: @reduce_minimum_f32 result 5: ok
// CHECK: @reduce_minimum_f32 result 6: ok
// CHECK: @reduce_minimum_f32 result 7: ok
// CHECK: @reduce_minimum_f32 result 8: ok
// CHECK: @reduce_minimum_f32 result 9: ok
func.func @reduce_minimum_f32(%arg0: tensor<4x8xf32>, %arg1: tensor<4x8xf32>, %arg2: tensor<4x8xf32>, %arg3: tensor<3x4x5xf32>, %arg4: tensor<3x4x5xf32>, %arg5: tensor<3x4x5xf32>, %arg6: tensor<1x6xf32>, %arg7: tensor<6x1xf32>, %arg8: tensor<2x3x4x5xf32>, %arg9: tensor<7xf32>) -> (tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<3x5xf32>, tensor<4xf32>, tensor<3x4xf32>, tensor<1xf32>, tensor<6xf32>, tensor<3x4xf32>, tensor<f32>) {
  %v0 = hlo.constant dense<0x7F800000> : tensor<f32>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<f32>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<4xf32>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xf32>, tensor<f32>) -> tensor<1xf32>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xf32>, tensor<f32>) -> tensor<6xf32>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf32>, tensor<f32>) -> tensor<3x4xf32>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xf32>, tensor<f32>) -> tensor<f32>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xf32>, tensor<8xf32>, tensor<f32>, tensor<3x5xf32>, tensor<4xf32>, tensor<3x4xf32>, tensor<1xf32>, tensor<6xf32>, tensor<3x4xf32>, tensor<f32>
}

// CHECK: @reduce_minimum_f64 result 0: ok
// CHECK: @reduce_minimum_f64 result 1: ok
// CHECK: @reduce_minimum_f64 result 2: ok
// CHECK: @reduce_minimum_f64 result 3: ok
// CHECK: @reduce_minimum_f64 result 4: ok
// CHECK: @reduce_minimum_f64 result 5: ok
// CHECK: @reduce_minimum_f64 result 6: ok
// CHECK: @reduce_minimum_f64 result 7: ok
// CHECK: @reduce_minimum_f64 result 8: ok
// CHECK: @reduce_minimum_f64 result 9: ok
func.func @reduce_minimum_f64(%arg0: tensor<4x8xf64>, %arg1: tensor<4x8xf64>, %arg2: tensor<4x8xf64>, %arg3: tensor<3x4x5xf64>, %arg4: tensor<3x4x5xf64>, %arg5: tensor<3x4x5xf64>, %arg6: tensor<1x6xf64>, %arg7: tensor<6x1xf64>, %arg8: tensor<2x3x4x5xf64>, %arg9: tensor<7xf64>) -> (tensor<4xf64>, tensor<8xf64>, tensor<f64>, tensor<3x5xf64>, tensor<4xf64>, tensor<3x4xf64>, tensor<1xf64>, tensor<6xf64>, tensor<3x4xf64>, tensor<f64>) {
  %v0 = hlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<4xf64>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xf64>, tensor<f64>) -> tensor<8xf64>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf64>, tensor<f64>) -> tensor<f64>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<3x5xf64>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<4xf64>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<3x4xf64>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xf64>, tensor<f64>) -> tensor<1xf64>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xf64>, tensor<f64>) -> tensor<6xf64>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf64>, tensor<f64>) -> tensor<3x4xf64>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xf64>, tensor<f64>) -> tensor<f64>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xf64>, tensor<8xf64>, tensor<f64>, tensor<3x5xf64>, tensor<4xf64>, tensor<3x4xf64>, tensor<1xf64>, tensor<6xf64>, tensor<3x4xf64>, tensor<f64>
}

// CHECK: @reduce_minimum_f16 result 0: ok
// CHECK: @reduce_minimum_f16 result 1: ok
// CHECK: @reduce_minimum_f16 result 2: ok
// CHECK: @reduce_minimum_f16 result 3: ok
// CHECK: @reduce_minimum_f16 result 4: ok
// CHECK: @reduce_minimum_f16 result 5: ok
// CHECK: @reduce_minimum_f16 result 6: ok
// CHECK: @reduce_minimum_f16 result 7: ok
// CHECK: @reduce_minimum_f16 result 8: ok
// CHECK: @reduce_minimum_f16 result 9: ok
func.func @reduce_minimum_f16(%arg0: tensor<4x8xf16>, %arg1: tensor<4x8xf16>, %arg2: tensor<4x8xf16>, %arg3: tensor<3x4x5xf16>, %arg4: tensor<3x4x5xf16>, %arg5: tensor<3x4x5xf16>, %arg6: tensor<1x6xf16>, %arg7: tensor<6x1xf16>, %arg8: tensor<2x3x4x5xf16>, %arg9: tensor<7xf16>) -> (tensor<4xf16>, tensor<8xf16>, tensor<f16>, tensor<3x5xf16>, tensor<4xf16>, tensor<3x4xf16>, tensor<1xf16>, tensor<6xf16>, tensor<3x4xf16>, tensor<f16>) {
  %v0 = hlo.constant dense<0x7C00> : tensor<f16>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<4xf16>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xf16>, tensor<f16>) -> tensor<8xf16>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xf16>, tensor<f16>) -> tensor<f16>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<3x5xf16>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<4xf16>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xf16>, tensor<f16>) -> tensor<1xf16>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xf16>, tensor<f16>) -> tensor<6xf16>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xf16>, tensor<f16>) -> tensor<3x4xf16>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xf16>, tensor<f16>) -> tensor<f16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xf16>, tensor<8xf16>, tensor<f16>, tensor<3x5xf16>, tensor<4xf16>, tensor<3x4xf16>, tensor<1xf16>, tensor<6xf16>, tensor<3x4xf16>, tensor<f16>
}

// CHECK: @reduce_minimum_bf16 result 0: ok
// CHECK: @reduce_minimum_bf16 result 1: ok
// CHECK: @reduce_minimum_bf16 result 2: ok
// CHECK: @reduce_minimum_bf16 result 3: ok
// CHECK: @reduce_minimum_bf16 result 4: ok
// CHECK: @reduce_minimum_bf16 result 5: ok
// CHECK: @reduce_minimum_bf16 result 6: ok
// CHECK: @reduce_minimum_bf16 result 7: ok
// CHECK: @reduce_minimum_bf16 result 8: ok
// CHECK: @reduce_minimum_bf16 result 9: ok
func.func @reduce_minimum_bf16(%arg0: tensor<4x8xbf16>, %arg1: tensor<4x8xbf16>, %arg2: tensor<4x8xbf16>, %arg3: tensor<3x4x5xbf16>, %arg4: tensor<3x4x5xbf16>, %arg5: tensor<3x4x5xbf16>, %arg6: tensor<1x6xbf16>, %arg7: tensor<6x1xbf16>, %arg8: tensor<2x3x4x5xbf16>, %arg9: tensor<7xbf16>) -> (tensor<4xbf16>, tensor<8xbf16>, tensor<bf16>, tensor<3x5xbf16>, tensor<4xbf16>, tensor<3x4xbf16>, tensor<1xbf16>, tensor<6xbf16>, tensor<3x4xbf16>, tensor<bf16>) {
  %v0 = hlo.constant dense<0x7F80> : tensor<bf16>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<8xbf16>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xbf16>, tensor<bf16>) -> tensor<bf16>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<3x5xbf16>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<4xbf16>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xbf16>, tensor<bf16>) -> tensor<1xbf16>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xbf16>, tensor<bf16>) -> tensor<6xbf16>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xbf16>, tensor<bf16>) -> tensor<3x4xbf16>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xbf16>, tensor<bf16>) -> tensor<bf16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xbf16>, tensor<8xbf16>, tensor<bf16>, tensor<3x5xbf16>, tensor<4xbf16>, tensor<3x4xbf16>, tensor<1xbf16>, tensor<6xbf16>, tensor<3x4xbf16>, tensor<bf16>
}

// CHECK: @reduce_minimum_i8 result 0: ok
// CHECK: @reduce_minimum_i8 result 1: ok
// CHECK: @reduce_minimum_i8 result 2: ok
// CHECK: @reduce_minimum_i8 result 3: ok
// CHECK: @reduce_minimum_i8 result 4: ok
// CHECK: @reduce_minimum_i8 result 5: ok
// CHECK: @reduce_minimum_i8 result 6: ok
// CHECK: @reduce_minimum_i8 result 7: ok
// CHECK: @reduce_minimum_i8 result 8: ok
// CHECK: @reduce_minimum_i8 result 9: ok
func.func @reduce_minimum_i8(%arg0: tensor<4x8xi8>, %arg1: tensor<4x8xi8>, %arg2: tensor<4x8xi8>, %arg3: tensor<3x4x5xi8>, %arg4: tensor<3x4x5xi8>, %arg5: tensor<3x4x5xi8>, %arg6: tensor<1x6xi8>, %arg7: tensor<6x1xi8>, %arg8: tensor<2x3x4x5xi8>, %arg9: tensor<7xi8>) -> (tensor<4xi8>, tensor<8xi8>, tensor<i8>, tensor<3x5xi8>, tensor<4xi8>, tensor<3x4xi8>, tensor<1xi8>, tensor<6xi8>, tensor<3x4xi8>, tensor<i8>) {
  %v0 = hlo.constant dense<127> : tensor<i8>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<4xi8>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xi8>, tensor<i8>) -> tensor<8xi8>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<i8>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<3x5xi8>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<4xi8>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<3x4xi8>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xi8>, tensor<i8>) -> tensor<1xi8>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xi8>, tensor<i8>) -> tensor<6xi8>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi8>, tensor<i8>) -> tensor<3x4xi8>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xi8>, tensor<i8>) -> tensor<i8>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi8>, tensor<8xi8>, tensor<i8>, tensor<3x5xi8>, tensor<4xi8>, tensor<3x4xi8>, tensor<1xi8>, tensor<6xi8>, tensor<3x4xi8>, tensor<i8>
}

// CHECK: @reduce_minimum_i16 result 0: ok
// CHECK: @reduce_minimum_i16 result 1: ok
// CHECK: @reduce_minimum_i16 result 2: ok
// CHECK: @reduce_minimum_i16 result 3: ok
// CHECK: @reduce_minimum_i16 result 4: ok
// CHECK: @reduce_minimum_i16 result 5: ok
// CHECK: @reduce_minimum_i16 result 6: ok
// CHECK: @reduce_minimum_i16 result 7: ok
// CHECK: @reduce_minimum_i16 result 8: ok
// CHECK: @reduce_minimum_i16 result 9: ok
func.func @reduce_minimum_i16(%arg0: tensor<4x8xi16>, %arg1: tensor<4x8xi16>, %arg2: tensor<4x8xi16>, %arg3: tensor<3x4x5xi16>, %arg4: tensor<3x4x5xi16>, %arg5: tensor<3x4x5xi16>, %arg6: tensor<1x6xi16>, %arg7: tensor<6x1xi16>, %arg8: tensor<2x3x4x5xi16>, %arg9: tensor<7xi16>) -> (tensor<4xi16>, tensor<8xi16>, tensor<i16>, tensor<3x5xi16>, tensor<4xi16>, tensor<3x4xi16>, tensor<1xi16>, tensor<6xi16>, tensor<3x4xi16>, tensor<i16>) {
  %v0 = hlo.constant dense<32767> : tensor<i16>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xi16>, tensor<i16>) -> tensor<4xi16>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xi16>, tensor<i16>) -> tensor<8xi16>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi16>, tensor<i16>) -> tensor<i16>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<3x5xi16>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<4xi16>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<3x4xi16>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xi16>, tensor<i16>) -> tensor<1xi16>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xi16>, tensor<i16>) -> tensor<6xi16>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi16>, tensor<i16>) -> tensor<3x4xi16>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xi16>, tensor<i16>) -> tensor<i16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi16>, tensor<8xi16>, tensor<i16>, tensor<3x5xi16>, tensor<4xi16>, tensor<3x4xi16>, tensor<1xi16>, tensor<6xi16>, tensor<3x4xi16>, tensor<i16>
}

// CHECK: @reduce_minimum_i32 result 0: ok
// CHECK: @reduce_minimum_i32 result 1: ok
// CHECK: @reduce_minimum_i32 result 2: ok
// CHECK: @reduce_minimum_i32 result 3: ok
// CHECK: @reduce_minimum_i32 result 4: ok
// CHECK: @reduce_minimum_i32 result 5: ok
// CHECK: @reduce_minimum_i32 result 6: ok
// CHECK: @reduce_minimum_i32 result 7: ok
// CHECK: @reduce_minimum_i32 result 8: ok
// CHECK: @reduce_minimum_i32 result 9: ok
func.func @reduce_minimum_i32(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xi32>, %arg3: tensor<3x4x5xi32>, %arg4: tensor<3x4x5xi32>, %arg5: tensor<3x4x5xi32>, %arg6: tensor<1x6xi32>, %arg7: tensor<6x1xi32>, %arg8: tensor<2x3x4x5xi32>, %arg9: tensor<7xi32>) -> (tensor<4xi32>, tensor<8xi32>, tensor<i32>, tensor<3x5xi32>, tensor<4xi32>, tensor<3x4xi32>, tensor<1xi32>, tensor<6xi32>, tensor<3x4xi32>, tensor<i32>) {
  %v0 = hlo.constant dense<2147483647> : tensor<i32>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xi32>, tensor<i32>) -> tensor<8xi32>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<i32>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x5xi32>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xi32>, tensor<i32>) -> tensor<1xi32>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xi32>, tensor<i32>) -> tensor<6xi32>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xi32>, tensor<i32>) -> tensor<i32>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi32>, tensor<8xi32>, tensor<i32>, tensor<3x5xi32>, tensor<4xi32>, tensor<3x4xi32>, tensor<1xi32>, tensor<6xi32>, tensor<3x4xi32>, tensor<i32>
}

// CHECK: @reduce_minimum_i64 result 0: ok
// CHECK: @reduce_minimum_i64 result 1: ok
// CHECK: @reduce_minimum_i64 result 2: ok
// CHECK: @reduce_minimum_i64 result 3: ok
// CHECK: @reduce_minimum_i64 result 4: ok
// CHECK: @reduce_minimum_i64 result 5: ok
// CHECK: @reduce_minimum_i64 result 6: ok
// CHECK: @reduce_minimum_i64 result 7: ok
// CHECK: @reduce_minimum_i64 result 8: ok
// CHECK: @reduce_minimum_i64 result 9: ok
func.func @reduce_minimum_i64(%arg0: tensor<4x8xi64>, %arg1: tensor<4x8xi64>, %arg2: tensor<4x8xi64>, %arg3: tensor<3x4x5xi64>, %arg4: tensor<3x4x5xi64>, %arg5: tensor<3x4x5xi64>, %arg6: tensor<1x6xi64>, %arg7: tensor<6x1xi64>, %arg8: tensor<2x3x4x5xi64>, %arg9: tensor<7xi64>) -> (tensor<4xi64>, tensor<8xi64>, tensor<i64>, tensor<3x5xi64>, tensor<4xi64>, tensor<3x4xi64>, tensor<1xi64>, tensor<6xi64>, tensor<3x4xi64>, tensor<i64>) {
  %v0 = hlo.constant dense<9223372036854775807> : tensor<i64>
  %v1 = hlo.reduce minimum(%arg0 init %v0) dims = [1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<4xi64>
  %v2 = hlo.reduce minimum(%arg1 init %v0) dims = [0] : (tensor<4x8xi64>, tensor<i64>) -> tensor<8xi64>
  %v3 = hlo.reduce minimum(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<i64>
  %v4 = hlo.reduce minimum(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<3x5xi64>
  %v5 = hlo.reduce minimum(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
  %v6 = hlo.reduce minimum(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<3x4xi64>
  %v7 = hlo.reduce minimum(%arg6 init %v0) dims = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  %v8 = hlo.reduce minimum(%arg7 init %v0) dims = [1] : (tensor<6x1xi64>, tensor<i64>) -> tensor<6xi64>
  %v9 = hlo.reduce minimum(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi64>, tensor<i64>) -> tensor<3x4xi64>
  %v10 = hlo.reduce minimum(%arg9 init %v0) dims = [0] : (tensor<7xi64>, tensor<i64>) -> tensor<i64>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10 : tensor<4xi64>, tensor<8xi64>, tensor<i64>, tensor<3x5xi64>, tensor<4xi64>, tensor<3x4xi64>, tensor<1xi64>, tensor<6xi64>, tensor<3x4xi64>, tensor<i64>
}

// maximum and minimum propagate NaN; -0.0 < +0.0.
// CHECK: @reduce_nan_f32 result 0: ok
// CHECK: @reduce_nan_f32 result 1: ok
// CHECK: @reduce_nan_f32 result 2: ok
// CHECK: @reduce_nan_f32 result 3: ok
// CHECK: @reduce_nan_f32 result 4: ok
// CHECK: @reduce_nan_f32 result 5: ok
func.func @reduce_nan_f32(%arg0: tensor<8xf32>) -> (tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<8xf32>
  %v1 = hlo.constant dense<[1.0, 0x7FC00000, -2.0, 3.0, -0.0, 0.0, -0.0, -1.0]> : tensor<8xf32>
  %v2 = hlo.abs %arg0 : tensor<8xf32>
  %v3 = hlo.multiply %v2, %v0 : tensor<8xf32>
  %v4 = hlo.subtract %v1, %v3 : tensor<8xf32>
  %v5 = hlo.reshape %v4 : (tensor<8xf32>) -> tensor<4x2xf32>
  %v6 = hlo.constant dense<0xFF800000> : tensor<f32>
  %v7 = hlo.constant dense<0x7F800000> : tensor<f32>
  %v8 = hlo.constant dense<0.0> : tensor<f32>
  %v9 = hlo.reduce maximum(%v5 init %v6) dims = [1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4xf32>
  %v10 = hlo.reduce maximum(%v5 init %v6) dims = [0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<2xf32>
  %v11 = hlo.reduce minimum(%v5 init %v7) dims = [1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4xf32>
  %v12 = hlo.reduce minimum(%v5 init %v7) dims = [0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<2xf32>
  %v13 = hlo.reduce add(%v5 init %v8) dims = [1] : (tensor<4x2xf32>, tensor<f32>) -> tensor<4xf32>
  %v14 = hlo.reduce add(%v5 init %v8) dims = [0] : (tensor<4x2xf32>, tensor<f32>) -> tensor<2xf32>
  return %v9, %v10, %v11, %v12, %v13, %v14 : tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>, tensor<4xf32>, tensor<2xf32>
}

// maximum and minimum propagate NaN; -0.0 < +0.0.
// CHECK: @reduce_nan_f16 result 0: ok
// CHECK: @reduce_nan_f16 result 1: ok
// CHECK: @reduce_nan_f16 result 2: ok
// CHECK: @reduce_nan_f16 result 3: ok
// CHECK: @reduce_nan_f16 result 4: ok
// CHECK: @reduce_nan_f16 result 5: ok
func.func @reduce_nan_f16(%arg0: tensor<8xf16>) -> (tensor<4xf16>, tensor<2xf16>, tensor<4xf16>, tensor<2xf16>, tensor<4xf16>, tensor<2xf16>) {
  %v0 = hlo.constant dense<0.0> : tensor<8xf16>
  %v1 = hlo.constant dense<[1.0, 0x7E00, -2.0, 3.0, -0.0, 0.0, -0.0, -1.0]> : tensor<8xf16>
  %v2 = hlo.abs %arg0 : tensor<8xf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<8xf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<8xf16>
  %v5 = hlo.reshape %v4 : (tensor<8xf16>) -> tensor<4x2xf16>
  %v6 = hlo.constant dense<0xFC00> : tensor<f16>
  %v7 = hlo.constant dense<0x7C00> : tensor<f16>
  %v8 = hlo.constant dense<0.0> : tensor<f16>
  %v9 = hlo.reduce maximum(%v5 init %v6) dims = [1] : (tensor<4x2xf16>, tensor<f16>) -> tensor<4xf16>
  %v10 = hlo.reduce maximum(%v5 init %v6) dims = [0] : (tensor<4x2xf16>, tensor<f16>) -> tensor<2xf16>
  %v11 = hlo.reduce minimum(%v5 init %v7) dims = [1] : (tensor<4x2xf16>, tensor<f16>) -> tensor<4xf16>
  %v12 = hlo.reduce minimum(%v5 init %v7) dims = [0] : (tensor<4x2xf16>, tensor<f16>) -> tensor<2xf16>
  %v13 = hlo.reduce add(%v5 init %v8) dims = [1] : (tensor<4x2xf16>, tensor<f16>) -> tensor<4xf16>
  %v14 = hlo.reduce add(%v5 init %v8) dims = [0] : (tensor<4x2xf16>, tensor<f16>) -> tensor<2xf16>
  return %v9, %v10, %v11, %v12, %v13, %v14 : tensor<4xf16>, tensor<2xf16>, tensor<4xf16>, tensor<2xf16>, tensor<4xf16>, tensor<2xf16>
}

// CHECK: @reduce_logic_i1 result 0: ok
// CHECK: @reduce_logic_i1 result 1: ok
// CHECK: @reduce_logic_i1 result 2: ok
// CHECK: @reduce_logic_i1 result 3: ok
// CHECK: @reduce_logic_i1 result 4: ok
// CHECK: @reduce_logic_i1 result 5: ok
// CHECK: @reduce_logic_i1 result 6: ok
// CHECK: @reduce_logic_i1 result 7: ok
// CHECK: @reduce_logic_i1 result 8: ok
// CHECK: @reduce_logic_i1 result 9: ok
func.func @reduce_logic_i1(%arg0: tensor<4x8xi1>, %arg1: tensor<4x8xi1>, %arg2: tensor<3x4x5xi1>, %arg3: tensor<6xi1>, %arg4: tensor<0x2xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<8xi1>, tensor<8xi1>, tensor<4xi1>, tensor<4xi1>, tensor<i1>, tensor<i1>, tensor<2xi1>, tensor<2xi1>) {
  %v0 = hlo.constant dense<true> : tensor<i1>
  %v1 = hlo.constant dense<false> : tensor<i1>
  %v2 = hlo.reduce and(%arg0 init %v0) dims = [1] : (tensor<4x8xi1>, tensor<i1>) -> tensor<4xi1>
  %v3 = hlo.reduce or(%arg0 init %v1) dims = [1] : (tensor<4x8xi1>, tensor<i1>) -> tensor<4xi1>
  %v4 = hlo.reduce and(%arg1 init %v0) dims = [0] : (tensor<4x8xi1>, tensor<i1>) -> tensor<8xi1>
  %v5 = hlo.reduce or(%arg1 init %v1) dims = [0] : (tensor<4x8xi1>, tensor<i1>) -> tensor<8xi1>
  %v6 = hlo.reduce and(%arg2 init %v0) dims = [0, 2] : (tensor<3x4x5xi1>, tensor<i1>) -> tensor<4xi1>
  %v7 = hlo.reduce or(%arg2 init %v1) dims = [0, 2] : (tensor<3x4x5xi1>, tensor<i1>) -> tensor<4xi1>
  %v8 = hlo.reduce and(%arg3 init %v0) dims = [0] : (tensor<6xi1>, tensor<i1>) -> tensor<i1>
  %v9 = hlo.reduce or(%arg3 init %v1) dims = [0] : (tensor<6xi1>, tensor<i1>) -> tensor<i1>
  %v10 = hlo.reduce and(%arg4 init %v0) dims = [0] : (tensor<0x2xi1>, tensor<i1>) -> tensor<2xi1>
  %v11 = hlo.reduce or(%arg4 init %v1) dims = [0] : (tensor<0x2xi1>, tensor<i1>) -> tensor<2xi1>
  return %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<4xi1>, tensor<4xi1>, tensor<8xi1>, tensor<8xi1>, tensor<4xi1>, tensor<4xi1>, tensor<i1>, tensor<i1>, tensor<2xi1>, tensor<2xi1>
}

// CHECK: @reduce_logic_i8 result 0: ok
// CHECK: @reduce_logic_i8 result 1: ok
// CHECK: @reduce_logic_i8 result 2: ok
// CHECK: @reduce_logic_i8 result 3: ok
// CHECK: @reduce_logic_i8 result 4: ok
// CHECK: @reduce_logic_i8 result 5: ok
// CHECK: @reduce_logic_i8 result 6: ok
// CHECK: @reduce_logic_i8 result 7: ok
// CHECK: @reduce_logic_i8 result 8: ok
// CHECK: @reduce_logic_i8 result 9: ok
func.func @reduce_logic_i8(%arg0: tensor<4x8xi8>, %arg1: tensor<4x8xi8>, %arg2: tensor<3x4x5xi8>, %arg3: tensor<6xi8>, %arg4: tensor<0x2xi8>) -> (tensor<4xi8>, tensor<4xi8>, tensor<8xi8>, tensor<8xi8>, tensor<4xi8>, tensor<4xi8>, tensor<i8>, tensor<i8>, tensor<2xi8>, tensor<2xi8>) {
  %v0 = hlo.constant dense<-1> : tensor<i8>
  %v1 = hlo.constant dense<0> : tensor<i8>
  %v2 = hlo.reduce and(%arg0 init %v0) dims = [1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<4xi8>
  %v3 = hlo.reduce or(%arg0 init %v1) dims = [1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<4xi8>
  %v4 = hlo.reduce and(%arg1 init %v0) dims = [0] : (tensor<4x8xi8>, tensor<i8>) -> tensor<8xi8>
  %v5 = hlo.reduce or(%arg1 init %v1) dims = [0] : (tensor<4x8xi8>, tensor<i8>) -> tensor<8xi8>
  %v6 = hlo.reduce and(%arg2 init %v0) dims = [0, 2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<4xi8>
  %v7 = hlo.reduce or(%arg2 init %v1) dims = [0, 2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<4xi8>
  %v8 = hlo.reduce and(%arg3 init %v0) dims = [0] : (tensor<6xi8>, tensor<i8>) -> tensor<i8>
  %v9 = hlo.reduce or(%arg3 init %v1) dims = [0] : (tensor<6xi8>, tensor<i8>) -> tensor<i8>
  %v10 = hlo.reduce and(%arg4 init %v0) dims = [0] : (tensor<0x2xi8>, tensor<i8>) -> tensor<2xi8>
  %v11 = hlo.reduce or(%arg4 init %v1) dims = [0] : (tensor<0x2xi8>, tensor<i8>) -> tensor<2xi8>
  return %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<4xi8>, tensor<4xi8>, tensor<8xi8>, tensor<8xi8>, tensor<4xi8>, tensor<4xi8>, tensor<i8>, tensor<i8>, tensor<2xi8>, tensor<2xi8>
}

// CHECK: @reduce_logic_i32 result 0: ok
// CHECK: @reduce_logic_i32 result 1: ok
// CHECK: @reduce_logic_i32 result 2: ok
// CHECK: @reduce_logic_i32 result 3: ok
// CHECK: @reduce_logic_i32 result 4: ok
// CHECK: @reduce_logic_i32 result 5: ok
// CHECK: @reduce_logic_i32 result 6: ok
// CHECK: @reduce_logic_i32 result 7: ok
// CHECK: @reduce_logic_i32 result 8: ok
// CHECK: @reduce_logic_i32 result 9: ok
func.func @reduce_logic_i32(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>, %arg2: tensor<3x4x5xi32>, %arg3: tensor<6xi32>, %arg4: tensor<0x2xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<8xi32>, tensor<8xi32>, tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<2xi32>, tensor<2xi32>) {
  %v0 = hlo.constant dense<-1> : tensor<i32>
  %v1 = hlo.constant dense<0> : tensor<i32>
  %v2 = hlo.reduce and(%arg0 init %v0) dims = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
  %v3 = hlo.reduce or(%arg0 init %v1) dims = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
  %v4 = hlo.reduce and(%arg1 init %v0) dims = [0] : (tensor<4x8xi32>, tensor<i32>) -> tensor<8xi32>
  %v5 = hlo.reduce or(%arg1 init %v1) dims = [0] : (tensor<4x8xi32>, tensor<i32>) -> tensor<8xi32>
  %v6 = hlo.reduce and(%arg2 init %v0) dims = [0, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %v7 = hlo.reduce or(%arg2 init %v1) dims = [0, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %v8 = hlo.reduce and(%arg3 init %v0) dims = [0] : (tensor<6xi32>, tensor<i32>) -> tensor<i32>
  %v9 = hlo.reduce or(%arg3 init %v1) dims = [0] : (tensor<6xi32>, tensor<i32>) -> tensor<i32>
  %v10 = hlo.reduce and(%arg4 init %v0) dims = [0] : (tensor<0x2xi32>, tensor<i32>) -> tensor<2xi32>
  %v11 = hlo.reduce or(%arg4 init %v1) dims = [0] : (tensor<0x2xi32>, tensor<i32>) -> tensor<2xi32>
  return %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<4xi32>, tensor<4xi32>, tensor<8xi32>, tensor<8xi32>, tensor<4xi32>, tensor<4xi32>, tensor<i32>, tensor<i32>, tensor<2xi32>, tensor<2xi32>
}

// CHECK: @reduce_logic_i64 result 0: ok
// CHECK: @reduce_logic_i64 result 1: ok
// CHECK: @reduce_logic_i64 result 2: ok
// CHECK: @reduce_logic_i64 result 3: ok
// CHECK: @reduce_logic_i64 result 4: ok
// CHECK: @reduce_logic_i64 result 5: ok
// CHECK: @reduce_logic_i64 result 6: ok
// CHECK: @reduce_logic_i64 result 7: ok
// CHECK: @reduce_logic_i64 result 8: ok
// CHECK: @reduce_logic_i64 result 9: ok
func.func @reduce_logic_i64(%arg0: tensor<4x8xi64>, %arg1: tensor<4x8xi64>, %arg2: tensor<3x4x5xi64>, %arg3: tensor<6xi64>, %arg4: tensor<0x2xi64>) -> (tensor<4xi64>, tensor<4xi64>, tensor<8xi64>, tensor<8xi64>, tensor<4xi64>, tensor<4xi64>, tensor<i64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>) {
  %v0 = hlo.constant dense<-1> : tensor<i64>
  %v1 = hlo.constant dense<0> : tensor<i64>
  %v2 = hlo.reduce and(%arg0 init %v0) dims = [1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<4xi64>
  %v3 = hlo.reduce or(%arg0 init %v1) dims = [1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<4xi64>
  %v4 = hlo.reduce and(%arg1 init %v0) dims = [0] : (tensor<4x8xi64>, tensor<i64>) -> tensor<8xi64>
  %v5 = hlo.reduce or(%arg1 init %v1) dims = [0] : (tensor<4x8xi64>, tensor<i64>) -> tensor<8xi64>
  %v6 = hlo.reduce and(%arg2 init %v0) dims = [0, 2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
  %v7 = hlo.reduce or(%arg2 init %v1) dims = [0, 2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
  %v8 = hlo.reduce and(%arg3 init %v0) dims = [0] : (tensor<6xi64>, tensor<i64>) -> tensor<i64>
  %v9 = hlo.reduce or(%arg3 init %v1) dims = [0] : (tensor<6xi64>, tensor<i64>) -> tensor<i64>
  %v10 = hlo.reduce and(%arg4 init %v0) dims = [0] : (tensor<0x2xi64>, tensor<i64>) -> tensor<2xi64>
  %v11 = hlo.reduce or(%arg4 init %v1) dims = [0] : (tensor<0x2xi64>, tensor<i64>) -> tensor<2xi64>
  return %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11 : tensor<4xi64>, tensor<4xi64>, tensor<8xi64>, tensor<8xi64>, tensor<4xi64>, tensor<4xi64>, tensor<i64>, tensor<i64>, tensor<2xi64>, tensor<2xi64>
}

// Integer sums (i8 sums of 64 values wrap).
// CHECK: @reduce_add_i8 result 0: ok
// CHECK: @reduce_add_i8 result 1: ok
// CHECK: @reduce_add_i8 result 2: ok
// CHECK: @reduce_add_i8 result 3: ok
// CHECK: @reduce_add_i8 result 4: ok
// CHECK: @reduce_add_i8 result 5: ok
// CHECK: @reduce_add_i8 result 6: ok
// CHECK: @reduce_add_i8 result 7: ok
// CHECK: @reduce_add_i8 result 8: ok
// CHECK: @reduce_add_i8 result 9: ok
// CHECK: @reduce_add_i8 result 10: ok
// CHECK: @reduce_add_i8 result 11: ok
func.func @reduce_add_i8(%arg0: tensor<4x8xi8>, %arg1: tensor<4x8xi8>, %arg2: tensor<4x8xi8>, %arg3: tensor<3x4x5xi8>, %arg4: tensor<3x4x5xi8>, %arg5: tensor<3x4x5xi8>, %arg6: tensor<1x6xi8>, %arg7: tensor<6x1xi8>, %arg8: tensor<2x3x4x5xi8>, %arg9: tensor<7xi8>, %arg10: tensor<64x70xi8>) -> (tensor<4xi8>, tensor<8xi8>, tensor<i8>, tensor<3x5xi8>, tensor<4xi8>, tensor<3x4xi8>, tensor<1xi8>, tensor<6xi8>, tensor<3x4xi8>, tensor<i8>, tensor<70xi8>, tensor<i8>) {
  %v0 = hlo.constant dense<0> : tensor<i8>
  %v1 = hlo.reduce add(%arg0 init %v0) dims = [1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<4xi8>
  %v2 = hlo.reduce add(%arg1 init %v0) dims = [0] : (tensor<4x8xi8>, tensor<i8>) -> tensor<8xi8>
  %v3 = hlo.reduce add(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi8>, tensor<i8>) -> tensor<i8>
  %v4 = hlo.reduce add(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<3x5xi8>
  %v5 = hlo.reduce add(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<4xi8>
  %v6 = hlo.reduce add(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi8>, tensor<i8>) -> tensor<3x4xi8>
  %v7 = hlo.reduce add(%arg6 init %v0) dims = [1] : (tensor<1x6xi8>, tensor<i8>) -> tensor<1xi8>
  %v8 = hlo.reduce add(%arg7 init %v0) dims = [1] : (tensor<6x1xi8>, tensor<i8>) -> tensor<6xi8>
  %v9 = hlo.reduce add(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi8>, tensor<i8>) -> tensor<3x4xi8>
  %v10 = hlo.reduce add(%arg9 init %v0) dims = [0] : (tensor<7xi8>, tensor<i8>) -> tensor<i8>
  %v11 = hlo.reduce add(%arg10 init %v0) dims = [0] : (tensor<64x70xi8>, tensor<i8>) -> tensor<70xi8>
  %v12 = hlo.constant dense<100> : tensor<64x70xi8>
  %v13 = hlo.multiply %arg10, %v12 : tensor<64x70xi8>
  %v14 = hlo.reduce add(%v13 init %v0) dims = [0, 1] : (tensor<64x70xi8>, tensor<i8>) -> tensor<i8>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v14 : tensor<4xi8>, tensor<8xi8>, tensor<i8>, tensor<3x5xi8>, tensor<4xi8>, tensor<3x4xi8>, tensor<1xi8>, tensor<6xi8>, tensor<3x4xi8>, tensor<i8>, tensor<70xi8>, tensor<i8>
}

// Integer sums (i8 sums of 64 values wrap).
// CHECK: @reduce_add_i16 result 0: ok
// CHECK: @reduce_add_i16 result 1: ok
// CHECK: @reduce_add_i16 result 2: ok
// CHECK: @reduce_add_i16 result 3: ok
// CHECK: @reduce_add_i16 result 4: ok
// CHECK: @reduce_add_i16 result 5: ok
// CHECK: @reduce_add_i16 result 6: ok
// CHECK: @reduce_add_i16 result 7: ok
// CHECK: @reduce_add_i16 result 8: ok
// CHECK: @reduce_add_i16 result 9: ok
// CHECK: @reduce_add_i16 result 10: ok
// CHECK: @reduce_add_i16 result 11: ok
func.func @reduce_add_i16(%arg0: tensor<4x8xi16>, %arg1: tensor<4x8xi16>, %arg2: tensor<4x8xi16>, %arg3: tensor<3x4x5xi16>, %arg4: tensor<3x4x5xi16>, %arg5: tensor<3x4x5xi16>, %arg6: tensor<1x6xi16>, %arg7: tensor<6x1xi16>, %arg8: tensor<2x3x4x5xi16>, %arg9: tensor<7xi16>, %arg10: tensor<64x70xi16>) -> (tensor<4xi16>, tensor<8xi16>, tensor<i16>, tensor<3x5xi16>, tensor<4xi16>, tensor<3x4xi16>, tensor<1xi16>, tensor<6xi16>, tensor<3x4xi16>, tensor<i16>, tensor<70xi16>, tensor<i16>) {
  %v0 = hlo.constant dense<0> : tensor<i16>
  %v1 = hlo.reduce add(%arg0 init %v0) dims = [1] : (tensor<4x8xi16>, tensor<i16>) -> tensor<4xi16>
  %v2 = hlo.reduce add(%arg1 init %v0) dims = [0] : (tensor<4x8xi16>, tensor<i16>) -> tensor<8xi16>
  %v3 = hlo.reduce add(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi16>, tensor<i16>) -> tensor<i16>
  %v4 = hlo.reduce add(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<3x5xi16>
  %v5 = hlo.reduce add(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<4xi16>
  %v6 = hlo.reduce add(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi16>, tensor<i16>) -> tensor<3x4xi16>
  %v7 = hlo.reduce add(%arg6 init %v0) dims = [1] : (tensor<1x6xi16>, tensor<i16>) -> tensor<1xi16>
  %v8 = hlo.reduce add(%arg7 init %v0) dims = [1] : (tensor<6x1xi16>, tensor<i16>) -> tensor<6xi16>
  %v9 = hlo.reduce add(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi16>, tensor<i16>) -> tensor<3x4xi16>
  %v10 = hlo.reduce add(%arg9 init %v0) dims = [0] : (tensor<7xi16>, tensor<i16>) -> tensor<i16>
  %v11 = hlo.reduce add(%arg10 init %v0) dims = [0] : (tensor<64x70xi16>, tensor<i16>) -> tensor<70xi16>
  %v12 = hlo.constant dense<30000> : tensor<64x70xi16>
  %v13 = hlo.multiply %arg10, %v12 : tensor<64x70xi16>
  %v14 = hlo.reduce add(%v13 init %v0) dims = [0, 1] : (tensor<64x70xi16>, tensor<i16>) -> tensor<i16>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v14 : tensor<4xi16>, tensor<8xi16>, tensor<i16>, tensor<3x5xi16>, tensor<4xi16>, tensor<3x4xi16>, tensor<1xi16>, tensor<6xi16>, tensor<3x4xi16>, tensor<i16>, tensor<70xi16>, tensor<i16>
}

// Integer sums (i8 sums of 64 values wrap).
// CHECK: @reduce_add_i32 result 0: ok
// CHECK: @reduce_add_i32 result 1: ok
// CHECK: @reduce_add_i32 result 2: ok
// CHECK: @reduce_add_i32 result 3: ok
// CHECK: @reduce_add_i32 result 4: ok
// CHECK: @reduce_add_i32 result 5: ok
// CHECK: @reduce_add_i32 result 6: ok
// CHECK: @reduce_add_i32 result 7: ok
// CHECK: @reduce_add_i32 result 8: ok
// CHECK: @reduce_add_i32 result 9: ok
// CHECK: @reduce_add_i32 result 10: ok
// CHECK: @reduce_add_i32 result 11: ok
func.func @reduce_add_i32(%arg0: tensor<4x8xi32>, %arg1: tensor<4x8xi32>, %arg2: tensor<4x8xi32>, %arg3: tensor<3x4x5xi32>, %arg4: tensor<3x4x5xi32>, %arg5: tensor<3x4x5xi32>, %arg6: tensor<1x6xi32>, %arg7: tensor<6x1xi32>, %arg8: tensor<2x3x4x5xi32>, %arg9: tensor<7xi32>, %arg10: tensor<64x70xi32>) -> (tensor<4xi32>, tensor<8xi32>, tensor<i32>, tensor<3x5xi32>, tensor<4xi32>, tensor<3x4xi32>, tensor<1xi32>, tensor<6xi32>, tensor<3x4xi32>, tensor<i32>, tensor<70xi32>, tensor<i32>) {
  %v0 = hlo.constant dense<0> : tensor<i32>
  %v1 = hlo.reduce add(%arg0 init %v0) dims = [1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<4xi32>
  %v2 = hlo.reduce add(%arg1 init %v0) dims = [0] : (tensor<4x8xi32>, tensor<i32>) -> tensor<8xi32>
  %v3 = hlo.reduce add(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi32>, tensor<i32>) -> tensor<i32>
  %v4 = hlo.reduce add(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x5xi32>
  %v5 = hlo.reduce add(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<4xi32>
  %v6 = hlo.reduce add(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v7 = hlo.reduce add(%arg6 init %v0) dims = [1] : (tensor<1x6xi32>, tensor<i32>) -> tensor<1xi32>
  %v8 = hlo.reduce add(%arg7 init %v0) dims = [1] : (tensor<6x1xi32>, tensor<i32>) -> tensor<6xi32>
  %v9 = hlo.reduce add(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi32>, tensor<i32>) -> tensor<3x4xi32>
  %v10 = hlo.reduce add(%arg9 init %v0) dims = [0] : (tensor<7xi32>, tensor<i32>) -> tensor<i32>
  %v11 = hlo.reduce add(%arg10 init %v0) dims = [0] : (tensor<64x70xi32>, tensor<i32>) -> tensor<70xi32>
  %v12 = hlo.constant dense<30000> : tensor<64x70xi32>
  %v13 = hlo.multiply %arg10, %v12 : tensor<64x70xi32>
  %v14 = hlo.reduce add(%v13 init %v0) dims = [0, 1] : (tensor<64x70xi32>, tensor<i32>) -> tensor<i32>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v14 : tensor<4xi32>, tensor<8xi32>, tensor<i32>, tensor<3x5xi32>, tensor<4xi32>, tensor<3x4xi32>, tensor<1xi32>, tensor<6xi32>, tensor<3x4xi32>, tensor<i32>, tensor<70xi32>, tensor<i32>
}

// Integer sums (i8 sums of 64 values wrap).
// CHECK: @reduce_add_i64 result 0: ok
// CHECK: @reduce_add_i64 result 1: ok
// CHECK: @reduce_add_i64 result 2: ok
// CHECK: @reduce_add_i64 result 3: ok
// CHECK: @reduce_add_i64 result 4: ok
// CHECK: @reduce_add_i64 result 5: ok
// CHECK: @reduce_add_i64 result 6: ok
// CHECK: @reduce_add_i64 result 7: ok
// CHECK: @reduce_add_i64 result 8: ok
// CHECK: @reduce_add_i64 result 9: ok
// CHECK: @reduce_add_i64 result 10: ok
// CHECK: @reduce_add_i64 result 11: ok
func.func @reduce_add_i64(%arg0: tensor<4x8xi64>, %arg1: tensor<4x8xi64>, %arg2: tensor<4x8xi64>, %arg3: tensor<3x4x5xi64>, %arg4: tensor<3x4x5xi64>, %arg5: tensor<3x4x5xi64>, %arg6: tensor<1x6xi64>, %arg7: tensor<6x1xi64>, %arg8: tensor<2x3x4x5xi64>, %arg9: tensor<7xi64>, %arg10: tensor<64x70xi64>) -> (tensor<4xi64>, tensor<8xi64>, tensor<i64>, tensor<3x5xi64>, tensor<4xi64>, tensor<3x4xi64>, tensor<1xi64>, tensor<6xi64>, tensor<3x4xi64>, tensor<i64>, tensor<70xi64>, tensor<i64>) {
  %v0 = hlo.constant dense<0> : tensor<i64>
  %v1 = hlo.reduce add(%arg0 init %v0) dims = [1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<4xi64>
  %v2 = hlo.reduce add(%arg1 init %v0) dims = [0] : (tensor<4x8xi64>, tensor<i64>) -> tensor<8xi64>
  %v3 = hlo.reduce add(%arg2 init %v0) dims = [0, 1] : (tensor<4x8xi64>, tensor<i64>) -> tensor<i64>
  %v4 = hlo.reduce add(%arg3 init %v0) dims = [1] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<3x5xi64>
  %v5 = hlo.reduce add(%arg4 init %v0) dims = [0, 2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<4xi64>
  %v6 = hlo.reduce add(%arg5 init %v0) dims = [2] : (tensor<3x4x5xi64>, tensor<i64>) -> tensor<3x4xi64>
  %v7 = hlo.reduce add(%arg6 init %v0) dims = [1] : (tensor<1x6xi64>, tensor<i64>) -> tensor<1xi64>
  %v8 = hlo.reduce add(%arg7 init %v0) dims = [1] : (tensor<6x1xi64>, tensor<i64>) -> tensor<6xi64>
  %v9 = hlo.reduce add(%arg8 init %v0) dims = [0, 3] : (tensor<2x3x4x5xi64>, tensor<i64>) -> tensor<3x4xi64>
  %v10 = hlo.reduce add(%arg9 init %v0) dims = [0] : (tensor<7xi64>, tensor<i64>) -> tensor<i64>
  %v11 = hlo.reduce add(%arg10 init %v0) dims = [0] : (tensor<64x70xi64>, tensor<i64>) -> tensor<70xi64>
  %v12 = hlo.constant dense<30000> : tensor<64x70xi64>
  %v13 = hlo.multiply %arg10, %v12 : tensor<64x70xi64>
  %v14 = hlo.reduce add(%v13 init %v0) dims = [0, 1] : (tensor<64x70xi64>, tensor<i64>) -> tensor<i64>
  return %v1, %v2, %v3, %v4, %v5, %v6, %v7, %v8, %v9, %v10, %v11, %v14 : tensor<4xi64>, tensor<8xi64>, tensor<i64>, tensor<3x5xi64>, tensor<4xi64>, tensor<3x4xi64>, tensor<1xi64>, tensor<6xi64>, tensor<3x4xi64>, tensor<i64>, tensor<70xi64>, tensor<i64>
}

// A two-input reduce: arg-max and arg-min along each dimension,
// ties to the smaller index (frequent with integers).
// CHECK: @reduce_argmax_f32 result 0: ok
// CHECK: @reduce_argmax_f32 result 1: ok
// CHECK: @reduce_argmax_f32 result 2: ok
// CHECK: @reduce_argmax_f32 result 3: ok
// CHECK: @reduce_argmax_f32 result 4: ok
// CHECK: @reduce_argmax_f32 result 5: ok
// CHECK: @reduce_argmax_f32 result 6: ok
// CHECK: @reduce_argmax_f32 result 7: ok
func.func @reduce_argmax_f32(%arg0: tensor<6x17xf32>) -> (tensor<17xf32>, tensor<17xi32>, tensor<17xf32>, tensor<17xi32>, tensor<6xf32>, tensor<6xi32>, tensor<6xf32>, tensor<6xi32>) {
  %v0 = hlo.constant dense<0xFF800000> : tensor<f32>
  %v1 = hlo.constant dense<0x7F800000> : tensor<f32>
  %v2 = hlo.constant dense<2147483647> : tensor<i32>
  %v3 = hlo.iota dim = 0 : tensor<6x17xi32>
  %v4:2 = hlo.reduce(%arg0 init %v0), (%v3 init %v2) dims = [0] : (tensor<6x17xf32>, tensor<6x17xi32>, tensor<f32>, tensor<i32>) -> (tensor<17xf32>, tensor<17xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %better = hlo.compare GT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  %v5:2 = hlo.reduce(%arg0 init %v1), (%v3 init %v2) dims = [0] : (tensor<6x17xf32>, tensor<6x17xi32>, tensor<f32>, tensor<i32>) -> (tensor<17xf32>, tensor<17xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %better = hlo.compare LT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  %v6 = hlo.iota dim = 1 : tensor<6x17xi32>
  %v7:2 = hlo.reduce(%arg0 init %v0), (%v6 init %v2) dims = [1] : (tensor<6x17xf32>, tensor<6x17xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %better = hlo.compare GT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  %v8:2 = hlo.reduce(%arg0 init %v1), (%v6 init %v2) dims = [1] : (tensor<6x17xf32>, tensor<6x17xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %better = hlo.compare LT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  return %v4#0, %v4#1, %v5#0, %v5#1, %v7#0, %v7#1, %v8#0, %v8#1 : tensor<17xf32>, tensor<17xi32>, tensor<17xf32>, tensor<17xi32>, tensor<6xf32>, tensor<6xi32>, tensor<6xf32>, tensor<6xi32>
}

// A two-input reduce: arg-max and arg-min along each dimension,
// ties to the smaller index (frequent with integers).
// CHECK: @reduce_argmax_i32 result 0: ok
// CHECK: @reduce_argmax_i32 result 1: ok
// CHECK: @reduce_argmax_i32 result 2: ok
// CHECK: @reduce_argmax_i32 result 3: ok
// CHECK: @reduce_argmax_i32 result 4: ok
// CHECK: @reduce_argmax_i32 result 5: ok
// CHECK: @reduce_argmax_i32 result 6: ok
// CHECK: @reduce_argmax_i32 result 7: ok
func.func @reduce_argmax_i32(%arg0: tensor<6x17xi32>) -> (tensor<17xi32>, tensor<17xi64>, tensor<17xi32>, tensor<17xi64>, tensor<6xi32>, tensor<6xi64>, tensor<6xi32>, tensor<6xi64>) {
  %v0 = hlo.constant dense<-2147483648> : tensor<i32>
  %v1 = hlo.constant dense<2147483647> : tensor<i32>
  %v2 = hlo.constant dense<2147483647> : tensor<i64>
  %v3 = hlo.iota dim = 0 : tensor<6x17xi64>
  %v4:2 = hlo.reduce(%arg0 init %v0), (%v3 init %v2) dims = [0] : (tensor<6x17xi32>, tensor<6x17xi64>, tensor<i32>, tensor<i64>) -> (tensor<17xi32>, tensor<17xi64>) {
  ^bb0(%acc: tensor<i32>, %acci: tensor<i64>, %e: tensor<i32>, %ei: tensor<i64>):
    %better = hlo.compare GT, %e, %acc : tensor<i32>
    %same = hlo.compare EQ, %e, %acc : tensor<i32>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<i32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<i32>, tensor<i64>
  }
  %v5:2 = hlo.reduce(%arg0 init %v1), (%v3 init %v2) dims = [0] : (tensor<6x17xi32>, tensor<6x17xi64>, tensor<i32>, tensor<i64>) -> (tensor<17xi32>, tensor<17xi64>) {
  ^bb0(%acc: tensor<i32>, %acci: tensor<i64>, %e: tensor<i32>, %ei: tensor<i64>):
    %better = hlo.compare LT, %e, %acc : tensor<i32>
    %same = hlo.compare EQ, %e, %acc : tensor<i32>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<i32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<i32>, tensor<i64>
  }
  %v6 = hlo.iota dim = 1 : tensor<6x17xi64>
  %v7:2 = hlo.reduce(%arg0 init %v0), (%v6 init %v2) dims = [1] : (tensor<6x17xi32>, tensor<6x17xi64>, tensor<i32>, tensor<i64>) -> (tensor<6xi32>, tensor<6xi64>) {
  ^bb0(%acc: tensor<i32>, %acci: tensor<i64>, %e: tensor<i32>, %ei: tensor<i64>):
    %better = hlo.compare GT, %e, %acc : tensor<i32>
    %same = hlo.compare EQ, %e, %acc : tensor<i32>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<i32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<i32>, tensor<i64>
  }
  %v8:2 = hlo.reduce(%arg0 init %v1), (%v6 init %v2) dims = [1] : (tensor<6x17xi32>, tensor<6x17xi64>, tensor<i32>, tensor<i64>) -> (tensor<6xi32>, tensor<6xi64>) {
  ^bb0(%acc: tensor<i32>, %acci: tensor<i64>, %e: tensor<i32>, %ei: tensor<i64>):
    %better = hlo.compare LT, %e, %acc : tensor<i32>
    %same = hlo.compare EQ, %e, %acc : tensor<i32>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<i32>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<i32>, tensor<i64>
  }
  return %v4#0, %v4#1, %v5#0, %v5#1, %v7#0, %v7#1, %v8#0, %v8#1 : tensor<17xi32>, tensor<17xi64>, tensor<17xi32>, tensor<17xi64>, tensor<6xi32>, tensor<6xi64>, tensor<6xi32>, tensor<6xi64>
}

// A two-input reduce: arg-max and arg-min along each dimension,
// ties to the smaller index (frequent with integers).
// CHECK: @reduce_argmax_f16 result 0: ok
// CHECK: @reduce_argmax_f16 result 1: ok
// CHECK: @reduce_argmax_f16 result 2: ok
// CHECK: @reduce_argmax_f16 result 3: ok
// CHECK: @reduce_argmax_f16 result 4: ok
// CHECK: @reduce_argmax_f16 result 5: ok
// CHECK: @reduce_argmax_f16 result 6: ok
// CHECK: @reduce_argmax_f16 result 7: ok
func.func @reduce_argmax_f16(%arg0: tensor<6x17xf16>) -> (tensor<17xf16>, tensor<17xi32>, tensor<17xf16>, tensor<17xi32>, tensor<6xf16>, tensor<6xi32>, tensor<6xf16>, tensor<6xi32>) {
  %v0 = hlo.constant dense<0xFC00> : tensor<f16>
  %v1 = hlo.constant dense<0x7C00> : tensor<f16>
  %v2 = hlo.constant dense<2147483647> : tensor<i32>
  %v3 = hlo.iota dim = 0 : tensor<6x17xi32>
  %v4:2 = hlo.reduce(%arg0 init %v0), (%v3 init %v2) dims = [0] : (tensor<6x17xf16>, tensor<6x17xi32>, tensor<f16>, tensor<i32>) -> (tensor<17xf16>, tensor<17xi32>) {
  ^bb0(%acc: tensor<f16>, %acci: tensor<i32>, %e: tensor<f16>, %ei: tensor<i32>):
    %better = hlo.compare GT, %e, %acc : tensor<f16>
    %same = hlo.compare EQ, %e, %acc : tensor<f16>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f16>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f16>, tensor<i32>
  }
  %v5:2 = hlo.reduce(%arg0 init %v1), (%v3 init %v2) dims = [0] : (tensor<6x17xf16>, tensor<6x17xi32>, tensor<f16>, tensor<i32>) -> (tensor<17xf16>, tensor<17xi32>) {
  ^bb0(%acc: tensor<f16>, %acci: tensor<i32>, %e: tensor<f16>, %ei: tensor<i32>):
    %better = hlo.compare LT, %e, %acc : tensor<f16>
    %same = hlo.compare EQ, %e, %acc : tensor<f16>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f16>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f16>, tensor<i32>
  }
  %v6 = hlo.iota dim = 1 : tensor<6x17xi32>
  %v7:2 = hlo.reduce(%arg0 init %v0), (%v6 init %v2) dims = [1] : (tensor<6x17xf16>, tensor<6x17xi32>, tensor<f16>, tensor<i32>) -> (tensor<6xf16>, tensor<6xi32>) {
  ^bb0(%acc: tensor<f16>, %acci: tensor<i32>, %e: tensor<f16>, %ei: tensor<i32>):
    %better = hlo.compare GT, %e, %acc : tensor<f16>
    %same = hlo.compare EQ, %e, %acc : tensor<f16>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f16>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f16>, tensor<i32>
  }
  %v8:2 = hlo.reduce(%arg0 init %v1), (%v6 init %v2) dims = [1] : (tensor<6x17xf16>, tensor<6x17xi32>, tensor<f16>, tensor<i32>) -> (tensor<6xf16>, tensor<6xi32>) {
  ^bb0(%acc: tensor<f16>, %acci: tensor<i32>, %e: tensor<f16>, %ei: tensor<i32>):
    %better = hlo.compare LT, %e, %acc : tensor<f16>
    %same = hlo.compare EQ, %e, %acc : tensor<f16>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f16>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f16>, tensor<i32>
  }
  return %v4#0, %v4#1, %v5#0, %v5#1, %v7#0, %v7#1, %v8#0, %v8#1 : tensor<17xf16>, tensor<17xi32>, tensor<17xf16>, tensor<17xi32>, tensor<6xf16>, tensor<6xi32>, tensor<6xf16>, tensor<6xi32>
}

// A two-input reduce: arg-max and arg-min along each dimension,
// ties to the smaller index (frequent with integers).
// CHECK: @reduce_argmax_f64 result 0: ok
// CHECK: @reduce_argmax_f64 result 1: ok
// CHECK: @reduce_argmax_f64 result 2: ok
// CHECK: @reduce_argmax_f64 result 3: ok
// CHECK: @reduce_argmax_f64 result 4: ok
// CHECK: @reduce_argmax_f64 result 5: ok
// CHECK: @reduce_argmax_f64 result 6: ok
// CHECK: @reduce_argmax_f64 result 7: ok
func.func @reduce_argmax_f64(%arg0: tensor<6x17xf64>) -> (tensor<17xf64>, tensor<17xi64>, tensor<17xf64>, tensor<17xi64>, tensor<6xf64>, tensor<6xi64>, tensor<6xf64>, tensor<6xi64>) {
  %v0 = hlo.constant dense<0xFFF0000000000000> : tensor<f64>
  %v1 = hlo.constant dense<0x7FF0000000000000> : tensor<f64>
  %v2 = hlo.constant dense<2147483647> : tensor<i64>
  %v3 = hlo.iota dim = 0 : tensor<6x17xi64>
  %v4:2 = hlo.reduce(%arg0 init %v0), (%v3 init %v2) dims = [0] : (tensor<6x17xf64>, tensor<6x17xi64>, tensor<f64>, tensor<i64>) -> (tensor<17xf64>, tensor<17xi64>) {
  ^bb0(%acc: tensor<f64>, %acci: tensor<i64>, %e: tensor<f64>, %ei: tensor<i64>):
    %better = hlo.compare GT, %e, %acc : tensor<f64>
    %same = hlo.compare EQ, %e, %acc : tensor<f64>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f64>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<f64>, tensor<i64>
  }
  %v5:2 = hlo.reduce(%arg0 init %v1), (%v3 init %v2) dims = [0] : (tensor<6x17xf64>, tensor<6x17xi64>, tensor<f64>, tensor<i64>) -> (tensor<17xf64>, tensor<17xi64>) {
  ^bb0(%acc: tensor<f64>, %acci: tensor<i64>, %e: tensor<f64>, %ei: tensor<i64>):
    %better = hlo.compare LT, %e, %acc : tensor<f64>
    %same = hlo.compare EQ, %e, %acc : tensor<f64>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f64>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<f64>, tensor<i64>
  }
  %v6 = hlo.iota dim = 1 : tensor<6x17xi64>
  %v7:2 = hlo.reduce(%arg0 init %v0), (%v6 init %v2) dims = [1] : (tensor<6x17xf64>, tensor<6x17xi64>, tensor<f64>, tensor<i64>) -> (tensor<6xf64>, tensor<6xi64>) {
  ^bb0(%acc: tensor<f64>, %acci: tensor<i64>, %e: tensor<f64>, %ei: tensor<i64>):
    %better = hlo.compare GT, %e, %acc : tensor<f64>
    %same = hlo.compare EQ, %e, %acc : tensor<f64>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f64>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<f64>, tensor<i64>
  }
  %v8:2 = hlo.reduce(%arg0 init %v1), (%v6 init %v2) dims = [1] : (tensor<6x17xf64>, tensor<6x17xi64>, tensor<f64>, tensor<i64>) -> (tensor<6xf64>, tensor<6xi64>) {
  ^bb0(%acc: tensor<f64>, %acci: tensor<i64>, %e: tensor<f64>, %ei: tensor<i64>):
    %better = hlo.compare LT, %e, %acc : tensor<f64>
    %same = hlo.compare EQ, %e, %acc : tensor<f64>
    %first = hlo.compare LT, %ei, %acci : tensor<i64>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f64>
    %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i64>
    hlo.return %m, %mi : tensor<f64>, tensor<i64>
  }
  return %v4#0, %v4#1, %v5#0, %v5#1, %v7#0, %v7#1, %v8#0, %v8#1 : tensor<17xf64>, tensor<17xi64>, tensor<17xf64>, tensor<17xi64>, tensor<6xf64>, tensor<6xi64>, tensor<6xf64>, tensor<6xi64>
}

// A two-result reduce with independent combiners, a three-input one
// (sum, count of positives, minimum), and a body with a constant.
// CHECK: @reduce_sum_and_max result 0: ok
// CHECK: @reduce_sum_and_max result 1: ok
// CHECK: @reduce_sum_and_max result 2: ok
// CHECK: @reduce_sum_and_max result 3: ok
// CHECK: @reduce_sum_and_max result 4: ok
// CHECK: @reduce_sum_and_max result 5: ok
func.func @reduce_sum_and_max(%arg0: tensor<5x12xf32>) -> (tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<i32>, tensor<f32>, tensor<12xf32>) {
  %v0 = hlo.constant dense<0.0> : tensor<f32>
  %v1 = hlo.constant dense<0xFF800000> : tensor<f32>
  %v2:2 = hlo.reduce(%arg0 init %v0), (%arg0 init %v1) dims = [1] : (tensor<5x12xf32>, tensor<5x12xf32>, tensor<f32>, tensor<f32>) -> (tensor<5xf32>, tensor<5xf32>) {
  ^bb0(%s: tensor<f32>, %m: tensor<f32>, %es: tensor<f32>, %em: tensor<f32>):
    %s1 = hlo.add %s, %es : tensor<f32>
    %m1 = hlo.maximum %m, %em : tensor<f32>
    hlo.return %s1, %m1 : tensor<f32>, tensor<f32>
  }
  %v3 = hlo.broadcast_in_dim %v0, dims = [] : (tensor<f32>) -> tensor<5x12xf32>
  %v4 = hlo.compare GT, %arg0, %v3 : tensor<5x12xf32>
  %v5 = hlo.convert %v4 : (tensor<5x12xi1>) -> tensor<5x12xi32>
  %v6 = hlo.constant dense<0> : tensor<i32>
  %v7 = hlo.constant dense<0x7F800000> : tensor<f32>
  %v8:3 = hlo.reduce(%arg0 init %v0), (%v5 init %v6), (%arg0 init %v7) dims = [0, 1] : (tensor<5x12xf32>, tensor<5x12xi32>, tensor<5x12xf32>, tensor<f32>, tensor<i32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, tensor<f32>) {
  ^bb0(%s: tensor<f32>, %c: tensor<i32>, %m: tensor<f32>, %es: tensor<f32>, %ec: tensor<i32>, %em: tensor<f32>):
    %s1 = hlo.add %es, %s : tensor<f32>
    %c1 = hlo.add %c, %ec : tensor<i32>
    %m1 = hlo.minimum %em, %m : tensor<f32>
    hlo.return %s1, %c1, %m1 : tensor<f32>, tensor<i32>, tensor<f32>
  }
  %v9 = hlo.reduce(%arg0 init %v1) dims = [0] : (tensor<5x12xf32>, tensor<f32>) -> tensor<12xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %one = hlo.constant dense<1.0> : tensor<f32>
    %m = hlo.maximum %a, %e : tensor<f32>
    %c = hlo.minimum %m, %one : tensor<f32>
    hlo.return %c : tensor<f32>
  }
  return %v2#0, %v2#1, %v8#0, %v8#1, %v8#2, %v9 : tensor<5xf32>, tensor<5xf32>, tensor<f32>, tensor<i32>, tensor<f32>, tensor<12xf32>
}

// Single-input bodies that are not short forms: xor (parity of i1
// and of i32 bits) and a sum written as two ops.
// CHECK: @reduce_general_int result 0: ok
// CHECK: @reduce_general_int result 1: ok
// CHECK: @reduce_general_int result 2: ok
func.func @reduce_general_int(%arg0: tensor<7x9xi32>, %arg1: tensor<7x9xi1>, %arg2: tensor<7x9xi64>) -> (tensor<7xi32>, tensor<7xi1>, tensor<9xi64>) {
  %v0 = hlo.constant dense<0> : tensor<i32>
  %v1 = hlo.reduce(%arg0 init %v0) dims = [1] : (tensor<7x9xi32>, tensor<i32>) -> tensor<7xi32> {
  ^bb0(%a: tensor<i32>, %e: tensor<i32>):
    %x = hlo.xor %a, %e : tensor<i32>
    hlo.return %x : tensor<i32>
  }
  %v2 = hlo.constant dense<false> : tensor<i1>
  %v3 = hlo.reduce(%arg1 init %v2) dims = [1] : (tensor<7x9xi1>, tensor<i1>) -> tensor<7xi1> {
  ^bb0(%a: tensor<i1>, %e: tensor<i1>):
    %x = hlo.xor %a, %e : tensor<i1>
    hlo.return %x : tensor<i1>
  }
  %v4 = hlo.constant dense<0> : tensor<i64>
  %v5 = hlo.reduce(%arg2 init %v4) dims = [0] : (tensor<7x9xi64>, tensor<i64>) -> tensor<9xi64> {
  ^bb0(%a: tensor<i64>, %e: tensor<i64>):
    %n = hlo.negate %e : tensor<i64>
    %s = hlo.subtract %a, %n : tensor<i64>
    hlo.return %s : tensor<i64>
  }
  return %v1, %v3, %v5 : tensor<7xi32>, tensor<7xi1>, tensor<9xi64>
}

// Reductions of computed values: a sum of squares and a max of abs.
// CHECK: @reduce_of_computed result 0: ok
// CHECK: @reduce_of_computed result 1: ok
// CHECK: @reduce_of_computed result 2: ok
func.func @reduce_of_computed(%arg0: tensor<10x20xf32>) -> (tensor<10xf32>, tensor<20xf32>, tensor<f32>) {
  %v0 = hlo.multiply %arg0, %arg0 : tensor<10x20xf32>
  %v1 = hlo.constant dense<0.0> : tensor<f32>
  %v2 = hlo.reduce add(%v0 init %v1) dims = [1] : (tensor<10x20xf32>, tensor<f32>) -> tensor<10xf32>
  %v3 = hlo.abs %arg0 : tensor<10x20xf32>
  %v4 = hlo.reduce maximum(%v3 init %v1) dims = [0] : (tensor<10x20xf32>, tensor<f32>) -> tensor<20xf32>
  %v5 = hlo.reduce add(%arg0 init %v1) dims = [0, 1] : (tensor<10x20xf32>, tensor<f32>) -> tensor<f32>
  %v6 = hlo.constant dense<200.0> : tensor<f32>
  %v7 = hlo.divide %v5, %v6 : tensor<f32>
  return %v2, %v4, %v7 : tensor<10xf32>, tensor<20xf32>, tensor<f32>
}

// Dimensions in any order (linalg wants them increasing); found by
// utils/fuzz/split_fuzz.py.
// CHECK: @reduce_unsorted_dims result 0: ok
// CHECK: @reduce_unsorted_dims result 1: ok
func.func @reduce_unsorted_dims(%x: tensor<3x4x5xf64>) -> (tensor<f64>, tensor<4xf64>) {
  %z = hlo.constant dense<0.0> : tensor<f64>
  %all = hlo.reduce add(%x init %z) dims = [1, 2, 0] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<f64>
  %outer = hlo.reduce add(%x init %z) dims = [2, 0] : (tensor<3x4x5xf64>, tensor<f64>) -> tensor<4xf64>
  return %all, %outer : tensor<f64>, tensor<4xf64>
}
