// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --pipeline-options=min-parallel-bytes=0 --all-entries --random-inputs=1 --check | FileCheck %s

// Output fusions as --fuse-elementwise forms them: a dot_general and an
// elementwise epilogue (bias through broadcast_in_dim, an activation). Each
// is one loop over rows of the result that fills, accumulates and finishes
// its row in the result's buffer.

// A dense layer with bias and tanh, sizes off any vector width.
// CHECK: @dense_tanh result 0: ok
func.func @dense_tanh(%x: tensor<7x33xf32>, %w: tensor<33x70xf32>, %b: tensor<70xf32>) -> tensor<7x70xf32> {
  %0 = hlo.fusion output(%x, %w, %b) : (tensor<7x33xf32>, tensor<33x70xf32>, tensor<70xf32>) -> tensor<7x70xf32> {
  ^bb0(%a: tensor<7x33xf32>, %m: tensor<33x70xf32>, %v: tensor<70xf32>):
    %d = hlo.dot_general %a, %m, contracting_dims = [1] x [0] : (tensor<7x33xf32>, tensor<33x70xf32>) -> tensor<7x70xf32>
    %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<70xf32>) -> tensor<7x70xf32>
    %s = hlo.add %d, %vb : tensor<7x70xf32>
    %r = hlo.tanh %s : tensor<7x70xf32>
    hlo.yield %r : tensor<7x70xf32>
  }
  return %0 : tensor<7x70xf32>
}

// Bias and relu with a broadcast zero.
// CHECK: @dense_relu result 0: ok
func.func @dense_relu(%x: tensor<64x96xf32>, %w: tensor<96x40xf32>, %b: tensor<40xf32>) -> tensor<64x40xf32> {
  %0 = hlo.fusion output(%x, %w, %b) : (tensor<64x96xf32>, tensor<96x40xf32>, tensor<40xf32>) -> tensor<64x40xf32> {
  ^bb0(%a: tensor<64x96xf32>, %m: tensor<96x40xf32>, %v: tensor<40xf32>):
    %d = hlo.dot_general %a, %m, contracting_dims = [1] x [0] : (tensor<64x96xf32>, tensor<96x40xf32>) -> tensor<64x40xf32>
    %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<40xf32>) -> tensor<64x40xf32>
    %s = hlo.add %d, %vb : tensor<64x40xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %zb = hlo.broadcast_in_dim %zero, dims = [] : (tensor<f32>) -> tensor<64x40xf32>
    %r = hlo.maximum %s, %zb : tensor<64x40xf32>
    hlo.yield %r : tensor<64x40xf32>
  }
  return %0 : tensor<64x40xf32>
}

// A batched contraction (loops over batch and rows), a matrix-vector
// product and a contraction of dimension 0 (a generic), each with an
// epilogue.
// CHECK: @batched result 0: ok
// CHECK: @matvec result 0: ok
// CHECK: @transposed_lhs result 0: ok
func.func @batched(%x: tensor<3x5x8xf32>, %w: tensor<3x8x6xf32>) -> tensor<3x5x6xf32> {
  %0 = hlo.fusion output(%x, %w) : (tensor<3x5x8xf32>, tensor<3x8x6xf32>) -> tensor<3x5x6xf32> {
  ^bb0(%a: tensor<3x5x8xf32>, %m: tensor<3x8x6xf32>):
    %d = hlo.dot_general %a, %m, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x5x8xf32>, tensor<3x8x6xf32>) -> tensor<3x5x6xf32>
    %r = hlo.logistic %d : tensor<3x5x6xf32>
    hlo.yield %r : tensor<3x5x6xf32>
  }
  return %0 : tensor<3x5x6xf32>
}
func.func @matvec(%x: tensor<50x30xf32>, %v: tensor<30xf32>, %b: tensor<50xf32>) -> tensor<50xf32> {
  %0 = hlo.fusion output(%x, %v, %b) : (tensor<50x30xf32>, tensor<30xf32>, tensor<50xf32>) -> tensor<50xf32> {
  ^bb0(%a: tensor<50x30xf32>, %u: tensor<30xf32>, %c: tensor<50xf32>):
    %d = hlo.dot_general %a, %u, contracting_dims = [1] x [0] : (tensor<50x30xf32>, tensor<30xf32>) -> tensor<50xf32>
    %s = hlo.subtract %d, %c : tensor<50xf32>
    %r = hlo.exponential %s : tensor<50xf32>
    hlo.yield %r : tensor<50xf32>
  }
  return %0 : tensor<50xf32>
}
func.func @transposed_lhs(%x: tensor<20x9xf32>, %w: tensor<20x11xf32>) -> tensor<9x11xf32> {
  %0 = hlo.fusion output(%x, %w) : (tensor<20x9xf32>, tensor<20x11xf32>) -> tensor<9x11xf32> {
  ^bb0(%a: tensor<20x9xf32>, %m: tensor<20x11xf32>):
    %d = hlo.dot_general %a, %m, contracting_dims = [0] x [0] : (tensor<20x9xf32>, tensor<20x11xf32>) -> tensor<9x11xf32>
    %r = hlo.abs %d : tensor<9x11xf32>
    hlo.yield %r : tensor<9x11xf32>
  }
  return %0 : tensor<9x11xf32>
}

// An f16 product, accumulated in f32: its epilogue reads the f32 sums (an
// intermediate buffer). Integer-valued inputs keep it exact.
// CHECK: @dense_f16 result 0: ok
func.func @dense_f16(%x: tensor<4x16xf16>, %w: tensor<16x8xf16>) -> tensor<4x8xf16> {
  %0 = hlo.fusion output(%x, %w) : (tensor<4x16xf16>, tensor<16x8xf16>) -> tensor<4x8xf16> {
  ^bb0(%a: tensor<4x16xf16>, %m: tensor<16x8xf16>):
    %ra = hlo.round_nearest_even %a : tensor<4x16xf16>
    %rm = hlo.round_nearest_even %m : tensor<16x8xf16>
    %d = hlo.dot_general %ra, %rm, contracting_dims = [1] x [0] : (tensor<4x16xf16>, tensor<16x8xf16>) -> tensor<4x8xf16>
    %r = hlo.negate %d : tensor<4x8xf16>
    hlo.yield %r : tensor<4x8xf16>
  }
  return %0 : tensor<4x8xf16>
}
