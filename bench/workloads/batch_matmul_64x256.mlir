// 64 products of 256x256 f32 matrices (bench/products.py).
func.func @main(%a: tensor<64x256x256xf32>, %b: tensor<64x256x256xf32>) -> tensor<64x256x256xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<64x256x256xf32>, tensor<64x256x256xf32>) -> tensor<64x256x256xf32>
  return %0 : tensor<64x256x256xf32>
}
