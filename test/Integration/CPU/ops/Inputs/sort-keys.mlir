// Known inputs for sort-known-values.mlir, written as .npy files by
// `fuse-run Inputs/sort-keys.mlir --interpret --outputs=DIR`: repeated
// values, signed zeros, infinities and NaNs of both signs.
func.func @main() -> tensor<12xf32> {
  %x = hlo.constant dense<[3.0, 0x7FC00000, -0.0, 0.0, 0xFFC00000, 1.0, 3.0, 0xFF800000, 0.0, 0x7FC00000, -0.0, 0x7F800000]> : tensor<12xf32>
  return %x : tensor<12xf32>
}
