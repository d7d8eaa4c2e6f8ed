// bench workload running_example_8192: the running example mean(x * x * 3 + y)
// over a 8192x8192 f32 matrix, written as plain unfused ops (the structure of
// examples/running-example.mlir). Compulsory bytes: x and y read once
// (256 MiB each), one f32 written. numpy reference:
// np.mean(x * x * 3 + y) in bench/run.py.
func.func @main(%x: tensor<8192x8192xf32>, %y: tensor<8192x8192xf32>)
    -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<67108864.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<8192x8192xf32>
  %3 = hlo.broadcast_in_dim %three, dims = []
      : (tensor<f32>) -> tensor<8192x8192xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<8192x8192xf32>
  %sum = hlo.add %xx3, %y : tensor<8192x8192xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<8192x8192xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}
