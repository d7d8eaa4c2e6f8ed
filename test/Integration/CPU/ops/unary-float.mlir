// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// Every unary float op on f32 (rank 0, size 1, zero-size, a size-1 middle
// dimension and a larger odd shape), f64, f16 and bf16 (rank 0 and an odd
// shape with a size-1 dimension); log, log_plus_one, sqrt and rsqrt also
// inside their domain (the random inputs are in [-3, 3), so half of
// them give NaN); the special values of docs/HLO.md per type.

// CHECK: @abs_f32 result 0: ok
// CHECK: @abs_f32 result 1: ok
// CHECK: @abs_f32 result 2: ok
// CHECK: @abs_f32 result 3: ok
// CHECK: @abs_f32 result 4: ok
func.func @abs_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.abs %arg0 : tensor<f32>
  %v1 = hlo.abs %arg1 : tensor<1xf32>
  %v2 = hlo.abs %arg2 : tensor<0x3xf32>
  %v3 = hlo.abs %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.abs %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @abs_f64 result 0: ok
// CHECK: @abs_f64 result 1: ok
func.func @abs_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.abs %arg0 : tensor<f64>
  %v1 = hlo.abs %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @abs_f16 result 0: ok
// CHECK: @abs_f16 result 1: ok
func.func @abs_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.abs %arg0 : tensor<f16>
  %v1 = hlo.abs %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @abs_bf16 result 0: ok
// CHECK: @abs_bf16 result 1: ok
func.func @abs_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.abs %arg0 : tensor<bf16>
  %v1 = hlo.abs %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @negate_f32 result 0: ok
// CHECK: @negate_f32 result 1: ok
// CHECK: @negate_f32 result 2: ok
// CHECK: @negate_f32 result 3: ok
// CHECK: @negate_f32 result 4: ok
func.func @negate_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.negate %arg0 : tensor<f32>
  %v1 = hlo.negate %arg1 : tensor<1xf32>
  %v2 = hlo.negate %arg2 : tensor<0x3xf32>
  %v3 = hlo.negate %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.negate %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @negate_f64 result 0: ok
// CHECK: @negate_f64 result 1: ok
func.func @negate_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.negate %arg0 : tensor<f64>
  %v1 = hlo.negate %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @negate_f16 result 0: ok
// CHECK: @negate_f16 result 1: ok
func.func @negate_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.negate %arg0 : tensor<f16>
  %v1 = hlo.negate %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @negate_bf16 result 0: ok
// CHECK: @negate_bf16 result 1: ok
func.func @negate_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.negate %arg0 : tensor<bf16>
  %v1 = hlo.negate %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @sign_f32 result 0: ok
// CHECK: @sign_f32 result 1: ok
// CHECK: @sign_f32 result 2: ok
// CHECK: @sign_f32 result 3: ok
// CHECK: @sign_f32 result 4: ok
func.func @sign_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.sign %arg0 : tensor<f32>
  %v1 = hlo.sign %arg1 : tensor<1xf32>
  %v2 = hlo.sign %arg2 : tensor<0x3xf32>
  %v3 = hlo.sign %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.sign %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @sign_f64 result 0: ok
// CHECK: @sign_f64 result 1: ok
func.func @sign_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.sign %arg0 : tensor<f64>
  %v1 = hlo.sign %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @sign_f16 result 0: ok
// CHECK: @sign_f16 result 1: ok
func.func @sign_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.sign %arg0 : tensor<f16>
  %v1 = hlo.sign %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @sign_bf16 result 0: ok
// CHECK: @sign_bf16 result 1: ok
func.func @sign_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.sign %arg0 : tensor<bf16>
  %v1 = hlo.sign %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @floor_f32 result 0: ok
// CHECK: @floor_f32 result 1: ok
// CHECK: @floor_f32 result 2: ok
// CHECK: @floor_f32 result 3: ok
// CHECK: @floor_f32 result 4: ok
func.func @floor_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.floor %arg0 : tensor<f32>
  %v1 = hlo.floor %arg1 : tensor<1xf32>
  %v2 = hlo.floor %arg2 : tensor<0x3xf32>
  %v3 = hlo.floor %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.floor %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @floor_f64 result 0: ok
// CHECK: @floor_f64 result 1: ok
func.func @floor_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.floor %arg0 : tensor<f64>
  %v1 = hlo.floor %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @floor_f16 result 0: ok
// CHECK: @floor_f16 result 1: ok
func.func @floor_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.floor %arg0 : tensor<f16>
  %v1 = hlo.floor %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @floor_bf16 result 0: ok
// CHECK: @floor_bf16 result 1: ok
func.func @floor_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.floor %arg0 : tensor<bf16>
  %v1 = hlo.floor %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @ceil_f32 result 0: ok
// CHECK: @ceil_f32 result 1: ok
// CHECK: @ceil_f32 result 2: ok
// CHECK: @ceil_f32 result 3: ok
// CHECK: @ceil_f32 result 4: ok
func.func @ceil_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.ceil %arg0 : tensor<f32>
  %v1 = hlo.ceil %arg1 : tensor<1xf32>
  %v2 = hlo.ceil %arg2 : tensor<0x3xf32>
  %v3 = hlo.ceil %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.ceil %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @ceil_f64 result 0: ok
// CHECK: @ceil_f64 result 1: ok
func.func @ceil_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.ceil %arg0 : tensor<f64>
  %v1 = hlo.ceil %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @ceil_f16 result 0: ok
// CHECK: @ceil_f16 result 1: ok
func.func @ceil_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.ceil %arg0 : tensor<f16>
  %v1 = hlo.ceil %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @ceil_bf16 result 0: ok
// CHECK: @ceil_bf16 result 1: ok
func.func @ceil_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.ceil %arg0 : tensor<bf16>
  %v1 = hlo.ceil %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @round_nearest_even_f32 result 0: ok
// CHECK: @round_nearest_even_f32 result 1: ok
// CHECK: @round_nearest_even_f32 result 2: ok
// CHECK: @round_nearest_even_f32 result 3: ok
// CHECK: @round_nearest_even_f32 result 4: ok
func.func @round_nearest_even_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.round_nearest_even %arg0 : tensor<f32>
  %v1 = hlo.round_nearest_even %arg1 : tensor<1xf32>
  %v2 = hlo.round_nearest_even %arg2 : tensor<0x3xf32>
  %v3 = hlo.round_nearest_even %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.round_nearest_even %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @round_nearest_even_f64 result 0: ok
// CHECK: @round_nearest_even_f64 result 1: ok
func.func @round_nearest_even_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.round_nearest_even %arg0 : tensor<f64>
  %v1 = hlo.round_nearest_even %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @round_nearest_even_f16 result 0: ok
// CHECK: @round_nearest_even_f16 result 1: ok
func.func @round_nearest_even_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.round_nearest_even %arg0 : tensor<f16>
  %v1 = hlo.round_nearest_even %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @round_nearest_even_bf16 result 0: ok
// CHECK: @round_nearest_even_bf16 result 1: ok
func.func @round_nearest_even_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.round_nearest_even %arg0 : tensor<bf16>
  %v1 = hlo.round_nearest_even %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @exponential_f32 result 0: ok
// CHECK: @exponential_f32 result 1: ok
// CHECK: @exponential_f32 result 2: ok
// CHECK: @exponential_f32 result 3: ok
// CHECK: @exponential_f32 result 4: ok
func.func @exponential_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.exponential %arg0 : tensor<f32>
  %v1 = hlo.exponential %arg1 : tensor<1xf32>
  %v2 = hlo.exponential %arg2 : tensor<0x3xf32>
  %v3 = hlo.exponential %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.exponential %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @exponential_f64 result 0: ok
// CHECK: @exponential_f64 result 1: ok
func.func @exponential_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.exponential %arg0 : tensor<f64>
  %v1 = hlo.exponential %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @exponential_f16 result 0: ok
// CHECK: @exponential_f16 result 1: ok
func.func @exponential_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.exponential %arg0 : tensor<f16>
  %v1 = hlo.exponential %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @exponential_bf16 result 0: ok
// CHECK: @exponential_bf16 result 1: ok
func.func @exponential_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.exponential %arg0 : tensor<bf16>
  %v1 = hlo.exponential %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @exponential_minus_one_f32 result 0: ok
// CHECK: @exponential_minus_one_f32 result 1: ok
// CHECK: @exponential_minus_one_f32 result 2: ok
// CHECK: @exponential_minus_one_f32 result 3: ok
// CHECK: @exponential_minus_one_f32 result 4: ok
func.func @exponential_minus_one_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.exponential_minus_one %arg0 : tensor<f32>
  %v1 = hlo.exponential_minus_one %arg1 : tensor<1xf32>
  %v2 = hlo.exponential_minus_one %arg2 : tensor<0x3xf32>
  %v3 = hlo.exponential_minus_one %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.exponential_minus_one %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @exponential_minus_one_f64 result 0: ok
// CHECK: @exponential_minus_one_f64 result 1: ok
func.func @exponential_minus_one_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.exponential_minus_one %arg0 : tensor<f64>
  %v1 = hlo.exponential_minus_one %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @exponential_minus_one_f16 result 0: ok
// CHECK: @exponential_minus_one_f16 result 1: ok
func.func @exponential_minus_one_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.exponential_minus_one %arg0 : tensor<f16>
  %v1 = hlo.exponential_minus_one %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @exponential_minus_one_bf16 result 0: ok
// CHECK: @exponential_minus_one_bf16 result 1: ok
func.func @exponential_minus_one_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.exponential_minus_one %arg0 : tensor<bf16>
  %v1 = hlo.exponential_minus_one %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @log_f32 result 0: ok
// CHECK: @log_f32 result 1: ok
// CHECK: @log_f32 result 2: ok
// CHECK: @log_f32 result 3: ok
// CHECK: @log_f32 result 4: ok
// CHECK: @log_f32 result 5: ok
func.func @log_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.log %arg0 : tensor<f32>
  %v1 = hlo.log %arg1 : tensor<1xf32>
  %v2 = hlo.log %arg2 : tensor<0x3xf32>
  %v3 = hlo.log %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.log %arg4 : tensor<5x67xf32>
  %v5 = hlo.abs %arg4 : tensor<5x67xf32>
  %v6 = hlo.log %v5 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v6 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @log_f64 result 0: ok
// CHECK: @log_f64 result 1: ok
func.func @log_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.log %arg0 : tensor<f64>
  %v1 = hlo.log %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @log_f16 result 0: ok
// CHECK: @log_f16 result 1: ok
// CHECK: @log_f16 result 2: ok
func.func @log_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.log %arg0 : tensor<f16>
  %v1 = hlo.log %arg1 : tensor<3x1x17xf16>
  %v2 = hlo.abs %arg1 : tensor<3x1x17xf16>
  %v3 = hlo.log %v2 : tensor<3x1x17xf16>
  return %v0, %v1, %v3 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @log_bf16 result 0: ok
// CHECK: @log_bf16 result 1: ok
func.func @log_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.log %arg0 : tensor<bf16>
  %v1 = hlo.log %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @log_plus_one_f32 result 0: ok
// CHECK: @log_plus_one_f32 result 1: ok
// CHECK: @log_plus_one_f32 result 2: ok
// CHECK: @log_plus_one_f32 result 3: ok
// CHECK: @log_plus_one_f32 result 4: ok
// CHECK: @log_plus_one_f32 result 5: ok
func.func @log_plus_one_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.log_plus_one %arg0 : tensor<f32>
  %v1 = hlo.log_plus_one %arg1 : tensor<1xf32>
  %v2 = hlo.log_plus_one %arg2 : tensor<0x3xf32>
  %v3 = hlo.log_plus_one %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.log_plus_one %arg4 : tensor<5x67xf32>
  %v5 = hlo.abs %arg4 : tensor<5x67xf32>
  %v6 = hlo.constant dense<0.75> : tensor<5x67xf32>
  %v7 = hlo.subtract %v5, %v6 : tensor<5x67xf32>
  %v8 = hlo.log_plus_one %v7 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v8 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @log_plus_one_f64 result 0: ok
// CHECK: @log_plus_one_f64 result 1: ok
func.func @log_plus_one_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.log_plus_one %arg0 : tensor<f64>
  %v1 = hlo.log_plus_one %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @log_plus_one_f16 result 0: ok
// CHECK: @log_plus_one_f16 result 1: ok
// CHECK: @log_plus_one_f16 result 2: ok
func.func @log_plus_one_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.log_plus_one %arg0 : tensor<f16>
  %v1 = hlo.log_plus_one %arg1 : tensor<3x1x17xf16>
  %v2 = hlo.abs %arg1 : tensor<3x1x17xf16>
  %v3 = hlo.constant dense<0.75> : tensor<3x1x17xf16>
  %v4 = hlo.subtract %v2, %v3 : tensor<3x1x17xf16>
  %v5 = hlo.log_plus_one %v4 : tensor<3x1x17xf16>
  return %v0, %v1, %v5 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @log_plus_one_bf16 result 0: ok
// CHECK: @log_plus_one_bf16 result 1: ok
func.func @log_plus_one_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.log_plus_one %arg0 : tensor<bf16>
  %v1 = hlo.log_plus_one %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @logistic_f32 result 0: ok
// CHECK: @logistic_f32 result 1: ok
// CHECK: @logistic_f32 result 2: ok
// CHECK: @logistic_f32 result 3: ok
// CHECK: @logistic_f32 result 4: ok
func.func @logistic_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.logistic %arg0 : tensor<f32>
  %v1 = hlo.logistic %arg1 : tensor<1xf32>
  %v2 = hlo.logistic %arg2 : tensor<0x3xf32>
  %v3 = hlo.logistic %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.logistic %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @logistic_f64 result 0: ok
// CHECK: @logistic_f64 result 1: ok
func.func @logistic_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.logistic %arg0 : tensor<f64>
  %v1 = hlo.logistic %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @logistic_f16 result 0: ok
// CHECK: @logistic_f16 result 1: ok
func.func @logistic_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.logistic %arg0 : tensor<f16>
  %v1 = hlo.logistic %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @logistic_bf16 result 0: ok
// CHECK: @logistic_bf16 result 1: ok
func.func @logistic_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.logistic %arg0 : tensor<bf16>
  %v1 = hlo.logistic %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @tanh_f32 result 0: ok
// CHECK: @tanh_f32 result 1: ok
// CHECK: @tanh_f32 result 2: ok
// CHECK: @tanh_f32 result 3: ok
// CHECK: @tanh_f32 result 4: ok
func.func @tanh_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.tanh %arg0 : tensor<f32>
  %v1 = hlo.tanh %arg1 : tensor<1xf32>
  %v2 = hlo.tanh %arg2 : tensor<0x3xf32>
  %v3 = hlo.tanh %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.tanh %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @tanh_f64 result 0: ok
// CHECK: @tanh_f64 result 1: ok
func.func @tanh_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.tanh %arg0 : tensor<f64>
  %v1 = hlo.tanh %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @tanh_f16 result 0: ok
// CHECK: @tanh_f16 result 1: ok
func.func @tanh_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.tanh %arg0 : tensor<f16>
  %v1 = hlo.tanh %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @tanh_bf16 result 0: ok
// CHECK: @tanh_bf16 result 1: ok
func.func @tanh_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.tanh %arg0 : tensor<bf16>
  %v1 = hlo.tanh %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @sqrt_f32 result 0: ok
// CHECK: @sqrt_f32 result 1: ok
// CHECK: @sqrt_f32 result 2: ok
// CHECK: @sqrt_f32 result 3: ok
// CHECK: @sqrt_f32 result 4: ok
// CHECK: @sqrt_f32 result 5: ok
func.func @sqrt_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.sqrt %arg0 : tensor<f32>
  %v1 = hlo.sqrt %arg1 : tensor<1xf32>
  %v2 = hlo.sqrt %arg2 : tensor<0x3xf32>
  %v3 = hlo.sqrt %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.sqrt %arg4 : tensor<5x67xf32>
  %v5 = hlo.abs %arg4 : tensor<5x67xf32>
  %v6 = hlo.sqrt %v5 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v6 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @sqrt_f64 result 0: ok
// CHECK: @sqrt_f64 result 1: ok
func.func @sqrt_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.sqrt %arg0 : tensor<f64>
  %v1 = hlo.sqrt %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @sqrt_f16 result 0: ok
// CHECK: @sqrt_f16 result 1: ok
// CHECK: @sqrt_f16 result 2: ok
func.func @sqrt_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.sqrt %arg0 : tensor<f16>
  %v1 = hlo.sqrt %arg1 : tensor<3x1x17xf16>
  %v2 = hlo.abs %arg1 : tensor<3x1x17xf16>
  %v3 = hlo.sqrt %v2 : tensor<3x1x17xf16>
  return %v0, %v1, %v3 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @sqrt_bf16 result 0: ok
// CHECK: @sqrt_bf16 result 1: ok
func.func @sqrt_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.sqrt %arg0 : tensor<bf16>
  %v1 = hlo.sqrt %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @rsqrt_f32 result 0: ok
// CHECK: @rsqrt_f32 result 1: ok
// CHECK: @rsqrt_f32 result 2: ok
// CHECK: @rsqrt_f32 result 3: ok
// CHECK: @rsqrt_f32 result 4: ok
// CHECK: @rsqrt_f32 result 5: ok
func.func @rsqrt_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>) {
  %v0 = hlo.rsqrt %arg0 : tensor<f32>
  %v1 = hlo.rsqrt %arg1 : tensor<1xf32>
  %v2 = hlo.rsqrt %arg2 : tensor<0x3xf32>
  %v3 = hlo.rsqrt %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.rsqrt %arg4 : tensor<5x67xf32>
  %v5 = hlo.abs %arg4 : tensor<5x67xf32>
  %v6 = hlo.rsqrt %v5 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4, %v6 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>, tensor<5x67xf32>
}

// CHECK: @rsqrt_f64 result 0: ok
// CHECK: @rsqrt_f64 result 1: ok
func.func @rsqrt_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.rsqrt %arg0 : tensor<f64>
  %v1 = hlo.rsqrt %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @rsqrt_f16 result 0: ok
// CHECK: @rsqrt_f16 result 1: ok
// CHECK: @rsqrt_f16 result 2: ok
func.func @rsqrt_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>) {
  %v0 = hlo.rsqrt %arg0 : tensor<f16>
  %v1 = hlo.rsqrt %arg1 : tensor<3x1x17xf16>
  %v2 = hlo.abs %arg1 : tensor<3x1x17xf16>
  %v3 = hlo.rsqrt %v2 : tensor<3x1x17xf16>
  return %v0, %v1, %v3 : tensor<f16>, tensor<3x1x17xf16>, tensor<3x1x17xf16>
}

// CHECK: @rsqrt_bf16 result 0: ok
// CHECK: @rsqrt_bf16 result 1: ok
func.func @rsqrt_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.rsqrt %arg0 : tensor<bf16>
  %v1 = hlo.rsqrt %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @sine_f32 result 0: ok
// CHECK: @sine_f32 result 1: ok
// CHECK: @sine_f32 result 2: ok
// CHECK: @sine_f32 result 3: ok
// CHECK: @sine_f32 result 4: ok
func.func @sine_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.sine %arg0 : tensor<f32>
  %v1 = hlo.sine %arg1 : tensor<1xf32>
  %v2 = hlo.sine %arg2 : tensor<0x3xf32>
  %v3 = hlo.sine %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.sine %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @sine_f64 result 0: ok
// CHECK: @sine_f64 result 1: ok
func.func @sine_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.sine %arg0 : tensor<f64>
  %v1 = hlo.sine %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @sine_f16 result 0: ok
// CHECK: @sine_f16 result 1: ok
func.func @sine_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.sine %arg0 : tensor<f16>
  %v1 = hlo.sine %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @sine_bf16 result 0: ok
// CHECK: @sine_bf16 result 1: ok
func.func @sine_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.sine %arg0 : tensor<bf16>
  %v1 = hlo.sine %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @cosine_f32 result 0: ok
// CHECK: @cosine_f32 result 1: ok
// CHECK: @cosine_f32 result 2: ok
// CHECK: @cosine_f32 result 3: ok
// CHECK: @cosine_f32 result 4: ok
func.func @cosine_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>) {
  %v0 = hlo.cosine %arg0 : tensor<f32>
  %v1 = hlo.cosine %arg1 : tensor<1xf32>
  %v2 = hlo.cosine %arg2 : tensor<0x3xf32>
  %v3 = hlo.cosine %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.cosine %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<f32>, tensor<1xf32>, tensor<0x3xf32>, tensor<2x1x3xf32>, tensor<5x67xf32>
}

// CHECK: @cosine_f64 result 0: ok
// CHECK: @cosine_f64 result 1: ok
func.func @cosine_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<f64>, tensor<3x1x17xf64>) {
  %v0 = hlo.cosine %arg0 : tensor<f64>
  %v1 = hlo.cosine %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<f64>, tensor<3x1x17xf64>
}

// CHECK: @cosine_f16 result 0: ok
// CHECK: @cosine_f16 result 1: ok
func.func @cosine_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<f16>, tensor<3x1x17xf16>) {
  %v0 = hlo.cosine %arg0 : tensor<f16>
  %v1 = hlo.cosine %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<f16>, tensor<3x1x17xf16>
}

// CHECK: @cosine_bf16 result 0: ok
// CHECK: @cosine_bf16 result 1: ok
func.func @cosine_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<bf16>, tensor<3x1x17xbf16>) {
  %v0 = hlo.cosine %arg0 : tensor<bf16>
  %v1 = hlo.cosine %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<bf16>, tensor<3x1x17xbf16>
}

// CHECK: @is_finite_f32 result 0: ok
// CHECK: @is_finite_f32 result 1: ok
// CHECK: @is_finite_f32 result 2: ok
// CHECK: @is_finite_f32 result 3: ok
// CHECK: @is_finite_f32 result 4: ok
func.func @is_finite_f32(%arg0: tensor<f32>, %arg1: tensor<1xf32>, %arg2: tensor<0x3xf32>, %arg3: tensor<2x1x3xf32>, %arg4: tensor<5x67xf32>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>) {
  %v0 = hlo.is_finite %arg0 : tensor<f32>
  %v1 = hlo.is_finite %arg1 : tensor<1xf32>
  %v2 = hlo.is_finite %arg2 : tensor<0x3xf32>
  %v3 = hlo.is_finite %arg3 : tensor<2x1x3xf32>
  %v4 = hlo.is_finite %arg4 : tensor<5x67xf32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>
}

// CHECK: @is_finite_f64 result 0: ok
// CHECK: @is_finite_f64 result 1: ok
func.func @is_finite_f64(%arg0: tensor<f64>, %arg1: tensor<3x1x17xf64>) -> (tensor<i1>, tensor<3x1x17xi1>) {
  %v0 = hlo.is_finite %arg0 : tensor<f64>
  %v1 = hlo.is_finite %arg1 : tensor<3x1x17xf64>
  return %v0, %v1 : tensor<i1>, tensor<3x1x17xi1>
}

// CHECK: @is_finite_f16 result 0: ok
// CHECK: @is_finite_f16 result 1: ok
func.func @is_finite_f16(%arg0: tensor<f16>, %arg1: tensor<3x1x17xf16>) -> (tensor<i1>, tensor<3x1x17xi1>) {
  %v0 = hlo.is_finite %arg0 : tensor<f16>
  %v1 = hlo.is_finite %arg1 : tensor<3x1x17xf16>
  return %v0, %v1 : tensor<i1>, tensor<3x1x17xi1>
}

// CHECK: @is_finite_bf16 result 0: ok
// CHECK: @is_finite_bf16 result 1: ok
func.func @is_finite_bf16(%arg0: tensor<bf16>, %arg1: tensor<3x1x17xbf16>) -> (tensor<i1>, tensor<3x1x17xi1>) {
  %v0 = hlo.is_finite %arg0 : tensor<bf16>
  %v1 = hlo.is_finite %arg1 : tensor<3x1x17xbf16>
  return %v0, %v1 : tensor<i1>, tensor<3x1x17xi1>
}

// NaN, +-inf, +-0.0, ties, tiny and huge values in f32.
// CHECK: @special_values_f32 result 0: ok
// CHECK: @special_values_f32 result 1: ok
// CHECK: @special_values_f32 result 2: ok
// CHECK: @special_values_f32 result 3: ok
// CHECK: @special_values_f32 result 4: ok
// CHECK: @special_values_f32 result 5: ok
// CHECK: @special_values_f32 result 6: ok
// CHECK: @special_values_f32 result 7: ok
// CHECK: @special_values_f32 result 8: ok
// CHECK: @special_values_f32 result 9: ok
// CHECK: @special_values_f32 result 10: ok
// CHECK: @special_values_f32 result 11: ok
// CHECK: @special_values_f32 result 12: ok
// CHECK: @special_values_f32 result 13: ok
// CHECK: @special_values_f32 result 14: ok
// CHECK: @special_values_f32 result 15: ok
// CHECK: @special_values_f32 result 16: ok
func.func @special_values_f32(%arg0: tensor<16xf32>, %arg1: tensor<16xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<16xf32>
  %v1 = hlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-30, -1.0e-30, 100.0, -100.0, 1.0e+30, -1.0e+30]> : tensor<16xf32>
  %v2 = hlo.abs %arg0 : tensor<16xf32>
  %v3 = hlo.multiply %v2, %v0 : tensor<16xf32>
  %v4 = hlo.subtract %v1, %v3 : tensor<16xf32>
  %v5 = hlo.constant dense<0.0> : tensor<16xf32>
  %v6 = hlo.constant dense<[0x7FC00000, 0x7F800000, 0xFF800000, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-30, -1.0e-30, 10.0, -10.0, 31.25, -31.25]> : tensor<16xf32>
  %v7 = hlo.abs %arg1 : tensor<16xf32>
  %v8 = hlo.multiply %v7, %v5 : tensor<16xf32>
  %v9 = hlo.subtract %v6, %v8 : tensor<16xf32>
  %v10 = hlo.abs %v4 : tensor<16xf32>
  %v11 = hlo.negate %v4 : tensor<16xf32>
  %v12 = hlo.sign %v4 : tensor<16xf32>
  %v13 = hlo.floor %v4 : tensor<16xf32>
  %v14 = hlo.ceil %v4 : tensor<16xf32>
  %v15 = hlo.round_nearest_even %v4 : tensor<16xf32>
  %v16 = hlo.exponential %v4 : tensor<16xf32>
  %v17 = hlo.exponential_minus_one %v4 : tensor<16xf32>
  %v18 = hlo.log %v4 : tensor<16xf32>
  %v19 = hlo.log_plus_one %v4 : tensor<16xf32>
  %v20 = hlo.logistic %v4 : tensor<16xf32>
  %v21 = hlo.tanh %v4 : tensor<16xf32>
  %v22 = hlo.sqrt %v4 : tensor<16xf32>
  %v23 = hlo.rsqrt %v4 : tensor<16xf32>
  %v24 = hlo.sine %v9 : tensor<16xf32>
  %v25 = hlo.cosine %v9 : tensor<16xf32>
  %v26 = hlo.is_finite %v4 : tensor<16xf32>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v19, %v20, %v21, %v22, %v23, %v24, %v25, %v26 : tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xf32>, tensor<16xi1>
}

// NaN, +-inf, +-0.0, ties, tiny and huge values in f64.
// CHECK: @special_values_f64 result 0: ok
// CHECK: @special_values_f64 result 1: ok
// CHECK: @special_values_f64 result 2: ok
// CHECK: @special_values_f64 result 3: ok
// CHECK: @special_values_f64 result 4: ok
// CHECK: @special_values_f64 result 5: ok
// CHECK: @special_values_f64 result 6: ok
// CHECK: @special_values_f64 result 7: ok
// CHECK: @special_values_f64 result 8: ok
// CHECK: @special_values_f64 result 9: ok
// CHECK: @special_values_f64 result 10: ok
// CHECK: @special_values_f64 result 11: ok
// CHECK: @special_values_f64 result 12: ok
// CHECK: @special_values_f64 result 13: ok
// CHECK: @special_values_f64 result 14: ok
// CHECK: @special_values_f64 result 15: ok
// CHECK: @special_values_f64 result 16: ok
func.func @special_values_f64(%arg0: tensor<16xf64>, %arg1: tensor<16xf64>) -> (tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<16xf64>
  %v1 = hlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-300, -1.0e-300, 100.0, -100.0, 1.0e+300, -1.0e+300]> : tensor<16xf64>
  %v2 = hlo.abs %arg0 : tensor<16xf64>
  %v3 = hlo.multiply %v2, %v0 : tensor<16xf64>
  %v4 = hlo.subtract %v1, %v3 : tensor<16xf64>
  %v5 = hlo.constant dense<0.0> : tensor<16xf64>
  %v6 = hlo.constant dense<[0x7FF8000000000000, 0x7FF0000000000000, 0xFFF0000000000000, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-300, -1.0e-300, 10.0, -10.0, 31.25, -31.25]> : tensor<16xf64>
  %v7 = hlo.abs %arg1 : tensor<16xf64>
  %v8 = hlo.multiply %v7, %v5 : tensor<16xf64>
  %v9 = hlo.subtract %v6, %v8 : tensor<16xf64>
  %v10 = hlo.abs %v4 : tensor<16xf64>
  %v11 = hlo.negate %v4 : tensor<16xf64>
  %v12 = hlo.sign %v4 : tensor<16xf64>
  %v13 = hlo.floor %v4 : tensor<16xf64>
  %v14 = hlo.ceil %v4 : tensor<16xf64>
  %v15 = hlo.round_nearest_even %v4 : tensor<16xf64>
  %v16 = hlo.exponential %v4 : tensor<16xf64>
  %v17 = hlo.exponential_minus_one %v4 : tensor<16xf64>
  %v18 = hlo.log %v4 : tensor<16xf64>
  %v19 = hlo.log_plus_one %v4 : tensor<16xf64>
  %v20 = hlo.logistic %v4 : tensor<16xf64>
  %v21 = hlo.tanh %v4 : tensor<16xf64>
  %v22 = hlo.sqrt %v4 : tensor<16xf64>
  %v23 = hlo.rsqrt %v4 : tensor<16xf64>
  %v24 = hlo.sine %v9 : tensor<16xf64>
  %v25 = hlo.cosine %v9 : tensor<16xf64>
  %v26 = hlo.is_finite %v4 : tensor<16xf64>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v19, %v20, %v21, %v22, %v23, %v24, %v25, %v26 : tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xf64>, tensor<16xi1>
}

// NaN, +-inf, +-0.0, ties, tiny and huge values in f16.
// CHECK: @special_values_f16 result 0: ok
// CHECK: @special_values_f16 result 1: ok
// CHECK: @special_values_f16 result 2: ok
// CHECK: @special_values_f16 result 3: ok
// CHECK: @special_values_f16 result 4: ok
// CHECK: @special_values_f16 result 5: ok
// CHECK: @special_values_f16 result 6: ok
// CHECK: @special_values_f16 result 7: ok
// CHECK: @special_values_f16 result 8: ok
// CHECK: @special_values_f16 result 9: ok
// CHECK: @special_values_f16 result 10: ok
// CHECK: @special_values_f16 result 11: ok
// CHECK: @special_values_f16 result 12: ok
// CHECK: @special_values_f16 result 13: ok
// CHECK: @special_values_f16 result 14: ok
// CHECK: @special_values_f16 result 15: ok
// CHECK: @special_values_f16 result 16: ok
func.func @special_values_f16(%arg0: tensor<16xf16>, %arg1: tensor<16xf16>) -> (tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<16xf16>
  %v1 = hlo.constant dense<[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-06, -1.0e-06, 100.0, -100.0, 6.0e+04, -6.0e+04]> : tensor<16xf16>
  %v2 = hlo.abs %arg0 : tensor<16xf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<16xf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<16xf16>
  %v5 = hlo.constant dense<0.0> : tensor<16xf16>
  %v6 = hlo.constant dense<[0x7E00, 0x7C00, 0xFC00, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-06, -1.0e-06, 10.0, -10.0, 31.25, -31.25]> : tensor<16xf16>
  %v7 = hlo.abs %arg1 : tensor<16xf16>
  %v8 = hlo.multiply %v7, %v5 : tensor<16xf16>
  %v9 = hlo.subtract %v6, %v8 : tensor<16xf16>
  %v10 = hlo.abs %v4 : tensor<16xf16>
  %v11 = hlo.negate %v4 : tensor<16xf16>
  %v12 = hlo.sign %v4 : tensor<16xf16>
  %v13 = hlo.floor %v4 : tensor<16xf16>
  %v14 = hlo.ceil %v4 : tensor<16xf16>
  %v15 = hlo.round_nearest_even %v4 : tensor<16xf16>
  %v16 = hlo.exponential %v4 : tensor<16xf16>
  %v17 = hlo.exponential_minus_one %v4 : tensor<16xf16>
  %v18 = hlo.log %v4 : tensor<16xf16>
  %v19 = hlo.log_plus_one %v4 : tensor<16xf16>
  %v20 = hlo.logistic %v4 : tensor<16xf16>
  %v21 = hlo.tanh %v4 : tensor<16xf16>
  %v22 = hlo.sqrt %v4 : tensor<16xf16>
  %v23 = hlo.rsqrt %v4 : tensor<16xf16>
  %v24 = hlo.sine %v9 : tensor<16xf16>
  %v25 = hlo.cosine %v9 : tensor<16xf16>
  %v26 = hlo.is_finite %v4 : tensor<16xf16>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v19, %v20, %v21, %v22, %v23, %v24, %v25, %v26 : tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xf16>, tensor<16xi1>
}

// NaN, +-inf, +-0.0, ties, tiny and huge values in bf16.
// CHECK: @special_values_bf16 result 0: ok
// CHECK: @special_values_bf16 result 1: ok
// CHECK: @special_values_bf16 result 2: ok
// CHECK: @special_values_bf16 result 3: ok
// CHECK: @special_values_bf16 result 4: ok
// CHECK: @special_values_bf16 result 5: ok
// CHECK: @special_values_bf16 result 6: ok
// CHECK: @special_values_bf16 result 7: ok
// CHECK: @special_values_bf16 result 8: ok
// CHECK: @special_values_bf16 result 9: ok
// CHECK: @special_values_bf16 result 10: ok
// CHECK: @special_values_bf16 result 11: ok
// CHECK: @special_values_bf16 result 12: ok
// CHECK: @special_values_bf16 result 13: ok
// CHECK: @special_values_bf16 result 14: ok
// CHECK: @special_values_bf16 result 15: ok
// CHECK: @special_values_bf16 result 16: ok
func.func @special_values_bf16(%arg0: tensor<16xbf16>, %arg1: tensor<16xbf16>) -> (tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xi1>) {
  %v0 = hlo.constant dense<0.0> : tensor<16xbf16>
  %v1 = hlo.constant dense<[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-30, -1.0e-30, 100.0, -100.0, 1.0e+30, -1.0e+30]> : tensor<16xbf16>
  %v2 = hlo.abs %arg0 : tensor<16xbf16>
  %v3 = hlo.multiply %v2, %v0 : tensor<16xbf16>
  %v4 = hlo.subtract %v1, %v3 : tensor<16xbf16>
  %v5 = hlo.constant dense<0.0> : tensor<16xbf16>
  %v6 = hlo.constant dense<[0x7FC0, 0x7F80, 0xFF80, 0.0, -0.0, 0.5, -0.5, 1.5, 2.5, -2.5, 1.0e-30, -1.0e-30, 10.0, -10.0, 31.25, -31.25]> : tensor<16xbf16>
  %v7 = hlo.abs %arg1 : tensor<16xbf16>
  %v8 = hlo.multiply %v7, %v5 : tensor<16xbf16>
  %v9 = hlo.subtract %v6, %v8 : tensor<16xbf16>
  %v10 = hlo.abs %v4 : tensor<16xbf16>
  %v11 = hlo.negate %v4 : tensor<16xbf16>
  %v12 = hlo.sign %v4 : tensor<16xbf16>
  %v13 = hlo.floor %v4 : tensor<16xbf16>
  %v14 = hlo.ceil %v4 : tensor<16xbf16>
  %v15 = hlo.round_nearest_even %v4 : tensor<16xbf16>
  %v16 = hlo.exponential %v4 : tensor<16xbf16>
  %v17 = hlo.exponential_minus_one %v4 : tensor<16xbf16>
  %v18 = hlo.log %v4 : tensor<16xbf16>
  %v19 = hlo.log_plus_one %v4 : tensor<16xbf16>
  %v20 = hlo.logistic %v4 : tensor<16xbf16>
  %v21 = hlo.tanh %v4 : tensor<16xbf16>
  %v22 = hlo.sqrt %v4 : tensor<16xbf16>
  %v23 = hlo.rsqrt %v4 : tensor<16xbf16>
  %v24 = hlo.sine %v9 : tensor<16xbf16>
  %v25 = hlo.cosine %v9 : tensor<16xbf16>
  %v26 = hlo.is_finite %v4 : tensor<16xbf16>
  return %v10, %v11, %v12, %v13, %v14, %v15, %v16, %v17, %v18, %v19, %v20, %v21, %v22, %v23, %v24, %v25, %v26 : tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xbf16>, tensor<16xi1>
}

// A chain of unary ops on a 2-D tensor.
// CHECK: @chain_f32 result 0: ok
// CHECK: @chain_f32 result 1: ok
func.func @chain_f32(%arg0: tensor<16x33xf32>) -> (tensor<16x33xf32>, tensor<16x33xf32>) {
  %v0 = hlo.tanh %arg0 : tensor<16x33xf32>
  %v1 = hlo.exponential %v0 : tensor<16x33xf32>
  %v2 = hlo.log %v1 : tensor<16x33xf32>
  %v3 = hlo.sine %v2 : tensor<16x33xf32>
  %v4 = hlo.abs %v3 : tensor<16x33xf32>
  %v5 = hlo.sqrt %v4 : tensor<16x33xf32>
  %v6 = hlo.negate %v5 : tensor<16x33xf32>
  return %v6, %v2 : tensor<16x33xf32>, tensor<16x33xf32>
}
