// A reduction whose payload reads the reduction loop's index (a gather's
// row, fused into a column sum by --fuse-elementwise) is split like any
// other: the index is rebuilt from the split loops, row-major as the
// operands are expanded. Kept in order, the column sum below ran its 8192
// rows outside the parallel loop over its 64 columns, forking the threads
// once per row.
//
// RUN: fuse-opt %s --fuse-cpu-split-reductions="lanes=8 blocks=4 min-size=64" --split-input-file | FileCheck %s
// RUN: fuse-run %S/Inputs/gathered-column-sum.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/gathered-column-sum.mlir --hlo-lower-to-cpu --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-schedule-parallel-loops -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOWERED

// CHECK-LABEL: func.func @reads_index
// CHECK: linalg.generic
// CHECK-SAME: iterator_types = ["parallel", "reduction", "parallel"]
// CHECK: %[[BLOCK:.*]] = linalg.index 0 : index
// CHECK: %[[STEP:.*]] = linalg.index 1 : index
// CHECK: %[[SCALED:.*]] = arith.muli %[[BLOCK]], %{{.*}} : index
// CHECK: %[[PARTIAL:.*]] = arith.addi %[[SCALED]], %[[STEP]] : index
// CHECK: %[[LANE:.*]] = linalg.index 2 : index
// CHECK: %[[SCALED2:.*]] = arith.muli %[[PARTIAL]], %{{.*}} : index
// CHECK: %[[I:.*]] = arith.addi %[[SCALED2]], %[[LANE]] : index
// CHECK: arith.index_cast %[[I]] : index to i64
#id = affine_map<(i) -> (i)>
#scalar = affine_map<(i) -> ()>
func.func @reads_index(%x: tensor<4096xi64>, %init: tensor<i64>) -> tensor<i64> {
  %r = linalg.generic {indexing_maps = [#id, #scalar], iterator_types = ["reduction"]}
      ins(%x : tensor<4096xi64>) outs(%init : tensor<i64>) {
  ^bb0(%a: i64, %acc: i64):
    %i = linalg.index 0 : index
    %ii = arith.index_cast %i : index to i64
    %p = arith.muli %a, %ii : i64
    %s = arith.addi %acc, %p : i64
    linalg.yield %s : i64
  } -> tensor<i64>
  return %r : tensor<i64>
}

// The rows of the column sum are split into parallel blocks; the columns
// stay innermost.
// LOWERED-LABEL: func.func @main
// LOWERED-NOT: scf.for
// LOWERED: omp.parallel
// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
