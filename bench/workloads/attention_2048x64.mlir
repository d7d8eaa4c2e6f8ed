// An attention block: softmax(q k^T / 8) v, q, k, v 2048x64 f32
// (bench/products.py).
func.func @main(%q: tensor<2048x64xf32>, %k: tensor<2048x64xf32>, %v: tensor<2048x64xf32>) -> tensor<2048x64xf32> {
  %s = hlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<2048x64xf32>, tensor<2048x64xf32>) -> tensor<2048x2048xf32>
  %c = hlo.constant dense<0.125> : tensor<2048x2048xf32>
  %z = hlo.multiply %s, %c : tensor<2048x2048xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce maximum(%z init %ninf) dims = [1]
      : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048xf32>
  %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<2048xf32>) -> tensor<2048x2048xf32>
  %d = hlo.subtract %z, %mb : tensor<2048x2048xf32>
  %e = hlo.exponential %d : tensor<2048x2048xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : (tensor<2048x2048xf32>, tensor<f32>) -> tensor<2048xf32>
  %sb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<2048xf32>) -> tensor<2048x2048xf32>
  %p = hlo.divide %e, %sb : tensor<2048x2048xf32>
  %o = hlo.dot_general %p, %v, contracting_dims = [1] x [0] : (tensor<2048x2048xf32>, tensor<2048x64xf32>) -> tensor<2048x64xf32>
  return %o : tensor<2048x64xf32>
}
