// bench workload matrix_chain_2048: c = (A B) v with A and B 2048x2048 and
// v of 2048 elements, f32, in the order written: a matrix-matrix product
// (2048^3 multiply-adds, a 16 MiB intermediate) then a matrix-vector one.
// --dot-order computes A (B v): two matrix-vector products, 2 * 2048^2
// multiply-adds, 1024 times fewer. Compulsory bytes: A and B read once
// (16 MiB each), v and c 8 KiB. numpy reference in bench/run.py.
func.func @main(%a: tensor<2048x2048xf32>, %b: tensor<2048x2048xf32>,
                %v: tensor<2048xf32>) -> tensor<2048xf32> {
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [0]
      : (tensor<2048x2048xf32>, tensor<2048x2048xf32>) -> tensor<2048x2048xf32>
  %c = hlo.dot %ab, %v : (tensor<2048x2048xf32>, tensor<2048xf32>) -> tensor<2048xf32>
  return %c : tensor<2048xf32>
}
