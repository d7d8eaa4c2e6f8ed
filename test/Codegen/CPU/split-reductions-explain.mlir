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

// -----

// An arg-min (docs/split-reductions.md) needs a power of two of at least 4
// dividing its size for its lanes.
func.func @selection_odd_size(%x: tensor<4x1001xf32>, %v: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-remark @below {{reduction kept in order: it selects a value and its index, and no power of two from 4 to lanes (8) splits its size 1001 into lanes of 2 steps}}
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x1001xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%in: f32, %best: f32, %best_index: i32):
    %position = linalg.index 1 : index
    %index = arith.index_cast %position : index to i32
    %less = arith.cmpf olt, %in, %best : f32
    %equal = arith.cmpf oeq, %in, %best : f32
    %first = arith.cmpi slt, %index, %best_index : i32
    %tie = arith.andi %equal, %first : i1
    %take = arith.ori %less, %tie : i1
    %picked = arith.select %take, %in, %best : f32
    %picked_index = arith.select %take, %index, %best_index : i32
    linalg.yield %picked, %picked_index : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// An arg-min down the columns: its lanes would not be contiguous.
func.func @selection_columns(%x: tensor<1024x4xf32>, %v: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-remark @below {{reduction kept in order: it selects a value and its index along a loop that is not innermost}}
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%x : tensor<1024x4xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%in: f32, %best: f32, %best_index: i32):
    %position = linalg.index 0 : index
    %index = arith.index_cast %position : index to i32
    %less = arith.cmpf olt, %in, %best : f32
    %equal = arith.cmpf oeq, %in, %best : f32
    %first = arith.cmpi slt, %index, %best_index : i32
    %tie = arith.andi %equal, %first : i1
    %take = arith.ori %less, %tie : i1
    %picked = arith.select %take, %in, %best : f32
    %picked_index = arith.select %take, %index, %best_index : i32
    linalg.yield %picked, %picked_index : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Its outputs must be fills: each lane starts from their values.
func.func @selection_unfilled(%x: tensor<4x1024xf32>, %v: tensor<4xf32>, %i: tensor<4xi32>) -> (tensor<4xf32>, tensor<4xi32>) {
  // expected-remark @below {{reduction kept in order: an output of its value and index is not filled}}
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x1024xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%in: f32, %best: f32, %best_index: i32):
    %position = linalg.index 1 : index
    %index = arith.index_cast %position : index to i32
    %less = arith.cmpf olt, %in, %best : f32
    %equal = arith.cmpf oeq, %in, %best : f32
    %first = arith.cmpi slt, %index, %best_index : i32
    %tie = arith.andi %equal, %first : i1
    %take = arith.ori %less, %tie : i1
    %picked = arith.select %take, %in, %best : f32
    %picked_index = arith.select %take, %index, %best_index : i32
    linalg.yield %picked, %picked_index : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}
