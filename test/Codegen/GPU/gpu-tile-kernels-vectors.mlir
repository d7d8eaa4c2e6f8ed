// RUN: fuse-opt %s --fuse-gpu-tile-kernels="aligned-buffers max-blocks=4" --cse -split-input-file | FileCheck %s
// RUN: fuse-opt %s --fuse-gpu-tile-kernels="max-blocks=4" --cse -split-input-file | FileCheck %s --check-prefix=UNALIGNED
// RUN: fuse-opt %s --fuse-gpu-tile-kernels="aligned-buffers max-blocks=4 row-vectors=8" --cse -split-input-file | FileCheck %s --check-prefix=FEWER
// That the vector forms compute what the scalar ones do is checked by
// running them: the CPU pipeline runs the same nests against the
// interpreter (test/Integration/GPU/emulated-tiling.test).

// Elementwise f32: 4 lanes, one 16-byte load per input and one store per
// output; 3072 points are 768 vectors, one per thread of the grid.
// CHECK-LABEL: func.func @elementwise
// CHECK:         scf.parallel (%[[B:.*]]) = (%c0) to (%c3)
// CHECK:           scf.parallel (%[[T:.*]]) = (%c0) to (%c256)
// CHECK:             %[[SCALED:.*]] = arith.muli %[[B]], %c256
// CHECK:             %[[V:.*]] = arith.addi %[[SCALED]], %[[T]]
// CHECK-NOT:         scf.for
// CHECK:               %[[LIN:.*]] = arith.muli %[[V]], %c4
// CHECK:               %[[COL:.*]] = arith.remui %[[LIN]], %c48
// CHECK:               %[[ROW:.*]] = arith.divui %[[LIN]], %c48
// CHECK:               %[[X:.*]] = vector.load %arg0[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<64x48xf32>, vector<4xf32>
// CHECK:               %[[Y:.*]] = vector.load %arg1[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<64x48xf32>, vector<4xf32>
// CHECK-COUNT-4:       arith.addf
// CHECK:               %[[R:.*]] = vector.from_elements
// CHECK:               vector.store %[[R]], %arg2[%[[ROW]], %[[COL]]] {alignment = 16 : i64} : memref<64x48xf32>, vector<4xf32>
// Without aligned buffers the accesses claim no alignment.
// UNALIGNED-LABEL: func.func @elementwise
// UNALIGNED:       vector.load %arg0[%{{.*}}, %{{.*}}] : memref<64x48xf32>, vector<4xf32>
#id = affine_map<(i, j) -> (i, j)>
func.func @elementwise(%x: memref<64x48xf32>, %y: memref<64x48xf32>, %out: memref<64x48xf32>) {
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %y : memref<64x48xf32>, memref<64x48xf32>) outs(%out : memref<64x48xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.addf %a, %b : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A row broadcast is read once for all lanes; f64 takes 2 lanes; the
// lanes' indices feed linalg.index.
// CHECK-LABEL: func.func @broadcast_f64
// CHECK:         %[[X:.*]] = vector.load %arg0[%{{.*}}, %[[COL:.*]]] {alignment = 16 : i64} : memref<8x6xf64>, vector<2xf64>
// CHECK:         %[[S:.*]] = memref.load %arg1[%{{.*}}] : memref<8xf64>
// CHECK:         %[[C1:.*]] = arith.addi %[[COL]], %c1
// CHECK:         vector.store %{{.*}}, %arg2[%{{.*}}, %[[COL]]] {alignment = 16 : i64} : memref<8x6xf64>, vector<2xf64>
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @broadcast_f64(%x: memref<8x6xf64>, %s: memref<8xf64>, %out: memref<8x6xf64>) {
  linalg.generic {indexing_maps = [#id, #row, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x, %s : memref<8x6xf64>, memref<8xf64>) outs(%out : memref<8x6xf64>) {
  ^bb0(%a: f64, %b: f64, %o: f64):
    %j = linalg.index 1 : index
    %ji = arith.index_cast %j : index to i64
    %jf = arith.sitofp %ji : i64 to f64
    %m = arith.mulf %a, %b : f64
    %r = arith.addf %m, %jf : f64
    linalg.yield %r : f64
  }
  return
}

// -----

// The widest element decides: f16 in, f32 out, 4 lanes of each.
// CHECK-LABEL: func.func @mixed_widths
// CHECK:         vector.load %arg0[%{{.*}}] {alignment = 8 : i64} : memref<64xf16>, vector<4xf16>
// CHECK:         vector.store %{{.*}}, %arg1[%{{.*}}] {alignment = 16 : i64} : memref<64xf32>, vector<4xf32>
#id = affine_map<(i) -> (i)>
func.func @mixed_widths(%x: memref<64xf16>, %out: memref<64xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]}
      ins(%x : memref<64xf16>) outs(%out : memref<64xf32>) {
  ^bb0(%a: f16, %o: f32):
    %e = arith.extf %a : f16 to f32
    linalg.yield %e : f32
  }
  return
}

// -----

// Scalar where a vector cannot be: a size that is not a multiple of the
// lanes, a transposed read, i1 elements.
// CHECK-LABEL: func.func @odd_size
// CHECK-NOT:     vector.load
// CHECK-LABEL: func.func @transposed
// CHECK-NOT:     vector.load
// CHECK-LABEL: func.func @booleans
// CHECK-NOT:     vector.load
#id = affine_map<(i, j) -> (i, j)>
#t = affine_map<(i, j) -> (j, i)>
func.func @odd_size(%x: memref<5x7xf32>, %out: memref<5x7xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<5x7xf32>) outs(%out : memref<5x7xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  }
  return
}
func.func @transposed(%x: memref<8x8xf32>, %out: memref<8x8xf32>) {
  linalg.generic {indexing_maps = [#t, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x8xf32>) outs(%out : memref<8x8xf32>) {
  ^bb0(%a: f32, %o: f32):
    linalg.yield %a : f32
  }
  return
}
func.func @booleans(%x: memref<8x8xi1>, %out: memref<8x8xi1>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<8x8xi1>) outs(%out : memref<8x8xi1>) {
  ^bb0(%a: i1, %o: i1):
    linalg.yield %a : i1
  }
  return
}

// -----

// A row reduction: each thread folds 4 neighbouring elements of the row
// into its partial sum, in order, then the block combines the partials.
// CHECK-LABEL: func.func @row_sum
// CHECK:         scf.parallel (%[[T:.*]]) = (%c0) to (%c256) step (%c1) init (%[[ACC:.*]]) -> f32
// CHECK-NOT:         scf.for
// CHECK:             %[[J:.*]] = arith.muli %[[T]], %c4
// CHECK:             %[[X:.*]] = vector.load %arg0[%{{.*}}, %[[J]]] {alignment = 16 : i64} : memref<16x1024xf32>, vector<4xf32>
// CHECK:             %[[X0:.*]] = vector.extract %[[X]][0]
// CHECK:             %[[S0:.*]] = arith.addf %[[X0]], %[[ACC]]
// CHECK:             %[[X1:.*]] = vector.extract %[[X]][1]
// CHECK:             %[[S1:.*]] = arith.addf %[[X1]], %[[S0]]
// CHECK:           scf.reduce
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @row_sum(%x: memref<16x1024xf32>, %out: memref<16xf32>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<16x1024xf32>) outs(%out : memref<16xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// Views: a row of an aligned buffer keeps the alignment (the row stride is
// a multiple of the lanes); a view starting at column 1 does not.
// CHECK-LABEL: func.func @views
// CHECK:         vector.load %{{.*}} {alignment = 16 : i64} : memref<32xf32, strided<[1], offset: ?>>, vector<4xf32>
// CHECK:         vector.load %{{.*}} : memref<32xf32, strided<[1], offset: ?>>, vector<4xf32>
#id = affine_map<(i) -> (i)>
func.func @views(%x: memref<8x36xf32>, %out: memref<32xf32>, %row: index) {
  %r = memref.subview %x[%row, 0] [1, 32] [1, 1] : memref<8x36xf32> to memref<32xf32, strided<[1], offset: ?>>
  %s = memref.subview %x[%row, 1] [1, 32] [1, 1] : memref<8x36xf32> to memref<32xf32, strided<[1], offset: ?>>
  linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}
      ins(%r, %s : memref<32xf32, strided<[1], offset: ?>>, memref<32xf32, strided<[1], offset: ?>>) outs(%out : memref<32xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %m = arith.mulf %a, %b : f32
    linalg.yield %m : f32
  }
  return
}

// -----

// Several vectors per thread that divide evenly: 4 per iteration, all their
// loads before the first store (1024x64 f32 is 16384 vectors; 4 blocks of
// 256 threads stride by 1024).
// CHECK-LABEL: func.func @four_in_flight
// CHECK:         scf.for %[[V:.*]] = %{{.*}} to %c16384 step %c4096
// CHECK-COUNT-4:   vector.load %arg0
// CHECK-NOT:       vector.store
// CHECK:           arith.negf
// CHECK:           vector.store
// CHECK:           vector.store
// CHECK:           vector.store
// CHECK:           vector.store
#id = affine_map<(i, j) -> (i, j)>
func.func @four_in_flight(%x: memref<1024x64xf32>, %out: memref<1024x64xf32>) {
  linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
      ins(%x : memref<1024x64xf32>) outs(%out : memref<1024x64xf32>) {
  ^bb0(%a: f32, %o: f32):
    %n = arith.negf %a : f32
    linalg.yield %n : f32
  }
  return
}

// -----

// A row of 1024 vectors over 256 threads: a thread's whole share (4
// vectors, at most row-vectors) at once, without a loop, their loads before
// the first fold.
// CHECK-LABEL: func.func @long_row
// CHECK-NOT:       scf.for
// CHECK-COUNT-4:   vector.load %arg0
// CHECK-NOT:       vector.load
// CHECK:           arith.addf
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @long_row(%x: memref<2x4096xf32>, %out: memref<2xf32>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<2x4096xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}

// -----

// A row of 16384 f32 is 16 vectors per thread: no loop (row-vectors=16),
// the loads 8 at a time (kMaxVectorsInFlight) before the folds that use
// them; with row-vectors=8 the thread loops, 4 vectors per iteration.
// CHECK-LABEL: func.func @whole_share
// CHECK-NOT:       scf.for
// CHECK-COUNT-8:   vector.load %arg0
// CHECK-NOT:       vector.load
// CHECK:           arith.addf
// CHECK-COUNT-8:   vector.load %arg0
// CHECK-NOT:       vector.load
// CHECK:           scf.reduce
// FEWER-LABEL: func.func @whole_share
// FEWER:           scf.for %{{.*}} = %{{.*}} to %c4096 step %c1024 iter_args
// FEWER-COUNT-4:     vector.load %arg0
// FEWER-NOT:         vector.load
#id = affine_map<(i, j) -> (i, j)>
#row = affine_map<(i, j) -> (i)>
func.func @whole_share(%x: memref<2x16384xf32>, %out: memref<2xf32>) {
  linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]}
      ins(%x : memref<2x16384xf32>) outs(%out : memref<2xf32>) {
  ^bb0(%a: f32, %acc: f32):
    %s = arith.addf %a, %acc : f32
    linalg.yield %s : f32
  }
  return
}
