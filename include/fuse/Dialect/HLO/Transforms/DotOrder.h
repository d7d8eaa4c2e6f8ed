//===- DotOrder.h - reordering chains of matrix products --------*- C++ -*-===//
//
// The pieces behind --dot-order, for compilers that want to reorder matrix
// products with their own policy:
//  - collectMatrixChain: the maximal chain of products a product ends;
//    collectReorderableChain: the legality check over it (which products
//    and transposes can be reassociated);
//  - MatrixChainSolver (MatrixChain.h): the cheapest order under a cost
//    model; shouldReorder: the policy that compares it with the current
//    one;
//  - buildMatrixChain: the products of a chain in a given order;
//  - populateDotOrderPatterns: the rewrite, which reorders a chain when the
//    cost model finds a cheaper order.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_DOTORDER_H
#define FUSE_DIALECT_HLO_TRANSFORMS_DOTORDER_H

#include "fuse/Dialect/HLO/Transforms/MatrixChain.h"
#include "fuse/Support/Decision.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"

#include <optional>
#include <string>

namespace fuse::hlo {

using fuse::Decision;

/// One matrix of a chain: `value`, or its transpose, over the chain's batch
/// dimensions. A vector is a column (n x 1) unless transposed. A factor with
/// no value is a vector of `onesLength` ones, made when the chain is built:
/// the form a reduce-add over a matrix dimension takes in a chain.
struct ChainFactor {
  mlir::Value value;
  bool transposed = false;
  int64_t onesLength = 0;
};

/// A product M1 M2 ... Mn that one op computes through nested products and
/// transposes, each used only inside the chain. The op may also be a
/// reduce-add from 0 over one matrix dimension of such a product: a product
/// with a vector of ones.
struct MatrixChain {
  /// The op whose result is the product of the chain.
  mlir::Operation *root = nullptr;
  llvm::SmallVector<ChainFactor> factors;
  /// Mi is dims[i - 1] x dims[i] in every batch.
  llvm::SmallVector<int64_t> dims;
  /// The leading dimensions every product of the chain batches over.
  llvm::SmallVector<int64_t> batchShape;
  mlir::Type elementType;
  /// The products and transposes the chain replaces, root included.
  llvm::SmallVector<mlir::Operation *> ops;
  /// The cost of the products as the IR orders them.
  ChainCost currentCost;

  int64_t getBatchSize() const;
  int64_t getElementBytes() const;
};

/// True if `op` is a matrix product a chain can hold: `dot`, or a
/// `dot_general` with one contracting dimension, leading batching dimensions
/// and operands of one or two dimensions besides them.
bool isChainProduct(mlir::Operation *op);

/// True if `op` is a reduce-add from 0 over one of the last two dimensions
/// of a matrix product (through transposes), which a chain can hold as a
/// product with a vector of ones.
bool isChainReduction(mlir::Operation *op);

/// True if `op` is a chain product or reduction whose result no other chain
/// product or reduction absorbs (it has other users, or none that is one).
bool isChainRoot(mlir::Operation *op);

/// The maximal chain whose product `root` (a product or a chain reduction)
/// computes: operands that are products or transposes (of the last two
/// dimensions) with no other users are expanded; shared intermediates stay
/// factors of their own.
std::optional<MatrixChain> collectMatrixChain(mlir::Operation *root);

/// Legality: fills `chain` with the chain `root` ends when `root` is a
/// chain root whose chain has two products or more; otherwise says why not.
Decision collectReorderableChain(mlir::Operation *root, MatrixChain &chain);

/// Policy: reorder when the best order's cost is lower than the current
/// one's under `costModel` (ties keep the program as written).
Decision shouldReorder(const MatrixChain &chain, const ChainCost &bestCost,
                       ChainCostModel costModel);

/// Builds the products of `chain` in `order` at the builder's insertion
/// point (which `chain.root`'s operands must dominate) and returns the value
/// that replaces the root's result.
mlir::Value buildMatrixChain(mlir::OpBuilder &builder, mlir::Location loc,
                             const MatrixChain &chain, const ChainOrder &order);

struct DotOrderOptions {
  ChainCostModel costModel = ChainCostModel::MultiplyAdds;
  /// Print each chain with its current and best order and cost to stderr.
  bool debug = false;
};

/// Reorders the chain `root` ends when both collectReorderableChain and
/// shouldReorder allow it, and erases the old products; otherwise fails
/// with their reason.
mlir::LogicalResult reorderMatrixChain(mlir::RewriterBase &rewriter,
                                       mlir::Operation *root,
                                       const DotOrderOptions &options);

/// Reorders every maximal chain of matrix products whose cheapest order
/// under `options.costModel` is cheaper than the current one.
void populateDotOrderPatterns(mlir::RewritePatternSet &patterns,
                              const DotOrderOptions &options);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_DOTORDER_H
