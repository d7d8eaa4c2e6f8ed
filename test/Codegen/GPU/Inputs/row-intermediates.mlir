// Row fusions whose intermediates fuse-gpu-recompute-intermediates
// recomputes (gpu-recompute-intermediates.mlir runs them).

func.func @softmax(%x: tensor<6x40xf32>) -> tensor<6x40xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<6x40xf32>, tensor<f32>) -> tensor<6xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<6xf32>) -> tensor<6x40xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<6x40xf32>
  %e = hlo.exponential %shifted : tensor<6x40xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<6x40xf32>, tensor<f32>) -> tensor<6xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<6xf32>) -> tensor<6x40xf32>
  %r = hlo.divide %e, %sumb : tensor<6x40xf32>
  return %r : tensor<6x40xf32>
}

// Square, so that the column scale has the row values' shape.
func.func @layer_norm(%x: tensor<16x16xf32>, %gamma: tensor<16xf32>) -> tensor<16x16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %n = hlo.constant dense<16.0> : tensor<16xf32>
  %sum = hlo.reduce add(%x init %zero) dims = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  %mean = hlo.divide %sum, %n : tensor<16xf32>
  %meanb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<16xf32>) -> tensor<16x16xf32>
  %c = hlo.subtract %x, %meanb : tensor<16x16xf32>
  %sq = hlo.multiply %c, %c : tensor<16x16xf32>
  %sqsum = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<16x16xf32>, tensor<f32>) -> tensor<16xf32>
  %var = hlo.divide %sqsum, %n : tensor<16xf32>
  %std = hlo.sqrt %var : tensor<16xf32>
  %stdb = hlo.broadcast_in_dim %std, dims = [0] : (tensor<16xf32>) -> tensor<16x16xf32>
  %normed = hlo.divide %c, %stdb : tensor<16x16xf32>
  %gb = hlo.broadcast_in_dim %gamma, dims = [1] : (tensor<16xf32>) -> tensor<16x16xf32>
  %r = hlo.multiply %normed, %gb : tensor<16x16xf32>
  return %r : tensor<16x16xf32>
}

// The exponentials are also a result: they stay written.
func.func @softmax_and_exponentials(%x: tensor<5x64xf32>) -> (tensor<5x64xf32>, tensor<5x64xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %e = hlo.exponential %x : tensor<5x64xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<5x64xf32>, tensor<f32>) -> tensor<5xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<5xf32>) -> tensor<5x64xf32>
  %r = hlo.divide %e, %sumb : tensor<5x64xf32>
  return %r, %e : tensor<5x64xf32>, tensor<5x64xf32>
}

// A row value broadcast along the row, then summed over it (found by
// hlo_fuzz: the reduction lost the operand that told its length).
func.func @broadcast_then_sum(%x: tensor<5xf32>) -> tensor<5xf32> {
  %a = hlo.broadcast_in_dim %x, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
  %b = hlo.broadcast_in_dim %x, dims = [0] : (tensor<5xf32>) -> tensor<5x4xf32>
  %s = hlo.add %a, %b : tensor<5x4xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce add(%s init %zero) dims = [1] : (tensor<5x4xf32>, tensor<f32>) -> tensor<5xf32>
  %m = hlo.abs %r : tensor<5xf32>
  return %m : tensor<5xf32>
}
