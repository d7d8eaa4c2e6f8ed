// RUN: fuse-opt %s --fuse-cpu-tile-contractions="register-rows=6 register-cols=16 depth-block=8 row-block=12 col-block=32" -split-input-file | FileCheck %s --enable-var-scope

// A product from a fill: both operands packed into zero-padded panels, one
// parallel loop over 12 x 32 tiles (2 x 2 of them), depth blocks of 8, 6 x 16
// register tiles started from the fill value, one fma per row and step of K,
// masked stores.
// CHECK-LABEL: func.func @matmul
// CHECK-NOT: linalg.matmul
// CHECK: %[[ZEROS:.*]] = arith.constant dense<0.000000e+00> : vector<16xf32>
// CHECK: %[[PA:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (1, 3) shared_outs({{.*}}) -> (tensor<1x3x20x6xf32>)
// A's 6 rows of 8 steps of K, and 2 rows of zeros, are transposed in 3
// rounds of 8 shuffles; each column is written as a row of the panel.
// CHECK-COUNT-6: vector.transfer_read %{{.*}} : tensor<1x13x20xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 8, 9, 10, 11] : vector<8xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [4, 5, 6, 7, 12, 13, 14, 15] : vector<8xf32>, vector<8xf32>
// CHECK-COUNT-6: vector.shuffle
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 8, 9, 4, 5, 12, 13] : vector<8xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [2, 3, 10, 11, 6, 7, 14, 15] : vector<8xf32>, vector<8xf32>
// CHECK-COUNT-6: vector.shuffle
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [0, 8, 2, 10, 4, 12, 6, 14] : vector<8xf32>, vector<8xf32>
// CHECK: vector.shuffle %{{.*}}, %{{.*}} [1, 9, 3, 11, 5, 13, 7, 15] : vector<8xf32>, vector<8xf32>
// CHECK-COUNT-6: vector.shuffle
// CHECK-NOT: vector.shuffle
// CHECK-COUNT-8: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %c0{{.*}}], %{{.*}} : vector<8xf32>, tensor<20x6xf32>
// CHECK: %[[PB:.*]] = scf.forall (%{{.*}}, %{{.*}}) in (1, 3) shared_outs({{.*}}) -> (tensor<1x3x20x16xf32>)
// CHECK: vector.transfer_read %{{.*}} : tensor<1x20x35xf32>, vector<16xf32>
// CHECK: scf.forall (%[[B:.*]], %{{.*}}, %{{.*}}) in (1, 2, 2) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x13x35xf32>)
// CHECK: scf.for %[[KB:.*]] = %{{.*}} to %{{.*}} step %c8{{.*}} iter_args
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c16{{.*}} iter_args
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c6{{.*}} iter_args
// Each depth block's sums start from zero.
// CHECK: scf.for %[[K:.*]] = %[[KB]] to %{{.*}} step %{{.*}} iter_args(%{{.*}} = %[[ZEROS]], %{{.*}} = %[[ZEROS]],
// CHECK: %[[BROW:.*]] = vector.transfer_read %[[PB]][%[[B]], %{{.*}}, %[[K]], %{{.*}}]{{.*}} : tensor<1x3x20x16xf32>, vector<16xf32>
// Per row: one scalar of the packed left panel, broadcast, one multiply-add.
// CHECK: %[[A0:.*]] = tensor.extract %[[PA]][%[[B]], %{{.*}}, %[[K]], %{{.*}}] : tensor<1x3x20x6xf32>
// CHECK: %[[S0:.*]] = vector.broadcast %[[A0]] : f32 to vector<16xf32>
// CHECK: vector.fma %[[S0]], %[[BROW]]
// CHECK-COUNT-5: tensor.extract %[[PA]]
// CHECK: vector.fma
// CHECK: scf.yield
// Then they are added to the fill value (on the first depth block) or to
// the tile's sums so far.
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[KB]]
// CHECK: scf.if %[[FIRST]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>)
// CHECK-COUNT-6: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
// Interior tiles store whole rows, edge tiles masked ones.
// CHECK: scf.if
// CHECK-COUNT-6: vector.transfer_write %{{.*}} {in_bounds = [true]} : vector<16xf32>, tensor<?x?xf32>
// CHECK: } else {
// CHECK-COUNT-6: vector.transfer_write {{.*}} : vector<16xf32>, tensor<?x?xf32>
// CHECK: tensor.parallel_insert_slice
// CHECK: tensor.collapse_shape
func.func @matmul(%a: tensor<13x20xf32>, %b: tensor<20x35xf32>) -> tensor<13x35xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  return %r : tensor<13x35xf32>
}

// -----

// Accumulating into a tensor that is not a fill: the register tile is read
// on every depth block, and the block's sums are added to it.
// CHECK-LABEL: func.func @accumulate
// CHECK-NOT: linalg.fill
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (1, 1, 1) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x6x16xf32>)
// CHECK-NOT: arith.cmpi eq
// CHECK: vector.fma
// CHECK: vector.transfer_read {{.*}} {in_bounds = [true]} : tensor<?x?xf32>, vector<16xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<16xf32>
func.func @accumulate(%a: tensor<6x4xf32>, %b: tensor<4x16xf32>, %c: tensor<6x16xf32>) -> tensor<6x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<6x4xf32>, tensor<4x16xf32>) outs(%c : tensor<6x16xf32>) -> tensor<6x16xf32>
  return %r : tensor<6x16xf32>
}

// -----

// B^T and A^T are read in their own layouts: the right operand with K
// contiguous is transposed in registers; the left one with M contiguous is
// copied row by row. No transpose is materialized.
#lhs_t = affine_map<(m, n, k) -> (k, m)>
#rhs_t = affine_map<(m, n, k) -> (n, k)>
#out = affine_map<(m, n, k) -> (m, n)>
// CHECK-LABEL: func.func @transposed_operands
// CHECK-NOT: linalg.transpose
// CHECK: scf.forall {{.*}} -> (tensor<1x2x9x6xf32>)
// CHECK: vector.transfer_read %{{.*}} : tensor<1x9x7xf32>, vector<6xf32>
// CHECK: scf.forall {{.*}} -> (tensor<1x1x9x16xf32>)
// The panel's 16 rows are two blocks of 8 rows, each transposed in 24
// shuffles (rows past B's 5 read as zeros); their columns are joined into the
// panel's rows.
// CHECK-NOT: vector.transpose
// CHECK-COUNT-8: vector.transfer_read %{{.*}} : tensor<1x5x9xf32>, vector<8xf32>
// CHECK-COUNT-24: vector.shuffle
// CHECK-COUNT-8: vector.transfer_read %{{.*}} : tensor<1x5x9xf32>, vector<8xf32>
// CHECK-COUNT-24: vector.shuffle
// CHECK-COUNT-8: vector.shuffle %{{.*}}, %{{.*}} [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] : vector<8xf32>, vector<8xf32>
// CHECK-COUNT-8: vector.transfer_write %{{.*}}, %{{.*}}[%{{.*}}, %c0{{.*}}], %{{.*}} : vector<16xf32>, tensor<9x16xf32>
func.func @transposed_operands(%a: tensor<9x7xf32>, %b: tensor<5x9xf32>, %c: tensor<7x5xf32>) -> tensor<7x5xf32> {
  %r = linalg.generic {indexing_maps = [#lhs_t, #rhs_t, #out], iterator_types = ["parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<9x7xf32>, tensor<5x9xf32>) outs(%c : tensor<7x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<7x5xf32>
  return %r : tensor<7x5xf32>
}

// -----

// Batch dimensions interleaved with the others: the operand is transposed
// into [batch, M, K] first, then collapsed into the 3-D view.
#lhs_b = affine_map<(b, m, n, k) -> (m, b, k)>
#rhs_b = affine_map<(b, m, n, k) -> (b, k, n)>
#out_b = affine_map<(b, m, n, k) -> (b, m, n)>
// CHECK-LABEL: func.func @interleaved_batch
// CHECK: linalg.transpose ins(%{{.*}} : tensor<3x2x4xf32>) outs(%{{.*}} : tensor<2x3x4xf32>) permutation = [1, 0, 2]
// CHECK: scf.forall (%{{.*}}, %{{.*}}, %{{.*}}) in (2, 1, 1)
func.func @interleaved_batch(%a: tensor<3x2x4xf32>, %b: tensor<2x4x5xf32>, %c: tensor<2x3x5xf32>) -> tensor<2x3x5xf32> {
  %r = linalg.generic {indexing_maps = [#lhs_b, #rhs_b, #out_b], iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
      ins(%a, %b : tensor<3x2x4xf32>, tensor<2x4x5xf32>) outs(%c : tensor<2x3x5xf32>) {
  ^bb0(%x: f32, %y: f32, %acc: f32):
    %p = arith.mulf %x, %y : f32
    %s = arith.addf %acc, %p : f32
    linalg.yield %s : f32
  } -> tensor<2x3x5xf32>
  return %r : tensor<2x3x5xf32>
}

// -----

// An elementwise epilogue (bias and tanh) that is the product's only user
// runs on each finished tile inside the parallel loop, over the sums.
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
// CHECK-LABEL: func.func @epilogue
// CHECK: scf.forall {{.*}} -> (tensor<1x3x20x6xf32>)
// CHECK: scf.forall {{.*}} -> (tensor<1x3x20x16xf32>)
// CHECK: scf.forall {{.*}} -> (tensor<1x13x35xf32>)
// CHECK: %[[SUMS:.*]] = scf.for {{.*}} -> (tensor<?x?xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<?xf32>) outs(%[[SUMS]] : tensor<?x?xf32>)
// CHECK: math.tanh
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @epilogue(%a: tensor<13x20xf32>, %b: tensor<20x35xf32>, %bias: tensor<35xf32>) -> tensor<13x35xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %p = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<35xf32>) outs(%p : tensor<13x35xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<13x35xf32>
  return %r : tensor<13x35xf32>
}

// -----

// A fill written as a generic that yields a scalar, as fusion emits it, is a
// fill too: the first depth block starts from its value in registers, and
// the generic, which would write the result once more, is gone.
#id_fill = affine_map<(m, n) -> (m, n)>
#row_fill = affine_map<(m, n) -> (n)>
// CHECK-LABEL: func.func @generic_fill
// CHECK: %[[START:.*]] = arith.constant dense<1.500000e+00> : vector<16xf32>
// CHECK-NOT: linalg.generic
// CHECK: scf.forall {{.*}} -> (tensor<1x13x35xf32>)
// CHECK: %[[FIRST:.*]] = arith.cmpi eq
// CHECK: scf.if %[[FIRST]] -> (vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>, vector<16xf32>) {
// CHECK-NEXT: scf.yield %[[START]], %[[START]], %[[START]], %[[START]], %[[START]], %[[START]] :
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<?xf32>) outs(%{{.*}} : tensor<?x?xf32>)
// CHECK: math.tanh
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @generic_fill(%a: tensor<13x20xf32>, %b: tensor<20x35xf32>, %bias: tensor<35xf32>) -> tensor<13x35xf32> {
  %start = arith.constant 1.5 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.generic {indexing_maps = [#id_fill], iterator_types = ["parallel", "parallel"]} outs(%e : tensor<13x35xf32>) {
  ^bb0(%out: f32):
    linalg.yield %start : f32
  } -> tensor<13x35xf32>
  %p = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.generic {indexing_maps = [#row_fill, #id_fill], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<35xf32>) outs(%p : tensor<13x35xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<13x35xf32>
  return %r : tensor<13x35xf32>
}

// -----

// bf16 operands accumulate in f32 (widened after the packed loads); the
// narrowing epilogue writes bf16 tiles from an f32 buffer per tile.
#id3 = affine_map<(b, m, n) -> (b, m, n)>
// CHECK-LABEL: func.func @bf16_batch
// CHECK: scf.forall {{.*}} -> (tensor<2x1x5x6xbf16>)
// CHECK: scf.forall {{.*}} shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<2x4x7xbf16>)
// CHECK: tensor.empty(%{{.*}}, %{{.*}}) : tensor<?x?xf32>
// CHECK: arith.extf %{{.*}} : vector<16xbf16> to vector<16xf32>
// CHECK: arith.extf %{{.*}} : bf16 to f32
// CHECK: tensor.extract_slice %[[OUT]]
// CHECK: arith.truncf
func.func @bf16_batch(%a: tensor<2x4x5xbf16>, %b: tensor<2x5x7xbf16>) -> tensor<2x4x7xbf16> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x4x7xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x7xf32>) -> tensor<2x4x7xf32>
  %p = linalg.batch_matmul ins(%a, %b : tensor<2x4x5xbf16>, tensor<2x5x7xbf16>) outs(%c : tensor<2x4x7xf32>) -> tensor<2x4x7xf32>
  %n = tensor.empty() : tensor<2x4x7xbf16>
  %r = linalg.generic {indexing_maps = [#id3, #id3], iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%p : tensor<2x4x7xf32>) outs(%n : tensor<2x4x7xbf16>) {
  ^bb0(%x: f32, %o: bf16):
    %t = arith.truncf %x : f32 to bf16
    linalg.yield %t : bf16
  } -> tensor<2x4x7xbf16>
  return %r : tensor<2x4x7xbf16>
}

// -----

// Integers multiply and add lane by lane.
// CHECK-LABEL: func.func @integers
// CHECK: arith.muli %{{.*}} : vector<16xi32>
// CHECK: arith.addi %{{.*}} : vector<16xi32>
func.func @integers(%a: tensor<7x3xi32>, %b: tensor<3x9xi32>, %c: tensor<7x9xi32>) -> tensor<7x9xi32> {
  %r = linalg.matmul ins(%a, %b : tensor<7x3xi32>, tensor<3x9xi32>) outs(%c : tensor<7x9xi32>) -> tensor<7x9xi32>
  return %r : tensor<7x9xi32>
}

// -----

// A matrix-vector product with K contiguous: read in place (no packing), four
// rows at a time into two vector accumulators each, full vectors along K and
// one masked tail, then a horizontal sum per row and a masked store.
// CHECK-LABEL: func.func @matvec
// CHECK-NOT: linalg.matvec
// CHECK: scf.forall (%[[B:.*]], %{{.*}}) in (1, {{.*}}) shared_outs(%{{.*}} = %{{.*}}) -> (tensor<1x37xf32>)
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %c4{{.*}} iter_args
// CHECK: scf.for %[[K:.*]] = %{{.*}} to %c32{{.*}} step %c16{{.*}} iter_args
// CHECK-COUNT-8: vector.fma
// CHECK: scf.yield
// CHECK: vector.transfer_read %{{.*}} : tensor<1x37x40xf32>, vector<8xf32>
// CHECK-COUNT-4: vector.reduction <add>
// CHECK: vector.from_elements {{.*}} : vector<4xf32>
// CHECK: vector.transfer_write
func.func @matvec(%a: tensor<37x40xf32>, %x: tensor<40xf32>) -> tensor<37xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<37xf32>
  %y = linalg.fill ins(%zero : f32) outs(%e : tensor<37xf32>) -> tensor<37xf32>
  %r = linalg.matvec ins(%a, %x : tensor<37x40xf32>, tensor<40xf32>) outs(%y : tensor<37xf32>) -> tensor<37xf32>
  return %r : tensor<37xf32>
}

// -----

// A vector times a matrix (the free dimension contiguous): four vectors of
// results, each step of K a broadcast element times a row of the matrix.
// CHECK-LABEL: func.func @vecmat
// CHECK: scf.forall
// CHECK: tensor.extract %{{.*}} : tensor<1x40xf32>
// CHECK: vector.broadcast
// CHECK-COUNT-4: vector.fma
func.func @vecmat(%x: tensor<40xf32>, %a: tensor<40x70xf32>, %y: tensor<70xf32>) -> tensor<70xf32> {
  %r = linalg.vecmat ins(%x, %a : tensor<40xf32>, tensor<40x70xf32>) outs(%y : tensor<70xf32>) -> tensor<70xf32>
  return %r : tensor<70xf32>
}

// -----

// Rows within one row block (5 <= 12) read each column panel of B once: B is
// read where it is, a row of 16 columns per step of K, not packed; A is.
// CHECK-LABEL: func.func @few_rows
// CHECK-SAME: %{{[a-z0-9]+}}: tensor<5x40xf32>, %[[B:[a-z0-9]+]]: tensor<40x64xf32>
// CHECK: scf.forall ({{.*}}) in (1, 1) shared_outs({{.*}}) -> (tensor<1x1x40x6xf32>)
// CHECK: %[[B3:.*]] = tensor.expand_shape %[[B]] {{\[}}[0, 1], [2]] output_shape [1, 40, 64]
// CHECK-NOT: -> (tensor<1x{{.*}}x40x16xf32>)
// CHECK: scf.forall ({{.*}}) in (1, 1, 2)
// CHECK: vector.transfer_read %[[B3]][%{{.*}}, %{{.*}}, %{{.*}}], %{{.*}} {in_bounds = [true]} : tensor<1x40x64xf32>, vector<16xf32>
func.func @few_rows(%a: tensor<5x40xf32>, %b: tensor<40x64xf32>) -> tensor<5x64xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<5x64xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<5x64xf32>) -> tensor<5x64xf32>
  %r = linalg.matmul ins(%a, %b : tensor<5x40xf32>, tensor<40x64xf32>) outs(%c : tensor<5x64xf32>) -> tensor<5x64xf32>
  return %r : tensor<5x64xf32>
}

// -----

// A decoding step's q K^T over a [batch, position, head, dim] cache: the
// batch dimensions (batch, head) are out of the view's order, so the 3-D
// view would be a transposed copy of the whole cache. Each batch reads its
// [position, dim] slice where it is instead, K (dim) contiguous.
#q = affine_map<(b, h, m, n, k) -> (b, m, h, k)>
#keys = affine_map<(b, h, m, n, k) -> (b, n, h, k)>
#scores = affine_map<(b, h, m, n, k) -> (b, h, m, n)>
// CHECK-LABEL: func.func @decode_scores
// CHECK-SAME: %{{[a-z0-9]+}}: tensor<2x1x3x20xf32>, %[[KEYS:[a-z0-9]+]]: tensor<2x70x3x20xf32>
// CHECK-NOT: linalg.transpose ins(%[[KEYS]]
// CHECK: scf.forall (%[[B:.*]], %{{.*}}) in (6, {{.*}})
// CHECK: %[[HEAD:.*]] = arith.remui %[[B]], %c3
// CHECK: %[[BATCH:.*]] = arith.divui %[[B]], %c3
// CHECK-NEXT: tensor.extract_slice %[[KEYS]][%[[BATCH]], 0, %[[HEAD]], 0] [1, 70, 1, 20] [1, 1, 1, 1] : tensor<2x70x3x20xf32> to tensor<70x20xf32>
// CHECK: vector.transfer_read %{{.*}} : tensor<70x20xf32>, vector<8xf32>
// CHECK: vector.reduction <add>
func.func @decode_scores(%q: tensor<2x1x3x20xf32>, %keys: tensor<2x70x3x20xf32>) -> tensor<2x3x1x70xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x1x70xf32>
  %y = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x1x70xf32>) -> tensor<2x3x1x70xf32>
  %r = linalg.generic {indexing_maps = [#q, #keys, #scores], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%q, %keys : tensor<2x1x3x20xf32>, tensor<2x70x3x20xf32>) outs(%y : tensor<2x3x1x70xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x3x1x70xf32>
  return %r : tensor<2x3x1x70xf32>
}

// -----

// The same cache times the attention weights (K = position, before the
// dim): each batch's [position, dim] slice read in place, vectors of
// results along dim (three of 8 lanes cover its 20, no fourth), K in blocks
// of 64 steps summed from zero and then added in order.
#values = affine_map<(b, h, x, m, k) -> (b, k, h, x)>
#weights = affine_map<(b, h, x, m, k) -> (b, h, m, k)>
#mixed = affine_map<(b, h, x, m, k) -> (b, h, x, m)>
// CHECK-LABEL: func.func @decode_values
// CHECK-SAME: %[[VALUES:[a-z0-9]+]]: tensor<2x70x3x20xf32>
// CHECK-NOT: linalg.transpose ins(%[[VALUES]]
// CHECK: scf.forall
// CHECK: tensor.extract_slice %[[VALUES]][%{{.*}}, 0, %{{.*}}, 0] [1, 70, 1, 20] [1, 1, 1, 1] : tensor<2x70x3x20xf32> to tensor<70x20xf32>
// CHECK: scf.for %[[BLOCK:.*]] = %c0{{.*}} to %c70{{.*}} step %c64{{.*}} iter_args
// CHECK: %[[END:.*]] = arith.minsi
// CHECK: scf.for %{{.*}} = %[[BLOCK]] to %[[END]] step %c1{{.*}} iter_args
// CHECK-COUNT-3: vector.fma
// CHECK-NOT: vector.fma
// CHECK: scf.yield
// CHECK-COUNT-3: arith.addf %{{.*}} : vector<8xf32>
func.func @decode_values(%values: tensor<2x70x3x20xf32>, %weights: tensor<2x3x1x70xf32>) -> tensor<2x3x20x1xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3x20x1xf32>
  %y = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3x20x1xf32>) -> tensor<2x3x20x1xf32>
  %r = linalg.generic {indexing_maps = [#values, #weights, #mixed], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]} ins(%values, %weights : tensor<2x70x3x20xf32>, tensor<2x3x1x70xf32>) outs(%y : tensor<2x3x20x1xf32>) {
  ^bb0(%a: f32, %b: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %s = arith.addf %acc, %m : f32
    linalg.yield %s : f32
  } -> tensor<2x3x20x1xf32>
  return %r : tensor<2x3x20x1xf32>
}

// -----

// x + A B, the product starting from zeros: the product starts from x
// instead (the fused form, the sum writing over the product, and the unfused
// one, the sum of two inputs). A loop-carried accumulator is then updated in
// place. The zero fill and the sum are gone.
#id = affine_map<(m, n) -> (m, n)>
// CHECK-LABEL: func.func @sum_into_product
// CHECK-SAME: %[[X:[a-z0-9]+]]: tensor<13x35xf32>
// CHECK-NOT: linalg.fill
// CHECK: %[[X3:.*]] = tensor.expand_shape %[[X]]
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[X3]]) -> (tensor<1x13x35xf32>)
// CHECK-NOT: arith.cmpi eq
// CHECK: vector.fma
// CHECK-NOT: linalg.generic
// CHECK-LABEL: func.func @sum_of_product_and_input
// CHECK-SAME: %[[Y:[a-z0-9]+]]: tensor<13x35xf32>
// CHECK: %[[Y3:.*]] = tensor.expand_shape %[[Y]]
// CHECK: scf.forall {{.*}} shared_outs(%{{.*}} = %[[Y3]]) -> (tensor<1x13x35xf32>)
// CHECK-NOT: linalg.generic
func.func @sum_into_product(%x: tensor<13x35xf32>, %a: tensor<13x20xf32>, %b: tensor<20x35xf32>) -> tensor<13x35xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %p = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<13x35xf32>) outs(%p : tensor<13x35xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<13x35xf32>
  return %r : tensor<13x35xf32>
}
func.func @sum_of_product_and_input(%y: tensor<13x35xf32>, %a: tensor<13x20xf32>, %b: tensor<20x35xf32>) -> tensor<13x35xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %p = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%p, %y : tensor<13x35xf32>, tensor<13x35xf32>) outs(%e : tensor<13x35xf32>) {
  ^bb0(%in: f32, %in2: f32, %out: f32):
    %s = arith.addf %in, %in2 : f32
    linalg.yield %s : f32
  } -> tensor<13x35xf32>
  return %r : tensor<13x35xf32>
}

// -----

// Not started from x: a product that does not start from zeros, a sum with
// a broadcast operand, and a product widening bf16 into f32 (its sums are
// rounded once, at the end) keep their epilogue.
#id = affine_map<(m, n) -> (m, n)>
#row = affine_map<(m, n) -> (n)>
// CHECK-LABEL: func.func @sum_not_into_product
// CHECK-COUNT-3: scf.forall
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: tensor.parallel_insert_slice
// CHECK-COUNT-3: scf.forall
// CHECK: linalg.generic
// CHECK: arith.addf
// CHECK: tensor.parallel_insert_slice
// CHECK: return
func.func @sum_not_into_product(%x: tensor<13x35xf32>, %a: tensor<13x20xf32>, %b: tensor<20x35xf32>, %row: tensor<35xf32>) -> (tensor<13x35xf32>, tensor<13x35xf32>) {
  %one = arith.constant 1.0 : f32
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.fill ins(%one : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %p = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<13x35xf32>) outs(%p : tensor<13x35xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<13x35xf32>
  %c0 = linalg.fill ins(%zero : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %q = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c0 : tensor<13x35xf32>) -> tensor<13x35xf32>
  %t = linalg.generic {indexing_maps = [#row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%row : tensor<35xf32>) outs(%q : tensor<13x35xf32>) {
  ^bb0(%in: f32, %acc: f32):
    %s = arith.addf %in, %acc : f32
    linalg.yield %s : f32
  } -> tensor<13x35xf32>
  return %r, %t : tensor<13x35xf32>, tensor<13x35xf32>
}

// -----

// A loop-invariant operand (a weight read by every step of a loop) is
// packed once, before the outermost loop in which it does not change; the
// operand the loop carries is packed in each step.
// CHECK-LABEL: func.func @invariant_packing
// CHECK-SAME: %[[H0:[a-z0-9]+]]: tensor<13x20xf32>, %[[W:[a-z0-9]+]]: tensor<20x20xf32>
// CHECK: %[[W3:.*]] = tensor.expand_shape %[[W]]
// CHECK: %[[PW:.*]] = scf.forall {{.*}} -> (tensor<1x2x20x16xf32>)
// CHECK: vector.transfer_read %[[W3]]
// CHECK: scf.while
// CHECK: scf.for {{.*}} iter_args(%[[H:.*]] = %{{.*}})
// CHECK: %[[H3:.*]] = tensor.expand_shape %[[H]]
// CHECK: scf.forall {{.*}} -> (tensor<1x3x20x6xf32>)
// CHECK: vector.transfer_read %[[H3]]
// CHECK-NOT: tensor<1x2x20x16xf32>)
// CHECK: vector.transfer_read %[[PW]]
func.func @invariant_packing(%h0: tensor<13x20xf32>, %w: tensor<20x20xf32>, %n: index, %m: i1) -> tensor<13x20xf32> {
  %zero = arith.constant 0.0 : f32
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.while (%outer = %h0) : (tensor<13x20xf32>) -> tensor<13x20xf32> {
    scf.condition(%m) %outer : tensor<13x20xf32>
  } do {
  ^bb0(%start: tensor<13x20xf32>):
    %steps = scf.for %i = %c0 to %n step %c1 iter_args(%h = %start) -> tensor<13x20xf32> {
      %e = tensor.empty() : tensor<13x20xf32>
      %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x20xf32>) -> tensor<13x20xf32>
      %p = linalg.matmul ins(%h, %w : tensor<13x20xf32>, tensor<20x20xf32>) outs(%c : tensor<13x20xf32>) -> tensor<13x20xf32>
      scf.yield %p : tensor<13x20xf32>
    }
    scf.yield %steps : tensor<13x20xf32>
  }
  return %r : tensor<13x20xf32>
}

// -----

// An epilogue reading a [1, n] bias through a unit dimension (index 0) runs
// on each tile like any other.
#id = affine_map<(m, n) -> (m, n)>
#unit_row = affine_map<(m, n) -> (0, n)>
// CHECK-LABEL: func.func @unit_row_epilogue
// CHECK: scf.forall {{.*}} -> (tensor<1x13x35xf32>)
// CHECK: linalg.generic {{.*}} ins(%{{.*}} : tensor<1x?xf32>)
// CHECK: math.tanh
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @unit_row_epilogue(%a: tensor<13x20xf32>, %b: tensor<20x35xf32>, %bias: tensor<1x35xf32>) -> tensor<13x35xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<13x35xf32>
  %c = linalg.fill ins(%zero : f32) outs(%e : tensor<13x35xf32>) -> tensor<13x35xf32>
  %p = linalg.matmul ins(%a, %b : tensor<13x20xf32>, tensor<20x35xf32>) outs(%c : tensor<13x35xf32>) -> tensor<13x35xf32>
  %r = linalg.generic {indexing_maps = [#unit_row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%bias : tensor<1x35xf32>) outs(%p : tensor<13x35xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    %t = math.tanh %s : f32
    linalg.yield %t : f32
  } -> tensor<13x35xf32>
  return %r : tensor<13x35xf32>
}
