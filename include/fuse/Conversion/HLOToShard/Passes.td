//===- Passes.td - hlo collectives to shard ----------------*- tablegen -*-===//

#ifndef FUSE_CONVERSION_HLOTOSHARD_PASSES_TD
#define FUSE_CONVERSION_HLOTOSHARD_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertHLOCollectivesToShardPass
    : Pass<"convert-hlo-collectives-to-shard", "::mlir::ModuleOp"> {
  let summary = "Run an SPMD program's hlo collectives over the ranks of an "
                "MPI job";
  let description = [{
    Each rank of a job of `devices` ranks is one device of an SPMD program
    ([HLO.md](../HLO.md#collectives)). This pass rewrites the hlo
    collectives into hlo ops around `shard.all_reduce` on the grid
    @fuse_ranks, which `convert-shard-to-mpi` lowers to `MPI_Allreduce`:

    - `device_id` is the rank;
    - an `all_reduce` over every device by add or multiply (f32, f64 and
      32/64-bit integers), by maximum or minimum (signed integers), or by
      and / or (integers, i1) is one MPI_Allreduce, in MPI's order;
    - every other collective gathers the ranks' operands (a bitwise_or
      all_reduce of each rank's bits in a row of its own), then each rank
      computes its result from its group's rows, with tables of its group's
      devices indexed by the rank: `all_reduce` and `reduce_scatter` fold
      the computation over the group in its order (float maximum and
      minimum keep hlo's NaN rule this way), `all_gather` and `all_to_all`
      concatenate blocks, `collective_permute` takes its source's row.

    A gather moves every rank's operand to every rank: correct for any
    groups, and N times the bytes of a point-to-point exchange.

    A group naming a device outside [0, devices), a device in no group,
    groups of different sizes and computations with other than elementwise
    ops are errors at the op.

    ```mlir
    %s = hlo.all_reduce %x, groups = dense<> : tensor<0x0xi64> : tensor<4xf32> {...add...}
    // becomes, with devices=2
    shard.grid @fuse_ranks(shape = 2)
    %s = shard.all_reduce %x on @fuse_ranks grid_axes = [0] reduction = sum
        : tensor<4xf32> -> tensor<4xf32>
    ```
  }];
  let options = [
    Option<"devices", "devices", "int64_t", /*default=*/"0",
           "The ranks of the job, each one device of the program (at least "
           "1)">,
  ];
  let dependentDialects = [
    "::fuse::hlo::HLODialect",
    "::mlir::arith::ArithDialect",
    "::mlir::shard::ShardDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

#endif // FUSE_CONVERSION_HLOTOSHARD_PASSES_TD
