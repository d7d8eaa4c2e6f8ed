// RUN: fuse-opt %s --dot-order | FileCheck %s
// RUN: fuse-opt %s --dot-order=debug -o /dev/null 2>&1 | FileCheck %s --check-prefix=DEBUG
// RUN: fuse-opt %s --dot-order | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// Chains of matrix products that --dot-order must reorder, and those it
// must leave alone, reductions that join a chain as products with a vector
// of ones included. The optimal orders of the long chains were found by an
// independent dynamic program and checked against the classic six-matrix
// example (Cormen et al., section 15.2). The DEBUG lines check the costs the
// pass reports, the EXEC lines run every reordered function compiled
// against the interpreter.
// EXEC-COUNT-23: : ok
// EXEC-NOT: MISMATCH

// (A B) v becomes A (B v): two matrix-vector products instead of a
// matrix-matrix one.
// CHECK-LABEL: func.func @matrix_matrix_vector
// CHECK-NEXT: %[[BV:.*]] = hlo.dot_general %arg1, %arg2, contracting_dims = [1] x [0] : (tensor<48x32xf32>, tensor<32xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[ABV:.*]] = hlo.dot_general %arg0, %[[BV]], contracting_dims = [1] x [0] : (tensor<64x48xf32>, tensor<48xf32>) -> tensor<64xf32>
// CHECK-NEXT: return %[[ABV]]
// DEBUG: dot-order: {{.*}}: chain 64x48 * 48x32 * 32x1
// DEBUG-NEXT: current: 100352 multiply-adds, 8192 intermediate bytes
// DEBUG-NEXT: best (A1(A2A3)): 4608 multiply-adds, 192 intermediate bytes
// DEBUG-NEXT: reordered
func.func @matrix_matrix_vector(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>, %v: tensor<32xf32>) -> tensor<64xf32> {
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %c = hlo.dot %ab, %v : (tensor<64x32xf32>, tensor<32xf32>) -> tensor<64xf32>
  return %c : tensor<64xf32>
}

// v^T (A B) becomes (v^T A) B: a vector on the left is a row.
// CHECK-LABEL: func.func @vector_matrix_matrix
// CHECK-NEXT: %[[VA:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<64xf32>, tensor<64x48xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[VAB:.*]] = hlo.dot_general %[[VA]], %arg2, contracting_dims = [0] x [0] : (tensor<48xf32>, tensor<48x32xf32>) -> tensor<32xf32>
// CHECK-NEXT: return %[[VAB]]
// DEBUG: dot-order: {{.*}}: chain 1x64^T * 64x48 * 48x32
// DEBUG: best ((A1A2)A3): 4608 multiply-adds
func.func @vector_matrix_matrix(%v: tensor<64xf32>, %a: tensor<64x48xf32>, %b: tensor<48x32xf32>) -> tensor<32xf32> {
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %c = hlo.dot %v, %ab : (tensor<64xf32>, tensor<64x32xf32>) -> tensor<32xf32>
  return %c : tensor<32xf32>
}

// u^T (A B) v, a scalar, evaluated from the left without any matrix
// product.
// CHECK-LABEL: func.func @vector_chain_vector
// CHECK-NEXT: %[[UA:.*]] = hlo.dot_general %arg0, %arg1, contracting_dims = [0] x [0] : (tensor<16xf32>, tensor<16x24xf32>) -> tensor<24xf32>
// CHECK-NEXT: %[[UAB:.*]] = hlo.dot_general %[[UA]], %arg2, contracting_dims = [0] x [0] : (tensor<24xf32>, tensor<24x8xf32>) -> tensor<8xf32>
// CHECK-NEXT: %[[S:.*]] = hlo.dot_general %[[UAB]], %arg3, contracting_dims = [0] x [0] : (tensor<8xf32>, tensor<8xf32>) -> tensor<f32>
// CHECK-NEXT: return %[[S]]
// DEBUG: dot-order: {{.*}}: chain 1x16^T * 16x24 * 24x8 * 8x1
// DEBUG: best (((A1A2)A3)A4): 584 multiply-adds
func.func @vector_chain_vector(%u: tensor<16xf32>, %a: tensor<16x24xf32>, %b: tensor<24x8xf32>, %v: tensor<8xf32>) -> tensor<f32> {
  %ab = hlo.dot %a, %b : (tensor<16x24xf32>, tensor<24x8xf32>) -> tensor<16x8xf32>
  %uab = hlo.dot %u, %ab : (tensor<16xf32>, tensor<16x8xf32>) -> tensor<8xf32>
  %s = hlo.dot %uab, %v : (tensor<8xf32>, tensor<8xf32>) -> tensor<f32>
  return %s : tensor<f32>
}

// A B is also returned: it stays, and the chain (A B) C v starts from it,
// becoming (A B) (C v) rather than A (B (C v)), which would compute A B's
// products twice.
// CHECK-LABEL: func.func @shared_intermediate
// CHECK-NEXT: %[[AB:.*]] = hlo.dot %arg0, %arg1
// CHECK-NEXT: %[[CV:.*]] = hlo.dot_general %arg2, %arg3, contracting_dims = [1] x [0] : (tensor<32x16xf32>, tensor<16xf32>) -> tensor<32xf32>
// CHECK-NEXT: %[[ABCV:.*]] = hlo.dot_general %[[AB]], %[[CV]], contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32xf32>) -> tensor<64xf32>
// CHECK-NEXT: return %[[AB]], %[[ABCV]]
// DEBUG: dot-order: {{.*}}: chain 64x32 * 32x16 * 16x1
// DEBUG: reordered
func.func @shared_intermediate(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>, %c: tensor<32x16xf32>, %v: tensor<16xf32>) -> (tensor<64x32xf32>, tensor<64xf32>) {
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %abc = hlo.dot %ab, %c : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  %abcv = hlo.dot %abc, %v : (tensor<64x16xf32>, tensor<16xf32>) -> tensor<64xf32>
  return %ab, %abcv : tensor<64x32xf32>, tensor<64xf32>
}

// (A B)^T v = B^T (A^T v): the transpose sinks through the product and
// folds into the contracting dimensions.
// CHECK-LABEL: func.func @transposed_product
// CHECK-NEXT: %[[ATV:.*]] = hlo.dot_general %arg0, %arg2, contracting_dims = [0] x [0] : (tensor<64x48xf32>, tensor<64xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[BTATV:.*]] = hlo.dot_general %arg1, %[[ATV]], contracting_dims = [0] x [0] : (tensor<48x32xf32>, tensor<48xf32>) -> tensor<32xf32>
// CHECK-NEXT: return %[[BTATV]]
func.func @transposed_product(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>, %v: tensor<64xf32>) -> tensor<32xf32> {
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %t = hlo.transpose %ab, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %c = hlo.dot %t, %v : (tensor<32x64xf32>, tensor<64xf32>) -> tensor<32xf32>
  return %c : tensor<32xf32>
}

// Transposed operands, by a transpose op and by the contracting dimensions:
// (A^T B^T) v = A^T (B^T v).
// CHECK-LABEL: func.func @transposed_operands
// CHECK-NEXT: %[[BTV:.*]] = hlo.dot_general %arg1, %arg2, contracting_dims = [0] x [0] : (tensor<32x48xf32>, tensor<32xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %arg0, %[[BTV]], contracting_dims = [0] x [0] : (tensor<48x64xf32>, tensor<48xf32>) -> tensor<64xf32>
// CHECK-NEXT: return %[[R]]
// DEBUG: dot-order: {{.*}}: chain 64x48^T * 48x32^T * 32x1
func.func @transposed_operands(%a: tensor<48x64xf32>, %b: tensor<32x48xf32>, %v: tensor<32xf32>) -> tensor<64xf32> {
  %at = hlo.transpose %a, dims = [1, 0] : (tensor<48x64xf32>) -> tensor<64x48xf32>
  %ab = hlo.dot_general %at, %b, contracting_dims = [1] x [1]
      : (tensor<64x48xf32>, tensor<32x48xf32>) -> tensor<64x32xf32>
  %c = hlo.dot %ab, %v : (tensor<64x32xf32>, tensor<32xf32>) -> tensor<64xf32>
  return %c : tensor<64xf32>
}

// A chain over a shared batch dimension.
// CHECK-LABEL: func.func @batched
// CHECK-NEXT: %[[BV:.*]] = hlo.dot_general %arg1, %arg2, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x48x32xf32>, tensor<4x32xf32>) -> tensor<4x48xf32>
// CHECK-NEXT: %[[ABV:.*]] = hlo.dot_general %arg0, %[[BV]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x64x48xf32>, tensor<4x48xf32>) -> tensor<4x64xf32>
// CHECK-NEXT: return %[[ABV]]
// DEBUG: dot-order: {{.*}}: chain batch 4 of 64x48 * 48x32 * 32x1
// DEBUG-NEXT: current: 401408 multiply-adds, 32768 intermediate bytes
// DEBUG-NEXT: best (A1(A2A3)): 18432 multiply-adds, 768 intermediate bytes
func.func @batched(%a: tensor<4x64x48xf32>, %b: tensor<4x48x32xf32>, %v: tensor<4x32xf32>) -> tensor<4x64xf32> {
  %ab = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<4x64x48xf32>, tensor<4x48x32xf32>) -> tensor<4x64x32xf32>
  %c = hlo.dot_general %ab, %v, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<4x64x32xf32>, tensor<4x32xf32>) -> tensor<4x64xf32>
  return %c : tensor<4x64xf32>
}

// Products over different batch dimensions form no chain.
// CHECK-LABEL: func.func @batch_mismatch
// CHECK-NEXT: hlo.dot_general %arg0, %arg1, batching_dims = [0] x [0]
// CHECK-NEXT: hlo.dot_general %{{.*}}, %arg2, contracting_dims = [2] x [0]
func.func @batch_mismatch(%a: tensor<4x64x48xf32>, %b: tensor<4x48x32xf32>, %v: tensor<32xf32>) -> tensor<4x64xf32> {
  %ab = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<4x64x48xf32>, tensor<4x48x32xf32>) -> tensor<4x64x32xf32>
  %c = hlo.dot_general %ab, %v, contracting_dims = [2] x [0]
      : (tensor<4x64x32xf32>, tensor<32xf32>) -> tensor<4x64xf32>
  return %c : tensor<4x64xf32>
}

// Already in the best order: untouched.
// CHECK-LABEL: func.func @already_optimal
// CHECK-NEXT: %[[BV:.*]] = hlo.dot %arg1, %arg2
// CHECK-NEXT: %[[ABV:.*]] = hlo.dot %arg0, %[[BV]]
// CHECK-NEXT: return %[[ABV]]
// DEBUG: dot-order: {{.*}}: chain 64x48 * 48x32 * 32x1
// DEBUG-NEXT: current: 4608 multiply-adds, 192 intermediate bytes
// DEBUG-NEXT: best (A1(A2A3)): 4608 multiply-adds, 192 intermediate bytes
// DEBUG-NEXT: kept: already in a cheapest order
func.func @already_optimal(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>, %v: tensor<32xf32>) -> tensor<64xf32> {
  %bv = hlo.dot %b, %v : (tensor<48x32xf32>, tensor<32xf32>) -> tensor<48xf32>
  %c = hlo.dot %a, %bv : (tensor<64x48xf32>, tensor<48xf32>) -> tensor<64xf32>
  return %c : tensor<64xf32>
}

// A single product is no chain: nothing to print or do.
// CHECK-LABEL: func.func @two_matrices
// CHECK-NEXT: hlo.dot %arg0, %arg1
// DEBUG-NOT: chain 64x48 * 48x32{{$}}
func.func @two_matrices(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>) -> tensor<64x32xf32> {
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  return %ab : tensor<64x32xf32>
}

// A sum over the rows of A B is 1^T A B: (1^T A) B, two vector-matrix
// products, instead of the matrix product and a reduction.
// CHECK-LABEL: func.func @column_sums_of_product
// CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<64xf32>
// CHECK-NEXT: %[[OA:.*]] = hlo.dot_general %[[ONES]], %arg0, contracting_dims = [0] x [0] : (tensor<64xf32>, tensor<64x48xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[OAB:.*]] = hlo.dot_general %[[OA]], %arg1, contracting_dims = [0] x [0] : (tensor<48xf32>, tensor<48x32xf32>) -> tensor<32xf32>
// CHECK-NEXT: return %[[OAB]]
// DEBUG: dot-order: {{.*}}: chain 1x64^T ones * 64x48 * 48x32
// DEBUG-NEXT: current: 100352 multiply-adds, 8192 intermediate bytes
// DEBUG-NEXT: best ((A1A2)A3): 4608 multiply-adds, 192 intermediate bytes
func.func @column_sums_of_product(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>) -> tensor<32xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %s = hlo.reduce add(%ab init %zero) dims = [0] : (tensor<64x32xf32>, tensor<f32>) -> tensor<32xf32>
  return %s : tensor<32xf32>
}

// Row sums of a batched product, A B 1 = A (B 1), per batch.
// CHECK-LABEL: func.func @batched_row_sums
// CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<4x32xf32>
// CHECK-NEXT: %[[BO:.*]] = hlo.dot_general %arg1, %[[ONES]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x48x32xf32>, tensor<4x32xf32>) -> tensor<4x48xf32>
// CHECK-NEXT: %[[ABO:.*]] = hlo.dot_general %arg0, %[[BO]], batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<4x64x48xf32>, tensor<4x48xf32>) -> tensor<4x64xf32>
// CHECK-NEXT: return %[[ABO]]
// DEBUG: dot-order: {{.*}}: chain batch 4 of 64x48 * 48x32 * 32x1 ones
func.func @batched_row_sums(%a: tensor<4x64x48xf32>, %b: tensor<4x48x32xf32>) -> tensor<4x64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<4x64x48xf32>, tensor<4x48x32xf32>) -> tensor<4x64x32xf32>
  %s = hlo.reduce add(%ab init %zero) dims = [2] : (tensor<4x64x32xf32>, tensor<f32>) -> tensor<4x64xf32>
  return %s : tensor<4x64xf32>
}

// A sum over a transposed product: (A B)^T summed over its rows is
// 1^T B^T A^T.
// CHECK-LABEL: func.func @sum_of_transposed_product
// CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<32xf32>
// CHECK-NEXT: %[[OB:.*]] = hlo.dot_general %[[ONES]], %arg1, contracting_dims = [0] x [1] : (tensor<32xf32>, tensor<48x32xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[OBA:.*]] = hlo.dot_general %[[OB]], %arg0, contracting_dims = [0] x [1] : (tensor<48xf32>, tensor<64x48xf32>) -> tensor<64xf32>
// CHECK-NEXT: return %[[OBA]]
func.func @sum_of_transposed_product(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>) -> tensor<64xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %t = hlo.transpose %ab, dims = [1, 0] : (tensor<64x32xf32>) -> tensor<32x64xf32>
  %s = hlo.reduce add(%t init %zero) dims = [0] : (tensor<32x64xf32>, tensor<f32>) -> tensor<64xf32>
  return %s : tensor<64xf32>
}

// Row sums inside a longer chain: M ((A B) 1) = M (A (B 1)); the sums,
// used by a product, are a column: a reduction joins chains as a factor too.
// CHECK-LABEL: func.func @matrix_times_row_sums
// CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<32xf32>
// CHECK-NEXT: %[[BO:.*]] = hlo.dot_general %arg2, %[[ONES]], contracting_dims = [1] x [0] : (tensor<48x32xf32>, tensor<32xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[ABO:.*]] = hlo.dot_general %arg1, %[[BO]], contracting_dims = [1] x [0] : (tensor<64x48xf32>, tensor<48xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %arg0, %[[ABO]], contracting_dims = [1] x [0] : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16xf32>
// CHECK-NEXT: return %[[R]]
// DEBUG: dot-order: {{.*}}: chain 16x64 * 64x48 * 48x32 * 32x1 ones
// DEBUG-NEXT: current: 101376 multiply-adds, 8448 intermediate bytes
func.func @matrix_times_row_sums(%m: tensor<16x64xf32>, %a: tensor<64x48xf32>, %b: tensor<48x32xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %s = hlo.reduce add(%ab init %zero) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %r = hlo.dot %m, %s : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// Row sums used as a row: (A B 1)^T M = 1^T B^T A^T M.
// CHECK-LABEL: func.func @row_sums_times_matrix
// CHECK: %[[ONES:.*]] = hlo.constant dense<1.000000e+00> : tensor<32xf32>
// CHECK-NEXT: %[[OB:.*]] = hlo.dot_general %[[ONES]], %arg1, contracting_dims = [0] x [1] : (tensor<32xf32>, tensor<48x32xf32>) -> tensor<48xf32>
// CHECK-NEXT: %[[OBA:.*]] = hlo.dot_general %[[OB]], %arg0, contracting_dims = [0] x [1] : (tensor<48xf32>, tensor<64x48xf32>) -> tensor<64xf32>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %[[OBA]], %arg2, contracting_dims = [0] x [0] : (tensor<64xf32>, tensor<64x16xf32>) -> tensor<16xf32>
// CHECK-NEXT: return %[[R]]
// DEBUG: dot-order: {{.*}}: chain 1x32^T ones * 32x48^T * 48x64^T * 64x16
func.func @row_sums_times_matrix(%a: tensor<64x48xf32>, %b: tensor<48x32xf32>, %m: tensor<64x16xf32>) -> tensor<16xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.dot %a, %b : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %s = hlo.reduce add(%ab init %zero) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %r = hlo.dot %s, %m : (tensor<64xf32>, tensor<64x16xf32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// A sum over the batch dimension, or of a product used elsewhere, is no
// chain.
// CHECK-LABEL: func.func @sums_left_alone
// CHECK: %[[AB:.*]] = hlo.dot_general %arg0, %arg1
// CHECK-NEXT: hlo.reduce add(%[[AB]] init %{{.*}}) dims = [0]
// CHECK: %[[CD:.*]] = hlo.dot %arg2, %arg3
// CHECK-NEXT: hlo.reduce add(%[[CD]] init %{{.*}}) dims = [1]
func.func @sums_left_alone(%a: tensor<4x64x48xf32>, %b: tensor<4x48x32xf32>, %c: tensor<64x48xf32>, %d: tensor<48x32xf32>) -> (tensor<64x32xf32>, tensor<64xf32>, tensor<64x32xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1]
      : (tensor<4x64x48xf32>, tensor<4x48x32xf32>) -> tensor<4x64x32xf32>
  %s = hlo.reduce add(%ab init %zero) dims = [0] : (tensor<4x64x32xf32>, tensor<f32>) -> tensor<64x32xf32>
  %cd = hlo.dot %c, %d : (tensor<64x48xf32>, tensor<48x32xf32>) -> tensor<64x32xf32>
  %t = hlo.reduce add(%cd init %zero) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  return %s, %t, %cd : tensor<64x32xf32>, tensor<64xf32>, tensor<64x32xf32>
}

// The six-matrix chain of the textbook, 30x35 * 35x15 * 15x5 * 5x10 *
// 10x20 * 20x25, written left to right (40500 multiply-adds), becomes
// ((A1 (A2 A3)) ((A4 A5) A6)) with 15125.
// CHECK-LABEL: func.func @textbook
// CHECK-NEXT: %[[A23:.*]] = hlo.dot_general %arg1, %arg2, {{.*}} -> tensor<35x5xf64>
// CHECK-NEXT: %[[A123:.*]] = hlo.dot_general %arg0, %[[A23]], {{.*}} -> tensor<30x5xf64>
// CHECK-NEXT: %[[A45:.*]] = hlo.dot_general %arg3, %arg4, {{.*}} -> tensor<5x20xf64>
// CHECK-NEXT: %[[A456:.*]] = hlo.dot_general %[[A45]], %arg5, {{.*}} -> tensor<5x25xf64>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %[[A123]], %[[A456]], {{.*}} -> tensor<30x25xf64>
// CHECK-NEXT: return %[[R]]
// DEBUG: dot-order: {{.*}}: chain 30x35 * 35x15 * 15x5 * 5x10 * 10x20 * 20x25
// DEBUG-NEXT: current: 40500 multiply-adds
// DEBUG-NEXT: best ((A1(A2A3))((A4A5)A6)): 15125 multiply-adds
func.func @textbook(%a1: tensor<30x35xf64>, %a2: tensor<35x15xf64>, %a3: tensor<15x5xf64>, %a4: tensor<5x10xf64>, %a5: tensor<10x20xf64>, %a6: tensor<20x25xf64>) -> tensor<30x25xf64> {
  %p1 = hlo.dot_general %a1, %a2, contracting_dims = [1] x [0]
      : (tensor<30x35xf64>, tensor<35x15xf64>) -> tensor<30x15xf64>
  %p2 = hlo.dot_general %p1, %a3, contracting_dims = [1] x [0]
      : (tensor<30x15xf64>, tensor<15x5xf64>) -> tensor<30x5xf64>
  %p3 = hlo.dot_general %p2, %a4, contracting_dims = [1] x [0]
      : (tensor<30x5xf64>, tensor<5x10xf64>) -> tensor<30x10xf64>
  %p4 = hlo.dot_general %p3, %a5, contracting_dims = [1] x [0]
      : (tensor<30x10xf64>, tensor<10x20xf64>) -> tensor<30x20xf64>
  %p5 = hlo.dot_general %p4, %a6, contracting_dims = [1] x [0]
      : (tensor<30x20xf64>, tensor<20x25xf64>) -> tensor<30x25xf64>
  return %p5 : tensor<30x25xf64>
}

// 10x20 * 20x50 * 50x1 * 1x100: ((A1 (A2 A3)) A4), 2200 multiply-adds
// instead of 11500.
// CHECK-LABEL: func.func @four
// CHECK-NEXT: %[[A23:.*]] = hlo.dot_general %arg1, %arg2, {{.*}} -> tensor<20x1xf64>
// CHECK-NEXT: %[[A123:.*]] = hlo.dot_general %arg0, %[[A23]], {{.*}} -> tensor<10x1xf64>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %[[A123]], %arg3, {{.*}} -> tensor<10x100xf64>
// CHECK-NEXT: return %[[R]]
// DEBUG: best ((A1(A2A3))A4): 2200 multiply-adds
func.func @four(%a1: tensor<10x20xf64>, %a2: tensor<20x50xf64>, %a3: tensor<50x1xf64>, %a4: tensor<1x100xf64>) -> tensor<10x100xf64> {
  %p1 = hlo.dot_general %a1, %a2, contracting_dims = [1] x [0]
      : (tensor<10x20xf64>, tensor<20x50xf64>) -> tensor<10x50xf64>
  %p2 = hlo.dot_general %p1, %a3, contracting_dims = [1] x [0]
      : (tensor<10x50xf64>, tensor<50x1xf64>) -> tensor<10x1xf64>
  %p3 = hlo.dot_general %p2, %a4, contracting_dims = [1] x [0]
      : (tensor<10x1xf64>, tensor<1x100xf64>) -> tensor<10x100xf64>
  return %p3 : tensor<10x100xf64>
}

// 40x20 * 20x30 * 30x10 * 10x30 * 30x5: right to left,
// (A1 (A2 (A3 (A4 A5)))), 10000 multiply-adds instead of 54000.
// CHECK-LABEL: func.func @five
// CHECK-NEXT: %[[A45:.*]] = hlo.dot_general %arg3, %arg4, {{.*}} -> tensor<10x5xf64>
// CHECK-NEXT: %[[A35:.*]] = hlo.dot_general %arg2, %[[A45]], {{.*}} -> tensor<30x5xf64>
// CHECK-NEXT: %[[A25:.*]] = hlo.dot_general %arg1, %[[A35]], {{.*}} -> tensor<20x5xf64>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %arg0, %[[A25]], {{.*}} -> tensor<40x5xf64>
// CHECK-NEXT: return %[[R]]
// DEBUG: best (A1(A2(A3(A4A5)))): 10000 multiply-adds
func.func @five(%a1: tensor<40x20xf64>, %a2: tensor<20x30xf64>, %a3: tensor<30x10xf64>, %a4: tensor<10x30xf64>, %a5: tensor<30x5xf64>) -> tensor<40x5xf64> {
  %p1 = hlo.dot_general %a1, %a2, contracting_dims = [1] x [0]
      : (tensor<40x20xf64>, tensor<20x30xf64>) -> tensor<40x30xf64>
  %p2 = hlo.dot_general %p1, %a3, contracting_dims = [1] x [0]
      : (tensor<40x30xf64>, tensor<30x10xf64>) -> tensor<40x10xf64>
  %p3 = hlo.dot_general %p2, %a4, contracting_dims = [1] x [0]
      : (tensor<40x10xf64>, tensor<10x30xf64>) -> tensor<40x30xf64>
  %p4 = hlo.dot_general %p3, %a5, contracting_dims = [1] x [0]
      : (tensor<40x30xf64>, tensor<30x5xf64>) -> tensor<40x5xf64>
  return %p4 : tensor<40x5xf64>
}

// 5x60 * 60x3 * 3x70 * 70x4 * 4x80 * 80x2 * 2x90 * 90x6:
// (((A1 A2) ((A3 A4) (A5 A6))) (A7 A8)), 3574 multiply-adds instead of
// 9350.
// CHECK-LABEL: func.func @eight
// CHECK-NEXT: %[[A12:.*]] = hlo.dot_general %arg0, %arg1, {{.*}} -> tensor<5x3xf64>
// CHECK-NEXT: %[[A34:.*]] = hlo.dot_general %arg2, %arg3, {{.*}} -> tensor<3x4xf64>
// CHECK-NEXT: %[[A56:.*]] = hlo.dot_general %arg4, %arg5, {{.*}} -> tensor<4x2xf64>
// CHECK-NEXT: %[[A36:.*]] = hlo.dot_general %[[A34]], %[[A56]], {{.*}} -> tensor<3x2xf64>
// CHECK-NEXT: %[[A16:.*]] = hlo.dot_general %[[A12]], %[[A36]], {{.*}} -> tensor<5x2xf64>
// CHECK-NEXT: %[[A78:.*]] = hlo.dot_general %arg6, %arg7, {{.*}} -> tensor<2x6xf64>
// CHECK-NEXT: %[[R:.*]] = hlo.dot_general %[[A16]], %[[A78]], {{.*}} -> tensor<5x6xf64>
// CHECK-NEXT: return %[[R]]
// DEBUG: best (((A1A2)((A3A4)(A5A6)))(A7A8)): 3574 multiply-adds
func.func @eight(%a1: tensor<5x60xf64>, %a2: tensor<60x3xf64>, %a3: tensor<3x70xf64>, %a4: tensor<70x4xf64>, %a5: tensor<4x80xf64>, %a6: tensor<80x2xf64>, %a7: tensor<2x90xf64>, %a8: tensor<90x6xf64>) -> tensor<5x6xf64> {
  %p1 = hlo.dot_general %a1, %a2, contracting_dims = [1] x [0]
      : (tensor<5x60xf64>, tensor<60x3xf64>) -> tensor<5x3xf64>
  %p2 = hlo.dot_general %p1, %a3, contracting_dims = [1] x [0]
      : (tensor<5x3xf64>, tensor<3x70xf64>) -> tensor<5x70xf64>
  %p3 = hlo.dot_general %p2, %a4, contracting_dims = [1] x [0]
      : (tensor<5x70xf64>, tensor<70x4xf64>) -> tensor<5x4xf64>
  %p4 = hlo.dot_general %p3, %a5, contracting_dims = [1] x [0]
      : (tensor<5x4xf64>, tensor<4x80xf64>) -> tensor<5x80xf64>
  %p5 = hlo.dot_general %p4, %a6, contracting_dims = [1] x [0]
      : (tensor<5x80xf64>, tensor<80x2xf64>) -> tensor<5x2xf64>
  %p6 = hlo.dot_general %p5, %a7, contracting_dims = [1] x [0]
      : (tensor<5x2xf64>, tensor<2x90xf64>) -> tensor<5x90xf64>
  %p7 = hlo.dot_general %p6, %a8, contracting_dims = [1] x [0]
      : (tensor<5x90xf64>, tensor<90x6xf64>) -> tensor<5x6xf64>
  return %p7 : tensor<5x6xf64>
}
