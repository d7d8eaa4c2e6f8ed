// Products through fuse-cpu-tile-contractions, run against the interpreter: sizes
// off every tile (1, 3, 17, 1000), transposed operands, batches, several
// contracted dimensions, f64, bf16 and integers, unfused and with fused
// epilogues; with the host's tiles and with tiny ones, so that every edge of
// every block and register tile is hit. Register columns of 12 make 6-lane
// vectors, whose transposes in the packing are not shuffle rounds. The left
// operand is packed before the tiles, and inside them (in-tiles: every
// depth block of a tile packs its left block into a buffer carried from
// block to block), or read in place (in-place, rows past the operand
// clamped to its last row).
//
// RUN: fuse-opt %s --convert-hlo-fusions-to-loop-nests=products-by-rows=0 --convert-hlo-to-linalg --fuse-cpu-tile-contractions | FileCheck %s --check-prefix=IR
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="product-register-rows=4 product-register-cols=8 product-depth-block=5 product-row-block=8 product-col-block=24" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=3 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=4 --check --pipeline-options="product-register-rows=3 product-register-cols=4 product-depth-block=7 product-row-block=6 product-col-block=8" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=5 --check --pipeline-options="product-register-rows=5 product-register-cols=12 product-depth-block=9 product-row-block=10 product-col-block=24" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=6 --check --pipeline-options="product-pack-left=in-tiles" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=7 --check --pipeline-options="product-pack-left=in-tiles product-register-rows=3 product-register-cols=4 product-depth-block=7 product-row-block=6 product-col-block=8" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=8 --check --pipeline-options="product-pack-left=in-tiles product-register-rows=5 product-register-cols=12 product-depth-block=9 product-row-block=10 product-col-block=24" | FileCheck %s
// Sums of 1000 f32 terms round differently from the interpreter's, which
// adds in order: with seed 9, one nearly cancelled sum of @batch_matvec is
// 4.6e-5 off (whatever the packing), so these two runs allow 1e-4.
// RUN: fuse-run %s --all-entries --random-inputs=9 --check --atol=1e-4 --pipeline-options="product-pack-left=in-place" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=10 --check --atol=1e-4 --pipeline-options="product-pack-left=in-place product-register-rows=3 product-register-cols=4 product-depth-block=7 product-row-block=6 product-col-block=8" | FileCheck %s

// Every product became a kernel.
// IR-NOT: linalg.matmul
// IR-NOT: linalg.batch_matmul
// IR-NOT: linalg.matvec
// IR-NOT: linalg.vecmat
// IR-NOT: linalg.dot
// IR: vector.fma

// CHECK: @long_depth result 0: ok
func.func @long_depth(%a: tensor<17x1000xf32>, %b: tensor<1000x3xf32>) -> tensor<17x3xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<17x1000xf32>, tensor<1000x3xf32>) -> tensor<17x3xf32>
  return %0 : tensor<17x3xf32>
}

// CHECK: @tall result 0: ok
func.func @tall(%a: tensor<1000x17xf32>, %b: tensor<17x33xf32>) -> tensor<1000x33xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1000x17xf32>, tensor<17x33xf32>) -> tensor<1000x33xf32>
  return %0 : tensor<1000x33xf32>
}

// CHECK: @tiny result 0: ok
func.func @tiny(%a: tensor<3x3xf32>, %b: tensor<3x3xf32>) -> tensor<3x3xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<3x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  return %0 : tensor<3x3xf32>
}

// CHECK: @lhs_transposed result 0: ok
func.func @lhs_transposed(%a: tensor<40x33xf32>, %b: tensor<40x29xf32>) -> tensor<33x29xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<40x33xf32>, tensor<40x29xf32>) -> tensor<33x29xf32>
  return %0 : tensor<33x29xf32>
}

// CHECK: @rhs_transposed result 0: ok
func.func @rhs_transposed(%a: tensor<33x40xf32>, %b: tensor<29x40xf32>) -> tensor<33x29xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<33x40xf32>, tensor<29x40xf32>) -> tensor<33x29xf32>
  return %0 : tensor<33x29xf32>
}

// CHECK: @batch result 0: ok
func.func @batch(%a: tensor<3x17x9xf32>, %b: tensor<3x9x21xf32>) -> tensor<3x17x21xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x17x9xf32>, tensor<3x9x21xf32>) -> tensor<3x17x21xf32>
  return %0 : tensor<3x17x21xf32>
}

// Batch dimensions last on one side and two contracted dimensions.
// CHECK: @batch_last_two_contracted result 0: ok
func.func @batch_last_two_contracted(%a: tensor<5x4x6x2xf32>, %b: tensor<2x4x5x11xf32>) -> tensor<2x6x11xf32> {
  %0 = hlo.dot_general %a, %b, batching_dims = [3] x [0], contracting_dims = [0, 1] x [2, 1] : (tensor<5x4x6x2xf32>, tensor<2x4x5x11xf32>) -> tensor<2x6x11xf32>
  return %0 : tensor<2x6x11xf32>
}

// CHECK: @f64 result 0: ok
func.func @f64(%a: tensor<19x23xf64>, %b: tensor<23x13xf64>) -> tensor<19x13xf64> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<19x23xf64>, tensor<23x13xf64>) -> tensor<19x13xf64>
  return %0 : tensor<19x13xf64>
}

// CHECK: @bf16 result 0: ok
func.func @bf16(%a: tensor<2x9x31xbf16>, %b: tensor<2x31x10xbf16>) -> tensor<2x9x10xbf16> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<2x9x31xbf16>, tensor<2x31x10xbf16>) -> tensor<2x9x10xbf16>
  return %0 : tensor<2x9x10xbf16>
}

// CHECK: @i32 result 0: ok
func.func @i32(%a: tensor<11x7xi32>, %b: tensor<7x18xi32>) -> tensor<11x18xi32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<11x7xi32>, tensor<7x18xi32>) -> tensor<11x18xi32>
  return %0 : tensor<11x18xi32>
}

// CHECK: @i8 result 0: ok
func.func @i8(%a: tensor<9x5xi8>, %b: tensor<5x7xi8>) -> tensor<9x7xi8> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<9x5xi8>, tensor<5x7xi8>) -> tensor<9x7xi8>
  return %0 : tensor<9x7xi8>
}

// A dense layer: bias through a broadcast, then tanh (an output fusion
// under --fuse-elementwise).
// CHECK: @dense_tanh result 0: ok
func.func @dense_tanh(%x: tensor<37x65xf32>, %w: tensor<65x70xf32>, %b: tensor<70xf32>) -> tensor<37x70xf32> {
  %d = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<37x65xf32>, tensor<65x70xf32>) -> tensor<37x70xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<70xf32>) -> tensor<37x70xf32>
  %s = hlo.add %d, %bb : tensor<37x70xf32>
  %t = hlo.tanh %s : tensor<37x70xf32>
  return %t : tensor<37x70xf32>
}

// Attention scores: a batched A B^T scaled, then exponentiated.
// CHECK: @scores result 0: ok
func.func @scores(%q: tensor<2x30x16xf32>, %k: tensor<2x25x16xf32>) -> tensor<2x30x25xf32> {
  %d = hlo.dot_general %q, %k, batching_dims = [0] x [0], contracting_dims = [2] x [2] : (tensor<2x30x16xf32>, tensor<2x25x16xf32>) -> tensor<2x30x25xf32>
  %c = hlo.constant dense<0.25> : tensor<2x30x25xf32>
  %s = hlo.multiply %d, %c : tensor<2x30x25xf32>
  %e = hlo.exponential %s : tensor<2x30x25xf32>
  return %e : tensor<2x30x25xf32>
}

// Few rows (one row block): the right operand is read where it is when the
// register tile's columns divide N, packed otherwise: 96 columns are read in
// place with every register-cols of these runs (the host's, 4, 8 and 12),
// the bf16 operand's 64 are packed with 12.
// CHECK: @few_rows result 0: ok
func.func @few_rows(%a: tensor<5x40xf32>, %b: tensor<40x96xf32>) -> tensor<5x96xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<5x40xf32>, tensor<40x96xf32>) -> tensor<5x96xf32>
  return %0 : tensor<5x96xf32>
}

// CHECK: @few_rows_batched_bf16 result 0: ok
func.func @few_rows_batched_bf16(%a: tensor<3x2x33xbf16>, %b: tensor<3x33x64xbf16>) -> tensor<3x2x64xbf16> {
  %0 = hlo.dot_general %a, %b, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x2x33xbf16>, tensor<3x33x64xbf16>) -> tensor<3x2x64xbf16>
  return %0 : tensor<3x2x64xbf16>
}

// The product is also returned: the epilogue cannot overwrite it.
// CHECK: @product_kept result 0: ok
// CHECK: @product_kept result 1: ok
func.func @product_kept(%a: tensor<13x8xf32>, %b: tensor<8x21xf32>) -> (tensor<13x21xf32>, tensor<13x21xf32>) {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<13x8xf32>, tensor<8x21xf32>) -> tensor<13x21xf32>
  %n = hlo.negate %d : tensor<13x21xf32>
  return %d, %n : tensor<13x21xf32>, tensor<13x21xf32>
}

// Matrix-vector products: K contiguous with a K tail, the free dimension
// contiguous, batched, a single row, a dot product, a decoding step's
// attention, integers and bf16.
// CHECK: @matvec result 0: ok
func.func @matvec(%a: tensor<1000x37xf32>, %x: tensor<37xf32>) -> tensor<1000xf32> {
  %0 = hlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<1000x37xf32>, tensor<37xf32>) -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
}

// CHECK: @vecmat result 0: ok
func.func @vecmat(%x: tensor<53xf32>, %a: tensor<53x1000xf32>) -> tensor<1000xf32> {
  %0 = hlo.dot_general %x, %a, contracting_dims = [0] x [0] : (tensor<53xf32>, tensor<53x1000xf32>) -> tensor<1000xf32>
  return %0 : tensor<1000xf32>
}

// CHECK: @batch_matvec result 0: ok
func.func @batch_matvec(%a: tensor<3x17x1000xf32>, %x: tensor<3x1000xf32>) -> tensor<3x17xf32> {
  %0 = hlo.dot_general %a, %x, batching_dims = [0] x [0], contracting_dims = [2] x [1] : (tensor<3x17x1000xf32>, tensor<3x1000xf32>) -> tensor<3x17xf32>
  return %0 : tensor<3x17xf32>
}

// CHECK: @single_row result 0: ok
func.func @single_row(%a: tensor<1x19xf32>, %b: tensor<19x45xf32>) -> tensor<1x45xf32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<1x19xf32>, tensor<19x45xf32>) -> tensor<1x45xf32>
  return %0 : tensor<1x45xf32>
}

// CHECK: @dot result 0: ok
func.func @dot(%a: tensor<77xf32>, %b: tensor<77xf32>) -> tensor<f32> {
  %0 = hlo.dot_general %a, %b, contracting_dims = [0] x [0] : (tensor<77xf32>, tensor<77xf32>) -> tensor<f32>
  return %0 : tensor<f32>
}

// A decoding step's attention over a [batch, position, head, dim] cache:
// each batch's slice read where it is, K (dim) contiguous, then the free
// dimension contiguous with K in blocks of 64 steps and a tail.
// CHECK: @decode_scores result 0: ok
func.func @decode_scores(%q: tensor<2x1x3x20xf32>, %keys: tensor<2x70x3x20xf32>) -> tensor<2x3x1x70xf32> {
  %0 = hlo.dot_general %q, %keys, batching_dims = [0, 2] x [0, 2], contracting_dims = [3] x [3] : (tensor<2x1x3x20xf32>, tensor<2x70x3x20xf32>) -> tensor<2x3x1x70xf32>
  return %0 : tensor<2x3x1x70xf32>
}

// CHECK: @decode_values result 0: ok
func.func @decode_values(%values: tensor<2x150x3x20xf32>, %weights: tensor<2x3x1x150xf32>) -> tensor<2x3x20x1xf32> {
  %0 = hlo.dot_general %values, %weights, batching_dims = [0, 2] x [0, 1], contracting_dims = [1] x [3] : (tensor<2x150x3x20xf32>, tensor<2x3x1x150xf32>) -> tensor<2x3x20x1xf32>
  return %0 : tensor<2x3x20x1xf32>
}

// CHECK: @matvec_i32 result 0: ok
func.func @matvec_i32(%a: tensor<13x29xi32>, %x: tensor<29xi32>) -> tensor<13xi32> {
  %0 = hlo.dot_general %a, %x, contracting_dims = [1] x [0] : (tensor<13x29xi32>, tensor<29xi32>) -> tensor<13xi32>
  return %0 : tensor<13xi32>
}

// CHECK: @vecmat_bf16 result 0: ok
func.func @vecmat_bf16(%x: tensor<21xbf16>, %a: tensor<21x40xbf16>) -> tensor<40xbf16> {
  %0 = hlo.dot_general %x, %a, contracting_dims = [0] x [0] : (tensor<21xbf16>, tensor<21x40xbf16>) -> tensor<40xbf16>
  return %0 : tensor<40xbf16>
}

// Operands that are strided slices: the kernels read memrefs whose innermost
// stride is not 1 (found by hlo_fuzz.py).
// CHECK: @strided_operands result 0: ok
// CHECK: @strided_operands result 1: ok
func.func @strided_operands(%a: tensor<20x30xf32>, %b: tensor<30x40xf32>) -> (tensor<7x10xf32>, tensor<7xf32>) {
  %sa = hlo.slice %a, starts = [0, 0], limits = [20, 30], strides = [3, 3] : (tensor<20x30xf32>) -> tensor<7x10xf32>
  %sb = hlo.slice %b, starts = [0, 1], limits = [30, 40], strides = [3, 4] : (tensor<30x40xf32>) -> tensor<10x10xf32>
  %p = hlo.dot_general %sa, %sb, contracting_dims = [1] x [0] : (tensor<7x10xf32>, tensor<10x10xf32>) -> tensor<7x10xf32>
  %v = hlo.slice %b, starts = [0, 0], limits = [30, 1], strides = [3, 1] : (tensor<30x40xf32>) -> tensor<10x1xf32>
  %vr = hlo.reshape %v : (tensor<10x1xf32>) -> tensor<10xf32>
  %q = hlo.dot_general %sa, %vr, contracting_dims = [1] x [0] : (tensor<7x10xf32>, tensor<10xf32>) -> tensor<7xf32>
  return %p, %q : tensor<7x10xf32>, tensor<7xf32>
}
