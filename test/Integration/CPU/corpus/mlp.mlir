// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// The forward pass of a two-layer perceptron on a batch of 64 flattened
// 28x28 images: h = relu(x W1 + b1) (784 -> 256), logits = tanh(h W2 + b2)
// * 4 (256 -> 10), and the log-probabilities logits - logsumexp(logits)
// with the row maximum subtracted first. The weights are scaled by
// 1/sqrt(3 * fan_in), as an initializer would, to keep the activations
// of order 1.

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
func.func @main(%x: tensor<64x784xf32>, %w1: tensor<784x256xf32>, %b1: tensor<256xf32>,
                %w2: tensor<256x10xf32>, %b2: tensor<10xf32>) -> (tensor<64x10xf32>, tensor<64xf32>) {
  %s1 = hlo.constant dense<0.0206196> : tensor<784x256xf32>
  %s2 = hlo.constant dense<0.0360844> : tensor<256x10xf32>
  %w1s = hlo.multiply %w1, %s1 : tensor<784x256xf32>
  %w2s = hlo.multiply %w2, %s2 : tensor<256x10xf32>

  // Layer 1: dense + bias + relu.
  %z1 = hlo.dot_general %x, %w1s, contracting_dims = [1] x [0]
      : (tensor<64x784xf32>, tensor<784x256xf32>) -> tensor<64x256xf32>
  %b1b = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<256xf32>) -> tensor<64x256xf32>
  %a1 = hlo.add %z1, %b1b : tensor<64x256xf32>
  %zero = hlo.constant dense<0.0> : tensor<64x256xf32>
  %h = hlo.maximum %a1, %zero : tensor<64x256xf32>

  // Layer 2: dense + bias + tanh, scaled.
  %z2 = hlo.dot_general %h, %w2s, contracting_dims = [1] x [0]
      : (tensor<64x256xf32>, tensor<256x10xf32>) -> tensor<64x10xf32>
  %b2b = hlo.broadcast_in_dim %b2, dims = [1] : (tensor<10xf32>) -> tensor<64x10xf32>
  %a2 = hlo.add %z2, %b2b : tensor<64x10xf32>
  %t = hlo.tanh %a2 : tensor<64x10xf32>
  %four = hlo.constant dense<4.0> : tensor<64x10xf32>
  %logits = hlo.multiply %t, %four : tensor<64x10xf32>

  // log-softmax through a stable logsumexp.
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %fzero = hlo.constant dense<0.0> : tensor<f32>
  %max = hlo.reduce maximum(%logits init %ninf) dims = [1]
      : (tensor<64x10xf32>, tensor<f32>) -> tensor<64xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<64xf32>) -> tensor<64x10xf32>
  %shifted = hlo.subtract %logits, %maxb : tensor<64x10xf32>
  %e = hlo.exponential %shifted : tensor<64x10xf32>
  %sum = hlo.reduce add(%e init %fzero) dims = [1]
      : (tensor<64x10xf32>, tensor<f32>) -> tensor<64xf32>
  %logsum = hlo.log %sum : tensor<64xf32>
  %lse = hlo.add %logsum, %max : tensor<64xf32>
  %lseb = hlo.broadcast_in_dim %lse, dims = [0] : (tensor<64xf32>) -> tensor<64x10xf32>
  %logp = hlo.subtract %logits, %lseb : tensor<64x10xf32>
  return %logp, %lse : tensor<64x10xf32>, tensor<64xf32>
}
