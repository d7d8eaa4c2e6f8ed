// Rows of a complex matrix gathered by index: one gather per part, sharing
// the indices.
func.func @main(%z: tensor<5x4xcomplex<f32>>, %i: tensor<3x1xi32>) -> tensor<3x4xcomplex<f32>> {
  %g = hlo.gather %z[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<5x4xcomplex<f32>>, tensor<3x1xi32>) -> tensor<3x4xcomplex<f32>>
  return %g : tensor<3x4xcomplex<f32>>
}
