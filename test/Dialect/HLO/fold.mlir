// RUN: fuse-opt %s -canonicalize -split-input-file | FileCheck %s

// Constant folding of every foldable hlo op with the element semantics of
// docs/HLO.md (XLA's). NaN results are matched with either sign bit: the host
// C library decides it.

// CHECK-LABEL: func.func @abs(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[1.500000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[3, 0, 5]> : tensor<3xi32>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<-128> : tensor<i8>
// CHECK-NOT: hlo.abs
// CHECK: return %[[C0]], %[[C1]], %[[C2]] :
func.func @abs() -> (tensor<2xf32>, tensor<3xi32>, tensor<i8>) {
  %c = hlo.constant dense<[-1.5, 2.0]> : tensor<2xf32>
  %0 = hlo.abs %c : tensor<2xf32>
  %i = hlo.constant dense<[-3, 0, 5]> : tensor<3xi32>
  %1 = hlo.abs %i : tensor<3xi32>
  %m = hlo.constant dense<-128> : tensor<i8>
  %2 = hlo.abs %m : tensor<i8>
  return %0, %1, %2 : tensor<2xf32>, tensor<3xi32>, tensor<i8>
}

// -----

// CHECK-LABEL: func.func @negate(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[-1.000000e+00, -0.000000e+00]> : tensor<2xf64>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-5, -128, 0]> : tensor<3xi8>
// CHECK-NOT: hlo.negate
// CHECK: return %[[C0]], %[[C1]] :
func.func @negate() -> (tensor<2xf64>, tensor<3xi8>) {
  %c = hlo.constant dense<[1.0, 0.0]> : tensor<2xf64>
  %0 = hlo.negate %c : tensor<2xf64>
  %i = hlo.constant dense<[5, -128, 0]> : tensor<3xi8>
  %1 = hlo.negate %i : tensor<3xi8>
  return %0, %1 : tensor<2xf64>, tensor<3xi8>
}

// -----

// CHECK-LABEL: func.func @sign_int(
// CHECK: %[[C:.*]] = hlo.constant dense<[-1, 0, 1]> : tensor<3xi32>
// CHECK-NOT: hlo.sign
// CHECK: return %[[C]] :
func.func @sign_int() -> tensor<3xi32> {
  %c = hlo.constant dense<[-3, 0, 5]> : tensor<3xi32>
  %0 = hlo.sign %c : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// Zeros keep their sign and NaN stays NaN.
// CHECK-LABEL: func.func @sign_float(
// CHECK: %[[C:.*]] = hlo.constant dense<[-1.000000e+00, -0.000000e+00, 0.000000e+00, 1.000000e+00, 0x{{7FC00000|FFC00000}}]> : tensor<5xf32>
// CHECK-NOT: hlo.sign
// CHECK: return %[[C]] :
func.func @sign_float() -> tensor<5xf32> {
  %c = hlo.constant dense<[-2.0, -0.0, 0.0, 7.0, 0x7FC00000]> : tensor<5xf32>
  %0 = hlo.sign %c : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @floor(
// CHECK: %[[C:.*]] = hlo.constant dense<[-3.000000e+00, -1.000000e+00, 0.000000e+00, 1.000000e+00, 2.000000e+00]> : tensor<5xf32>
// CHECK-NOT: hlo.floor
// CHECK: return %[[C]] :
func.func @floor() -> tensor<5xf32> {
  %c = hlo.constant dense<[-2.5, -0.5, 0.5, 1.5, 2.5]> : tensor<5xf32>
  %0 = hlo.floor %c : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @ceil(
// CHECK: %[[C:.*]] = hlo.constant dense<[-2.000000e+00, -0.000000e+00, 1.000000e+00, 2.000000e+00, 3.000000e+00]> : tensor<5xf32>
// CHECK-NOT: hlo.ceil
// CHECK: return %[[C]] :
func.func @ceil() -> tensor<5xf32> {
  %c = hlo.constant dense<[-2.5, -0.5, 0.5, 1.5, 2.5]> : tensor<5xf32>
  %0 = hlo.ceil %c : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// Ties go to the even neighbour.
// CHECK-LABEL: func.func @round_nearest_even(
// CHECK: %[[C:.*]] = hlo.constant dense<[-2.000000e+00, -0.000000e+00, 0.000000e+00, 2.000000e+00, 2.000000e+00]> : tensor<5xf32>
// CHECK-NOT: hlo.round_nearest_even
// CHECK: return %[[C]] :
func.func @round_nearest_even() -> tensor<5xf32> {
  %c = hlo.constant dense<[-2.5, -0.5, 0.5, 1.5, 2.5]> : tensor<5xf32>
  %0 = hlo.round_nearest_even %c : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// CHECK-LABEL: func.func @exponential(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<1.000000e+00> : tensor<f32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[1.000000e+00, 2.7182818284590451]> : tensor<2xf64>
// CHECK-NOT: hlo.exponential
// CHECK: return %[[C0]], %[[C1]] :
func.func @exponential() -> (tensor<f32>, tensor<2xf64>) {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.exponential %c : tensor<f32>
  %d = hlo.constant dense<[0.0, 1.0]> : tensor<2xf64>
  %1 = hlo.exponential %d : tensor<2xf64>
  return %0, %1 : tensor<f32>, tensor<2xf64>
}

// -----

// CHECK-LABEL: func.func @exponential_minus_one(
// CHECK: %[[C:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NOT: hlo.exponential_minus_one
// CHECK: return %[[C]] :
func.func @exponential_minus_one() -> tensor<f32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.exponential_minus_one %c : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// log(0) = -inf, log(-1) = NaN.
// CHECK-LABEL: func.func @log(
// CHECK: %[[C:.*]] = hlo.constant dense<[0.000000e+00, 0xFF800000, 0x{{7FC00000|FFC00000}}]> : tensor<3xf32>
// CHECK-NOT: hlo.log
// CHECK: return %[[C]] :
func.func @log() -> tensor<3xf32> {
  %c = hlo.constant dense<[1.0, 0.0, -1.0]> : tensor<3xf32>
  %0 = hlo.log %c : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @log_plus_one(
// CHECK: %[[C:.*]] = hlo.constant dense<[0.000000e+00, 0xFF800000]> : tensor<2xf32>
// CHECK-NOT: hlo.log_plus_one
// CHECK: return %[[C]] :
func.func @log_plus_one() -> tensor<2xf32> {
  %c = hlo.constant dense<[0.0, -1.0]> : tensor<2xf32>
  %0 = hlo.log_plus_one %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @logistic(
// CHECK: %[[C:.*]] = hlo.constant dense<5.000000e-01> : tensor<f32>
// CHECK-NOT: hlo.logistic
// CHECK: return %[[C]] :
func.func @logistic() -> tensor<f32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.logistic %c : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @tanh(
// CHECK: %[[C:.*]] = hlo.constant dense<[0.000000e+00, -0.000000e+00]> : tensor<2xf32>
// CHECK-NOT: hlo.tanh
// CHECK: return %[[C]] :
func.func @tanh() -> tensor<2xf32> {
  %c = hlo.constant dense<[0.0, -0.0]> : tensor<2xf32>
  %0 = hlo.tanh %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @sqrt(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[2.000000e+00, 0.000000e+00, 0x{{7FC00000|FFC00000}}]> : tensor<3xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<3.000000e+00> : tensor<f16>
// CHECK-NOT: hlo.sqrt
// CHECK: return %[[C0]], %[[C1]] :
func.func @sqrt() -> (tensor<3xf32>, tensor<f16>) {
  %c = hlo.constant dense<[4.0, 0.0, -1.0]> : tensor<3xf32>
  %0 = hlo.sqrt %c : tensor<3xf32>
  %h = hlo.constant dense<9.0> : tensor<f16>
  %1 = hlo.sqrt %h : tensor<f16>
  return %0, %1 : tensor<3xf32>, tensor<f16>
}

// -----

// rsqrt(0) = +inf.
// CHECK-LABEL: func.func @rsqrt(
// CHECK: %[[C:.*]] = hlo.constant dense<[5.000000e-01, 0x7F800000]> : tensor<2xf32>
// CHECK-NOT: hlo.rsqrt
// CHECK: return %[[C]] :
func.func @rsqrt() -> tensor<2xf32> {
  %c = hlo.constant dense<[4.0, 0.0]> : tensor<2xf32>
  %0 = hlo.rsqrt %c : tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// CHECK-LABEL: func.func @sine(
// CHECK: %[[C:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK-NOT: hlo.sine
// CHECK: return %[[C]] :
func.func @sine() -> tensor<f32> {
  %c = hlo.constant dense<0.0> : tensor<f32>
  %0 = hlo.sine %c : tensor<f32>
  return %0 : tensor<f32>
}

// -----

// CHECK-LABEL: func.func @cosine(
// CHECK: %[[C:.*]] = hlo.constant dense<1.000000e+00> : tensor<bf16>
// CHECK-NOT: hlo.cosine
// CHECK: return %[[C]] :
func.func @cosine() -> tensor<bf16> {
  %c = hlo.constant dense<0.0> : tensor<bf16>
  %0 = hlo.cosine %c : tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

// Logical on i1, bitwise on wider integers.
// CHECK-LABEL: func.func @not(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-1, 0, -6]> : tensor<3xi32>
// CHECK-NOT: hlo.not
// CHECK: return %[[C0]], %[[C1]] :
func.func @not() -> (tensor<2xi1>, tensor<3xi32>) {
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.not %p : tensor<2xi1>
  %i = hlo.constant dense<[0, -1, 5]> : tensor<3xi32>
  %1 = hlo.not %i : tensor<3xi32>
  return %0, %1 : tensor<2xi1>, tensor<3xi32>
}

// -----

// [1.0, +inf, NaN, -inf]
// CHECK-LABEL: func.func @is_finite(
// CHECK: %[[C:.*]] = hlo.constant dense<[true, false, false, false]> : tensor<4xi1>
// CHECK-NOT: hlo.is_finite
// CHECK: return %[[C]] :
func.func @is_finite() -> tensor<4xi1> {
  %c = hlo.constant dense<[1.0, 0x7F800000, 0x7FC00000, 0xFF800000]> : tensor<4xf32>
  %0 = hlo.is_finite %c : tensor<4xf32>
  return %0 : tensor<4xi1>
}

// -----

// Integers wrap around.
// CHECK-LABEL: func.func @add(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[3.750000e+00, -1.500000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-128, -50]> : tensor<2xi8>
// CHECK-NOT: hlo.add
// CHECK: return %[[C0]], %[[C1]] :
func.func @add() -> (tensor<2xf32>, tensor<2xi8>) {
  %a = hlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %b = hlo.constant dense<[2.25, 0.5]> : tensor<2xf32>
  %0 = hlo.add %a, %b : tensor<2xf32>
  %i = hlo.constant dense<[127, -100]> : tensor<2xi8>
  %j = hlo.constant dense<[1, 50]> : tensor<2xi8>
  %1 = hlo.add %i, %j : tensor<2xi8>
  return %0, %1 : tensor<2xf32>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @subtract(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[-7.500000e-01, -2.500000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[127, -40]> : tensor<2xi8>
// CHECK-NOT: hlo.subtract
// CHECK: return %[[C0]], %[[C1]] :
func.func @subtract() -> (tensor<2xf32>, tensor<2xi8>) {
  %a = hlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %b = hlo.constant dense<[2.25, 0.5]> : tensor<2xf32>
  %0 = hlo.subtract %a, %b : tensor<2xf32>
  %i = hlo.constant dense<[-128, 10]> : tensor<2xi8>
  %j = hlo.constant dense<[1, 50]> : tensor<2xi8>
  %1 = hlo.subtract %i, %j : tensor<2xi8>
  return %0, %1 : tensor<2xf32>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @multiply(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[3.000000e+00, -1.000000e+00]> : tensor<2xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[0, -42]> : tensor<2xi32>
// CHECK-NOT: hlo.multiply
// CHECK: return %[[C0]], %[[C1]] :
func.func @multiply() -> (tensor<2xf32>, tensor<2xi32>) {
  %a = hlo.constant dense<[1.5, -2.0]> : tensor<2xf32>
  %b = hlo.constant dense<[2.0, 0.5]> : tensor<2xf32>
  %0 = hlo.multiply %a, %b : tensor<2xf32>
  %i = hlo.constant dense<[65536, -7]> : tensor<2xi32>
  %j = hlo.constant dense<[65536, 6]> : tensor<2xi32>
  %1 = hlo.multiply %i, %j : tensor<2xi32>
  return %0, %1 : tensor<2xf32>, tensor<2xi32>
}

// -----

// XLA: rounds toward zero, x / 0 = -1, INT_MIN / -1 = INT_MIN.
// CHECK-LABEL: func.func @divide_int(
// CHECK: %[[C:.*]] = hlo.constant dense<[-3, -3, 3, 3, -1, -1, -1, -2147483648]> : tensor<8xi32>
// CHECK-NOT: hlo.divide
// CHECK: return %[[C]] :
func.func @divide_int() -> tensor<8xi32> {
  %a = hlo.constant dense<[7, -7, 7, -7, 5, -5, 0, -2147483648]> : tensor<8xi32>
  %b = hlo.constant dense<[-2, 2, 2, -2, 0, 0, 0, -1]> : tensor<8xi32>
  %0 = hlo.divide %a, %b : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @divide_float(
// CHECK: %[[C:.*]] = hlo.constant dense<[2.500000e-01, 0xFF800000, 0x{{7FC00000|FFC00000}}]> : tensor<3xf32>
// CHECK-NOT: hlo.divide
// CHECK: return %[[C]] :
func.func @divide_float() -> tensor<3xf32> {
  %a = hlo.constant dense<[1.0, -1.0, 0.0]> : tensor<3xf32>
  %b = hlo.constant dense<[4.0, 0.0, 0.0]> : tensor<3xf32>
  %0 = hlo.divide %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// XLA: the sign of the dividend, x % 0 = x, INT_MIN % -1 = 0.
// CHECK-LABEL: func.func @remainder_int(
// CHECK: %[[C:.*]] = hlo.constant dense<[1, -1, 1, -1, 5, -5, 0, 0]> : tensor<8xi32>
// CHECK-NOT: hlo.remainder
// CHECK: return %[[C]] :
func.func @remainder_int() -> tensor<8xi32> {
  %a = hlo.constant dense<[7, -7, 7, -7, 5, -5, 0, -2147483648]> : tensor<8xi32>
  %b = hlo.constant dense<[-2, 2, 2, -2, 0, 0, 0, -1]> : tensor<8xi32>
  %0 = hlo.remainder %a, %b : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// fmod: the sign of the dividend.
// CHECK-LABEL: func.func @remainder_float(
// CHECK: %[[C:.*]] = hlo.constant dense<[1.500000e+00, -1.500000e+00, 1.500000e+00]> : tensor<3xf32>
// CHECK-NOT: hlo.remainder
// CHECK: return %[[C]] :
func.func @remainder_float() -> tensor<3xf32> {
  %a = hlo.constant dense<[5.5, -5.5, 5.5]> : tensor<3xf32>
  %b = hlo.constant dense<[2.0, 2.0, -2.0]> : tensor<3xf32>
  %0 = hlo.remainder %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// As XLA: a negative exponent gives 1 for base 1 and 0 otherwise (-1 included);
// 0^0 = 1; 2^31 wraps to INT_MIN.
// CHECK-LABEL: func.func @power_int(
// CHECK: %[[C:.*]] = hlo.constant dense<[0, 1, 0, 0, 81, 1, -2147483648, -8]> : tensor<8xi32>
// CHECK-NOT: hlo.power
// CHECK: return %[[C]] :
func.func @power_int() -> tensor<8xi32> {
  %a = hlo.constant dense<[2, 1, -1, -1, 3, 0, 2, -2]> : tensor<8xi32>
  %b = hlo.constant dense<[-1, -3, -3, -2, 4, 0, 31, 3]> : tensor<8xi32>
  %0 = hlo.power %a, %b : tensor<8xi32>
  return %0 : tensor<8xi32>
}

// -----

// CHECK-LABEL: func.func @power_float(
// CHECK: %[[C:.*]] = hlo.constant dense<[8.000000e+00, 5.000000e-01, 2.000000e+00]> : tensor<3xf32>
// CHECK-NOT: hlo.power
// CHECK: return %[[C]] :
func.func @power_float() -> tensor<3xf32> {
  %a = hlo.constant dense<[2.0, 2.0, 4.0]> : tensor<3xf32>
  %b = hlo.constant dense<[3.0, -1.0, 0.5]> : tensor<3xf32>
  %0 = hlo.power %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// NaN propagates; integers compare signed.
// CHECK-LABEL: func.func @maximum(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[0x{{7FC00000|FFC00000}}, 0x{{7FC00000|FFC00000}}, 2.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[1, 5]> : tensor<2xi8>
// CHECK-NOT: hlo.maximum
// CHECK: return %[[C0]], %[[C1]] :
func.func @maximum() -> (tensor<3xf32>, tensor<2xi8>) {
  %a = hlo.constant dense<[0x7FC00000, 1.0, -3.0]> : tensor<3xf32>
  %b = hlo.constant dense<[1.0, 0x7FC00000, 2.0]> : tensor<3xf32>
  %0 = hlo.maximum %a, %b : tensor<3xf32>
  %i = hlo.constant dense<[-1, 5]> : tensor<2xi8>
  %j = hlo.constant dense<[1, -5]> : tensor<2xi8>
  %1 = hlo.maximum %i, %j : tensor<2xi8>
  return %0, %1 : tensor<3xf32>, tensor<2xi8>
}

// -----

// NaN propagates; integers compare signed.
// CHECK-LABEL: func.func @minimum(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[0x{{7FC00000|FFC00000}}, 0x{{7FC00000|FFC00000}}, -3.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-1, -5]> : tensor<2xi8>
// CHECK-NOT: hlo.minimum
// CHECK: return %[[C0]], %[[C1]] :
func.func @minimum() -> (tensor<3xf32>, tensor<2xi8>) {
  %a = hlo.constant dense<[0x7FC00000, 1.0, -3.0]> : tensor<3xf32>
  %b = hlo.constant dense<[1.0, 0x7FC00000, 2.0]> : tensor<3xf32>
  %0 = hlo.minimum %a, %b : tensor<3xf32>
  %i = hlo.constant dense<[-1, 5]> : tensor<2xi8>
  %j = hlo.constant dense<[1, -5]> : tensor<2xi8>
  %1 = hlo.minimum %i, %j : tensor<2xi8>
  return %0, %1 : tensor<3xf32>, tensor<2xi8>
}

// -----

// CHECK-LABEL: func.func @and_or_xor(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[8, 6]> : tensor<2xi32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[14, -1]> : tensor<2xi32>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<[6, -7]> : tensor<2xi32>
// CHECK-DAG: %[[C3:.*]] = hlo.constant dense<[false, false, false, true]> : tensor<4xi1>
// CHECK-DAG: %[[C4:.*]] = hlo.constant dense<[false, true, true, true]> : tensor<4xi1>
// CHECK-DAG: %[[C5:.*]] = hlo.constant dense<[false, true, true, false]> : tensor<4xi1>
// CHECK-NOT: hlo.and
// CHECK-NOT: hlo.or
// CHECK-NOT: hlo.xor
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]] :
func.func @and_or_xor() -> (tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = hlo.constant dense<[12, -1]> : tensor<2xi32>
  %b = hlo.constant dense<[10, 6]> : tensor<2xi32>
  %0 = hlo.and %a, %b : tensor<2xi32>
  %1 = hlo.or %a, %b : tensor<2xi32>
  %2 = hlo.xor %a, %b : tensor<2xi32>
  %p = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %q = hlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %3 = hlo.and %p, %q : tensor<4xi1>
  %4 = hlo.or %p, %q : tensor<4xi1>
  %5 = hlo.xor %p, %q : tensor<4xi1>
  return %0, %1, %2, %3, %4, %5 : tensor<2xi32>, tensor<2xi32>, tensor<2xi32>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// atan2(0, 1) = 0, atan2(1, 0) = pi/2, atan2(0, -1) = pi.
// CHECK-LABEL: func.func @atan2(
// CHECK: %[[C:.*]] = hlo.constant dense<[0.000000e+00, 1.57079637, 3.14159274]> : tensor<3xf32>
// CHECK-NOT: hlo.atan2
// CHECK: return %[[C]] :
func.func @atan2() -> tensor<3xf32> {
  %a = hlo.constant dense<[0.0, 1.0, 0.0]> : tensor<3xf32>
  %b = hlo.constant dense<[1.0, 0.0, -1.0]> : tensor<3xf32>
  %0 = hlo.atan2 %a, %b : tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Signed: -1 < 1 and 3 > -3.
// CHECK-LABEL: func.func @compare_int(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[false, true, false]> : tensor<3xi1>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<[true, false, false]> : tensor<3xi1>
// CHECK-DAG: %[[C3:.*]] = hlo.constant dense<[true, true, false]> : tensor<3xi1>
// CHECK-DAG: %[[C4:.*]] = hlo.constant dense<[false, false, true]> : tensor<3xi1>
// CHECK-DAG: %[[C5:.*]] = hlo.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-NOT: hlo.compare
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]] :
func.func @compare_int() -> (tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>) {
  %a = hlo.constant dense<[-1, 2, 3]> : tensor<3xi32>
  %b = hlo.constant dense<[1, 2, -3]> : tensor<3xi32>
  %0 = hlo.compare EQ, %a, %b : tensor<3xi32>
  %1 = hlo.compare NE, %a, %b : tensor<3xi32>
  %2 = hlo.compare LT, %a, %b : tensor<3xi32>
  %3 = hlo.compare LE, %a, %b : tensor<3xi32>
  %4 = hlo.compare GT, %a, %b : tensor<3xi32>
  %5 = hlo.compare GE, %a, %b : tensor<3xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>, tensor<3xi1>
}

// -----

// Ordered: every comparison with NaN is false except NE; -0.0 == 0.0.
// CHECK-LABEL: func.func @compare_float(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[false, true, false, false, true]> : tensor<5xi1>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[true, false, true, true, false]> : tensor<5xi1>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<[true, false, false, false, false]> : tensor<5xi1>
// CHECK-DAG: %[[C3:.*]] = hlo.constant dense<[true, true, false, false, true]> : tensor<5xi1>
// CHECK-DAG: %[[C4:.*]] = hlo.constant dense<[false, false, true, false, false]> : tensor<5xi1>
// CHECK-DAG: %[[C5:.*]] = hlo.constant dense<[false, true, true, false, true]> : tensor<5xi1>
// CHECK-NOT: hlo.compare
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]] :
func.func @compare_float() -> (tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>) {
  %a = hlo.constant dense<[1.0, 2.0, 3.0, 0x7FC00000, -0.0]> : tensor<5xf32>
  %b = hlo.constant dense<[2.0, 2.0, 1.0, 1.0, 0.0]> : tensor<5xf32>
  %0 = hlo.compare EQ, %a, %b : tensor<5xf32>
  %1 = hlo.compare NE, %a, %b : tensor<5xf32>
  %2 = hlo.compare LT, %a, %b : tensor<5xf32>
  %3 = hlo.compare LE, %a, %b : tensor<5xf32>
  %4 = hlo.compare GT, %a, %b : tensor<5xf32>
  %5 = hlo.compare GE, %a, %b : tensor<5xf32>
  return %0, %1, %2, %3, %4, %5 : tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>, tensor<5xi1>
}

// -----

// CHECK-LABEL: func.func @compare_nan_nan(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<true> : tensor<i1>
// CHECK-NOT: hlo.compare
// CHECK: return %[[C0]], %[[C1]] :
func.func @compare_nan_nan() -> (tensor<i1>, tensor<i1>) {
  %a = hlo.constant dense<0x7FC00000> : tensor<f32>
  %b = hlo.constant dense<0x7FC00000> : tensor<f32>
  %0 = hlo.compare EQ, %a, %b : tensor<f32>
  %1 = hlo.compare NE, %a, %b : tensor<f32>
  return %0, %1 : tensor<i1>, tensor<i1>
}

// -----

// i1 compares unsigned: false < true.
// CHECK-LABEL: func.func @compare_i1(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[false, true, false, false]> : tensor<4xi1>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[false, false, true, false]> : tensor<4xi1>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<[true, false, true, true]> : tensor<4xi1>
// CHECK-NOT: hlo.compare
// CHECK: return %[[C0]], %[[C1]], %[[C2]] :
func.func @compare_i1() -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = hlo.constant dense<[false, false, true, true]> : tensor<4xi1>
  %b = hlo.constant dense<[false, true, false, true]> : tensor<4xi1>
  %0 = hlo.compare LT, %a, %b : tensor<4xi1>
  %1 = hlo.compare GT, %a, %b : tensor<4xi1>
  %2 = hlo.compare GE, %a, %b : tensor<4xi1>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Rounds toward zero, NaN -> 0, out of range (and inf) saturates.
// CHECK-LABEL: func.func @convert_f32_i32(
// CHECK: %[[C:.*]] = hlo.constant dense<[-2, 2, 0, 2147483647, -2147483648, 2147483647, 0]> : tensor<7xi32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_f32_i32() -> tensor<7xi32> {
  %c = hlo.constant dense<[-2.7, 2.7, 0x7FC00000, 1.0e10, -1.0e10, 0x7F800000, -0.5]> : tensor<7xf32>
  %0 = hlo.convert %c : (tensor<7xf32>) -> tensor<7xi32>
  return %0 : tensor<7xi32>
}

// -----

// CHECK-LABEL: func.func @convert_f32_i8(
// CHECK: %[[C:.*]] = hlo.constant dense<[127, -128, -128]> : tensor<3xi8>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_f32_i8() -> tensor<3xi8> {
  %c = hlo.constant dense<[300.0, -300.0, -128.9]> : tensor<3xf32>
  %0 = hlo.convert %c : (tensor<3xf32>) -> tensor<3xi8>
  return %0 : tensor<3xi8>
}

// -----

// 16777217 rounds to 2^24 = 0x4B800000.
// CHECK-LABEL: func.func @convert_i32_f32(
// CHECK: %[[C:.*]] = hlo.constant dense<[-3.000000e+00, 0x4B800000, 7.000000e+00]> : tensor<3xf32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_i32_f32() -> tensor<3xf32> {
  %c = hlo.constant dense<[-3, 16777217, 7]> : tensor<3xi32>
  %0 = hlo.convert %c : (tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @convert_i1_f32(
// CHECK: %[[C:.*]] = hlo.constant dense<[1.000000e+00, 0.000000e+00]> : tensor<2xf32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_i1_f32() -> tensor<2xf32> {
  %c = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.convert %c : (tensor<2xi1>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// i1 converts as unsigned: true -> 1, not -1.
// CHECK-LABEL: func.func @convert_i1_i32(
// CHECK: %[[C:.*]] = hlo.constant dense<[1, 0]> : tensor<2xi32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_i1_i32() -> tensor<2xi32> {
  %c = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.convert %c : (tensor<2xi1>) -> tensor<2xi32>
  return %0 : tensor<2xi32>
}

// -----

// x != 0: -0.0 -> false, NaN -> true.
// CHECK-LABEL: func.func @convert_f32_i1(
// CHECK: %[[C:.*]] = hlo.constant dense<[false, false, true, true, true]> : tensor<5xi1>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_f32_i1() -> tensor<5xi1> {
  %c = hlo.constant dense<[0.0, -0.0, 0.5, -2.0, 0x7FC00000]> : tensor<5xf32>
  %0 = hlo.convert %c : (tensor<5xf32>) -> tensor<5xi1>
  return %0 : tensor<5xi1>
}

// -----

// CHECK-LABEL: func.func @convert_i32_i1(
// CHECK: %[[C:.*]] = hlo.constant dense<[false, true, true]> : tensor<3xi1>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_i32_i1() -> tensor<3xi1> {
  %c = hlo.constant dense<[0, 2, -1]> : tensor<3xi32>
  %0 = hlo.convert %c : (tensor<3xi32>) -> tensor<3xi1>
  return %0 : tensor<3xi1>
}

// -----

// Truncation: 300 -> 44, -129 -> 127.
// CHECK-LABEL: func.func @convert_i32_i8(
// CHECK: %[[C:.*]] = hlo.constant dense<[44, 127, 127, -1]> : tensor<4xi8>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_i32_i8() -> tensor<4xi8> {
  %c = hlo.constant dense<[300, -129, 127, -1]> : tensor<4xi32>
  %0 = hlo.convert %c : (tensor<4xi32>) -> tensor<4xi8>
  return %0 : tensor<4xi8>
}

// -----

// Sign extension.
// CHECK-LABEL: func.func @convert_i8_i32(
// CHECK: %[[C:.*]] = hlo.constant dense<[-1, 127, -128]> : tensor<3xi32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_i8_i32() -> tensor<3xi32> {
  %c = hlo.constant dense<[-1, 127, -128]> : tensor<3xi8>
  %0 = hlo.convert %c : (tensor<3xi8>) -> tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// 1e5 overflows f16 to +inf (0x7C00).
// CHECK-LABEL: func.func @convert_f32_f16(
// CHECK: %[[C:.*]] = hlo.constant dense<[1.500000e+00, 0x7C00, -2.000000e+00]> : tensor<3xf16>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_f32_f16() -> tensor<3xf16> {
  %c = hlo.constant dense<[1.5, 1.0e5, -2.0]> : tensor<3xf32>
  %0 = hlo.convert %c : (tensor<3xf32>) -> tensor<3xf16>
  return %0 : tensor<3xf16>
}

// -----

// CHECK-LABEL: func.func @convert_bf16_f64(
// CHECK: %[[C:.*]] = hlo.constant dense<[1.500000e+00, -2.500000e-01]> : tensor<2xf64>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_bf16_f64() -> tensor<2xf64> {
  %c = hlo.constant dense<[1.5, -0.25]> : tensor<2xbf16>
  %0 = hlo.convert %c : (tensor<2xbf16>) -> tensor<2xf64>
  return %0 : tensor<2xf64>
}

// -----

// Signed zeros and infinities, [-0.0, -inf, +inf].
// CHECK-LABEL: func.func @unary_special_values(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[1.000000e+00, 0.000000e+00, 0x7F800000]> : tensor<3xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-0.000000e+00, -1.000000e+00, 0x7F800000]> : tensor<3xf32>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<[0xFF800000, 0x{{7FC00000|FFC00000}}, 0x7F800000]> : tensor<3xf32>
// CHECK-DAG: %[[C3:.*]] = hlo.constant dense<[5.000000e-01, 0.000000e+00, 1.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[C4:.*]] = hlo.constant dense<[-0.000000e+00, -1.000000e+00, 1.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[C5:.*]] = hlo.constant dense<[-0.000000e+00, 0x{{7FC00000|FFC00000}}, 0x7F800000]> : tensor<3xf32>
// CHECK-DAG: %[[C6:.*]] = hlo.constant dense<[0xFF800000, 0x{{7FC00000|FFC00000}}, 0.000000e+00]> : tensor<3xf32>
// CHECK-DAG: %[[C7:.*]] = hlo.constant dense<[-0.000000e+00, 0x{{7FC00000|FFC00000}}, 0x{{7FC00000|FFC00000}}]> : tensor<3xf32>
// CHECK-NOT: hlo.exponential
// CHECK-NOT: hlo.exponential_minus_one
// CHECK-NOT: hlo.log
// CHECK-NOT: hlo.logistic
// CHECK-NOT: hlo.tanh
// CHECK-NOT: hlo.sqrt
// CHECK-NOT: hlo.rsqrt
// CHECK-NOT: hlo.sine
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[C4]], %[[C5]], %[[C6]], %[[C7]] :
func.func @unary_special_values() -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %a = hlo.constant dense<[-0.0, 0xFF800000, 0x7F800000]> : tensor<3xf32>
  %0 = hlo.exponential %a : tensor<3xf32>
  %1 = hlo.exponential_minus_one %a : tensor<3xf32>
  %2 = hlo.log %a : tensor<3xf32>
  %3 = hlo.logistic %a : tensor<3xf32>
  %4 = hlo.tanh %a : tensor<3xf32>
  %5 = hlo.sqrt %a : tensor<3xf32>
  %6 = hlo.rsqrt %a : tensor<3xf32>
  %7 = hlo.sine %a : tensor<3xf32>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
}

// -----

// [-0.0, -inf, NaN]
// CHECK-LABEL: func.func @abs_floor_special_values(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[0.000000e+00, 0x7F800000, 0x{{7FC00000|FFC00000}}]> : tensor<3xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-0.000000e+00, 0xFF800000, 0x{{7FC00000|FFC00000}}]> : tensor<3xf32>
// CHECK-NOT: hlo.abs
// CHECK-NOT: hlo.floor
// CHECK: return %[[C0]], %[[C1]] :
func.func @abs_floor_special_values() -> (tensor<3xf32>, tensor<3xf32>) {
  %a = hlo.constant dense<[-0.0, 0xFF800000, 0x7FC00000]> : tensor<3xf32>
  %0 = hlo.abs %a : tensor<3xf32>
  %1 = hlo.floor %a : tensor<3xf32>
  return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// -----

// e rounds to 2.71875 in bf16.
// CHECK-LABEL: func.func @bf16_exponential(
// CHECK: %[[C:.*]] = hlo.constant dense<2.718750e+00> : tensor<bf16>
// CHECK-NOT: hlo.exponential
// CHECK: return %[[C]] :
func.func @bf16_exponential() -> tensor<bf16> {
  %c = hlo.constant dense<1.0> : tensor<bf16>
  %0 = hlo.exponential %c : tensor<bf16>
  return %0 : tensor<bf16>
}

// -----

// 1/+0 = +inf, 1/-0 = -inf, -1/+0 = -inf, inf/inf = NaN; zero products take the xor of the signs.
// CHECK-LABEL: func.func @divide_multiply_signed_zero(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[0x7F800000, 0xFF800000, 0xFF800000, 0x{{7FC00000|FFC00000}}]> : tensor<4xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[0.000000e+00, -0.000000e+00, -0.000000e+00, 0x7F800000]> : tensor<4xf32>
// CHECK-NOT: hlo.divide
// CHECK-NOT: hlo.multiply
// CHECK: return %[[C0]], %[[C1]] :
func.func @divide_multiply_signed_zero() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<[1.0, 1.0, -1.0, 0x7F800000]> : tensor<4xf32>
  %b = hlo.constant dense<[0.0, -0.0, 0.0, 0x7F800000]> : tensor<4xf32>
  %0 = hlo.divide %a, %b : tensor<4xf32>
  %1 = hlo.multiply %a, %b : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// A splat operand with a non-splat one; INT64_MIN / -1 = INT64_MIN.
// CHECK-LABEL: func.func @divide_splat_by_vector(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[-3, 3, -1]> : tensor<3xi32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-9223372036854775808, -5]> : tensor<2xi64>
// CHECK-NOT: hlo.divide
// CHECK: return %[[C0]], %[[C1]] :
func.func @divide_splat_by_vector() -> (tensor<3xi32>, tensor<2xi64>) {
  %a = hlo.constant dense<7> : tensor<3xi32>
  %b = hlo.constant dense<[-2, 2, 0]> : tensor<3xi32>
  %0 = hlo.divide %a, %b : tensor<3xi32>
  %l = hlo.constant dense<[-9223372036854775808, 5]> : tensor<2xi64>
  %m = hlo.constant dense<-1> : tensor<2xi64>
  %1 = hlo.divide %l, %m : tensor<2xi64>
  return %0, %1 : tensor<3xi32>, tensor<2xi64>
}

// -----

// x % 0 = NaN, inf % y = NaN, x % inf = x, a zero result has the sign of lhs.
// CHECK-LABEL: func.func @remainder_float_special_values(
// CHECK: %[[C:.*]] = hlo.constant dense<[0x{{7FC00000|FFC00000}}, 0x{{7FC00000|FFC00000}}, 5.000000e+00, -0.000000e+00, 0.000000e+00]> : tensor<5xf32>
// CHECK-NOT: hlo.remainder
// CHECK: return %[[C]] :
func.func @remainder_float_special_values() -> tensor<5xf32> {
  %a = hlo.constant dense<[1.0, 0x7F800000, 5.0, -4.0, 4.0]> : tensor<5xf32>
  %b = hlo.constant dense<[0.0, 2.0, 0x7F800000, 2.0, -2.0]> : tensor<5xf32>
  %0 = hlo.remainder %a, %b : tensor<5xf32>
  return %0 : tensor<5xf32>
}

// -----

// pow(NaN, 0) = 1, pow(1, NaN) = 1, pow(-8, 1/3) = NaN, pow(+-0, -1) = +-inf.
// CHECK-LABEL: func.func @power_float_special_values(
// CHECK: %[[C:.*]] = hlo.constant dense<[1.000000e+00, 1.000000e+00, 0x{{7FC00000|FFC00000}}, 0x7F800000, 0xFF800000, -8.000000e+00]> : tensor<6xf32>
// CHECK-NOT: hlo.power
// CHECK: return %[[C]] :
func.func @power_float_special_values() -> tensor<6xf32> {
  %a = hlo.constant dense<[0x7FC00000, 1.0, -8.0, 0.0, -0.0, -2.0]> : tensor<6xf32>
  %b = hlo.constant dense<[0.0, 0x7FC00000, 0.33333334, -1.0, -1.0, 3.0]> : tensor<6xf32>
  %0 = hlo.power %a, %b : tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// -0.0 is ordered below +0.0.
// CHECK-LABEL: func.func @maximum_minimum_signed_zero(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[0.000000e+00, 0.000000e+00, 0.000000e+00, -0.000000e+00]> : tensor<4xf32>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[-0.000000e+00, -0.000000e+00, 0.000000e+00, -0.000000e+00]> : tensor<4xf32>
// CHECK-NOT: hlo.maximum
// CHECK-NOT: hlo.minimum
// CHECK: return %[[C0]], %[[C1]] :
func.func @maximum_minimum_signed_zero() -> (tensor<4xf32>, tensor<4xf32>) {
  %a = hlo.constant dense<[-0.0, 0.0, 0.0, -0.0]> : tensor<4xf32>
  %b = hlo.constant dense<[0.0, -0.0, 0.0, -0.0]> : tensor<4xf32>
  %0 = hlo.maximum %a, %b : tensor<4xf32>
  %1 = hlo.minimum %a, %b : tensor<4xf32>
  return %0, %1 : tensor<4xf32>, tensor<4xf32>
}

// -----

// atan2(+0, -0) = pi, atan2(-0, +0) = -0, atan2(+0, +0) = +0, atan2(-0, -0) = -pi.
// CHECK-LABEL: func.func @atan2_signed_zero(
// CHECK: %[[C:.*]] = hlo.constant dense<[3.14159274, -0.000000e+00, 0.000000e+00, -3.14159274]> : tensor<4xf32>
// CHECK-NOT: hlo.atan2
// CHECK: return %[[C]] :
func.func @atan2_signed_zero() -> tensor<4xf32> {
  %y = hlo.constant dense<[0.0, -0.0, 0.0, -0.0]> : tensor<4xf32>
  %x = hlo.constant dense<[-0.0, 0.0, 0.0, -0.0]> : tensor<4xf32>
  %0 = hlo.atan2 %y, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Out-of-range values become infinities.
// CHECK-LABEL: func.func @convert_f64_f32_overflow(
// CHECK: %[[C:.*]] = hlo.constant dense<[0x7F800000, 0xFF800000, 5.000000e-01]> : tensor<3xf32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] :
func.func @convert_f64_f32_overflow() -> tensor<3xf32> {
  %c = hlo.constant dense<[1.0e300, -1.0e300, 0.5]> : tensor<3xf64>
  %0 = hlo.convert %c : (tensor<3xf64>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// Splat operands give a splat result.
// CHECK-LABEL: func.func @splat_fold(
// CHECK: %[[C:.*]] = hlo.constant dense<-2> : tensor<2x3xi32>
// CHECK-NOT: hlo.remainder
// CHECK: return %[[C]] :
func.func @splat_fold() -> tensor<2x3xi32> {
  %a = hlo.constant dense<-6> : tensor<2x3xi32>
  %b = hlo.constant dense<4> : tensor<2x3xi32>
  %0 = hlo.remainder %a, %b : tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// Shifts of constants, by the bit width and past it (XLA defines them: 0
// for the left and logical shifts, the sign for the arithmetic one), and
// bit counts.
// CHECK-LABEL: func.func @fold_bits(
// CHECK-DAG: hlo.constant dense<[-2147483648, 0, 0, 0]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<[1, 0, 0, 0]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<-1> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<[32, 31, 0, 1]> : tensor<4xi32>
// CHECK-DAG: hlo.constant dense<[0, 1, 32, 31]> : tensor<4xi32>
// CHECK-NOT: hlo.shift
// CHECK-NOT: hlo.popcnt
// CHECK-NOT: hlo.count_leading_zeros
func.func @fold_bits() -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %ones = hlo.constant dense<-1> : tensor<4xi32>
  %amounts = hlo.constant dense<[31, 32, 33, -1]> : tensor<4xi32>
  %l = hlo.shift_left %ones, %amounts : tensor<4xi32>
  %u = hlo.shift_right_logical %ones, %amounts : tensor<4xi32>
  %a = hlo.shift_right_arithmetic %ones, %amounts : tensor<4xi32>
  %values = hlo.constant dense<[0, 1, -1, 2147483647]> : tensor<4xi32>
  %c = hlo.count_leading_zeros %values : tensor<4xi32>
  %p = hlo.popcnt %values : tensor<4xi32>
  return %l, %u, %a, %c, %p : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}

// -----

// Total order: -0 < +0, NaN equals itself and sits above +Inf; unsigned:
// -1 is the largest i32. x LE x is known in every order but FLOAT's.
// CHECK-LABEL: func.func @compare_orders(
// CHECK-DAG: %[[C0:.*]] = hlo.constant dense<[true, false, false]> : tensor<3xi1>
// CHECK-DAG: %[[C1:.*]] = hlo.constant dense<[false, true, false]> : tensor<3xi1>
// CHECK-DAG: %[[C2:.*]] = hlo.constant dense<[false, true]> : tensor<2xi1>
// CHECK-DAG: %[[C3:.*]] = hlo.constant dense<true> : tensor<4xi1>
// CHECK: %[[IEEE:.*]] = hlo.compare LE, %arg0, %arg0 : tensor<4xf32>
// CHECK: return %[[C0]], %[[C1]], %[[C2]], %[[C3]], %[[IEEE]] :
func.func @compare_orders(%x: tensor<4xf32>) -> (tensor<3xi1>, tensor<3xi1>, tensor<2xi1>, tensor<4xi1>, tensor<4xi1>) {
  %a = hlo.constant dense<[-0.0, 0x7FC00000, 0x7FC00000]> : tensor<3xf32>
  %b = hlo.constant dense<[0.0, 0x7FC00000, 0x7F800000]> : tensor<3xf32>
  %0 = hlo.compare LT, %a, %b, TOTALORDER : tensor<3xf32>
  %1 = hlo.compare EQ, %a, %b, TOTALORDER : tensor<3xf32>
  %i = hlo.constant dense<[-1, 1]> : tensor<2xi32>
  %j = hlo.constant dense<[1, -1]> : tensor<2xi32>
  %2 = hlo.compare LT, %i, %j, UNSIGNED : tensor<2xi32>
  %3 = hlo.compare LE, %x, %x, TOTALORDER : tensor<4xf32>
  %4 = hlo.compare LE, %x, %x : tensor<4xf32>
  return %0, %1, %2, %3, %4 : tensor<3xi1>, tensor<3xi1>, tensor<2xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// Unsigned folds read the bits as unsigned: 255 / 2, max(255, 1), the sign
// and abs of 255, 200 to f32, 300.7 to ui8 (saturates) and ui8 255 to i32.
// CHECK-LABEL: func.func @unsigned_folds(
// CHECK-DAG: %[[NEG:.*]] = hlo.constant dense<-1> : tensor<i32>
// CHECK-DAG: %[[MAX:.*]] = hlo.constant dense<255> : tensor<ui8>
// CHECK-DAG: %[[Q:.*]] = hlo.constant dense<127> : tensor<ui8>
// CHECK-DAG: %[[ONE:.*]] = hlo.constant dense<1> : tensor<ui8>
// CHECK-DAG: %[[F:.*]] = hlo.constant dense<2.000000e+02> : tensor<f32>
// CHECK-DAG: %[[Z:.*]] = hlo.constant dense<255> : tensor<i32>
// CHECK: return %[[Q]], %[[MAX]], %[[ONE]], %[[MAX]], %[[F]], %[[MAX]], %[[Z]], %[[NEG]] :
func.func @unsigned_folds() -> (tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<f32>, tensor<ui8>, tensor<i32>, tensor<i32>) {
  %a = hlo.constant dense<255> : tensor<ui8>
  %b = hlo.constant dense<2> : tensor<ui8>
  %one = hlo.constant dense<1> : tensor<ui8>
  %q = hlo.divide %a, %b : tensor<ui8>
  %m = hlo.maximum %a, %one : tensor<ui8>
  %s = hlo.sign %a : tensor<ui8>
  %abs = hlo.abs %a : tensor<ui8>
  %c = hlo.constant dense<200> : tensor<ui8>
  %f = hlo.convert %c : (tensor<ui8>) -> tensor<f32>
  %big = hlo.constant dense<300.7> : tensor<f32>
  %sat = hlo.convert %big : (tensor<f32>) -> tensor<ui8>
  %z = hlo.convert %a : (tensor<ui8>) -> tensor<i32>
  %neg = hlo.constant dense<-1> : tensor<i32>
  return %q, %m, %s, %abs, %f, %sat, %z, %neg : tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<ui8>, tensor<f32>, tensor<ui8>, tensor<i32>, tensor<i32>
}
