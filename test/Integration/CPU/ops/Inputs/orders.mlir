// Known inputs for compare-orders.mlir, written as .npy files by
// `fuse-run Inputs/orders.mlir --interpret --outputs=DIR`: pairs that the
// orders tell apart (signed zeros, NaNs of both signs, the integer extremes).
func.func @main() -> (tensor<8xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xi32>) {
  %a = hlo.constant dense<[-0.0, 0.0, 0x7FC00000, 0xFFC00000, 0xFF800000, 1.0, 0x7FC00000, -1.0]> : tensor<8xf32>
  %b = hlo.constant dense<[0.0, -0.0, 0x7F800000, 0xFF800000, 0xFFC00000, 0x7FC00000, 0x7FC00000, -1.0]> : tensor<8xf32>
  %x = hlo.constant dense<[-1, 1, 0, -2147483648]> : tensor<4xi32>
  %y = hlo.constant dense<[1, -1, 0, 2147483647]> : tensor<4xi32>
  return %a, %b, %x, %y : tensor<8xf32>, tensor<8xf32>, tensor<4xi32>, tensor<4xi32>
}
