// RUN: fuse-opt %s --hlo-outline-fusions | FileCheck %s
// RUN: fuse-opt %s --hlo-outline-fusions | FileCheck %s --check-prefix=ITERATION
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// The CPU pipeline outlines unless its option outline-fusions is off.
// RUN: fuse-opt %s --hlo-lower-to-cpu | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-opt %s --hlo-lower-to-cpu="outline-fusions=0" | FileCheck %s --check-prefix=OFF
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="outline-fusions=0" | FileCheck %s --check-prefix=EXEC
// PIPELINE: llvm.call @layers_fusion0(
// PIPELINE: llvm.call @layers_fusion0(
// PIPELINE: llvm.func @layers_fusion0(
// With results in the caller's buffers, the kernel of the returned result
// builds it in the caller's buffer, not in one copied there.
// RUN: fuse-opt %s --hlo-lower-to-cpu=results-in-place | FileCheck %s --check-prefix=IN-PLACE
// IN-PLACE-LABEL: llvm.func @layers(
// IN-PLACE-SAME:      %[[OUT:arg[0-9]+]]: !llvm.ptr, %{{arg[0-9]+}}: i64, %{{arg[0-9]+}}: i64, %{{arg[0-9]+}}: i64, %{{arg[0-9]+}}: i64, %{{arg[0-9]+}}: i64) {
// IN-PLACE:         llvm.call @layers_fusion2(%{{.*}}, %{{.*}}, %[[OUT]])
// IN-PLACE-NOT:     memcpy
// IN-PLACE:         llvm.return
// OFF-NOT: _fusion{{[0-9]}}

// Two fusions with the same body and types share one function; a product
// gets one too. The splat constant is copied into its function. The last
// fusion's result is returned as it is: outlined too (its buffer becomes
// the caller's, PIPELINE below). The functions follow the module's.
// CHECK-LABEL: func.func @layers
// CHECK-SAME: (%[[X:.*]]: tensor<8x8xf32>, %[[Y:.*]]: tensor<8x8xf32>, %[[W:.*]]: tensor<8x8xf32>)
// CHECK-NEXT: %[[A:.*]] = call @layers_fusion0(%[[X]]) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[B:.*]] = call @layers_fusion0(%[[Y]]) : (tensor<8x8xf32>) -> tensor<8x8xf32>
// CHECK-NEXT: %[[P:.*]] = call @layers_fusion1(%[[A]], %[[W]])
// CHECK-NEXT: %[[R:.*]] = call @layers_fusion2(%[[P]], %[[B]])
// CHECK-NEXT: return %[[R]]
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

// A fusion whose result is returned through a reshape stays: the caller's
// buffer is the reshape's, which an outlined kernel's result could only be
// copied into.
// CHECK-LABEL: func.func @reshaped
// CHECK-NOT: call
// CHECK: %[[F:.*]] = hlo.fusion loop
// CHECK: %[[R:.*]] = hlo.reshape %[[F]]
// CHECK: return %[[R]]
// EXEC: @reshaped result 0: ok
func.func @reshaped(%x: tensor<8x8xf32>) -> tensor<64xf32> {
  %f = hlo.fusion loop(%x) : (tensor<8x8xf32>) -> tensor<8x8xf32> {
  ^bb0(%in: tensor<8x8xf32>):
    %t = hlo.tanh %in : tensor<8x8xf32>
    hlo.yield %t : tensor<8x8xf32>
  }
  %r = hlo.reshape %f : (tensor<8x8xf32>) -> tensor<64xf32>
  return %r : tensor<64xf32>
}

// A result nothing reads (an arg-max's maximum) is not returned by the
// kernel's function: its value stays inside (the lowering keeps it out of
// memory there, as it did in the caller).
// CHECK-LABEL: func.func @arg_max
// CHECK-NEXT: %[[I:.*]] = call @arg_max_fusion0(%{{.*}}) : (tensor<4x64xf32>) -> tensor<4xi32>
// CHECK-NEXT: return %[[I]]
// EXEC: @arg_max result 0: ok
func.func @arg_max(%x: tensor<4x64xf32>) -> tensor<4xi32> {
  %f:2 = hlo.fusion input(%x) : (tensor<4x64xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%in: tensor<4x64xf32>):
    %zero = hlo.constant dense<0> : tensor<i32>
    %low = hlo.constant dense<0xFF800000> : tensor<f32>
    %iota = hlo.iota dim = 0 : tensor<64xi32>
    %index = hlo.broadcast_in_dim %iota, dims = [1] : (tensor<64xi32>) -> tensor<4x64xi32>
    %r:2 = hlo.reduce(%in init %low), (%index init %zero) dims = [1] : (tensor<4x64xf32>, tensor<4x64xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
    ^bb0(%a: tensor<f32>, %i: tensor<i32>, %b: tensor<f32>, %j: tensor<i32>):
      %gt = hlo.compare GT, %a, %b : tensor<f32>
      %v = hlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
      %k = hlo.select %gt, %i, %j : tensor<i1>, tensor<i32>
      hlo.return %v, %k : tensor<f32>, tensor<i32>
    }
    hlo.yield %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
  }
  return %f#1 : tensor<4xi32>
}

// Kernels of a loop body that read from above the loop stay in the loop,
// where the lowering can hoist their loop-invariant work. A constant that
// is neither a splat nor small is passed as an argument.
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
// CHECK: func.func private @arg_max_fusion0(%{{.*}}: tensor<4x64xf32>) -> tensor<4xi32>
// CHECK: %[[F:.*]]:2 = hlo.fusion input
// CHECK: return %[[F]]#1 : tensor<4xi32>
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

// A kernel of a loop body moves when it loses nothing by becoming a call.
// One that reads the loop-carried state the iteration updates stays (the
// lowering updates it in place), as does a product with an operand that is
// the same in every iteration (its packing is hoisted), whether from above
// the loop or carried unchanged. A product of what the iteration computes
// moves, and so does a fusion that reads it, with or without invariant
// values beside it (constants it copies in, a value from above the loop).
// ITERATION-LABEL: func.func @loop_iteration
// ITERATION: hlo.while
// ITERATION: %[[T:.*]] = hlo.fusion loop(%{{.*}}) : (tensor<16x16xf32>)
// ITERATION: %[[P:.*]] = func.call @loop_iteration_fusion0(%[[T]]) : (tensor<16x16xf32>) -> tensor<16x16xf32>
// ITERATION: %[[Q:.*]] = func.call @loop_iteration_fusion1(%[[P]]) : (tensor<16x16xf32>) -> tensor<16x16xf32>
// ITERATION: %[[D:.*]] = hlo.dot_general %[[Q]], %[[W:.*]], contracting_dims
// ITERATION: %[[V:.*]] = func.call @loop_iteration_fusion2(%[[D]], %arg1) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
// ITERATION: hlo.return %{{.*}}, %[[V]], %[[W]]
// ITERATION: func.func private @loop_iteration_fusion0(%[[A:.*]]: tensor<16x16xf32>)
// ITERATION-NEXT: hlo.dot_general %[[A]], %[[A]]
// ITERATION: func.func private @loop_iteration_fusion1(
// ITERATION-NEXT: %[[SCALE:.*]] = hlo.constant dense<0.00999999977> : tensor<f32>
// ITERATION-NEXT: hlo.fusion loop(%{{.*}}, %[[SCALE]])
// ITERATION: func.func private @loop_iteration_fusion2(
// ITERATION-NEXT: hlo.fusion loop
// EXEC: @loop_iteration result 0: ok
// EXEC: @loop_iteration result 1: ok
// EXEC: @loop_iteration result 2: ok
func.func @loop_iteration(%x: tensor<16x16xf32>, %bias: tensor<16x16xf32>, %w: tensor<16x16xf32>) -> (tensor<i32>, tensor<16x16xf32>, tensor<16x16xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:3 = hlo.while(%i = %zero, %h = %x, %weight = %w) : tensor<i32>, tensor<16x16xf32>, tensor<16x16xf32>
  cond {
    %three = hlo.constant dense<3> : tensor<i32>
    %c = hlo.compare LT, %i, %three : tensor<i32>
    hlo.return %c : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %n = hlo.add %i, %one : tensor<i32>
    %t = hlo.fusion loop(%h) : (tensor<16x16xf32>) -> tensor<16x16xf32> {
    ^bb0(%a: tensor<16x16xf32>):
      %y = hlo.tanh %a : tensor<16x16xf32>
      hlo.yield %y : tensor<16x16xf32>
    }
    %p = hlo.dot_general %t, %t, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %scale = hlo.constant dense<0.01> : tensor<f32>
    %q = hlo.fusion loop(%p, %scale) : (tensor<16x16xf32>, tensor<f32>) -> tensor<16x16xf32> {
    ^bb0(%a: tensor<16x16xf32>, %b: tensor<f32>):
      %bb = hlo.broadcast_in_dim %b, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
      %m = hlo.multiply %a, %bb : tensor<16x16xf32>
      %y = hlo.exponential %m : tensor<16x16xf32>
      hlo.yield %y : tensor<16x16xf32>
    }
    %d = hlo.dot_general %q, %weight, contracting_dims = [1] x [0] : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32>
    %v = hlo.fusion loop(%d, %bias) : (tensor<16x16xf32>, tensor<16x16xf32>) -> tensor<16x16xf32> {
    ^bb0(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>):
      %y = hlo.add %a, %b : tensor<16x16xf32>
      %z = hlo.cosine %y : tensor<16x16xf32>
      hlo.yield %z : tensor<16x16xf32>
    }
    hlo.return %n, %v, %weight : tensor<i32>, tensor<16x16xf32>, tensor<16x16xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<16x16xf32>, tensor<16x16xf32>
}
