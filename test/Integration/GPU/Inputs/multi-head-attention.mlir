// Attention as flax writes it, on [batch, tokens, heads, depth]: the heads
// lie between each operand's rows, so fuse-gpu-library-products copies the
// inputs of both products into batches of matrices.
func.func @attention(%q: tensor<2x32x4x16xf32>, %k: tensor<2x32x4x16xf32>, %v: tensor<2x32x4x16xf32>) -> tensor<2x32x4x16xf32> {
  %s = hlo.dot_general %q, %k, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x32x4x16xf32>, tensor<2x32x4x16xf32>) -> tensor<2x4x32x32xf32>
  %e = hlo.exponential %s : tensor<2x4x32x32xf32>
  %o = hlo.dot_general %e, %v, batching_dims = [0, 1] x [0, 2], contracting_dims = [3] x [1] : (tensor<2x4x32x32xf32>, tensor<2x32x4x16xf32>) -> tensor<2x4x32x16xf32>
  %t = hlo.transpose %o, dims = [0, 2, 1, 3] : (tensor<2x4x32x16xf32>) -> tensor<2x32x4x16xf32>
  return %t : tensor<2x32x4x16xf32>
}
