// y = A x, A 8192x8192 f32: bound by reading A once (bench/products.py).
func.func @main(%a: tensor<8192x8192xf32>, %x: tensor<8192xf32>) -> tensor<8192xf32> {
  %0 = hlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<8192x8192xf32>, tensor<8192xf32>) -> tensor<8192xf32>
  return %0 : tensor<8192xf32>
}
