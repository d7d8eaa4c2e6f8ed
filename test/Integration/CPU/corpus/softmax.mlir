// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// A numerically stable softmax over the last axis of 256x1000 logits:
// subtract the row maximum, exponentiate, divide by the row sum. The second
// result is the log-softmax, x - max - log(sum).

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
func.func @main(%x: tensor<256x1000xf32>) -> (tensor<256x1000xf32>, tensor<256x1000xf32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%x init %ninf) dims = [1]
      : (tensor<256x1000xf32>, tensor<f32>) -> tensor<256xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<256xf32>) -> tensor<256x1000xf32>
  %shifted = hlo.subtract %x, %maxb : tensor<256x1000xf32>
  %e = hlo.exponential %shifted : tensor<256x1000xf32>
  %sum = hlo.reduce add(%e init %zero) dims = [1]
      : (tensor<256x1000xf32>, tensor<f32>) -> tensor<256xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<256xf32>) -> tensor<256x1000xf32>
  %softmax = hlo.divide %e, %sumb : tensor<256x1000xf32>
  %logsum = hlo.log %sum : tensor<256xf32>
  %logsumb = hlo.broadcast_in_dim %logsum, dims = [0] : (tensor<256xf32>) -> tensor<256x1000xf32>
  %logsoftmax = hlo.subtract %shifted, %logsumb : tensor<256x1000xf32>
  return %softmax, %logsoftmax : tensor<256x1000xf32>, tensor<256x1000xf32>
}
