// Three layers of the same shapes, applied in each step of a while loop
// (outline-kernels.mlir runs it). The layers' products are scaled down so
// that the steps do not amplify rounding.
func.func @main(%x: tensor<64x128xf32>, %w1: tensor<128x128xf32>, %w2: tensor<128x128xf32>, %w3: tensor<128x128xf32>, %b: tensor<128xf32>) -> tensor<64x128xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %h = %x) : tensor<i32>, tensor<64x128xf32> cond {
    %steps = hlo.constant dense<3> : tensor<i32>
    %lt = hlo.compare LT, %i, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %scale = hlo.constant dense<0.0625> : tensor<64x128xf32>
    %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<128xf32>) -> tensor<64x128xf32>
    %p1 = hlo.dot_general %h, %w1, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %q1 = hlo.multiply %p1, %scale : tensor<64x128xf32>
    %s1 = hlo.add %q1, %bb : tensor<64x128xf32>
    %h1 = hlo.tanh %s1 : tensor<64x128xf32>
    %p2 = hlo.dot_general %h1, %w2, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %q2 = hlo.multiply %p2, %scale : tensor<64x128xf32>
    %s2 = hlo.add %q2, %bb : tensor<64x128xf32>
    %h2 = hlo.tanh %s2 : tensor<64x128xf32>
    %p3 = hlo.dot_general %h2, %w3, contracting_dims = [1] x [0] : (tensor<64x128xf32>, tensor<128x128xf32>) -> tensor<64x128xf32>
    %q3 = hlo.multiply %p3, %scale : tensor<64x128xf32>
    %s3 = hlo.add %q3, %bb : tensor<64x128xf32>
    %h3 = hlo.tanh %s3 : tensor<64x128xf32>
    hlo.return %next, %h3 : tensor<i32>, tensor<64x128xf32>
  }
  return %r#1 : tensor<64x128xf32>
}
