//===- TileContractionsPolicyTest.cpp - tile sizes of fuse-cpu-tile-contractions
////
//
// The policy reads the host, so these tests check properties that hold on
// any host: a narrow result gets narrower vectors, down to 128 bits, a wide
// one the host's; blocks are whole register tiles; a product with few rows
// splits its columns among the threads before its rows, unless its left
// operand is read in place transposed; a left operand larger than any L2
// with few columns is read where it is, in at most 10 register rows, and a
// convolution's patches gathered there in rows of four vectors when the ISA
// has 32 vector registers; few rows take the register rows that pad them
// least.
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

  /// The tiles the policy chooses for an f32 product M x K times K x N;
  /// with `leftTransposed`, the left operand is given as K x M.
  fuse::ContractionTiles tilesFor(int64_t m, int64_t k, int64_t n,
                                  bool leftTransposed = false) {
    std::string source =
        leftTransposed
            ? llvm::formatv(
                  "func.func @f(%a: tensor<{1}x{0}xf32>, %b: "
                  "tensor<{1}x{2}xf32>, %c: tensor<{0}x{2}xf32>) -> "
                  "tensor<{0}x{2}xf32> {{\n"
                  "  %r = linalg.matmul indexing_maps = ["
                  "affine_map<(m, n, k) -> (k, m)>, "
                  "affine_map<(m, n, k) -> (k, n)>, "
                  "affine_map<(m, n, k) -> (m, n)>] "
                  "ins(%a, %b : tensor<{1}x{0}xf32>, tensor<{1}x{2}xf32>) "
                  "outs(%c : tensor<{0}x{2}xf32>) -> tensor<{0}x{2}xf32>\n"
                  "  return %r : tensor<{0}x{2}xf32>\n}",
                  m, k, n)
            : llvm::formatv(
                  "func.func @f(%a: tensor<{0}x{1}xf32>, %b: "
                  "tensor<{1}x{2}xf32>, %c: tensor<{0}x{2}xf32>) -> "
                  "tensor<{0}x{2}xf32> {{\n"
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
    return fuse::ContractionPolicy().choose(match, gathered);
  }

  /// A gathered left operand that repeats each source element `repeats`
  /// times (the fields the policy reads).
  static fuse::GatheredOperand gatheredWith(double repeats) {
    fuse::GatheredOperand operand;
    operand.repeats = repeats;
    return operand;
  }

  const fuse::GatheredOperand *gathered = nullptr;

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

TEST_F(TileContractionsPolicyTest, FewRowsPadLittle) {
  fuse::ContractionTiles host = fuse::getHostContractionTiles(
      Float32Type::get(&context), Float32Type::get(&context));
  auto padded = [](int64_t m, int64_t rows) {
    return (m + rows - 1) / rows * rows;
  };
  for (int64_t m : {16, 32, 48, 64, 100}) {
    int64_t rows = tilesFor(m, 128, 512).registerRows;
    EXPECT_LE(rows, host.registerRows) << "m = " << m;
    // The host's rows unless they pad by a tenth or more; then no row
    // count from 8 up pads less.
    if (10 * (padded(m, host.registerRows) - m) < m) {
      EXPECT_EQ(rows, host.registerRows) << "m = " << m;
      continue;
    }
    EXPECT_GE(rows, std::min<int64_t>(8, host.registerRows)) << "m = " << m;
    for (int64_t other = 8; other <= host.registerRows; ++other)
      EXPECT_LE(padded(m, rows), padded(m, other))
          << "m = " << m << ", " << other << " rows";
  }
}

TEST_F(TileContractionsPolicyTest, DepthBlockCoversShortProducts) {
  // K of 64 is one depth block; a long K is cut into blocks of 64 to 1024.
  EXPECT_EQ(tilesFor(128, 64, 512).depthBlock, 64);
  int64_t depth = tilesFor(1024, 4096, 1024).depthBlock;
  EXPECT_GE(depth, 64);
  EXPECT_LE(depth, 1024);
}

TEST_F(TileContractionsPolicyTest, FewRowsSplitTheirColumnsFirst) {
  // A weight gradient's shape: 128 rows, a long K, 64 columns.
  int64_t m = 128, n = 64;
  fuse::ContractionTiles tiles = tilesFor(m, 8192, n);
  auto ceilDiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  int64_t rowTiles = ceilDiv(m, tiles.rowBlock);
  int64_t colTiles = ceilDiv(n, tiles.colBlock);
  int64_t panels = ceilDiv(n, tiles.registerCols);
  // Every thread has a tile, as far as the register tiles allow.
  EXPECT_GE(rowTiles * colTiles,
            std::min(tiles.threads, panels * ceilDiv(m, tiles.registerRows)));
  // The rows stay in one block when the column panels can give every thread
  // an equal share.
  if (panels % tiles.threads == 0)
    EXPECT_EQ(rowTiles, 1) << "row block " << tiles.rowBlock;
}

TEST_F(TileContractionsPolicyTest, TransposedLeftInPlaceSplitsItsRows) {
  // The same weight gradient as it comes: the left operand 8192 x 128, read
  // in place, so each thread reads its own rows of it, in one column block,
  // and the right operand in place.
  int64_t m = 128, n = 64;
  fuse::ContractionTiles tiles = tilesFor(m, 8192, n, /*leftTransposed=*/true);
  ASSERT_EQ(tiles.leftPacking, fuse::LeftPacking::InPlace);
  if (tiles.threads < 2 || m < tiles.threads * tiles.registerRows)
    GTEST_SKIP() << "one thread, or too few rows for a register tile each";
  auto ceilDiv = [](int64_t a, int64_t b) { return (a + b - 1) / b; };
  EXPECT_EQ(ceilDiv(n, tiles.colBlock), 1) << "column block " << tiles.colBlock;
  EXPECT_EQ(ceilDiv(m, tiles.rowBlock) % tiles.threads, 0)
      << "row block " << tiles.rowBlock;
  EXPECT_TRUE(tiles.readRightInPlace);
}

TEST_F(TileContractionsPolicyTest, LargeLeftOperandWithFewColumnsInPlace) {
  // 32 MB of left operand (larger than any L2) and at most 4 column panels
  // (32 columns in vectors of at least 4 lanes, two per register row).
  fuse::ContractionTiles tiles = tilesFor(128, 65536, 32);
  EXPECT_EQ(tiles.leftPacking, fuse::LeftPacking::InPlace);
  // Many columns are packed where the blocks are used or before the tiles.
  EXPECT_NE(tilesFor(128, 65536, 4096).leftPacking, fuse::LeftPacking::InPlace);
}

// Read in place, each register row keeps a pointer of its own: at most 10
// rows, or they spill (x86's 16 general-purpose registers).
TEST_F(TileContractionsPolicyTest, LeftReadInPlaceKeepsRowPointersInRegisters) {
  fuse::ContractionTiles host = fuse::getHostContractionTiles(
      Float32Type::get(&context), Float32Type::get(&context));
  // Attention's P V: 2048 x 2048 (16 MB) times 2048 x 64.
  fuse::ContractionTiles tiles = tilesFor(2048, 2048, 64);
  EXPECT_EQ(tiles.leftPacking, fuse::LeftPacking::InPlace);
  EXPECT_EQ(tiles.registerRows, std::min<int64_t>(host.registerRows, 10));
  EXPECT_EQ(tiles.rowBlock % tiles.registerRows, 0);
  // Packed where its blocks are used, it keeps the host's rows.
  fuse::ContractionTiles packed = tilesFor(2048, 2048, 4096);
  EXPECT_NE(packed.leftPacking, fuse::LeftPacking::InPlace);
  EXPECT_EQ(packed.registerRows, host.registerRows);
  // A 3x3 convolution's patches, 100352 x 576 from a source read 9 times,
  // are read in place through their map: with 32 vector registers (13 or
  // more rows of two vectors) in rows of four vectors, otherwise in at most
  // 10 rows.
  fuse::GatheredOperand patches = gatheredWith(9);
  gathered = &patches;
  fuse::ContractionTiles convolution = tilesFor(100352, 576, 64);
  EXPECT_EQ(convolution.leftPacking, fuse::LeftPacking::InPlace);
  EXPECT_TRUE(convolution.gatherLeft);
  if (host.registerRows >= 13) {
    EXPECT_EQ(convolution.registerCols, 2 * host.registerCols);
    EXPECT_EQ(convolution.registerRows, (host.registerRows - 1) / 2);
  } else {
    EXPECT_EQ(convolution.registerCols, host.registerCols);
    EXPECT_EQ(convolution.registerRows,
              std::min<int64_t>(host.registerRows, 10));
  }
  EXPECT_EQ(convolution.rowBlock % convolution.registerRows, 0);
  EXPECT_EQ(convolution.colBlock % convolution.registerCols, 0);
  // A weight gradient's few rows (a 7x7 stem's 147 patch elements) keep
  // two column panels for the threads, rather than split rows that each
  // stream the long right operand.
  fuse::ContractionTiles weightGradient = tilesFor(147, 401408, 64);
  EXPECT_EQ(weightGradient.leftPacking, fuse::LeftPacking::InPlace);
  EXPECT_EQ(weightGradient.registerCols, host.registerCols);
}

} // namespace
