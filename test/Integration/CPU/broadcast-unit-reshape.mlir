// The canonicalization broadcast_in_dim(reshape(x)) -> broadcast_in_dim(x)
// (reshape inserting or dropping unit dims only, as numpy's keepdims and
// JAX's HLO write it) computes what the original program does: each canonicalized
// program runs compiled against the interpreter (--check) and against the
// original program's compiled results (--expected), also fused.
// RUN: fuse-opt %s --canonicalize | FileCheck %s --check-prefix=IR
// RUN: rm -rf %t && fuse-run %s --all-entries --random-inputs=1 --outputs=%t
// RUN: fuse-opt %s --canonicalize | fuse-run - --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s
// RUN: fuse-opt %s --canonicalize --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s

// Each result twice: against the interpreter, then against the original.
// CHECK-COUNT-2: @softmax_keepdims result 0: ok
// CHECK-COUNT-2: @inserted_unit_dims result 0: ok
// CHECK-COUNT-2: @regrouping_reshape result 0: ok
// CHECK-COUNT-2: @dropped_unit_dims result 0: ok
// CHECK-COUNT-2: @bias_tanh_of_product result 0: ok

// IR-LABEL: func.func @softmax_keepdims
// IR-NOT: hlo.reshape
// IR-LABEL: func.func @inserted_unit_dims
// IR-NOT: hlo.reshape
// IR-LABEL: func.func @regrouping_reshape
// IR: hlo.reshape
// IR-LABEL: func.func @dropped_unit_dims
// IR-NOT: hlo.reshape
// IR-LABEL: func.func @bias_tanh_of_product
// IR-NOT: hlo.reshape

func.func @softmax_keepdims(%x: tensor<16x33xf32>) -> tensor<16x33xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<16x33xf32>, tensor<f32>) -> tensor<16xf32>
  %maxk = hlo.reshape %max : (tensor<16xf32>) -> tensor<16x1xf32>
  %maxb = hlo.broadcast_in_dim %maxk, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x33xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<16x33xf32>
  %e = hlo.exponential %shifted : tensor<16x33xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<16x33xf32>, tensor<f32>) -> tensor<16xf32>
  %sumk = hlo.reshape %sum : (tensor<16xf32>) -> tensor<16x1xf32>
  %sumb = hlo.broadcast_in_dim %sumk, dims = [0, 1] : (tensor<16x1xf32>) -> tensor<16x33xf32>
  %softmax = hlo.divide %e, %sumb : tensor<16x33xf32>
  return %softmax : tensor<16x33xf32>
}

func.func @inserted_unit_dims(%y: tensor<2x3xf32>, %z: tensor<5x2x4x3xf32>) -> tensor<5x2x4x3xf32> {
  %r = hlo.reshape %y : (tensor<2x3xf32>) -> tensor<1x2x1x3xf32>
  %b = hlo.broadcast_in_dim %r, dims = [0, 1, 2, 3] : (tensor<1x2x1x3xf32>) -> tensor<5x2x4x3xf32>
  %s = hlo.add %b, %z : tensor<5x2x4x3xf32>
  return %s : tensor<5x2x4x3xf32>
}

func.func @regrouping_reshape(%x: tensor<6xf32>) -> tensor<4x2x3xf32> {
  %r = hlo.reshape %x : (tensor<6xf32>) -> tensor<2x3xf32>
  %b = hlo.broadcast_in_dim %r, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  return %b : tensor<4x2x3xf32>
}

func.func @dropped_unit_dims(%x: tensor<2x1x3x1xf32>, %z: tensor<1x4xf32>, %w: tensor<7x1x4xf32>) -> (tensor<2x5x3x6xf32>, tensor<7x1x4xf32>) {
  %r = hlo.reshape %x : (tensor<2x1x3x1xf32>) -> tensor<2x3xf32>
  %b = hlo.broadcast_in_dim %r, dims = [0, 2] : (tensor<2x3xf32>) -> tensor<2x5x3x6xf32>
  %q = hlo.reshape %z : (tensor<1x4xf32>) -> tensor<4x1xf32>
  %c = hlo.broadcast_in_dim %q, dims = [2, 1] : (tensor<4x1xf32>) -> tensor<7x1x4xf32>
  %s = hlo.multiply %c, %w : tensor<7x1x4xf32>
  return %b, %s : tensor<2x5x3x6xf32>, tensor<7x1x4xf32>
}

// A scan's step: the [1, n] bias is reshaped to [n] before its broadcast.
func.func @bias_tanh_of_product(%h: tensor<17x40xf32>, %w: tensor<40x33xf32>, %b: tensor<1x33xf32>) -> tensor<17x33xf32> {
  %p = hlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<17x40xf32>, tensor<40x33xf32>) -> tensor<17x33xf32>
  %r = hlo.reshape %b : (tensor<1x33xf32>) -> tensor<33xf32>
  %c = hlo.broadcast_in_dim %r, dims = [1] : (tensor<33xf32>) -> tensor<17x33xf32>
  %s = hlo.add %p, %c : tensor<17x33xf32>
  %t = hlo.tanh %s : tensor<17x33xf32>
  return %t : tensor<17x33xf32>
}
