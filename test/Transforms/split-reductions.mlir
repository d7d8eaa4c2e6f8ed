// Long reductions are split into blocks x lanes partial results; short ones,
// unrecognized combiners and sizes without a power-of-two divisor keep
// their order.
// RUN: fuse-opt %s --fuse-split-reductions="lanes=8 blocks=4 min-size=64" --split-input-file | FileCheck %s

// A full reduction of a 2-D tensor: both loops collapse into one of 4096
// elements, split into 4 blocks (parallel) x 128 steps x 8 lanes
// (parallel, innermost), then the partials are reduced.
// CHECK-LABEL: func.func @full_sum
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
// CHECK: %[[BLOCKS:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1]] output_shape [4, 1024]
// CHECK: %[[LANES:.*]] = tensor.expand_shape %[[BLOCKS]] {{\[}}[0], [1, 2]] output_shape [4, 128, 8]
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[LANES]] : tensor<4x128x8xf32>) outs(%{{.*}} : tensor<4x8xf32>)
// CHECK: %[[PER_BLOCK:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]} ins(%[[PARTIAL]] : tensor<4x8xf32>) outs(%{{.*}} : tensor<4xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction"]} ins(%[[PER_BLOCK]] : tensor<4xf32>) outs(%{{.*}} : tensor<f32>)
func.func @full_sum(%x: tensor<64x64xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<64x64xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
  return %r : tensor<f32>
}

// -----

// Row sums keep the row loop outermost; 1024 elements make 2 blocks of at
// least 64 steps of 8 lanes.
// CHECK-LABEL: func.func @row_sums
// CHECK: tensor.expand_shape %arg0 {{\[}}[0], [1, 2]] output_shape [3, 2, 512]
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3]] output_shape [3, 2, 64, 8]
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<3x2x64x8xi32>) outs(%{{.*}} : tensor<3x2x8xi32>)
func.func @row_sums(%x: tensor<3x1024xi32>, %init: tensor<3xi32>) -> tensor<3xi32> {
  %r = linalg.reduce { arith.addi } ins(%x : tensor<3x1024xi32>) outs(%init : tensor<3xi32>) dimensions = [1]
  return %r : tensor<3xi32>
}

// -----

// CHECK-LABEL: func.func @short
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.reduce
func.func @short(%x: tensor<63xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<63xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

// An odd size has no ratio that divides it.
// CHECK-LABEL: func.func @odd_size
// CHECK-NOT: tensor.expand_shape
func.func @odd_size(%x: tensor<1001xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<1001xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

// A combiner linalg does not recognize (a NaN-propagating max is a compare
// and a select) keeps its order.
// CHECK-LABEL: func.func @select_combiner
// CHECK-NOT: tensor.expand_shape
// CHECK: arith.select
func.func @select_combiner(%x: tensor<4096xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce ins(%x : tensor<4096xf32>) outs(%init : tensor<f32>) dimensions = [0]
    (%in: f32, %acc: f32) {
      %gt = arith.cmpf ugt, %in, %acc : f32
      %m = arith.select %gt, %in, %acc : f32
      linalg.yield %m : f32
    }
  return %r : tensor<f32>
}
