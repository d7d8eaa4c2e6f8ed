// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s

// gather and scatter compiled for the CPU against the interpreter, unfused
// and fused (gathers fuse into their consumers). Random i32 inputs lie in
// [-8, 8]: indices below 0 and past the end occur, and gather clamps them
// while scatter skips their windows. Scatter updates with repeated indices
// are all combined, with add, multiply, minimum, maximum and replace.

// Rows of a table, then elementwise work on them (a loop fusion).
// CHECK: @rows result 0: ok
func.func @rows(%table: tensor<6x5xf32>, %ids: tensor<9xi32>) -> tensor<9x5xf32> {
  %g = hlo.gather %table[%ids], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 5] : (tensor<6x5xf32>, tensor<9xi32>) -> tensor<9x5xf32>
  %t = hlo.tanh %g : tensor<9x5xf32>
  %m = hlo.multiply %t, %g : tensor<9x5xf32>
  return %m : tensor<9x5xf32>
}

// An embedding bag: 4 rows per bag, summed (an input fusion).
// CHECK: @bag result 0: ok
func.func @bag(%table: tensor<7x16xf32>, %ids: tensor<3x4xi32>) -> tensor<3x16xf32> {
  %g = hlo.gather %table[%ids], offset_dims = [2], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 2, slice_sizes = [1, 16] : (tensor<7x16xf32>, tensor<3x4xi32>) -> tensor<3x4x16xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%g init %z) dims = [1] : (tensor<3x4x16xf32>, tensor<f32>) -> tensor<3x16xf32>
  return %s : tensor<3x16xf32>
}

// Windows of 2x3 at (row, col) pairs whose vector is dimension 0 of the
// indices, kept whole (no collapsed dimension), with the offsets first.
// CHECK: @windows result 0: ok
func.func @windows(%x: tensor<5x6xi32>, %starts: tensor<2x4xi64>) -> tensor<2x3x4xi32> {
  %g = hlo.gather %x[%starts], offset_dims = [0, 1], collapsed_slice_dims = [], start_index_map = [0, 1], index_vector_dim = 0, slice_sizes = [2, 3] : (tensor<5x6xi32>, tensor<2x4xi64>) -> tensor<2x3x4xi32>
  return %g : tensor<2x3x4xi32>
}

// Per-row picks with a batching dimension: out[b, k] = x[b, j[b, k]]
// (take_along_axis); and one element per row through 2-element index vectors
// (log_softmax(x)[arange, labels]).
// CHECK: @picks result 0: ok
// CHECK: @picks result 1: ok
func.func @picks(%x: tensor<4x9xf32>, %j: tensor<4x3xi32>, %pairs: tensor<4x2xi32>) -> (tensor<4x3xf32>, tensor<4xf32>) {
  %b = hlo.gather %x[%j], offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2, slice_sizes = [1, 1] : (tensor<4x9xf32>, tensor<4x3xi32>) -> tensor<4x3xf32>
  %p = hlo.gather %x[%pairs], offset_dims = [], collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 1, slice_sizes = [1, 1] : (tensor<4x9xf32>, tensor<4x2xi32>) -> tensor<4xf32>
  return %b, %p : tensor<4x3xf32>, tensor<4xf32>
}

// A gather feeding a product.
// CHECK: @gather_dot result 0: ok
func.func @gather_dot(%table: tensor<10x16xf32>, %ids: tensor<9xi32>, %w: tensor<16x8xf32>) -> tensor<9x8xf32> {
  %g = hlo.gather %table[%ids], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 16] : (tensor<10x16xf32>, tensor<9xi32>) -> tensor<9x16xf32>
  %d = hlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<9x16xf32>, tensor<16x8xf32>) -> tensor<9x8xf32>
  return %d : tensor<9x8xf32>
}

// Embedding gradients: rows added at 12 random ids of a table of 5, so ids
// repeat and some fall outside; every combiner of the issue.
// CHECK: @scatter_combiners result 0: ok
// CHECK: @scatter_combiners result 1: ok
// CHECK: @scatter_combiners result 2: ok
// CHECK: @scatter_combiners result 3: ok
// CHECK: @scatter_combiners result 4: ok
func.func @scatter_combiners(%table: tensor<5x3xf32>, %ids: tensor<12xi32>, %rows: tensor<12x3xf32>) -> (tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>) {
  %add = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.add %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %mul = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.multiply %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %min = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.minimum %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  %max = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.maximum %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  // Replace, with unique ids so that the result is defined.
  %unique = hlo.iota dim = 0 : tensor<5xi32>
  %five = hlo.slice %rows, starts = [0, 0], limits = [5, 3], strides = [1, 1] : (tensor<12x3xf32>) -> tensor<5x3xf32>
  %set = hlo.scatter %table[%unique], %five, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<5x3xf32>, tensor<5xi32>, tensor<5x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    hlo.return %u : tensor<f32>
  }
  return %add, %mul, %min, %max, %set : tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>, tensor<5x3xf32>
}

// Point updates of an integer histogram through 2-element index vectors
// (rank-0 windows), a body that uses a value from outside, and a batching
// dimension: out[b, j[b, k]] += 1.
// CHECK: @scatter_points result 0: ok
// CHECK: @scatter_points result 1: ok
func.func @scatter_points(%counts: tensor<4x4xi32>, %pairs: tensor<10x2xi32>, %ones: tensor<10xi32>, %scale: tensor<i32>, %j: tensor<4x6xi32>, %u: tensor<4x6xi32>) -> (tensor<4x4xi32>, tensor<4x4xi32>) {
  %h = hlo.scatter %counts[%pairs], %ones, update_window_dims = [], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1 : (tensor<4x4xi32>, tensor<10x2xi32>, tensor<10xi32>) -> tensor<4x4xi32> {
  ^bb0(%a: tensor<i32>, %v: tensor<i32>):
    %sv = hlo.multiply %v, %scale : tensor<i32>
    %r = hlo.add %a, %sv : tensor<i32>
    hlo.return %r : tensor<i32>
  }
  %b = hlo.scatter %counts[%j], %u, update_window_dims = [], inserted_window_dims = [1], input_batching_dims = [0], scatter_indices_batching_dims = [0], scatter_dims_to_operand_dims = [1], index_vector_dim = 2 : (tensor<4x4xi32>, tensor<4x6xi32>, tensor<4x6xi32>) -> tensor<4x4xi32> {
  ^bb0(%a: tensor<i32>, %v: tensor<i32>):
    %r = hlo.add %a, %v : tensor<i32>
    hlo.return %r : tensor<i32>
  }
  return %h, %b : tensor<4x4xi32>, tensor<4x4xi32>
}

// Slices of no elements along a collapsed dimension, from an operand with
// none: zeros, as in XLA.
// CHECK: @gather_empty_slices result 0: ok
func.func @gather_empty_slices(%t: tensor<0x2xf32>, %i: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = hlo.gather %t[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [0, 2] : (tensor<0x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
