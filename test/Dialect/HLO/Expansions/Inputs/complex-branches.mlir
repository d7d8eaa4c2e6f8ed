// Branches that return complex values: z * w or conj(z), by the index.
func.func @main(%z: tensor<4xcomplex<f32>>, %w: tensor<4xcomplex<f32>>, %i: tensor<i32>) -> tensor<4xcomplex<f32>> {
  %r = hlo.case %i -> tensor<4xcomplex<f32>> {
    %p = hlo.multiply %z, %w : tensor<4xcomplex<f32>>
    hlo.return %p : tensor<4xcomplex<f32>>
  }, {
    %re = hlo.real %z : tensor<4xcomplex<f32>>
    %im = hlo.imag %z : tensor<4xcomplex<f32>>
    %neg = hlo.negate %im : tensor<4xf32>
    %c = hlo.complex %re, %neg : tensor<4xf32>
    hlo.return %c : tensor<4xcomplex<f32>>
  }
  return %r : tensor<4xcomplex<f32>>
}
