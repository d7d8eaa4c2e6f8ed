// Each hlo.fusion becomes one loop nest: one generic for loop fusions
// (several results when values are also yielded or siblings, reshapes folded
// into its loops), one reduction generic for input fusions (in one scf.forall
// over rows with the fill of its init when it has parallel loops, with an
// in-place epilogue when it is rank 0), and one scf.forall over rows of the
// result for output fusions, the contraction's epilogue written over its
// result. Ops outside fusions are not merged. The conversion alone inlines
// a fusion as one nest per op (UNFUSED). Every function also runs through
// the CPU pipeline against the interpreter (EXEC).
// RUN: fuse-opt %s --convert-hlo-fusions-to-loop-nests --convert-hlo-to-linalg | FileCheck %s
// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s --check-prefix=UNFUSED
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --convert-hlo-fusions-to-loop-nests=scalar-fusions=0 --convert-hlo-to-linalg | FileCheck %s --check-prefix=LOOPS
// The GPU pipeline keeps fusions of one element as loops (kernels): its
// host code reads no tensor.
// RUN: fuse-opt %s --hlo-lower-to-nvvm -o /dev/null

// EXEC-NOT: MISMATCH
// EXEC: @fusion_loop result 0: ok
// EXEC-NOT: MISMATCH

// CHECK-LABEL: func.func @fusion_loop
// CHECK-COUNT-1: linalg.generic
// CHECK-NOT: linalg.generic
// CHECK: arith.mulf
// CHECK-NEXT: math.exp
// CHECK-NEXT: arith.addf
// CHECK: return
// UNFUSED-LABEL: func.func @fusion_loop
// UNFUSED-COUNT-3: linalg.generic
// UNFUSED-NOT: hlo.
// UNFUSED: return
func.func @fusion_loop(%x: tensor<16xf32>, %y: tensor<16xf32>) -> tensor<16xf32> {
  %r = hlo.fusion loop(%x, %y) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32> {
  ^bb0(%a: tensor<16xf32>, %b: tensor<16xf32>):
    %m = hlo.multiply %a, %a : tensor<16xf32>
    %e = hlo.exponential %m : tensor<16xf32>
    %s = hlo.add %e, %b : tensor<16xf32>
    hlo.yield %s : tensor<16xf32>
  }
  return %r : tensor<16xf32>
}

// Broadcasts, a transpose, an iota, constants and a convert read by the
// generic's maps and computed in its body.
// CHECK-LABEL: func.func @fusion_loop_shape_ops
// CHECK-NOT: linalg.
// CHECK: %[[R:.*]] = linalg.generic {indexing_maps = [#[[T:.*]], #[[ROW:.*]], #[[ID:.*]]], iterator_types = ["parallel", "parallel"]} ins(%arg0, %arg1 : tensor<6x4xf32>, tensor<6xf32>) outs(%{{.*}} : tensor<4x6xi32>)
// CHECK: arith.mulf
// CHECK: linalg.index 0
// CHECK: arith.fptosi
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]
func.func @fusion_loop_shape_ops(%x: tensor<6x4xf32>, %v: tensor<6xf32>) -> tensor<4x6xi32> {
  %r = hlo.fusion loop(%x, %v) : (tensor<6x4xf32>, tensor<6xf32>) -> tensor<4x6xi32> {
  ^bb0(%a: tensor<6x4xf32>, %w: tensor<6xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %tb = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<6x4xf32>
    %m = hlo.multiply %a, %tb : tensor<6x4xf32>
    %t = hlo.transpose %m, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %wb = hlo.broadcast_in_dim %w, dims = [1] : (tensor<6xf32>) -> tensor<4x6xf32>
    %i = hlo.iota dim = 0 : tensor<4x6xf32>
    %s = hlo.add %t, %wb : tensor<4x6xf32>
    %p = hlo.multiply %s, %i : tensor<4x6xf32>
    %c = hlo.convert %p : (tensor<4x6xf32>) -> tensor<4x6xi32>
    hlo.yield %c : tensor<4x6xi32>
  }
  return %r : tensor<4x6xi32>
}

// A slice of an intermediate reads the slice of the input instead.
// CHECK-LABEL: func.func @fusion_loop_slice
// CHECK: %[[S:.*]] = tensor.extract_slice %arg0[2, 0] [4, 8] [1, 1]
// CHECK-COUNT-1: linalg.generic {{.*}} ins(%[[S]] : tensor<4x8xf32>)
// CHECK-NOT: linalg.generic
func.func @fusion_loop_slice(%x: tensor<8x8xf32>) -> tensor<4x8xf32> {
  %r = hlo.fusion loop(%x) : (tensor<8x8xf32>) -> tensor<4x8xf32> {
  ^bb0(%a: tensor<8x8xf32>):
    %e = hlo.exponential %a : tensor<8x8xf32>
    %s = hlo.slice %e, starts = [2, 0], limits = [6, 8], strides = [1, 1] : (tensor<8x8xf32>) -> tensor<4x8xf32>
    %n = hlo.negate %s : tensor<4x8xf32>
    hlo.yield %n : tensor<4x8xf32>
  }
  return %r : tensor<4x8xf32>
}

// Reshapes (an expansion, and 4x6 -> 2x12, which goes through 2x2x6) move
// to the inputs and the result, and the loops run over 2x2x6.
// CHECK-LABEL: func.func @fusion_loop_reshape
// CHECK-DAG: %[[A:.*]] = tensor.expand_shape %arg0 {{\[}}[0, 1], [2]] output_shape [2, 2, 6]
// CHECK-DAG: %[[B:.*]] = tensor.expand_shape %arg1 {{\[}}[0], [1, 2]] output_shape [2, 2, 6]
// CHECK-DAG: %[[C:.*]] = tensor.expand_shape %arg2 {{\[}}[0, 1, 2]] output_shape [2, 2, 6]
// CHECK: %[[R:.*]] = linalg.generic {{.*}} ins(%[[A]], %[[B]], %[[C]] : tensor<2x2x6xf32>, tensor<2x2x6xf32>, tensor<2x2x6xf32>)
// CHECK: math.exp
// CHECK-NOT: linalg.generic
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %[[R]] {{\[}}[0], [1, 2]] : tensor<2x2x6xf32> into tensor<2x12xf32>
// CHECK: return %[[FLAT]]
func.func @fusion_loop_reshape(%x: tensor<4x6xf32>, %y: tensor<2x12xf32>, %z: tensor<24xf32>) -> tensor<2x12xf32> {
  %r = hlo.fusion loop(%x, %y, %z) : (tensor<4x6xf32>, tensor<2x12xf32>, tensor<24xf32>) -> tensor<2x12xf32> {
  ^bb0(%a: tensor<4x6xf32>, %b: tensor<2x12xf32>, %c: tensor<24xf32>):
    %e = hlo.exponential %a : tensor<4x6xf32>
    %rs = hlo.reshape %e : (tensor<4x6xf32>) -> tensor<2x12xf32>
    %cr = hlo.reshape %c : (tensor<24xf32>) -> tensor<2x12xf32>
    %s = hlo.add %rs, %b : tensor<2x12xf32>
    %t = hlo.subtract %s, %cr : tensor<2x12xf32>
    hlo.yield %t : tensor<2x12xf32>
  }
  return %r : tensor<2x12xf32>
}

// Sibling results (a product and a sum of the same inputs) and an
// intermediate also yielded (exp, which tanh reads): one generic with three
// results, computing exp once.
// CHECK-LABEL: func.func @fusion_loop_multi_output
// CHECK: %[[R:.*]]:3 = linalg.generic
// CHECK-DAG: arith.mulf
// CHECK-DAG: math.exp
// CHECK-DAG: math.tanh
// CHECK: linalg.yield
// CHECK-NOT: linalg.generic
// CHECK-NOT: math.exp
// CHECK: return %[[R]]#{{.}}, %[[R]]#{{.}}, %[[R]]#{{.}}
func.func @fusion_loop_multi_output(%x: tensor<16x24xf32>, %y: tensor<16x24xf32>) -> (tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>) {
  %r:3 = hlo.fusion loop(%x, %y) : (tensor<16x24xf32>, tensor<16x24xf32>) -> (tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>) {
  ^bb0(%a: tensor<16x24xf32>, %b: tensor<16x24xf32>):
    %s = hlo.add %a, %b : tensor<16x24xf32>
    %p = hlo.multiply %a, %b : tensor<16x24xf32>
    %e = hlo.exponential %s : tensor<16x24xf32>
    %t = hlo.tanh %e : tensor<16x24xf32>
    hlo.yield %p, %e, %t : tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<16x24xf32>, tensor<16x24xf32>, tensor<16x24xf32>
}

// A producer read twice (exp, by negate and then by multiply), fused into
// the later reader, which also reads a chain of views (a slice, then a
// reshape) computed after the earlier one: the views move before the fused
// op, in order, and exp is computed once.
// CHECK-LABEL: func.func @fusion_loop_moves_views
// CHECK: %[[S:.*]] = tensor.extract_slice %arg1[3] [24] [1]
// CHECK: %[[V:.*]] = tensor.expand_shape %[[S]]
// CHECK: %[[R:.*]]:2 = linalg.generic {{.*}} ins(%arg0, %[[V]] : tensor<4x6xf32>, tensor<4x6xf32>)
// CHECK-COUNT-1: math.exp
// CHECK-NOT: linalg.generic
// CHECK: return %[[R]]#{{.}}, %[[R]]#{{.}}
func.func @fusion_loop_moves_views(%x: tensor<4x6xf32>, %y: tensor<30xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  %r:2 = hlo.fusion loop(%x, %y) : (tensor<4x6xf32>, tensor<30xf32>) -> (tensor<4x6xf32>, tensor<4x6xf32>) {
  ^bb0(%a: tensor<4x6xf32>, %b: tensor<30xf32>):
    %e = hlo.exponential %a : tensor<4x6xf32>
    %n = hlo.negate %e : tensor<4x6xf32>
    %s = hlo.slice %b, starts = [3], limits = [27], strides = [1] : (tensor<30xf32>) -> tensor<24xf32>
    %v = hlo.reshape %s : (tensor<24xf32>) -> tensor<4x6xf32>
    %m = hlo.multiply %e, %v : tensor<4x6xf32>
    hlo.yield %n, %m : tensor<4x6xf32>, tensor<4x6xf32>
  }
  return %r#0, %r#1 : tensor<4x6xf32>, tensor<4x6xf32>
}

// A row reduction: one scf.forall over the rows fills each row's
// accumulator and reduces the row.
// CHECK-LABEL: func.func @fusion_input
// CHECK-NOT: linalg.
// CHECK: scf.forall (%[[ROW:.*]]) in (64) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<64xf32>)
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[%[[ROW]], 0] [1, 32] [1, 1]
// CHECK: %[[ACC:.*]] = tensor.extract_slice %[[OUT]][%[[ROW]]] [1] [1]
// CHECK: %[[INIT:.*]] = linalg.generic {{.*}} outs(%[[ACC]] : tensor<1xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<1x32xf32>) outs(%[[INIT]] : tensor<1xf32>)
// CHECK: %[[SQ:.*]] = arith.mulf %[[IN:.*]], %[[IN]] : f32
// CHECK: arith.addf %{{.*}}, %[[SQ]] : f32
// CHECK: scf.forall.in_parallel
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @fusion_input(%x: tensor<64x32xf32>, %z: tensor<f32>) -> tensor<64xf32> {
  %r = hlo.fusion input(%x, %z) : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x32xf32>, %c: tensor<f32>):
    %m = hlo.multiply %a, %a : tensor<64x32xf32>
    %t = hlo.reduce add(%m init %c) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %t : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// Softmax's sum, which also yields exp(x - max): the reduction writes exp at
// every point of its loops, once.
// CHECK-LABEL: func.func @fusion_input_yields_intermediate
// CHECK: scf.forall
// CHECK: linalg.generic {indexing_maps = [#[[ID:.*]], #[[ROW:.*]], #[[ID]], #[[ROW]]], iterator_types = ["parallel", "reduction"]}
// CHECK-COUNT-1: math.exp
// CHECK-NOT: math.exp
// CHECK: return
func.func @fusion_input_yields_intermediate(%x: tensor<8x100xf32>, %max: tensor<8xf32>) -> (tensor<8xf32>, tensor<8x100xf32>) {
  %r:2 = hlo.fusion input(%x, %max) : (tensor<8x100xf32>, tensor<8xf32>) -> (tensor<8xf32>, tensor<8x100xf32>) {
  ^bb0(%a: tensor<8x100xf32>, %m: tensor<8xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<8xf32>) -> tensor<8x100xf32>
    %s = hlo.subtract %a, %mb : tensor<8x100xf32>
    %e = hlo.exponential %s : tensor<8x100xf32>
    %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<8x100xf32>, tensor<f32>) -> tensor<8xf32>
    hlo.yield %sum, %e : tensor<8xf32>, tensor<8x100xf32>
  }
  return %r#0, %r#1 : tensor<8xf32>, tensor<8x100xf32>
}

// Sibling reductions over the same rows (layer norm's sum(x) and
// sum(x * x)): one generic with two accumulators.
// CHECK-LABEL: func.func @fusion_input_siblings
// CHECK: scf.forall
// CHECK-COUNT-1: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}} : tensor<1x768xf32>) outs(%{{.*}}, %{{.*}} : tensor<1xf32>, tensor<1xf32>)
// CHECK-NOT: iterator_types = ["parallel", "reduction"]
// CHECK: return
func.func @fusion_input_siblings(%x: tensor<128x768xf32>) -> (tensor<128xf32>, tensor<128xf32>) {
  %r:2 = hlo.fusion input(%x) : (tensor<128x768xf32>) -> (tensor<128xf32>, tensor<128xf32>) {
  ^bb0(%a: tensor<128x768xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %sum = hlo.reduce add(%a init %zero) dims = [1] : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
    %sq = hlo.multiply %a, %a : tensor<128x768xf32>
    %sqsum = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<128x768xf32>, tensor<f32>) -> tensor<128xf32>
    hlo.yield %sum, %sqsum : tensor<128xf32>, tensor<128xf32>
  }
  return %r#0, %r#1 : tensor<128xf32>, tensor<128xf32>
}

// A normalization's statistics over leading axes: the sum and the sum of
// squares are one reduction, tiled with their epilogue into chunks of
// channels. Tiling fuses the reduction once per result the epilogue reads,
// as destination or as input; the copies are one reduction, and nothing
// is computed before the loop.
// CHECK-LABEL: func.func @fusion_input_statistics
// CHECK-NOT: iterator_types = ["reduction", "reduction", "reduction", "parallel"]
// CHECK: scf.forall
// CHECK-COUNT-1: linalg.generic {{.*}} iterator_types = ["reduction", "reduction", "reduction", "parallel"]} ins(%{{.*}} : tensor<8x8x8x32xf32>) outs(%{{.*}}, %{{.*}} : tensor<32xf32>, tensor<32xf32>)
// CHECK-NOT: iterator_types = ["reduction", "reduction", "reduction", "parallel"]
// CHECK: return
// CHECK-LABEL: func.func @fusion_input_variance
// CHECK-NOT: iterator_types = ["reduction", "reduction", "reduction", "parallel"]
// CHECK: scf.forall
// CHECK-COUNT-1: linalg.generic {{.*}} iterator_types = ["reduction", "reduction", "reduction", "parallel"]}
// CHECK-NOT: iterator_types = ["reduction", "reduction", "reduction", "parallel"]
// CHECK: return
// EXEC: @fusion_input_statistics result 0: ok
// EXEC: @fusion_input_statistics result 1: ok
// EXEC: @fusion_input_variance result 0: ok
func.func @fusion_input_statistics(%x: tensor<8x8x8x64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  %r:2 = hlo.fusion input(%x) : (tensor<8x8x8x64xf32>) -> (tensor<64xf32>, tensor<64xf32>) {
  ^bb0(%a: tensor<8x8x8x64xf32>):
    %count = hlo.constant dense<512.0> : tensor<64xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %sum = hlo.reduce add(%a init %zero) dims = [0, 1, 2] : (tensor<8x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %mean = hlo.divide %sum, %count : tensor<64xf32>
    %sq = hlo.multiply %a, %a : tensor<8x8x8x64xf32>
    %sqsum = hlo.reduce add(%sq init %zero) dims = [0, 1, 2] : (tensor<8x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %meansq = hlo.divide %sqsum, %count : tensor<64xf32>
    %mean2 = hlo.multiply %mean, %mean : tensor<64xf32>
    %var = hlo.subtract %meansq, %mean2 : tensor<64xf32>
    hlo.yield %var, %mean : tensor<64xf32>, tensor<64xf32>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xf32>
}
func.func @fusion_input_variance(%x: tensor<8x8x8x64xf32>) -> tensor<64xf32> {
  %r = hlo.fusion input(%x) : (tensor<8x8x8x64xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<8x8x8x64xf32>):
    %count = hlo.constant dense<512.0> : tensor<64xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %sum = hlo.reduce add(%a init %zero) dims = [0, 1, 2] : (tensor<8x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %mean = hlo.divide %sum, %count : tensor<64xf32>
    %sq = hlo.multiply %a, %a : tensor<8x8x8x64xf32>
    %sqsum = hlo.reduce add(%sq init %zero) dims = [0, 1, 2] : (tensor<8x8x8x64xf32>, tensor<f32>) -> tensor<64xf32>
    %meansq = hlo.divide %sqsum, %count : tensor<64xf32>
    %mean2 = hlo.multiply %mean, %mean : tensor<64xf32>
    %var = hlo.subtract %meansq, %mean2 : tensor<64xf32>
    hlo.yield %var : tensor<64xf32>
  }
  return %r : tensor<64xf32>
}

// GroupNorm's gradient: a sum over positions of (x - mean) * dy. Its
// body multiplies and adds like a contraction, but reads each operand once
// per point of its loops: the subtraction is fused into it (no nest of its
// own writing the centered x), unlike a convolution's patches.
// CHECK-LABEL: func.func @fusion_input_centered_products
// CHECK-NOT: linalg.generic
// CHECK: scf.forall
// CHECK-NOT: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction", "parallel", "parallel"]} ins(%{{.*}}, %{{.*}}, %{{.*}} : tensor<1x8x8x1x2xf32>, tensor<1x1xf32>, tensor<1x8x8x1x2xf32>) outs(%{{.*}} : tensor<1x1x2xf32>)
// CHECK-NOT: linalg.generic
// CHECK: return
// EXEC: @fusion_input_centered_products result 0: ok
func.func @fusion_input_centered_products(%x: tensor<4x8x8x16xf32>, %dy: tensor<4x8x8x16xf32>, %mean: tensor<4x8xf32>) -> tensor<4x16xf32> {
  %r = hlo.fusion input(%x, %dy, %mean) : (tensor<4x8x8x16xf32>, tensor<4x8x8x16xf32>, tensor<4x8xf32>) -> tensor<4x16xf32> {
  ^bb0(%a: tensor<4x8x8x16xf32>, %g: tensor<4x8x8x16xf32>, %m: tensor<4x8xf32>):
    %mb = hlo.broadcast_in_dim %m, dims = [0, 1] : (tensor<4x8xf32>) -> tensor<4x8x2xf32>
    %mr = hlo.reshape %mb : (tensor<4x8x2xf32>) -> tensor<4x16xf32>
    %mc = hlo.broadcast_in_dim %mr, dims = [0, 3] : (tensor<4x16xf32>) -> tensor<4x8x8x16xf32>
    %c = hlo.subtract %a, %mc : tensor<4x8x8x16xf32>
    %p = hlo.multiply %c, %g : tensor<4x8x8x16xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce add(%p init %zero) dims = [1, 2] : (tensor<4x8x8x16xf32>, tensor<f32>) -> tensor<4x16xf32>
    hlo.yield %s : tensor<4x16xf32>
  }
  return %r : tensor<4x16xf32>
}

// A fusion whose results have no elements computes nothing: its slices
// of a zero-sized dimension were out of bounds.
// CHECK-LABEL: func.func @fusion_empty
// CHECK-NEXT: %[[EMPTY:.*]] = tensor.empty() : tensor<3x3x0x4xf32>
// CHECK-NEXT: return %[[EMPTY]]
// EXEC: @fusion_empty result 0: ok (0 elements
func.func @fusion_empty(%x: tensor<3x0x4xf32>) -> tensor<3x3x0x4xf32> {
  %r = hlo.fusion loop(%x) : (tensor<3x0x4xf32>) -> tensor<3x3x0x4xf32> {
  ^bb0(%a: tensor<3x0x4xf32>):
    %l = hlo.logistic %a : tensor<3x0x4xf32>
    %b = hlo.broadcast_in_dim %l, dims = [0, 2, 3] : (tensor<3x0x4xf32>) -> tensor<3x3x0x4xf32>
    %e = hlo.exponential_minus_one %b : tensor<3x3x0x4xf32>
    hlo.yield %e : tensor<3x3x0x4xf32>
  }
  return %r : tensor<3x3x0x4xf32>
}

// The running example, mean(x * x * 3 + y): a full reduction (split later by
// --fuse-cpu-split-reductions) and the division written over its rank-0 result.
// CHECK-LABEL: func.func @fusion_input_epilogue
// CHECK-NOT: scf.forall
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%arg0, %arg1 : tensor<64x48xf32>, tensor<64x48xf32>) outs(%{{.*}} : tensor<f32>)
// CHECK: %[[MEAN:.*]] = linalg.generic {indexing_maps = [#{{.*}}], iterator_types = []} outs(%[[SUM]] : tensor<f32>)
// CHECK-NEXT: ^bb0(%[[OUT:.*]]: f32):
// CHECK-NEXT: arith.divf %[[OUT]]
// CHECK: return %[[MEAN]]
func.func @fusion_input_epilogue(%x: tensor<64x48xf32>, %y: tensor<64x48xf32>) -> tensor<f32> {
  %r = hlo.fusion input(%x, %y) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<64x48xf32>, %b: tensor<64x48xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<3072.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<64x48xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<64x48xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<64x48xf32>
    %sum = hlo.add %xx3, %b : tensor<64x48xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1] : (tensor<64x48xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %r : tensor<f32>
}

// A dense layer: per row of the result, the fill, the contraction and the
// bias-and-relu epilogue, which overwrites the contraction's row.
// CHECK-LABEL: func.func @fusion_output
// CHECK-NOT: linalg.
// CHECK: scf.forall (%[[ROW:.*]]) in (8) shared_outs(%[[OUT:.*]] = %{{.*}}) -> (tensor<8x16xf32>)
// CHECK: %[[TILE:.*]] = tensor.extract_slice %[[OUT]][%[[ROW]], 0] [1, 16] [1, 1]
// CHECK: %[[ZERO:.*]] = linalg.generic {{.*}} outs(%[[TILE]] : tensor<1x16xf32>)
// CHECK: %[[DOT:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]} {{.*}} outs(%[[ZERO]] : tensor<1x16xf32>)
// CHECK: %[[ACT:.*]] = linalg.generic {{.*}} ins(%{{.*}} : tensor<16xf32>) outs(%[[DOT]] : tensor<1x16xf32>)
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: tensor.parallel_insert_slice %[[ACT]] into %[[OUT]][%[[ROW]], 0] [1, 16] [1, 1]
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @fusion_output(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = hlo.fusion output(%x, %w, %b) : (tensor<8x32xf32>, tensor<32x16xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
  ^bb0(%a: tensor<8x32xf32>, %m: tensor<32x16xf32>, %v: tensor<16xf32>):
    %d = hlo.dot_general %a, %m, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
    %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
    %s = hlo.add %d, %vb : tensor<8x16xf32>
    %zero = hlo.constant dense<0.0> : tensor<8x16xf32>
    %r = hlo.maximum %s, %zero : tensor<8x16xf32>
    hlo.yield %r : tensor<8x16xf32>
  }
  return %0 : tensor<8x16xf32>
}

// A convolution's output fusion: the padded input and the patches stay
// nests of their own, before the loop, which the product reads in place on
// the CPU; per output position, the fill, the product and the epilogue.
// CHECK-LABEL: func.func @fusion_output_convolution
// CHECK: tensor.insert_slice %arg0
// CHECK: %[[PATCHES:.*]] = linalg.generic {{.*}} outs(%{{.*}} : tensor<2x5x4x3x3x3xf32>)
// CHECK: scf.forall ({{.*}}) in (2, 5, 4) shared_outs
// CHECK: tensor.extract_slice %[[PATCHES]]
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1x1x1x6xf32>)
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]
// CHECK: linalg.generic {{.*}} outs(%[[SUM]] : tensor<1x1x1x6xf32>)
// CHECK: arith.maximumf
// CHECK: tensor.parallel_insert_slice
// CHECK-NOT: linalg.generic
// CHECK: return
// EXEC: @fusion_output_convolution result 0: ok
func.func @fusion_output_convolution(%x: tensor<2x5x4x3xf32>, %w: tensor<3x3x3x6xf32>) -> tensor<2x5x4x6xf32> {
  %0 = hlo.fusion output(%x, %w) : (tensor<2x5x4x3xf32>, tensor<3x3x3x6xf32>) -> tensor<2x5x4x6xf32> {
  ^bb0(%a: tensor<2x5x4x3xf32>, %k: tensor<3x3x3x6xf32>):
    %y = hlo.convolution %a, %k, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x5x4x3xf32>, tensor<3x3x3x6xf32>) -> tensor<2x5x4x6xf32>
    %zero = hlo.constant dense<0.0> : tensor<2x5x4x6xf32>
    %r = hlo.maximum %y, %zero : tensor<2x5x4x6xf32>
    hlo.yield %r : tensor<2x5x4x6xf32>
  }
  return %0 : tensor<2x5x4x6xf32>
}

// CHECK-LABEL: func.func @unfused
// CHECK-COUNT-2: linalg.generic
func.func @unfused(%x: tensor<16xf32>) -> tensor<16xf32> {
  %m = hlo.multiply %x, %x : tensor<16xf32>
  %e = hlo.exponential %m : tensor<16xf32>
  return %e : tensor<16xf32>
}

// Row fusion (softmax, with its row sums as a second result): every nest
// runs in one scf.forall over the rows, on one row at a time. Results are
// computed in their rows of the loop's destinations (no copy), the row
// maximum in a row of a scratch tensor (no allocation per row).
// CHECK-LABEL: func.func @row_fusion
// CHECK: %[[LOOP:.*]]:3 = scf.forall (%[[ROW:.*]]) in (6) shared_outs(%[[OUT:.*]] = %{{.*}}, %[[SUMS:.*]] = %{{.*}}, %[[MAXES:.*]] = %{{.*}})
// CHECK-DAG: %[[OUT_ROW:.*]] = tensor.extract_slice %[[OUT]][%[[ROW]], 0] [1, 10] [1, 1]
// CHECK-DAG: %[[SUM_ROW:.*]] = tensor.extract_slice %[[SUMS]][%[[ROW]]] [1] [1]
// CHECK-DAG: %[[MAX_ROW:.*]] = tensor.extract_slice %[[MAXES]][%[[ROW]]] [1] [1]
// CHECK: %[[MAX_INIT:.*]] = linalg.generic {{.*}} outs(%[[MAX_ROW]] : tensor<1xf32>)
// CHECK: %[[X:.*]] = tensor.extract_slice %arg0[%[[ROW]], 0] [1, 10] [1, 1]
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[X]] : tensor<1x10xf32>) outs(%[[MAX_INIT]] : tensor<1xf32>)
// CHECK: arith.maximumf
// CHECK: %[[SUM_INIT:.*]] = linalg.generic {{.*}} outs(%[[SUM_ROW]] : tensor<1xf32>)
// CHECK: %[[E:.*]]:2 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%{{.*}}, %[[MAX]] : tensor<1x10xf32>, tensor<1xf32>) outs(%[[OUT_ROW]], %[[SUM_INIT]] : tensor<1x10xf32>, tensor<1xf32>)
// CHECK: math.exp
// CHECK: %[[D:.*]] = linalg.generic {{.*}} ins(%[[E]]#1 : tensor<1xf32>) outs(%[[E]]#0 : tensor<1x10xf32>)
// CHECK: arith.divf
// CHECK: scf.forall.in_parallel
// CHECK-NEXT: tensor.parallel_insert_slice %[[D]] into %[[OUT]][%[[ROW]], 0] [1, 10] [1, 1]
// CHECK-NEXT: tensor.parallel_insert_slice %[[E]]#1 into %[[SUMS]][%[[ROW]]] [1] [1]
// CHECK-NOT: linalg.generic
// CHECK: return %[[LOOP]]#0, %[[LOOP]]#1
func.func @row_fusion(%x: tensor<6x10xf32>) -> (tensor<6x10xf32>, tensor<6xf32>) {
  %r:2 = hlo.fusion input(%x) : (tensor<6x10xf32>) -> (tensor<6x10xf32>, tensor<6xf32>) {
  ^bb0(%a: tensor<6x10xf32>):
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %max = hlo.reduce maximum(%a init %ninf) dims = [1] : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
    %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<6xf32>) -> tensor<6x10xf32>
    %shifted = hlo.subtract %a, %maxb : tensor<6x10xf32>
    %e = hlo.exponential %shifted : tensor<6x10xf32>
    %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<6x10xf32>, tensor<f32>) -> tensor<6xf32>
    %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<6xf32>) -> tensor<6x10xf32>
    %sm = hlo.divide %e, %sumb : tensor<6x10xf32>
    hlo.yield %sm, %sum : tensor<6x10xf32>, tensor<6xf32>
  }
  return %r#0, %r#1 : tensor<6x10xf32>, tensor<6xf32>
}

// A causal softmax: the mask's iota is read by two broadcasts (query and
// key positions), and each consumer computes it again from its indices
// rather than reading it from memory, so the fusion still runs row by row.
// The rows are the queries here: inside the loop the mask's query index is
// the row's, not the clone's first index (0).
// CHECK-LABEL: func.func @causal_row_fusion
// CHECK-NOT: xi32>
// CHECK: scf.forall (%[[ROW:.*]]) in (6)
// CHECK-NOT: xi32>
// CHECK: %[[QUERY:.*]] = arith.index_cast %[[ROW]] : index to i64
// CHECK: %[[Q32:.*]] = arith.trunci %[[QUERY]]
// CHECK: linalg.index 1 : index
// CHECK: arith.cmpi sge, %[[Q32]], %{{.*}} : i32
// CHECK: scf.forall.in_parallel
// EXEC: @causal_row_fusion result 0: ok
func.func @causal_row_fusion(%x: tensor<6x6xf32>) -> tensor<6x6xf32> {
  %r = hlo.fusion input(%x) : (tensor<6x6xf32>) -> tensor<6x6xf32> {
  ^bb0(%a: tensor<6x6xf32>):
    %i = hlo.iota dim = 0 : tensor<6xi32>
    %query = hlo.broadcast_in_dim %i, dims = [0] : (tensor<6xi32>) -> tensor<6x6xi32>
    %key = hlo.broadcast_in_dim %i, dims = [1] : (tensor<6xi32>) -> tensor<6x6xi32>
    %visible = hlo.compare GE, %query, %key : tensor<6x6xi32>
    %low = hlo.constant dense<-3.0e+38> : tensor<6x6xf32>
    %masked = hlo.select %visible, %a, %low : tensor<6x6xi1>, tensor<6x6xf32>
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %max = hlo.reduce maximum(%masked init %ninf) dims = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<6xf32>) -> tensor<6x6xf32>
    %shifted = hlo.subtract %masked, %maxb : tensor<6x6xf32>
    %e = hlo.exponential %shifted : tensor<6x6xf32>
    %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<6x6xf32>, tensor<f32>) -> tensor<6xf32>
    %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<6xf32>) -> tensor<6x6xf32>
    %sm = hlo.divide %e, %sumb : tensor<6x6xf32>
    hlo.yield %sm : tensor<6x6xf32>
  }
  return %r : tensor<6x6xf32>
}

// A fusion whose values hold one element each (JAX's threefry on a PRNG
// key) becomes scalar code: no loop nest. The key's words are extracted
// where the slices read them; the results are built from their elements.
// EXEC: @fusion_of_one_element result 0: ok
// EXEC: @fusion_of_one_element result 1: ok
// LOOPS-LABEL: func.func @fusion_of_one_element
// LOOPS: linalg.generic
// LOOPS-NOT: tensor.from_elements
// LOOPS: return
// CHECK-LABEL: func.func @fusion_of_one_element
// CHECK-NOT: linalg.
// CHECK: tensor.extract %arg0[%c1]
// CHECK: arith.addi
// CHECK: arith.shli
// CHECK: arith.shrui
// CHECK: arith.ori
// CHECK: arith.xori
// CHECK: arith.select
// CHECK: %[[A:.*]] = tensor.from_elements %{{.*}} : tensor<1xi32>
// CHECK: %[[B:.*]] = tensor.from_elements %{{.*}} : tensor<i32>
// CHECK-NOT: linalg.
// CHECK: return %[[A]], %[[B]]
func.func @fusion_of_one_element(%key: tensor<2xi32>, %count: tensor<1xi32>) -> (tensor<1xi32>, tensor<i32>) {
  %r:2 = hlo.fusion loop(%key, %count) : (tensor<2xi32>, tensor<1xi32>) -> (tensor<1xi32>, tensor<i32>) {
  ^bb0(%k: tensor<2xi32>, %c: tensor<1xi32>):
    %k0 = hlo.slice %k, starts = [0], limits = [1], strides = [1] : (tensor<2xi32>) -> tensor<1xi32>
    %k1 = hlo.slice %k, starts = [1], limits = [2], strides = [1] : (tensor<2xi32>) -> tensor<1xi32>
    %x = hlo.add %c, %k1 : tensor<1xi32>
    %thirteen = hlo.constant dense<13> : tensor<1xi32>
    %nineteen = hlo.constant dense<19> : tensor<1xi32>
    %left = hlo.shift_left %x, %thirteen : tensor<1xi32>
    %right = hlo.shift_right_logical %x, %nineteen : tensor<1xi32>
    %rot = hlo.or %left, %right : tensor<1xi32>
    %y = hlo.xor %rot, %k0 : tensor<1xi32>
    %zero = hlo.constant dense<0> : tensor<1xi32>
    %negative = hlo.compare LT, %y, %zero : tensor<1xi32>
    %z = hlo.select %negative, %x, %y : tensor<1xi1>, tensor<1xi32>
    %scalar = hlo.reshape %z : (tensor<1xi32>) -> tensor<i32>
    hlo.yield %y, %scalar : tensor<1xi32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<1xi32>, tensor<i32>
}
