// RUN: fuse-opt %s --fuse-gpu-tile-kernels="vector-bytes=0" --cse | FileCheck %s
// RUN: fuse-opt %s --fuse-gpu-tile-kernels="block-size=32 max-blocks=4 vector-bytes=0" --cse | FileCheck %s --check-prefix=SMALL
// RUN: fuse-opt %s --fuse-gpu-tile-kernels="vector-bytes=0 leaf-steps=16" --cse | FileCheck %s --check-prefix=LEAF16

// Leaves of 16: a column's 100 rows are 7 leaves, three levels of halves.
// LEAF16-LABEL: func.func @columns
// LEAF16: scf.for %{{.*}} = %c0 to %c2 step %c1
// LEAF16: scf.for %{{.*}} = %c0 to %c2 step %c1
// LEAF16: scf.for %{{.*}} = %c0 to %c2 step %c1
// LEAF16: %[[LOWER:.*]] = arith.muli %{{.*}}, %c16
// LEAF16: %[[UPPER:.*]] = arith.minsi %{{.*}}, %c100
// LEAF16: scf.for %{{.*}} = %[[LOWER]] to %[[UPPER]] step %c1

// With 32 threads and at most 4 blocks, the grid strides over the points
// and the rows.
// SMALL-LABEL: func.func @elementwise
// SMALL: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c4)
// SMALL: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c32)
// SMALL: scf.for %{{.*}} = %{{.*}} to %c3072 step %c128
// SMALL-LABEL: func.func @rows
// SMALL: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c4)
// SMALL: scf.for %{{.*}} = %[[B]] to %c8 step %c4
// SMALL: scf.for %{{.*}} = %{{.*}} to %c1000 step %c32
// SMALL-LABEL: func.func @full
// SMALL: memref.alloc() : memref<4xf32>

// Elementwise: 12 blocks of 256 threads, each thread one point (the grid
// covers all 3072, so no loop), the innermost dimension on neighbouring
// threads.
// CHECK-LABEL: func.func @elementwise
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c12)
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%c256)
// CHECK: %[[SCALED:.*]] = arith.muli %[[B]], %c256
// CHECK: %[[FIRST:.*]] = arith.addi %[[SCALED]], %[[T]]
// CHECK-NOT: scf.for
// CHECK: %[[COL:.*]] = arith.remui %[[FIRST]], %c48
// CHECK: %[[ROW:.*]] = arith.divui %[[FIRST]], %c48
// CHECK: memref.load %{{.*}}[%[[ROW]], %[[COL]]]
// CHECK: math.exp
// CHECK: memref.store %{{.*}}, %{{.*}}[%[[ROW]], %[[COL]]]
// CHECK: mapping = [#gpu.loop_dim_map<processor = thread_x
// CHECK: mapping = [#gpu.loop_dim_map<processor = block_x
func.func @elementwise(%a: memref<64x48xf32>, %b: memref<64x48xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} ins(%a : memref<64x48xf32>) outs(%b : memref<64x48xf32>) {
  ^bb0(%x: f32, %y: f32):
    %e = math.exp %x : f32
    linalg.yield %e : f32
  }
  return
}

// Row reduction: a block per row (8 blocks, so no loop over rows), its
// threads striding over the row, their partial maxima combined by
// scf.reduce, then with the initial value.
// CHECK-LABEL: func.func @rows
// CHECK: scf.parallel (%[[ROW:.*]]) = (%{{.*}}) to (%c8)
// CHECK-NOT: scf.for
// CHECK: %[[TOTAL:.*]] = scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%c256) step (%{{.*}}) init (%[[NEG_INF:.*]]) -> f32
// CHECK: scf.for %[[J:.*]] = %[[T]] to %c1000 step %c256 iter_args(%[[ACC:.*]] = %[[NEG_INF]])
// CHECK: %[[X:.*]] = memref.load %{{.*}}[%[[ROW]], %[[J]]]
// CHECK: arith.maximumf %[[ACC]], %[[X]]
// CHECK: scf.reduce
// CHECK: arith.maximumf
// CHECK: processor = thread_x
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[%[[ROW]]]
// CHECK: %[[RESULT:.*]] = arith.maximumf %[[INIT]], %[[TOTAL]]
// CHECK: memref.store %[[RESULT]], %{{.*}}[%[[ROW]]]
// CHECK: processor = block_x
func.func @rows(%a: memref<8x1000xf32>, %r: memref<8xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : memref<8x1000xf32>) outs(%r : memref<8xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %m = arith.maximumf %acc, %x : f32
    linalg.yield %m : f32
  }
  return
}

// Full reduction: 2048 blocks write partial sums, one block adds them up.
// CHECK-LABEL: func.func @full
// CHECK: %[[PARTIALS:.*]] = memref.alloc() : memref<2048xf32>
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c2048)
// CHECK: %[[SUM:.*]] = scf.parallel
// CHECK: scf.for %{{.*}} = %{{.*}} to %c16777216 step %c524288
// CHECK: scf.reduce
// CHECK: memref.store %[[SUM]], %[[PARTIALS]][%[[B]]]
// CHECK: processor = block_x
// CHECK: scf.parallel (%{{.*}}) = (%{{.*}}) to (%c1)
// CHECK: %[[TOTAL:.*]] = scf.parallel
// CHECK: scf.for %{{.*}} = %{{.*}} to %c2048 step %c256
// CHECK: memref.load %[[PARTIALS]]
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[] : memref<f32>
// CHECK: %[[RESULT:.*]] = arith.addf %[[INIT]], %[[TOTAL]]
// CHECK: memref.store %[[RESULT]]
// CHECK: processor = block_x
// CHECK: memref.dealloc %[[PARTIALS]]
func.func @full(%a: memref<4096x4096xf32>, %r: memref<f32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> ()>], iterator_types = ["reduction", "reduction"]} ins(%a : memref<4096x4096xf32>) outs(%r : memref<f32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// Column reduction: a thread per column. Its 100 rows fold in two leaves
// of at most 64 (rows 0-63 and 64-99), each in order from zero; the two
// leaves are added as the halves of one tree level, then to the init.
// CHECK-LABEL: func.func @columns
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c32)
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%c256)
// CHECK: %[[SCALED:.*]] = arith.muli %[[B]], %c256
// CHECK: %[[COL:.*]] = arith.addi %[[SCALED]], %[[T]]
// CHECK: %[[SUM:.*]] = scf.for %[[HALF:.*]] = %c0 to %c2 step %c1 iter_args(%[[PAIR:.*]] = %[[ZERO:.*]]) -> (f32)
// CHECK: %[[LOWER:.*]] = arith.muli %[[HALF]], %c64
// CHECK: %[[END:.*]] = arith.addi %[[LOWER]], %c64
// CHECK: %[[UPPER:.*]] = arith.minsi %[[END]], %c100
// CHECK: %[[LEAF:.*]] = scf.for %[[ROW:.*]] = %[[LOWER]] to %[[UPPER]] step %c1 iter_args(%{{.*}} = %[[ZERO]])
// CHECK: memref.load %{{.*}}[%[[ROW]], %[[COL]]]
// CHECK: %[[NEXT:.*]] = arith.addf %[[PAIR]], %[[LEAF]]
// CHECK: scf.yield %[[NEXT]]
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[%[[COL]]]
// CHECK: %[[RESULT:.*]] = arith.addf %[[INIT]], %[[SUM]]
// CHECK: memref.store %[[RESULT]], %{{.*}}[%[[COL]]]
func.func @columns(%a: memref<100x8192xf32>, %r: memref<8192xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%a : memref<100x8192xf32>) outs(%r : memref<8192xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// A row of 65536 per block: each of the 256 threads has 256 elements, four
// leaves of 64, combined by two levels of halves (leaf = 2 * outer + inner).
// CHECK-LABEL: func.func @long_rows
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%c256) step (%{{.*}}) init (%[[ZERO:.*]]) -> f32
// CHECK: scf.for %[[OUTER:.*]] = %c0 to %c2 step %c1 iter_args(%[[PAIRS:.*]] = %[[ZERO]])
// CHECK: %[[FIRST_LEAF:.*]] = arith.muli %[[OUTER]], %c2
// CHECK: scf.for %[[INNER:.*]] = %c0 to %c2 step %c1 iter_args(%[[PAIR:.*]] = %[[ZERO]])
// CHECK: %[[LEAF_INDEX:.*]] = arith.addi %[[FIRST_LEAF]], %[[INNER]]
// CHECK: %[[OFFSET:.*]] = arith.muli %[[LEAF_INDEX]], %c16384
// CHECK: %[[LOWER:.*]] = arith.addi %[[T]], %[[OFFSET]]
// CHECK: %[[UPPER:.*]] = arith.minsi %{{.*}}, %c65536
// CHECK: %[[LEAF:.*]] = scf.for %{{.*}} = %[[LOWER]] to %[[UPPER]] step %c256 iter_args(%{{.*}} = %[[ZERO]])
// CHECK: arith.addf %[[PAIR]], %[[LEAF]]
// CHECK: arith.addf %[[PAIRS]]
// CHECK: scf.reduce
func.func @long_rows(%a: memref<4x65536xf32>, %r: memref<4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%a : memref<4x65536xf32>) outs(%r : memref<4xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}

// A bf16 column sum with few outputs: blocks write f32 partial sums of
// their rows (each element extended, then added in f32); a block per output
// adds up its partials, adds the init in f32 and rounds once.
// CHECK-LABEL: func.func @bf16_columns
// CHECK: %[[PARTIALS:.*]] = memref.alloc() : memref<{{[0-9]+}}x8xf32>
// CHECK: %[[X:.*]] = memref.load %{{.*}} : memref<16384x8xbf16>
// CHECK: %[[SQUARE:.*]] = arith.mulf %[[X]], %[[X]] : bf16
// CHECK: %[[WIDE:.*]] = arith.extf %[[SQUARE]] : bf16 to f32
// CHECK: arith.addf %{{.*}}, %[[WIDE]] : f32
// CHECK: memref.store %{{.*}}, %[[PARTIALS]]
// CHECK: processor = block_x
// CHECK: scf.parallel (%[[OUTPUT:.*]]) = (%{{.*}}) to (%c8)
// CHECK: %[[TOTAL:.*]] = scf.parallel
// CHECK: memref.load %[[PARTIALS]][%{{.*}}, %[[OUTPUT]]] : memref<{{[0-9]+}}x8xf32>
// CHECK: scf.reduce
// CHECK: arith.addf %{{.*}}, %{{.*}} : f32
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[%[[OUTPUT]]] : memref<8xbf16>
// CHECK: %[[WIDE_INIT:.*]] = arith.extf %[[INIT]] : bf16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[WIDE_INIT]], %[[TOTAL]] : f32
// CHECK: %[[ROUNDED:.*]] = arith.truncf %[[SUM]] : f32 to bf16
// CHECK: memref.store %[[ROUNDED]], %{{.*}}[%[[OUTPUT]]] : memref<8xbf16>
// CHECK: memref.dealloc %[[PARTIALS]]
func.func @bf16_columns(%a: memref<16384x8xbf16>, %r: memref<8xbf16>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%a : memref<16384x8xbf16>) outs(%r : memref<8xbf16>) {
  ^bb0(%x: bf16, %acc: bf16):
    %sq = arith.mulf %x, %x : bf16
    %s = arith.addf %acc, %sq : bf16
    linalg.yield %s : bf16
  }
  return
}
