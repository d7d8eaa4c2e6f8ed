func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  %r = hlo.while(%a = %x) : tensor<4xf32> cond {
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %t : tensor<i1>
  } do {
    hlo.return %a : tensor<4xf32>
  }
  return %r : tensor<4xf32>
}
