// Ops without a lowering yet make the pass fail with a located error.
// RUN: fuse-opt %s --convert-hlo-to-linalg -verify-diagnostics

func.func @not_yet_lowered(%x: tensor<4xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.reverse' that was explicitly marked illegal}}
  %0 = hlo.reverse %x, dims = [0] : tensor<4xf32>
  return %0 : tensor<4xf32>
}
