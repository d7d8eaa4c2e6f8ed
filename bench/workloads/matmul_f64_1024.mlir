// C = A B, 1024x1024 times 1024x1024, f64 (bench/products.py).
func.func @main(%a: tensor<1024x1024xf64>, %b: tensor<1024x1024xf64>) -> tensor<1024x1024xf64> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1024x1024xf64>, tensor<1024x1024xf64>) -> tensor<1024x1024xf64>
  return %0 : tensor<1024x1024xf64>
}
