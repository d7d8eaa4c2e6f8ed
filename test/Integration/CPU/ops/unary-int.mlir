// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// abs, negate, sign and not on i8, i16, i32 and i64 (not also on i1; every
// shape on i32, rank 0 and an odd shape on the others), with the wrap-around
// cases at INT_MIN.

// CHECK: @abs_i8 result 0: ok
// CHECK: @abs_i8 result 1: ok
func.func @abs_i8(%arg0: tensor<i8>, %arg1: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.abs %arg0 : tensor<i8>
  %v1 = hlo.abs %arg1 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @abs_i16 result 0: ok
// CHECK: @abs_i16 result 1: ok
func.func @abs_i16(%arg0: tensor<i16>, %arg1: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.abs %arg0 : tensor<i16>
  %v1 = hlo.abs %arg1 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @abs_i32 result 0: ok
// CHECK: @abs_i32 result 1: ok
// CHECK: @abs_i32 result 2: ok
// CHECK: @abs_i32 result 3: ok
// CHECK: @abs_i32 result 4: ok
func.func @abs_i32(%arg0: tensor<i32>, %arg1: tensor<1xi32>, %arg2: tensor<0x3xi32>, %arg3: tensor<2x1x3xi32>, %arg4: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.abs %arg0 : tensor<i32>
  %v1 = hlo.abs %arg1 : tensor<1xi32>
  %v2 = hlo.abs %arg2 : tensor<0x3xi32>
  %v3 = hlo.abs %arg3 : tensor<2x1x3xi32>
  %v4 = hlo.abs %arg4 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @abs_i64 result 0: ok
// CHECK: @abs_i64 result 1: ok
func.func @abs_i64(%arg0: tensor<i64>, %arg1: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.abs %arg0 : tensor<i64>
  %v1 = hlo.abs %arg1 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @negate_i8 result 0: ok
// CHECK: @negate_i8 result 1: ok
func.func @negate_i8(%arg0: tensor<i8>, %arg1: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.negate %arg0 : tensor<i8>
  %v1 = hlo.negate %arg1 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @negate_i16 result 0: ok
// CHECK: @negate_i16 result 1: ok
func.func @negate_i16(%arg0: tensor<i16>, %arg1: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.negate %arg0 : tensor<i16>
  %v1 = hlo.negate %arg1 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @negate_i32 result 0: ok
// CHECK: @negate_i32 result 1: ok
// CHECK: @negate_i32 result 2: ok
// CHECK: @negate_i32 result 3: ok
// CHECK: @negate_i32 result 4: ok
func.func @negate_i32(%arg0: tensor<i32>, %arg1: tensor<1xi32>, %arg2: tensor<0x3xi32>, %arg3: tensor<2x1x3xi32>, %arg4: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.negate %arg0 : tensor<i32>
  %v1 = hlo.negate %arg1 : tensor<1xi32>
  %v2 = hlo.negate %arg2 : tensor<0x3xi32>
  %v3 = hlo.negate %arg3 : tensor<2x1x3xi32>
  %v4 = hlo.negate %arg4 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @negate_i64 result 0: ok
// CHECK: @negate_i64 result 1: ok
func.func @negate_i64(%arg0: tensor<i64>, %arg1: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.negate %arg0 : tensor<i64>
  %v1 = hlo.negate %arg1 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @sign_i8 result 0: ok
// CHECK: @sign_i8 result 1: ok
func.func @sign_i8(%arg0: tensor<i8>, %arg1: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.sign %arg0 : tensor<i8>
  %v1 = hlo.sign %arg1 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @sign_i16 result 0: ok
// CHECK: @sign_i16 result 1: ok
func.func @sign_i16(%arg0: tensor<i16>, %arg1: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.sign %arg0 : tensor<i16>
  %v1 = hlo.sign %arg1 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @sign_i32 result 0: ok
// CHECK: @sign_i32 result 1: ok
// CHECK: @sign_i32 result 2: ok
// CHECK: @sign_i32 result 3: ok
// CHECK: @sign_i32 result 4: ok
func.func @sign_i32(%arg0: tensor<i32>, %arg1: tensor<1xi32>, %arg2: tensor<0x3xi32>, %arg3: tensor<2x1x3xi32>, %arg4: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.sign %arg0 : tensor<i32>
  %v1 = hlo.sign %arg1 : tensor<1xi32>
  %v2 = hlo.sign %arg2 : tensor<0x3xi32>
  %v3 = hlo.sign %arg3 : tensor<2x1x3xi32>
  %v4 = hlo.sign %arg4 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @sign_i64 result 0: ok
// CHECK: @sign_i64 result 1: ok
func.func @sign_i64(%arg0: tensor<i64>, %arg1: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.sign %arg0 : tensor<i64>
  %v1 = hlo.sign %arg1 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @not_i8 result 0: ok
// CHECK: @not_i8 result 1: ok
func.func @not_i8(%arg0: tensor<i8>, %arg1: tensor<3x1x17xi8>) -> (tensor<i8>, tensor<3x1x17xi8>) {
  %v0 = hlo.not %arg0 : tensor<i8>
  %v1 = hlo.not %arg1 : tensor<3x1x17xi8>
  return %v0, %v1 : tensor<i8>, tensor<3x1x17xi8>
}

// CHECK: @not_i16 result 0: ok
// CHECK: @not_i16 result 1: ok
func.func @not_i16(%arg0: tensor<i16>, %arg1: tensor<3x1x17xi16>) -> (tensor<i16>, tensor<3x1x17xi16>) {
  %v0 = hlo.not %arg0 : tensor<i16>
  %v1 = hlo.not %arg1 : tensor<3x1x17xi16>
  return %v0, %v1 : tensor<i16>, tensor<3x1x17xi16>
}

// CHECK: @not_i32 result 0: ok
// CHECK: @not_i32 result 1: ok
// CHECK: @not_i32 result 2: ok
// CHECK: @not_i32 result 3: ok
// CHECK: @not_i32 result 4: ok
func.func @not_i32(%arg0: tensor<i32>, %arg1: tensor<1xi32>, %arg2: tensor<0x3xi32>, %arg3: tensor<2x1x3xi32>, %arg4: tensor<5x67xi32>) -> (tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>) {
  %v0 = hlo.not %arg0 : tensor<i32>
  %v1 = hlo.not %arg1 : tensor<1xi32>
  %v2 = hlo.not %arg2 : tensor<0x3xi32>
  %v3 = hlo.not %arg3 : tensor<2x1x3xi32>
  %v4 = hlo.not %arg4 : tensor<5x67xi32>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i32>, tensor<1xi32>, tensor<0x3xi32>, tensor<2x1x3xi32>, tensor<5x67xi32>
}

// CHECK: @not_i64 result 0: ok
// CHECK: @not_i64 result 1: ok
func.func @not_i64(%arg0: tensor<i64>, %arg1: tensor<3x1x17xi64>) -> (tensor<i64>, tensor<3x1x17xi64>) {
  %v0 = hlo.not %arg0 : tensor<i64>
  %v1 = hlo.not %arg1 : tensor<3x1x17xi64>
  return %v0, %v1 : tensor<i64>, tensor<3x1x17xi64>
}

// CHECK: @not_i1 result 0: ok
// CHECK: @not_i1 result 1: ok
// CHECK: @not_i1 result 2: ok
// CHECK: @not_i1 result 3: ok
// CHECK: @not_i1 result 4: ok
func.func @not_i1(%arg0: tensor<i1>, %arg1: tensor<1xi1>, %arg2: tensor<0x3xi1>, %arg3: tensor<2x1x3xi1>, %arg4: tensor<5x67xi1>) -> (tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>) {
  %v0 = hlo.not %arg0 : tensor<i1>
  %v1 = hlo.not %arg1 : tensor<1xi1>
  %v2 = hlo.not %arg2 : tensor<0x3xi1>
  %v3 = hlo.not %arg3 : tensor<2x1x3xi1>
  %v4 = hlo.not %arg4 : tensor<5x67xi1>
  return %v0, %v1, %v2, %v3, %v4 : tensor<i1>, tensor<1xi1>, tensor<0x3xi1>, tensor<2x1x3xi1>, tensor<5x67xi1>
}

// INT_MIN, INT_MAX, -1, 0, 1: abs and negate of INT_MIN wrap.
// CHECK: @special_values_i8 result 0: ok
// CHECK: @special_values_i8 result 1: ok
// CHECK: @special_values_i8 result 2: ok
// CHECK: @special_values_i8 result 3: ok
func.func @special_values_i8(%arg0: tensor<7xi8>) -> (tensor<7xi8>, tensor<7xi8>, tensor<7xi8>, tensor<7xi8>) {
  %v0 = hlo.constant dense<[-128, -127, -1, 0, 1, 126, 127]> : tensor<7xi8>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<7xi8>
  %v2 = hlo.add %v0, %v1 : tensor<7xi8>
  %v3 = hlo.abs %v2 : tensor<7xi8>
  %v4 = hlo.negate %v2 : tensor<7xi8>
  %v5 = hlo.sign %v2 : tensor<7xi8>
  %v6 = hlo.not %v2 : tensor<7xi8>
  return %v3, %v4, %v5, %v6 : tensor<7xi8>, tensor<7xi8>, tensor<7xi8>, tensor<7xi8>
}

// INT_MIN, INT_MAX, -1, 0, 1: abs and negate of INT_MIN wrap.
// CHECK: @special_values_i16 result 0: ok
// CHECK: @special_values_i16 result 1: ok
// CHECK: @special_values_i16 result 2: ok
// CHECK: @special_values_i16 result 3: ok
func.func @special_values_i16(%arg0: tensor<7xi16>) -> (tensor<7xi16>, tensor<7xi16>, tensor<7xi16>, tensor<7xi16>) {
  %v0 = hlo.constant dense<[-32768, -32767, -1, 0, 1, 32766, 32767]> : tensor<7xi16>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<7xi16>
  %v2 = hlo.add %v0, %v1 : tensor<7xi16>
  %v3 = hlo.abs %v2 : tensor<7xi16>
  %v4 = hlo.negate %v2 : tensor<7xi16>
  %v5 = hlo.sign %v2 : tensor<7xi16>
  %v6 = hlo.not %v2 : tensor<7xi16>
  return %v3, %v4, %v5, %v6 : tensor<7xi16>, tensor<7xi16>, tensor<7xi16>, tensor<7xi16>
}

// INT_MIN, INT_MAX, -1, 0, 1: abs and negate of INT_MIN wrap.
// CHECK: @special_values_i32 result 0: ok
// CHECK: @special_values_i32 result 1: ok
// CHECK: @special_values_i32 result 2: ok
// CHECK: @special_values_i32 result 3: ok
func.func @special_values_i32(%arg0: tensor<7xi32>) -> (tensor<7xi32>, tensor<7xi32>, tensor<7xi32>, tensor<7xi32>) {
  %v0 = hlo.constant dense<[-2147483648, -2147483647, -1, 0, 1, 2147483646, 2147483647]> : tensor<7xi32>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<7xi32>
  %v2 = hlo.add %v0, %v1 : tensor<7xi32>
  %v3 = hlo.abs %v2 : tensor<7xi32>
  %v4 = hlo.negate %v2 : tensor<7xi32>
  %v5 = hlo.sign %v2 : tensor<7xi32>
  %v6 = hlo.not %v2 : tensor<7xi32>
  return %v3, %v4, %v5, %v6 : tensor<7xi32>, tensor<7xi32>, tensor<7xi32>, tensor<7xi32>
}

// INT_MIN, INT_MAX, -1, 0, 1: abs and negate of INT_MIN wrap.
// CHECK: @special_values_i64 result 0: ok
// CHECK: @special_values_i64 result 1: ok
// CHECK: @special_values_i64 result 2: ok
// CHECK: @special_values_i64 result 3: ok
func.func @special_values_i64(%arg0: tensor<7xi64>) -> (tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>) {
  %v0 = hlo.constant dense<[-9223372036854775808, -9223372036854775807, -1, 0, 1, 9223372036854775806, 9223372036854775807]> : tensor<7xi64>
  %v1 = hlo.subtract %arg0, %arg0 : tensor<7xi64>
  %v2 = hlo.add %v0, %v1 : tensor<7xi64>
  %v3 = hlo.abs %v2 : tensor<7xi64>
  %v4 = hlo.negate %v2 : tensor<7xi64>
  %v5 = hlo.sign %v2 : tensor<7xi64>
  %v6 = hlo.not %v2 : tensor<7xi64>
  return %v3, %v4, %v5, %v6 : tensor<7xi64>, tensor<7xi64>, tensor<7xi64>, tensor<7xi64>
}
