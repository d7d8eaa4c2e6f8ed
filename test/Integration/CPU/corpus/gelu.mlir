// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// Elementwise activation chains on a 256x1024 tensor, the kind a loop
// fusion turns into one kernel:
//   gelu_tanh(x)    = 0.5 x (1 + tanh(sqrt(2/pi) (x + 0.044715 x^3)))
//   gelu_sigmoid(x) = x * logistic(1.702 x)
//   silu(x) + softplus(x), with softplus(x) = log_plus_one(exp(-|x|)) + max(x, 0)

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
// CHECK: @main result 2: ok
func.func @main(%x: tensor<256x1024xf32>) -> (tensor<256x1024xf32>, tensor<256x1024xf32>, tensor<256x1024xf32>) {
  %half = hlo.constant dense<0.5> : tensor<256x1024xf32>
  %one = hlo.constant dense<1.0> : tensor<256x1024xf32>
  %k = hlo.constant dense<0.797884583> : tensor<256x1024xf32>
  %c = hlo.constant dense<0.044715> : tensor<256x1024xf32>
  %x2 = hlo.multiply %x, %x : tensor<256x1024xf32>
  %x3 = hlo.multiply %x2, %x : tensor<256x1024xf32>
  %cx3 = hlo.multiply %c, %x3 : tensor<256x1024xf32>
  %inner = hlo.add %x, %cx3 : tensor<256x1024xf32>
  %scaled = hlo.multiply %k, %inner : tensor<256x1024xf32>
  %t = hlo.tanh %scaled : tensor<256x1024xf32>
  %onept = hlo.add %one, %t : tensor<256x1024xf32>
  %hx = hlo.multiply %half, %x : tensor<256x1024xf32>
  %gelu = hlo.multiply %hx, %onept : tensor<256x1024xf32>

  %a = hlo.constant dense<1.702> : tensor<256x1024xf32>
  %ax = hlo.multiply %a, %x : tensor<256x1024xf32>
  %sig = hlo.logistic %ax : tensor<256x1024xf32>
  %gelu2 = hlo.multiply %x, %sig : tensor<256x1024xf32>

  %sx = hlo.logistic %x : tensor<256x1024xf32>
  %silu = hlo.multiply %x, %sx : tensor<256x1024xf32>
  %abs = hlo.abs %x : tensor<256x1024xf32>
  %nabs = hlo.negate %abs : tensor<256x1024xf32>
  %e = hlo.exponential %nabs : tensor<256x1024xf32>
  %l = hlo.log_plus_one %e : tensor<256x1024xf32>
  %zero = hlo.constant dense<0.0> : tensor<256x1024xf32>
  %relu = hlo.maximum %x, %zero : tensor<256x1024xf32>
  %softplus = hlo.add %l, %relu : tensor<256x1024xf32>
  %sum = hlo.add %silu, %softplus : tensor<256x1024xf32>
  return %gelu, %gelu2, %sum : tensor<256x1024xf32>, tensor<256x1024xf32>, tensor<256x1024xf32>
}
