// Column reductions of few outputs, which blocks split along the reduced
// dimension (fuse-gpu-tile-kernels): run by column-reductions.test through
// the emulated GPU tiling against the interpreter.

// 16384x8: 8 outputs, 32 lanes of them per block.
func.func @column_sum(%x: tensor<16384x8xf32>) -> tensor<8xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [0] : (tensor<16384x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %s : tensor<8xf32>
}

// Sizes that divide nothing: 5000 rows of 3x5 outputs, max.
func.func @column_max(%x: tensor<5000x3x5xf32>) -> tensor<3x5xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce maximum(%x init %ninf) dims = [0] : (tensor<5000x3x5xf32>, tensor<f32>) -> tensor<3x5xf32>
  return %m : tensor<3x5xf32>
}

// Integers, the reduced dimension in the middle: 7 x 9000 x 2, sum over
// the 9000.
func.func @middle_sum(%x: tensor<7x9000x2xi32>) -> tensor<7x2xi32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %s = hlo.reduce add(%x init %zero) dims = [1] : (tensor<7x9000x2xi32>, tensor<i32>) -> tensor<7x2xi32>
  return %s : tensor<7x2xi32>
}

// A fused column reduction: the mean of squares per column.
func.func @column_mean_square(%x: tensor<8192x16xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sq = hlo.multiply %x, %x : tensor<8192x16xf32>
  %s = hlo.reduce add(%sq init %zero) dims = [0] : (tensor<8192x16xf32>, tensor<f32>) -> tensor<16xf32>
  %n = hlo.constant dense<8192.0> : tensor<16xf32>
  %m = hlo.divide %s, %n : tensor<16xf32>
  return %m : tensor<16xf32>
}

// More outputs than a block has threads: tiles of outputs, the last one
// partial (300 = 256 + 44). A maximum, exact in any order (a sum of 4096
// values cancels to where f32 reordering exceeds --check's tolerance).
func.func @wide_columns(%x: tensor<4096x300xf32>) -> tensor<300xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce maximum(%x init %ninf) dims = [0] : (tensor<4096x300xf32>, tensor<f32>) -> tensor<300xf32>
  return %m : tensor<300xf32>
}
