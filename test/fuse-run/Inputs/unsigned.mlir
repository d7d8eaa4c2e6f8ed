// Unsigned tensors in and out of an executable.
func.func @keys(%k: tensor<2xui32>, %b: tensor<3xui8>) -> (tensor<2xui32>, tensor<3xui8>) {
  return %k, %b : tensor<2xui32>, tensor<3xui8>
}

// .npy files of unsigned types, written by fuse-run --outputs.
func.func @constants() -> (tensor<2xui32>, tensor<3xui8>) {
  %k = hlo.constant dense<[7, 4000000000]> : tensor<2xui32>
  %b = hlo.constant dense<[1, 2, 255]> : tensor<3xui8>
  return %k, %b : tensor<2xui32>, tensor<3xui8>
}
