// With pack-left=in-tiles, fuse-cpu-tile-contractions packs the left operand
// inside each result tile: the depth loop carries, beside the tile, a buffer
// of the tile's left panels for one depth block ([row-block / rows, depth
// block, rows]), which each depth block packs over (panel by panel, steps
// kb to min(kb + depth-block, K)), and the kernel reads its step k at
// k - kb. Only the right operand is packed before the tiles. The policy
// chooses this when one column block covers the result and the left operand
// is larger than L2 and N is more than 4 register tiles wide; with at most 4,
// it reads the left operand in place (below). tile-contractions-run.mlir
// runs every product of its corpus this way against the interpreter.
// RUN: fuse-opt %s --fuse-cpu-tile-contractions="register-rows=6 register-cols=16 depth-block=8 row-block=12 col-block=32 pack-left=in-tiles" --canonicalize --cse | FileCheck %s
// RUN: fuse-opt %s --fuse-cpu-tile-contractions="register-rows=6 register-cols=16 depth-block=8 row-block=12 col-block=32 pack-left=before-tiles" --canonicalize --cse | FileCheck %s --check-prefix=BEFORE
// RUN: fuse-opt %s --fuse-cpu-tile-contractions="register-rows=6 register-cols=16 depth-block=8 row-block=12 col-block=32 pack-left=in-place" --canonicalize --cse | FileCheck %s --check-prefix=IN-PLACE

// CHECK-LABEL: func.func @matmul
// CHECK-SAME: (%[[A:.*]]: tensor<24x20xf32>, %[[B:.*]]: tensor<20x16xf32>, %[[C:.*]]: tensor<24x16xf32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C6:.*]] = arith.constant 6 : index
// CHECK-DAG: %[[C8:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[C20:.*]] = arith.constant 20 : index
// CHECK: %[[A3:.*]] = tensor.expand_shape %[[A]] {{.*}} into tensor<1x24x20xf32>
// The right operand's one panel, before the tiles.
// CHECK: scf.for {{.*}} -> (tensor<20x16xf32>)
// CHECK-NOT: tensor<1x4x20x6xf32>
// CHECK: scf.forall (%[[T:.*]]) in (2) shared_outs(%[[OUT:.*]] = {{.*}}) -> (tensor<1x24x16xf32>)
// CHECK:   %[[ROW_START:.*]] = arith.muli %[[T]], %{{.*}} : index
// CHECK:   %[[ROW_COUNT:.*]] = arith.minsi
// CHECK:   %[[EMPTY:.*]] = tensor.empty() : tensor<2x8x6xf32>
// CHECK:   scf.for %[[KB:.*]] = %[[C0]] to %[[C20]] step %[[C8]] iter_args(%[[TILE:.*]] = %{{.*}}, %[[BLOCK:.*]] = %[[EMPTY]]) -> (tensor<?x16xf32>, tensor<2x8x6xf32>) {
// CHECK:     %[[K_NEXT:.*]] = arith.addi %[[KB]], %[[C8]]
// CHECK:     %[[K_END:.*]] = arith.minsi %[[K_NEXT]], %[[C20]]
// CHECK:     %[[PACKED:.*]] = scf.for %[[ROW:.*]] = %[[C0]] to %[[ROW_COUNT]] step %[[C6]] iter_args(%[[PANELS:.*]] = %[[BLOCK]]) -> (tensor<2x8x6xf32>) {
// CHECK:       %[[PANEL:.*]] = arith.divui %[[ROW]], %[[C6]]
// CHECK:       %[[SLICE:.*]] = tensor.extract_slice %[[PANELS]][%[[PANEL]], 0, 0] [1, 8, 6] [1, 1, 1]
// CHECK:       %[[FIRST:.*]] = arith.addi %[[ROW_START]], %[[ROW]]
// CHECK:       scf.for %[[KK:.*]] = %[[KB]] to %[[K_END]] step %[[C8]] iter_args(%{{.*}} = %[[SLICE]]) -> (tensor<8x6xf32>) {
// CHECK:         vector.transfer_read %[[A3]][%[[C0]], %{{.*}}, %[[KK]]]
// CHECK-COUNT-24: vector.shuffle
// CHECK:         %[[STEP:.*]] = arith.subi %[[KK]], %[[KB]]
// CHECK:         vector.transfer_write
// CHECK:       tensor.insert_slice %{{.*}} into %[[PANELS]][%[[PANEL]], 0, 0] [1, 8, 6] [1, 1, 1]
// The kernel reads step k of the block at k - kb.
// CHECK:     scf.for %[[IR:.*]] = %[[C0]] to %[[ROW_COUNT]] step %[[C6]]
// CHECK:       %[[KERNEL_PANEL:.*]] = arith.divui %[[IR]], %[[C6]]
// CHECK:       scf.for %[[K:.*]] = %[[KB]] to %{{.*}} step
// CHECK:         %[[K_IN_BLOCK:.*]] = arith.subi %[[K]], %[[KB]]
// CHECK:         tensor.extract %[[PACKED]][%[[KERNEL_PANEL]], %[[K_IN_BLOCK]], %[[C0]]] : tensor<2x8x6xf32>
// CHECK-COUNT-6: vector.fma
// CHECK:     scf.yield %{{.*}}, %[[PACKED]] : tensor<?x16xf32>, tensor<2x8x6xf32>

// Before the tiles: all of the left operand in 4 panels of 6 rows, read at
// the tile's row offset.
// BEFORE-LABEL: func.func @matmul
// BEFORE: scf.forall (%{{.*}}) in (4) shared_outs({{.*}}) -> (tensor<1x4x20x6xf32>)
// BEFORE: scf.forall
// BEFORE-NOT: tensor<2x8x6xf32>
// BEFORE: tensor.extract {{.*}} : tensor<1x4x20x6xf32>

// In place: nothing of the left operand is packed; the kernel reads each
// row's element of its 3-D view, rows past the operand clamped to its last
// row (their sums are never stored).
// IN-PLACE-LABEL: func.func @matmul
// IN-PLACE-SAME: (%[[A:.*]]: tensor<24x20xf32>,
// IN-PLACE-DAG: %[[LAST:.*]] = arith.constant 23 : index
// IN-PLACE: %[[A3:.*]] = tensor.expand_shape %[[A]] {{.*}} into tensor<1x24x20xf32>
// IN-PLACE-NOT: tensor<1x4x20x6xf32>
// IN-PLACE-NOT: tensor<2x8x6xf32>
// IN-PLACE: scf.forall
// IN-PLACE: %[[ROW:.*]] = arith.minsi %{{.*}}, %[[LAST]] : index
// IN-PLACE: scf.for %[[K:[a-z0-9]+]] =
// IN-PLACE: tensor.extract %[[A3]][%{{.*}}, %[[ROW]], %[[K]]] : tensor<1x24x20xf32>
// IN-PLACE-NOT: tensor<1x4x20x6xf32>
func.func @matmul(%a: tensor<24x20xf32>, %b: tensor<20x16xf32>, %c: tensor<24x16xf32>) -> tensor<24x16xf32> {
  %r = linalg.matmul ins(%a, %b : tensor<24x20xf32>, tensor<20x16xf32>) outs(%c : tensor<24x16xf32>) -> tensor<24x16xf32>
  return %r : tensor<24x16xf32>
}
