// One SGD step of softmax regression on sklearn's digits (the training
// example's step, bench/products.py): a batch of 128 images of 64 pixels,
// 10 classes; forward, gradient and update, f32. y holds the targets
// (one-hot in training; any values for timing).
func.func @main(%x: tensor<128x64xf32>, %y: tensor<128x10xf32>, %w: tensor<64x10xf32>, %b: tensor<10xf32>) -> (tensor<64x10xf32>, tensor<10xf32>) {
  %logits0 = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<128x64xf32>, tensor<64x10xf32>) -> tensor<128x10xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<10xf32>) -> tensor<128x10xf32>
  %logits = hlo.add %logits0, %bb : tensor<128x10xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%logits init %ninf) dims = [1]
      : (tensor<128x10xf32>, tensor<f32>) -> tensor<128xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<128xf32>) -> tensor<128x10xf32>
  %shifted = hlo.subtract %logits, %maxb : tensor<128x10xf32>
  %e = hlo.exponential %shifted : tensor<128x10xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : (tensor<128x10xf32>, tensor<f32>) -> tensor<128xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<128xf32>) -> tensor<128x10xf32>
  %p = hlo.divide %e, %sumb : tensor<128x10xf32>
  %diff = hlo.subtract %p, %y : tensor<128x10xf32>
  %scale = hlo.constant dense<0.0078125> : tensor<128x10xf32>
  %g = hlo.multiply %diff, %scale : tensor<128x10xf32>
  %gw = hlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<128x64xf32>, tensor<128x10xf32>) -> tensor<64x10xf32>
  %gb = hlo.reduce add(%g init %zero) dims = [0]
      : (tensor<128x10xf32>, tensor<f32>) -> tensor<10xf32>
  %lr = hlo.constant dense<0.5> : tensor<64x10xf32>
  %lrb = hlo.constant dense<0.5> : tensor<10xf32>
  %dw = hlo.multiply %gw, %lr : tensor<64x10xf32>
  %db = hlo.multiply %gb, %lrb : tensor<10xf32>
  %w2 = hlo.subtract %w, %dw : tensor<64x10xf32>
  %b2 = hlo.subtract %b, %db : tensor<10xf32>
  return %w2, %b2 : tensor<64x10xf32>, tensor<10xf32>
}
