// Long reductions are split into leaves, blocks and lanes of partial
// results, combined pairwise (a balanced tree) and then into the init;
// short ones and unrecognized combiners keep their order. Inside loops only
// long float sums are split.
// RUN: fuse-opt %s --fuse-cpu-split-reductions="lanes=8 blocks=4 min-size=64" --split-input-file | FileCheck %s
// RUN: fuse-opt %s --fuse-cpu-split-reductions="lanes=8 blocks=4 min-size=64 stack-bytes=64" --split-input-file | FileCheck %s --check-prefix=HEAP
// RUN: fuse-opt %s --fuse-cpu-split-reductions="lanes=8 blocks=4 min-size=64 leaf-steps=16" --split-input-file | FileCheck %s --check-prefix=LEAF16
// The combining levels run: against the interpreter, and against float64
// within a few ulps (sums in order would be 1e-6 off), unfused and fused.
// RUN: fuse-run %S/Inputs/pairwise-levels.mlir --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/pairwise-levels.mlir --all-entries --random-inputs=2 --check=f64 --rtol=3e-7 --atol=0 | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/pairwise-levels.mlir --fuse-elementwise | fuse-run - --all-entries --random-inputs=3 --check=f64 --rtol=3e-7 --atol=0 | FileCheck %s --check-prefix=EXEC
// EXEC: @column_sum_128_leaves result 0: ok (24 elements
// EXEC: @column_sum_6_leaves result 0: ok (40 elements
// EXEC: @full_sum_odd result 0: ok (1 element
// EXEC: @row_sums_i32 result 0: ok (5 elements, exact)
// EXEC: @row_max result 0: ok (7 elements, exact)

// A full f32 sum of a 2-D tensor: both loops collapse into one of 4096
// elements, split into 8 lanes (innermost) of leaves of 64 steps, so 8
// blocks (parallel). The 8x8 partials live on the stack and start from 0
// on the first step; six levels halve them (64 -> 1), the first four in
// one generic that reads 16 slices of the leaves (64 -> 4), the last two in
// another (4 -> 1) that adds its tree to the init.
// CHECK-LABEL: func.func @full_sum
// CHECK: %[[STACK:.*]] = memref.alloca() : memref<8x8xf32>
// CHECK: %[[FLAT:.*]] = tensor.collapse_shape %arg0 {{\[}}[0, 1]] : tensor<64x64xf32> into tensor<4096xf32>
// CHECK: %[[SPLIT:.*]] = tensor.expand_shape %[[FLAT]] {{\[}}[0, 1, 2]] output_shape [8, 64, 8]
// CHECK: %[[BUFFER:.*]] = bufferization.to_tensor %[[STACK]] restrict writable
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%[[SPLIT]] : tensor<8x64x8xf32>) outs(%[[BUFFER]] : tensor<8x8xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[STEP:.*]] = linalg.index 1 : index
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[STEP]], %{{.*}} : index
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[START:.*]] = arith.select %[[FIRST]], %[[ZERO]], %[[OUT]] : f32
// CHECK: arith.addf %[[START]], %[[IN]] : f32
// CHECK: %[[LEAVES:.*]] = tensor.collapse_shape %[[PARTIAL]] {{\[}}[0, 1]] : tensor<8x8xf32> into tensor<64xf32>
// CHECK: %[[S0:.*]] = tensor.extract_slice %[[LEAVES]][0] [4] [1] : tensor<64xf32> to tensor<4xf32>
// CHECK-NEXT: %[[S1:.*]] = tensor.extract_slice %[[LEAVES]][4] [4] [1]
// CHECK: %[[S15:.*]] = tensor.extract_slice %[[LEAVES]][60] [4] [1]
// CHECK-NEXT: %[[FOUR:.*]] = tensor.empty() : tensor<4xf32>
// CHECK-NEXT: %[[LEVEL4:.*]] = linalg.generic {{.*}} iterator_types = ["parallel"]} ins(%[[S0]], %[[S1]], {{.*}}, %[[S15]] : {{.*}}) outs(%[[FOUR]] : tensor<4xf32>)
// CHECK-COUNT-15: arith.addf
// CHECK-NEXT: linalg.yield
// CHECK: %[[T0:.*]] = tensor.extract_slice %[[LEVEL4]][0] [1] [1] : tensor<4xf32> to tensor<f32>
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} iterator_types = []} ins(%[[T0]], {{.*}} : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) outs(%arg1 : tensor<f32>)
// CHECK-NEXT: ^bb0({{.*}}, %[[INIT:[^:]*]]: f32):
// CHECK-COUNT-2: arith.addf
// CHECK-NEXT: %[[TREE:.*]] = arith.addf
// CHECK-NEXT: arith.addf %[[INIT]], %[[TREE]] : f32
// CHECK: return %[[SUM]]
// HEAP-LABEL: func.func @full_sum
// HEAP-NOT: memref.alloca
// HEAP: tensor.empty() : tensor<8x8xf32>
func.func @full_sum(%x: tensor<64x64xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<64x64xf32>) outs(%init : tensor<f32>) dimensions = [0, 1]
  return %r : tensor<f32>
}

// -----

// The levels one generic combines keep the halving's order: 8 lanes of 64
// steps, then x0..x7 combined as (x0 + x4) + (x2 + x6) and
// (x1 + x5) + (x3 + x7), each lower one the accumulator, and the tree
// added to the init.
// CHECK-LABEL: func.func @tree_order
// CHECK: linalg.generic {{.*}} outs(%arg1 : tensor<f32>)
// CHECK-NEXT: ^bb0(%[[X0:[^:]*]]: f32, %[[X1:[^:]*]]: f32, %[[X2:[^:]*]]: f32, %[[X3:[^:]*]]: f32, %[[X4:[^:]*]]: f32, %[[X5:[^:]*]]: f32, %[[X6:[^:]*]]: f32, %[[X7:[^:]*]]: f32, %[[INIT:[^:]*]]: f32):
// CHECK-NEXT: %[[A:.*]] = arith.addf %[[X0]], %[[X4]] : f32
// CHECK-NEXT: %[[B:.*]] = arith.addf %[[X2]], %[[X6]] : f32
// CHECK-NEXT: %[[AB:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[C:.*]] = arith.addf %[[X1]], %[[X5]] : f32
// CHECK-NEXT: %[[D:.*]] = arith.addf %[[X3]], %[[X7]] : f32
// CHECK-NEXT: %[[CD:.*]] = arith.addf %[[C]], %[[D]] : f32
// CHECK-NEXT: %[[ALL:.*]] = arith.addf %[[AB]], %[[CD]] : f32
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[INIT]], %[[ALL]] : f32
// CHECK-NEXT: linalg.yield %[[SUM]] : f32
func.func @tree_order(%x: tensor<512xf32>, %init: tensor<f32>) -> tensor<f32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<512xf32>) outs(%init : tensor<f32>) dimensions = [0]
  return %r : tensor<f32>
}

// -----

// An exact combiner (integers) makes up to `blocks` blocks of at least 64
// steps: 1024 elements make 2 blocks of 64 steps of 8 lanes, with the row
// loop outermost. A filled init is not filled: the fill value is combined
// with the tree's result.
// CHECK-LABEL: func.func @row_sums
// CHECK-SAME: (%[[X:.*]]: tensor<3x1024xi32>, %[[INIT:.*]]: i32)
// CHECK-NOT: linalg.fill
// CHECK: tensor.expand_shape %[[X]] {{\[}}[0], [1, 2, 3]] output_shape [3, 2, 64, 8]
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<3x2x64x8xi32>) outs(%{{.*}} : tensor<3x2x8xi32>)
// CHECK: tensor.collapse_shape %[[PARTIAL]] {{\[}}[0], [1, 2]] : tensor<3x2x8xi32> into tensor<3x16xi32>
// CHECK: %[[EMPTY:.*]] = tensor.empty() : tensor<3xi32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel"]} ins({{.*}} : tensor<3xi32>, {{.*}}) outs(%[[EMPTY]] : tensor<3xi32>)
// CHECK-COUNT-14: arith.addi
// CHECK-NEXT: %[[TREE:.*]] = arith.addi
// CHECK-NEXT: arith.addi %[[INIT]], %[[TREE]] : i32
func.func @row_sums(%x: tensor<3x1024xi32>, %init: i32) -> tensor<3xi32> {
  %empty = tensor.empty() : tensor<3xi32>
  %filled = linalg.fill ins(%init : i32) outs(%empty : tensor<3xi32>) -> tensor<3xi32>
  %r = linalg.reduce { arith.addi } ins(%x : tensor<3x1024xi32>) outs(%filled : tensor<3xi32>) dimensions = [1]
  return %r : tensor<3xi32>
}

// -----

// A column sum: its vectors run along the columns, so it has no lanes; the
// 8192 rows are 128 leaves of 64, and the partials are rows of columns
// (128x64), halved seven times: four levels in one generic of 16 slices of
// 8 rows, three in one of 8 slices of one row.
// CHECK-LABEL: func.func @column_sums
// CHECK: tensor.expand_shape %arg0 {{\[}}[0, 1], [2]] output_shape [128, 64, 64]
// CHECK: %[[PARTIAL:.*]] = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<128x64x64xf32>) outs(%{{.*}} : tensor<128x64xf32>)
// CHECK: %[[FIRST:.*]] = tensor.extract_slice %[[PARTIAL]][0, 0] [8, 64] [1, 1]
// CHECK: %[[LAST:.*]] = tensor.extract_slice %[[PARTIAL]][120, 0] [8, 64] [1, 1]
// CHECK: %[[EIGHT:.*]] = linalg.generic {{.*}} ins(%[[FIRST]], {{.*}}, %[[LAST]] : {{.*}}) outs(%{{.*}} : tensor<8x64xf32>)
// CHECK: %[[ROW:.*]] = tensor.extract_slice %[[EIGHT]][0, 0] [1, 64] [1, 1] : tensor<8x64xf32> to tensor<64xf32>
// CHECK: linalg.generic {{.*}} ins(%[[ROW]], {{.*}}) outs(%arg1 : tensor<64xf32>)
// CHECK-COUNT-8: arith.addf
// With leaf-steps=16, 512 leaves of 16 rows, halved nine times: 4 + 4 + 1.
// LEAF16-LABEL: func.func @column_sums
// LEAF16: tensor.expand_shape %arg0 {{\[}}[0, 1], [2]] output_shape [512, 16, 64]
// LEAF16: linalg.generic {{.*}} outs(%{{.*}} : tensor<512x64xf32>)
// LEAF16: tensor.empty() : tensor<32x64xf32>
// LEAF16: tensor.empty() : tensor<2x64xf32>
// LEAF16: linalg.generic {{.*}} outs(%arg1 : tensor<64xf32>)
func.func @column_sums(%x: tensor<8192x64xf32>, %init: tensor<64xf32>) -> tensor<64xf32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<8192x64xf32>) outs(%init : tensor<64xf32>) dimensions = [0]
  return %r : tensor<64xf32>
}

// -----

// A bf16 sum accumulates in f32 partials and rounds once, when combined
// with the init.
// CHECK-LABEL: func.func @bf16_sum
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<8x8xf32>)
// CHECK: %[[WIDE:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK: arith.addf %{{.*}}, %[[WIDE]] : f32
// CHECK: linalg.generic {{.*}} ins({{.*}} : tensor<f32>, tensor<f32>, tensor<f32>, tensor<f32>) outs(%arg1 : tensor<bf16>)
// CHECK: %[[ACC:.*]] = arith.extf %{{.*}} : bf16 to f32
// CHECK: %[[SUM:.*]] = arith.addf %[[ACC]], %{{.*}} : f32
// CHECK: arith.truncf %[[SUM]] : f32 to bf16
func.func @bf16_sum(%x: tensor<4096xbf16>, %init: tensor<bf16>) -> tensor<bf16> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<4096xbf16>) outs(%init : tensor<bf16>) dimensions = [0]
  return %r : tensor<bf16>
}

// -----

// Two reductions of one loop nest (a sum and a maximum), and a value written
// at every point of its loops, through an expanded view. Each reduced
// output gets its own tree.
#id = affine_map<(d0) -> (d0)>
#all = affine_map<(d0) -> ()>
// CHECK-LABEL: func.func @several_outputs
// CHECK-DAG: memref.alloca() : memref<8x8xf32>
// CHECK-DAG: memref.alloca() : memref<8x8xf32>
// CHECK: %[[SPLIT:.*]]:3 = linalg.generic {{.*}} iterator_types = ["parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<8x64x8xf32>) outs(%{{.*}}, %{{.*}}, %{{.*}} : tensor<8x8xf32>, tensor<8x64x8xf32>, tensor<8x8xf32>)
// CHECK-DAG: arith.constant 0.000000e+00 : f32
// CHECK-DAG: arith.constant 0xFF800000 : f32
// CHECK: tensor.collapse_shape %[[SPLIT]]#0
// CHECK: arith.addf
// CHECK: %[[SUM:.*]] = linalg.generic {{.*}} outs(%arg1 : tensor<f32>)
// CHECK: tensor.collapse_shape %[[SPLIT]]#2
// CHECK: arith.maximumf
// CHECK: %[[MAX:.*]] = linalg.generic {{.*}} outs(%arg2 : tensor<f32>)
// CHECK: %[[EXP:.*]] = tensor.collapse_shape %[[SPLIT]]#1 {{\[}}[0, 1, 2]] : tensor<8x64x8xf32> into tensor<4096xf32>
// CHECK: return %[[SUM]], %[[EXP]], %[[MAX]]
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

// A reduction inside a loop is a tile of a fused loop nest: its float
// combiner may be reassociated (vector partial sums in registers). A row of
// 4096 is more than a leaf for each of 8 lanes (512 elements): it splits
// into 8 blocks of 512, whose lanes LLVM keeps in registers, with their
// partials allocated per iteration (never on the function's stack, which
// the iterations share), combined pairwise.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @inside_loop
// CHECK: scf.forall
// CHECK-NOT: memref.alloca
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1, 2]] output_shape [1, 8, 512]
// CHECK: tensor.empty() : tensor<1x8xf32>
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "reduction"]}
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
// CHECK: linalg.generic {{.*}} outs(%{{.*}} : tensor<1xf32>)
// CHECK-COUNT-8: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
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

// A row of 512 inside a loop is 64 steps of 8 lanes: one leaf per lane,
// which LLVM keeps in registers. It keeps its loop.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @inside_loop_short
// CHECK: scf.forall
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
func.func @inside_loop_short(%x: tensor<4x512xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%out = %init) -> (tensor<4xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 512] [1, 1] : tensor<4x512xf32> to tensor<1x512xf32>
    %acc = tensor.extract_slice %out[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%row : tensor<1x512xf32>) outs(%acc : tensor<1xf32>) {
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

// An odd row (an attention softmax over 65 positions) inside a loop: LLVM
// keeps its 8 lanes in registers all the same, the last element after them,
// so it is not split into leaves of a divisor (5 x 13, summed one element
// at a time in memory). It keeps its loop.
#id = affine_map<(d0, d1) -> (d0, d1)>
#row = affine_map<(d0, d1) -> (d0)>
// CHECK-LABEL: func.func @inside_loop_odd
// CHECK: scf.forall
// CHECK-NOT: tensor.expand_shape
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// CHECK: arith.addf %{{.*}}, %{{.*}} fastmath<reassoc> : f32
func.func @inside_loop_odd(%x: tensor<4x65xf32>, %init: tensor<4xf32>) -> tensor<4xf32> {
  %r = scf.forall (%i) in (4) shared_outs(%out = %init) -> (tensor<4xf32>) {
    %row = tensor.extract_slice %x[%i, 0] [1, 65] [1, 1] : tensor<4x65xf32> to tensor<1x65xf32>
    %acc = tensor.extract_slice %out[%i] [1] [1] : tensor<4xf32> to tensor<1xf32>
    %sum = linalg.generic {indexing_maps = [#id, #row], iterator_types = ["parallel", "reduction"]} ins(%row : tensor<1x65xf32>) outs(%acc : tensor<1xf32>) {
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

// An odd size has no lanes; 1001 = 7 x 11 x 13 makes 77 leaves of 13.
// CHECK-LABEL: func.func @odd_size
// An odd level halves them one at a time (77 -> 39, the middle one copied);
// 39 -> 20 likewise, then 20 -> 5 in two levels at once.
// CHECK: tensor.expand_shape %arg0 {{\[}}[0, 1]] output_shape [77, 13]
// CHECK: tensor.empty() : tensor<39xf32>
// CHECK: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}} : tensor<38xf32>, tensor<38xf32>)
// CHECK: tensor.insert_slice %{{.*}}[38] [1] [1] : tensor<1xf32> into tensor<39xf32>
// CHECK: tensor.empty() : tensor<20xf32>
// CHECK: tensor.empty() : tensor<5xf32>
// CHECK-NEXT: linalg.generic {{.*}} ins(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}} : tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>)
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

// -----

// Reduction loops that cannot become one (NCHW's N, H and W around C): H
// and W collapse, the longest loop (1024, innermost: 8 lanes) is split,
// and N runs inside each leaf, so a leaf takes 2 steps of 32 images (64
// elements) in each of 64 blocks. Its first step comes 32 times: the
// partials are filled.
// CHECK-LABEL: func.func @nchw_channel_sums
// CHECK: tensor.collapse_shape %arg0 {{\[}}[0], [1], [2, 3]] : tensor<32x16x32x32xf32> into tensor<32x16x1024xf32>
// CHECK: tensor.expand_shape %{{.*}} {{\[}}[0], [1], [2, 3, 4]] output_shape [32, 16, 64, 2, 8]
// CHECK: %[[FILLED:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<16x64x8xf32>)
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "parallel", "reduction", "parallel"]} ins(%{{.*}} : tensor<32x16x64x2x8xf32>) outs(%[[FILLED]] : tensor<16x64x8xf32>)
// CHECK-NOT: arith.select
// CHECK: tensor.collapse_shape %{{.*}} {{\[}}[0], [1, 2]] : tensor<16x64x8xf32> into tensor<16x512xf32>
func.func @nchw_channel_sums(%x: tensor<32x16x32x32xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.reduce { arith.addf } ins(%x : tensor<32x16x32x32xf32>) outs(%init : tensor<16xf32>) dimensions = [0, 2, 3]
  return %r : tensor<16xf32>
}

// -----

// A BatchNorm gradient's sum: a scale broadcast from a 1x1x16 tensor (read
// at constant 0s, collapsed to 16 elements) and a pooled value per image
// and channel, which keeps N apart from H x W; H x W (1024) is split into
// leaves of 2 steps of N's 32.
#x = affine_map<(n, hw, c) -> (n, hw, c)>
#s = affine_map<(n, hw, c) -> (0, 0, c)>
#pool = affine_map<(n, hw, c) -> (n, c)>
#out = affine_map<(n, hw, c) -> (c)>
// CHECK-LABEL: func.func @broadcast_operands
// CHECK: %[[SCALE:.*]] = tensor.collapse_shape %arg1 {{\[}}[0, 1, 2]] : tensor<1x1x16xf32> into tensor<16xf32>
// CHECK: tensor.expand_shape %arg0 {{\[}}[0], [1, 2], [3]] output_shape [32, 512, 2, 16]
// CHECK: linalg.generic {{.*}} iterator_types = ["reduction", "parallel", "reduction", "parallel"]} ins(%{{.*}}, %[[SCALE]], %arg2 : tensor<32x512x2x16xf32>, tensor<16xf32>, tensor<32x16xf32>) outs(%{{.*}} : tensor<512x16xf32>)
// CHECK: tensor.empty() : tensor<32x16xf32>
func.func @broadcast_operands(%x: tensor<32x1024x16xf32>, %scale: tensor<1x1x16xf32>, %pool: tensor<32x16xf32>, %init: tensor<16xf32>) -> tensor<16xf32> {
  %r = linalg.generic {indexing_maps = [#x, #s, #pool, #out], iterator_types = ["reduction", "reduction", "parallel"]}
      ins(%x, %scale, %pool : tensor<32x1024x16xf32>, tensor<1x1x16xf32>, tensor<32x16xf32>) outs(%init : tensor<16xf32>) {
  ^bb0(%a: f32, %b: f32, %p: f32, %acc: f32):
    %m = arith.mulf %a, %b : f32
    %t = arith.addf %m, %p : f32
    %s = arith.addf %acc, %t : f32
    linalg.yield %s : f32
  } -> tensor<16xf32>
  return %r : tensor<16xf32>
}
