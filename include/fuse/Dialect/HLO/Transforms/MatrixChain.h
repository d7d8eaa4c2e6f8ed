//===- MatrixChain.h - optimal order of a matrix chain ----------*- C++ -*-===//
//
// The classic matrix-chain problem: for M1 M2 ... Mn with Mi of shape
// dims[i-1] x dims[i], choose where to put the parentheses so that the
// product costs least. Independent of MLIR so that it can be tested and
// reused on its own.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_MATRIXCHAIN_H
#define FUSE_DIALECT_HLO_TRANSFORMS_MATRIXCHAIN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdint>
#include <string>

namespace fuse::hlo {

/// The cost of evaluating a chain in some order.
struct ChainCost {
  /// Multiply-adds of all the products.
  int64_t multiplyAdds = 0;
  /// Bytes of the intermediate products (the final result is the same for
  /// every order and not counted).
  int64_t intermediateBytes = 0;

  ChainCost operator+(const ChainCost &other) const {
    return {multiplyAdds + other.multiplyAdds,
            intermediateBytes + other.intermediateBytes};
  }
  bool operator==(const ChainCost &other) const {
    return multiplyAdds == other.multiplyAdds &&
           intermediateBytes == other.intermediateBytes;
  }
};

/// What the solver minimises; the other measure breaks ties.
enum class ChainCostModel {
  /// Fewest multiply-adds, then fewest bytes of intermediates.
  MultiplyAdds,
  /// Fewest bytes of intermediates, then fewest multiply-adds.
  IntermediateBytes,
};

/// True if `a` is cheaper than `b` under `model`.
bool isCheaper(const ChainCost &a, const ChainCost &b, ChainCostModel model);

/// A parenthesisation of a chain of `n` matrices: for every subchain [i, j]
/// (0-based, inclusive) of more than one matrix, the last factor of its left
/// part.
class ChainOrder {
public:
  explicit ChainOrder(unsigned numMatrices)
      : n(numMatrices), splits(numMatrices * numMatrices, 0) {}

  unsigned size() const { return n; }
  unsigned getSplit(unsigned i, unsigned j) const { return splits[i * n + j]; }
  void setSplit(unsigned i, unsigned j, unsigned k) { splits[i * n + j] = k; }

  /// The order as parentheses over names A1 .. An, e.g. "((A1(A2A3))A4)".
  std::string toString() const;
  void print(llvm::raw_ostream &os, unsigned i, unsigned j) const;

private:
  unsigned n;
  llvm::SmallVector<unsigned> splits;
};

/// The cost of the chain `dims` (n + 1 dimensions for n matrices) in the
/// given order, each product repeated `batch` times, with elements of
/// `elementBytes` bytes.
ChainCost getChainCost(llvm::ArrayRef<int64_t> dims, const ChainOrder &order,
                       int64_t batch = 1, int64_t elementBytes = 4);

/// Finds the cheapest order by dynamic programming over subchains, in
/// O(n^3) time and O(n^2) space.
class MatrixChainSolver {
public:
  MatrixChainSolver(llvm::ArrayRef<int64_t> dims,
                    ChainCostModel model = ChainCostModel::MultiplyAdds,
                    int64_t batch = 1, int64_t elementBytes = 4);

  const ChainOrder &getOrder() const { return order; }
  ChainCost getCost() const { return best; }

private:
  ChainOrder order;
  ChainCost best;
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_MATRIXCHAIN_H
