// RUN: fuse-opt %s | FileCheck %s
// RUN: fuse-opt %s | fuse-opt | FileCheck %s
// RUN: fuse-opt %s --mlir-print-op-generic | fuse-opt | FileCheck %s

// Round trip of the collectives through their custom assembly, a second
// parse and the generic form.

// CHECK-LABEL: func.func @device_id(
// CHECK: hlo.device_id : tensor<ui32>
func.func @device_id() -> tensor<ui32> {
  %id = hlo.device_id : tensor<ui32>
  return %id : tensor<ui32>
}

// CHECK-LABEL: func.func @all_reduce(
// CHECK: hlo.all_reduce %{{.*}}, groups = dense<{{\[}}[0, 1], [2, 3]]> : tensor<2x2xi64> : tensor<4xf32> {
// CHECK: ^bb0(%[[A:.*]]: tensor<f32>, %[[B:.*]]: tensor<f32>):
// CHECK: hlo.add %[[A]], %[[B]] : tensor<f32>
// CHECK: hlo.return
func.func @all_reduce(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.all_reduce %x, groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64> : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4xf32>
}

// Ragged groups are padded with -1; an empty attribute is every device.
// CHECK-LABEL: func.func @all_gather(
// CHECK: hlo.all_gather %{{.*}}, dim = 1, groups = dense<> : tensor<0x0xi64> : (tensor<2x3xi32>) -> tensor<2x12xi32>
// CHECK: hlo.all_reduce %{{.*}}, groups = dense<{{\[}}[0, -1], [1, 2]]> : tensor<2x2xi64> : tensor<2x3xi32>
func.func @all_gather(%x: tensor<2x3xi32>) -> (tensor<2x12xi32>, tensor<2x3xi32>) {
  %g = hlo.all_gather %x, dim = 1, groups = dense<> : tensor<0x0xi64> : (tensor<2x3xi32>) -> tensor<2x12xi32>
  %m = hlo.all_reduce %x, groups = dense<[[0, -1], [1, 2]]> : tensor<2x2xi64> : tensor<2x3xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %s = hlo.maximum %a, %b : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %g, %m : tensor<2x12xi32>, tensor<2x3xi32>
}

// CHECK-LABEL: func.func @reduce_scatter(
// CHECK: hlo.reduce_scatter %{{.*}}, dim = 0, groups = dense<{{\[}}[0, 1, 2]]> : tensor<1x3xi64> : (tensor<6x2xf32>) -> tensor<2x2xf32> {
func.func @reduce_scatter(%x: tensor<6x2xf32>) -> tensor<2x2xf32> {
  %r = hlo.reduce_scatter %x, dim = 0, groups = dense<[[0, 1, 2]]> : tensor<1x3xi64> : (tensor<6x2xf32>) -> tensor<2x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<2x2xf32>
}

// CHECK-LABEL: func.func @all_to_all(
// CHECK: hlo.all_to_all %{{.*}}, split_dim = 1, concat_dim = 0, groups = dense<{{\[}}[0, 1]]> : tensor<1x2xi64> : (tensor<2x4xf32>) -> tensor<4x2xf32>
// CHECK: hlo.collective_permute %{{.*}}, pairs = dense<{{\[}}[0, 1], [1, 0]]> : tensor<2x2xi64> : tensor<4x2xf32>
func.func @all_to_all(%x: tensor<2x4xf32>) -> tensor<4x2xf32> {
  %t = hlo.all_to_all %x, split_dim = 1, concat_dim = 0, groups = dense<[[0, 1]]> : tensor<1x2xi64> : (tensor<2x4xf32>) -> tensor<4x2xf32>
  %p = hlo.collective_permute %t, pairs = dense<[[0, 1], [1, 0]]> : tensor<2x2xi64> : tensor<4x2xf32>
  return %p : tensor<4x2xf32>
}
