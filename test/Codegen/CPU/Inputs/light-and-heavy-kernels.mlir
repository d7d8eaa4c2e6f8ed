// Kernels on both sides of fuse-cpu-mark-light-kernels' bound
// (mark-light-kernels.mlir runs it): a scaling of 16 elements by a constant
// table, a while loop's small step (hot: its trip count is unknown), and an
// elementwise fusion over 256 x 256 elements.
func.func @main(%x: tensor<16xf32>, %big: tensor<256x256xf32>) -> (tensor<16xf32>, tensor<16xf32>, tensor<256x256xf32>) {
  %table = hlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, -1.0, -2.0, -3.0, -4.0, -5.0, -6.0, -7.0, -8.0]> : tensor<16xf32>
  %scaled = hlo.multiply %x, %table : tensor<16xf32>
  %small = hlo.exponential %scaled : tensor<16xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %h = %x) : tensor<i32>, tensor<16xf32> cond {
    %steps = hlo.constant dense<5> : tensor<i32>
    %lt = hlo.compare LT, %i, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %half = hlo.constant dense<0.5> : tensor<16xf32>
    %t = hlo.tanh %h : tensor<16xf32>
    %u = hlo.multiply %t, %half : tensor<16xf32>
    hlo.return %next, %u : tensor<i32>, tensor<16xf32>
  }
  %e = hlo.exponential %big : tensor<256x256xf32>
  %s = hlo.sine %e : tensor<256x256xf32>
  %f = hlo.add %s, %big : tensor<256x256xf32>
  return %small, %r#1, %f : tensor<16xf32>, tensor<16xf32>, tensor<256x256xf32>
}
