// RUN: fuse-opt %s -hlo-instrument-kernels -split-input-file -verify-diagnostics | FileCheck %s

// The unfused running example: one kernel per op but the constants, named
// after its mnemonic and its number among the function's ops.
// CHECK-LABEL: module attributes {fuse.kernels = [
// CHECK-SAME: {location = "{{.*}}instrument-kernels.mlir:[[# @LINE + 39]]:9", name = "multiply.3", op = "hlo.multiply"},
// CHECK-SAME: {location = "{{.*}}instrument-kernels.mlir:[[# @LINE + 39]]:8", name = "broadcast_in_dim.4", op = "hlo.broadcast_in_dim"},
// CHECK-SAME: {location = "{{[^"]*}}", name = "multiply.5", op = "hlo.multiply"},
// CHECK-SAME: {location = "{{[^"]*}}", name = "add.6", op = "hlo.add"},
// CHECK-SAME: {location = "{{[^"]*}}", name = "reduce.7", op = "hlo.reduce"},
// CHECK-SAME: {location = "{{[^"]*}}", name = "divide.8", op = "hlo.divide"}]}
// CHECK: func.func private @fuse_trace_begin(i64)
// CHECK: func.func private @fuse_trace_end(i64)
// CHECK-LABEL: func.func @running_example
// CHECK-COUNT-3: hlo.constant
// CHECK-NEXT: %[[ID0:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID0]]) : (i64) -> ()
// CHECK-NEXT: hlo.multiply
// CHECK-NEXT: call @fuse_trace_end(%[[ID0]]) : (i64) -> ()
// CHECK-NEXT: %[[ID1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID1]]) : (i64) -> ()
// CHECK-NEXT: hlo.broadcast_in_dim
// CHECK-NEXT: call @fuse_trace_end(%[[ID1]]) : (i64) -> ()
// CHECK-NEXT: %[[ID2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID2]]) : (i64) -> ()
// CHECK-NEXT: hlo.multiply
// CHECK-NEXT: call @fuse_trace_end(%[[ID2]]) : (i64) -> ()
// CHECK-NEXT: %[[ID3:.*]] = arith.constant 3 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID3]]) : (i64) -> ()
// CHECK-NEXT: hlo.add
// CHECK-NEXT: call @fuse_trace_end(%[[ID3]]) : (i64) -> ()
// CHECK-NEXT: %[[ID4:.*]] = arith.constant 4 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID4]]) : (i64) -> ()
// CHECK-NEXT: hlo.reduce
// CHECK-NEXT: call @fuse_trace_end(%[[ID4]]) : (i64) -> ()
// CHECK-NEXT: %[[ID5:.*]] = arith.constant 5 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID5]]) : (i64) -> ()
// CHECK-NEXT: hlo.divide
// CHECK-NEXT: call @fuse_trace_end(%[[ID5]]) : (i64) -> ()
// CHECK-NEXT: return
func.func @running_example(%x: tensor<8x8xf32>, %y: tensor<8x8xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<64.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<8x8xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<8x8xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<8x8xf32>
  %sum = hlo.add %xx3, %y : tensor<8x8xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<8x8xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}

// -----

// A fusion is one kernel; the numbering goes on into its body, whose ops
// are listed. Names count per function (fusions across the module, as the
// fusion report numbers them), ids across the module.
// CHECK-LABEL: module attributes {fuse.kernels = [
// CHECK-SAME: {fused_ops = ["constant.1", "multiply.2", "reduce.3"], fusion_kind = "input", location = "{{[^"]*}}", name = "fusion.0", op = "hlo.fusion"},
// CHECK-SAME: {fused_ops = ["exponential.1"], fusion_kind = "loop", location = "{{[^"]*}}", name = "fusion.1", op = "hlo.fusion"},
// CHECK-SAME: {location = "{{[^"]*}}", name = "negate.2", op = "hlo.negate"}]}
// CHECK-LABEL: func.func @fused
// CHECK: %[[ID:.*]] = arith.constant 0 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID]])
// CHECK-NEXT: hlo.fusion input
// CHECK-NOT: call
// CHECK: hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: call @fuse_trace_end(%[[ID]])
// CHECK-NEXT: return
func.func @fused(%x: tensor<64x32xf32>) -> tensor<64xf32> {
  %r = hlo.fusion input(%x) : (tensor<64x32xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x32xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %m = hlo.multiply %a, %a : tensor<64x32xf32>
    %t = hlo.reduce add(%m init %zero) dims = [1]
        : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %t : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// A private function called by an entry is instrumented too.
// CHECK-LABEL: func.func private @callee
// CHECK: %[[ID1:.*]] = arith.constant 1 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID1]])
// CHECK-NEXT: hlo.fusion loop
// CHECK: %[[ID2:.*]] = arith.constant 2 : i64
// CHECK-NEXT: call @fuse_trace_begin(%[[ID2]])
// CHECK-NEXT: hlo.negate
func.func private @callee(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    %e = hlo.exponential %a : tensor<4xf32>
    hlo.yield %e : tensor<4xf32>
  }
  %n = hlo.negate %e : tensor<4xf32>
  return %n : tensor<4xf32>
}

// -----

// A module with no kernels gets the declarations and an empty table.
// CHECK-LABEL: module attributes {fuse.kernels = []}
// CHECK-LABEL: func.func @identity
// CHECK-NOT: call
// CHECK: return
func.func @identity(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

// -----

// The hooks' names are taken, e.g. by a second run of the pass.
// expected-error @below {{cannot declare @fuse_trace_begin: the module has a symbol of that name}}
module {
  func.func private @fuse_trace_begin(i64)
}
