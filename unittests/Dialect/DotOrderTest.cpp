//===- DotOrderTest.cpp - the dot-order library pieces --------------------===//
//
// collectMatrixChain on the shapes the pass relies on, and the patterns under
// a greedy driver, the way another compiler would use them.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/DotOrder.h"
#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

class DotOrderTest : public ::testing::Test {
protected:
  DotOrderTest() { context.loadDialect<HLODialect, func::FuncDialect>(); }

  /// Parses a module and returns the op before its first function's return.
  Operation *parseRoot(StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    Block &body = module->getBody()->front().getRegion(0).front();
    return body.getTerminator()->getPrevNode();
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

// (A B) v with a transposed B: three factors, B marked transposed.
constexpr StringLiteral kMatrixMatrixVector = R"mlir(
  func.func @f(%a: tensor<64x48xf32>, %b: tensor<32x48xf32>, %v: tensor<32xf32>) -> tensor<64xf32> {
    %ab = hlo.dot_general %a, %b, contracting_dims = [1] x [1]
        : (tensor<64x48xf32>, tensor<32x48xf32>) -> tensor<64x32xf32>
    %c = hlo.dot %ab, %v : (tensor<64x32xf32>, tensor<32xf32>) -> tensor<64xf32>
    return %c : tensor<64xf32>
  })mlir";

TEST_F(DotOrderTest, CollectsFactorsAndCurrentCost) {
  Operation *root = parseRoot(kMatrixMatrixVector);
  ASSERT_TRUE(isChainRoot(root));
  EXPECT_FALSE(isChainRoot(root->getOperand(0).getDefiningOp()));
  std::optional<MatrixChain> chain = collectMatrixChain(root);
  ASSERT_TRUE(chain);
  ASSERT_EQ(chain->factors.size(), 3u);
  EXPECT_FALSE(chain->factors[0].transposed);
  EXPECT_TRUE(chain->factors[1].transposed);
  EXPECT_FALSE(chain->factors[2].transposed);
  EXPECT_EQ(chain->dims, (SmallVector<int64_t>{64, 48, 32, 1}));
  EXPECT_EQ(chain->currentCost.multiplyAdds, 64 * 48 * 32 + 64 * 32);
  EXPECT_EQ(chain->currentCost.intermediateBytes, 64 * 32 * 4);
  EXPECT_EQ(chain->ops.size(), 2u);
}

TEST_F(DotOrderTest, PatternsReorderUnderAGreedyDriver) {
  Operation *root = parseRoot(kMatrixMatrixVector);
  func::FuncOp function = root->getParentOfType<func::FuncOp>();
  RewritePatternSet patterns(&context);
  populateDotOrderPatterns(patterns, DotOrderOptions());
  ASSERT_TRUE(succeeded(applyPatternsGreedily(function, std::move(patterns))));
  // B^T v first, then A (B^T v).
  SmallVector<DotGeneralOp> products;
  function.walk([&](DotGeneralOp op) { products.push_back(op); });
  ASSERT_EQ(products.size(), 2u);
  EXPECT_EQ(products[0].getLhs(), function.getArgument(1));
  EXPECT_EQ(products[0].getRhs(), function.getArgument(2));
  // B^T v contracts the first dimension of B.
  EXPECT_EQ(products[0].getLhsContractingDimensions()[0], 0);
  EXPECT_EQ(products[1].getLhs(), function.getArgument(0));
  EXPECT_EQ(products[1].getRhs(), products[0].getResult());
}

// A product with another user is a factor of the chain that reads it.
TEST_F(DotOrderTest, SharedIntermediateIsAFactor) {
  Operation *root = parseRoot(R"mlir(
    func.func @f(%a: tensor<8x4xf32>, %b: tensor<4x6xf32>, %c: tensor<6x2xf32>) -> (tensor<8x6xf32>, tensor<8x2xf32>) {
      %ab = hlo.dot %a, %b : (tensor<8x4xf32>, tensor<4x6xf32>) -> tensor<8x6xf32>
      %abc = hlo.dot %ab, %c : (tensor<8x6xf32>, tensor<6x2xf32>) -> tensor<8x2xf32>
      return %ab, %abc : tensor<8x6xf32>, tensor<8x2xf32>
    })mlir");
  std::optional<MatrixChain> chain = collectMatrixChain(root);
  ASSERT_TRUE(chain);
  ASSERT_EQ(chain->factors.size(), 2u);
  EXPECT_EQ(chain->factors[0].value, root->getOperand(0));
  EXPECT_TRUE(isChainRoot(root->getOperand(0).getDefiningOp()));
}

} // namespace
