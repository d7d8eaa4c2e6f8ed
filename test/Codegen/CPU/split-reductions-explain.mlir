// Every reduction outside loops that keeps its order gets a remark with the
// reason; split ones get none.
// RUN: fuse-opt %s --fuse-cpu-split-reductions="lanes=8 blocks=4 min-size=64 explain" -split-input-file -verify-diagnostics

func.func @split(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

func.func @short(%x: tensor<63xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-remark @below {{reduction kept in order: it covers fewer than min-size (64) elements}}
  %r = linalg.reduce { arith.addf } ins(%x : tensor<63xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

func.func @dynamic(%x: tensor<?xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-remark @below {{reduction kept in order: its size is dynamic}}
  %r = linalg.reduce { arith.addf } ins(%x : tensor<?xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

// A prime size has no lanes and no leaves (1001 = 7 x 11 x 13 splits into
// leaves of 13).
func.func @prime_size(%x: tensor<1009xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-remark @below {{reduction kept in order: no divisor of its size 1009 makes leaves of at most leaf-steps (64) steps, or blocks}}
  %r = linalg.reduce { arith.addf } ins(%x : tensor<1009xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

// A NaN-propagating max written as a compare and a select.
func.func @select_combiner(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  // expected-remark @below {{reduction kept in order: a combiner is not one op with a neutral element that linalg recognizes}}
  %r = linalg.reduce ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %gt = arith.cmpf ugt, %in, %acc : f32
      %m = arith.select %gt, %in, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<f32>
}

// -----

// An output along the loop that the payload also reads.
#id = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>
func.func @reads_written_output(%x: tensor<4096xf32>, %e: tensor<4096xf32>, %init: tensor<f32>) -> (tensor<4096xf32>, tensor<f32>) {
  // expected-remark @below {{reduction kept in order: an output along the reduction loop is read as well as written}}
  %r:2 = linalg.generic {indexing_maps = [#id, #id, #scalar], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xf32>) outs(%e, %init : tensor<4096xf32>, tensor<f32>) {
  ^bb0(%a: f32, %old: f32, %acc: f32):
    %s = arith.addf %acc, %a : f32
    %t = arith.addf %a, %old : f32
    linalg.yield %t, %s : f32, f32
  } -> (tensor<4096xf32>, tensor<f32>)
  return %r#0, %r#1 : tensor<4096xf32>, tensor<f32>
}

// -----

// A convolution reads x at i + k: the reduction loop k is not one
// dimension of x that could be expanded.
#window = affine_map<(i, k) -> (i + k)>
#weight = affine_map<(i, k) -> (k)>
#row = affine_map<(i, k) -> (i)>
func.func @window(%x: tensor<1027xf32>, %w: tensor<1024xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{reduction kept in order: an operand is indexed other than by a permutation of loops}}
  %r = linalg.generic {indexing_maps = [#window, #weight, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x, %w : tensor<1027xf32>, tensor<1024xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}

// -----

// A 2-d convolution reads x at (i + k, l): its two reduction loops could
// only be collapsed through a permutation of loops.
#window2 = affine_map<(i, k, l) -> (i + k, l)>
#weight2 = affine_map<(i, k, l) -> (k, l)>
#row2 = affine_map<(i, k, l) -> (i)>
func.func @window_2d(%x: tensor<35x32xf32>, %w: tensor<32x32xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  // expected-remark @below {{reduction kept in order: an operand is indexed other than by a permutation of loops}}
  %r = linalg.generic {indexing_maps = [#window2, #weight2, #row2], iterator_types = ["parallel", "reduction", "reduction"]}
      ins(%x, %w : tensor<35x32xf32>, tensor<32x32xf32>) outs(%init : tensor<4xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %p = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<4xf32>
  return %r : tensor<4xf32>
}
