// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// Multi-head scaled dot-product attention, batch 2, 4 heads, sequence 64,
// head size 32, with the inputs in [batch, seq, heads, dim] layout:
//   S = Q K^T / sqrt(32)        dot_general, batching dims (batch, heads),
//                               contracting dim 3 on both sides
//   P = softmax(S) over keys    stable: max-subtract, exp, sum, divide
//   O = P V                     dot_general, batching dims (batch, heads)
// then O goes back to [batch, seq, heads, dim] and is flattened to
// [batch, seq, 128]. The second result is the attention weights P.

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
func.func @main(%q: tensor<2x64x4x32xf32>, %k: tensor<2x64x4x32xf32>, %v: tensor<2x64x4x32xf32>)
    -> (tensor<2x64x128xf32>, tensor<2x4x64x64xf32>) {
  // S[b, h, i, j] = sum_d Q[b, i, h, d] K[b, j, h, d] / sqrt(32)
  %s = hlo.dot_general %q, %k, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3]
      : (tensor<2x64x4x32xf32>, tensor<2x64x4x32xf32>) -> tensor<2x4x64x64xf32>
  %scale = hlo.constant dense<0.176776695> : tensor<f32>
  %scaleb = hlo.broadcast_in_dim %scale, dims = [] : (tensor<f32>) -> tensor<2x4x64x64xf32>
  %ss = hlo.multiply %s, %scaleb : tensor<2x4x64x64xf32>

  // Softmax over the key dimension.
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%ss init %ninf) dims = [3]
      : (tensor<2x4x64x64xf32>, tensor<f32>) -> tensor<2x4x64xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0, 1, 2] : (tensor<2x4x64xf32>) -> tensor<2x4x64x64xf32>
  %sh = hlo.subtract %ss, %maxb : tensor<2x4x64x64xf32>
  %e = hlo.exponential %sh : tensor<2x4x64x64xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [3]
      : (tensor<2x4x64x64xf32>, tensor<f32>) -> tensor<2x4x64xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0, 1, 2] : (tensor<2x4x64xf32>) -> tensor<2x4x64x64xf32>
  %p = hlo.divide %e, %sumb : tensor<2x4x64x64xf32>

  // O[b, h, i, d] = sum_j P[b, h, i, j] V[b, j, h, d]
  %o = hlo.dot_general %p, %v, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1]
      : (tensor<2x4x64x64xf32>, tensor<2x64x4x32xf32>) -> tensor<2x4x64x32xf32>
  %ot = hlo.transpose %o, dims = [0, 2, 1, 3] : (tensor<2x4x64x32xf32>) -> tensor<2x64x4x32xf32>
  %out = hlo.reshape %ot : (tensor<2x64x4x32xf32>) -> tensor<2x64x128xf32>
  return %out, %p : tensor<2x64x128xf32>, tensor<2x4x64x64xf32>
}
