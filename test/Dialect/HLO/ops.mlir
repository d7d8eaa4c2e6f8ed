// RUN: fuse-opt %s | FileCheck %s
// RUN: fuse-opt %s | fuse-opt | FileCheck %s
// RUN: fuse-opt %s --mlir-print-op-generic | fuse-opt | FileCheck %s

// Round trip of every hlo op through its custom assembly format, directly,
// through a second parse, and through the generic form.

// CHECK-LABEL: func.func @constant(
// CHECK-SAME: ) -> (tensor<2xf32>, tensor<f16>, tensor<2x2xbf16>, tensor<f64>, tensor<3xi1>, tensor<2xi8>, tensor<i32>, tensor<2xi64>, tensor<0x4xf32>, tensor<1x1xi32>)
// CHECK-NEXT: %[[CST:.*]] = hlo.constant dense<[1.000000e+00, 2.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %[[CST_1:.*]] = hlo.constant dense<1.500000e+00> : tensor<f16>
// CHECK-NEXT: %[[CST_2:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 2.000000e+00], [3.000000e+00, 4.000000e+00{{\]\]}}> : tensor<2x2xbf16>
// CHECK-NEXT: %[[CST_3:.*]] = hlo.constant dense<-2.500000e+00> : tensor<f64>
// CHECK-NEXT: %[[CST_4:.*]] = hlo.constant dense<[true, false, true]> : tensor<3xi1>
// CHECK-NEXT: %[[CST_5:.*]] = hlo.constant dense<[-128, 127]> : tensor<2xi8>
// CHECK-NEXT: %[[CST_6:.*]] = hlo.constant dense<42> : tensor<i32>
// CHECK-NEXT: %[[CST_7:.*]] = hlo.constant dense<[0, -9223372036854775808]> : tensor<2xi64>
// CHECK-NEXT: %[[CST_8:.*]] = hlo.constant dense<> : tensor<0x4xf32>
// CHECK-NEXT: %[[CST_9:.*]] = hlo.constant dense<7> : tensor<1x1xi32>
// CHECK-NEXT: return %[[CST]], %[[CST_1]], %[[CST_2]], %[[CST_3]], %[[CST_4]], %[[CST_5]], %[[CST_6]], %[[CST_7]], %[[CST_8]], %[[CST_9]] : tensor<2xf32>, tensor<f16>, tensor<2x2xbf16>, tensor<f64>, tensor<3xi1>, tensor<2xi8>, tensor<i32>, tensor<2xi64>, tensor<0x4xf32>, tensor<1x1xi32>
// CHECK-NEXT: }
func.func @constant() -> (tensor<2xf32>, tensor<f16>, tensor<2x2xbf16>, tensor<f64>, tensor<3xi1>, tensor<2xi8>, tensor<i32>, tensor<2xi64>, tensor<0x4xf32>, tensor<1x1xi32>) {
  %0 = hlo.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %1 = hlo.constant dense<1.5> : tensor<f16>
  %2 = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xbf16>
  %3 = hlo.constant dense<-2.5> : tensor<f64>
  %4 = hlo.constant dense<[true, false, true]> : tensor<3xi1>
  %5 = hlo.constant dense<[-128, 127]> : tensor<2xi8>
  %6 = hlo.constant dense<42> : tensor<i32>
  %7 = hlo.constant dense<[0, -9223372036854775808]> : tensor<2xi64>
  %8 = hlo.constant dense<> : tensor<0x4xf32>
  %9 = hlo.constant dense<7> : tensor<1x1xi32>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9 : tensor<2xf32>, tensor<f16>, tensor<2x2xbf16>, tensor<f64>, tensor<3xi1>, tensor<2xi8>, tensor<i32>, tensor<2xi64>, tensor<0x4xf32>, tensor<1x1xi32>
}

// CHECK-LABEL: func.func @iota(
// CHECK-SAME: ) -> (tensor<4xi32>, tensor<2x3xf32>, tensor<0x5xi64>, tensor<3x1xbf16>, tensor<2x2xi8>)
// CHECK-NEXT: %[[IOTA:.*]] = hlo.iota dim = 0 : tensor<4xi32>
// CHECK-NEXT: %[[IOTA_1:.*]] = hlo.iota dim = 1 : tensor<2x3xf32>
// CHECK-NEXT: %[[IOTA_2:.*]] = hlo.iota dim = 1 : tensor<0x5xi64>
// CHECK-NEXT: %[[IOTA_3:.*]] = hlo.iota dim = 0 : tensor<3x1xbf16>
// CHECK-NEXT: %[[IOTA_4:.*]] = hlo.iota dim = 0 : tensor<2x2xi8>
// CHECK-NEXT: return %[[IOTA]], %[[IOTA_1]], %[[IOTA_2]], %[[IOTA_3]], %[[IOTA_4]] : tensor<4xi32>, tensor<2x3xf32>, tensor<0x5xi64>, tensor<3x1xbf16>, tensor<2x2xi8>
// CHECK-NEXT: }
func.func @iota() -> (tensor<4xi32>, tensor<2x3xf32>, tensor<0x5xi64>, tensor<3x1xbf16>, tensor<2x2xi8>) {
  %0 = hlo.iota dim = 0 : tensor<4xi32>
  %1 = hlo.iota dim = 1 : tensor<2x3xf32>
  %2 = hlo.iota dim = 1 : tensor<0x5xi64>
  %3 = hlo.iota dim = 0 : tensor<3x1xbf16>
  %4 = hlo.iota dim = 0 : tensor<2x2xi8>
  return %0, %1, %2, %3, %4 : tensor<4xi32>, tensor<2x3xf32>, tensor<0x5xi64>, tensor<3x1xbf16>, tensor<2x2xi8>
}

// CHECK-LABEL: func.func @unary_float(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<2x3xf16>, %[[ARG2:[a-z0-9]+]]: tensor<bf16>, %[[ARG3:[a-z0-9]+]]: tensor<0x4xf64>) -> (tensor<4xf32>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>)
// CHECK-NEXT: %[[ABS:.*]] = hlo.abs %[[ARG0]] : tensor<4xf32>
// CHECK-NEXT: %[[NEGATE:.*]] = hlo.negate %[[ABS]] : tensor<4xf32>
// CHECK-NEXT: %[[SIGN:.*]] = hlo.sign %[[NEGATE]] : tensor<4xf32>
// CHECK-NEXT: %[[FLOOR:.*]] = hlo.floor %[[SIGN]] : tensor<4xf32>
// CHECK-NEXT: %[[CEIL:.*]] = hlo.ceil %[[FLOOR]] : tensor<4xf32>
// CHECK-NEXT: %[[ROUND_NEAREST_EVEN:.*]] = hlo.round_nearest_even %[[CEIL]] : tensor<4xf32>
// CHECK-NEXT: %[[EXPONENTIAL:.*]] = hlo.exponential %[[ROUND_NEAREST_EVEN]] : tensor<4xf32>
// CHECK-NEXT: %[[EXPONENTIAL_MINUS_ONE:.*]] = hlo.exponential_minus_one %[[EXPONENTIAL]] : tensor<4xf32>
// CHECK-NEXT: %[[LOG:.*]] = hlo.log %[[EXPONENTIAL_MINUS_ONE]] : tensor<4xf32>
// CHECK-NEXT: %[[LOG_PLUS_ONE:.*]] = hlo.log_plus_one %[[LOG]] : tensor<4xf32>
// CHECK-NEXT: %[[LOGISTIC:.*]] = hlo.logistic %[[LOG_PLUS_ONE]] : tensor<4xf32>
// CHECK-NEXT: %[[TANH:.*]] = hlo.tanh %[[LOGISTIC]] : tensor<4xf32>
// CHECK-NEXT: %[[SQRT:.*]] = hlo.sqrt %[[TANH]] : tensor<4xf32>
// CHECK-NEXT: %[[RSQRT:.*]] = hlo.rsqrt %[[SQRT]] : tensor<4xf32>
// CHECK-NEXT: %[[SINE:.*]] = hlo.sine %[[RSQRT]] : tensor<4xf32>
// CHECK-NEXT: %[[COSINE:.*]] = hlo.cosine %[[SINE]] : tensor<4xf32>
// CHECK-NEXT: %[[TANH_1:.*]] = hlo.tanh %[[ARG1]] : tensor<2x3xf16>
// CHECK-NEXT: %[[EXPONENTIAL_1:.*]] = hlo.exponential %[[ARG2]] : tensor<bf16>
// CHECK-NEXT: %[[SQRT_1:.*]] = hlo.sqrt %[[ARG3]] : tensor<0x4xf64>
// CHECK-NEXT: %[[ABS_1:.*]] = hlo.abs %[[ARG1]] : tensor<2x3xf16>
// CHECK-NEXT: %[[SIGN_1:.*]] = hlo.sign %[[ARG2]] : tensor<bf16>
// CHECK-NEXT: %[[NEGATE_1:.*]] = hlo.negate %[[ARG3]] : tensor<0x4xf64>
// CHECK-NEXT: return %[[COSINE]], %[[TANH_1]], %[[EXPONENTIAL_1]], %[[SQRT_1]], %[[ABS_1]], %[[SIGN_1]], %[[NEGATE_1]] : tensor<4xf32>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>
// CHECK-NEXT: }
func.func @unary_float(%x: tensor<4xf32>, %h: tensor<2x3xf16>, %b: tensor<bf16>, %d: tensor<0x4xf64>) -> (tensor<4xf32>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>) {
  %0 = hlo.abs %x : tensor<4xf32>
  %1 = hlo.negate %0 : tensor<4xf32>
  %2 = hlo.sign %1 : tensor<4xf32>
  %3 = hlo.floor %2 : tensor<4xf32>
  %4 = hlo.ceil %3 : tensor<4xf32>
  %5 = hlo.round_nearest_even %4 : tensor<4xf32>
  %6 = hlo.exponential %5 : tensor<4xf32>
  %7 = hlo.exponential_minus_one %6 : tensor<4xf32>
  %8 = hlo.log %7 : tensor<4xf32>
  %9 = hlo.log_plus_one %8 : tensor<4xf32>
  %10 = hlo.logistic %9 : tensor<4xf32>
  %11 = hlo.tanh %10 : tensor<4xf32>
  %12 = hlo.sqrt %11 : tensor<4xf32>
  %13 = hlo.rsqrt %12 : tensor<4xf32>
  %14 = hlo.sine %13 : tensor<4xf32>
  %15 = hlo.cosine %14 : tensor<4xf32>
  %16 = hlo.tanh %h : tensor<2x3xf16>
  %17 = hlo.exponential %b : tensor<bf16>
  %18 = hlo.sqrt %d : tensor<0x4xf64>
  %19 = hlo.abs %h : tensor<2x3xf16>
  %20 = hlo.sign %b : tensor<bf16>
  %21 = hlo.negate %d : tensor<0x4xf64>
  return %15, %16, %17, %18, %19, %20, %21 : tensor<4xf32>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>, tensor<2x3xf16>, tensor<bf16>, tensor<0x4xf64>
}

// CHECK-LABEL: func.func @unary_int(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4xi32>, %[[ARG1:[a-z0-9]+]]: tensor<i8>, %[[ARG2:[a-z0-9]+]]: tensor<1x0xi64>, %[[ARG3:[a-z0-9]+]]: tensor<3xi1>) -> (tensor<4xi32>, tensor<i8>, tensor<1x0xi64>, tensor<3xi1>, tensor<i8>)
// CHECK-NEXT: %[[ABS:.*]] = hlo.abs %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT: %[[NEGATE:.*]] = hlo.negate %[[ABS]] : tensor<4xi32>
// CHECK-NEXT: %[[SIGN:.*]] = hlo.sign %[[NEGATE]] : tensor<4xi32>
// CHECK-NEXT: %[[NOT:.*]] = hlo.not %[[SIGN]] : tensor<4xi32>
// CHECK-NEXT: %[[ABS_1:.*]] = hlo.abs %[[ARG1]] : tensor<i8>
// CHECK-NEXT: %[[SIGN_1:.*]] = hlo.sign %[[ARG2]] : tensor<1x0xi64>
// CHECK-NEXT: %[[NOT_1:.*]] = hlo.not %[[ARG3]] : tensor<3xi1>
// CHECK-NEXT: %[[NOT_2:.*]] = hlo.not %[[ABS_1]] : tensor<i8>
// CHECK-NEXT: return %[[NOT]], %[[ABS_1]], %[[SIGN_1]], %[[NOT_1]], %[[NOT_2]] : tensor<4xi32>, tensor<i8>, tensor<1x0xi64>, tensor<3xi1>, tensor<i8>
// CHECK-NEXT: }
func.func @unary_int(%i: tensor<4xi32>, %j: tensor<i8>, %k: tensor<1x0xi64>, %p: tensor<3xi1>) -> (tensor<4xi32>, tensor<i8>, tensor<1x0xi64>, tensor<3xi1>, tensor<i8>) {
  %0 = hlo.abs %i : tensor<4xi32>
  %1 = hlo.negate %0 : tensor<4xi32>
  %2 = hlo.sign %1 : tensor<4xi32>
  %3 = hlo.not %2 : tensor<4xi32>
  %4 = hlo.abs %j : tensor<i8>
  %5 = hlo.sign %k : tensor<1x0xi64>
  %6 = hlo.not %p : tensor<3xi1>
  %7 = hlo.not %4 : tensor<i8>
  return %3, %4, %5, %6, %7 : tensor<4xi32>, tensor<i8>, tensor<1x0xi64>, tensor<3xi1>, tensor<i8>
}

// CHECK-LABEL: func.func @is_finite(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<f16>, %[[ARG2:[a-z0-9]+]]: tensor<0x2xbf16>, %[[ARG3:[a-z0-9]+]]: tensor<1x3xf64>) -> (tensor<4xi1>, tensor<i1>, tensor<0x2xi1>, tensor<1x3xi1>)
// CHECK-NEXT: %[[IS_FINITE:.*]] = hlo.is_finite %[[ARG0]] : tensor<4xf32>
// CHECK-NEXT: %[[IS_FINITE_1:.*]] = hlo.is_finite %[[ARG1]] : tensor<f16>
// CHECK-NEXT: %[[IS_FINITE_2:.*]] = hlo.is_finite %[[ARG2]] : tensor<0x2xbf16>
// CHECK-NEXT: %[[IS_FINITE_3:.*]] = hlo.is_finite %[[ARG3]] : tensor<1x3xf64>
// CHECK-NEXT: return %[[IS_FINITE]], %[[IS_FINITE_1]], %[[IS_FINITE_2]], %[[IS_FINITE_3]] : tensor<4xi1>, tensor<i1>, tensor<0x2xi1>, tensor<1x3xi1>
// CHECK-NEXT: }
func.func @is_finite(%x: tensor<4xf32>, %h: tensor<f16>, %b: tensor<0x2xbf16>, %d: tensor<1x3xf64>) -> (tensor<4xi1>, tensor<i1>, tensor<0x2xi1>, tensor<1x3xi1>) {
  %0 = hlo.is_finite %x : tensor<4xf32>
  %1 = hlo.is_finite %h : tensor<f16>
  %2 = hlo.is_finite %b : tensor<0x2xbf16>
  %3 = hlo.is_finite %d : tensor<1x3xf64>
  return %0, %1, %2, %3 : tensor<4xi1>, tensor<i1>, tensor<0x2xi1>, tensor<1x3xi1>
}

// CHECK-LABEL: func.func @binary_float(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG1:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG2:[a-z0-9]+]]: tensor<f16>, %[[ARG3:[a-z0-9]+]]: tensor<0x4xbf16>, %[[ARG4:[a-z0-9]+]]: tensor<1xf64>) -> (tensor<2x3xf32>, tensor<f16>, tensor<0x4xbf16>, tensor<1xf64>)
// CHECK-NEXT: %[[ADD:.*]] = hlo.add %[[ARG0]], %[[ARG1]] : tensor<2x3xf32>
// CHECK-NEXT: %[[SUBTRACT:.*]] = hlo.subtract %[[ADD]], %[[ARG1]] : tensor<2x3xf32>
// CHECK-NEXT: %[[MULTIPLY:.*]] = hlo.multiply %[[SUBTRACT]], %[[ARG0]] : tensor<2x3xf32>
// CHECK-NEXT: %[[DIVIDE:.*]] = hlo.divide %[[MULTIPLY]], %[[ARG1]] : tensor<2x3xf32>
// CHECK-NEXT: %[[REMAINDER:.*]] = hlo.remainder %[[DIVIDE]], %[[ARG0]] : tensor<2x3xf32>
// CHECK-NEXT: %[[POWER:.*]] = hlo.power %[[REMAINDER]], %[[ARG1]] : tensor<2x3xf32>
// CHECK-NEXT: %[[MAXIMUM:.*]] = hlo.maximum %[[POWER]], %[[ARG0]] : tensor<2x3xf32>
// CHECK-NEXT: %[[MINIMUM:.*]] = hlo.minimum %[[MAXIMUM]], %[[ARG1]] : tensor<2x3xf32>
// CHECK-NEXT: %[[ATAN2:.*]] = hlo.atan2 %[[MINIMUM]], %[[ARG0]] : tensor<2x3xf32>
// CHECK-NEXT: %[[ADD_1:.*]] = hlo.add %[[ARG2]], %[[ARG2]] : tensor<f16>
// CHECK-NEXT: %[[ATAN2_1:.*]] = hlo.atan2 %[[ADD_1]], %[[ARG2]] : tensor<f16>
// CHECK-NEXT: %[[MULTIPLY_1:.*]] = hlo.multiply %[[ARG3]], %[[ARG3]] : tensor<0x4xbf16>
// CHECK-NEXT: %[[MAXIMUM_1:.*]] = hlo.maximum %[[MULTIPLY_1]], %[[ARG3]] : tensor<0x4xbf16>
// CHECK-NEXT: %[[DIVIDE_1:.*]] = hlo.divide %[[ARG4]], %[[ARG4]] : tensor<1xf64>
// CHECK-NEXT: %[[POWER_1:.*]] = hlo.power %[[DIVIDE_1]], %[[ARG4]] : tensor<1xf64>
// CHECK-NEXT: return %[[ATAN2]], %[[ATAN2_1]], %[[MAXIMUM_1]], %[[POWER_1]] : tensor<2x3xf32>, tensor<f16>, tensor<0x4xbf16>, tensor<1xf64>
// CHECK-NEXT: }
func.func @binary_float(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %h: tensor<f16>, %b: tensor<0x4xbf16>, %d: tensor<1xf64>) -> (tensor<2x3xf32>, tensor<f16>, tensor<0x4xbf16>, tensor<1xf64>) {
  %0 = hlo.add %x, %y : tensor<2x3xf32>
  %1 = hlo.subtract %0, %y : tensor<2x3xf32>
  %2 = hlo.multiply %1, %x : tensor<2x3xf32>
  %3 = hlo.divide %2, %y : tensor<2x3xf32>
  %4 = hlo.remainder %3, %x : tensor<2x3xf32>
  %5 = hlo.power %4, %y : tensor<2x3xf32>
  %6 = hlo.maximum %5, %x : tensor<2x3xf32>
  %7 = hlo.minimum %6, %y : tensor<2x3xf32>
  %8 = hlo.atan2 %7, %x : tensor<2x3xf32>
  %9 = hlo.add %h, %h : tensor<f16>
  %10 = hlo.atan2 %9, %h : tensor<f16>
  %11 = hlo.multiply %b, %b : tensor<0x4xbf16>
  %12 = hlo.maximum %11, %b : tensor<0x4xbf16>
  %13 = hlo.divide %d, %d : tensor<1xf64>
  %14 = hlo.power %13, %d : tensor<1xf64>
  return %8, %10, %12, %14 : tensor<2x3xf32>, tensor<f16>, tensor<0x4xbf16>, tensor<1xf64>
}

// CHECK-LABEL: func.func @binary_int(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4xi32>, %[[ARG1:[a-z0-9]+]]: tensor<4xi32>, %[[ARG2:[a-z0-9]+]]: tensor<i8>, %[[ARG3:[a-z0-9]+]]: tensor<0x3xi64>, %[[ARG4:[a-z0-9]+]]: tensor<2xi1>, %[[ARG5:[a-z0-9]+]]: tensor<2xi1>) -> (tensor<4xi32>, tensor<i8>, tensor<0x3xi64>, tensor<2xi1>)
// CHECK-NEXT: %[[ADD:.*]] = hlo.add %[[ARG0]], %[[ARG1]] : tensor<4xi32>
// CHECK-NEXT: %[[SUBTRACT:.*]] = hlo.subtract %[[ADD]], %[[ARG1]] : tensor<4xi32>
// CHECK-NEXT: %[[MULTIPLY:.*]] = hlo.multiply %[[SUBTRACT]], %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT: %[[DIVIDE:.*]] = hlo.divide %[[MULTIPLY]], %[[ARG1]] : tensor<4xi32>
// CHECK-NEXT: %[[REMAINDER:.*]] = hlo.remainder %[[DIVIDE]], %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT: %[[POWER:.*]] = hlo.power %[[REMAINDER]], %[[ARG1]] : tensor<4xi32>
// CHECK-NEXT: %[[MAXIMUM:.*]] = hlo.maximum %[[POWER]], %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT: %[[MINIMUM:.*]] = hlo.minimum %[[MAXIMUM]], %[[ARG1]] : tensor<4xi32>
// CHECK-NEXT: %[[AND:.*]] = hlo.and %[[MINIMUM]], %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT: %[[OR:.*]] = hlo.or %[[AND]], %[[ARG1]] : tensor<4xi32>
// CHECK-NEXT: %[[XOR:.*]] = hlo.xor %[[OR]], %[[ARG0]] : tensor<4xi32>
// CHECK-NEXT: %[[XOR_1:.*]] = hlo.xor %[[ARG2]], %[[ARG2]] : tensor<i8>
// CHECK-NEXT: %[[POWER_1:.*]] = hlo.power %[[XOR_1]], %[[ARG2]] : tensor<i8>
// CHECK-NEXT: %[[AND_1:.*]] = hlo.and %[[ARG3]], %[[ARG3]] : tensor<0x3xi64>
// CHECK-NEXT: %[[REMAINDER_1:.*]] = hlo.remainder %[[AND_1]], %[[ARG3]] : tensor<0x3xi64>
// CHECK-NEXT: %[[AND_2:.*]] = hlo.and %[[ARG4]], %[[ARG5]] : tensor<2xi1>
// CHECK-NEXT: %[[OR_1:.*]] = hlo.or %[[AND_2]], %[[ARG5]] : tensor<2xi1>
// CHECK-NEXT: %[[XOR_2:.*]] = hlo.xor %[[OR_1]], %[[ARG4]] : tensor<2xi1>
// CHECK-NEXT: return %[[XOR]], %[[POWER_1]], %[[REMAINDER_1]], %[[XOR_2]] : tensor<4xi32>, tensor<i8>, tensor<0x3xi64>, tensor<2xi1>
// CHECK-NEXT: }
func.func @binary_int(%i: tensor<4xi32>, %j: tensor<4xi32>, %k: tensor<i8>, %l: tensor<0x3xi64>, %p: tensor<2xi1>, %q: tensor<2xi1>) -> (tensor<4xi32>, tensor<i8>, tensor<0x3xi64>, tensor<2xi1>) {
  %0 = hlo.add %i, %j : tensor<4xi32>
  %1 = hlo.subtract %0, %j : tensor<4xi32>
  %2 = hlo.multiply %1, %i : tensor<4xi32>
  %3 = hlo.divide %2, %j : tensor<4xi32>
  %4 = hlo.remainder %3, %i : tensor<4xi32>
  %5 = hlo.power %4, %j : tensor<4xi32>
  %6 = hlo.maximum %5, %i : tensor<4xi32>
  %7 = hlo.minimum %6, %j : tensor<4xi32>
  %8 = hlo.and %7, %i : tensor<4xi32>
  %9 = hlo.or %8, %j : tensor<4xi32>
  %10 = hlo.xor %9, %i : tensor<4xi32>
  %11 = hlo.xor %k, %k : tensor<i8>
  %12 = hlo.power %11, %k : tensor<i8>
  %13 = hlo.and %l, %l : tensor<0x3xi64>
  %14 = hlo.remainder %13, %l : tensor<0x3xi64>
  %15 = hlo.and %p, %q : tensor<2xi1>
  %16 = hlo.or %15, %q : tensor<2xi1>
  %17 = hlo.xor %16, %p : tensor<2xi1>
  return %10, %12, %14, %17 : tensor<4xi32>, tensor<i8>, tensor<0x3xi64>, tensor<2xi1>
}

// CHECK-LABEL: func.func @compare(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<4xf32>, %[[ARG2:[a-z0-9]+]]: tensor<2x2xi32>, %[[ARG3:[a-z0-9]+]]: tensor<f16>, %[[ARG4:[a-z0-9]+]]: tensor<0xbf16>, %[[ARG5:[a-z0-9]+]]: tensor<1xf64>, %[[ARG6:[a-z0-9]+]]: tensor<i8>, %[[ARG7:[a-z0-9]+]]: tensor<3xi64>, %[[ARG8:[a-z0-9]+]]: tensor<2xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<2x2xi1>, tensor<i1>, tensor<0xi1>, tensor<1xi1>, tensor<i1>, tensor<3xi1>, tensor<2xi1>)
// CHECK-NEXT: %[[COMPARE:.*]] = hlo.compare EQ, %[[ARG0]], %[[ARG1]] : tensor<4xf32>
// CHECK-NEXT: %[[COMPARE_1:.*]] = hlo.compare NE, %[[ARG0]], %[[ARG1]] : tensor<4xf32>
// CHECK-NEXT: %[[COMPARE_2:.*]] = hlo.compare LT, %[[ARG2]], %[[ARG2]] : tensor<2x2xi32>
// CHECK-NEXT: %[[COMPARE_3:.*]] = hlo.compare LE, %[[ARG3]], %[[ARG3]] : tensor<f16>
// CHECK-NEXT: %[[COMPARE_4:.*]] = hlo.compare GT, %[[ARG4]], %[[ARG4]] : tensor<0xbf16>
// CHECK-NEXT: %[[COMPARE_5:.*]] = hlo.compare GE, %[[ARG5]], %[[ARG5]] : tensor<1xf64>
// CHECK-NEXT: %[[COMPARE_6:.*]] = hlo.compare EQ, %[[ARG6]], %[[ARG6]] : tensor<i8>
// CHECK-NEXT: %[[COMPARE_7:.*]] = hlo.compare NE, %[[ARG7]], %[[ARG7]] : tensor<3xi64>
// CHECK-NEXT: %[[COMPARE_8:.*]] = hlo.compare LT, %[[ARG8]], %[[ARG8]] : tensor<2xi1>
// CHECK-NEXT: return %[[COMPARE]], %[[COMPARE_1]], %[[COMPARE_2]], %[[COMPARE_3]], %[[COMPARE_4]], %[[COMPARE_5]], %[[COMPARE_6]], %[[COMPARE_7]], %[[COMPARE_8]] : tensor<4xi1>, tensor<4xi1>, tensor<2x2xi1>, tensor<i1>, tensor<0xi1>, tensor<1xi1>, tensor<i1>, tensor<3xi1>, tensor<2xi1>
// CHECK-NEXT: }
func.func @compare(%x: tensor<4xf32>, %y: tensor<4xf32>, %i: tensor<2x2xi32>, %h: tensor<f16>, %b: tensor<0xbf16>, %d: tensor<1xf64>, %k: tensor<i8>, %l: tensor<3xi64>, %p: tensor<2xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<2x2xi1>, tensor<i1>, tensor<0xi1>, tensor<1xi1>, tensor<i1>, tensor<3xi1>, tensor<2xi1>) {
  %0 = hlo.compare EQ, %x, %y : tensor<4xf32>
  %1 = hlo.compare NE, %x, %y : tensor<4xf32>
  %2 = hlo.compare LT, %i, %i : tensor<2x2xi32>
  %3 = hlo.compare LE, %h, %h : tensor<f16>
  %4 = hlo.compare GT, %b, %b : tensor<0xbf16>
  %5 = hlo.compare GE, %d, %d : tensor<1xf64>
  %6 = hlo.compare EQ, %k, %k : tensor<i8>
  %7 = hlo.compare NE, %l, %l : tensor<3xi64>
  %8 = hlo.compare LT, %p, %p : tensor<2xi1>
  return %0, %1, %2, %3, %4, %5, %6, %7, %8 : tensor<4xi1>, tensor<4xi1>, tensor<2x2xi1>, tensor<i1>, tensor<0xi1>, tensor<1xi1>, tensor<i1>, tensor<3xi1>, tensor<2xi1>
}

// pred of the result shape, and rank-0 pred choosing a whole tensor.
// CHECK-LABEL: func.func @select(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xi1>, %[[ARG1:[a-z0-9]+]]: tensor<i1>, %[[ARG2:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG3:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG4:[a-z0-9]+]]: tensor<0xi8>, %[[ARG5:[a-z0-9]+]]: tensor<0xi8>, %[[ARG6:[a-z0-9]+]]: tensor<0xi1>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<0xi8>)
// CHECK-NEXT: %[[SELECT:.*]] = hlo.select %[[ARG0]], %[[ARG2]], %[[ARG3]] : tensor<2x3xi1>, tensor<2x3xf32>
// CHECK-NEXT: %[[SELECT_1:.*]] = hlo.select %[[ARG1]], %[[ARG2]], %[[ARG3]] : tensor<i1>, tensor<2x3xf32>
// CHECK-NEXT: %[[SELECT_2:.*]] = hlo.select %[[ARG6]], %[[ARG4]], %[[ARG5]] : tensor<0xi1>, tensor<0xi8>
// CHECK-NEXT: %[[SELECT_3:.*]] = hlo.select %[[ARG1]], %[[ARG4]], %[[ARG5]] : tensor<i1>, tensor<0xi8>
// CHECK-NEXT: return %[[SELECT]], %[[SELECT_1]], %[[SELECT_2]], %[[SELECT_3]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<0xi8>
// CHECK-NEXT: }
func.func @select(%p: tensor<2x3xi1>, %s: tensor<i1>, %x: tensor<2x3xf32>, %y: tensor<2x3xf32>, %i: tensor<0xi8>, %j: tensor<0xi8>, %e: tensor<0xi1>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<0xi8>) {
  %0 = hlo.select %p, %x, %y : tensor<2x3xi1>, tensor<2x3xf32>
  %1 = hlo.select %s, %x, %y : tensor<i1>, tensor<2x3xf32>
  %2 = hlo.select %e, %i, %j : tensor<0xi1>, tensor<0xi8>
  %3 = hlo.select %s, %i, %j : tensor<i1>, tensor<0xi8>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<0xi8>
}

// CHECK-LABEL: func.func @select_rank0(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<i1>, %[[ARG1:[a-z0-9]+]]: tensor<i1>, %[[ARG2:[a-z0-9]+]]: tensor<i1>, %[[ARG3:[a-z0-9]+]]: tensor<bf16>, %[[ARG4:[a-z0-9]+]]: tensor<bf16>) -> (tensor<i1>, tensor<bf16>)
// CHECK-NEXT: %[[SELECT:.*]] = hlo.select %[[ARG0]], %[[ARG1]], %[[ARG2]] : tensor<i1>, tensor<i1>
// CHECK-NEXT: %[[SELECT_1:.*]] = hlo.select %[[ARG0]], %[[ARG3]], %[[ARG4]] : tensor<i1>, tensor<bf16>
// CHECK-NEXT: return %[[SELECT]], %[[SELECT_1]] : tensor<i1>, tensor<bf16>
// CHECK-NEXT: }
func.func @select_rank0(%s: tensor<i1>, %a: tensor<i1>, %b: tensor<i1>, %x: tensor<bf16>, %y: tensor<bf16>) -> (tensor<i1>, tensor<bf16>) {
  %0 = hlo.select %s, %a, %b : tensor<i1>, tensor<i1>
  %1 = hlo.select %s, %x, %y : tensor<i1>, tensor<bf16>
  return %0, %1 : tensor<i1>, tensor<bf16>
}

// Rank-0 and full-shape bounds.
// CHECK-LABEL: func.func @clamp(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<f32>, %[[ARG1:[a-z0-9]+]]: tensor<4xf32>, %[[ARG2:[a-z0-9]+]]: tensor<f32>, %[[ARG3:[a-z0-9]+]]: tensor<4xf32>, %[[ARG4:[a-z0-9]+]]: tensor<4xf32>, %[[ARG5:[a-z0-9]+]]: tensor<2x2xi32>, %[[ARG6:[a-z0-9]+]]: tensor<2x2xi32>, %[[ARG7:[a-z0-9]+]]: tensor<i32>, %[[ARG8:[a-z0-9]+]]: tensor<i64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x2xi32>, tensor<i64>)
// CHECK-NEXT: %[[CLAMP:.*]] = hlo.clamp %[[ARG0]], %[[ARG1]], %[[ARG2]] : tensor<f32>, tensor<4xf32>, tensor<f32>
// CHECK-NEXT: %[[CLAMP_1:.*]] = hlo.clamp %[[ARG3]], %[[ARG1]], %[[ARG4]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
// CHECK-NEXT: %[[CLAMP_2:.*]] = hlo.clamp %[[ARG5]], %[[ARG6]], %[[ARG7]] : tensor<2x2xi32>, tensor<2x2xi32>, tensor<i32>
// CHECK-NEXT: %[[CLAMP_3:.*]] = hlo.clamp %[[ARG8]], %[[ARG8]], %[[ARG8]] : tensor<i64>, tensor<i64>, tensor<i64>
// CHECK-NEXT: return %[[CLAMP]], %[[CLAMP_1]], %[[CLAMP_2]], %[[CLAMP_3]] : tensor<4xf32>, tensor<4xf32>, tensor<2x2xi32>, tensor<i64>
// CHECK-NEXT: }
func.func @clamp(%lo: tensor<f32>, %x: tensor<4xf32>, %hi: tensor<f32>, %vlo: tensor<4xf32>, %vhi: tensor<4xf32>, %ilo: tensor<2x2xi32>, %i: tensor<2x2xi32>, %ihi: tensor<i32>, %s: tensor<i64>) -> (tensor<4xf32>, tensor<4xf32>, tensor<2x2xi32>, tensor<i64>) {
  %0 = hlo.clamp %lo, %x, %hi : tensor<f32>, tensor<4xf32>, tensor<f32>
  %1 = hlo.clamp %vlo, %x, %vhi : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
  %2 = hlo.clamp %ilo, %i, %ihi : tensor<2x2xi32>, tensor<2x2xi32>, tensor<i32>
  %3 = hlo.clamp %s, %s, %s : tensor<i64>, tensor<i64>, tensor<i64>
  return %0, %1, %2, %3 : tensor<4xf32>, tensor<4xf32>, tensor<2x2xi32>, tensor<i64>
}

// CHECK-LABEL: func.func @convert(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<4xi32>, %[[ARG2:[a-z0-9]+]]: tensor<4xi1>, %[[ARG3:[a-z0-9]+]]: tensor<f16>, %[[ARG4:[a-z0-9]+]]: tensor<0x2xbf16>) -> (tensor<4xi32>, tensor<4xf64>, tensor<4xi1>, tensor<4xi8>, tensor<4xf32>, tensor<4xf32>, tensor<bf16>, tensor<0x2xi64>)
// CHECK-NEXT: %[[CONVERT:.*]] = hlo.convert %[[ARG0]] : (tensor<4xf32>) -> tensor<4xi32>
// CHECK-NEXT: %[[CONVERT_1:.*]] = hlo.convert %[[ARG1]] : (tensor<4xi32>) -> tensor<4xf64>
// CHECK-NEXT: %[[CONVERT_2:.*]] = hlo.convert %[[ARG0]] : (tensor<4xf32>) -> tensor<4xi1>
// CHECK-NEXT: %[[CONVERT_3:.*]] = hlo.convert %[[ARG1]] : (tensor<4xi32>) -> tensor<4xi8>
// CHECK-NEXT: %[[CONVERT_4:.*]] = hlo.convert %[[ARG2]] : (tensor<4xi1>) -> tensor<4xf32>
// CHECK-NEXT: %[[CONVERT_5:.*]] = hlo.convert %[[ARG0]] : (tensor<4xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[CONVERT_6:.*]] = hlo.convert %[[ARG3]] : (tensor<f16>) -> tensor<bf16>
// CHECK-NEXT: %[[CONVERT_7:.*]] = hlo.convert %[[ARG4]] : (tensor<0x2xbf16>) -> tensor<0x2xi64>
// CHECK-NEXT: return %[[CONVERT]], %[[CONVERT_1]], %[[CONVERT_2]], %[[CONVERT_3]], %[[CONVERT_4]], %[[CONVERT_5]], %[[CONVERT_6]], %[[CONVERT_7]] : tensor<4xi32>, tensor<4xf64>, tensor<4xi1>, tensor<4xi8>, tensor<4xf32>, tensor<4xf32>, tensor<bf16>, tensor<0x2xi64>
// CHECK-NEXT: }
func.func @convert(%x: tensor<4xf32>, %i: tensor<4xi32>, %p: tensor<4xi1>, %h: tensor<f16>, %e: tensor<0x2xbf16>) -> (tensor<4xi32>, tensor<4xf64>, tensor<4xi1>, tensor<4xi8>, tensor<4xf32>, tensor<4xf32>, tensor<bf16>, tensor<0x2xi64>) {
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi32>
  %1 = hlo.convert %i : (tensor<4xi32>) -> tensor<4xf64>
  %2 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xi1>
  %3 = hlo.convert %i : (tensor<4xi32>) -> tensor<4xi8>
  %4 = hlo.convert %p : (tensor<4xi1>) -> tensor<4xf32>
  %5 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf32>
  %6 = hlo.convert %h : (tensor<f16>) -> tensor<bf16>
  %7 = hlo.convert %e : (tensor<0x2xbf16>) -> tensor<0x2xi64>
  return %0, %1, %2, %3, %4, %5, %6, %7 : tensor<4xi32>, tensor<4xf64>, tensor<4xi1>, tensor<4xi8>, tensor<4xf32>, tensor<4xf32>, tensor<bf16>, tensor<0x2xi64>
}

// dims need not be increasing; size-1 and size-0 dimensions; same-type broadcast.
// CHECK-LABEL: func.func @broadcast_in_dim(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<f32>, %[[ARG1:[a-z0-9]+]]: tensor<4xi32>, %[[ARG2:[a-z0-9]+]]: tensor<1x3xf16>, %[[ARG3:[a-z0-9]+]]: tensor<2x3xbf16>, %[[ARG4:[a-z0-9]+]]: tensor<0xi1>) -> (tensor<2x3xf32>, tensor<4x5xi32>, tensor<2x4x3xf16>, tensor<3x2xbf16>, tensor<2x0xi1>, tensor<4xi32>)
// CHECK-NEXT: %[[BROADCAST_IN_DIM:.*]] = hlo.broadcast_in_dim %[[ARG0]], dims = [] : (tensor<f32>) -> tensor<2x3xf32>
// CHECK-NEXT: %[[BROADCAST_IN_DIM_1:.*]] = hlo.broadcast_in_dim %[[ARG1]], dims = [0] : (tensor<4xi32>) -> tensor<4x5xi32>
// CHECK-NEXT: %[[BROADCAST_IN_DIM_2:.*]] = hlo.broadcast_in_dim %[[ARG2]], dims = [1, 2] : (tensor<1x3xf16>) -> tensor<2x4x3xf16>
// CHECK-NEXT: %[[BROADCAST_IN_DIM_3:.*]] = hlo.broadcast_in_dim %[[ARG3]], dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
// CHECK-NEXT: %[[BROADCAST_IN_DIM_4:.*]] = hlo.broadcast_in_dim %[[ARG4]], dims = [1] : (tensor<0xi1>) -> tensor<2x0xi1>
// CHECK-NEXT: %[[BROADCAST_IN_DIM_5:.*]] = hlo.broadcast_in_dim %[[ARG1]], dims = [0] : (tensor<4xi32>) -> tensor<4xi32>
// CHECK-NEXT: return %[[BROADCAST_IN_DIM]], %[[BROADCAST_IN_DIM_1]], %[[BROADCAST_IN_DIM_2]], %[[BROADCAST_IN_DIM_3]], %[[BROADCAST_IN_DIM_4]], %[[BROADCAST_IN_DIM_5]] : tensor<2x3xf32>, tensor<4x5xi32>, tensor<2x4x3xf16>, tensor<3x2xbf16>, tensor<2x0xi1>, tensor<4xi32>
// CHECK-NEXT: }
func.func @broadcast_in_dim(%s: tensor<f32>, %v: tensor<4xi32>, %m: tensor<1x3xf16>, %t: tensor<2x3xbf16>, %z: tensor<0xi1>) -> (tensor<2x3xf32>, tensor<4x5xi32>, tensor<2x4x3xf16>, tensor<3x2xbf16>, tensor<2x0xi1>, tensor<4xi32>) {
  %0 = hlo.broadcast_in_dim %s, dims = [] : (tensor<f32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %v, dims = [0] : (tensor<4xi32>) -> tensor<4x5xi32>
  %2 = hlo.broadcast_in_dim %m, dims = [1, 2] : (tensor<1x3xf16>) -> tensor<2x4x3xf16>
  %3 = hlo.broadcast_in_dim %t, dims = [1, 0] : (tensor<2x3xbf16>) -> tensor<3x2xbf16>
  %4 = hlo.broadcast_in_dim %z, dims = [1] : (tensor<0xi1>) -> tensor<2x0xi1>
  %5 = hlo.broadcast_in_dim %v, dims = [0] : (tensor<4xi32>) -> tensor<4xi32>
  return %0, %1, %2, %3, %4, %5 : tensor<2x3xf32>, tensor<4x5xi32>, tensor<2x4x3xf16>, tensor<3x2xbf16>, tensor<2x0xi1>, tensor<4xi32>
}

// CHECK-LABEL: func.func @reshape(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG1:[a-z0-9]+]]: tensor<i64>, %[[ARG2:[a-z0-9]+]]: tensor<1x1x1xi8>, %[[ARG3:[a-z0-9]+]]: tensor<0x4xf64>) -> (tensor<6xf32>, tensor<3x1x2xf32>, tensor<1xi64>, tensor<i8>, tensor<2x0x2xf64>)
// CHECK-NEXT: %[[RESHAPE:.*]] = hlo.reshape %[[ARG0]] : (tensor<2x3xf32>) -> tensor<6xf32>
// CHECK-NEXT: %[[RESHAPE_1:.*]] = hlo.reshape %[[ARG0]] : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
// CHECK-NEXT: %[[RESHAPE_2:.*]] = hlo.reshape %[[ARG1]] : (tensor<i64>) -> tensor<1xi64>
// CHECK-NEXT: %[[RESHAPE_3:.*]] = hlo.reshape %[[ARG2]] : (tensor<1x1x1xi8>) -> tensor<i8>
// CHECK-NEXT: %[[RESHAPE_4:.*]] = hlo.reshape %[[ARG3]] : (tensor<0x4xf64>) -> tensor<2x0x2xf64>
// CHECK-NEXT: return %[[RESHAPE]], %[[RESHAPE_1]], %[[RESHAPE_2]], %[[RESHAPE_3]], %[[RESHAPE_4]] : tensor<6xf32>, tensor<3x1x2xf32>, tensor<1xi64>, tensor<i8>, tensor<2x0x2xf64>
// CHECK-NEXT: }
func.func @reshape(%x: tensor<2x3xf32>, %s: tensor<i64>, %o: tensor<1x1x1xi8>, %z: tensor<0x4xf64>) -> (tensor<6xf32>, tensor<3x1x2xf32>, tensor<1xi64>, tensor<i8>, tensor<2x0x2xf64>) {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<3x1x2xf32>
  %2 = hlo.reshape %s : (tensor<i64>) -> tensor<1xi64>
  %3 = hlo.reshape %o : (tensor<1x1x1xi8>) -> tensor<i8>
  %4 = hlo.reshape %z : (tensor<0x4xf64>) -> tensor<2x0x2xf64>
  return %0, %1, %2, %3, %4 : tensor<6xf32>, tensor<3x1x2xf32>, tensor<1xi64>, tensor<i8>, tensor<2x0x2xf64>
}

// CHECK-LABEL: func.func @transpose(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG1:[a-z0-9]+]]: tensor<2x3x4xi32>, %[[ARG2:[a-z0-9]+]]: tensor<0x1xbf16>, %[[ARG3:[a-z0-9]+]]: tensor<f16>) -> (tensor<3x2xf32>, tensor<4x2x3xi32>, tensor<1x0xbf16>, tensor<f16>, tensor<2x3xf32>)
// CHECK-NEXT: %[[TRANSPOSE:.*]] = hlo.transpose %[[ARG0]], dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NEXT: %[[TRANSPOSE_1:.*]] = hlo.transpose %[[ARG1]], dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
// CHECK-NEXT: %[[TRANSPOSE_2:.*]] = hlo.transpose %[[ARG2]], dims = [1, 0] : (tensor<0x1xbf16>) -> tensor<1x0xbf16>
// CHECK-NEXT: %[[TRANSPOSE_3:.*]] = hlo.transpose %[[ARG3]], dims = [] : (tensor<f16>) -> tensor<f16>
// CHECK-NEXT: %[[TRANSPOSE_4:.*]] = hlo.transpose %[[ARG0]], dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: return %[[TRANSPOSE]], %[[TRANSPOSE_1]], %[[TRANSPOSE_2]], %[[TRANSPOSE_3]], %[[TRANSPOSE_4]] : tensor<3x2xf32>, tensor<4x2x3xi32>, tensor<1x0xbf16>, tensor<f16>, tensor<2x3xf32>
// CHECK-NEXT: }
func.func @transpose(%x: tensor<2x3xf32>, %y: tensor<2x3x4xi32>, %z: tensor<0x1xbf16>, %s: tensor<f16>) -> (tensor<3x2xf32>, tensor<4x2x3xi32>, tensor<1x0xbf16>, tensor<f16>, tensor<2x3xf32>) {
  %0 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.transpose %y, dims = [2, 0, 1] : (tensor<2x3x4xi32>) -> tensor<4x2x3xi32>
  %2 = hlo.transpose %z, dims = [1, 0] : (tensor<0x1xbf16>) -> tensor<1x0xbf16>
  %3 = hlo.transpose %s, dims = [] : (tensor<f16>) -> tensor<f16>
  %4 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0, %1, %2, %3, %4 : tensor<3x2xf32>, tensor<4x2x3xi32>, tensor<1x0xbf16>, tensor<f16>, tensor<2x3xf32>
}

// CHECK-LABEL: func.func @slice(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<10xi8>, %[[ARG2:[a-z0-9]+]]: tensor<i1>) -> (tensor<2x2xf32>, tensor<3xi8>, tensor<0xi8>, tensor<i1>, tensor<1x4xf32>)
// CHECK-NEXT: %[[SLICE:.*]] = hlo.slice %[[ARG0]], starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[SLICE_1:.*]] = hlo.slice %[[ARG1]], starts = [1], limits = [8], strides = [3] : (tensor<10xi8>) -> tensor<3xi8>
// CHECK-NEXT: %[[SLICE_2:.*]] = hlo.slice %[[ARG1]], starts = [5], limits = [5], strides = [1] : (tensor<10xi8>) -> tensor<0xi8>
// CHECK-NEXT: %[[SLICE_3:.*]] = hlo.slice %[[ARG2]], starts = [], limits = [], strides = [] : (tensor<i1>) -> tensor<i1>
// CHECK-NEXT: %[[SLICE_4:.*]] = hlo.slice %[[ARG0]], starts = [1, 0], limits = [2, 4], strides = [1, 1] : (tensor<2x4xf32>) -> tensor<1x4xf32>
// CHECK-NEXT: return %[[SLICE]], %[[SLICE_1]], %[[SLICE_2]], %[[SLICE_3]], %[[SLICE_4]] : tensor<2x2xf32>, tensor<3xi8>, tensor<0xi8>, tensor<i1>, tensor<1x4xf32>
// CHECK-NEXT: }
func.func @slice(%x: tensor<2x4xf32>, %v: tensor<10xi8>, %s: tensor<i1>) -> (tensor<2x2xf32>, tensor<3xi8>, tensor<0xi8>, tensor<i1>, tensor<1x4xf32>) {
  %0 = hlo.slice %x, starts = [0, 1], limits = [2, 4], strides = [1, 2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  %1 = hlo.slice %v, starts = [1], limits = [8], strides = [3] : (tensor<10xi8>) -> tensor<3xi8>
  %2 = hlo.slice %v, starts = [5], limits = [5], strides = [1] : (tensor<10xi8>) -> tensor<0xi8>
  %3 = hlo.slice %s, starts = [], limits = [], strides = [] : (tensor<i1>) -> tensor<i1>
  %4 = hlo.slice %x, starts = [1, 0], limits = [2, 4], strides = [1, 1] : (tensor<2x4xf32>) -> tensor<1x4xf32>
  return %0, %1, %2, %3, %4 : tensor<2x2xf32>, tensor<3xi8>, tensor<0xi8>, tensor<i1>, tensor<1x4xf32>
}

// CHECK-LABEL: func.func @dynamic_slice(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4x4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<i32>, %[[ARG2:[a-z0-9]+]]: tensor<i32>, %[[ARG3:[a-z0-9]+]]: tensor<8xi8>, %[[ARG4:[a-z0-9]+]]: tensor<i8>, %[[ARG5:[a-z0-9]+]]: tensor<0x3xbf16>, %[[ARG6:[a-z0-9]+]]: tensor<i64>) -> (tensor<2x2xf32>, tensor<1x4xf32>, tensor<0xi8>, tensor<0x1xbf16>)
// CHECK-NEXT: %[[DYNAMIC_SLICE:.*]] = hlo.dynamic_slice %[[ARG0]][%[[ARG1]], %[[ARG2]]] sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
// CHECK-NEXT: %[[DYNAMIC_SLICE_1:.*]] = hlo.dynamic_slice %[[ARG0]][%[[ARG1]], %[[ARG1]]] sizes = [1, 4] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
// CHECK-NEXT: %[[DYNAMIC_SLICE_2:.*]] = hlo.dynamic_slice %[[ARG3]][%[[ARG4]]] sizes = [0] : (tensor<8xi8>, tensor<i8>) -> tensor<0xi8>
// CHECK-NEXT: %[[DYNAMIC_SLICE_3:.*]] = hlo.dynamic_slice %[[ARG5]][%[[ARG6]], %[[ARG6]]] sizes = [0, 1] : (tensor<0x3xbf16>, tensor<i64>, tensor<i64>) -> tensor<0x1xbf16>
// CHECK-NEXT: return %[[DYNAMIC_SLICE]], %[[DYNAMIC_SLICE_1]], %[[DYNAMIC_SLICE_2]], %[[DYNAMIC_SLICE_3]] : tensor<2x2xf32>, tensor<1x4xf32>, tensor<0xi8>, tensor<0x1xbf16>
// CHECK-NEXT: }
func.func @dynamic_slice(%x: tensor<4x4xf32>, %i: tensor<i32>, %j: tensor<i32>, %v: tensor<8xi8>, %k: tensor<i8>, %e: tensor<0x3xbf16>, %l: tensor<i64>) -> (tensor<2x2xf32>, tensor<1x4xf32>, tensor<0xi8>, tensor<0x1xbf16>) {
  %0 = hlo.dynamic_slice %x[%i, %j] sizes = [2, 2] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<2x2xf32>
  %1 = hlo.dynamic_slice %x[%i, %i] sizes = [1, 4] : (tensor<4x4xf32>, tensor<i32>, tensor<i32>) -> tensor<1x4xf32>
  %2 = hlo.dynamic_slice %v[%k] sizes = [0] : (tensor<8xi8>, tensor<i8>) -> tensor<0xi8>
  %3 = hlo.dynamic_slice %e[%l, %l] sizes = [0, 1] : (tensor<0x3xbf16>, tensor<i64>, tensor<i64>) -> tensor<0x1xbf16>
  return %0, %1, %2, %3 : tensor<2x2xf32>, tensor<1x4xf32>, tensor<0xi8>, tensor<0x1xbf16>
}

// CHECK-LABEL: func.func @dynamic_update_slice(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4x4xf32>, %[[ARG1:[a-z0-9]+]]: tensor<2x2xf32>, %[[ARG2:[a-z0-9]+]]: tensor<i64>, %[[ARG3:[a-z0-9]+]]: tensor<i64>, %[[ARG4:[a-z0-9]+]]: tensor<8xi1>, %[[ARG5:[a-z0-9]+]]: tensor<0xi1>, %[[ARG6:[a-z0-9]+]]: tensor<i8>) -> (tensor<4x4xf32>, tensor<8xi1>)
// CHECK-NEXT: %[[DYNAMIC_UPDATE_SLICE:.*]] = hlo.dynamic_update_slice %[[ARG0]][%[[ARG2]], %[[ARG3]]], %[[ARG1]] : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
// CHECK-NEXT: %[[DYNAMIC_UPDATE_SLICE_1:.*]] = hlo.dynamic_update_slice %[[ARG4]][%[[ARG6]]], %[[ARG5]] : (tensor<8xi1>, tensor<0xi1>, tensor<i8>) -> tensor<8xi1>
// CHECK-NEXT: return %[[DYNAMIC_UPDATE_SLICE]], %[[DYNAMIC_UPDATE_SLICE_1]] : tensor<4x4xf32>, tensor<8xi1>
// CHECK-NEXT: }
func.func @dynamic_update_slice(%x: tensor<4x4xf32>, %u: tensor<2x2xf32>, %i: tensor<i64>, %j: tensor<i64>, %v: tensor<8xi1>, %w: tensor<0xi1>, %k: tensor<i8>) -> (tensor<4x4xf32>, tensor<8xi1>) {
  %0 = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<4x4xf32>, tensor<2x2xf32>, tensor<i64>, tensor<i64>) -> tensor<4x4xf32>
  %1 = hlo.dynamic_update_slice %v[%k], %w : (tensor<8xi1>, tensor<0xi1>, tensor<i8>) -> tensor<8xi1>
  return %0, %1 : tensor<4x4xf32>, tensor<8xi1>
}

// CHECK-LABEL: func.func @concatenate(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG1:[a-z0-9]+]]: tensor<1x3xf32>, %[[ARG2:[a-z0-9]+]]: tensor<0x3xf32>, %[[ARG3:[a-z0-9]+]]: tensor<2xi64>, %[[ARG4:[a-z0-9]+]]: tensor<3xi64>, %[[ARG5:[a-z0-9]+]]: tensor<1xi1>) -> (tensor<3x3xf32>, tensor<6x3xf32>, tensor<5xi64>, tensor<2x6xf32>, tensor<1xi1>)
// CHECK-NEXT: %[[CONCATENATE:.*]] = hlo.concatenate dim = 0, %[[ARG0]], %[[ARG1]] : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
// CHECK-NEXT: %[[CONCATENATE_1:.*]] = hlo.concatenate dim = 0, %[[ARG0]], %[[ARG2]], %[[ARG1]], %[[ARG0]], %[[ARG1]] : (tensor<2x3xf32>, tensor<0x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<6x3xf32>
// CHECK-NEXT: %[[CONCATENATE_2:.*]] = hlo.concatenate dim = 0, %[[ARG3]], %[[ARG4]] : (tensor<2xi64>, tensor<3xi64>) -> tensor<5xi64>
// CHECK-NEXT: %[[CONCATENATE_3:.*]] = hlo.concatenate dim = 1, %[[ARG0]], %[[ARG0]] : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
// CHECK-NEXT: %[[CONCATENATE_4:.*]] = hlo.concatenate dim = 0, %[[ARG5]] : (tensor<1xi1>) -> tensor<1xi1>
// CHECK-NEXT: return %[[CONCATENATE]], %[[CONCATENATE_1]], %[[CONCATENATE_2]], %[[CONCATENATE_3]], %[[CONCATENATE_4]] : tensor<3x3xf32>, tensor<6x3xf32>, tensor<5xi64>, tensor<2x6xf32>, tensor<1xi1>
// CHECK-NEXT: }
func.func @concatenate(%a: tensor<2x3xf32>, %b: tensor<1x3xf32>, %c: tensor<0x3xf32>, %p: tensor<2xi64>, %q: tensor<3xi64>, %r: tensor<1xi1>) -> (tensor<3x3xf32>, tensor<6x3xf32>, tensor<5xi64>, tensor<2x6xf32>, tensor<1xi1>) {
  %0 = hlo.concatenate dim = 0, %a, %b : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<3x3xf32>
  %1 = hlo.concatenate dim = 0, %a, %c, %b, %a, %b : (tensor<2x3xf32>, tensor<0x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<6x3xf32>
  %2 = hlo.concatenate dim = 0, %p, %q : (tensor<2xi64>, tensor<3xi64>) -> tensor<5xi64>
  %3 = hlo.concatenate dim = 1, %a, %a : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x6xf32>
  %4 = hlo.concatenate dim = 0, %r : (tensor<1xi1>) -> tensor<1xi1>
  return %0, %1, %2, %3, %4 : tensor<3x3xf32>, tensor<6x3xf32>, tensor<5xi64>, tensor<2x6xf32>, tensor<1xi1>
}

// Negative edge padding removes elements.
// CHECK-LABEL: func.func @pad(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<3xf32>, %[[ARG1:[a-z0-9]+]]: tensor<f32>, %[[ARG2:[a-z0-9]+]]: tensor<2x3xi32>, %[[ARG3:[a-z0-9]+]]: tensor<i32>, %[[ARG4:[a-z0-9]+]]: tensor<0xf16>, %[[ARG5:[a-z0-9]+]]: tensor<f16>) -> (tensor<8xf32>, tensor<3x3xi32>, tensor<2xf16>, tensor<2xf32>)
// CHECK-NEXT: %[[PAD:.*]] = hlo.pad %[[ARG0]], %[[ARG1]], low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
// CHECK-NEXT: %[[PAD_1:.*]] = hlo.pad %[[ARG2]], %[[ARG3]], low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x3xi32>
// CHECK-NEXT: %[[PAD_2:.*]] = hlo.pad %[[ARG4]], %[[ARG5]], low = [1], high = [1], interior = [3] : (tensor<0xf16>, tensor<f16>) -> tensor<2xf16>
// CHECK-NEXT: %[[PAD_3:.*]] = hlo.pad %[[ARG0]], %[[ARG1]], low = [-1], high = [0], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
// CHECK-NEXT: return %[[PAD]], %[[PAD_1]], %[[PAD_2]], %[[PAD_3]] : tensor<8xf32>, tensor<3x3xi32>, tensor<2xf16>, tensor<2xf32>
// CHECK-NEXT: }
func.func @pad(%x: tensor<3xf32>, %zero: tensor<f32>, %m: tensor<2x3xi32>, %c: tensor<i32>, %z: tensor<0xf16>, %h: tensor<f16>) -> (tensor<8xf32>, tensor<3x3xi32>, tensor<2xf16>, tensor<2xf32>) {
  %0 = hlo.pad %x, %zero, low = [1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<8xf32>
  %1 = hlo.pad %m, %c, low = [0, -1], high = [1, 1], interior = [0, 0] : (tensor<2x3xi32>, tensor<i32>) -> tensor<3x3xi32>
  %2 = hlo.pad %z, %h, low = [1], high = [1], interior = [3] : (tensor<0xf16>, tensor<f16>) -> tensor<2xf16>
  %3 = hlo.pad %x, %zero, low = [-1], high = [0], interior = [0] : (tensor<3xf32>, tensor<f32>) -> tensor<2xf32>
  return %0, %1, %2, %3 : tensor<8xf32>, tensor<3x3xi32>, tensor<2xf16>, tensor<2xf32>
}

// CHECK-LABEL: func.func @reverse(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xf32>, %[[ARG1:[a-z0-9]+]]: tensor<0xi8>, %[[ARG2:[a-z0-9]+]]: tensor<1x4xbf16>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<1x4xbf16>)
// CHECK-NEXT: %[[REVERSE:.*]] = hlo.reverse %[[ARG0]], dims = [0] : tensor<2x3xf32>
// CHECK-NEXT: %[[REVERSE_1:.*]] = hlo.reverse %[[ARG0]], dims = [1, 0] : tensor<2x3xf32>
// CHECK-NEXT: %[[REVERSE_2:.*]] = hlo.reverse %[[ARG1]], dims = [0] : tensor<0xi8>
// CHECK-NEXT: %[[REVERSE_3:.*]] = hlo.reverse %[[ARG2]], dims = [0, 1] : tensor<1x4xbf16>
// CHECK-NEXT: return %[[REVERSE]], %[[REVERSE_1]], %[[REVERSE_2]], %[[REVERSE_3]] : tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<1x4xbf16>
// CHECK-NEXT: }
func.func @reverse(%x: tensor<2x3xf32>, %v: tensor<0xi8>, %o: tensor<1x4xbf16>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<1x4xbf16>) {
  %0 = hlo.reverse %x, dims = [0] : tensor<2x3xf32>
  %1 = hlo.reverse %x, dims = [1, 0] : tensor<2x3xf32>
  %2 = hlo.reverse %v, dims = [0] : tensor<0xi8>
  %3 = hlo.reverse %o, dims = [0, 1] : tensor<1x4xbf16>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<0xi8>, tensor<1x4xbf16>
}

// The short form for each combiner kind; dims = [] reduces nothing.
// CHECK-LABEL: func.func @reduce_short(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG1:[a-z0-9]+]]: tensor<f32>, %[[ARG2:[a-z0-9]+]]: tensor<2x3xi32>, %[[ARG3:[a-z0-9]+]]: tensor<i32>, %[[ARG4:[a-z0-9]+]]: tensor<5xf16>, %[[ARG5:[a-z0-9]+]]: tensor<f16>, %[[ARG6:[a-z0-9]+]]: tensor<0x3xbf16>, %[[ARG7:[a-z0-9]+]]: tensor<bf16>, %[[ARG8:[a-z0-9]+]]: tensor<2x2xi1>, %[[ARG9:[a-z0-9]+]]: tensor<i1>, %[[ARG10:[a-z0-9]+]]: tensor<i1>) -> (tensor<4xf32>, tensor<i32>, tensor<f16>, tensor<3xbf16>, tensor<2xi1>, tensor<2xi1>, tensor<4x8xf32>)
// CHECK-NEXT: %[[REDUCE:.*]] = hlo.reduce add(%[[ARG0]] init %[[ARG1]]) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: %[[REDUCE_1:.*]] = hlo.reduce multiply(%[[ARG2]] init %[[ARG3]]) dims = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
// CHECK-NEXT: %[[REDUCE_2:.*]] = hlo.reduce maximum(%[[ARG4]] init %[[ARG5]]) dims = [0] : (tensor<5xf16>, tensor<f16>) -> tensor<f16>
// CHECK-NEXT: %[[REDUCE_3:.*]] = hlo.reduce minimum(%[[ARG6]] init %[[ARG7]]) dims = [0] : (tensor<0x3xbf16>, tensor<bf16>) -> tensor<3xbf16>
// CHECK-NEXT: %[[REDUCE_4:.*]] = hlo.reduce and(%[[ARG8]] init %[[ARG9]]) dims = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
// CHECK-NEXT: %[[REDUCE_5:.*]] = hlo.reduce or(%[[ARG8]] init %[[ARG10]]) dims = [0] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
// CHECK-NEXT: %[[REDUCE_6:.*]] = hlo.reduce add(%[[ARG0]] init %[[ARG1]]) dims = [] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
// CHECK-NEXT: return %[[REDUCE]], %[[REDUCE_1]], %[[REDUCE_2]], %[[REDUCE_3]], %[[REDUCE_4]], %[[REDUCE_5]], %[[REDUCE_6]] : tensor<4xf32>, tensor<i32>, tensor<f16>, tensor<3xbf16>, tensor<2xi1>, tensor<2xi1>, tensor<4x8xf32>
// CHECK-NEXT: }
func.func @reduce_short(%x: tensor<4x8xf32>, %zero: tensor<f32>, %i: tensor<2x3xi32>, %one: tensor<i32>, %h: tensor<5xf16>, %ninf: tensor<f16>, %b: tensor<0x3xbf16>, %binf: tensor<bf16>, %p: tensor<2x2xi1>, %t: tensor<i1>, %f: tensor<i1>) -> (tensor<4xf32>, tensor<i32>, tensor<f16>, tensor<3xbf16>, tensor<2xi1>, tensor<2xi1>, tensor<4x8xf32>) {
  %0 = hlo.reduce add(%x init %zero) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
  %1 = hlo.reduce multiply(%i init %one) dims = [0, 1] : (tensor<2x3xi32>, tensor<i32>) -> tensor<i32>
  %2 = hlo.reduce maximum(%h init %ninf) dims = [0] : (tensor<5xf16>, tensor<f16>) -> tensor<f16>
  %3 = hlo.reduce minimum(%b init %binf) dims = [0] : (tensor<0x3xbf16>, tensor<bf16>) -> tensor<3xbf16>
  %4 = hlo.reduce and(%p init %t) dims = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  %5 = hlo.reduce or(%p init %f) dims = [0] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
  %6 = hlo.reduce add(%x init %zero) dims = [] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4x8xf32>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xf32>, tensor<i32>, tensor<f16>, tensor<3xbf16>, tensor<2xi1>, tensor<2xi1>, tensor<4x8xf32>
}

// The general form: an argmax over two inputs.
// CHECK-LABEL: func.func @reduce_general(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG1:[a-z0-9]+]]: tensor<4x8xi32>, %[[ARG2:[a-z0-9]+]]: tensor<f32>, %[[ARG3:[a-z0-9]+]]: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>)
// CHECK-NEXT: %[[REDUCE__ARG0:.*]]:2 = hlo.reduce(%arg0 init %[[ARG2]]), (%[[ARG1]] init %[[ARG3]]) dims = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
// CHECK-NEXT: ^bb0(%[[ARG4:[a-z0-9]+]]: tensor<f32>, %[[ARG5:[a-z0-9]+]]: tensor<i32>, %[[ARG6:[a-z0-9]+]]: tensor<f32>, %[[ARG7:[a-z0-9]+]]: tensor<i32>):
// CHECK-NEXT: %[[COMPARE:.*]] = hlo.compare GT, %[[ARG6]], %[[ARG4]] : tensor<f32>
// CHECK-NEXT: %[[SELECT:.*]] = hlo.select %[[COMPARE]], %[[ARG6]], %[[ARG4]] : tensor<i1>, tensor<f32>
// CHECK-NEXT: %[[SELECT_1:.*]] = hlo.select %[[COMPARE]], %[[ARG7]], %[[ARG5]] : tensor<i1>, tensor<i32>
// CHECK-NEXT: hlo.return %[[SELECT]], %[[SELECT_1]] : tensor<f32>, tensor<i32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[REDUCE__ARG0]]#0, %[[REDUCE__ARG0]]#1 : tensor<4xf32>, tensor<4xi32>
// CHECK-NEXT: }
func.func @reduce_general(%x: tensor<4x8xf32>, %idx: tensor<4x8xi32>, %ninf: tensor<f32>, %c0: tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %0:2 = hlo.reduce(%x init %ninf), (%idx init %c0) dims = [1] : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %gt = hlo.compare GT, %e, %acc : tensor<f32>
    %m = hlo.select %gt, %e, %acc : tensor<i1>, tensor<f32>
    %mi = hlo.select %gt, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<4xi32>
}

// A single-input body that is not a plain combiner keeps the region.
// CHECK-LABEL: func.func @reduce_general_single(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<3xi64>, %[[ARG1:[a-z0-9]+]]: tensor<i64>) -> tensor<i64>
// CHECK-NEXT: %[[REDUCE__ARG0:.*]] = hlo.reduce(%arg0 init %[[ARG1]]) dims = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64> {
// CHECK-NEXT: ^bb0(%[[ARG2:[a-z0-9]+]]: tensor<i64>, %[[ARG3:[a-z0-9]+]]: tensor<i64>):
// CHECK-NEXT: %[[SUBTRACT:.*]] = hlo.subtract %[[ARG2]], %[[ARG3]] : tensor<i64>
// CHECK-NEXT: hlo.return %[[SUBTRACT]] : tensor<i64>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[REDUCE__ARG0]] : tensor<i64>
// CHECK-NEXT: }
func.func @reduce_general_single(%x: tensor<3xi64>, %c: tensor<i64>) -> tensor<i64> {
  %0 = hlo.reduce(%x init %c) dims = [0] : (tensor<3xi64>, tensor<i64>) -> tensor<i64> {
  ^bb0(%acc: tensor<i64>, %e: tensor<i64>):
    %s = hlo.subtract %acc, %e : tensor<i64>
    hlo.return %s : tensor<i64>
  }
  return %0 : tensor<i64>
}

// With and without batching dimensions, a zero-size result, and a full contraction.
// CHECK-LABEL: func.func @dot_general(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<8x4x16xf32>, %[[ARG1:[a-z0-9]+]]: tensor<8x16x5xf32>, %[[ARG2:[a-z0-9]+]]: tensor<4x8xi32>, %[[ARG3:[a-z0-9]+]]: tensor<8x4xi32>, %[[ARG4:[a-z0-9]+]]: tensor<2x3xbf16>, %[[ARG5:[a-z0-9]+]]: tensor<3x0xbf16>) -> (tensor<8x4x5xf32>, tensor<4x4xi32>, tensor<2x0xbf16>, tensor<i32>)
// CHECK-NEXT: %[[DOT_GENERAL:.*]] = hlo.dot_general %[[ARG0]], %[[ARG1]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x16xf32>, tensor<8x16x5xf32>) -> tensor<8x4x5xf32>
// CHECK-NEXT: %[[DOT_GENERAL_1:.*]] = hlo.dot_general %[[ARG2]], %[[ARG3]], contracting_dims = [1] x [0] : (tensor<4x8xi32>, tensor<8x4xi32>) -> tensor<4x4xi32>
// CHECK-NEXT: %[[DOT_GENERAL_2:.*]] = hlo.dot_general %[[ARG4]], %[[ARG5]], contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x0xbf16>) -> tensor<2x0xbf16>
// CHECK-NEXT: %[[DOT_GENERAL_3:.*]] = hlo.dot_general %[[ARG2]], %[[ARG3]], contracting_dims = [0, 1] x [1, 0] : (tensor<4x8xi32>, tensor<8x4xi32>) -> tensor<i32>
// CHECK-NEXT: return %[[DOT_GENERAL]], %[[DOT_GENERAL_1]], %[[DOT_GENERAL_2]], %[[DOT_GENERAL_3]] : tensor<8x4x5xf32>, tensor<4x4xi32>, tensor<2x0xbf16>, tensor<i32>
// CHECK-NEXT: }
func.func @dot_general(%a: tensor<8x4x16xf32>, %b: tensor<8x16x5xf32>, %x: tensor<4x8xi32>, %y: tensor<8x4xi32>, %p: tensor<2x3xbf16>, %q: tensor<3x0xbf16>) -> (tensor<8x4x5xf32>, tensor<4x4xi32>, tensor<2x0xbf16>, tensor<i32>) {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<8x4x16xf32>, tensor<8x16x5xf32>) -> tensor<8x4x5xf32>
  %1 = hlo.dot_general %x, %y, contracting_dims = [1] x [0] : (tensor<4x8xi32>, tensor<8x4xi32>) -> tensor<4x4xi32>
  %2 = hlo.dot_general %p, %q, contracting_dims = [1] x [0] : (tensor<2x3xbf16>, tensor<3x0xbf16>) -> tensor<2x0xbf16>
  %3 = hlo.dot_general %x, %y, contracting_dims = [0, 1] x [1, 0] : (tensor<4x8xi32>, tensor<8x4xi32>) -> tensor<i32>
  return %0, %1, %2, %3 : tensor<8x4x5xf32>, tensor<4x4xi32>, tensor<2x0xbf16>, tensor<i32>
}

// vector.vector, matrix.vector, vector.matrix and matrix.matrix.
// CHECK-LABEL: func.func @dot(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG1:[a-z0-9]+]]: tensor<8x3xf32>, %[[ARG2:[a-z0-9]+]]: tensor<8xf32>, %[[ARG3:[a-z0-9]+]]: tensor<4xf32>, %[[ARG4:[a-z0-9]+]]: tensor<2x1xf16>, %[[ARG5:[a-z0-9]+]]: tensor<1xf16>) -> (tensor<f32>, tensor<4xf32>, tensor<8xf32>, tensor<4x3xf32>, tensor<2xf16>)
// CHECK-NEXT: %[[DOT:.*]] = hlo.dot %[[ARG2]], %[[ARG2]] : (tensor<8xf32>, tensor<8xf32>) -> tensor<f32>
// CHECK-NEXT: %[[DOT_1:.*]] = hlo.dot %[[ARG0]], %[[ARG2]] : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
// CHECK-NEXT: %[[DOT_2:.*]] = hlo.dot %[[ARG3]], %[[ARG0]] : (tensor<4xf32>, tensor<4x8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[DOT_3:.*]] = hlo.dot %[[ARG0]], %[[ARG1]] : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
// CHECK-NEXT: %[[DOT_4:.*]] = hlo.dot %[[ARG4]], %[[ARG5]] : (tensor<2x1xf16>, tensor<1xf16>) -> tensor<2xf16>
// CHECK-NEXT: return %[[DOT]], %[[DOT_1]], %[[DOT_2]], %[[DOT_3]], %[[DOT_4]] : tensor<f32>, tensor<4xf32>, tensor<8xf32>, tensor<4x3xf32>, tensor<2xf16>
// CHECK-NEXT: }
func.func @dot(%m: tensor<4x8xf32>, %n: tensor<8x3xf32>, %v: tensor<8xf32>, %w: tensor<4xf32>, %h: tensor<2x1xf16>, %g: tensor<1xf16>) -> (tensor<f32>, tensor<4xf32>, tensor<8xf32>, tensor<4x3xf32>, tensor<2xf16>) {
  %0 = hlo.dot %v, %v : (tensor<8xf32>, tensor<8xf32>) -> tensor<f32>
  %1 = hlo.dot %m, %v : (tensor<4x8xf32>, tensor<8xf32>) -> tensor<4xf32>
  %2 = hlo.dot %w, %m : (tensor<4xf32>, tensor<4x8xf32>) -> tensor<8xf32>
  %3 = hlo.dot %m, %n : (tensor<4x8xf32>, tensor<8x3xf32>) -> tensor<4x3xf32>
  %4 = hlo.dot %h, %g : (tensor<2x1xf16>, tensor<1xf16>) -> tensor<2xf16>
  return %0, %1, %2, %3, %4 : tensor<f32>, tensor<4xf32>, tensor<8xf32>, tensor<4x3xf32>, tensor<2xf16>
}

// The three kinds, and a fusion with two results.
// CHECK-LABEL: func.func @fusion(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG1:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG2:[a-z0-9]+]]: tensor<f32>, %[[ARG3:[a-z0-9]+]]: tensor<8x2xf32>, %[[ARG4:[a-z0-9]+]]: tensor<4x2xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4x2xf32>, tensor<4x8xf32>, tensor<4x8xi1>)
// CHECK-NEXT: %[[FUSION:.*]] = hlo.fusion loop(%[[ARG0]], %[[ARG1]]) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
// CHECK-NEXT: ^bb0(%[[ARG5:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG6:[a-z0-9]+]]: tensor<4x8xf32>):
// CHECK-NEXT: %[[ADD:.*]] = hlo.add %[[ARG5]], %[[ARG6]] : tensor<4x8xf32>
// CHECK-NEXT: %[[EXPONENTIAL:.*]] = hlo.exponential %[[ADD]] : tensor<4x8xf32>
// CHECK-NEXT: hlo.yield %[[EXPONENTIAL]] : tensor<4x8xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[FUSION_1:.*]] = hlo.fusion input(%[[ARG0]], %[[ARG2]]) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
// CHECK-NEXT: ^bb0(%[[ARG5_1:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG6_1:[a-z0-9]+]]: tensor<f32>):
// CHECK-NEXT: %[[MULTIPLY:.*]] = hlo.multiply %[[ARG5_1]], %[[ARG5_1]] : tensor<4x8xf32>
// CHECK-NEXT: %[[REDUCE:.*]] = hlo.reduce add(%[[MULTIPLY]] init %[[ARG6_1]]) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK-NEXT: hlo.yield %[[REDUCE]] : tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[FUSION_2:.*]] = hlo.fusion output(%[[ARG0]], %[[ARG3]], %[[ARG4]]) : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32> {
// CHECK-NEXT: ^bb0(%[[ARG5_2:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG6_2:[a-z0-9]+]]: tensor<8x2xf32>, %[[ARG7:[a-z0-9]+]]: tensor<4x2xf32>):
// CHECK-NEXT: %[[DOT_GENERAL:.*]] = hlo.dot_general %[[ARG5_2]], %[[ARG6_2]], contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
// CHECK-NEXT: %[[ADD_1:.*]] = hlo.add %[[DOT_GENERAL]], %[[ARG7]] : tensor<4x2xf32>
// CHECK-NEXT: hlo.yield %[[ADD_1]] : tensor<4x2xf32>
// CHECK-NEXT: }
// CHECK-NEXT: %[[FUSION_3:.*]]:2 = hlo.fusion loop(%[[ARG0]], %[[ARG1]]) : (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>) {
// CHECK-NEXT: ^bb0(%[[ARG5_3:[a-z0-9]+]]: tensor<4x8xf32>, %[[ARG6_3:[a-z0-9]+]]: tensor<4x8xf32>):
// CHECK-NEXT: %[[MAXIMUM:.*]] = hlo.maximum %[[ARG5_3]], %[[ARG6_3]] : tensor<4x8xf32>
// CHECK-NEXT: %[[COMPARE:.*]] = hlo.compare GE, %[[ARG5_3]], %[[ARG6_3]] : tensor<4x8xf32>
// CHECK-NEXT: hlo.yield %[[MAXIMUM]], %[[COMPARE]] : tensor<4x8xf32>, tensor<4x8xi1>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[FUSION]], %[[FUSION_1]], %[[FUSION_2]], %[[FUSION_3]]#0, %[[FUSION_3]]#1 : tensor<4x8xf32>, tensor<4xf32>, tensor<4x2xf32>, tensor<4x8xf32>, tensor<4x8xi1>
// CHECK-NEXT: }
func.func @fusion(%x: tensor<4x8xf32>, %y: tensor<4x8xf32>, %z: tensor<f32>, %w: tensor<8x2xf32>, %c: tensor<4x2xf32>) -> (tensor<4x8xf32>, tensor<4xf32>, tensor<4x2xf32>, tensor<4x8xf32>, tensor<4x8xi1>) {
  %0 = hlo.fusion loop(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>):
    %s = hlo.add %a, %b : tensor<4x8xf32>
    %e = hlo.exponential %s : tensor<4x8xf32>
    hlo.yield %e : tensor<4x8xf32>
  }
  %1 = hlo.fusion input(%x, %z) : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4x8xf32>, %i: tensor<f32>):
    %m = hlo.multiply %a, %a : tensor<4x8xf32>
    %r = hlo.reduce add(%m init %i) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<4xf32>
    hlo.yield %r : tensor<4xf32>
  }
  %2 = hlo.fusion output(%x, %w, %c) : (tensor<4x8xf32>, tensor<8x2xf32>, tensor<4x2xf32>) -> tensor<4x2xf32> {
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<8x2xf32>, %bias: tensor<4x2xf32>):
    %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x2xf32>) -> tensor<4x2xf32>
    %s = hlo.add %d, %bias : tensor<4x2xf32>
    hlo.yield %s : tensor<4x2xf32>
  }
  %3:2 = hlo.fusion loop(%x, %y) : (tensor<4x8xf32>, tensor<4x8xf32>) -> (tensor<4x8xf32>, tensor<4x8xi1>) {
  ^bb0(%a: tensor<4x8xf32>, %b: tensor<4x8xf32>):
    %m = hlo.maximum %a, %b : tensor<4x8xf32>
    %k = hlo.compare GE, %a, %b : tensor<4x8xf32>
    hlo.yield %m, %k : tensor<4x8xf32>, tensor<4x8xi1>
  }
  return %0, %1, %2, %3#0, %3#1 : tensor<4x8xf32>, tensor<4xf32>, tensor<4x2xf32>, tensor<4x8xf32>, tensor<4x8xi1>
}

// A fusion without inputs has an entry block without arguments.
// CHECK-LABEL: func.func @fusion_no_inputs(
// CHECK-SAME: ) -> tensor<2xi8>
// CHECK-NEXT: %[[FUSION:.*]] = hlo.fusion loop() : () -> tensor<2xi8> {
// CHECK-NEXT: %[[CST:.*]] = hlo.constant dense<[1, 2]> : tensor<2xi8>
// CHECK-NEXT: %[[NEGATE:.*]] = hlo.negate %[[CST]] : tensor<2xi8>
// CHECK-NEXT: hlo.yield %[[NEGATE]] : tensor<2xi8>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[FUSION]] : tensor<2xi8>
// CHECK-NEXT: }
func.func @fusion_no_inputs() -> tensor<2xi8> {
  %0 = hlo.fusion loop() : () -> tensor<2xi8> {
    %c = hlo.constant dense<[1, 2]> : tensor<2xi8>
    %n = hlo.negate %c : tensor<2xi8>
    hlo.yield %n : tensor<2xi8>
  }
  return %0 : tensor<2xi8>
}

// A general-form body that is one supported combiner prints in short form.
// CHECK-LABEL: func.func @reduce_region_prints_short(
// CHECK-SAME: %[[ARG0:[a-z0-9]+]]: tensor<2x3xi8>, %[[ARG1:[a-z0-9]+]]: tensor<i8>) -> tensor<3xi8>
// CHECK-NEXT: %[[REDUCE:.*]] = hlo.reduce maximum(%[[ARG0]] init %[[ARG1]]) dims = [0] : (tensor<2x3xi8>, tensor<i8>) -> tensor<3xi8>
// CHECK-NEXT: return %[[REDUCE]] : tensor<3xi8>
// CHECK-NEXT: }
func.func @reduce_region_prints_short(%x: tensor<2x3xi8>, %c: tensor<i8>) -> tensor<3xi8> {
  %0 = hlo.reduce(%x init %c) dims = [0] : (tensor<2x3xi8>, tensor<i8>) -> tensor<3xi8> {
  ^bb0(%acc: tensor<i8>, %e: tensor<i8>):
    %m = hlo.maximum %e, %acc : tensor<i8>
    hlo.return %m : tensor<i8>
  }
  return %0 : tensor<3xi8>
}

// A loop names its carried values once; both regions see them, and may use
// values from above (%n).
// CHECK-LABEL: func.func @while(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[N:[a-z0-9]+]]: tensor<i32>)
// CHECK-NEXT: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-NEXT: %[[WHILE:.*]]:2 = hlo.while(%[[I:.*]] = %[[ZERO]], %[[V:.*]] = %[[X]]) : tensor<i32>, tensor<4xf32> cond {
// CHECK-NEXT: %[[LT:.*]] = hlo.compare LT, %[[I]], %[[N]] : tensor<i32>
// CHECK-NEXT: hlo.return %[[LT]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: %[[ONE:.*]] = hlo.constant dense<1> : tensor<i32>
// CHECK-NEXT: %[[NEXT:.*]] = hlo.add %[[I]], %[[ONE]] : tensor<i32>
// CHECK-NEXT: %[[SQUARE:.*]] = hlo.multiply %[[V]], %[[V]] : tensor<4xf32>
// CHECK-NEXT: hlo.return %[[NEXT]], %[[SQUARE]] : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[WHILE]]#1 : tensor<4xf32>
func.func @while(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32> cond {
    %lt = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %square = hlo.multiply %v, %v : tensor<4xf32>
    hlo.return %next, %square : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// A loop without carried values, and one with attributes.
// CHECK-LABEL: func.func @while_no_values(
// CHECK-NEXT: hlo.while() cond {
// CHECK-NEXT: %[[FALSE:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT: hlo.return %[[FALSE]] : tensor<i1>
// CHECK-NEXT: } do {
// CHECK-NEXT: hlo.return{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: hlo.while(%{{.*}} = %{{.*}}) : tensor<i1> attributes {note = "kept"} cond {
func.func @while_no_values(%p: tensor<i1>) {
  hlo.while() cond {
    %false = hlo.constant dense<false> : tensor<i1>
    hlo.return %false : tensor<i1>
  } do {
    hlo.return
  }
  %r = hlo.while(%q = %p) : tensor<i1> attributes {note = "kept"} cond {
    hlo.return %q : tensor<i1>
  } do {
    %f = hlo.not %q : tensor<i1>
    hlo.return %f : tensor<i1>
  }
  return
}

// CHECK-LABEL: func.func @case(
// CHECK-SAME: %[[INDEX:[a-z0-9]+]]: tensor<i32>, %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK-NEXT: %[[CASE:.*]]:2 = hlo.case %[[INDEX]] -> tensor<4xf32>, tensor<i1> {
// CHECK-NEXT: %[[ADD:.*]] = hlo.add %[[X]], %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[TRUE:.*]] = hlo.constant dense<true> : tensor<i1>
// CHECK-NEXT: hlo.return %[[ADD]], %[[TRUE]] : tensor<4xf32>, tensor<i1>
// CHECK-NEXT: }, {
// CHECK-NEXT: %[[SINE:.*]] = hlo.sine %[[X]] : tensor<4xf32>
// CHECK-NEXT: %[[FALSE:.*]] = hlo.constant dense<false> : tensor<i1>
// CHECK-NEXT: hlo.return %[[SINE]], %[[FALSE]] : tensor<4xf32>, tensor<i1>
// CHECK-NEXT: }
// CHECK-NEXT: hlo.case %[[INDEX]] {
// CHECK-NEXT: hlo.return{{$}}
// CHECK-NEXT: }
// CHECK-NEXT: return %[[CASE]]#0 : tensor<4xf32>
func.func @case(%index: tensor<i32>, %x: tensor<4xf32>) -> tensor<4xf32> {
  %r:2 = hlo.case %index -> tensor<4xf32>, tensor<i1> {
    %y = hlo.add %x, %x : tensor<4xf32>
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %y, %t : tensor<4xf32>, tensor<i1>
  }, {
    %y = hlo.sine %x : tensor<4xf32>
    %f = hlo.constant dense<false> : tensor<i1>
    hlo.return %y, %f : tensor<4xf32>, tensor<i1>
  }
  hlo.case %index {
    hlo.return
  }
  return %r#0 : tensor<4xf32>
}

// CHECK-LABEL: func.func @gather(
// CHECK-NEXT: %[[G:.*]] = hlo.gather %arg0[%arg1], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 16] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x16xf32>
// CHECK-NEXT: %[[B:.*]] = hlo.gather %arg2[%arg3], offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1] {indices_are_sorted = true} : (tensor<4x9xf32>, tensor<4x3xi64>) -> tensor<4x3xf32>
func.func @gather(%table: tensor<50x16xf32>, %ids: tensor<7xi32>, %x: tensor<4x9xf32>, %j: tensor<4x3xi64>) -> (tensor<7x16xf32>, tensor<4x3xf32>) {
  %g = hlo.gather %table[%ids], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 16] : (tensor<50x16xf32>, tensor<7xi32>) -> tensor<7x16xf32>
  %b = hlo.gather %x[%j], offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1] {indices_are_sorted = true} : (tensor<4x9xf32>, tensor<4x3xi64>) -> tensor<4x3xf32>
  return %g, %b : tensor<7x16xf32>, tensor<4x3xf32>
}

// CHECK-LABEL: func.func @scatter(
// CHECK-NEXT: %[[S:.*]] = hlo.scatter %arg0[%arg1], %arg2, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[U:.*]]: tensor<f32>):
// CHECK-NEXT: %[[SUM:.*]] = hlo.add %[[A]], %[[U]] : tensor<f32>
// CHECK-NEXT: hlo.return %[[SUM]] : tensor<f32>
// CHECK-NEXT: }
func.func @scatter(%table: tensor<50x16xf32>, %ids: tensor<7x1xi32>, %rows: tensor<7x16xf32>) -> tensor<50x16xf32> {
  %s = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<50x16xf32>, tensor<7x1xi32>, tensor<7x16xf32>) -> tensor<50x16xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %sum = hlo.add %a, %u : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  return %s : tensor<50x16xf32>
}

// CHECK-LABEL: func.func @convolution(
// CHECK-NEXT: %{{.*}} = hlo.convolution %arg0, %arg1, dims = "b01f_01io->b01f", strides = [2, 1], padding = [1, -1] x [0, 2], lhs_dilation = [1, 2], rhs_dilation = [2, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x3x16x6xf32>
// CHECK-NEXT: %{{.*}} = hlo.convolution %arg2, %arg3, dims = "bf0_oi0->bf0", strides = [1], padding = [0] x [0], lhs_dilation = [1], rhs_dilation = [1] {feature_group_count = 2 : i64} : (tensor<1x4x5xi32>, tensor<6x2x3xi32>) -> tensor<1x6x3xi32>
func.func @convolution(%x: tensor<2x9x9x4xf32>, %w: tensor<3x3x4x6xf32>, %i: tensor<1x4x5xi32>, %k: tensor<6x2x3xi32>) -> (tensor<2x3x16x6xf32>, tensor<1x6x3xi32>) {
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [2, 1], padding = [1, -1] x [0, 2], lhs_dilation = [1, 2], rhs_dilation = [2, 1] : (tensor<2x9x9x4xf32>, tensor<3x3x4x6xf32>) -> tensor<2x3x16x6xf32>
  %z = hlo.convolution %i, %k, dims = "bf0_oi0->bf0", strides = [1], padding = [0] x [0], lhs_dilation = [1], rhs_dilation = [1] {feature_group_count = 2 : i64} : (tensor<1x4x5xi32>, tensor<6x2x3xi32>) -> tensor<1x6x3xi32>
  return %y, %z : tensor<2x3x16x6xf32>, tensor<1x6x3xi32>
}

// CHECK-LABEL: func.func @reduce_window(
// CHECK-NEXT: %[[R:.*]] = hlo.reduce_window(%arg0) init(%arg1), window = [2, 3], strides = [2, 1], padding = [0, 1] x [1, 1], base_dilation = [1, 2], window_dilation = [2, 1] : (tensor<5x6xf32>, tensor<f32>) -> tensor<2x11xf32> {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[E:.*]]: tensor<f32>):
// CHECK-NEXT: %[[M:.*]] = hlo.maximum %[[A]], %[[E]] : tensor<f32>
// CHECK-NEXT: hlo.return %[[M]] : tensor<f32>
// CHECK-NEXT: }
func.func @reduce_window(%x: tensor<5x6xf32>, %init: tensor<f32>) -> tensor<2x11xf32> {
  %r = hlo.reduce_window(%x) init(%init), window = [2, 3], strides = [2, 1], padding = [0, 1] x [1, 1], base_dilation = [1, 2], window_dilation = [2, 1] : (tensor<5x6xf32>, tensor<f32>) -> tensor<2x11xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = hlo.maximum %a, %e : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %r : tensor<2x11xf32>
}

// CHECK-LABEL: func.func @select_and_scatter(
// CHECK-NEXT: %{{.*}} = hlo.select_and_scatter %arg0, %arg1, %arg2, window = [2, 2], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32> select {
// CHECK-NEXT: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK-NEXT: %[[GE:.*]] = hlo.compare GE, %[[A]], %[[B]] : tensor<f32>
// CHECK-NEXT: hlo.return %[[GE]] : tensor<i1>
// CHECK-NEXT: } scatter {
func.func @select_and_scatter(%x: tensor<4x6xf32>, %dy: tensor<2x3xf32>, %zero: tensor<f32>) -> tensor<4x6xf32> {
  %r = hlo.select_and_scatter %x, %dy, %zero, window = [2, 2], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : tensor<f32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4x6xf32>
}

// CHECK-LABEL: func.func @bits_and_math(
// CHECK-NEXT: hlo.shift_left %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT: hlo.shift_right_logical %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT: hlo.shift_right_arithmetic %arg0, %arg1 : tensor<4xi32>
// CHECK-NEXT: hlo.popcnt %arg0 : tensor<4xi32>
// CHECK-NEXT: hlo.count_leading_zeros %arg0 : tensor<4xi32>
// CHECK-NEXT: hlo.cbrt %arg2 : tensor<4xf32>
// CHECK-NEXT: hlo.tan %arg2 : tensor<4xf32>
// CHECK-NEXT: hlo.erf %arg2 : tensor<4xf32>
func.func @bits_and_math(%x: tensor<4xi32>, %s: tensor<4xi32>, %f: tensor<4xf32>) {
  %0 = hlo.shift_left %x, %s : tensor<4xi32>
  %1 = hlo.shift_right_logical %x, %s : tensor<4xi32>
  %2 = hlo.shift_right_arithmetic %x, %s : tensor<4xi32>
  %3 = hlo.popcnt %x : tensor<4xi32>
  %4 = hlo.count_leading_zeros %x : tensor<4xi32>
  %5 = hlo.cbrt %f : tensor<4xf32>
  %6 = hlo.tan %f : tensor<4xf32>
  %7 = hlo.erf %f : tensor<4xf32>
  return
}

// Orders other than the element type's own.
// CHECK-LABEL: func.func @compare_orders(
// CHECK: hlo.compare LT, %{{.*}}, %{{.*}}, TOTALORDER : tensor<4xf32>
// CHECK: hlo.compare GE, %{{.*}}, %{{.*}}, UNSIGNED : tensor<4xi32>
// CHECK: hlo.compare EQ, %{{.*}}, %{{.*}}, FLOAT : tensor<4xf32>
func.func @compare_orders(%x: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.compare LT, %x, %x, TOTALORDER : tensor<4xf32>
  %1 = hlo.compare GE, %i, %i, UNSIGNED : tensor<4xi32>
  %2 = hlo.compare EQ, %x, %x, FLOAT : tensor<4xf32>
  return %0, %1, %2 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// A stable sort of two inputs along rows, an unstable one of a vector, and
// topk with both orders.
// CHECK-LABEL: func.func @sort_topk(
// CHECK: %[[S:.*]]:2 = hlo.sort(%{{.*}}, %{{.*}}) dimension = 1, stable : tensor<4x8xf32>, tensor<4x8xi32> {
// CHECK-NEXT: ^bb0(%{{.*}}: tensor<f32>, %{{.*}}: tensor<f32>, %{{.*}}: tensor<i32>, %{{.*}}: tensor<i32>):
// CHECK-NEXT: hlo.compare LT, %{{.*}}, %{{.*}}, TOTALORDER : tensor<f32>
// CHECK-NEXT: hlo.return %{{.*}} : tensor<i1>
// CHECK: hlo.sort(%{{.*}}) dimension = 0 : tensor<5xi8> {
// CHECK: %{{.*}}, %{{.*}} = hlo.topk %{{.*}}, k = 3 : tensor<4x8xf32>
// CHECK: %{{.*}}, %{{.*}} = hlo.topk %{{.*}}, k = 0 {largest = false} : tensor<5xi8>
func.func @sort_topk(%x: tensor<4x8xf32>, %i: tensor<4x8xi32>, %b: tensor<5xi8>) -> (tensor<4x8xf32>, tensor<4x8xi32>, tensor<5xi8>, tensor<4x3xf32>, tensor<4x3xi32>, tensor<0xi8>, tensor<0xi32>) {
  %s:2 = hlo.sort(%x, %i) dimension = 1, stable : tensor<4x8xf32>, tensor<4x8xi32> {
  ^bb0(%a: tensor<f32>, %c: tensor<f32>, %j: tensor<i32>, %k: tensor<i32>):
    %lt = hlo.compare LT, %a, %c, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  %t = hlo.sort(%b) dimension = 0 : tensor<5xi8> {
  ^bb0(%a: tensor<i8>, %c: tensor<i8>):
    %gt = hlo.compare GT, %a, %c : tensor<i8>
    hlo.return %gt : tensor<i1>
  }
  %v, %p = hlo.topk %x, k = 3 : tensor<4x8xf32>
  %w, %q = hlo.topk %b, k = 0 {largest = false} : tensor<5xi8>
  return %s#0, %s#1, %t, %v, %p, %w, %q : tensor<4x8xf32>, tensor<4x8xi32>, tensor<5xi8>, tensor<4x3xf32>, tensor<4x3xi32>, tensor<0xi8>, tensor<0xi32>
}

// Unsigned integers, and bitcast_convert between them and floats.
// CHECK-LABEL: func.func @unsigned_and_bitcast(
// CHECK: hlo.constant dense<[4294967295, 0]> : tensor<2xui32>
// CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<2xui32>
// CHECK: hlo.bitcast_convert %{{.*}} : (tensor<2xui32>) -> tensor<2xf32>
// CHECK: hlo.bitcast_convert %{{.*}} : (tensor<2xf16>) -> tensor<2xi16>
// CHECK: hlo.convert %{{.*}} : (tensor<2xui8>) -> tensor<2xui64>
func.func @unsigned_and_bitcast(%a: tensor<2xui32>, %h: tensor<2xf16>, %b: tensor<2xui8>) -> (tensor<2xf32>, tensor<2xi16>, tensor<2xui64>) {
  %c = hlo.constant dense<[4294967295, 0]> : tensor<2xui32>
  %s = hlo.add %a, %c : tensor<2xui32>
  %f = hlo.bitcast_convert %s : (tensor<2xui32>) -> tensor<2xf32>
  %i = hlo.bitcast_convert %h : (tensor<2xf16>) -> tensor<2xi16>
  %w = hlo.convert %b : (tensor<2xui8>) -> tensor<2xui64>
  return %f, %i, %w : tensor<2xf32>, tensor<2xi16>, tensor<2xui64>
}

// CHECK-LABEL: func.func @rng_bit_generator(
// CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
// CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = philox : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xi8>)
// CHECK: hlo.rng_bit_generator %{{.*}}, algorithm = default : (tensor<2xi64>) -> (tensor<2xi64>, tensor<ui64>)
func.func @rng_bit_generator(%s: tensor<2xui64>, %t: tensor<3xui64>, %u: tensor<2xi64>) -> (tensor<2xui64>, tensor<2x3xui32>, tensor<3xui64>, tensor<5xi8>, tensor<2xi64>, tensor<ui64>) {
  %s2, %a = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xui32>)
  %t2, %b = hlo.rng_bit_generator %t, algorithm = philox : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xi8>)
  %u2, %c = hlo.rng_bit_generator %u, algorithm = default : (tensor<2xi64>) -> (tensor<2xi64>, tensor<ui64>)
  return %s2, %a, %t2, %b, %u2, %c : tensor<2xui64>, tensor<2x3xui32>, tensor<3xui64>, tensor<5xi8>, tensor<2xi64>, tensor<ui64>
}

// CHECK-LABEL: func.func @reduce_precision(
// CHECK: hlo.reduce_precision %{{.*}}, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
func.func @reduce_precision(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.reduce_precision %x, exponent_bits = 5, mantissa_bits = 10 : tensor<4xf32>
  return %r : tensor<4xf32>
}

// Factorizations and solves keep their flags.
// CHECK-LABEL: func.func @linear_algebra(
// CHECK: %[[L:.*]] = hlo.cholesky %{{.*}} {lower} : tensor<2x4x4xf32>
// CHECK: %[[U:.*]] = hlo.cholesky %{{.*}} : tensor<2x4x4xf32>
// CHECK: hlo.triangular_solve %[[L]], %{{.*}} {left_side, lower, transpose_a, unit_diagonal} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
// CHECK: hlo.triangular_solve %[[U]], %{{.*}} : (tensor<2x4x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
// CHECK: hlo.lu %{{.*}} : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4xi32>)
func.func @linear_algebra(%a: tensor<2x4x4xf32>, %b: tensor<2x4x3xf32>, %c: tensor<2x3x4xf32>) -> (tensor<2x4x3xf32>, tensor<2x3x4xf32>) {
  %l = hlo.cholesky %a {lower} : tensor<2x4x4xf32>
  %u = hlo.cholesky %a : tensor<2x4x4xf32>
  %x = hlo.triangular_solve %l, %b {left_side, lower, transpose_a, unit_diagonal} : (tensor<2x4x4xf32>, tensor<2x4x3xf32>) -> tensor<2x4x3xf32>
  %y = hlo.triangular_solve %u, %c : (tensor<2x4x4xf32>, tensor<2x3x4xf32>) -> tensor<2x3x4xf32>
  %lu, %pivots = hlo.lu %a : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4xi32>)
  return %x, %y : tensor<2x4x3xf32>, tensor<2x3x4xf32>
}

// Decompositions keep their flags.
// CHECK-LABEL: func.func @decompositions(
// CHECK: hlo.eigh %{{.*}} {lower} : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4xf32>, tensor<2xi32>)
// CHECK: hlo.svd %{{.*}} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>, tensor<i32>)
// CHECK: hlo.svd %{{.*}} {full_matrices} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x5xf64>, tensor<3x3xf64>, tensor<i32>)
func.func @decompositions(%a: tensor<2x4x4xf32>, %b: tensor<5x3xf64>) -> (tensor<2x4xf32>, tensor<3xf64>, tensor<5x5xf64>) {
  %v, %w, %info = hlo.eigh %a {lower} : (tensor<2x4x4xf32>) -> (tensor<2x4x4xf32>, tensor<2x4xf32>, tensor<2xi32>)
  %s, %u, %vt, %i = hlo.svd %b : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x3xf64>, tensor<3x3xf64>, tensor<i32>)
  %s2, %u2, %vt2, %i2 = hlo.svd %b {full_matrices} : (tensor<5x3xf64>) -> (tensor<3xf64>, tensor<5x5xf64>, tensor<3x3xf64>, tensor<i32>)
  return %w, %s, %u2 : tensor<2x4xf32>, tensor<3xf64>, tensor<5x5xf64>
}
