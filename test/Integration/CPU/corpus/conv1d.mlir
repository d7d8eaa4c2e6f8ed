// RUN: fuse-run %s --entry=main --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --entry=main --random-inputs=1 --check | FileCheck %s

// A 1-D convolution written with slices, the way a frontend without a conv
// op would emit it: 8 signals of length 1024, a 5-tap filter w.
//   valid:  y[n, i] = sum_t w[t] x[n, i + t]                  (8x1020)
//   same:   the same on x zero-padded by 2 on each side       (8x1024)
//   strided: every second output of "valid" through a strided slice
//            (8x510), then a ReLU.
// Each tap is a slice of x times a broadcast slice of w.

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok
// CHECK: @main result 2: ok
func.func @main(%x: tensor<8x1024xf32>, %w: tensor<5xf32>) -> (tensor<8x1020xf32>, tensor<8x1024xf32>, tensor<8x510xf32>) {
  %w0 = hlo.slice %w, starts = [0], limits = [1], strides = [1] : (tensor<5xf32>) -> tensor<1xf32>
  %w1 = hlo.slice %w, starts = [1], limits = [2], strides = [1] : (tensor<5xf32>) -> tensor<1xf32>
  %w2 = hlo.slice %w, starts = [2], limits = [3], strides = [1] : (tensor<5xf32>) -> tensor<1xf32>
  %w3 = hlo.slice %w, starts = [3], limits = [4], strides = [1] : (tensor<5xf32>) -> tensor<1xf32>
  %w4 = hlo.slice %w, starts = [4], limits = [5], strides = [1] : (tensor<5xf32>) -> tensor<1xf32>
  %b0 = hlo.broadcast_in_dim %w0, dims = [1] : (tensor<1xf32>) -> tensor<8x1020xf32>
  %b1 = hlo.broadcast_in_dim %w1, dims = [1] : (tensor<1xf32>) -> tensor<8x1020xf32>
  %b2 = hlo.broadcast_in_dim %w2, dims = [1] : (tensor<1xf32>) -> tensor<8x1020xf32>
  %b3 = hlo.broadcast_in_dim %w3, dims = [1] : (tensor<1xf32>) -> tensor<8x1020xf32>
  %b4 = hlo.broadcast_in_dim %w4, dims = [1] : (tensor<1xf32>) -> tensor<8x1020xf32>

  // valid
  %x0 = hlo.slice %x, starts = [0, 0], limits = [8, 1020], strides = [1, 1] : (tensor<8x1024xf32>) -> tensor<8x1020xf32>
  %x1 = hlo.slice %x, starts = [0, 1], limits = [8, 1021], strides = [1, 1] : (tensor<8x1024xf32>) -> tensor<8x1020xf32>
  %x2 = hlo.slice %x, starts = [0, 2], limits = [8, 1022], strides = [1, 1] : (tensor<8x1024xf32>) -> tensor<8x1020xf32>
  %x3 = hlo.slice %x, starts = [0, 3], limits = [8, 1023], strides = [1, 1] : (tensor<8x1024xf32>) -> tensor<8x1020xf32>
  %x4 = hlo.slice %x, starts = [0, 4], limits = [8, 1024], strides = [1, 1] : (tensor<8x1024xf32>) -> tensor<8x1020xf32>
  %t0 = hlo.multiply %x0, %b0 : tensor<8x1020xf32>
  %t1 = hlo.multiply %x1, %b1 : tensor<8x1020xf32>
  %t2 = hlo.multiply %x2, %b2 : tensor<8x1020xf32>
  %t3 = hlo.multiply %x3, %b3 : tensor<8x1020xf32>
  %t4 = hlo.multiply %x4, %b4 : tensor<8x1020xf32>
  %s01 = hlo.add %t0, %t1 : tensor<8x1020xf32>
  %s012 = hlo.add %s01, %t2 : tensor<8x1020xf32>
  %s0123 = hlo.add %s012, %t3 : tensor<8x1020xf32>
  %valid = hlo.add %s0123, %t4 : tensor<8x1020xf32>

  // same: pad by 2 on both sides, then the same taps over 1024 outputs.
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %xp = hlo.pad %x, %zero, low = [0, 2], high = [0, 2], interior = [0, 0]
      : (tensor<8x1024xf32>, tensor<f32>) -> tensor<8x1028xf32>
  %c0 = hlo.broadcast_in_dim %w0, dims = [1] : (tensor<1xf32>) -> tensor<8x1024xf32>
  %c1 = hlo.broadcast_in_dim %w1, dims = [1] : (tensor<1xf32>) -> tensor<8x1024xf32>
  %c2 = hlo.broadcast_in_dim %w2, dims = [1] : (tensor<1xf32>) -> tensor<8x1024xf32>
  %c3 = hlo.broadcast_in_dim %w3, dims = [1] : (tensor<1xf32>) -> tensor<8x1024xf32>
  %c4 = hlo.broadcast_in_dim %w4, dims = [1] : (tensor<1xf32>) -> tensor<8x1024xf32>
  %p0 = hlo.slice %xp, starts = [0, 0], limits = [8, 1024], strides = [1, 1] : (tensor<8x1028xf32>) -> tensor<8x1024xf32>
  %p1 = hlo.slice %xp, starts = [0, 1], limits = [8, 1025], strides = [1, 1] : (tensor<8x1028xf32>) -> tensor<8x1024xf32>
  %p2 = hlo.slice %xp, starts = [0, 2], limits = [8, 1026], strides = [1, 1] : (tensor<8x1028xf32>) -> tensor<8x1024xf32>
  %p3 = hlo.slice %xp, starts = [0, 3], limits = [8, 1027], strides = [1, 1] : (tensor<8x1028xf32>) -> tensor<8x1024xf32>
  %p4 = hlo.slice %xp, starts = [0, 4], limits = [8, 1028], strides = [1, 1] : (tensor<8x1028xf32>) -> tensor<8x1024xf32>
  %u0 = hlo.multiply %p0, %c0 : tensor<8x1024xf32>
  %u1 = hlo.multiply %p1, %c1 : tensor<8x1024xf32>
  %u2 = hlo.multiply %p2, %c2 : tensor<8x1024xf32>
  %u3 = hlo.multiply %p3, %c3 : tensor<8x1024xf32>
  %u4 = hlo.multiply %p4, %c4 : tensor<8x1024xf32>
  %v01 = hlo.add %u0, %u1 : tensor<8x1024xf32>
  %v012 = hlo.add %v01, %u2 : tensor<8x1024xf32>
  %v0123 = hlo.add %v012, %u3 : tensor<8x1024xf32>
  %same = hlo.add %v0123, %u4 : tensor<8x1024xf32>

  // strided, then ReLU
  %strided = hlo.slice %valid, starts = [0, 0], limits = [8, 1020], strides = [1, 2]
      : (tensor<8x1020xf32>) -> tensor<8x510xf32>
  %z = hlo.constant dense<0.0> : tensor<8x510xf32>
  %relu = hlo.maximum %strided, %z : tensor<8x510xf32>
  return %valid, %same, %relu : tensor<8x1020xf32>, tensor<8x1024xf32>, tensor<8x510xf32>
}
