// RUN: fuse-opt %s --hlo-outline-fusions | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// The CPU pipeline outlines unless its option outline-fusions is off.
// RUN: fuse-opt %s --hlo-lower-to-cpu | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-opt %s --hlo-lower-to-cpu="outline-fusions=0" | FileCheck %s --check-prefix=OFF
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="outline-fusions=0" | FileCheck %s --check-prefix=EXEC
// PIPELINE: llvm.call @layers_fusion0(
// PIPELINE: llvm.call @layers_fusion0(
// PIPELINE: llvm.func @layers_fusion0(
// OFF-NOT: _fusion{{[0-9]}}

// Two fusions with the same body and types share one function; a product
// gets one too. The splat constant is copied into its function. The last
// fusion's result is returned, so it stays where it is. The functions
// follow the module's.
// CHECK-LABEL: func.func @layers
// CHECK-SAME: (%[[X:.*]]: tensor<8x8xf32>, %[[Y:.*]]: tensor<8x8xf32>, %[[W:.*]]: tensor<8x8xf32>)
// CHECK-NEXT: %[[A:.*]] = call @layers_fusion0(%[[X]]) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[B:.*]] = call @layers_fusion0(%[[Y]]) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[P:.*]] = call @layers_fusion1(%[[A]], %[[W]])
// CHECK-NEXT: %[[R:.*]] = hlo.fusion loop(%[[P]], %[[B]])
// CHECK: return %[[R]]
// EXEC: @layers result 0: ok
func.func @layers(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>, %w: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %two = hlo.constant dense<2.0> : tensor<8x8xf32>
  %a = hlo.fusion loop(%x, %two) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%in: tensor<8x8xf32>, %c: tensor<8x8xf32>):
    %m = hlo.multiply %in, %c : tensor<8x8xf32>
    %t = hlo.tanh %m : tensor<8x8xf32>
    hlo.yield %t : tensor<8x8xf32>
  }
  %b = hlo.fusion loop(%y, %two) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%in: tensor<8x8xf32>, %c: tensor<8x8xf32>):
    %m = hlo.multiply %in, %c : tensor<8x8xf32>
    %t = hlo.tanh %m : tensor<8x8xf32>
    hlo.yield %t : tensor<8x8xf32>
  }
  %p = hlo.dot_general %a, %w, contracting_dims = [1] x [0] : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
  %r = hlo.fusion loop(%p, %b) : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%u: tensor<8x8xf32>, %v: tensor<8x8xf32>):
    %s = hlo.add %u, %v : tensor<8x8xf32>
    %e = hlo.exponential %s : tensor<8x8xf32>
    hlo.yield %e : tensor<8x8xf32>
  }
  return %r : tensor<8x8xf32>
}

// Kernels of a loop body stay in the loop, where the lowering can hoist
// their loop-invariant work. A constant that is neither a splat nor small
// is passed as an argument.
// CHECK-LABEL: func.func @loop
// CHECK: %[[RAMP:.*]] = hlo.constant dense<[0.000000e+00, 1.000000e+00
// CHECK: call @loop_fusion0(%{{.*}}, %[[RAMP]]) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
// CHECK: hlo.while
// CHECK: hlo.fusion loop
// CHECK-NOT: call
// CHECK: return
// CHECK: func.func private @layers_fusion0(%[[IN:.*]]: tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[TWO:.*]] = hlo.constant dense<2.000000e+00>
// CHECK-NEXT: %[[F:.*]] = hlo.fusion loop(%[[IN]], %[[TWO]])
// CHECK: return %[[F]]
// CHECK: func.func private @layers_fusion1(%{{.*}}: tensor<8x8xf32>, %{{.*}}: tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: hlo.dot_general
// CHECK: func.func private @loop_fusion0
// CHECK-NOT: hlo.constant
// CHECK: hlo.fusion loop
// EXEC: @loop result 0: ok
// EXEC: @loop result 1: ok
func.func @loop(%x: tensor<32xf32>) -> (tensor<i32>, tensor<32xf32>) {
  %ramp = hlo.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 13.0, 14.0, 15.0, 16.0, 17.0, 18.0, 19.0, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0, 29.0, 30.0, 31.0]> : tensor<32xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %start = hlo.fusion loop(%x, %ramp) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32> {
  ^bb0(%a: tensor<32xf32>, %b: tensor<32xf32>):
    %s = hlo.multiply %a, %b : tensor<32xf32>
    %t = hlo.cosine %s : tensor<32xf32>
    hlo.yield %t : tensor<32xf32>
  }
  %r:2 = hlo.while(%i = %zero, %v = %start) : tensor<i32>, tensor<32xf32>
  cond {
    %three = hlo.constant dense<3> : tensor<i32>
    %c = hlo.compare LT, %i, %three : tensor<i32>
    hlo.return %c : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %n = hlo.add %i, %one : tensor<i32>
    %f = hlo.fusion loop(%v, %ramp) : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32> {
    ^bb0(%a: tensor<32xf32>, %b: tensor<32xf32>):
      %s = hlo.multiply %a, %b : tensor<32xf32>
      %t = hlo.tanh %s : tensor<32xf32>
      hlo.yield %t : tensor<32xf32>
    }
    hlo.return %n, %f : tensor<i32>, tensor<32xf32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<32xf32>
}
