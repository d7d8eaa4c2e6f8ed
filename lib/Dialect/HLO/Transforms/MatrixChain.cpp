//===- MatrixChain.cpp - optimal parenthesisation of matrix chains --------===//

#include "fuse/Dialect/HLO/Transforms/MatrixChain.h"

#include <cassert>

using namespace fuse::hlo;

bool fuse::hlo::isCheaper(const ChainCost &a, const ChainCost &b,
                          ChainCostModel model) {
  if (model == ChainCostModel::MultiplyAdds)
    return std::pair(a.multiplyAdds, a.intermediateBytes) <
           std::pair(b.multiplyAdds, b.intermediateBytes);
  return std::pair(a.intermediateBytes, a.multiplyAdds) <
         std::pair(b.intermediateBytes, b.multiplyAdds);
}

void ChainOrder::print(llvm::raw_ostream &os, unsigned i, unsigned j) const {
  if (i == j) {
    os << 'A' << i + 1;
    return;
  }
  os << '(';
  print(os, i, getSplit(i, j));
  print(os, getSplit(i, j) + 1, j);
  os << ')';
}

std::string ChainOrder::toString() const {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (n)
    print(os, 0, n - 1);
  return text;
}

namespace {

/// The cost of multiplying the results of [i, k] and [k + 1, j] once both
/// are known, given the costs of the two parts.
ChainCost combine(llvm::ArrayRef<int64_t> dims, unsigned i, unsigned k,
                  unsigned j, const ChainCost &left, const ChainCost &right,
                  int64_t batch, int64_t elementBytes) {
  ChainCost cost = left + right;
  cost.multiplyAdds += batch * dims[i] * dims[k + 1] * dims[j + 1];
  // A part of more than one matrix is an intermediate the product reads.
  if (k > i)
    cost.intermediateBytes += batch * dims[i] * dims[k + 1] * elementBytes;
  if (j > k + 1)
    cost.intermediateBytes += batch * dims[k + 1] * dims[j + 1] * elementBytes;
  return cost;
}

ChainCost costOf(llvm::ArrayRef<int64_t> dims, const ChainOrder &order,
                 unsigned i, unsigned j, int64_t batch, int64_t elementBytes) {
  if (i == j)
    return {};
  unsigned k = order.getSplit(i, j);
  return combine(dims, i, k, j, costOf(dims, order, i, k, batch, elementBytes),
                 costOf(dims, order, k + 1, j, batch, elementBytes), batch,
                 elementBytes);
}

} // namespace

ChainCost fuse::hlo::getChainCost(llvm::ArrayRef<int64_t> dims,
                                  const ChainOrder &order, int64_t batch,
                                  int64_t elementBytes) {
  assert(dims.size() == order.size() + 1 && "one dimension more than matrices");
  if (order.size() == 0)
    return {};
  return costOf(dims, order, 0, order.size() - 1, batch, elementBytes);
}

MatrixChainSolver::MatrixChainSolver(llvm::ArrayRef<int64_t> dims,
                                     ChainCostModel model, int64_t batch,
                                     int64_t elementBytes)
    : order(dims.empty() ? 0 : dims.size() - 1) {
  unsigned n = order.size();
  if (n == 0)
    return;
  // costs[i * n + j]: the cheapest cost of [i, j]; filled by length so that
  // both parts of a split are known.
  llvm::SmallVector<ChainCost> costs(n * n);
  for (unsigned length = 2; length <= n; ++length) {
    for (unsigned i = 0; i + length <= n; ++i) {
      unsigned j = i + length - 1;
      for (unsigned k = i; k < j; ++k) {
        ChainCost cost = combine(dims, i, k, j, costs[i * n + k],
                                 costs[(k + 1) * n + j], batch, elementBytes);
        // The first split wins ties, so equal chains keep a stable order.
        if (k == i || isCheaper(cost, costs[i * n + j], model)) {
          costs[i * n + j] = cost;
          order.setSplit(i, j, k);
        }
      }
    }
  }
  best = costs[n - 1];
}
