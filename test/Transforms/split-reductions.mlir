// Long reductions are split into blocks x lanes partial results, combined
// by one more reduction; short ones, unrecognized combiners, sizes without
// a power-of-two divisor and reductions inside loops keep their order.
// RUN: fuse-opt %s --fuse-split-reductions="lanes=8 blocks=4 min-size=64" --split-input-file | FileCheck %s
// RUN: fuse-opt %s --fuse-split-reductions="lanes=8 blocks=4 min-size=64 stack-bytes=64" --split-input-file | FileCheck %s --check-prefix=HEAP

// A full reduction of a 2-D tensor: both loops collapse into one of 4096
// elements, split into 4 blocks (parallel) x 128 steps x 8 lanes
// (parallel, innermost). The 4x8 partials live on the stack and start from
// 0 on the first step; one sequential reduction adds them to the init.
// CHECK-LABEL: func.func @full_sum
// CHECK: %[[STACK:.*]] = memref.alloca() : memref<4x8xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1, 2]] output_shape [4, 128, 8]
// CHECK: %[[BUFFER:.*]] = bufferization.to_tensor %[[STACK]] restrict writable
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[SPLIT]] : tensor<4x128x8xf32>) outs(%[[BUFFER]] : tensor<4x8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[STEP:.*]] = linalg.index 1 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[STEP]], %{{.*}} : index
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[START:.*]] = arith.select %[[FIRST]], %[[ZERO]], %[[OUT]] : f32
// CHECK: arith.addf %[[START]], %[[IN]] : f32
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%[[PARTIAL]] : tensor<4x8xf32>) outs(%arg1 : tensor<f32>)
// CHECK: return %[[SUM]]
// HEAP-LABEL: func.func @full_sum
// HEAP-NOT: memref.alloca
// HEAP: tensor.empty() : tensor<4x8xf32>
func.func @full_sum(%x: tensor<64x64xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<64x64xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
  return %r : tensor<f32>
}

// -----

// Row sums keep the row loop outermost; 1024 elements make 2 blocks of at
// least 64 steps of 8 lanes. A filled init is not filled: the combination
// starts from the fill value on its first partial.
// CHECK-LABEL: func.func @row_sums
// CHECK-SAME: (%[[X:.*]]: tensor<3x1024xi32>, %[[INIT:.*]]: i32)
// CHECK-NOT: linalg.fill
// CHECK: tensor.expand_shape %[[X]] {{\[}}[0], [1, 2, 3]] output_shape [3, 2, 64, 8]
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<3x2x64x8xi32>) outs(%{{.*}} : tensor<3x2x8xi32>)
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<3xi32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "reduction"]} ins(%[[PARTIAL]] : tensor<3x2x8xi32>) outs(%[[EMPTY]] : tensor<3xi32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: i32, %[[OUT:.*]]: i32):
// CHECK: %[[BLOCK:.*]] = linalg.index 1 : index
// CHECK: %[[LANE:.*]] = linalg.index 2 : index
// CHECK: %[[FIRST:.*]] = arith.andi
// CHECK: %[[START:.*]] = arith.select %[[FIRST]], %[[INIT]], %[[OUT]] : i32
// CHECK: arith.addi %[[START]], %[[IN]] : i32
func.func @row_sums(%x: tensor<3x1024xi32>, %init: i32) -> tensor<3xi32> {
  %empty = tensor.empty() : tensor<3xi32>
  %filled = linalg.fill ins(%init : i32) outs(%empty : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.reduce { arith.addi } ins(%x : tensor<3x1024xi32>) outs(%filled : tensor<3xi32>) dimensions = [1]
  return %r : tensor<3xi32>
}

// -----

// Two reductions of one loop nest (a sum and a maximum), and a value written
// at every point of its loops, through an expanded view.
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @several_outputs
// CHECK-DAG: %[[SUMS:.*]] = memref.alloca() : memref<4x8xf32>
// CHECK-DAG: %[[MAXIMA:.*]] = memref.alloca() : memref<4x8xf32>
// CHECK: %[[SPLIT:.*]]:3 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<4x128x8xf32>) outs(%{{.*}}, %{{.*}}, %{{.*}} : tensor<4x8xf32>, tensor<4x128x8xf32>, tensor<4x8xf32>)
// CHECK-DAG: arith.constant 0.000000e+00 : f32
// CHECK-DAG: arith.constant 0xFF800000 : f32
// CHECK: %[[BOTH:.*]]:2 = linalg.generic {{.*}} iterator_types = ["reduction", "reduction"]} ins(%[[SPLIT]]#0, %[[SPLIT]]#2 : tensor<4x8xf32>, tensor<4x8xf32>) outs(%arg1, %arg2 : tensor<f32>, tensor<f32>)
// CHECK: arith.addf
// CHECK: arith.maximumf
// CHECK: %[[EXP:.*]] = tensor.collapse_shape %[[SPLIT]]#1 {{\[}}[0, 1, 2]] : tensor<4x128x8xf32> into tensor<4096xf32>
// CHECK: return %[[BOTH]]#0, %[[EXP]], %[[BOTH]]#1
func.func @several_outputs(%x: tensor<4096xf32>, %sum: tensor<f32>, %max: tensor<f32>, %e: tensor<4096xf32>) -> (tensor<f32>, tensor<4096xf32>, tensor<f32>) {
  %r:3 = linalg.generic {indexing_maps = [#id, #all, #id, #all], iterator_types = ["reduction"]} ins(%x : tensor<4096xf32>) outs(%sum, %e, %max : tensor<f32>, tensor<4096xf32>, tensor<f32>) {
  ^bb0(%in: f32, %s: f32, %unused: f32, %m: f32):
    %exp = math.exp %in : f32
    %s2 = arith.addf %s, %exp : f32
    %m2 = arith.maximumf %m, %in : f32
    linalg.yield %s2, %exp, %m2 : f32, f32, f32
  } -> (tensor<f32>, tensor<4096xf32>, tensor<f32>)
  return %r#0, %r#1, %r#2 : tensor<f32>, tensor<4096xf32>, tensor<f32>
}

// -----

// A reduction inside a loop is a tile of a fused loop nest: it keeps its
// loop, and its float combiner may be reassociated (vector partial sums in
// registers).
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @inside_loop
// CHECK: scf.forall
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
func.func @inside_loop(%x: tensor<4x4096xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%out = %init) -> (tensor<4xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 4096] [1, 1] : tensor<4x4096xf32> to tensor<1x4096xf32>
    %acc = tensor.extract_slice %out[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%row : tensor<1x4096xf32>) outs(%acc : tensor<1xf32>) {
    ^bb0(%in: f32, %a: f32):
      %s = arith.addf %a, %in : f32
      linalg.yield %s : f32
    } -> tensor<1xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %sum into %out[%i] [1] [1] : tensor<1xf32> into tensor<4xf32>
    }
  }
  return %r : tensor<4xf32>
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
