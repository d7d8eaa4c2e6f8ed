// RUN: fuse-opt %s --fuse-gpu-tile-kernels="vector-bytes=0" --cse | FileCheck %s
// RUN: fuse-opt %s --fuse-gpu-tile-kernels="block-size=32 max-blocks=4 vector-bytes=0" --cse | FileCheck %s --check-prefix=SMALL

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

// Column reduction: a thread per column, looping over the 100 rows.
// CHECK-LABEL: func.func @columns
// CHECK: scf.parallel (%[[B:.*]]) = (%{{.*}}) to (%c32)
// CHECK: scf.parallel (%[[T:.*]]) = (%{{.*}}) to (%c256)
// CHECK: %[[SCALED:.*]] = arith.muli %[[B]], %c256
// CHECK: %[[COL:.*]] = arith.addi %[[SCALED]], %[[T]]
// CHECK: %[[INIT:.*]] = memref.load %{{.*}}[%[[COL]]]
// CHECK: %[[SUM:.*]] = scf.for %[[ROW:.*]] = %c0 to %c100 step %c1 iter_args(%{{.*}} = %[[INIT]])
// CHECK: memref.load %{{.*}}[%[[ROW]], %[[COL]]]
// CHECK: memref.store %[[SUM]], %{{.*}}[%[[COL]]]
func.func @columns(%a: memref<100x8192xf32>, %r: memref<8192xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d1)>], iterator_types = ["reduction", "parallel"]} ins(%a : memref<100x8192xf32>) outs(%r : memref<8192xf32>) {
  ^bb0(%x: f32, %acc: f32):
    %s = arith.addf %acc, %x : f32
    linalg.yield %s : f32
  }
  return
}
