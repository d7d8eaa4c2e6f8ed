// Kernels whose accesses are vectors of 2, 4 or 16 lanes, next to ones
// that stay scalar (sizes that are not a multiple of the lanes): run by
// vector-access.test through the emulated GPU tiling against the
// interpreter.

// f32, 4 lanes: 6x12 = 18 vectors.
func.func @f32_lanes(%x: tensor<6x12xf32>, %y: tensor<6x12xf32>) -> tensor<6x12xf32> {
  %m = hlo.multiply %x, %y : tensor<6x12xf32>
  %r = hlo.add %m, %x : tensor<6x12xf32>
  return %r : tensor<6x12xf32>
}

// 7 columns: scalar.
func.func @odd_columns(%x: tensor<5x7xf32>, %y: tensor<5x7xf32>) -> tensor<5x7xf32> {
  %r = hlo.subtract %x, %y : tensor<5x7xf32>
  return %r : tensor<5x7xf32>
}

// f64, 2 lanes, with a column broadcast read once per vector.
func.func @f64_broadcast(%x: tensor<3x10xf64>, %c: tensor<3xf64>) -> tensor<3x10xf64> {
  %b = hlo.broadcast_in_dim %c, dims = [0] : (tensor<3xf64>) -> tensor<3x10xf64>
  %r = hlo.multiply %x, %b : tensor<3x10xf64>
  return %r : tensor<3x10xf64>
}

// i8, 16 lanes, and a convert to the wider i32 (4 lanes of each).
func.func @bytes(%x: tensor<4x32xi8>, %y: tensor<4x32xi8>) -> (tensor<4x32xi8>, tensor<4x32xi32>) {
  %s = hlo.add %x, %y : tensor<4x32xi8>
  %w = hlo.convert %s : (tensor<4x32xi8>) -> tensor<4x32xi32>
  return %s, %w : tensor<4x32xi8>, tensor<4x32xi32>
}

// Rows: softmax over 20 columns (5 vectors per row) and sums over 6
// columns (scalar).
func.func @softmax_rows(%x: tensor<7x20xf32>) -> tensor<7x20xf32> {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1] : (tensor<7x20xf32>, tensor<f32>) -> tensor<7xf32>
  %mb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<7xf32>) -> tensor<7x20xf32>
  %d = hlo.subtract %x, %mb : tensor<7x20xf32>
  %e = hlo.exponential %d : tensor<7x20xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<7x20xf32>, tensor<f32>) -> tensor<7xf32>
  %sb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<7xf32>) -> tensor<7x20xf32>
  %r = hlo.divide %e, %sb : tensor<7x20xf32>
  return %r : tensor<7x20xf32>
}

func.func @short_rows(%x: tensor<5x6xf32>) -> tensor<5xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [1] : (tensor<5x6xf32>, tensor<f32>) -> tensor<5xf32>
  return %s : tensor<5xf32>
}

// Full reductions, two-stage: 4096 (vectors) and 4097 elements (scalar).
func.func @full_sums(%x: tensor<4096xf32>, %y: tensor<4097xf32>) -> (tensor<f32>, tensor<f32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sx = hlo.reduce add(%x init %zero) dims = [0] : (tensor<4096xf32>, tensor<f32>) -> tensor<f32>
  %sy = hlo.reduce add(%y init %zero) dims = [0] : (tensor<4097xf32>, tensor<f32>) -> tensor<f32>
  return %sx, %sy : tensor<f32>, tensor<f32>
}

// An index-dependent elementwise op: each lane its own column.
func.func @iota_plus(%x: tensor<4x8xf32>) -> tensor<4x8xf32> {
  %i = hlo.iota dim = 1 : tensor<4x8xf32>
  %r = hlo.add %x, %i : tensor<4x8xf32>
  return %r : tensor<4x8xf32>
}

// 768 vectors: with blocks of 32 threads and 3 blocks, each thread takes 4
// vectors per iteration, their loads first.
func.func @unrolled(%x: tensor<48x64xf32>, %y: tensor<48x64xf32>) -> tensor<48x64xf32> {
  %m = hlo.multiply %x, %y : tensor<48x64xf32>
  %r = hlo.subtract %m, %x : tensor<48x64xf32>
  return %r : tensor<48x64xf32>
}

// Rows of 1024 vectors: a block's threads take 4 vectors per iteration
// (with 32 or 256 threads), loads first. Exact combiners: an integer sum
// and a maximum.
func.func @long_rows(%x: tensor<8x4096xi32>, %y: tensor<8x4096xf32>) -> (tensor<8xi32>, tensor<8xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [1] : (tensor<8x4096xi32>, tensor<i32>) -> tensor<8xi32>
  %m = hlo.reduce maximum(%y init %ninf) dims = [1] : (tensor<8x4096xf32>, tensor<f32>) -> tensor<8xf32>
  return %s, %m : tensor<8xi32>, tensor<8xf32>
}
