// The reciprocal square root, sine, cosine and sign of complex numbers, and
// the sign of zero.
func.func @main(%z: tensor<8xcomplex<f32>>) -> (tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<complex<f32>>) {
  %r = hlo.rsqrt %z : tensor<8xcomplex<f32>>
  %s = hlo.sine %z : tensor<8xcomplex<f32>>
  %c = hlo.cosine %z : tensor<8xcomplex<f32>>
  %g = hlo.sign %z : tensor<8xcomplex<f32>>
  %zero = hlo.constant dense<(0.0, -0.0)> : tensor<complex<f32>>
  %g0 = hlo.sign %zero : tensor<complex<f32>>
  return %r, %s, %c, %g, %g0 : tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<8xcomplex<f32>>, tensor<complex<f32>>
}
