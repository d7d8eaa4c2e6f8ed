// RUN: fuse-opt %s --algebraic-simplify | FileCheck %s
// RUN: fuse-opt %s --algebraic-simplify | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: rm -rf %t && fuse-run %s --all-entries --interpret --random-inputs=1 --outputs=%t/original
// RUN: fuse-opt %s --algebraic-simplify | fuse-run - --all-entries --random-inputs=1 --outputs=%t/simplified
// RUN: %python %S/../../../Integration/CPU/Inputs/compare-results.py %t/original %t/simplified --rtol=1e-4 --atol=1e-3 | FileCheck %s --check-prefix=ORIG

// The rewrites of --algebraic-simplify, and the forms they must leave
// alone. EXEC compiles every simplified function and compares it with the
// interpreter; ORIG compares the simplified programs, compiled, with the
// interpreter of the original ones. The broadcast rewrites are exact up to
// the order of float operations. The distance rewrite is not: with inputs
// uniform in [-3, 3) and K = 8 features the norms |a_i|^2 + |b_j|^2 are
// about 48 and |a|^2 + |b|^2 - 2 a.b cancels down to distances near 0,
// leaving absolute errors of a few f32 ulps of 48 (4e-6 each; 1.5e-5 seen):
// atol 1e-3 bounds them with room, and still catches any wrong term (each
// is of the order of 1 or more).
// algebraic-simplify-explain.mlir checks the reasons given for near misses.
// EXEC-COUNT-14: : ok
// EXEC-NOT: MISMATCH
// ORIG-COUNT-14: : ok
// ORIG-NOT: MISMATCH

// broadcast(a) + broadcast(b) becomes broadcast(a + b); the exponential
// follows it before the broadcast: 16 elements of work instead of 128.
// CHECK-LABEL: func.func @sink_add
// CHECK-NEXT: %[[S:.*]] = hlo.add %arg0, %arg1 : tensor<16xf32>
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[S]] : tensor<16xf32>
// CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[E]], dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: return %[[B]]
func.func @sink_add(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %ab = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %s = hlo.add %ab, %bb : tensor<8x16xf32>
  %e = hlo.exponential %s : tensor<8x16xf32>
  return %e : tensor<8x16xf32>
}

// A splat constant shrinks to the operand's shape.
// CHECK-LABEL: func.func @sink_with_splat
// CHECK-NEXT: %[[TWO:.*]] = hlo.constant dense<2.000000e+00> : tensor<16xf32>
// CHECK-NEXT: %[[M:.*]] = hlo.multiply %arg0, %[[TWO]] : tensor<16xf32>
// CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[M]], dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
// CHECK-NEXT: return %[[B]]
func.func @sink_with_splat(%a: tensor<16xf32>) -> tensor<8x16xf32> {
  %ab = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %two = hlo.constant dense<2.0> : tensor<8x16xf32>
  %m = hlo.multiply %ab, %two : tensor<8x16xf32>
  return %m : tensor<8x16xf32>
}

// The result element type is the op's, not the operands'.
// CHECK-LABEL: func.func @compare_of_broadcasts
// CHECK-NEXT: %[[C:.*]] = hlo.compare GT, %arg0, %arg1 : tensor<16xf32>
// CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %[[C]], dims = [1] : (tensor<16xi1>) -> tensor<8x16xi1>
// CHECK-NEXT: return %[[B]]
func.func @compare_of_broadcasts(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<8x16xi1> {
  %ab = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %c = hlo.compare GT, %ab, %bb : tensor<8x16xf32>
  return %c : tensor<8x16xi1>
}

// An outer sum: the broadcasts place their operands differently, so there
// is no smaller add.
// CHECK-LABEL: func.func @different_dims
// CHECK-NEXT: hlo.broadcast_in_dim %arg0, dims = [0]
// CHECK-NEXT: hlo.broadcast_in_dim %arg1, dims = [1]
// CHECK-NEXT: hlo.add
func.func @different_dims(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<16x16xf32> {
  %ab = hlo.broadcast_in_dim %a, dims = [0] : (tensor<16xf32>) -> tensor<16x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<16x16xf32>
  %s = hlo.add %ab, %bb : tensor<16x16xf32>
  return %s : tensor<16x16xf32>
}

// A broadcast of a broadcast is one broadcast.
// CHECK-LABEL: func.func @broadcast_chain
// CHECK-NEXT: %[[B:.*]] = hlo.broadcast_in_dim %arg0, dims = [2] : (tensor<16xf32>) -> tensor<4x8x16xf32>
// CHECK-NEXT: return %[[B]]
func.func @broadcast_chain(%a: tensor<16xf32>) -> tensor<4x8x16xf32> {
  %b1 = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %b2 = hlo.broadcast_in_dim %b1, dims = [1, 2] : (tensor<8x16xf32>) -> tensor<4x8x16xf32>
  return %b2 : tensor<4x8x16xf32>
}

// The maximum over copies of a value, from -inf, is the value.
// CHECK-LABEL: func.func @max_of_broadcast
// CHECK-NEXT: return %arg0
func.func @max_of_broadcast(%a: tensor<16xf32>) -> tensor<16xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %m = hlo.reduce maximum(%b init %ninf) dims = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %m : tensor<16xf32>
}

// With an init that is not the identity it is combined once.
// CHECK-LABEL: func.func @min_of_broadcast_with_init
// CHECK-NEXT: %[[ONE:.*]] = hlo.constant dense<1.000000e+00> : tensor<16xf32>
// CHECK-NEXT: %[[M:.*]] = hlo.minimum %arg0, %[[ONE]] : tensor<16xf32>
// CHECK-NEXT: return %[[M]]
func.func @min_of_broadcast_with_init(%a: tensor<16xf32>) -> tensor<16xf32> {
  %one = hlo.constant dense<1.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %m = hlo.reduce minimum(%b init %one) dims = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %m : tensor<16xf32>
}

// Over an empty dimension the reduction gives its init value, whatever the
// broadcast value: it stays (it gave x, a wrong answer).
// CHECK-LABEL: func.func @min_of_empty_broadcast
// CHECK: hlo.broadcast_in_dim
// CHECK-NEXT: hlo.reduce minimum
func.func @min_of_empty_broadcast(%a: tensor<16xf32>) -> tensor<16xf32> {
  %one = hlo.constant dense<1.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<0x16xf32>
  %m = hlo.reduce minimum(%b init %one) dims = [0] : (tensor<0x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %m : tensor<16xf32>
}

// A sum over copies stays: 8 additions of x round differently from 8 * x.
// CHECK-LABEL: func.func @sum_of_broadcast
// CHECK: hlo.broadcast_in_dim
// CHECK-NEXT: hlo.reduce add
func.func @sum_of_broadcast(%a: tensor<16xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %m = hlo.reduce add(%b init %zero) dims = [0] : (tensor<8x16xf32>, tensor<f32>) -> tensor<16xf32>
  return %m : tensor<16xf32>
}

// The naive squared distances between the rows of A (32x8) and B (24x8)
// become row norms and one matrix product, clamped at 0. The factor 2 goes
// on the smaller matrix, B: 2 (a . b) = a . (2 b) exactly.
// CHECK-LABEL: func.func @distances_multiply
// CHECK-DAG: %[[ZEROS:.*]] = hlo.constant dense<0.000000e+00> : tensor<32x24xf32>
// CHECK-DAG: %[[TWO:.*]] = hlo.constant dense<2.000000e+00> : tensor<24x8xf32>
// CHECK-DAG: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[A2:.*]] = hlo.multiply %arg0, %arg0 : tensor<32x8xf32>
// CHECK-NEXT: %[[NA:.*]] = hlo.reduce add(%[[A2]] init %[[ZERO]]) dims = [1] : (tensor<32x8xf32>, tensor<f32>) -> tensor<32xf32>
// CHECK-NEXT: %[[B2:.*]] = hlo.multiply %arg1, %arg1 : tensor<24x8xf32>
// CHECK-NEXT: %[[NB:.*]] = hlo.reduce add(%[[B2]] init %[[ZERO]]) dims = [1] : (tensor<24x8xf32>, tensor<f32>) -> tensor<24xf32>
// CHECK-NEXT: %[[TWOB:.*]] = hlo.multiply %arg1, %[[TWO]] : tensor<24x8xf32>
// CHECK-NEXT: %[[AB2:.*]] = hlo.dot_general %arg0, %[[TWOB]], contracting_dims = [1] x [1] : (tensor<32x8xf32>, tensor<24x8xf32>) -> tensor<32x24xf32>
// CHECK-NEXT: %[[NAB:.*]] = hlo.broadcast_in_dim %[[NA]], dims = [0] : (tensor<32xf32>) -> tensor<32x24xf32>
// CHECK-NEXT: %[[NBB:.*]] = hlo.broadcast_in_dim %[[NB]], dims = [1] : (tensor<24xf32>) -> tensor<32x24xf32>
// CHECK-NEXT: %[[N:.*]] = hlo.add %[[NAB]], %[[NBB]]
// CHECK-NEXT: %[[D:.*]] = hlo.subtract %[[N]], %[[AB2]]
// CHECK-NEXT: %[[R:.*]] = hlo.maximum %[[D]], %[[ZEROS]]
// CHECK-NEXT: return %[[R]]
func.func @distances_multiply(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> tensor<32x24xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xf32>
  %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}

// The form a NumPy tracer gives for ((a[:, None, :] - b[None, :, :])**2).sum(-1):
// reshapes that insert unit dimensions, broadcasts that expand them, and a
// power of a broadcast 2.
// CHECK-LABEL: func.func @distances_numpy
// CHECK-NOT: tensor<32x24x8xf32>
// CHECK: hlo.dot_general %arg0, %{{.*}}, contracting_dims = [1] x [1] : (tensor<32x8xf32>, tensor<24x8xf32>) -> tensor<32x24xf32>
// CHECK-NOT: tensor<32x24x8xf32>
// CHECK: return
func.func @distances_numpy(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> tensor<32x24xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %two = hlo.constant dense<2.0> : tensor<f32>
  %a3 = hlo.reshape %a : (tensor<32x8xf32>) -> tensor<32x1x8xf32>
  %b3 = hlo.reshape %b : (tensor<24x8xf32>) -> tensor<1x24x8xf32>
  %ab = hlo.broadcast_in_dim %a3, dims = [0, 1, 2] : (tensor<32x1x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b3, dims = [0, 1, 2] : (tensor<1x24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %twos = hlo.broadcast_in_dim %two, dims = [] : (tensor<f32>) -> tensor<32x24x8xf32>
  %sq = hlo.power %d, %twos : tensor<32x24x8xf32>
  %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}

// Features first in A, the distance matrix transposed: B gives the rows.
// CHECK-LABEL: func.func @distances_feature_first
// CHECK: hlo.reduce add(%{{.*}}) dims = [1] : (tensor<24x8xf32>, tensor<f32>) -> tensor<24xf32>
// CHECK: hlo.reduce add(%{{.*}}) dims = [0] : (tensor<8x32xf32>, tensor<f32>) -> tensor<32xf32>
// CHECK: %[[TWOB:.*]] = hlo.multiply %arg1, %{{.*}} : tensor<24x8xf32>
// CHECK-NEXT: hlo.dot_general %[[TWOB]], %arg0, contracting_dims = [1] x [0] : (tensor<24x8xf32>, tensor<8x32xf32>) -> tensor<24x32xf32>
func.func @distances_feature_first(%a: tensor<8x32xf32>, %b: tensor<24x8xf32>) -> tensor<24x32xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<8x32xf32>) -> tensor<8x24x32xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 0] : (tensor<24x8xf32>) -> tensor<8x24x32xf32>
  %d = hlo.subtract %ab, %bb : tensor<8x24x32xf32>
  %sq = hlo.multiply %d, %d : tensor<8x24x32xf32>
  %r = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<8x24x32xf32>, tensor<f32>) -> tensor<24x32xf32>
  return %r : tensor<24x32xf32>
}

// The differences are returned too: the big tensor stays, and so does the
// naive form.
// CHECK-LABEL: func.func @distances_shared_difference
// CHECK: hlo.subtract {{.*}} : tensor<32x24x8xf32>
// CHECK-NOT: hlo.dot_general
func.func @distances_shared_difference(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> (tensor<32x24xf32>, tensor<32x24x8xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xf32>
  %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
  return %r, %d : tensor<32x24xf32>, tensor<32x24x8xf32>
}
