// A graph net's gradient: rows gathered by index, masked, summed over the
// 8192 edges per feature (split-reductions-index.mlir runs it).
func.func @main(%rows: tensor<8192x64xf32>, %index: tensor<8192xi32>, %table: tensor<1024x64xf32>, %mask: tensor<8192xi1>) -> (tensor<64xf32>, tensor<8192x64xf32>) {
  %r:2 = hlo.fusion input(%rows, %index, %table, %mask) : (tensor<8192x64xf32>, tensor<8192xi32>, tensor<1024x64xf32>, tensor<8192xi1>) -> (tensor<64xf32>, tensor<8192x64xf32>) {
  ^bb0(%x: tensor<8192x64xf32>, %i: tensor<8192xi32>, %t: tensor<1024x64xf32>, %m: tensor<8192xi1>):
    %zero = hlo.constant dense<0.0> : tensor<8192x64xf32>
    %positive = hlo.compare GT, %x, %zero : tensor<8192x64xf32>
    %ii = hlo.reshape %i : (tensor<8192xi32>) -> tensor<8192x1xi32>
    %g = hlo.gather %t[%ii], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 64] : (tensor<1024x64xf32>, tensor<8192x1xi32>) -> tensor<8192x64xf32>
    %mm = hlo.broadcast_in_dim %m, dims = [0] : (tensor<8192xi1>) -> tensor<8192x64xi1>
    %masked = hlo.select %mm, %g, %zero : tensor<8192x64xi1>, tensor<8192x64xf32>
    %kept = hlo.select %positive, %masked, %zero : tensor<8192x64xi1>, tensor<8192x64xf32>
    %init = hlo.constant dense<0.0> : tensor<f32>
    %sum = hlo.reduce add(%kept init %init) dims = [0] : (tensor<8192x64xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %sum, %kept : tensor<64xf32>, tensor<8192x64xf32>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<8192x64xf32>
}
