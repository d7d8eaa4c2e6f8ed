// A product of complex numbers by reduce: not expanded, with a reason.
func.func @main(%z: tensor<4xcomplex<f32>>, %one: tensor<complex<f32>>) -> tensor<complex<f32>> {
  %p = hlo.reduce multiply(%z init %one) dims = [0] : (tensor<4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<complex<f32>>
  return %p : tensor<complex<f32>>
}
