// bench workload softmax_8192x4096: softmax over the rows (dim 1) of a
// 8192x4096 f32 matrix, numerically stable (max-shifted) form, plain unfused
// ops:
//   e = exp(x - max(x, dim 1)), result = e / sum(e, dim 1).
// Compulsory bytes: x read once (128 MiB), the result written once
// (128 MiB). numpy and JAX references in bench/run.py.
func.func @main(%x: tensor<8192x4096xf32>) -> tensor<8192x4096xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1]
      : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0]
      : (tensor<8192xf32>) -> tensor<8192x4096xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<8192x4096xf32>
  %e = hlo.exponential %shifted : tensor<8192x4096xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0]
      : (tensor<8192xf32>) -> tensor<8192x4096xf32>
  %result = hlo.divide %e, %sumb : tensor<8192x4096xf32>
  return %result : tensor<8192x4096xf32>
}
