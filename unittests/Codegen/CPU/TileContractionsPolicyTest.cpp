//===- TileContractionsPolicyTest.cpp - tile sizes of fuse-cpu-tile-contractions //
//
// The policy reads the host, so these tests check properties that hold on
// any host: a narrow result gets narrower vectors, down to 128 bits, a wide
// one the host's; blocks are whole register tiles.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/TileContractions.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

using namespace mlir;

namespace {

class TileContractionsPolicyTest : public ::testing::Test {
protected:
  TileContractionsPolicyTest() {
    context.loadDialect<func::FuncDialect, linalg::LinalgDialect>();
  }

  /// The tiles the policy chooses for an f32 product M x K times K x N.
  fuse::ContractionTiles tilesFor(int64_t m, int64_t k, int64_t n) {
    std::string source = llvm::formatv(
        "func.func @f(%a: tensor<{0}x{1}xf32>, %b: tensor<{1}x{2}xf32>, "
        "%c: tensor<{0}x{2}xf32>) -> tensor<{0}x{2}xf32> {{\n"
        "  %r = linalg.matmul ins(%a, %b : tensor<{0}x{1}xf32>, "
        "tensor<{1}x{2}xf32>) outs(%c : tensor<{0}x{2}xf32>) -> "
        "tensor<{0}x{2}xf32>\n"
        "  return %r : tensor<{0}x{2}xf32>\n}",
        m, k, n);
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    linalg::LinalgOp product;
    module->walk([&](linalg::LinalgOp op) { product = op; });
    fuse::ContractionMatch match = fuse::matchContraction(product);
    EXPECT_TRUE(static_cast<bool>(match)) << match.refusal;
    return fuse::ContractionPolicy().choose(match);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(TileContractionsPolicyTest, WideResultKeepsTheHostsVectors) {
  fuse::ContractionTiles host = fuse::getHostContractionTiles(
      Float32Type::get(&context), Float32Type::get(&context));
  fuse::ContractionTiles tiles = tilesFor(512, 256, 1000);
  EXPECT_EQ(tiles.registerCols, host.registerCols);
  EXPECT_EQ(tiles.registerRows, host.registerRows);
}

TEST_F(TileContractionsPolicyTest, NarrowResultHalvesTheVectors) {
  fuse::ContractionTiles host = fuse::getHostContractionTiles(
      Float32Type::get(&context), Float32Type::get(&context));
  for (int64_t n : {3, 10, 17}) {
    fuse::ContractionTiles tiles = tilesFor(128, 64, n);
    // Two vectors of at least 128 bits (4 f32 lanes) per register row.
    EXPECT_GE(tiles.registerCols, 8) << "n = " << n;
    EXPECT_LE(tiles.registerCols, host.registerCols) << "n = " << n;
    // Halved while the result still fills half of a register row.
    if (tiles.registerCols > 8)
      EXPECT_GT(n, tiles.registerCols / 2) << "n = " << n;
    if (tiles.registerCols < host.registerCols)
      EXPECT_LE(n, tiles.registerCols) << "n = " << n;
    EXPECT_EQ(tiles.colBlock % tiles.registerCols, 0) << "n = " << n;
    EXPECT_EQ(tiles.rowBlock % tiles.registerRows, 0) << "n = " << n;
  }
}

TEST_F(TileContractionsPolicyTest, DepthBlockCoversShortProducts) {
  // K of 64 is one depth block; a long K is cut into blocks of 64 to 1024.
  EXPECT_EQ(tilesFor(128, 64, 512).depthBlock, 64);
  int64_t depth = tilesFor(1024, 4096, 1024).depthBlock;
  EXPECT_GE(depth, 64);
  EXPECT_LE(depth, 1024);
}

} // namespace
