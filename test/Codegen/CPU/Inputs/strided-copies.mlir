// Programs whose bufferized forms copy into views of larger buffers
// (strided-copies-to-loops.mlir lowers and runs them).

func.func @pad(%x: tensor<3x17x19x16xf32>) -> tensor<3x21x20x16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %x, %zero, low = [0, 1, 0, 0], high = [0, 3, 1, 0], interior = [0, 0, 0, 0] : (tensor<3x17x19x16xf32>, tensor<f32>) -> tensor<3x21x20x16xf32>
  return %p : tensor<3x21x20x16xf32>
}

func.func @concatenate(%x: tensor<33x7xf32>, %y: tensor<33x5xf32>) -> tensor<33x12xf32> {
  %c = hlo.concatenate dim = 1, %x, %y : (tensor<33x7xf32>, tensor<33x5xf32>) -> tensor<33x12xf32>
  return %c : tensor<33x12xf32>
}

func.func @update(%cache: tensor<4x64x8xf32>, %row: tensor<4x1x8xf32>) -> tensor<4x64x8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %at = hlo.constant dense<37> : tensor<i32>
  %u = hlo.dynamic_update_slice %cache[%zero, %at, %zero], %row : (tensor<4x64x8xf32>, tensor<4x1x8xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<4x64x8xf32>
  return %u : tensor<4x64x8xf32>
}
