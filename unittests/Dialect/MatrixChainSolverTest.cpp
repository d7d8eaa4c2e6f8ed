//===- MatrixChainSolverTest.cpp - the matrix-chain solver ----------------===//
//
// Known optimal orders and costs, the solver against brute force, ties
// broken by intermediate bytes, and the memory cost model.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/MatrixChain.h"

#include "gtest/gtest.h"

#include <functional>

using namespace fuse::hlo;

namespace {

/// Calls `visit` with every parenthesisation of `n` matrices.
void forEachOrder(unsigned n,
                  const std::function<void(const ChainOrder &)> &visit) {
  ChainOrder order(n);
  // Chooses the splits of the pending subchains one at a time.
  std::function<void(llvm::SmallVector<std::pair<unsigned, unsigned>>)> choose =
      [&](llvm::SmallVector<std::pair<unsigned, unsigned>> pending) {
        if (pending.empty())
          return visit(order);
        auto [i, j] = pending.pop_back_val();
        if (i == j)
          return choose(pending);
        for (unsigned k = i; k < j; ++k) {
          order.setSplit(i, j, k);
          auto next = pending;
          next.push_back({i, k});
          next.push_back({k + 1, j});
          choose(next);
        }
      };
  choose({{0, n - 1}});
}

// The six-matrix chain of Cormen et al., "Introduction to Algorithms",
// section 15.2: 15125 scalar multiplications at best.
TEST(MatrixChainSolverTest, TextbookSixMatrixChain) {
  MatrixChainSolver solver({30, 35, 15, 5, 10, 20, 25});
  EXPECT_EQ(solver.getCost().multiplyAdds, 15125);
  EXPECT_EQ(solver.getOrder().toString(), "((A1(A2A3))((A4A5)A6))");
}

TEST(MatrixChainSolverTest, MatrixTimesMatrixTimesVector) {
  // (A B) v costs N^3 + N^2; A (B v) costs 2 N^2.
  int64_t n = 2048;
  MatrixChainSolver solver({n, n, n, 1});
  EXPECT_EQ(solver.getOrder().toString(), "(A1(A2A3))");
  EXPECT_EQ(solver.getCost().multiplyAdds, 2 * n * n);
  ChainOrder leftToRight(3);
  leftToRight.setSplit(0, 2, 1);
  leftToRight.setSplit(0, 1, 0);
  EXPECT_EQ(getChainCost({n, n, n, 1}, leftToRight).multiplyAdds,
            n * n * n + n * n);
}

TEST(MatrixChainSolverTest, MatchesBruteForce) {
  llvm::SmallVector<int64_t> dims = {10, 100, 5, 50, 1, 7, 3, 40, 2};
  MatrixChainSolver solver(dims);
  EXPECT_EQ(getChainCost(dims, solver.getOrder()), solver.getCost());
  unsigned orders = 0;
  forEachOrder(dims.size() - 1, [&](const ChainOrder &order) {
    ++orders;
    EXPECT_FALSE(isCheaper(getChainCost(dims, order), solver.getCost(),
                           ChainCostModel::MultiplyAdds))
        << order.toString();
  });
  // The Catalan number C7.
  EXPECT_EQ(orders, 429u);
}

TEST(MatrixChainSolverTest, SingleMatrixCostsNothing) {
  MatrixChainSolver solver({4, 5});
  EXPECT_EQ(solver.getCost(), ChainCost());
  EXPECT_EQ(solver.getOrder().toString(), "A1");
}

TEST(MatrixChainSolverTest, BatchAndElementSizeScaleTheCost) {
  MatrixChainSolver solver({2, 3, 4, 5}, ChainCostModel::MultiplyAdds,
                           /*batch=*/5, /*elementBytes=*/8);
  // (A1 A2) A3: 24 + 40 multiply-adds and a 2x4 intermediate, per batch.
  EXPECT_EQ(solver.getOrder().toString(), "((A1A2)A3)");
  EXPECT_EQ(solver.getCost().multiplyAdds, 5 * 64);
  EXPECT_EQ(solver.getCost().intermediateBytes, 5 * 8 * 8);
}

// 2x3 A1, 3x6 A2, 6x3 A3: both orders take 72 multiply-adds, A1 (A2 A3)
// through a 3x3 intermediate and (A1 A2) A3 through a 2x6 one. Reversed,
// 3x6 * 6x3 * 3x2, the smaller intermediate is on the other side.
TEST(MatrixChainSolverTest, TiesAreBrokenByIntermediateBytes) {
  MatrixChainSolver solver({2, 3, 6, 3});
  EXPECT_EQ(solver.getOrder().toString(), "(A1(A2A3))");
  EXPECT_EQ(solver.getCost().multiplyAdds, 72);
  EXPECT_EQ(solver.getCost().intermediateBytes, 9 * 4);
  MatrixChainSolver reversed({3, 6, 3, 2});
  EXPECT_EQ(reversed.getOrder().toString(), "((A1A2)A3)");
  EXPECT_EQ(reversed.getCost().intermediateBytes, 9 * 4);
}

// Among the orders of 2x2 * 2x3 * 3x6 * 6x3 that take the fewest
// multiply-adds, the solver's has the fewest intermediate bytes.
TEST(MatrixChainSolverTest, TieBreakMatchesBruteForce) {
  llvm::SmallVector<int64_t> dims = {2, 2, 3, 6, 3};
  MatrixChainSolver solver(dims);
  unsigned ties = 0;
  forEachOrder(4, [&](const ChainOrder &order) {
    ChainCost cost = getChainCost(dims, order);
    if (cost.multiplyAdds != solver.getCost().multiplyAdds)
      return;
    ++ties;
    EXPECT_GE(cost.intermediateBytes, solver.getCost().intermediateBytes)
        << order.toString();
  });
  EXPECT_EQ(ties, 4u);
  EXPECT_EQ(solver.getCost(), (ChainCost{84, 15 * 4}));
}

// 1x4 A1, 4x19 A2, 19x4 A3: (A1 A2) A3 takes 152 multiply-adds through a
// 1x19 intermediate, A1 (A2 A3) 320 through a 4x4 one.
TEST(MatrixChainSolverTest, MemoryModelTradesWorkForSmallerIntermediates) {
  llvm::SmallVector<int64_t> dims = {1, 4, 19, 4};
  MatrixChainSolver flops(dims);
  EXPECT_EQ(flops.getOrder().toString(), "((A1A2)A3)");
  EXPECT_EQ(flops.getCost().multiplyAdds, 152);
  EXPECT_EQ(flops.getCost().intermediateBytes, 19 * 4);
  MatrixChainSolver bytes(dims, ChainCostModel::IntermediateBytes);
  EXPECT_EQ(bytes.getOrder().toString(), "(A1(A2A3))");
  EXPECT_EQ(bytes.getCost().multiplyAdds, 320);
  EXPECT_EQ(bytes.getCost().intermediateBytes, 16 * 4);
}

} // namespace
