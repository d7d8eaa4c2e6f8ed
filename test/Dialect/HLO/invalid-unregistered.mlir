// An op of an unregistered dialect in a fusion body is an error, not a crash.
// RUN: fuse-opt %s --allow-unregistered-dialect -verify-diagnostics

func.func @fusion_c4_unregistered(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<4xf32>) -> tensor<4xf32> {
  ^bb0(%a: tensor<4xf32>):
    // expected-error @+1 {{'foo.bar' op cannot be inside hlo.fusion}}
    "foo.bar"() : () -> ()
    hlo.yield %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
