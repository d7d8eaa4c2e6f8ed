// Known inputs for the tests, written as .npy files by
// `fuse-run Inputs/constants.mlir --interpret --outputs=DIR`.
func.func @main() -> (tensor<2x3xf32>, tensor<3xi32>) {
  %x = hlo.constant dense<[[1.5, -2.0, 0.1], [1.0e10, -0.0, 3.0]]> : tensor<2x3xf32>
  %k = hlo.constant dense<[7, -7, 5]> : tensor<3xi32>
  return %x, %k : tensor<2x3xf32>, tensor<3xi32>
}
