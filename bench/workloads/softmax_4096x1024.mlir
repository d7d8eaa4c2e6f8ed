// bench workload softmax_4096x1024: softmax over the last dimension of a
// 4096x1024 f32 matrix, numerically stable form, plain unfused ops:
//   e = exp(x - max(x, dim 1)), result = e / sum(e, dim 1).
// Compulsory bytes: x read once (16 MiB), the result written once (16 MiB).
// numpy reference in bench/run.py.
func.func @main(%x: tensor<4096x1024xf32>) -> tensor<4096x1024xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1]
      : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0]
      : (tensor<4096xf32>) -> tensor<4096x1024xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<4096x1024xf32>
  %e = hlo.exponential %shifted : tensor<4096x1024xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : (tensor<4096x1024xf32>, tensor<f32>) -> tensor<4096xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0]
      : (tensor<4096xf32>) -> tensor<4096x1024xf32>
  %result = hlo.divide %e, %sumb : tensor<4096x1024xf32>
  return %result : tensor<4096x1024xf32>
}
