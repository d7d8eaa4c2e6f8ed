// RUN: fuse-opt %s --hlo-signless-integers -split-input-file -verify-diagnostics

// u64 has no wider type to divide in.
func.func @divide_u64(%a: tensor<4xui64>) -> tensor<4xui64> {
  // expected-error @+1 {{'hlo.divide' op on u64 is not supported: there is no wider type to compute it in}}
  %q = hlo.divide %a, %a : tensor<4xui64>
  return %q : tensor<4xui64>
}

// -----

func.func @power_u64(%a: tensor<4xui64>) -> tensor<4xui64> {
  // expected-error @+1 {{'hlo.power' op on u64 is not supported: there is no wider type to compute it in}}
  %p = hlo.power %a, %a : tensor<4xui64>
  return %p : tensor<4xui64>
}
