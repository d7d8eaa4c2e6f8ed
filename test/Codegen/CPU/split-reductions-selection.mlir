// Arg-min and arg-max reductions (a value and its index selected together,
// lexicographically: docs/split-reductions.md) split into lanes: each lane
// starts from the init's fill values and keeps its own pick, and a second
// generic picks among the lanes with the op's own body. In order, every
// step's pick waits for the last one's; in lanes, LLVM vectorizes them.
// RUN: fuse-opt %s --fuse-cpu-split-reductions="lanes=8 min-size=64" --split-input-file | FileCheck %s
// Run against the interpreter (rows with many ties), unfused and fused
// (a reduction inside the rows' loop), and split as the pipeline does.
// RUN: fuse-run %S/Inputs/arg-min.mlir --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/arg-min.mlir --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/arg-min.mlir --fuse-elementwise --hlo-lower-to-cpu --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-split-reductions -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// EXEC-COUNT-6: result {{[01]}}: ok ({{[0-9]+}} elements, exact)
// EXEC-NOT: MISMATCH

// The rows of 1000 in lanes of 8 (125 steps each); 4096 and 3000 in lanes
// of 32 and 8 (the pass's default lanes=32).
// PIPELINE-LABEL: func.func private @arg_min_fusion0
// PIPELINE: tensor.expand_shape {{.*}} : tensor<1x1000xf32> into tensor<1x125x8xf32>
// PIPELINE: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]
// PIPELINE-LABEL: func.func private @arg_max_last_fusion0
// PIPELINE: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]{{.*}} outs({{.*}} : tensor<1x32xi32>, tensor<1x32xf32>)
// PIPELINE-LABEL: func.func private @int_arg_min_fusion0
// PIPELINE: tensor.expand_shape {{.*}} : tensor<1x3000xf32> into tensor<1x375x8xf32>
// PIPELINE: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]{{.*}} outs({{.*}} : tensor<1x8xi32>, tensor<1x8xi32>)

// CHECK-LABEL: func.func @arg_min
// CHECK-SAME: (%[[X:.*]]: tensor<4x1024xf32>)
// CHECK-DAG: %[[INF:.*]] = arith.constant 0x7F800000 : f32
// CHECK-DAG: %[[NONE:.*]] = arith.constant 2147483647 : i32
// CHECK: %[[VALUE_INIT:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<4xf32>)
// CHECK: %[[INDEX_INIT:.*]] = linalg.fill ins(%[[NONE]] : i32) outs(%{{.*}} : tensor<4xi32>)
// CHECK: %[[ROWS:.*]] = tensor.expand_shape %[[X]] {{\[}}[0], [1, 2]] output_shape [4, 128, 8]
// CHECK: %[[VALUE_LANES:.*]] = linalg.fill ins(%[[INF]] : f32) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: %[[INDEX_LANES:.*]] = linalg.fill ins(%[[NONE]] : i32) outs(%{{.*}} : tensor<4x8xi32>)
// CHECK: %[[PICKS:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[ROWS]] : tensor<4x128x8xf32>) outs(%[[VALUE_LANES]], %[[INDEX_LANES]] : tensor<4x8xf32>, tensor<4x8xi32>)
// CHECK: %[[STEP:.*]] = linalg.index 1
// CHECK: %[[LANE:.*]] = linalg.index 2
// CHECK: %[[SCALED:.*]] = arith.muli %[[STEP]], %c8
// CHECK: %[[POSITION:.*]] = arith.addi %[[SCALED]], %[[LANE]]
// CHECK: arith.select
// CHECK: %[[RESULT:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[PICKS]]#0, %[[PICKS]]#1 : tensor<4x8xf32>, tensor<4x8xi32>) outs(%[[VALUE_INIT]], %[[INDEX_INIT]] : tensor<4xf32>, tensor<4xi32>)
// CHECK: ^bb0(%[[VALUE:.*]]: f32, %[[INDEX:.*]]: i32, %[[BEST:.*]]: f32, %[[BEST_INDEX:.*]]: i32):
// CHECK: %[[LESS:.*]] = arith.cmpf olt, %[[VALUE]], %[[BEST]]
// CHECK: %[[EQUAL:.*]] = arith.cmpf oeq, %[[VALUE]], %[[BEST]]
// CHECK: %[[FIRST:.*]] = arith.cmpi slt, %[[INDEX]], %[[BEST_INDEX]]
// CHECK: %[[TIE:.*]] = arith.andi %[[EQUAL]], %[[FIRST]]
// CHECK: %[[TAKE:.*]] = arith.ori %[[LESS]], %[[TIE]]
// CHECK: %[[PICKED:.*]] = arith.select %[[TAKE]], %[[VALUE]], %[[BEST]]
// CHECK: %[[PICKED_INDEX:.*]] = arith.select %[[TAKE]], %[[INDEX]], %[[BEST_INDEX]]
// CHECK: linalg.yield %[[PICKED]], %[[PICKED_INDEX]]
// CHECK: return %[[RESULT]]#0, %[[RESULT]]#1
func.func @arg_min(%x: tensor<4x1024xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %inf = arith.constant 0x7F800000 : f32
  %none = arith.constant 2147483647 : i32
  %e0 = tensor.empty() : tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xi32>
  %v = linalg.fill ins(%inf : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %i = linalg.fill ins(%none : i32) outs(%e1 : tensor<4xi32>) -> tensor<4xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x1024xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%in: f32, %best: f32, %best_index: i32):
    %position = linalg.index 1 : index
    %index = arith.index_cast %position : index to i32
    %less = arith.cmpf olt, %in, %best : f32
    %equal = arith.cmpf oeq, %in, %best : f32
    %first = arith.cmpi slt, %index, %best_index : i32
    %tie = arith.andi %equal, %first : i1
    %take = arith.ori %less, %tie : i1
    %picked = arith.select %take, %in, %best : f32
    %picked_index = arith.select %take, %index, %best_index : i32
    linalg.yield %picked, %picked_index : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}

// -----

// Without the index's tie-break, the lanes could keep a later one of equal
// values: kept in order.
// CHECK-LABEL: func.func @no_tie_break
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
func.func @no_tie_break(%x: tensor<4x1024xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %inf = arith.constant 0x7F800000 : f32
  %none = arith.constant 2147483647 : i32
  %e0 = tensor.empty() : tensor<4xf32>
  %e1 = tensor.empty() : tensor<4xi32>
  %v = linalg.fill ins(%inf : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
  %i = linalg.fill ins(%none : i32) outs(%e1 : tensor<4xi32>) -> tensor<4xi32>
  %r:2 = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>, affine_map<(d0, d1) -> (d0)>, affine_map<(d0, d1) -> (d0)>], iterator_types = ["parallel", "reduction"]} ins(%x : tensor<4x1024xf32>) outs(%v, %i : tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%in: f32, %best: f32, %best_index: i32):
    %position = linalg.index 1 : index
    %index = arith.index_cast %position : index to i32
    %less = arith.cmpf olt, %in, %best : f32
    %picked = arith.select %less, %in, %best : f32
    %picked_index = arith.select %less, %index, %best_index : i32
    linalg.yield %picked, %picked_index : f32, i32
  } -> (tensor<4xf32>, tensor<4xi32>)
  return %r#0, %r#1 : tensor<4xf32>, tensor<4xi32>
}
