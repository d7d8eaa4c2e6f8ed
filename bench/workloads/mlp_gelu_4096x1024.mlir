// A dense layer: gelu(x W + b) with the tanh form of gelu, x 4096x1024,
// W 1024x1024, f32 (bench/products.py; fused, the epilogue runs per tile).
func.func @main(%x: tensor<4096x1024xf32>, %w: tensor<1024x1024xf32>, %b: tensor<1024xf32>) -> tensor<4096x1024xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<4096x1024xf32>, tensor<1024x1024xf32>) -> tensor<4096x1024xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<1024xf32>) -> tensor<4096x1024xf32>
  %h = hlo.add %d, %bb : tensor<4096x1024xf32>
  %c0 = hlo.constant dense<0.5> : tensor<4096x1024xf32>
  %c1 = hlo.constant dense<1.0> : tensor<4096x1024xf32>
  %c2 = hlo.constant dense<0.7978845608> : tensor<4096x1024xf32>
  %c3 = hlo.constant dense<0.044715> : tensor<4096x1024xf32>
  %h2 = hlo.multiply %h, %h : tensor<4096x1024xf32>
  %h3 = hlo.multiply %h2, %h : tensor<4096x1024xf32>
  %t0 = hlo.multiply %c3, %h3 : tensor<4096x1024xf32>
  %t1 = hlo.add %h, %t0 : tensor<4096x1024xf32>
  %t2 = hlo.multiply %c2, %t1 : tensor<4096x1024xf32>
  %t3 = hlo.tanh %t2 : tensor<4096x1024xf32>
  %t4 = hlo.add %c1, %t3 : tensor<4096x1024xf32>
  %t5 = hlo.multiply %h, %t4 : tensor<4096x1024xf32>
  %r = hlo.multiply %c0, %t5 : tensor<4096x1024xf32>
  return %r : tensor<4096x1024xf32>
}
