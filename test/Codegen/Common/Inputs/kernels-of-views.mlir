// Kernels that read and write views of buffers: two fusions computed into
// the slices of a concatenation, a slice at an offset read at run time,
// and an update of a carried buffer in a loop
// (drop-unused-arguments.mlir runs it).
func.func @main(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>, %i: tensor<i32>) -> (tensor<128x32xf32>, tensor<8x32xf32>, tensor<64x32xf32>) {
  %x = hlo.exponential %a : tensor<64x32xf32>
  %y = hlo.add %b, %b : tensor<64x32xf32>
  %c = hlo.concatenate dim = 0, %x, %y : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<128x32xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %d = hlo.dynamic_slice %c[%i, %zero] sizes = [8, 32] : (tensor<128x32xf32>, tensor<i32>, tensor<i32>) -> tensor<8x32xf32>
  %s = hlo.sine %d : tensor<8x32xf32>
  %r:2 = hlo.while(%k = %zero, %h = %a) : tensor<i32>, tensor<64x32xf32> cond {
    %steps = hlo.constant dense<3> : tensor<i32>
    %lt = hlo.compare LT, %k, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %k, %one : tensor<i32>
    %t = hlo.tanh %h : tensor<64x32xf32>
    %u = hlo.add %t, %b : tensor<64x32xf32>
    hlo.return %next, %u : tensor<i32>, tensor<64x32xf32>
  }
  return %c, %s, %r#1 : tensor<128x32xf32>, tensor<8x32xf32>, tensor<64x32xf32>
}
