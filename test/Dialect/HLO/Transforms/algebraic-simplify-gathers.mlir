// RUN: fuse-opt %s --algebraic-simplify | FileCheck %s
// RUN: fuse-opt %s --algebraic-simplify | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: rm -rf %t && fuse-run %s --all-entries --interpret --random-inputs=1 --outputs=%t/original
// RUN: fuse-opt %s --algebraic-simplify | fuse-run - --all-entries --random-inputs=1 --outputs=%t/simplified
// RUN: %python %S/../../../Integration/CPU/Inputs/compare-results.py %t/original %t/simplified --rtol=1e-4 --atol=1e-4 | FileCheck %s --check-prefix=ORIG
// RUN: fuse-opt %s --algebraic-simplify=gathered-products=false | FileCheck %s --check-prefix=OFF

// Products of gathered rows, 16 indices into 6 rows, become products of
// the 6 rows. Random indices are in [-8, 8]: a gather clamps those out of
// range and a scatter skips them, so the runs check that the rewrites keep
// both rules. EXEC compiles the rewritten functions and compares them with
// the interpreter; ORIG compares them, compiled, with the interpreter of
// the originals (the sums over rows run in another order).
// EXEC-COUNT-13: : ok
// EXEC-NOT: MISMATCH
// ORIG-COUNT-13: : ok
// ORIG-NOT: MISMATCH
// Turned off, every product keeps its 16 rows.
// OFF-LABEL: func.func @gathered_rows_times_matrix
// OFF: hlo.dot_general %{{.*}} : (tensor<16x4xf32>, tensor<4x5xf32>) -> tensor<16x5xf32>
// OFF-LABEL: func.func @edge_messages
// OFF: hlo.concatenate
// OFF: hlo.dot_general %{{.*}} : (tensor<16x8xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>


// The gathered rows times W: the table times W, gathered.
// CHECK-LABEL: func.func @gathered_rows_times_matrix
// CHECK-NEXT: %[[P:.*]] = hlo.dot_general %arg0, %arg2, contracting_dims = [1] x [0] : (tensor<6x4xf32>, tensor<4x5xf32>) -> tensor<6x5xf32>
// CHECK-NEXT: %[[G:.*]] = hlo.gather %[[P]][%arg1], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 5] : (tensor<6x5xf32>, tensor<16x1xi32>) -> tensor<16x5xf32>
// CHECK-NEXT: return %[[G]]
func.func @gathered_rows_times_matrix(%t: tensor<6x4xf32>, %idx: tensor<16x1xi32>, %w: tensor<4x5xf32>) -> tensor<16x5xf32> {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  %p = hlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<16x4xf32>, tensor<4x5xf32>) -> tensor<16x5xf32>
  return %p : tensor<16x5xf32>
}

// Gathered rows on the right (indices without their vector dimension):
// the product's columns are gathered.
// CHECK-LABEL: func.func @matrix_times_gathered_rows
// CHECK-NEXT: %[[P:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [1] x [1] : (tensor<5x4xf32>, tensor<6x4xf32>) -> tensor<5x6xf32>
// CHECK-NEXT: %[[G:.*]] = hlo.gather %[[P]][%arg2], offset_dims = [0], collapsed_slice_dims = [1], start_index_map = [1], index_vector_dim = 1, slice_sizes = [5, 1] : (tensor<5x6xf32>, tensor<16xi32>) -> tensor<5x16xf32>
// CHECK-NEXT: return %[[G]]
func.func @matrix_times_gathered_rows(%w: tensor<5x4xf32>, %t: tensor<6x4xf32>, %idx: tensor<16xi32>) -> tensor<5x16xf32> {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16xi32>) -> tensor<16x4xf32>
  %p = hlo.dot_general %w, %g, contracting_dims = [1] x [1] : (tensor<5x4xf32>, tensor<16x4xf32>) -> tensor<5x16xf32>
  return %p : tensor<5x16xf32>
}

// Gathered rows contracted with U's rows (a weight gradient): U's rows are
// added into the 6 rows they were gathered from, the indices clamped as
// the gather clamped them, and the table is contracted with the sums.
// CHECK-LABEL: func.func @gathered_rows_contracted
// CHECK-DAG: %[[ZEROS:.*]] = hlo.constant dense<0.000000e+00> : tensor<6x5xf32>
// CHECK-DAG: %[[LO:.*]] = hlo.constant dense<0> : tensor<i32>
// CHECK-DAG: %[[HI:.*]] = hlo.constant dense<5> : tensor<i32>
// CHECK: %[[IDX:.*]] = hlo.clamp %[[LO]], %arg1, %[[HI]]
// CHECK-NEXT: %[[S:.*]] = hlo.scatter %[[ZEROS]][%[[IDX]]], %arg2, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1
// CHECK: hlo.add
// CHECK: hlo.dot_general %arg0, %[[S]], contracting_dims = [0] x [0] : (tensor<6x4xf32>, tensor<6x5xf32>) -> tensor<4x5xf32>
// CHECK: %[[S2:.*]] = hlo.scatter
// CHECK: hlo.dot_general %[[S2]], %arg0, contracting_dims = [0] x [0] : (tensor<6x5xf32>, tensor<6x4xf32>) -> tensor<5x4xf32>
func.func @gathered_rows_contracted(%t: tensor<6x4xf32>, %idx: tensor<16x1xi32>, %u: tensor<16x5xf32>) -> (tensor<4x5xf32>, tensor<5x4xf32>) {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  %p = hlo.dot_general %g, %u, contracting_dims = [0] x [0] : (tensor<16x4xf32>, tensor<16x5xf32>) -> tensor<4x5xf32>
  %q = hlo.dot_general %u, %g, contracting_dims = [0] x [0] : (tensor<16x5xf32>, tensor<16x4xf32>) -> tensor<5x4xf32>
  return %p, %q : tensor<4x5xf32>, tensor<5x4xf32>
}

// A product's rows added into 6 rows: U's rows are added first (the
// scatter's own rule for indices out of range is kept), then multiplied.
// CHECK-LABEL: func.func @scatter_added_product
// CHECK-NEXT: %[[ZEROS:.*]] = hlo.constant dense<0.000000e+00> : tensor<6x3xf32>
// CHECK-NEXT: %[[S:.*]] = hlo.scatter %[[ZEROS]][%arg2], %arg0, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x3xf32>, tensor<16x1xi32>, tensor<16x3xf32>) -> tensor<6x3xf32>
// CHECK: %[[P:.*]] = hlo.dot_general %[[S]], %arg1, contracting_dims = [1] x [0] : (tensor<6x3xf32>, tensor<3x5xf32>) -> tensor<6x5xf32>
// CHECK-NEXT: return %[[P]]
func.func @scatter_added_product(%u: tensor<16x3xf32>, %w: tensor<3x5xf32>, %idx: tensor<16x1xi32>) -> tensor<6x5xf32> {
  %zeros = hlo.constant dense<0.0> : tensor<6x5xf32>
  %p = hlo.dot_general %u, %w, contracting_dims = [1] x [0] : (tensor<16x3xf32>, tensor<3x5xf32>) -> tensor<16x5xf32>
  %s = hlo.scatter %zeros[%idx], %p, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x5xf32>, tensor<16x1xi32>, tensor<16x5xf32>) -> tensor<6x5xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  return %s : tensor<6x5xf32>
}

// Column slices of one product, each added into rows by other indices (a
// gradient through a concatenation of gathers): each slice becomes a
// product with a slice of W, then moves after its scatter-add.
// CHECK-LABEL: func.func @scatter_added_slices
// CHECK-DAG: %[[W0:.*]] = hlo.slice %arg1, starts = [0, 0], limits = [5, 3]
// CHECK-DAG: %[[W1:.*]] = hlo.slice %arg1, starts = [5, 0], limits = [10, 3]
// CHECK: %[[S0:.*]] = hlo.scatter %{{.*}}[%arg2], %arg0
// CHECK: hlo.dot_general %[[S0]], %[[W0]], contracting_dims = [1] x [1] : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
// CHECK: %[[S1:.*]] = hlo.scatter %{{.*}}[%arg3], %arg0
// CHECK: hlo.dot_general %[[S1]], %[[W1]], contracting_dims = [1] x [1] : (tensor<6x3xf32>, tensor<5x3xf32>) -> tensor<6x5xf32>
// CHECK-NOT: tensor<16x10xf32>
func.func @scatter_added_slices(%u: tensor<16x3xf32>, %w: tensor<10x3xf32>, %s: tensor<16x1xi32>, %r: tensor<16x1xi32>) -> (tensor<6x5xf32>, tensor<6x5xf32>) {
  %zeros = hlo.constant dense<0.0> : tensor<6x5xf32>
  %p = hlo.dot_general %u, %w, contracting_dims = [1] x [1] : (tensor<16x3xf32>, tensor<10x3xf32>) -> tensor<16x10xf32>
  %first = hlo.slice %p, starts = [0, 0], limits = [16, 5], strides = [1, 1] : (tensor<16x10xf32>) -> tensor<16x5xf32>
  %second = hlo.slice %p, starts = [0, 5], limits = [16, 10], strides = [1, 1] : (tensor<16x10xf32>) -> tensor<16x5xf32>
  %a = hlo.scatter %zeros[%s], %first, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x5xf32>, tensor<16x1xi32>, tensor<16x5xf32>) -> tensor<6x5xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = hlo.add %x, %y : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  %b = hlo.scatter %zeros[%r], %second, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x5xf32>, tensor<16x1xi32>, tensor<16x5xf32>) -> tensor<6x5xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = hlo.add %y, %x : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  return %a, %b : tensor<6x5xf32>, tensor<6x5xf32>
}

// The concatenation is split: contracted, into a sum of products with
// slices of W; along the free dimension, into a concatenation of products.
// No product reads 16 rows any more.
// CHECK-LABEL: func.func @edge_messages
// CHECK-NOT: tensor<16x8xf32>
// CHECK: %[[W0:.*]] = hlo.slice %arg3, starts = [0, 0], limits = [4, 5]
// CHECK-NEXT: %[[P0:.*]] = hlo.dot_general %arg0, %[[W0]]
// CHECK-NEXT: %[[G0:.*]] = hlo.gather %[[P0]][%arg1]
// CHECK-NEXT: %[[W1:.*]] = hlo.slice %arg3, starts = [4, 0], limits = [8, 5]
// CHECK-NEXT: %[[P1:.*]] = hlo.dot_general %arg0, %[[W1]]
// CHECK-NEXT: %[[G1:.*]] = hlo.gather %[[P1]][%arg2]
// CHECK-NEXT: %[[M:.*]] = hlo.add %[[G0]], %[[G1]] : tensor<16x5xf32>
// CHECK: %[[D0:.*]] = hlo.dot_general {{.*}} -> tensor<5x4xf32>
// CHECK: %[[D1:.*]] = hlo.dot_general {{.*}} -> tensor<5x4xf32>
// CHECK-NEXT: %[[DW:.*]] = hlo.concatenate dim = 1, %[[D0]], %[[D1]] : (tensor<5x4xf32>, tensor<5x4xf32>) -> tensor<5x8xf32>
// CHECK-NEXT: return %[[M]], %[[DW]]
// A message on every edge from both of its nodes' features, and the
// gradient of the weights.
func.func @edge_messages(%x: tensor<6x4xf32>, %s: tensor<16x1xi32>, %r: tensor<16x1xi32>, %w: tensor<8x5xf32>, %dy: tensor<16x5xf32>) -> (tensor<16x5xf32>, tensor<5x8xf32>) {
  %gs = hlo.gather %x[%s], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  %gr = hlo.gather %x[%r], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  %c = hlo.concatenate dim = 1, %gs, %gr : (tensor<16x4xf32>, tensor<16x4xf32>) -> tensor<16x8xf32>
  %m = hlo.dot_general %c, %w, contracting_dims = [1] x [0] : (tensor<16x8xf32>, tensor<8x5xf32>) -> tensor<16x5xf32>
  %dw = hlo.dot_general %dy, %c, contracting_dims = [0] x [0] : (tensor<16x5xf32>, tensor<16x8xf32>) -> tensor<5x8xf32>
  return %m, %dw : tensor<16x5xf32>, tensor<5x8xf32>
}

// CHECK-LABEL: func.func @fewer_indices_than_rows
// CHECK-NEXT: hlo.gather
// CHECK-NEXT: hlo.dot_general {{.*}} : (tensor<16x4xf32>, tensor<4x5xf32>) -> tensor<16x5xf32>
// Left alone: more rows than indices.
func.func @fewer_indices_than_rows(%t: tensor<32x4xf32>, %idx: tensor<16x1xi32>, %w: tensor<4x5xf32>) -> tensor<16x5xf32> {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<32x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  %p = hlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<16x4xf32>, tensor<4x5xf32>) -> tensor<16x5xf32>
  return %p : tensor<16x5xf32>
}

// CHECK-LABEL: func.func @partial_rows
// CHECK-NEXT: hlo.gather
// CHECK-NEXT: hlo.dot_general {{.*}} : (tensor<16x2xf32>, tensor<2x5xf32>) -> tensor<16x5xf32>
// Left alone: a gather of parts of rows.
func.func @partial_rows(%t: tensor<6x4xf32>, %idx: tensor<16x1xi32>, %w: tensor<2x5xf32>) -> tensor<16x5xf32> {
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 2] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x2xf32>
  %p = hlo.dot_general %g, %w, contracting_dims = [1] x [0] : (tensor<16x2xf32>, tensor<2x5xf32>) -> tensor<16x5xf32>
  return %p : tensor<16x5xf32>
}

// CHECK-LABEL: func.func @scatter_not_added_to_zeros
// CHECK: hlo.dot_general {{.*}} -> tensor<16x5xf32>
// CHECK: hlo.scatter %arg3
// CHECK: hlo.dot_general {{.*}} -> tensor<16x5xf32>
// CHECK: hlo.maximum
// Left alone: a scatter into rows that are not zeros, and one that keeps
// the largest update.
func.func @scatter_not_added_to_zeros(%u: tensor<16x3xf32>, %w: tensor<3x5xf32>, %idx: tensor<16x1xi32>, %base: tensor<6x5xf32>) -> (tensor<6x5xf32>, tensor<6x5xf32>) {
  %zeros = hlo.constant dense<0.0> : tensor<6x5xf32>
  %p = hlo.dot_general %u, %w, contracting_dims = [1] x [0] : (tensor<16x3xf32>, tensor<3x5xf32>) -> tensor<16x5xf32>
  %a = hlo.scatter %base[%idx], %p, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x5xf32>, tensor<16x1xi32>, tensor<16x5xf32>) -> tensor<6x5xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %sum = hlo.add %x, %y : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  %q = hlo.dot_general %u, %w, contracting_dims = [1] x [0] : (tensor<16x3xf32>, tensor<3x5xf32>) -> tensor<16x5xf32>
  %b = hlo.scatter %zeros[%idx], %q, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x5xf32>, tensor<16x1xi32>, tensor<16x5xf32>) -> tensor<6x5xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = hlo.maximum %x, %y : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %a, %b : tensor<6x5xf32>, tensor<6x5xf32>
}
