// Transforms whose matrices are too large to be constants (1024 x 513
// entries): made from iotas when the program runs.
func.func @main(%x: tensor<2x1024xf32>) -> (tensor<2x513xcomplex<f32>>, tensor<2x1024xf32>) {
  %r = hlo.fft %x, type = RFFT, length = [1024] : (tensor<2x1024xf32>) -> tensor<2x513xcomplex<f32>>
  %back = hlo.fft %r, type = IRFFT, length = [1024] : (tensor<2x513xcomplex<f32>>) -> tensor<2x1024xf32>
  return %r, %back : tensor<2x513xcomplex<f32>>, tensor<2x1024xf32>
}
