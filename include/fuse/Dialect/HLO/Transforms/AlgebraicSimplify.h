//===- AlgebraicSimplify.h - algebraic rewrites of hlo ----------*- C++ -*-===//
//
// The rewrites behind --algebraic-simplify, each a pattern set of its own so
// that other compilers can pick them:
//  - broadcast simplification: elementwise work on broadcasts done before
//    broadcasting, chains of broadcasts merged, reductions that undo a
//    broadcast removed where that is exact;
//  - squared distances: sum_k (a_ik - b_jk)^2, written as a subtraction of
//    two broadcasts, becomes |a_i|^2 + |b_j|^2 - 2 a_i . b_j, one matrix
//    product and two row norms;
//  - gathered products: gathers of rows move after products, scatter-adds
//    of rows before them, when there are more indices than rows.
// The match functions give the reason for a near miss, which
// --algebraic-simplify=explain reports as a remark.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_ALGEBRAICSIMPLIFY_H
#define FUSE_DIALECT_HLO_TRANSFORMS_ALGEBRAICSIMPLIFY_H

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace fuse::hlo {

/// Moves elementwise ops whose operands are all broadcasts of one shape
/// (or splat constants) before the broadcast, merges broadcasts of
/// broadcasts, and folds max/min/and/or reductions over broadcast
/// dimensions, which see one value repeated.
void populateBroadcastSimplificationPatterns(mlir::RewritePatternSet &patterns);

/// Can `reduce`, over dimensions a broadcast added, give the broadcast's
/// operand? Only for max, min, and and or, where it is exact. On failure,
/// `reason` says why when `reduce` does read a broadcast.
mlir::LogicalResult canFoldReduceOfBroadcast(ReduceOp reduce,
                                             std::string &reason);

/// A squared-distance computation
/// `D[., .] = sum_k (lhs[., k] - rhs[., k])^2` in its naive form: the
/// the rows of D come from `lhs`, its columns from `rhs`, and each has its
/// feature dimension.
struct SquaredDistance {
  mlir::Value lhs, rhs;
  int64_t lhsFeatureDim, rhsFeatureDim;
};

/// Recognises `reduce` as a naive squared distance: a reduce-add from 0
/// over one dimension of `(x - y)^2` (a multiply by itself or a power of 2),
/// with x and y broadcasts of two matrices that share that dimension.
/// Returns nullopt, and when the shape matched but the rewrite is not
/// possible the reason in `reason`, otherwise.
std::optional<SquaredDistance> matchSquaredDistance(ReduceOp reduce,
                                                    std::string &reason);

/// Rewrites naive squared distances into a matrix product and row norms.
/// Not exact: |a|^2 + |b|^2 - 2 a . b cancels where the distance is small
/// next to the norms; results are clamped at 0.
void populateSquaredDistancePatterns(mlir::RewritePatternSet &patterns);

/// Moves gathers of rows after the products that read them, and
/// scatter-adds of rows before the products that make them, where there
/// are more indices than rows (a graph network's edges and nodes): products
/// over N rows instead of E. Splits the concatenations and slices between.
/// Not exact: sums over the selected rows run in another order.
void populateGatheredProductPatterns(mlir::RewritePatternSet &patterns);

/// Why a product of a gather of whole rows is not rewritten by those
/// patterns (fewer indices than rows, or gathered rows contracted with the
/// other operand's columns); empty when it is no such near miss.
std::string explainGatheredProduct(DotGeneralOp op);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_ALGEBRAICSIMPLIFY_H
