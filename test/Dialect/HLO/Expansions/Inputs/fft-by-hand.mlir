// The transforms of [1, 2, 3, 4]: FFT [10, -2 + 2i, -2, -2 - 2i], and
// IRFFT of its first three frequencies gives the signal back.
func.func @main() -> (tensor<4xcomplex<f32>>, tensor<4xf32>) {
  %x = hlo.constant dense<[(1.0, 0.0), (2.0, 0.0), (3.0, 0.0), (4.0, 0.0)]> : tensor<4xcomplex<f32>>
  %f = hlo.fft %x, type = FFT, length = [4] : (tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>>
  %r = hlo.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
  %rf = hlo.fft %r, type = RFFT, length = [4] : (tensor<4xf32>) -> tensor<3xcomplex<f32>>
  %back = hlo.fft %rf, type = IRFFT, length = [4] : (tensor<3xcomplex<f32>>) -> tensor<4xf32>
  return %f, %back : tensor<4xcomplex<f32>>, tensor<4xf32>
}
