// A loop that carries an accumulator: acc + x * 0.5, 7 times.
func.func @main(%x: tensor<16x32xf32>, %init: tensor<16x32xf32>) -> (tensor<i32>, tensor<16x32xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%acc = %init, %i = %zero) : tensor<16x32xf32>, tensor<i32> cond {
    %seven = hlo.constant dense<7> : tensor<i32>
    %lt = hlo.compare LT, %i, %seven : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %half = hlo.constant dense<0.5> : tensor<16x32xf32>
    %h = hlo.multiply %x, %half : tensor<16x32xf32>
    %a = hlo.add %acc, %h : tensor<16x32xf32>
    hlo.return %a, %next : tensor<16x32xf32>, tensor<i32>
  }
  return %r#1, %r#0 : tensor<i32>, tensor<16x32xf32>
}
