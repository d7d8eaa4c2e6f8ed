// The same computations on tensors of different shapes: products, row
// sums of exponentials, and a transposition at two shapes each
// (merge-similar-functions.mlir runs it).
func.func @main(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>, %c: tensor<64x80xf32>, %d: tensor<80x32xf32>) -> (tensor<64x32xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<48x64xf32>, tensor<80x64xf32>) {
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %cd = hlo.dot %c, %d : (tensor<64x80xf32>, tensor<80x32xf32>) -> tensor<64x32xf32>
  %e = hlo.exponential %a : tensor<64x48xf32>
  %f = hlo.exponential %c : tensor<64x80xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%e init %zero) dims = [1] : (tensor<64x48xf32>, tensor<f32>) -> tensor<64xf32>
  %t = hlo.reduce add(%f init %zero) dims = [1] : (tensor<64x80xf32>, tensor<f32>) -> tensor<64xf32>
  %at = hlo.transpose %a, dims = [1, 0] : (tensor<64x48xf32>) -> tensor<48x64xf32>
  %ct = hlo.transpose %c, dims = [1, 0] : (tensor<64x80xf32>) -> tensor<80x64xf32>
  return %ab, %cd, %s, %t, %at, %ct : tensor<64x32xf32>, tensor<64x32xf32>, tensor<64xf32>, tensor<64xf32>, tensor<48x64xf32>, tensor<80x64xf32>
}
