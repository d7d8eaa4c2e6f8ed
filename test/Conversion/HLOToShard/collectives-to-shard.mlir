// RUN: fuse-opt %s --split-input-file --convert-hlo-collectives-to-shard=devices=4 --verify-diagnostics | FileCheck %s
// RUN: not fuse-opt %s --convert-hlo-collectives-to-shard 2>&1 | FileCheck %s --check-prefix=NODEVICES
// An SPMD program on the 4 ranks of an MPI job: a sum over every device is
// one shard.all_reduce (sum, its default reduction, is not printed); other
// collectives gather every rank's bits (bitwise_or of rows) and read their
// group's rows through tables indexed by the rank. test/fuse-run/spmd-mpi.test
// runs such programs under mpirun against the interpreter.

// NODEVICES: error: convert-hlo-collectives-to-shard needs devices=N, the job's ranks (at least 1)

// CHECK: shard.grid @fuse_ranks(shape = 4)
// CHECK-LABEL: func.func @sum_over_every_device(
// CHECK-SAME: %[[X:.*]]: tensor<4xf32>
// CHECK: %[[SUM:.*]] = shard.all_reduce %[[X]] on @fuse_ranks grid_axes = [0] : tensor<4xf32> -> tensor<4xf32>
// CHECK: return %[[SUM]]
func.func @sum_over_every_device(%x: tensor<4xf32>) -> tensor<4xf32> {
  %s = hlo.all_reduce %x, groups = dense<> : tensor<0x0xi64> : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.add %a, %b : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %s : tensor<4xf32>
}

// -----

// An integer maximum is MPI's MAX on its bits; a float maximum keeps hlo's
// NaN rule by a gather and the op folded over the group.
// CHECK-LABEL: func.func @maxima(
// CHECK: shard.all_reduce %{{.*}} reduction = max : tensor<4xi32>
// CHECK: %[[BITS:.*]] = hlo.bitcast_convert %{{.*}} : (tensor<4xf32>) -> tensor<4xi32>
// CHECK: %[[ROW:.*]] = hlo.reshape %[[BITS]] : (tensor<4xi32>) -> tensor<1x4xi32>
// CHECK: %[[RANK:.*]] = shard.process_linear_index on @fuse_ranks : index
// CHECK: hlo.dynamic_update_slice %{{.*}}[%{{.*}}, %{{.*}}], %[[ROW]] : (tensor<4x4xi32>, tensor<1x4xi32>
// CHECK: %[[ALL:.*]] = shard.all_reduce %{{.*}} reduction = bitwise_or : tensor<4x4xi32>
// CHECK: hlo.bitcast_convert %[[ALL]] : (tensor<4x4xi32>) -> tensor<4x4xf32>
// CHECK-COUNT-3: hlo.maximum %{{.*}} : tensor<4xf32>
func.func @maxima(%i: tensor<4xi32>, %x: tensor<4xf32>) -> (tensor<4xi32>, tensor<4xf32>) {
  %mi = hlo.all_reduce %i, groups = dense<> : tensor<0x0xi64> : tensor<4xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %t = hlo.maximum %a, %b : tensor<i32>
    hlo.return %t : tensor<i32>
  }
  %mx = hlo.all_reduce %x, groups = dense<> : tensor<0x0xi64> : tensor<4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.maximum %a, %b : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %mi, %mx : tensor<4xi32>, tensor<4xf32>
}

// -----

// Groups {0, 1} and {2, 3}: each rank reads its group's first and second
// member from a table.
// CHECK-LABEL: func.func @pairs(
// CHECK: %[[FIRST:.*]] = hlo.constant dense<[0, 0, 2, 2]> : tensor<4xi64>
// CHECK: hlo.dynamic_slice %[[FIRST]][%{{.*}}] sizes = [1]
// CHECK: %[[SECOND:.*]] = hlo.constant dense<[1, 1, 3, 3]> : tensor<4xi64>
// CHECK: hlo.dynamic_slice %[[SECOND]][%{{.*}}] sizes = [1]
// CHECK: hlo.add %{{.*}} : tensor<2xf32>
func.func @pairs(%x: tensor<2xf32>) -> tensor<2xf32> {
  %s = hlo.all_reduce %x, groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64> : tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.add %a, %b : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %s : tensor<2xf32>
}

// -----

// The device id is the rank; a permutation's source comes from a table,
// and a device without one gets zeros.
// CHECK-LABEL: func.func @permute(
// CHECK: %[[RANK:.*]] = shard.process_linear_index on @fuse_ranks : index
// CHECK: %[[WIDE:.*]] = arith.index_cast %[[RANK]] : index to i64
// CHECK: %[[ID:.*]] = tensor.from_elements %[[WIDE]] : tensor<i64>
// CHECK: hlo.convert %[[ID]] : (tensor<i64>) -> tensor<ui32>
// CHECK: hlo.constant dense<[0, 0, 1, 2]> : tensor<4xi64>
// CHECK: hlo.constant dense<[0, 1, 1, 1]> : tensor<4xi64>
// CHECK: hlo.select
func.func @permute(%x: tensor<2xf32>) -> (tensor<ui32>, tensor<2xf32>) {
  %id = hlo.device_id : tensor<ui32>
  %p = hlo.collective_permute %x, pairs = dense<[[0, 1], [1, 2], [2, 3]]> : tensor<3x2xi64> : tensor<2xf32>
  return %id, %p : tensor<ui32>, tensor<2xf32>
}

// -----

func.func @outside_the_job(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{the groups name device 5, but the job has 4 ranks}}
  %g = hlo.all_gather %x, dim = 0, groups = dense<[[0, 5]]> : tensor<1x2xi64> : (tensor<2xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

// Groups of every device have their size only in a job: 4 ranks gather 8
// elements, not 4.
func.func @every_device_wrong_size(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 0 is 4 on the result and 2 on the operand, but the groups hold 4 devices of this job}}
  %g = hlo.all_gather %x, dim = 0, groups = dense<> : tensor<0x0xi64> : (tensor<2xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

func.func @every_device_scatter_wrong_size(%x: tensor<8xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{dimension 0 is 8 on the operand and 4 on the result, but the groups hold 4 devices of this job}}
  %s = "hlo.reduce_scatter"(%x) ({
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }) {dimension = 0 : i64, groups = dense<> : tensor<0x0xi64>} : (tensor<8xf32>) -> tensor<4xf32>
  return %s : tensor<4xf32>
}

// -----

func.func @device_left_out(%x: tensor<2xf32>) -> tensor<4xf32> {
  // expected-error @+1 {{device 2 of 4 is in none of the groups; every rank runs the collective}}
  %g = hlo.all_gather %x, dim = 0, groups = dense<[[0, 1]]> : tensor<1x2xi64> : (tensor<2xf32>) -> tensor<4xf32>
  return %g : tensor<4xf32>
}

// -----

func.func @ragged(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{the compiled code runs collectives over groups of one size only}}
  %s = hlo.all_reduce %x, groups = dense<[[0, -1], [1, 2], [3, -1]]> : tensor<3x2xi64> : tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %t = hlo.add %a, %b : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %s : tensor<2xf32>
}

// -----

func.func @not_elementwise(%x: tensor<2xf32>) -> tensor<2xf32> {
  // expected-error @+1 {{the compiled code combines with elementwise computations only, not with hlo.broadcast_in_dim}}
  %s = hlo.all_reduce %x, groups = dense<[[0, 1], [2, 3]]> : tensor<2x2xi64> : tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %v = hlo.broadcast_in_dim %a, dims = [] : (tensor<f32>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %t = hlo.reduce add(%v init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %s : tensor<2xf32>
}
