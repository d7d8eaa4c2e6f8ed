// RUN: fuse-run %s --all-entries --check | FileCheck %s

// The CPU pipeline replaces exp, log and tanh by polynomial approximations
// and float maximum/minimum by compares and selects
// (--fuse-cpu-vectorizable-math). Their results on special values must still be
// XLA's: infinities, NaN, signed zeros, overflow and underflow, subnormals.

// CHECK-COUNT-5: result {{[0-9]}}: ok
// CHECK-NOT: MISMATCH
func.func @transcendentals() -> (tensor<14xf32>, tensor<14xf32>, tensor<14xf32>) {
  %x = hlo.constant dense<[0x7F800000, 0xFF800000, 0x7FC00000, 0.0, -0.0, 88.8, 89.0, -87.5, -104.0, 1.0e-30, 1.0e-40, -1.0, 20.0, -9.5]> : tensor<14xf32>
  %e = hlo.exponential %x : tensor<14xf32>
  %l = hlo.log %x : tensor<14xf32>
  %t = hlo.tanh %x : tensor<14xf32>
  return %e, %l, %t : tensor<14xf32>, tensor<14xf32>, tensor<14xf32>
}

func.func @min_max() -> (tensor<8xf32>, tensor<8xf32>) {
  %a = hlo.constant dense<[0.0, -0.0, 0x7FC00000, 1.0, 0xFF800000, -0.0, 2.0, 0x7F800000]> : tensor<8xf32>
  %b = hlo.constant dense<[-0.0, 0.0, 1.0, 0x7FC00000, 3.0, -0.0, 2.0, 0x7F800000]> : tensor<8xf32>
  %max = hlo.maximum %a, %b : tensor<8xf32>
  %min = hlo.minimum %a, %b : tensor<8xf32>
  return %max, %min : tensor<8xf32>, tensor<8xf32>
}
