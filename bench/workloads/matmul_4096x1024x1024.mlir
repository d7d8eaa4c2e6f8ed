// C = A B, 4096x1024 times 1024x1024, f32 (bench/products.py).
func.func @main(%a: tensor<4096x1024xf32>, %b: tensor<1024x1024xf32>) -> tensor<4096x1024xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<4096x1024xf32>, tensor<1024x1024xf32>) -> tensor<4096x1024xf32>
  return %0 : tensor<4096x1024xf32>
}
