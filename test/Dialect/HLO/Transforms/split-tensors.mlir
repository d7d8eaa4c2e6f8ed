// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" | FileCheck %s
// Every split program computes what the unsplit one does: compiled and
// compared with the interpreter (--check) and with the unsplit program's
// compiled results (--expected), then once more fused.
// RUN: rm -rf %t && fuse-run %s --all-entries --random-inputs=1 --outputs=%t
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" | fuse-run - --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check --expected=%t | FileCheck %s --check-prefix=EXEC
// With the distance rewrite first, paths go through a product of the points
// and the queries; the rewrite rounds differently, hence the tolerance.
// RUN: fuse-opt %s --algebraic-simplify --split-tensors="tensor-size-threshold=4KiB" --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --expected=%t --atol=1e-3 | FileCheck %s --check-prefix=SIMPLIFIED

// Each result is checked twice: against the interpreter, then against the
// unsplit program.
// EXEC: @se_kernel_vector result 0: ok
// EXEC: @se_kernel_vector result 0: ok
// EXEC: @exp_abt_v result 0: ok
// EXEC: @exp_abt_v result 0: ok
// EXEC: @nearest_distance result 0: ok
// EXEC: @nearest_distance result 0: ok
// EXEC: @nearest_index result 0: ok
// EXEC: @nearest_index result 1: ok
// EXEC: @nearest_index result 0: ok
// EXEC: @nearest_index result 1: ok
// EXEC: @argmax result 0: ok
// EXEC: @argmax result 1: ok
// EXEC: @argmax result 0: ok
// EXEC: @argmax result 1: ok
// EXEC: @contracting_split result 0: ok
// EXEC: @contracting_split result 0: ok
// EXEC: @nested_reduces result 0: ok
// EXEC: @nested_reduces result 0: ok
// EXEC: @sum_with_init result 0: ok
// EXEC: @sum_with_init result 0: ok
// EXEC: @shape_ops_along_other_dims result 0: ok
// EXEC: @shape_ops_along_other_dims result 0: ok
// EXEC: @attention result 0: ok
// EXEC: @attention result 0: ok
// EXEC: @small_product_leaf result 0: ok
// EXEC: @small_product_leaf result 0: ok
// EXEC-NOT: MISMATCH
// SIMPLIFIED: @se_kernel_vector result 0: ok
// SIMPLIFIED: @exp_abt_v result 0: ok
// SIMPLIFIED: @nearest_distance result 0: ok
// SIMPLIFIED: @nearest_index result 0: ok
// SIMPLIFIED: @nearest_index result 1: ok
// SIMPLIFIED: @argmax result 0: ok
// SIMPLIFIED: @argmax result 1: ok
// SIMPLIFIED: @contracting_split result 0: ok
// SIMPLIFIED: @nested_reduces result 0: ok
// SIMPLIFIED: @sum_with_init result 0: ok
// SIMPLIFIED: @shape_ops_along_other_dims result 0: ok
// SIMPLIFIED: @attention result 0: ok
// SIMPLIFIED: @small_product_leaf result 0: ok

// CHECK-LABEL: func.func @se_kernel_vector
// CHECK: %[[INIT:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<98x1xf32>
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i64>
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C24:.*]] = arith.constant 24 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %[[C0]] to %[[C24]] step %[[C1]] iter_args(%[[OFF:.*]] = %[[ZERO]], %[[ACC:.*]] = %[[INIT]]) -> (tensor<i64>, tensor<98x1xf32>)
// CHECK: %[[STEP:.*]] = hlo.constant dense<4> : tensor<i64>
// CHECK: %[[NEXT:.*]] = hlo.add %[[OFF]], %[[STEP]]
// CHECK: %[[X:.*]] = hlo.dynamic_slice %arg0[%[[OFF]], %[[Z:.*]]] sizes = [4, 4]
// CHECK: hlo.broadcast_in_dim %[[X]], dims = [0, 2] : (tensor<4x4xf32>) -> tensor<4x64x4xf32>
// CHECK: hlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<64x4xf32>) -> tensor<4x64x4xf32>
// CHECK: hlo.reduce add({{.*}}) dims = [2] : (tensor<4x64x4xf32>, tensor<f32>) -> tensor<4x64xf32>
// CHECK: hlo.constant dense<-5.000000e-01> : tensor<4x64xf32>
// CHECK: %[[K:.*]] = hlo.exponential %{{.*}} : tensor<4x64xf32>
// CHECK: %[[P:.*]] = hlo.dot_general %[[K]], %arg2, {{.*}} -> tensor<4x1xf32>
// CHECK: %[[UPD:.*]] = hlo.dynamic_update_slice %[[ACC]][%[[OFF]], %[[Z]]], %[[P]]
// CHECK: scf.yield %[[NEXT]], %[[UPD]]
// The remainder: 2 rows at the offset the loop ends with.
// CHECK: hlo.dynamic_slice %arg0[%[[LOOP]]#0, %{{.*}}] sizes = [2, 4]
// CHECK: %[[P2:.*]] = hlo.dot_general {{.*}} -> tensor<2x1xf32>
// CHECK: %[[R:.*]] = hlo.dynamic_update_slice %[[LOOP]]#1[%[[LOOP]]#0, %{{.*}}], %[[P2]]
// CHECK: return %[[R]]
// CHECK-NOT: tensor<98x64
// Squared-exponential kernel times a vector, K[i, j] = exp(-|x_i - y_j|^2 / 2):
// rows of K (and of x), 4 at a time, the last slice of 2.
func.func @se_kernel_vector(%x: tensor<98x4xf32>, %y: tensor<64x4xf32>, %v: tensor<64x1xf32>) -> tensor<98x1xf32> {
  %xb = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<98x4xf32>) -> tensor<98x64x4xf32>
  %yb = hlo.broadcast_in_dim %y, dims = [1, 2] : (tensor<64x4xf32>) -> tensor<98x64x4xf32>
  %d = hlo.subtract %xb, %yb : tensor<98x64x4xf32>
  %sq = hlo.multiply %d, %d : tensor<98x64x4xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d2 = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<98x64x4xf32>, tensor<f32>) -> tensor<98x64xf32>
  %half = hlo.constant dense<-0.5> : tensor<98x64xf32>
  %s = hlo.multiply %d2, %half : tensor<98x64xf32>
  %k = hlo.exponential %s : tensor<98x64xf32>
  %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0] : (tensor<98x64xf32>, tensor<64x1xf32>) -> tensor<98x1xf32>
  return %r : tensor<98x1xf32>
}

// CHECK-LABEL: func.func @exp_abt_v
// CHECK: scf.for
// CHECK: %[[A:.*]] = hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}] sizes = [16, 4]
// CHECK: %[[AB:.*]] = hlo.dot_general %[[A]], %arg1, {{.*}} -> tensor<16x64xf32>
// CHECK: %[[K:.*]] = hlo.exponential %[[AB]] : tensor<16x64xf32>
// CHECK: %[[KV:.*]] = hlo.dot %[[K]], %arg2 : (tensor<16x64xf32>, tensor<64xf32>) -> tensor<16xf32>
// CHECK: hlo.dynamic_update_slice %{{.*}}[%{{.*}}], %[[KV]] : (tensor<100xf32>, tensor<16xf32>, tensor<i64>)
// CHECK: hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}] sizes = [4, 4]
// CHECK-NOT: tensor<100x64
// exp(A B^T) v: the intermediate product is recomputed per slice of rows of
// A, with B whole.
func.func @exp_abt_v(%a: tensor<100x4xf32>, %b: tensor<64x4xf32>, %v: tensor<64xf32>) -> tensor<100xf32> {
  %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [1] : (tensor<100x4xf32>, tensor<64x4xf32>) -> tensor<100x64xf32>
  %k = hlo.exponential %ab : tensor<100x64xf32>
  %r = hlo.dot %k, %v : (tensor<100x64xf32>, tensor<64xf32>) -> tensor<100xf32>
  return %r : tensor<100xf32>
}

// CHECK-LABEL: func.func @nearest_distance
// CHECK: %[[INF:.*]] = hlo.constant dense<0x7F800000> : tensor<f32>
// CHECK: %[[INIT:.*]] = hlo.broadcast_in_dim %[[INF]], dims = [] : (tensor<f32>) -> tensor<50xf32>
// CHECK: scf.for {{.*}} iter_args(%[[OFF:.*]] = %{{.*}}, %[[ACC:.*]] = %[[INIT]])
// CHECK: %[[P:.*]] = hlo.dynamic_slice %arg1[%[[OFF]], %{{.*}}] sizes = [5, 4]
// CHECK: hlo.broadcast_in_dim %arg0, dims = [0, 2] : (tensor<50x4xf32>) -> tensor<50x5x4xf32>
// CHECK: hlo.broadcast_in_dim %[[P]], dims = [1, 2] : (tensor<5x4xf32>) -> tensor<50x5x4xf32>
// CHECK: %[[MIN:.*]] = hlo.reduce minimum({{.*}}) dims = [1] : (tensor<50x5xf32>, tensor<f32>) -> tensor<50xf32>
// CHECK: %[[COMBINED:.*]] = hlo.minimum %[[ACC]], %[[MIN]] : tensor<50xf32>
// CHECK: scf.yield %{{.*}}, %[[COMBINED]]
// CHECK-NOT: tensor<50x80
// Distance to the nearest point for each of 50 queries: the points
// dimension is reduced, and splitting it takes fewer slices than the rows.
func.func @nearest_distance(%q: tensor<50x4xf32>, %p: tensor<80x4xf32>) -> tensor<50xf32> {
  %qb = hlo.broadcast_in_dim %q, dims = [0, 2] : (tensor<50x4xf32>) -> tensor<50x80x4xf32>
  %pb = hlo.broadcast_in_dim %p, dims = [1, 2] : (tensor<80x4xf32>) -> tensor<50x80x4xf32>
  %d = hlo.subtract %qb, %pb : tensor<50x80x4xf32>
  %sq = hlo.multiply %d, %d : tensor<50x80x4xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d2 = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<50x80x4xf32>, tensor<f32>) -> tensor<50x80xf32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %m = hlo.reduce minimum(%d2 init %inf) dims = [1] : (tensor<50x80xf32>, tensor<f32>) -> tensor<50xf32>
  return %m : tensor<50xf32>
}

// CHECK-LABEL: func.func @nearest_index
// CHECK: scf.for {{.*}} iter_args(%[[OFF:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}, %[[ACCI:.*]] = %{{.*}}) -> (tensor<i64>, tensor<50xf32>, tensor<50xi32>)
// CHECK: %[[IOTA:.*]] = hlo.iota dim = 1 : tensor<50x5xi32>
// CHECK: %[[START:.*]] = hlo.convert %[[OFF]] : (tensor<i64>) -> tensor<i32>
// CHECK: %[[STARTS:.*]] = hlo.broadcast_in_dim %[[START]], dims = [] : (tensor<i32>) -> tensor<50x5xi32>
// CHECK: %[[INDEX:.*]] = hlo.add %[[IOTA]], %[[STARTS]] : tensor<50x5xi32>
// CHECK: %[[PART:.*]]:2 = hlo.reduce(%{{.*}} init %{{.*}}), (%[[INDEX]] init %{{.*}}) dims = [1]
// The partial results and the accumulators, stacked, go through the body.
// CHECK: %[[A0:.*]] = hlo.reshape %[[ACC]] : (tensor<50xf32>) -> tensor<1x50xf32>
// CHECK: %[[P0:.*]] = hlo.reshape %[[PART]]#0 : (tensor<50xf32>) -> tensor<1x50xf32>
// CHECK: %[[S0:.*]] = hlo.concatenate dim = 0, %[[A0]], %[[P0]] : (tensor<1x50xf32>, tensor<1x50xf32>) -> tensor<2x50xf32>
// CHECK: %[[A1:.*]] = hlo.reshape %[[ACCI]] : (tensor<50xi32>) -> tensor<1x50xi32>
// CHECK: %[[P1:.*]] = hlo.reshape %[[PART]]#1 : (tensor<50xi32>) -> tensor<1x50xi32>
// CHECK: %[[S1:.*]] = hlo.concatenate dim = 0, %[[A1]], %[[P1]]
// CHECK: %[[BOTH:.*]]:2 = hlo.reduce(%[[S0]] init %{{.*}}), (%[[S1]] init %{{.*}}) dims = [0]
// CHECK: hlo.compare LT
// CHECK: scf.yield %{{.*}}, %[[BOTH]]#0, %[[BOTH]]#1
// The index of the nearest point: an argmin of (distance, iota) pairs. The
// iota is rebuilt for each slice of points, counting from its offset.
func.func @nearest_index(%q: tensor<50x4xf32>, %p: tensor<80x4xf32>) -> (tensor<50xf32>, tensor<50xi32>) {
  %qb = hlo.broadcast_in_dim %q, dims = [0, 2] : (tensor<50x4xf32>) -> tensor<50x80x4xf32>
  %pb = hlo.broadcast_in_dim %p, dims = [1, 2] : (tensor<80x4xf32>) -> tensor<50x80x4xf32>
  %d = hlo.subtract %qb, %pb : tensor<50x80x4xf32>
  %sq = hlo.multiply %d, %d : tensor<50x80x4xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d2 = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<50x80x4xf32>, tensor<f32>) -> tensor<50x80xf32>
  %idx = hlo.iota dim = 1 : tensor<50x80xi32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %big = hlo.constant dense<2147483647> : tensor<i32>
  %m:2 = hlo.reduce(%d2 init %inf), (%idx init %big) dims = [1]
      : (tensor<50x80xf32>, tensor<50x80xi32>, tensor<f32>, tensor<i32>) -> (tensor<50xf32>, tensor<50xi32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %closer = hlo.compare LT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %closer, %tie : tensor<i1>
    %v = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %i = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %m#0, %m#1 : tensor<50xf32>, tensor<50xi32>
}

// One full slice and the remainder: no loop.
// CHECK-LABEL: func.func @argmax
// CHECK-NOT: scf.for
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0> : tensor<i64>
// CHECK: hlo.dynamic_slice %arg0[%[[ZERO]]] sizes = [1024]
// CHECK: hlo.iota dim = 0 : tensor<1024xi32>
// CHECK: %[[OFF:.*]] = hlo.constant dense<1024> : tensor<i64>
// CHECK: hlo.dynamic_slice %arg0[%[[OFF]]] sizes = [976]
// CHECK: hlo.iota dim = 0 : tensor<976xi32>
// CHECK: hlo.convert %[[OFF]] : (tensor<i64>) -> tensor<i32>
// CHECK: %[[R:.*]]:2 = hlo.reduce({{.*}}) dims = [0] : (tensor<2xf32>, tensor<2xi32>, tensor<f32>, tensor<i32>)
// CHECK: return %[[R]]#0, %[[R]]#1
// Argmax over one long vector: 1024 elements per slice, the last of 976.
func.func @argmax(%x: tensor<2000xf32>) -> (tensor<f32>, tensor<i32>) {
  %idx = hlo.iota dim = 0 : tensor<2000xi32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %big = hlo.constant dense<2147483647> : tensor<i32>
  %m:2 = hlo.reduce(%x init %ninf), (%idx init %big) dims = [0]
      : (tensor<2000xf32>, tensor<2000xi32>, tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<i32>) {
  ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
    %better = hlo.compare GT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %v = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %i = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %m#0, %m#1 : tensor<f32>, tensor<i32>
}

// CHECK-LABEL: func.func @contracting_split
// CHECK: %[[INIT:.*]] = hlo.broadcast_in_dim %{{.*}}, dims = [] : (tensor<f32>) -> tensor<2x1xf32>
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%[[OFF:.*]] = %{{.*}}, %[[ACC:.*]] = %[[INIT]])
// CHECK: %[[X:.*]] = hlo.dynamic_slice %arg0[%[[Z:.*]], %[[OFF]]] sizes = [2, 512]
// CHECK: %[[V:.*]] = hlo.dynamic_slice %arg1[%[[OFF]], %[[Z]]] sizes = [512, 1]
// CHECK: %[[E:.*]] = hlo.exponential %[[X]] : tensor<2x512xf32>
// CHECK: %[[P:.*]] = hlo.dot_general %[[E]], %[[V]], {{.*}} -> tensor<2x1xf32>
// CHECK: %[[SUM:.*]] = hlo.add %[[ACC]], %[[P]] : tensor<2x1xf32>
// CHECK: scf.yield %{{.*}}, %[[SUM]]
// CHECK: hlo.dynamic_slice %arg0[%{{.*}}, %[[LOOP]]#0] sizes = [2, 440]
// CHECK: %[[LAST:.*]] = hlo.dot_general {{.*}} -> tensor<2x1xf32>
// CHECK: %[[R:.*]] = hlo.add %[[LOOP]]#1, %[[LAST]]
// CHECK: return %[[R]]
// A row of exp(x) is 12000 bytes, over the threshold by itself: the
// contracting dimension is split, and the partial products add up.
func.func @contracting_split(%x: tensor<2x3000xf32>, %v: tensor<3000x1xf32>) -> tensor<2x1xf32> {
  %k = hlo.exponential %x : tensor<2x3000xf32>
  %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0] : (tensor<2x3000xf32>, tensor<3000x1xf32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}

// CHECK-LABEL: func.func @nested_reduces
// CHECK: scf.for
// CHECK: hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}] sizes = [5, 4]
// CHECK: hlo.reduce maximum({{.*}}) dims = [2] : (tensor<5x50x4xf32>, tensor<f32>) -> tensor<5x50xf32>
// CHECK: %[[S:.*]] = hlo.reduce add({{.*}}) dims = [1] : (tensor<5x50xf32>, tensor<f32>) -> tensor<5xf32>
// CHECK: hlo.dynamic_update_slice %{{.*}}[%{{.*}}], %[[S]]
// CHECK-NOT: hlo.dynamic_slice
// A reduction nested in the path: max over the features of x_i * y_j, then
// summed over j.
func.func @nested_reduces(%x: tensor<40x4xf32>, %y: tensor<50x4xf32>) -> tensor<40xf32> {
  %xb = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<40x4xf32>) -> tensor<40x50x4xf32>
  %yb = hlo.broadcast_in_dim %y, dims = [1, 2] : (tensor<50x4xf32>) -> tensor<40x50x4xf32>
  %p = hlo.multiply %xb, %yb : tensor<40x50x4xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %m = hlo.reduce maximum(%p init %ninf) dims = [2] : (tensor<40x50x4xf32>, tensor<f32>) -> tensor<40x50xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%m init %zero) dims = [1] : (tensor<40x50xf32>, tensor<f32>) -> tensor<40xf32>
  return %s : tensor<40xf32>
}

// CHECK-LABEL: func.func @sum_with_init
// CHECK: %[[FIVE:.*]] = hlo.constant dense<5.000000e+00> : tensor<f32>
// CHECK: %[[INIT:.*]] = hlo.broadcast_in_dim %[[FIVE]], dims = [] : (tensor<f32>) -> tensor<4xf32>
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %[[ACC:.*]] = %[[INIT]])
// CHECK: %[[IDENTITY:.*]] = hlo.constant dense<0.000000e+00> : tensor<f32>
// CHECK: %[[PART:.*]] = hlo.reduce add(%{{.*}} init %[[IDENTITY]]) dims = [1] : (tensor<4x256xf32>, tensor<f32>) -> tensor<4xf32>
// CHECK: hlo.add %[[ACC]], %[[PART]] : tensor<4xf32>
// CHECK: hlo.reduce add(%{{.*}} init %{{.*}}) dims = [1] : (tensor<4x208xf32>, tensor<f32>) -> tensor<4xf32>
// An init value that is not the identity enters once: the partial sums
// start from 0.
func.func @sum_with_init(%x: tensor<4x2000xf32>) -> tensor<4xf32> {
  %t = hlo.tanh %x : tensor<4x2000xf32>
  %five = hlo.constant dense<5.0> : tensor<f32>
  %s = hlo.reduce add(%t init %five) dims = [1] : (tensor<4x2000xf32>, tensor<f32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// Concatenate, reverse and pad along the columns are computed on slices of
// rows.
// CHECK-LABEL: func.func @shape_ops_along_other_dims
// CHECK: scf.for %{{.*}} = %{{.*}} to %c2
// CHECK: %[[X:.*]] = hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}] sizes = [102, 4]
// CHECK: %[[E:.*]] = hlo.exponential %[[X]] : tensor<102x4xf32>
// CHECK: %[[C:.*]] = hlo.concatenate dim = 1, %[[E]], %[[X]] : (tensor<102x4xf32>, tensor<102x4xf32>) -> tensor<102x8xf32>
// CHECK: %[[R:.*]] = hlo.reverse %[[C]], dims = [1] : tensor<102x8xf32>
// CHECK: %[[P:.*]] = hlo.pad %[[R]], %{{.*}}, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<102x8xf32>, tensor<f32>) -> tensor<102x10xf32>
// CHECK: hlo.dot %[[P]], %arg1 : (tensor<102x10xf32>, tensor<10xf32>) -> tensor<102xf32>
func.func @shape_ops_along_other_dims(%x: tensor<300x4xf32>, %v: tensor<10xf32>) -> tensor<300xf32> {
  %e = hlo.exponential %x : tensor<300x4xf32>
  %c = hlo.concatenate dim = 1, %e, %x : (tensor<300x4xf32>, tensor<300x4xf32>) -> tensor<300x8xf32>
  %r = hlo.reverse %c, dims = [1] : tensor<300x8xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %p = hlo.pad %r, %zero, low = [0, 1], high = [0, 1], interior = [0, 0] : (tensor<300x8xf32>, tensor<f32>) -> tensor<300x10xf32>
  %d = hlo.dot %p, %v : (tensor<300x10xf32>, tensor<10xf32>) -> tensor<300xf32>
  return %d : tensor<300xf32>
}

// Attention: the softmax's row maximum and row sum are small, but computed
// from the big scores: they are computed per slice of rows, with the
// scores of those rows.
// CHECK-LABEL: func.func @attention
// CHECK: scf.for
// CHECK: %[[Q:.*]] = hlo.dynamic_slice %arg0[%{{.*}}, %{{.*}}] sizes = [20, 4]
// CHECK: %[[S:.*]] = hlo.dot_general %[[Q]], %arg1, contracting_dims = [1] x [1] : (tensor<20x4xf32>, tensor<50x4xf32>) -> tensor<20x50xf32>
// CHECK: %[[MAX:.*]] = hlo.reduce maximum(%[[S]] init %{{.*}}) dims = [1] : (tensor<20x50xf32>, tensor<f32>) -> tensor<20xf32>
// CHECK: %[[E:.*]] = hlo.exponential
// CHECK: %[[SUM:.*]] = hlo.reduce add(%[[E]] init %{{.*}}) dims = [1] : (tensor<20x50xf32>, tensor<f32>) -> tensor<20xf32>
// CHECK: %[[P:.*]] = hlo.divide %[[E]], %{{.*}} : tensor<20x50xf32>
// CHECK: %[[O:.*]] = hlo.dot_general %[[P]], %arg2, contracting_dims = [1] x [0] : (tensor<20x50xf32>, tensor<50x4xf32>) -> tensor<20x4xf32>
// CHECK: hlo.dynamic_update_slice %{{.*}}[%{{.*}}, %{{.*}}], %[[O]]
// CHECK-NOT: tensor<40x50xf32>
func.func @attention(%q: tensor<40x4xf32>, %k: tensor<50x4xf32>, %v: tensor<50x4xf32>) -> tensor<40x4xf32> {
  %s = hlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<40x4xf32>, tensor<50x4xf32>) -> tensor<40x50xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce maximum(%s init %ninf) dims = [1] : (tensor<40x50xf32>, tensor<f32>) -> tensor<40xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<40xf32>) -> tensor<40x50xf32>
  %shifted = hlo.subtract %s, %maxb : tensor<40x50xf32>
  %e = hlo.exponential %shifted : tensor<40x50xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<40x50xf32>, tensor<f32>) -> tensor<40xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<40xf32>) -> tensor<40x50xf32>
  %p = hlo.divide %e, %sumb : tensor<40x50xf32>
  %o = hlo.dot_general %p, %v, contracting_dims = [1] x [0] : (tensor<40x50xf32>, tensor<50x4xf32>) -> tensor<40x4xf32>
  return %o : tensor<40x4xf32>
}

// A small value computed from big arguments alone is not recomputed per
// slice of the rows that read it (each slice would read %b whole): it is
// split on its own, and the rows' slices read its result.
// CHECK-LABEL: func.func @small_product_leaf
// CHECK: %[[G:.*]]:2 = scf.for
// CHECK: hlo.dot_general {{.*}} -> tensor<20xf64>
// CHECK: scf.for
// CHECK: hlo.dynamic_slice %arg2[%{{.*}}, %{{.*}}] sizes = [5, 100]
// CHECK: hlo.dynamic_slice %[[G]]#1[%{{.*}}] sizes = [5]
// CHECK: hlo.reduce add({{.*}}) dims = [1] : (tensor<5x100xf64>, tensor<f64>) -> tensor<5xf64>
func.func @small_product_leaf(%a: tensor<20x600xf64>, %b: tensor<600xf64>, %x: tensor<20x100xf64>) -> tensor<20xf64> {
  %g = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<20x600xf64>, tensor<600xf64>) -> tensor<20xf64>
  %gb = hlo.broadcast_in_dim %g, dims = [0] : (tensor<20xf64>) -> tensor<20x100xf64>
  %e = hlo.exponential %x : tensor<20x100xf64>
  %y = hlo.multiply %e, %gb : tensor<20x100xf64>
  %zero = hlo.constant dense<0.0> : tensor<f64>
  %r = hlo.reduce add(%y init %zero) dims = [1] : (tensor<20x100xf64>, tensor<f64>) -> tensor<20xf64>
  return %r : tensor<20xf64>
}
