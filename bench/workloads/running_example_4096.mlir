// bench workload running_example_4096: the running example mean(x * x * 3 + y)
// over a 4096x4096 f32 matrix, written as plain unfused ops (the structure of
// examples/running-example.mlir). Compulsory bytes: x and y read once
// (64 MiB each), one f32 written. numpy reference:
// np.mean(x * x * 3 + y) in bench/run.py.
func.func @main(%x: tensor<4096x4096xf32>, %y: tensor<4096x4096xf32>)
    -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<16777216.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<4096x4096xf32>
  %3 = hlo.broadcast_in_dim %three, dims = []
      : (tensor<f32>) -> tensor<4096x4096xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<4096x4096xf32>
  %sum = hlo.add %xx3, %y : tensor<4096x4096xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<4096x4096xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}
