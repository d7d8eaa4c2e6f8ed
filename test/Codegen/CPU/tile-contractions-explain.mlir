// RUN: fuse-opt %s --fuse-cpu-tile-contractions=explain -split-input-file -verify-diagnostics

func.func @dynamic(%a: tensor<?x32xf32>, %b: tensor<32x64xf32>, %c: tensor<?x64xf32>) -> tensor<?x64xf32> {
  // expected-remark @below {{product left to the loop path: its shapes are dynamic}}
  %r = linalg.matmul ins(%a, %b : tensor<?x32xf32>, tensor<32x64xf32>) outs(%c : tensor<?x64xf32>) -> tensor<?x64xf32>
  return %r : tensor<?x64xf32>
}

// -----

// The result laid out as [N, M] is not a [batch, M, N] view.
#lhs = affine_map<(m, n, k) -> (m, k)>
#rhs = affine_map<(m, n, k) -> (k, n)>
#out_t = affine_map<(m, n, k) -> (n, m)>
func.func @transposed_result(%a: tensor<8x4xf32>, %b: tensor<4x16xf32>, %c: tensor<16x8xf32>) -> tensor<16x8xf32> {
  // expected-remark @below {{product left to the loop path: the result is not laid out as [batch, M, N]}}
  %r = linalg.generic {indexing_maps = [#lhs, #rhs, #out_t], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<8x4xf32>, tensor<4x16xf32>) outs(%c : tensor<16x8xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}
