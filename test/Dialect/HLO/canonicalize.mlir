// RUN: fuse-opt %s -canonicalize -split-input-file | FileCheck %s

// The identity folds of HLOFolds.cpp and the patterns of HLOCanonicalize.cpp
// (docs/HLO.md, "Folding and canonicalization"), and look-alikes that must
// not be rewritten.

// x + 0 -> x, with the zero on either side (add is commutative).
// CHECK-LABEL: func.func @add_zero(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[I:[a-z0-9]+]]: tensor<2x2xi32>)
// CHECK-NOT: hlo.add
// CHECK: return %[[X]], %[[I]] : tensor<4xf32>, tensor<2x2xi32>
func.func @add_zero(%x: tensor<4xf32>, %i: tensor<2x2xi32>) -> (tensor<4xf32>, tensor<2x2xi32>) {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.add %x, %z : tensor<4xf32>
  %zi = hlo.constant dense<0> : tensor<2x2xi32>
  %1 = hlo.add %zi, %i : tensor<2x2xi32>
  return %0, %1 : tensor<4xf32>, tensor<2x2xi32>
}

// -----

// x + (-0.0) -> x is exact for every x.
// CHECK-LABEL: func.func @add_neg_zero(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK-NOT: hlo.add
// CHECK: return %[[X]] : tensor<4xf32>
func.func @add_neg_zero(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<-0.0> : tensor<4xf32>
  %0 = hlo.add %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// x - (+0.0) -> x is exact.
// CHECK-LABEL: func.func @subtract_zero(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<3xbf16>, %[[I:[a-z0-9]+]]: tensor<i64>)
// CHECK-NOT: hlo.subtract
// CHECK: return %[[X]], %[[I]] : tensor<3xbf16>, tensor<i64>
func.func @subtract_zero(%x: tensor<3xbf16>, %i: tensor<i64>) -> (tensor<3xbf16>, tensor<i64>) {
  %z = hlo.constant dense<0.0> : tensor<3xbf16>
  %0 = hlo.subtract %x, %z : tensor<3xbf16>
  %zi = hlo.constant dense<0> : tensor<i64>
  %1 = hlo.subtract %i, %zi : tensor<i64>
  return %0, %1 : tensor<3xbf16>, tensor<i64>
}

// -----

// x - (-0.0) turns -0.0 into +0.0, so it is not folded.
// CHECK-LABEL: func.func @subtract_neg_zero_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK: %[[Z:.*]] = hlo.constant dense<-0.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.*]] = hlo.subtract %[[X]], %[[Z]] : tensor<4xf32>
// CHECK: return %[[R]] : tensor<4xf32>
func.func @subtract_neg_zero_stays(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<-0.0> : tensor<4xf32>
  %0 = hlo.subtract %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// 0 - x is not x: subtract is not commutative.
// CHECK-LABEL: func.func @zero_subtract(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<3xi32>)
// CHECK: %[[Z:.*]] = hlo.constant dense<0> : tensor<3xi32>
// CHECK: %[[R:.*]] = hlo.subtract %[[Z]], %[[X]] : tensor<3xi32>
// CHECK: return %[[R]]
func.func @zero_subtract(%x: tensor<3xi32>) -> tensor<3xi32> {
  %z = hlo.constant dense<0> : tensor<3xi32>
  %0 = hlo.subtract %z, %x : tensor<3xi32>
  return %0 : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @multiply_one(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf16>, %[[I:[a-z0-9]+]]: tensor<4xi8>)
// CHECK-NOT: hlo.multiply
// CHECK: return %[[X]], %[[I]] : tensor<2x3xf16>, tensor<4xi8>
func.func @multiply_one(%x: tensor<2x3xf16>, %i: tensor<4xi8>) -> (tensor<2x3xf16>, tensor<4xi8>) {
  %one = hlo.constant dense<1.0> : tensor<2x3xf16>
  %0 = hlo.multiply %x, %one : tensor<2x3xf16>
  %onei = hlo.constant dense<1> : tensor<4xi8>
  %1 = hlo.multiply %onei, %i : tensor<4xi8>
  return %0, %1 : tensor<2x3xf16>, tensor<4xi8>
}

// -----

// CHECK-LABEL: func.func @multiply_zero_int(
// CHECK: %[[Z:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NOT: hlo.multiply
// CHECK: return %[[Z]] : tensor<4xi32>
func.func @multiply_zero_int(%i: tensor<4xi32>) -> tensor<4xi32> {
  %z = hlo.constant dense<0> : tensor<4xi32>
  %0 = hlo.multiply %i, %z : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// x * 0.0 is not 0.0 for floats (inf * 0 and NaN * 0 are NaN, -1 * 0 is -0).
// CHECK-LABEL: func.func @multiply_zero_float(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.*]] = hlo.multiply %[[X]], %[[Z]] : tensor<4xf32>
// CHECK: return %[[R]] : tensor<4xf32>
func.func @multiply_zero_float(%x: tensor<4xf32>) -> tensor<4xf32> {
  %z = hlo.constant dense<0.0> : tensor<4xf32>
  %0 = hlo.multiply %x, %z : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @divide_one(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf64>, %[[I:[a-z0-9]+]]: tensor<4xi32>)
// CHECK-NOT: hlo.divide
// CHECK: return %[[X]], %[[I]] : tensor<4xf64>, tensor<4xi32>
func.func @divide_one(%x: tensor<4xf64>, %i: tensor<4xi32>) -> (tensor<4xf64>, tensor<4xi32>) {
  %one = hlo.constant dense<1.0> : tensor<4xf64>
  %0 = hlo.divide %x, %one : tensor<4xf64>
  %onei = hlo.constant dense<1> : tensor<4xi32>
  %1 = hlo.divide %i, %onei : tensor<4xi32>
  return %0, %1 : tensor<4xf64>, tensor<4xi32>
}

// -----

// 1 / x stays.
// CHECK-LABEL: func.func @one_divide(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK: %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK: %[[R:.*]] = hlo.divide %[[ONE]], %[[X]] : tensor<4xf32>
// CHECK: return %[[R]]
func.func @one_divide(%x: tensor<4xf32>) -> tensor<4xf32> {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.divide %one, %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @power_one(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[I:[a-z0-9]+]]: tensor<i32>)
// CHECK-NOT: hlo.power
// CHECK: return %[[X]], %[[I]] : tensor<4xf32>, tensor<i32>
func.func @power_one(%x: tensor<4xf32>, %i: tensor<i32>) -> (tensor<4xf32>, tensor<i32>) {
  %one = hlo.constant dense<1.0> : tensor<4xf32>
  %0 = hlo.power %x, %one : tensor<4xf32>
  %onei = hlo.constant dense<1> : tensor<i32>
  %1 = hlo.power %i, %onei : tensor<i32>
  return %0, %1 : tensor<4xf32>, tensor<i32>
}

// -----

// CHECK-LABEL: func.func @max_min_same(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[I:[a-z0-9]+]]: tensor<3xi8>)
// CHECK-NOT: hlo.maximum
// CHECK-NOT: hlo.minimum
// CHECK: return %[[X]], %[[I]] : tensor<4xf32>, tensor<3xi8>
func.func @max_min_same(%x: tensor<4xf32>, %i: tensor<3xi8>) -> (tensor<4xf32>, tensor<3xi8>) {
  %0 = hlo.maximum %x, %x : tensor<4xf32>
  %1 = hlo.minimum %i, %i : tensor<3xi8>
  return %0, %1 : tensor<4xf32>, tensor<3xi8>
}

// -----

// CHECK-LABEL: func.func @and_or_same(
// CHECK-SAME: %[[P:[a-z0-9]+]]: tensor<4xi1>, %[[I:[a-z0-9]+]]: tensor<3xi32>)
// CHECK-NOT: hlo.and
// CHECK-NOT: hlo.or
// CHECK: return %[[P]], %[[I]] : tensor<4xi1>, tensor<3xi32>
func.func @and_or_same(%p: tensor<4xi1>, %i: tensor<3xi32>) -> (tensor<4xi1>, tensor<3xi32>) {
  %0 = hlo.and %p, %p : tensor<4xi1>
  %1 = hlo.or %i, %i : tensor<3xi32>
  return %0, %1 : tensor<4xi1>, tensor<3xi32>
}

// -----

// x & 0 -> 0 and x & all-ones -> x, for integers and i1.
// CHECK-LABEL: func.func @and_zero_ones(
// CHECK-SAME: %[[I:[a-z0-9]+]]: tensor<4xi32>, %[[P:[a-z0-9]+]]: tensor<2xi1>)
// CHECK-DAG: %[[F:.*]] = hlo.constant dense<false> : tensor<2xi1>
// CHECK-DAG: %[[Z:.*]] = hlo.constant dense<0> : tensor<4xi32>
// CHECK-NOT: hlo.and
// CHECK: return %[[Z]], %[[I]], %[[F]], %[[P]] : tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<2xi1>
func.func @and_zero_ones(%i: tensor<4xi32>, %p: tensor<2xi1>) -> (tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<2xi1>) {
  %z = hlo.constant dense<0> : tensor<4xi32>
  %m = hlo.constant dense<-1> : tensor<4xi32>
  %0 = hlo.and %i, %z : tensor<4xi32>
  %1 = hlo.and %i, %m : tensor<4xi32>
  %f = hlo.constant dense<false> : tensor<2xi1>
  %t = hlo.constant dense<true> : tensor<2xi1>
  %2 = hlo.and %p, %f : tensor<2xi1>
  %3 = hlo.and %t, %p : tensor<2xi1>
  return %0, %1, %2, %3 : tensor<4xi32>, tensor<4xi32>, tensor<2xi1>, tensor<2xi1>
}

// -----

// x | 0 -> x and x | all-ones -> all-ones, for integers and i1.
// CHECK-LABEL: func.func @or_zero_ones(
// CHECK-SAME: %[[I:[a-z0-9]+]]: tensor<4xi8>, %[[P:[a-z0-9]+]]: tensor<2xi1>)
// CHECK-DAG: %[[T:.*]] = hlo.constant dense<true> : tensor<2xi1>
// CHECK-DAG: %[[M:.*]] = hlo.constant dense<-1> : tensor<4xi8>
// CHECK-NOT: hlo.or
// CHECK: return %[[I]], %[[M]], %[[P]], %[[T]] : tensor<4xi8>, tensor<4xi8>, tensor<2xi1>, tensor<2xi1>
func.func @or_zero_ones(%i: tensor<4xi8>, %p: tensor<2xi1>) -> (tensor<4xi8>, tensor<4xi8>, tensor<2xi1>, tensor<2xi1>) {
  %z = hlo.constant dense<0> : tensor<4xi8>
  %m = hlo.constant dense<-1> : tensor<4xi8>
  %0 = hlo.or %i, %z : tensor<4xi8>
  %1 = hlo.or %i, %m : tensor<4xi8>
  %f = hlo.constant dense<false> : tensor<2xi1>
  %t = hlo.constant dense<true> : tensor<2xi1>
  %2 = hlo.or %f, %p : tensor<2xi1>
  %3 = hlo.or %p, %t : tensor<2xi1>
  return %0, %1, %2, %3 : tensor<4xi8>, tensor<4xi8>, tensor<2xi1>, tensor<2xi1>
}

// -----

// CHECK-LABEL: func.func @xor_zero(
// CHECK-SAME: %[[I:[a-z0-9]+]]: tensor<4xi64>, %[[P:[a-z0-9]+]]: tensor<i1>)
// CHECK-NOT: hlo.xor
// CHECK: return %[[I]], %[[P]] : tensor<4xi64>, tensor<i1>
func.func @xor_zero(%i: tensor<4xi64>, %p: tensor<i1>) -> (tensor<4xi64>, tensor<i1>) {
  %z = hlo.constant dense<0> : tensor<4xi64>
  %0 = hlo.xor %i, %z : tensor<4xi64>
  %f = hlo.constant dense<false> : tensor<i1>
  %1 = hlo.xor %f, %p : tensor<i1>
  return %0, %1 : tensor<4xi64>, tensor<i1>
}

// -----

// x ^ all-ones is not(x), not x.
// CHECK-LABEL: func.func @xor_ones_stays(
// CHECK-SAME: %[[I:[a-z0-9]+]]: tensor<4xi32>)
// CHECK: %[[M:.*]] = hlo.constant dense<-1> : tensor<4xi32>
// CHECK: %[[R:.*]] = hlo.xor %[[I]], %[[M]] : tensor<4xi32>
// CHECK: return %[[R]]
func.func @xor_ones_stays(%i: tensor<4xi32>) -> tensor<4xi32> {
  %m = hlo.constant dense<-1> : tensor<4xi32>
  %0 = hlo.xor %i, %m : tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A constant predicate (rank 0 or full shape) picks one side.
// CHECK-LABEL: func.func @select_const_pred(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[Y:[a-z0-9]+]]: tensor<4xf32>)
// CHECK-NOT: hlo.select
// CHECK: return %[[X]], %[[Y]], %[[Y]] : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
func.func @select_const_pred(%x: tensor<4xf32>, %y: tensor<4xf32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %t = hlo.constant dense<true> : tensor<i1>
  %f = hlo.constant dense<false> : tensor<4xi1>
  %0 = hlo.select %t, %x, %y : tensor<i1>, tensor<4xf32>
  %1 = hlo.select %f, %x, %y : tensor<4xi1>, tensor<4xf32>
  %t4 = hlo.constant dense<true> : tensor<4xi1>
  %2 = hlo.select %t4, %y, %x : tensor<4xi1>, tensor<4xf32>
  return %0, %1, %2 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @select_same_branches(
// CHECK-SAME: %[[P:[a-z0-9]+]]: tensor<4xi1>, %[[X:[a-z0-9]+]]: tensor<4xi32>)
// CHECK-NOT: hlo.select
// CHECK: return %[[X]] : tensor<4xi32>
func.func @select_same_branches(%p: tensor<4xi1>, %x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.select %p, %x, %x : tensor<4xi1>, tensor<4xi32>
  return %0 : tensor<4xi32>
}

// -----

// A non-splat constant predicate stays.
// CHECK-LABEL: func.func @select_mixed_pred_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2xf32>, %[[Y:[a-z0-9]+]]: tensor<2xf32>)
// CHECK: %[[P:.*]] = hlo.constant dense<[true, false]> : tensor<2xi1>
// CHECK: %[[R:.*]] = hlo.select %[[P]], %[[X]], %[[Y]] : tensor<2xi1>, tensor<2xf32>
// CHECK: return %[[R]]
func.func @select_mixed_pred_stays(%x: tensor<2xf32>, %y: tensor<2xf32>) -> tensor<2xf32> {
  %p = hlo.constant dense<[true, false]> : tensor<2xi1>
  %0 = hlo.select %p, %x, %y : tensor<2xi1>, tensor<2xf32>
  return %0 : tensor<2xf32>
}

// -----

// x <op> x is known for integers and i1.
// CHECK-LABEL: func.func @compare_same_int(
// CHECK-DAG: %[[T:.*]] = hlo.constant dense<true> : tensor<4xi1>
// CHECK-DAG: %[[F:.*]] = hlo.constant dense<false> : tensor<4xi1>
// CHECK-DAG: %[[T2:.*]] = hlo.constant dense<true> : tensor<2xi1>
// CHECK-NOT: hlo.compare
// CHECK: return %[[T]], %[[F]], %[[F]], %[[T]], %[[F]], %[[T]], %[[T2]] :
func.func @compare_same_int(%i: tensor<4xi32>, %p: tensor<2xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>) {
  %0 = hlo.compare EQ, %i, %i : tensor<4xi32>
  %1 = hlo.compare NE, %i, %i : tensor<4xi32>
  %2 = hlo.compare LT, %i, %i : tensor<4xi32>
  %3 = hlo.compare LE, %i, %i : tensor<4xi32>
  %4 = hlo.compare GT, %i, %i : tensor<4xi32>
  %5 = hlo.compare GE, %i, %i : tensor<4xi32>
  %6 = hlo.compare EQ, %p, %p : tensor<2xi1>
  return %0, %1, %2, %3, %4, %5, %6 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<2xi1>
}

// -----

// x == x is false and x != x true for NaN, so floats are not folded.
// CHECK-LABEL: func.func @compare_same_float_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK: %[[EQ:.*]] = hlo.compare EQ, %[[X]], %[[X]] : tensor<4xf32>
// CHECK: %[[NE:.*]] = hlo.compare NE, %[[X]], %[[X]] : tensor<4xf32>
// CHECK: return %[[EQ]], %[[NE]]
func.func @compare_same_float_stays(%x: tensor<4xf32>) -> (tensor<4xi1>, tensor<4xi1>) {
  %0 = hlo.compare EQ, %x, %x : tensor<4xf32>
  %1 = hlo.compare NE, %x, %x : tensor<4xf32>
  return %0, %1 : tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func.func @convert_noop(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>)
// CHECK-NOT: hlo.convert
// CHECK: return %[[X]] : tensor<4xf32>
func.func @convert_noop(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.convert %x : (tensor<4xf32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK-LABEL: func.func @convert_constant(
// CHECK: %[[C:.*]] = hlo.constant dense<[1.000000e+00, -2.000000e+00, 3.000000e+00]> : tensor<3xf32>
// CHECK-NOT: hlo.convert
// CHECK: return %[[C]] : tensor<3xf32>
func.func @convert_constant() -> tensor<3xf32> {
  %c = hlo.constant dense<[1, -2, 3]> : tensor<3xi32>
  %0 = hlo.convert %c : (tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_identity(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @broadcast_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Same type but permuted dimensions: a transpose, not an identity.
// CHECK-LABEL: func.func @broadcast_permuted_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<3x3xf32>)
// CHECK: %[[R:.*]] = hlo.broadcast_in_dim %[[X]], dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
// CHECK: return %[[R]]
func.func @broadcast_permuted_stays(%x: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1, 0] : (tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// -----

// CHECK-LABEL: func.func @broadcast_splat(
// CHECK: %[[C:.*]] = hlo.constant dense<5> : tensor<2x3xi32>
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: return %[[C]] : tensor<2x3xi32>
func.func @broadcast_splat() -> tensor<2x3xi32> {
  %c = hlo.constant dense<5> : tensor<i32>
  %0 = hlo.broadcast_in_dim %c, dims = [] : (tensor<i32>) -> tensor<2x3xi32>
  return %0 : tensor<2x3xi32>
}

// -----

// CHECK-LABEL: func.func @broadcast_of_broadcast(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<3xf32>)
// CHECK: %[[R:.*]] = hlo.broadcast_in_dim %[[X]], dims = [2] : (tensor<3xf32>) -> tensor<2x4x3xf32>
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: return %[[R]] : tensor<2x4x3xf32>
func.func @broadcast_of_broadcast(%x: tensor<3xf32>) -> tensor<2x4x3xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [1] : (tensor<3xf32>) -> tensor<4x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<4x3xf32>) -> tensor<2x4x3xf32>
  return %1 : tensor<2x4x3xf32>
}

// -----

// keepdims then broadcast (numpy, JAX): the broadcast reads the row values.
// CHECK-LABEL: func.func @broadcast_of_unit_reshape(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<64xf32>, %[[Y:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-DAG: %[[R:.*]] = hlo.broadcast_in_dim %[[X]], dims = [0] : (tensor<64xf32>) -> tensor<64x32xf32>
// CHECK-DAG: %[[S:.*]] = hlo.broadcast_in_dim %[[Y]], dims = [1, 3] : (tensor<2x3xf32>) -> tensor<5x2x4x3xf32>
// CHECK-NOT: hlo.reshape
// CHECK: return %[[R]], %[[S]]
func.func @broadcast_of_unit_reshape(%x: tensor<64xf32>, %y: tensor<2x3xf32>) -> (tensor<64x32xf32>, tensor<5x2x4x3xf32>) {
  %0 = hlo.reshape %x : (tensor<64xf32>) -> tensor<64x1xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [0, 1] : (tensor<64x1xf32>) -> tensor<64x32xf32>
  %2 = hlo.reshape %y : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
  %3 = hlo.broadcast_in_dim %2, dims = [0, 1, 2, 3] : (tensor<1x2x1x3xf32>) -> tensor<5x2x4x3xf32>
  return %1, %3 : tensor<64x32xf32>, tensor<5x2x4x3xf32>
}

// -----

// A reshape that drops unit dims (a [1, n] bias carried by a scan, reshaped
// to [n] in the step): the dropped dims take free result dims, in order.
// CHECK-LABEL: func.func @broadcast_of_unit_dropping_reshape(
// CHECK-SAME: %[[B:[a-z0-9]+]]: tensor<1x512xf32>, %[[Y:[a-z0-9]+]]: tensor<2x1x3x1xf32>, %[[Z:[a-z0-9]+]]: tensor<1x4xf32>)
// CHECK-DAG: %[[R:.*]] = hlo.broadcast_in_dim %[[B]], dims = [0, 1] : (tensor<1x512xf32>) -> tensor<64x512xf32>
// CHECK-DAG: %[[S:.*]] = hlo.broadcast_in_dim %[[Y]], dims = [0, 1, 2, 3] : (tensor<2x1x3x1xf32>) -> tensor<2x5x3x6xf32>
// CHECK-DAG: %[[T:.*]] = hlo.broadcast_in_dim %[[Z]], dims = [0, 2] : (tensor<1x4xf32>) -> tensor<7x1x4xf32>
// CHECK-NOT: hlo.reshape
// CHECK: return %[[R]], %[[S]], %[[T]]
func.func @broadcast_of_unit_dropping_reshape(%b: tensor<1x512xf32>, %y: tensor<2x1x3x1xf32>, %z: tensor<1x4xf32>) -> (tensor<64x512xf32>, tensor<2x5x3x6xf32>, tensor<7x1x4xf32>) {
  %0 = hlo.reshape %b : (tensor<1x512xf32>) -> tensor<512xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1] : (tensor<512xf32>) -> tensor<64x512xf32>
  %2 = hlo.reshape %y : (tensor<2x1x3x1xf32>) -> tensor<2x3xf32>
  %3 = hlo.broadcast_in_dim %2, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x5x3x6xf32>
  // Dropped and inserted at once: the dropped dim takes result dim 0.
  %4 = hlo.reshape %z : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %5 = hlo.broadcast_in_dim %4, dims = [2, 1] : (tensor<4x1xf32>) -> tensor<7x1x4xf32>
  return %1, %3, %5 : tensor<64x512xf32>, tensor<2x5x3x6xf32>, tensor<7x1x4xf32>
}

// -----

// No free result dimension lies between the neighbours of the dropped one:
// the reshape stays.
// CHECK-LABEL: func.func @broadcast_of_unit_dropping_reshape_no_room(
// CHECK: hlo.reshape
// CHECK: hlo.broadcast_in_dim
func.func @broadcast_of_unit_dropping_reshape_no_room(%x: tensor<2x1x3xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.reshape %x : (tensor<2x1x3xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// -----

// A reshape that regroups elements is not looked through.
// CHECK-LABEL: func.func @broadcast_of_regrouping_reshape(
// CHECK: hlo.reshape
// CHECK: hlo.broadcast_in_dim
func.func @broadcast_of_regrouping_reshape(%x: tensor<6xf32>) -> tensor<4x2x3xf32> {
  %0 = hlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %1 : tensor<4x2x3xf32>
}

// -----

// d[i] = outer[inner[i]]: [0, 2] then [2, 1, 0] gives [2, 0].
// CHECK-LABEL: func.func @broadcast_of_broadcast_permuted(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = hlo.broadcast_in_dim %[[X]], dims = [2, 0] : (tensor<2x3xf32>) -> tensor<3x5x2xf32>
// CHECK-NOT: hlo.broadcast_in_dim
// CHECK: return %[[R]] : tensor<3x5x2xf32>
func.func @broadcast_of_broadcast_permuted(%x: tensor<2x3xf32>) -> tensor<3x5x2xf32> {
  %0 = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x5x3xf32>
  %1 = hlo.broadcast_in_dim %0, dims = [2, 1, 0] : (tensor<2x5x3xf32>) -> tensor<3x5x2xf32>
  return %1 : tensor<3x5x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_same(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.reshape
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @reshape_same(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_reshape(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK: %[[R:.*]] = hlo.reshape %[[X]] : (tensor<2x3xf32>) -> tensor<3x2xf32>
// CHECK-NOT: hlo.reshape
// CHECK: return %[[R]] : tensor<3x2xf32>
func.func @reshape_reshape(%x: tensor<2x3xf32>) -> tensor<3x2xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<3x2xf32>
  return %1 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_reshape_back(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.reshape
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @reshape_reshape_back(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reshape %x : (tensor<2x3xf32>) -> tensor<6xf32>
  %1 = hlo.reshape %0 : (tensor<6xf32>) -> tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reshape_constant(
// CHECK-DAG: %[[C:.*]] = hlo.constant dense<{{\[\[}}1, 2], [3, 4{{\]\]}}> : tensor<2x2xi32>
// CHECK-DAG: %[[S:.*]] = hlo.constant dense<2.500000e+00> : tensor<3x1xf32>
// CHECK-NOT: hlo.reshape
// CHECK: return %[[C]], %[[S]] : tensor<2x2xi32>, tensor<3x1xf32>
func.func @reshape_constant() -> (tensor<2x2xi32>, tensor<3x1xf32>) {
  %c = hlo.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %0 = hlo.reshape %c : (tensor<4xi32>) -> tensor<2x2xi32>
  %s = hlo.constant dense<2.5> : tensor<3xf32>
  %1 = hlo.reshape %s : (tensor<3xf32>) -> tensor<3x1xf32>
  return %0, %1 : tensor<2x2xi32>, tensor<3x1xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_identity(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.transpose
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @transpose_identity(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.transpose %x, dims = [0, 1] : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// p o q with p = q = [2, 0, 1] is [1, 2, 0].
// CHECK-LABEL: func.func @transpose_transpose(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3x4xf32>)
// CHECK: %[[R:.*]] = hlo.transpose %[[X]], dims = [1, 2, 0] : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
// CHECK-NOT: hlo.transpose
// CHECK: return %[[R]] : tensor<3x4x2xf32>
func.func @transpose_transpose(%x: tensor<2x3x4xf32>) -> tensor<3x4x2xf32> {
  %0 = hlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = hlo.transpose %0, dims = [2, 0, 1] : (tensor<4x2x3xf32>) -> tensor<3x4x2xf32>
  return %1 : tensor<3x4x2xf32>
}

// -----

// [2, 0, 1] then [1, 2, 0] composes to the identity, which folds away.
// CHECK-LABEL: func.func @transpose_transpose_identity(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3x4xf32>)
// CHECK-NOT: hlo.transpose
// CHECK: return %[[X]] : tensor<2x3x4xf32>
func.func @transpose_transpose_identity(%x: tensor<2x3x4xf32>) -> tensor<2x3x4xf32> {
  %0 = hlo.transpose %x, dims = [2, 0, 1] : (tensor<2x3x4xf32>) -> tensor<4x2x3xf32>
  %1 = hlo.transpose %0, dims = [1, 2, 0] : (tensor<4x2x3xf32>) -> tensor<2x3x4xf32>
  return %1 : tensor<2x3x4xf32>
}

// -----

// CHECK-LABEL: func.func @transpose_splat(
// CHECK: %[[C:.*]] = hlo.constant dense<1.500000e+00> : tensor<3x2xf32>
// CHECK-NOT: hlo.transpose
// CHECK: return %[[C]] : tensor<3x2xf32>
func.func @transpose_splat() -> tensor<3x2xf32> {
  %c = hlo.constant dense<1.5> : tensor<2x3xf32>
  %0 = hlo.transpose %c, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  return %0 : tensor<3x2xf32>
}

// -----

// CHECK-LABEL: func.func @slice_full(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x4xf32>)
// CHECK-NOT: hlo.slice
// CHECK: return %[[X]] : tensor<2x4xf32>
func.func @slice_full(%x: tensor<2x4xf32>) -> tensor<2x4xf32> {
  %0 = hlo.slice %x, starts = [0, 0], limits = [2, 4], strides = [1, 1] : (tensor<2x4xf32>) -> tensor<2x4xf32>
  return %0 : tensor<2x4xf32>
}

// -----

// CHECK-LABEL: func.func @slice_splat(
// CHECK: %[[C:.*]] = hlo.constant dense<7> : tensor<2x2xi8>
// CHECK-NOT: hlo.slice
// CHECK: return %[[C]] : tensor<2x2xi8>
func.func @slice_splat() -> tensor<2x2xi8> {
  %c = hlo.constant dense<7> : tensor<4x4xi8>
  %0 = hlo.slice %c, starts = [1, 0], limits = [3, 4], strides = [1, 2] : (tensor<4x4xi8>) -> tensor<2x2xi8>
  return %0 : tensor<2x2xi8>
}

// -----

// CHECK-LABEL: func.func @concatenate_single(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.concatenate
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @concatenate_single(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.concatenate dim = 1, %x : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @pad_zero(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[V:[a-z0-9]+]]: tensor<f32>)
// CHECK-NOT: hlo.pad
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @pad_zero(%x: tensor<2x3xf32>, %v: tensor<f32>) -> tensor<2x3xf32> {
  %0 = hlo.pad %x, %v, low = [0, 0], high = [0, 0], interior = [0, 0] : (tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// low = 1, high = -1 keeps the shape but shifts the elements.
// CHECK-LABEL: func.func @pad_cancelling_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[V:[a-z0-9]+]]: tensor<f32>)
// CHECK: %[[R:.*]] = hlo.pad %[[X]], %[[V]], low = [1], high = [-1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: return %[[R]]
func.func @pad_cancelling_stays(%x: tensor<4xf32>, %v: tensor<f32>) -> tensor<4xf32> {
  %0 = hlo.pad %x, %v, low = [1], high = [-1], interior = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// Reversing dimensions of size 1 or 0 changes nothing.
// CHECK-LABEL: func.func @reverse_size_one(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x4x1xf32>, %[[Z:[a-z0-9]+]]: tensor<0x3xi8>)
// CHECK-NOT: hlo.reverse
// CHECK: return %[[X]], %[[Z]] : tensor<1x4x1xf32>, tensor<0x3xi8>
func.func @reverse_size_one(%x: tensor<1x4x1xf32>, %z: tensor<0x3xi8>) -> (tensor<1x4x1xf32>, tensor<0x3xi8>) {
  %0 = hlo.reverse %x, dims = [0, 2] : tensor<1x4x1xf32>
  %1 = hlo.reverse %z, dims = [0] : tensor<0x3xi8>
  return %0, %1 : tensor<1x4x1xf32>, tensor<0x3xi8>
}

// -----

// CHECK-LABEL: func.func @reverse_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<1x4x1xf32>)
// CHECK: %[[R:.*]] = hlo.reverse %[[X]], dims = [0, 1] : tensor<1x4x1xf32>
// CHECK: return %[[R]]
func.func @reverse_stays(%x: tensor<1x4x1xf32>) -> tensor<1x4x1xf32> {
  %0 = hlo.reverse %x, dims = [0, 1] : tensor<1x4x1xf32>
  return %0 : tensor<1x4x1xf32>
}

// -----

// The same dimensions in another order.
// CHECK-LABEL: func.func @reverse_reverse(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.reverse
// CHECK: return %[[X]] : tensor<2x3xf32>
func.func @reverse_reverse(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reverse %x, dims = [0, 1] : tensor<2x3xf32>
  %1 = hlo.reverse %0, dims = [1, 0] : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func.func @reverse_reverse_other_dims(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>)
// CHECK: %[[R0:.*]] = hlo.reverse %[[X]], dims = [0] : tensor<2x3xf32>
// CHECK: %[[R1:.*]] = hlo.reverse %[[R0]], dims = [1] : tensor<2x3xf32>
// CHECK: return %[[R1]]
func.func @reverse_reverse_other_dims(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.reverse %x, dims = [0] : tensor<2x3xf32>
  %1 = hlo.reverse %0, dims = [1] : tensor<2x3xf32>
  return %1 : tensor<2x3xf32>
}

// -----

// An update as large as the operand replaces all of it (offsets clamp to 0).
// CHECK-LABEL: func.func @dynamic_update_slice_full(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<2x3xf32>, %[[U:[a-z0-9]+]]: tensor<2x3xf32>,
// CHECK-NOT: hlo.dynamic_update_slice
// CHECK: return %[[U]] : tensor<2x3xf32>
func.func @dynamic_update_slice_full(%x: tensor<2x3xf32>, %u: tensor<2x3xf32>, %i: tensor<i32>, %j: tensor<i32>) -> tensor<2x3xf32> {
  %0 = hlo.dynamic_update_slice %x[%i, %j], %u : (tensor<2x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// dynamic_slice at constant offsets becomes a static slice.
// CHECK-LABEL: func.func @dynamic_slice_const(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4x5xf32>)
// CHECK-NOT: hlo.dynamic_slice
// CHECK: %[[R:.*]] = hlo.slice %[[X]], starts = [1, 2], limits = [3, 5], strides = [1, 1] : (tensor<4x5xf32>) -> tensor<2x3xf32>
// CHECK-NOT: hlo.dynamic_slice
// CHECK: return %[[R]] : tensor<2x3xf32>
func.func @dynamic_slice_const(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %i = hlo.constant dense<1> : tensor<i32>
  %j = hlo.constant dense<2> : tensor<i32>
  %0 = hlo.dynamic_slice %x[%i, %j] sizes = [2, 3] : (tensor<4x5xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Offsets clamp into [0, dim - size]: 7 -> 4 - 2 = 2 and -3 -> 0.
// CHECK-LABEL: func.func @dynamic_slice_clamped(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4x5xf32>)
// CHECK-NOT: hlo.dynamic_slice
// CHECK: %[[R:.*]] = hlo.slice %[[X]], starts = [2, 0], limits = [4, 3], strides = [1, 1] : (tensor<4x5xf32>) -> tensor<2x3xf32>
// CHECK-NOT: hlo.dynamic_slice
// CHECK: return %[[R]] : tensor<2x3xf32>
func.func @dynamic_slice_clamped(%x: tensor<4x5xf32>) -> tensor<2x3xf32> {
  %i = hlo.constant dense<7> : tensor<i64>
  %j = hlo.constant dense<-3> : tensor<i64>
  %0 = hlo.dynamic_slice %x[%i, %j] sizes = [2, 3] : (tensor<4x5xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// Offsets are signed: i8 -128 clamps to 0 and 127 stays 127 (limit 300 - 100).
// CHECK-LABEL: func.func @dynamic_slice_i8_offsets(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<300xi8>)
// CHECK-NOT: hlo.dynamic_slice
// CHECK-DAG: %[[A:.*]] = hlo.slice %[[X]], starts = [0], limits = [100], strides = [1] : (tensor<300xi8>) -> tensor<100xi8>
// CHECK-DAG: %[[B:.*]] = hlo.slice %[[X]], starts = [127], limits = [227], strides = [1] : (tensor<300xi8>) -> tensor<100xi8>
// CHECK-NOT: hlo.dynamic_slice
// CHECK: %[[R:.*]] = hlo.add %[[A]], %[[B]] : tensor<100xi8>
// CHECK: return %[[R]]
func.func @dynamic_slice_i8_offsets(%x: tensor<300xi8>) -> tensor<100xi8> {
  %i = hlo.constant dense<-128> : tensor<i8>
  %0 = hlo.dynamic_slice %x[%i] sizes = [100] : (tensor<300xi8>, tensor<i8>) -> tensor<100xi8>
  %j = hlo.constant dense<127> : tensor<i8>
  %1 = hlo.dynamic_slice %x[%j] sizes = [100] : (tensor<300xi8>, tensor<i8>) -> tensor<100xi8>
  %2 = hlo.add %0, %1 : tensor<100xi8>
  return %2 : tensor<100xi8>
}

// -----

// CHECK-LABEL: func.func @dynamic_slice_nonconst_stays(
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<4xf32>, %[[I:[a-z0-9]+]]: tensor<i32>)
// CHECK: %[[R:.*]] = hlo.dynamic_slice %[[X]]{{\[}}%[[I]]] sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
// CHECK-NOT: hlo.slice
// CHECK: return %[[R]]
func.func @dynamic_slice_nonconst_stays(%x: tensor<4xf32>, %i: tensor<i32>) -> tensor<2xf32> {
  %0 = hlo.dynamic_slice %x[%i] sizes = [2] : (tensor<4xf32>, tensor<i32>) -> tensor<2xf32>
  return %0 : tensor<2xf32>
}
