// RUN: fuse-opt %s --algebraic-simplify="broadcasts=false" | FileCheck %s --check-prefix=NO-BROADCASTS
// RUN: fuse-opt %s --algebraic-simplify="squared-distances=false" | FileCheck %s --check-prefix=NO-DISTANCES
// RUN: fuse-opt %s --algebraic-simplify="broadcasts=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --algebraic-simplify="squared-distances=false" | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// Each rewrite of --algebraic-simplify can be turned off on its own.

// EXEC-COUNT-2: result 0: ok
// EXEC-NOT: MISMATCH

// Without broadcast simplification the add stays on the broadcasts; the
// distance rewrite still applies.
// NO-BROADCASTS-LABEL: func.func @sink_add
// NO-BROADCASTS-NEXT: %[[AB:.*]] = hlo.broadcast_in_dim %arg0
// NO-BROADCASTS-NEXT: %[[BB:.*]] = hlo.broadcast_in_dim %arg1
// NO-BROADCASTS-NEXT: hlo.add %[[AB]], %[[BB]] : tensor<8x16xf32>
// NO-BROADCASTS-LABEL: func.func @distances
// NO-BROADCASTS: hlo.dot_general
// NO-BROADCASTS-NOT: tensor<32x24x8xf32>
// NO-BROADCASTS: return
// Without the distance rewrite, the naive form stays.
// NO-DISTANCES-LABEL: func.func @sink_add
// NO-DISTANCES-NEXT: hlo.add %arg0, %arg1 : tensor<16xf32>
// NO-DISTANCES-LABEL: func.func @distances
// NO-DISTANCES-NOT: hlo.dot_general
// NO-DISTANCES: hlo.reduce add({{.*}}) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
func.func @sink_add(%a: tensor<16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %ab = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
  %s = hlo.add %ab, %bb : tensor<8x16xf32>
  return %s : tensor<8x16xf32>
}

func.func @distances(%a: tensor<32x8xf32>, %b: tensor<24x8xf32>) -> tensor<32x24xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.broadcast_in_dim %a, dims = [0, 2] : (tensor<32x8xf32>) -> tensor<32x24x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [1, 2] : (tensor<24x8xf32>) -> tensor<32x24x8xf32>
  %d = hlo.subtract %ab, %bb : tensor<32x24x8xf32>
  %sq = hlo.multiply %d, %d : tensor<32x24x8xf32>
  %r = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<32x24x8xf32>, tensor<f32>) -> tensor<32x24xf32>
  return %r : tensor<32x24xf32>
}
