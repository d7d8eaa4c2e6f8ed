// The hlo dialect's verifiers and type inference, with source locations, in
// the upstream mlir-opt that loads it as a dialect plugin.
// REQUIRES: plugin
// RUN: %upstream_mlir_opt --load-dialect-plugin=%fuse_plugin %s -split-input-file -verify-diagnostics

func.func @exponential_int_operand(%x: tensor<4xi32>) -> tensor<4xi32> {
  // expected-error @+1 {{'hlo.exponential' op operand #0 must be statically shaped tensor of floating-point or complex values}}
  %r = hlo.exponential %x : tensor<4xi32>
  return %r : tensor<4xi32>
}

// -----

func.func @reduce_wrong_result(%x: tensor<4x8xf32>, %c: tensor<f32>) -> tensor<8xf32> {
  // expected-error @+2 {{'hlo.reduce' op inferred type(s) 'tensor<4xf32>' are incompatible with return type(s) of operation 'tensor<8xf32>'}}
  // expected-error @+1 {{failed to infer returned types}}
  %r = hlo.reduce add(%x init %c) dims = [1] : (tensor<4x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}
