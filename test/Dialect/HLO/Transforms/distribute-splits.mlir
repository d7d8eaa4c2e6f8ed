// Slice loops of --split-tensors dealt out to ranks. The IR, for blocked and
// cyclic shares; then the numbers: the distributed program on the
// interpreter (one thread per rank) against the unsplit program compiled,
// for 2 and 3 ranks and slice counts that do not divide among them.
// distribute-splits-mpi.mlir runs the same programs under mpirun.
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=3" --cse | FileCheck %s
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=2 strategy=cyclic" --cse | FileCheck %s --check-prefix=CYCLIC
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=3 explain" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// RUN: rm -rf %t && fuse-run %s --all-entries --random-inputs=1 --outputs=%t
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=3" | fuse-run - --all-entries --random-inputs=1 --interpret --expected=%t | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=4KiB" --distribute-splits="ranks=2 strategy=cyclic" | fuse-run - --all-entries --random-inputs=1 --interpret --expected=%t | FileCheck %s --check-prefix=EXEC
// Nested splits (rows, then halves of rows): the outer loop is distributed.
// RUN: fuse-opt %s --split-tensors="tensor-size-threshold=128B" --distribute-splits="ranks=3" 2>/dev/null | fuse-run - --all-entries --random-inputs=1 --interpret --expected=%t | FileCheck %s --check-prefix=NESTED
// EXPLAIN: remark: distributed 25 slices over 3 ranks (blocked): at most 9 per rank; carried value 1: blocks gathered
// EXPLAIN: remark: distributed 14 slices over 3 ranks (blocked): at most 5 per rank; carried value 1: blocks gathered
// EXPLAIN: remark: distributed 5 slices over 3 ranks (blocked): at most 2 per rank; carried value 1: summed
// EXPLAIN: remark: distributed 16 slices over 3 ranks (blocked): at most 6 per rank; carried value 1-2: gathered and reduced pairwise
// EXPLAIN: remark: distributed 10 slices over 3 ranks (blocked): at most 4 per rank; carried value 1: gathered and folded
// EXPLAIN: remark: distributed 14 slices over 3 ranks (blocked): at most 5 per rank; carried value 1: gathered and folded
// EXPLAIN: remark: distributed 5 slices over 3 ranks (blocked): at most 2 per rank; carried value 1: summed
// EXPLAIN: remark: distributed 4 slices over 3 ranks (blocked): at most 2 per rank; carried value 1: summed
// EXPLAIN: remark: distributed {{[0-9]+}} slices over 3 ranks (blocked): at most {{[0-9]+}} per rank; carried value 1: blocks gathered

// EXEC: @kernel_rows result 0: ok
// EXEC: @column_sums result 0: ok
// EXEC: @contracting result 0: ok
// EXEC: @nearest_index result 0: ok
// EXEC: @nearest_index result 1: ok
// EXEC: @row_max_with_init result 0: ok
// EXEC: @all_positive result 0: ok
// EXEC: @int_sum result 0: ok
// EXEC: @matrix_sum result 0: ok
// EXEC: @attention result 0: ok
// NESTED: @matrix_sum result 0: ok
// NESTED: @attention result 0: ok

// CHECK: shard.grid @fuse_ranks(shape = 3)

// A parallel split: 25 slices of 4 rows (and a last one of 2). Rank r runs
// [25 r / 3, 25 (r + 1) / 3) from offset 4 times its first; the ranks' rows
// are or-ed together as bits, and the rows after the loop's stay.
// CHECK-LABEL: func.func @kernel_rows
// CHECK: %[[RANK:.*]] = shard.process_linear_index on @fuse_ranks : index
// CHECK-DAG: %[[N:.*]] = arith.constant 25 : index
// CHECK-DAG: %[[R:.*]] = arith.constant 3 : index
// CHECK-DAG: %[[ONE:.*]] = arith.constant 1 : index
// CHECK: %[[LO_N:.*]] = arith.muli %[[RANK]], %[[N]] : index
// CHECK: %[[LO:.*]] = arith.divui %[[LO_N]], %[[R]] : index
// CHECK: %[[NEXT:.*]] = arith.addi %[[RANK]], %[[ONE]] : index
// CHECK: %[[HI_N:.*]] = arith.muli %[[NEXT]], %[[N]] : index
// CHECK: %[[HI:.*]] = arith.divui %[[HI_N]], %[[R]] : index
// CHECK: %[[FIRST:.*]] = arith.muli %[[LO]], %{{.*}} : index
// CHECK: %[[OFFSET:.*]] = tensor.from_elements %{{.*}} : tensor<i64>
// CHECK: %[[LOOP:.*]]:2 = scf.for %{{.*}} = %[[LO]] to %[[HI]] step %[[ONE]] iter_args(%{{.*}} = %[[OFFSET]], %{{.*}} = %{{.*}})
// CHECK: hlo.dynamic_update_slice
// CHECK: scf.yield
// CHECK: %[[END:.*]] = hlo.constant dense<100> : tensor<i64>
// CHECK: %[[ROWS:.*]] = hlo.iota dim = 0 : tensor<102x1xi64>
// CHECK: %[[BITS:.*]] = hlo.bitcast_convert %[[LOOP]]#1 : (tensor<102x1xf32>) -> tensor<102x1xi32>
// CHECK: %[[MINE:.*]] = hlo.select %{{.*}}, %[[BITS]], %{{.*}} : tensor<102x1xi1>, tensor<102x1xi32>
// CHECK: %[[ALL:.*]] = shard.all_reduce %[[MINE]] on @fuse_ranks grid_axes = [0] reduction = bitwise_or : tensor<102x1xi32> -> tensor<102x1xi32>
// CHECK: %[[BLOCKS:.*]] = hlo.bitcast_convert %[[ALL]] : (tensor<102x1xi32>) -> tensor<102x1xf32>
// CHECK: %[[JOINED:.*]] = hlo.select %{{.*}}, %[[BLOCKS]], %[[LOOP]]#1
// CHECK: hlo.dynamic_slice %arg0[%[[END]], %{{.*}}] sizes = [2, 4]
// CHECK: hlo.dynamic_update_slice %[[JOINED]][%[[END]], %{{.*}}]

// A parallel split along the second dimension.
// CHECK-LABEL: func.func @column_sums
// CHECK: scf.for
// CHECK: hlo.iota dim = 1 : tensor<3x300xi64>
// CHECK: shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<3x300xi32>

// Partial products from zeros on every rank: summed, then the loop's
// initial value and the last slice.
// CHECK-LABEL: func.func @contracting
// CHECK: %[[ZEROS:.*]] = hlo.constant dense<0.000000e+00> : tensor<2x1xf32>
// CHECK: %[[LOOP:.*]]:2 = scf.for {{.*}} iter_args(%{{.*}} = %{{.*}}, %{{.*}} = %[[ZEROS]])
// CHECK: %[[SUM:.*]] = shard.all_reduce %[[LOOP]]#1 on @fuse_ranks grid_axes = [0] : tensor<2x1xf32> -> tensor<2x1xf32>
// CHECK: hlo.add %{{.*}}, %[[SUM]] : tensor<2x1xf32>

// An argmin: each rank's (distance, index) pairs gathered into rows of a
// 3 x 50 tensor, then reduced with the loop's pairwise body after the
// initial pair.
// CHECK-LABEL: func.func @nearest_index
// CHECK: %[[LOOP:.*]]:3 = scf.for
// CHECK: %[[RANK64:.*]] = tensor.from_elements %{{.*}} : tensor<i64>
// CHECK: %[[PLACED:.*]] = hlo.dynamic_update_slice %{{.*}}[%[[RANK64]], %{{.*}}], %{{.*}} : (tensor<3x50xi32>, tensor<1x50xi32>, tensor<i64>, tensor<i64>) -> tensor<3x50xi32>
// CHECK: shard.all_reduce %[[PLACED]] on @fuse_ranks grid_axes = [0] reduction = bitwise_or
// CHECK: %[[VALUES:.*]] = hlo.concatenate dim = 0, %{{.*}}, %{{.*}} : (tensor<1x50xf32>, tensor<3x50xf32>) -> tensor<4x50xf32>
// CHECK: %[[INDICES:.*]] = hlo.concatenate dim = 0, %{{.*}}, %{{.*}} : (tensor<1x50xi32>, tensor<3x50xi32>) -> tensor<4x50xi32>
// CHECK: hlo.reduce(%[[VALUES]] init %{{.*}}), (%[[INDICES]] init %{{.*}}) dims = [0]
// CHECK: hlo.compare LT

// A maximum starts from -inf on every rank and is folded after the init
// (0.25) with hlo.maximum: MPI's MAX would not keep NaNs.
// CHECK-LABEL: func.func @row_max_with_init
// CHECK: hlo.constant dense<0xFF800000> : tensor<4xf32>
// CHECK: shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<3x4xi32>
// CHECK: hlo.reduce maximum(%{{.*}} init %{{.*}}) dims = [0] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>

// Booleans travel as bytes.
// CHECK-LABEL: func.func @all_positive
// CHECK: hlo.convert %{{.*}} : (tensor<3xi1>) -> tensor<3xi8>
// CHECK: shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<3x3xi8>
// CHECK: hlo.compare NE
// CHECK: hlo.reduce and

// Integer sums go through MPI's sum; the init value (5) enters once.
// CHECK-LABEL: func.func @int_sum
// CHECK: %[[LOOP:.*]]:2 = scf.for
// CHECK: %[[SUM:.*]] = shard.all_reduce %[[LOOP]]#1 on @fuse_ranks grid_axes = [0] : tensor<2xi32> -> tensor<2xi32>
// CHECK: hlo.add %{{.*}}, %[[SUM]] : tensor<2xi32>

// Cyclic: rank r starts at iteration r and steps by 2; the offset moves by
// two slices.
// CYCLIC-LABEL: func.func @kernel_rows
// CYCLIC: %[[RANK:.*]] = shard.process_linear_index on @fuse_ranks : index
// CYCLIC-DAG: %[[N:.*]] = arith.constant 25 : index
// CYCLIC-DAG: %[[R:.*]] = arith.constant 2 : index
// CYCLIC: scf.for %{{.*}} = %[[RANK]] to %[[N]] step %[[R]]
// CYCLIC: %[[STRIDE:.*]] = hlo.constant dense<8> : tensor<i64>
// CYCLIC: hlo.add %{{.*}}, %[[STRIDE]] : tensor<i64>
// CYCLIC: hlo.remainder %{{.*}}, %{{.*}} : tensor<102x1xi64>
// CYCLIC: shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<102x1xi32>

func.func @kernel_rows(%x: tensor<102x4xf32>, %y: tensor<64x4xf32>, %v: tensor<64x1xf32>) -> tensor<102x1xf32> {
  %xb = hlo.broadcast_in_dim %x, dims = [0, 2] : (tensor<102x4xf32>) -> tensor<102x64x4xf32>
  %yb = hlo.broadcast_in_dim %y, dims = [1, 2] : (tensor<64x4xf32>) -> tensor<102x64x4xf32>
  %d = hlo.subtract %xb, %yb : tensor<102x64x4xf32>
  %sq = hlo.multiply %d, %d : tensor<102x64x4xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %d2 = hlo.reduce add(%sq init %zero) dims = [2] : (tensor<102x64x4xf32>, tensor<f32>) -> tensor<102x64xf32>
  %half = hlo.constant dense<-0.5> : tensor<102x64xf32>
  %s = hlo.multiply %d2, %half : tensor<102x64xf32>
  %k = hlo.exponential %s : tensor<102x64xf32>
  %r = hlo.dot_general %k, %v, contracting_dims = [1] x [0] : (tensor<102x64xf32>, tensor<64x1xf32>) -> tensor<102x1xf32>
  return %r : tensor<102x1xf32>
}
func.func @column_sums(%x: tensor<3x16x300xf32>) -> tensor<3x300xf32> {
  %t = hlo.tanh %x : tensor<3x16x300xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%t init %zero) dims = [1] : (tensor<3x16x300xf32>, tensor<f32>) -> tensor<3x300xf32>
  return %s : tensor<3x300xf32>
}
func.func @contracting(%x: tensor<2x3000xf32>, %v: tensor<3000x1xf32>) -> tensor<2x1xf32> {
  %e = hlo.exponential %x : tensor<2x3000xf32>
  %r = hlo.dot_general %e, %v, contracting_dims = [1] x [0] : (tensor<2x3000xf32>, tensor<3000x1xf32>) -> tensor<2x1xf32>
  return %r : tensor<2x1xf32>
}
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
    %better = hlo.compare LT, %e, %acc : tensor<f32>
    %same = hlo.compare EQ, %e, %acc : tensor<f32>
    %first = hlo.compare LT, %ei, %acci : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %better, %tie : tensor<i1>
    %v = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
    %i = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
    hlo.return %v, %i : tensor<f32>, tensor<i32>
  }
  return %m#0, %m#1 : tensor<50xf32>, tensor<50xi32>
}
func.func @row_max_with_init(%x: tensor<4x2600xf32>) -> tensor<4xf32> {
  %init = hlo.constant dense<0.25> : tensor<f32>
  %t = hlo.sine %x : tensor<4x2600xf32>
  %m = hlo.reduce maximum(%t init %init) dims = [1] : (tensor<4x2600xf32>, tensor<f32>) -> tensor<4xf32>
  return %m : tensor<4xf32>
}
func.func @all_positive(%x: tensor<3x5000xf32>) -> tensor<3xi1> {
  %zero = hlo.constant dense<0.0> : tensor<3x5000xf32>
  %p = hlo.compare GT, %x, %zero : tensor<3x5000xf32>
  %t = hlo.constant dense<true> : tensor<i1>
  %a = hlo.reduce and(%p init %t) dims = [1] : (tensor<3x5000xi1>, tensor<i1>) -> tensor<3xi1>
  return %a : tensor<3xi1>
}
func.func @int_sum(%x: tensor<2x3000xi32>) -> tensor<2xi32> {
  %five = hlo.constant dense<5> : tensor<i32>
  %s = hlo.reduce add(%x init %five) dims = [1] : (tensor<2x3000xi32>, tensor<i32>) -> tensor<2xi32>
  return %s : tensor<2xi32>
}
func.func @matrix_sum(%x: tensor<64x64xf32>) -> tensor<f32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %zero) dims = [0, 1] : (tensor<64x64xf32>, tensor<f32>) -> tensor<f32>
  return %s : tensor<f32>
}
// Attention, split by rows of q with its softmax's row maximum and row sum:
// each rank computes whole rows of the result.
func.func @attention(%q: tensor<100x4xf32>, %k: tensor<50x4xf32>, %v: tensor<50x4xf32>) -> tensor<100x4xf32> {
  %s = hlo.dot_general %q, %k, contracting_dims = [1] x [1] : (tensor<100x4xf32>, tensor<50x4xf32>) -> tensor<100x50xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %max = hlo.reduce maximum(%s init %ninf) dims = [1] : (tensor<100x50xf32>, tensor<f32>) -> tensor<100xf32>
  %maxb = hlo.broadcast_in_dim %max, dims = [0] : (tensor<100xf32>) -> tensor<100x50xf32>
  %shifted = hlo.subtract %s, %maxb : tensor<100x50xf32>
  %e = hlo.exponential %shifted : tensor<100x50xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce add(%e init %zero) dims = [1] : (tensor<100x50xf32>, tensor<f32>) -> tensor<100xf32>
  %sumb = hlo.broadcast_in_dim %sum, dims = [0] : (tensor<100xf32>) -> tensor<100x50xf32>
  %p = hlo.divide %e, %sumb : tensor<100x50xf32>
  %o = hlo.dot_general %p, %v, contracting_dims = [1] x [0] : (tensor<100x50xf32>, tensor<50x4xf32>) -> tensor<100x4xf32>
  return %o : tensor<100x4xf32>
}
