// bench workload squared_distances_4096x64: the squared Euclidean distances
// between the rows of A and B (4096x64 f32 each), in the naive form a
// NumPy tracer gives for ((a[:, None, :] - b[None, :, :]) ** 2).sum(-1):
// broadcasts to 4096x4096x64 (1 GiB per tensor), a subtraction, a square
// and a reduction over the features. --algebraic-simplify computes
// |a_i|^2 + |b_j|^2 - 2 a_i . b_j: one matrix product and two row norms,
// nothing larger than the 64 MiB result. Compulsory bytes: A and B read
// once (1 MiB each), the result written once (64 MiB). numpy reference in
// bench/run.py.
func.func @main(%a: tensor<4096x64xf32>, %b: tensor<4096x64xf32>)
    -> tensor<4096x4096xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2]
      : (tensor<4096x64xf32>) -> tensor<4096x4096x64xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2]
      : (tensor<4096x64xf32>) -> tensor<4096x4096x64xf32>
  %diff = hlo.subtract %ab, %bb : tensor<4096x4096x64xf32>
  %sq = hlo.multiply %diff, %diff : tensor<4096x4096x64xf32>
  %d = hlo.reduce add(%sq init %zero) dims = [2]
      : (tensor<4096x4096x64xf32>, tensor<f32>) -> tensor<4096x4096xf32>
  return %d : tensor<4096x4096xf32>
}
