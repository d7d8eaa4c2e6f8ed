// The canonicalization transpose(dot_general(a, b)) -> dot_general(b, a),
// when the transpose swaps the free dimensions of the two operands (the
// weight gradients JAX writes for x @ w), computes what the original
// program does: each canonicalized program runs compiled against the
// interpreter (--check) and against the original program's compiled
// results (--expected), also fused.
// RUN: fuse-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && fuse-run %s --all-entries --random-inputs=1 --outputs=%t
// RUN: fuse-opt %s --canonicalize | fuse-run - --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s
// RUN: fuse-opt %s --canonicalize --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s

// A weight gradient: (g^T x)^T = x^T g, as an accumulation.
// IR-LABEL: func.func @weight_gradient(
// IR-SAME: %[[G:[a-z0-9]+]]: tensor<64x48xf32>, %[[X:[a-z0-9]+]]: tensor<64x32xf32>
// IR-NEXT: %[[D:.*]] = hlo.dot_general %[[X]], %[[G]], contracting_dims = [0] x [0] : (tensor<64x32xf32>, tensor<64x48xf32>) -> tensor<32x48xf32>
// IR-NEXT: %[[S:.*]] = hlo.add %arg2, %[[D]]
// CHECK-COUNT-2: @weight_gradient result 0: ok
func.func @weight_gradient(%g: tensor<64x48xf32>, %x: tensor<64x32xf32>, %acc: tensor<32x48xf32>) -> tensor<32x48xf32> {
  %d = hlo.dot_general %g, %x, contracting_dims = [0] x [0] : (tensor<64x48xf32>, tensor<64x32xf32>) -> tensor<48x32xf32>
  %t = hlo.transpose %d, dims = [1, 0] : (tensor<48x32xf32>) -> tensor<32x48xf32>
  %s = hlo.add %acc, %t : tensor<32x48xf32>
  return %s : tensor<32x48xf32>
}

// Batch dimensions stay first; groups of several free dimensions keep
// their order.
// IR-LABEL: func.func @batched_groups(
// IR-SAME: %[[A:[a-z0-9]+]]: tensor<3x2x5x7xf32>, %[[B:[a-z0-9]+]]: tensor<3x7x4x6xf32>
// IR-NEXT: %[[D:.*]] = hlo.dot_general %[[B]], %[[A]], batching_dims = [0] x [0], contracting_dims = [1] x [3] : (tensor<3x7x4x6xf32>, tensor<3x2x5x7xf32>) -> tensor<3x4x6x2x5xf32>
// IR-NEXT: return %[[D]]
// CHECK-COUNT-2: @batched_groups result 0: ok
func.func @batched_groups(%a: tensor<3x2x5x7xf32>, %b: tensor<3x7x4x6xf32>) -> tensor<3x4x6x2x5xf32> {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<3x2x5x7xf32>, tensor<3x7x4x6xf32>) -> tensor<3x2x5x4x6xf32>
  %t = hlo.transpose %d, dims = [0, 3, 4, 1, 2] : (tensor<3x2x5x4x6xf32>) -> tensor<3x4x6x2x5xf32>
  return %t : tensor<3x4x6x2x5xf32>
}

// Left alone: a transpose inside a free group, and a product with another
// user (it would be computed twice).
// IR-LABEL: func.func @not_swapping(
// IR: hlo.transpose %{{.*}}, dims = [0, 2, 1, 3, 4]
// IR: hlo.transpose %{{.*}}, dims = [1, 0]
// CHECK: @not_swapping result 0: ok
// CHECK: @not_swapping result 1: ok
// CHECK: @not_swapping result 2: ok
// CHECK: @not_swapping result 0: ok
// CHECK: @not_swapping result 1: ok
// CHECK: @not_swapping result 2: ok
func.func @not_swapping(%a: tensor<3x2x5x7xf32>, %b: tensor<3x7x4x6xf32>, %m: tensor<4x8xf32>, %n: tensor<8x5xf32>) -> (tensor<3x5x2x4x6xf32>, tensor<5x4xf32>, tensor<4x5xf32>) {
  %d = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [3] x [1] : (tensor<3x2x5x7xf32>, tensor<3x7x4x6xf32>) -> tensor<3x2x5x4x6xf32>
  %t = hlo.transpose %d, dims = [0, 2, 1, 3, 4] : (tensor<3x2x5x4x6xf32>) -> tensor<3x5x2x4x6xf32>
  %p = hlo.dot_general %m, %n, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
  %pt = hlo.transpose %p, dims = [1, 0] : (tensor<4x5xf32>) -> tensor<5x4xf32>
  return %t, %pt, %p : tensor<3x5x2x4x6xf32>, tensor<5x4xf32>, tensor<4x5xf32>
}
