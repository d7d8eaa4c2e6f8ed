// Kernels whose conversion to LLVM declares functions or refers to symbols
// of the module: erf (a libm call), a constant table (a global read by two
// kernels), a sum to one value (heap buffers: malloc and free), and a loop
// whose body calls kernels (convert-to-llvm-in-parallel.mlir runs it).
func.func @main(%a: tensor<256x64xf32>, %b: tensor<64xf32>) -> (tensor<256x64xf32>, tensor<f32>, tensor<64xf32>) {
  %e = hlo.erf %a : tensor<256x64xf32>
  %table = hlo.constant dense<[[0.5, -1.0, 2.0, 0.25]]> : tensor<1x4xf32>
  %tiled = hlo.reshape %table : (tensor<1x4xf32>) -> tensor<4xf32>
  %wide = hlo.broadcast_in_dim %tiled, dims = [1] : (tensor<4xf32>) -> tensor<64x4xf32>
  %flat = hlo.reshape %wide : (tensor<64x4xf32>) -> tensor<256xf32>
  %scale = hlo.broadcast_in_dim %flat, dims = [0] : (tensor<256xf32>) -> tensor<256x64xf32>
  %scaled = hlo.multiply %e, %scale : tensor<256x64xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce add(%scaled init %zero) dims = [0, 1] : (tensor<256x64xf32>, tensor<f32>) -> tensor<f32>
  %i0 = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%k = %i0, %h = %b) : tensor<i32>, tensor<64xf32> cond {
    %steps = hlo.constant dense<3> : tensor<i32>
    %lt = hlo.compare LT, %k, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %k, %one : tensor<i32>
    %t = hlo.erf %h : tensor<64xf32>
    %u = hlo.add %t, %b : tensor<64xf32>
    hlo.return %next, %u : tensor<i32>, tensor<64xf32>
  }
  return %scaled, %sum, %r#1 : tensor<256x64xf32>, tensor<f32>, tensor<64xf32>
}
