// RUN: fuse-run %s --all-entries --random-inputs=11 --check | FileCheck %s

// Fused programs the random-program checker once broke, each with the
// reason it is here.

// CHECK-COUNT-4: result 0: ok
// CHECK-NOT: MISMATCH

// A chain of math functions on a broadcast scalar: every value in the loop
// is the same in every iteration, and LLVM's loop vectorizer took
// exponential time on the polynomial exp/log chains. The lowering now
// computes them before broadcasting.
func.func @uniform_chain(%s: tensor<i32>) -> tensor<2xf32> {
  %r = hlo.fusion loop(%s) : (tensor<i32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<i32>):
    %f = hlo.convert %a : (tensor<i32>) -> tensor<f32>
    %b = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %l = hlo.logistic %b : tensor<2xf32>
    %e = hlo.exponential_minus_one %l : tensor<2xf32>
    %l2 = hlo.logistic %e : tensor<2xf32>
    %h = hlo.constant dense<0.5> : tensor<2xf32>
    %o = hlo.add %l2, %h : tensor<2xf32>
    hlo.yield %o : tensor<2xf32>
  }
  return %r : tensor<2xf32>
}

// A value passed between two nests of one fusion but read through a
// broadcast that does not keep its rows in place: not a row fusion.
func.func @broadcast_across_rows(%x: tensor<3x3xf32>) -> tensor<3x3x3x3xi32> {
  %r = hlo.fusion loop(%x) : (tensor<3x3xf32>) -> tensor<3x3x3x3xi32> {
  ^bb0(%a: tensor<3x3xf32>):
    %0 = hlo.round_nearest_even %a : tensor<3x3xf32>
    %1 = hlo.convert %0 : (tensor<3x3xf32>) -> tensor<3x3xi32>
    %2 = hlo.broadcast_in_dim %1, dims = [1, 3] : (tensor<3x3xi32>) -> tensor<3x3x3x3xi32>
    hlo.yield %2 : tensor<3x3x3x3xi32>
  }
  return %r : tensor<3x3x3x3xi32>
}

// An epilogue over a reduction of zero rows: nothing to tile.
func.func @empty_reduction_epilogue(%x: tensor<0x3xf16>) -> tensor<3xf16> {
  %r = hlo.fusion input(%x) : (tensor<0x3xf16>) -> tensor<3xf16> {
  ^bb0(%a: tensor<0x3xf16>):
    %init = hlo.constant dense<-100.0> : tensor<f16>
    %m = hlo.reduce maximum(%a init %init) dims = [0] : (tensor<0x3xf16>, tensor<f16>) -> tensor<3xf16>
    %t = hlo.constant dense<-8.0> : tensor<3xf16>
    %c = hlo.compare LE, %m, %t : tensor<3xf16>
    %s = hlo.select %c, %m, %t : tensor<3xi1>, tensor<3xf16>
    hlo.yield %s : tensor<3xf16>
  }
  return %r : tensor<3xf16>
}

// exp of a NaN constant (sqrt(-1), folded): the exp approximation turned it
// into an integer with fptosi, poison for NaN, and LLVM folded the whole
// fused loop to poison and deleted its stores (hlo_fuzz seed 12, fused,
// @p12_408). exp now sees a number there and returns the NaN.
func.func @nan_constant_exp(%x: tensor<5x1x4xf32>) -> tensor<5x1x4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<5x1x4xf32>) -> tensor<5x1x4xf32> {
  ^bb0(%a: tensor<5x1x4xf32>):
    %m = hlo.constant dense<-1.0> : tensor<5x1x4xf32>
    %n = hlo.sqrt %m : tensor<5x1x4xf32>
    %c = hlo.clamp %a, %n, %a : tensor<5x1x4xf32>, tensor<5x1x4xf32>, tensor<5x1x4xf32>
    %l = hlo.logistic %c : tensor<5x1x4xf32>
    %e = hlo.exponential %n : tensor<5x1x4xf32>
    %p = hlo.power %e, %l : tensor<5x1x4xf32>
    hlo.yield %p : tensor<5x1x4xf32>
  }
  return %r : tensor<5x1x4xf32>
}
