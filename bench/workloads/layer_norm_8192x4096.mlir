// bench workload layer_norm_8192x4096: layer normalization of the rows of a
// 8192x4096 f32 matrix, plain unfused ops:
//   mean = sum(x, dim 1) / 4096, c = x - mean,
//   var = sum(c * c, dim 1) / 4096 (biased),
//   result = c / sqrt(var + 1e-5) * gamma + beta
// with gamma and beta of shape [4096] broadcast over the rows. Compulsory
// bytes: x read once (128 MiB), gamma and beta (16 KiB each), the result
// written once (128 MiB). numpy and JAX references in bench/run.py.
func.func @main(%x: tensor<8192x4096xf32>, %gamma: tensor<4096xf32>,
                %beta: tensor<4096xf32>) -> tensor<8192x4096xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<4096.0> : tensor<8192xf32>
  %eps = hlo.constant dense<1.0e-05> : tensor<8192xf32>
  %sum = hlo.reduce add(%x init %zero) dims = [1]
      : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192xf32>
  %mean = hlo.divide %sum, %n : tensor<8192xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0]
      : (tensor<8192xf32>) -> tensor<8192x4096xf32>
  %c = hlo.subtract %x, %meanb : tensor<8192x4096xf32>
  %sq = hlo.multiply %c, %c : tensor<8192x4096xf32>
  %sqsum = hlo.reduce add(%sq init %zero) dims = [1]
      : (tensor<8192x4096xf32>, tensor<f32>) -> tensor<8192xf32>
  %var = hlo.divide %sqsum, %n : tensor<8192xf32>
  %vareps = hlo.add %var, %eps : tensor<8192xf32>
  %std = hlo.sqrt %vareps : tensor<8192xf32>
  %stdb = hlo.broadcast_in_dim %std, dims = [0]
      : (tensor<8192xf32>) -> tensor<8192x4096xf32>
  %normed = hlo.divide %c, %stdb : tensor<8192x4096xf32>
  %gammab = hlo.broadcast_in_dim %gamma, dims = [1]
      : (tensor<4096xf32>) -> tensor<8192x4096xf32>
  %betab = hlo.broadcast_in_dim %beta, dims = [1]
      : (tensor<4096xf32>) -> tensor<8192x4096xf32>
  %scaled = hlo.multiply %normed, %gammab : tensor<8192x4096xf32>
  %result = hlo.add %scaled, %betab : tensor<8192x4096xf32>
  return %result : tensor<8192x4096xf32>
}
