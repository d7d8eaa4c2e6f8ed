// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --split-input-file -verify-diagnostics
// RUN: not fuse-opt %s --split-tensors="tensor-size-threshold=4KiB fail-on-unsplittable=1" --split-input-file 2>&1 | FileCheck %s --check-prefix=FATAL

// Each op left over the 4KiB threshold gets a remark with the reason; with
// fail-on-unsplittable, an error.
// FATAL: error: `hlo.exponential` makes a tensor of 7.8 KiB, over the 4KiB threshold

// A big result of the function cannot be sliced away.
func.func @returned(%x: tensor<2000xf32>) -> tensor<2000xf32> {
  // expected-remark @below {{`hlo.exponential` makes a tensor of 7.8 KiB, over the 4KiB threshold, that no dot_general, dot or reduce reduces below it}}
  %e = hlo.exponential %x : tensor<2000xf32>
  return %e : tensor<2000xf32>
}

// -----

// The big tensor is needed whole by another user.
func.func @used_elsewhere(%x: tensor<2000xf32>) -> (tensor<f32>, tensor<2000xf32>) {
  %e = hlo.exponential %x : tensor<2000xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: reduced dimension 0: the tensor of 8000 bytes from `hlo.exponential` is also used by `func.return`, which is not split with it}}
  %s = hlo.reduce add(%e init %zero) dims = [0] : (tensor<2000xf32>, tensor<f32>) -> tensor<f32>
  return %s, %e : tensor<f32>, tensor<2000xf32>
}

// -----

// A slice picks elements by position: it is not computed slice by slice.
func.func @through_slice(%x: tensor<3000xf32>) -> tensor<f32> {
  %e = hlo.exponential %x : tensor<3000xf32>
  %s = hlo.slice %e, starts = [0], limits = [2000], strides = [1] : (tensor<3000xf32>) -> tensor<2000xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: reduced dimension 0: `hlo.slice` cannot be computed slice by slice (a tensor of 8000 bytes)}}
  %r = hlo.reduce add(%s init %zero) dims = [0] : (tensor<2000xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// The reduced dimension of 2000 is made of two of the exponential's.
func.func @merging_reshape(%x: tensor<40x50xf32>) -> tensor<f32> {
  %e = hlo.exponential %x : tensor<40x50xf32>
  %flat = hlo.reshape %e : (tensor<40x50xf32>) -> tensor<2000xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: reduced dimension 0: `hlo.reshape` merges or splits the dimension (a tensor of 8000 bytes)}}
  %r = hlo.reduce add(%flat init %zero) dims = [0] : (tensor<2000xf32>, tensor<f32>) -> tensor<f32>
  return %r : tensor<f32>
}

// -----

// A body that is not one combiner nor a selection: its partial results
// cannot be combined.
func.func @unknown_body(%x: tensor<2000xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: reduced dimension 0: the reduce body is neither a single add, multiply, maximum, minimum, and or or, nor a selection of its operands, so partial results cannot be combined}}
  %r = hlo.reduce(%x init %zero) dims = [0] : (tensor<2000xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    %sq = hlo.multiply %e, %e : tensor<f32>
    %s = hlo.add %acc, %sq : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Batch dimensions are not split: every other way fails here too.
func.func @batch_only(%a: tensor<600x2x1xf32>, %b: tensor<600x1x2xf32>) -> tensor<600xf32> {
  %p = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<600x2x1xf32>, tensor<600x1x2xf32>) -> tensor<600x2x2xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: result dimension 0: `hlo.dot_general`: it is a batch dimension of the product (a tensor of 9600 bytes); reduced dimension 1: every slice would read a tensor of 4800 bytes whole; reduced dimension 2: every slice would read a tensor of 4800 bytes whole}}
  %r = hlo.reduce add(%p init %zero) dims = [1, 2] : (tensor<600x2x2xf32>, tensor<f32>) -> tensor<600xf32>
  return %r : tensor<600xf32>
}

// -----

// Loop and branch bodies are left whole, with the reason.
func.func @inside_while(%x: tensor<2000xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.while(%acc = %zero) : tensor<f32> cond {
    %big = hlo.constant dense<1.0e+03> : tensor<f32>
    %lt = hlo.compare LT, %acc, %big : tensor<f32>
    hlo.return %lt : tensor<i1>
  } do {
    %e = hlo.exponential %x : tensor<2000xf32>
    // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: it is inside `hlo.while`, whose regions split-tensors leaves alone}}
    %s = hlo.reduce add(%e init %acc) dims = [0] : (tensor<2000xf32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

func.func @inside_case(%i: tensor<i32>, %x: tensor<2000xf32>) -> tensor<f32> {
  %r = hlo.case %i -> tensor<f32> {
    %e = hlo.exponential %x : tensor<2000xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: it is inside `hlo.case`, whose regions split-tensors leaves alone}}
    %s = hlo.reduce add(%e init %zero) dims = [0] : (tensor<2000xf32>, tensor<f32>) -> tensor<f32>
    hlo.return %s : tensor<f32>
  }, {
    %zero = hlo.constant dense<0.0> : tensor<f32>
    hlo.return %zero : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// The row maximum is computed from the big scores: returned as well, it
// would keep the scores whole.
func.func @row_maximum_returned(%x: tensor<40x50xf32>) -> (tensor<40xf32>, tensor<40xf32>) {
  %e = hlo.exponential %x : tensor<40x50xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: result dimension 0: the tensor of 8000 bytes from `hlo.exponential` is also used by `hlo.subtract`, which is not split with it; reduced dimension 1: the tensor of 8000 bytes from `hlo.exponential` is also used by `hlo.subtract`, which is not split with it}}
  %max = hlo.reduce maximum(%e init %ninf) dims = [1] : (tensor<40x50xf32>, tensor<f32>) -> tensor<40xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<40xf32>) -> tensor<40x50xf32>
  %shifted = hlo.subtract %e, %maxb : tensor<40x50xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @below {{cannot split `hlo.reduce`, which reads a tensor over the 4KiB threshold: result dimension 0: the tensor of 160 bytes from `hlo.reduce` is also used by `func.return`, which is not split with it; reduced dimension 1: the tensor of 8000 bytes from `hlo.exponential` is also used by `hlo.reduce`, which is not split with it}}
  %sum = hlo.reduce add(%shifted init %zero) dims = [1] : (tensor<40x50xf32>, tensor<f32>) -> tensor<40xf32>
  return %sum, %max : tensor<40xf32>, tensor<40xf32>
}
