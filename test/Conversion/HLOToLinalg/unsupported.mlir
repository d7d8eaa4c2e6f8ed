// An op the lowering has no scalar form for inside a reduce body makes the
// pass fail with located errors.
// RUN: fuse-opt %s --convert-hlo-to-linalg -split-input-file -verify-diagnostics

func.func @dot_in_reduce_body(%x: tensor<4xf32>, %z: tensor<f32>) -> tensor<f32> {
  // expected-error @+1 {{failed to legalize operation 'hlo.reduce' that was explicitly marked illegal}}
  %r = hlo.reduce(%x init %z) dims = [0] : (tensor<4xf32>, tensor<f32>) -> tensor<f32> {
  ^bb0(%acc: tensor<f32>, %e: tensor<f32>):
    // expected-error @+1 {{'hlo.dot_general' op is not supported inside a scalar body (reduce, scatter, window or sort comparator) by the lowering}}
    %p = hlo.dot_general %acc, %e, contracting_dims = [] x [] : (tensor<f32>, tensor<f32>) -> tensor<f32>
    hlo.return %p : tensor<f32>
  }
  return %r : tensor<f32>
}

// -----

// Transfers with the outside become runtime calls before this conversion,
// on the CPU only.
func.func @infeed() -> tensor<4xf32> {
  // expected-error @+1 {{'hlo.infeed' op has no lowering to linalg: transfers with the outside of the program run on the CPU only, where convert-hlo-transfers-to-calls makes them calls of the host's runtime}}
  %x = hlo.infeed : tensor<4xf32>
  return %x : tensor<4xf32>
}
