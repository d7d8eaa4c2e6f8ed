// RUN: fuse-opt %s -hlo-inline-fusions -split-input-file | FileCheck %s

// CHECK-LABEL: func.func @single_result
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[X]] : tensor<4xf32>
// CHECK-NEXT: return %[[E]]
func.func @single_result(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %e = hlo.exponential %a : tensor<4xf32>
    hlo.yield %e : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}

// -----

// Each result of a multi-output fusion is replaced by the value it yields,
// including a body argument yielded unchanged.
// CHECK-LABEL: func.func @multi_output
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[Y:.*]]: tensor<2x3xf32>)
// CHECK-NOT: hlo.fusion
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[S:.*]] = hlo.add %[[X]], %[[Y]] : tensor<2x3xf32>
// CHECK: %[[R:.*]] = hlo.reduce add(%[[S]] init %[[ZERO]]) dims = [1]
// CHECK: return %[[S]], %[[R]], %[[X]]
func.func @multi_output(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>)
    -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  %r:3 = hlo.fusion input(%x, %y) : (tensor<2x3xf32>, tensor<2x3xf32>)
      -> (tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  ^bb0(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.add %a, %b : tensor<2x3xf32>
    %sum = hlo.reduce add(%s init %zero) dims = [1]
        : (tensor<2x3xf32>, tensor<f32>) -> tensor<2xf32>
    hlo.yield %s, %sum, %a : tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<2x3xf32>, tensor<2xf32>, tensor<2x3xf32>
}

// -----

// Fusions in sequence, one feeding the next, and fusions nested in other
// regions are all dissolved.
// CHECK-LABEL: func.func @chained
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>)
// CHECK-NEXT: %[[N:.*]] = hlo.negate %[[X]]
// CHECK-NEXT: %[[A:.*]] = hlo.abs %[[N]]
// CHECK-NEXT: return %[[A]]
func.func @chained(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %n = hlo.negate %a : tensor<4xf32>
    hlo.yield %n : tensor<4xf32>
  }
  %1 = hlo.fusion loop(%0) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %n = hlo.abs %a : tensor<4xf32>
    hlo.yield %n : tensor<4xf32>
  }
  return %1 : tensor<4xf32>
}

// -----

// Ops outside fusions are left alone.
// CHECK-LABEL: func.func @no_fusion
// CHECK-NEXT: hlo.tanh
// CHECK-NEXT: return
func.func @no_fusion(%x: tensor<4xf32>) -> tensor<4xf32> {
  %t = hlo.tanh %x : tensor<4xf32>
  return %t : tensor<4xf32>
}
