//===- RankCollectives.h - hlo values exchanged over MPI ranks --*- C++ -*-===//
//
// The building blocks of programs that run on the ranks of an MPI job,
// shared by --distribute-splits and convert-hlo-collectives-to-shard. Collectives are
// `shard` ops on the one-axis grid @fuse_ranks, which convert-shard-to-mpi
// lowers to MPI. MLIR 22's shard dialect has no all_gather lowering and its
// mpi dialect no user-defined reductions, so gathers are all_reduces of bit
// patterns with bitwise_or: each rank's value in a row of its own, zeros in
// the others (exact for every element type).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_RANKCOLLECTIVES_H
#define FUSE_DIALECT_HLO_TRANSFORMS_RANKCOLLECTIVES_H

#include "mlir/Dialect/Shard/IR/ShardOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/BuiltinOps.h"

namespace fuse::hlo {

/// The name of the grid of ranks that distributed programs refer to.
inline constexpr llvm::StringLiteral kRanksGridName = "fuse_ranks";

/// The grid @fuse_ranks of `module`, or null.
mlir::shard::GridOp lookupRanksGrid(mlir::ModuleOp module);
/// Makes the grid @fuse_ranks of `ranks` ranks at the start of `module`.
mlir::FlatSymbolRefAttr createRanksGrid(mlir::ModuleOp module, int64_t ranks);

/// Builds hlo and shard ops at one insertion point of a program on `ranks`
/// ranks of `grid`.
class RankCollectives {
public:
  RankCollectives(mlir::OpBuilder &b, mlir::Location loc,
                  mlir::FlatSymbolRefAttr grid, int64_t ranks)
      : b(b), loc(loc), grid(grid), ranks(ranks) {}

  /// This process's rank, an index (made at the first call, then reused).
  mlir::Value rank();
  /// An index as a rank-0 i64 tensor, as hlo reads offsets.
  mlir::Value fromIndex(mlir::Value index);
  /// A rank-0 i64 tensor.
  mlir::Value i64(int64_t value);
  mlir::Value zerosLike(mlir::RankedTensorType type);
  /// The bits of `value` as signless integers (i1, i2 and i4 as i8), which
  /// MPI moves and or-combines exactly.
  mlir::Value toBits(mlir::Value value);
  mlir::Value fromBits(mlir::Value bits, mlir::RankedTensorType type);
  /// MPI_Allreduce of `value` over every rank.
  mlir::Value allReduce(mlir::Value value, mlir::shard::ReductionKind kind);
  /// Every rank's `value` stacked along a new leading dimension, in rank
  /// order.
  mlir::Value gather(mlir::Value value);

private:
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::FlatSymbolRefAttr grid;
  int64_t ranks;
  mlir::Value rankIndex;
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_RANKCOLLECTIVES_H
