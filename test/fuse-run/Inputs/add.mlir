func.func @main(%x: tensor<2x3xf32>, %y: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %sum = hlo.add %x, %y : tensor<2x3xf32>
  return %sum : tensor<2x3xf32>
}
