// A loop carrying a complex value and a counter: z <- z * w + 1, 5 times.
func.func @main(%z: tensor<4xcomplex<f32>>, %w: tensor<4xcomplex<f32>>) -> tensor<4xcomplex<f32>> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %acc = %z) : tensor<i32>, tensor<4xcomplex<f32>>
  cond {
    %n = hlo.constant dense<5> : tensor<i32>
    %less = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %less : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %p = hlo.multiply %acc, %w : tensor<4xcomplex<f32>>
    %c = hlo.constant dense<(1.0, 0.0)> : tensor<4xcomplex<f32>>
    %s = hlo.add %p, %c : tensor<4xcomplex<f32>>
    hlo.return %next, %s : tensor<i32>, tensor<4xcomplex<f32>>
  }
  return %r#1 : tensor<4xcomplex<f32>>
}
