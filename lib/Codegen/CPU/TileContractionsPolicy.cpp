//===- TileContractionsPolicy.cpp - tile sizes for the host ---------------===//
//
// The register tile holds `registerRows` x `registerCols` accumulators in
// vector registers: two vectors per row, and as many rows as the register
// file allows next to the two operand vectors and one broadcast. Per step of
// K it loads rows + 2 values for 2 x rows multiply-adds, so the kernel is
// bound by multiply-adds, not loads. The depth block sets how often the
// accumulators are loaded and stored (once per depth block and register
// tile): a packed panel of the right operand (cols x depth) takes 1/16 of
// L2, where L2 feeds its two vector loads per step. Half of L1 (128 steps of
// K for f32 on AVX-512) spent 10% more time on a 4096x1024x1024 product than
// 512 steps on Zen 4. The row block keeps the left block (rows x depth) in
// half of L2.
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/CPU/TileContractions.h"
#include "fuse/Support/HostCpu.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/TargetParser/Host.h"

#include <thread>
#include <unistd.h>

using namespace mlir;
using namespace fuse;

namespace {

/// The most register rows of a left operand read in place: one
/// general-purpose register each (ContractionPolicy::choose).
constexpr int64_t kMaxInPlaceRows = 10;

/// Vector width in bits and vector registers of the host ISA.
struct VectorISA {
  int64_t bits;
  int64_t registers;
};

VectorISA getHostVectorISA() {
  // An unusable FUSE_CPU_MAX_ISA fails the compile in the JIT, which
  // reports it; the tiles may assume the uncapped host meanwhile.
  llvm::Expected<HostCpu> cpu = detectHostCpu();
  llvm::StringMap<bool> features;
  if (cpu)
    features = std::move(cpu->features);
  else {
    llvm::consumeError(cpu.takeError());
    features = llvm::sys::getHostCPUFeatures();
  }
  if (features.lookup("avx512f"))
    return {512, 32};
  if (features.lookup("avx2") || features.lookup("avx"))
    return {256, 16};
  if (features.lookup("neon"))
    return {128, 32};
  return {128, 16};
}

int64_t cacheBytes(int name, int64_t fallback) {
  long bytes = sysconf(name);
  return bytes > 0 ? bytes : fallback;
}

int64_t roundDown(int64_t value, int64_t multiple) {
  return std::max(multiple, value / multiple * multiple);
}

int64_t roundUp(int64_t value, int64_t multiple) {
  return (value + multiple - 1) / multiple * multiple;
}

int64_t byteWidth(Type type) {
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

/// Splits the rows of a product whose left operand is read in place
/// transposed ([K, M]: each step of K reads a register tile's rows from one
/// line of a long row) among the threads, in one column block; whether it
/// did. Each column panel would read all of that operand from memory, a few
/// lines of each of its rows at a time; split by rows it is read once, and
/// the right operand, read in place too, once per thread. The transposed 8192 x
/// 128 times 8192 x 64 of a GNN's weight gradient (2 threads, AVX-512, inputs
/// not in cache): 0.83-0.90 ms in two column panels, 0.53-0.63 ms in two row
/// blocks; in cache, 0.29-0.31 ms either way. Untransposed (rows of K
/// contiguous), two column panels were as fast (0.47-0.49 ms against
/// 0.49-0.52 cold). The caller has checked that the rows fit one row block
/// and that the left operand, of `leftBytes`, is read in place and not
/// gathered.
bool splitRowsAmongThreads(const fuse::ContractionMatch &match,
                           fuse::ContractionTiles &tiles, int64_t leftBytes) {
  int64_t rightBytes =
      match.k * match.n *
      byteWidth(getElementTypeOrSelf(match.op->getOperand(1).getType()));
  if (match.lhs.kInner || match.batch != 1 || leftBytes <= rightBytes ||
      match.m < tiles.threads * tiles.registerRows)
    return false;
  tiles.colBlock = roundUp(match.n, tiles.registerCols);
  tiles.rowBlock = roundUp((match.m + tiles.threads - 1) / tiles.threads,
                           tiles.registerRows);
  return true;
}

/// Register rows, at most `most`, for a product of `m` rows: `most`, unless
/// its tiles would pad `m` by a tenth or more; then as many rows, down to 8,
/// as leave the fewest padded rows (more on a tie). The kernel is bound by
/// multiply-adds, padded rows included, and 8 rows of two vectors still
/// hide their latency.
int64_t fewestPaddedRows(int64_t m, int64_t most) {
  auto padded = [&](int64_t rows) { return llvm::divideCeil(m, rows) * rows; };
  if (10 * (padded(most) - m) < m)
    return most;
  int64_t best = most;
  for (int64_t rows = most - 1; rows >= 8; --rows)
    if (padded(rows) < padded(best))
      best = rows;
  return best;
}

} // namespace

ContractionTiles fuse::getHostContractionTiles(Type accumulatorType,
                                               Type operandType) {
  VectorISA isa = getHostVectorISA();
  int64_t lanes =
      std::max<int64_t>(1, isa.bits / accumulatorType.getIntOrFloatBitWidth());
  ContractionTiles tiles;
  tiles.registerCols = 2 * lanes;
  tiles.registerRows = (isa.registers - 3) / 2;
  int64_t l2 = cacheBytes(_SC_LEVEL2_CACHE_SIZE, 512 << 10);
  int64_t bytes = byteWidth(operandType);
  // A panel of the right operand of L2 / 8 and a block of the left one
  // as large as L2: fewer passes over the result tiles (each depth block
  // loads and stores them). On a 1 MiB L2 (depth 1024, 252 rows) against
  // L2 / 16 and half of L2 (depth 512, 252 rows): 2048^3 84-85 against 87
  // ms, 1024^3 10.8 against 11.1-11.5 ms; a block of half of L2 at depth
  // 1024 (126 rows) was slower than both (91-92 ms).
  tiles.depthBlock =
      std::clamp<int64_t>(l2 / 8 / (tiles.registerCols * bytes), 64, 1024);
  tiles.rowBlock =
      roundDown(l2 / (tiles.depthBlock * bytes), tiles.registerRows);
  tiles.colBlock = roundDown(4 * tiles.depthBlock, tiles.registerCols);
  tiles.threads = std::max<int64_t>(1, std::thread::hardware_concurrency());
  tiles.minParallelTiles = 4 * tiles.threads;
  return tiles;
}

std::string
fuse::ContractionPolicy::refuse(const ContractionMatch &match) const {
  return "";
}

ContractionTiles
fuse::ContractionPolicy::choose(const ContractionMatch &match,
                                const GatheredOperand *gathered) const {
  Type operandType = getElementTypeOrSelf(match.op->getOperand(0).getType());
  ContractionTiles tiles =
      getHostContractionTiles(match.accumulatorType, operandType);
  // A narrow result (10 classes of logits) fills fewer lanes of wide
  // vectors: halve their width while the result still fills a register
  // row, down to 128-bit vectors. 128x64x10 on AVX-512: 9 us in 2 x 16
  // lanes, 6 us in 2 x 8.
  int64_t minCols =
      2 *
      std::max<int64_t>(1, 128 / match.accumulatorType.getIntOrFloatBitWidth());
  while (tiles.registerCols / 2 >= minCols && match.n <= tiles.registerCols / 2)
    tiles.registerCols /= 2;
  // A left operand read in place (below: larger than L2, few column panels)
  // gives each row of the register tile a pointer of its own into it: a
  // convolution's gathered patches are no fixed stride apart, and LLVM
  // keeps a plain matrix's rows in registers of their own too. Beside the
  // loop's own (the step, its offset table, the right panel), x86's 16
  // general-purpose registers hold 10 of them. A 3x3 convolution,
  // 32x56x56x64 to 64 (AVX-512, 2 threads): 31 ms in 14 rows, whose
  // pointers and accumulators spilled in every step, 16 ms in 8 or 10, the
  // speed of the same product from a matrix; attention's 2048 x 2048 times
  // 2048 x 64: 5.0 ms in 14 rows, 3.6 in 12, 2.5-2.6 in 4 to 11.
  int64_t leftBytes = match.batch * match.m * match.k * byteWidth(operandType);
  int64_t l2 = cacheBytes(_SC_LEVEL2_CACHE_SIZE, 512 << 10);
  bool readsLeftInPlace = leftBytes > l2 && match.n <= 4 * tiles.registerCols;
  // With 32 vector registers, gathered patches are read by fewer rows of
  // twice the width (four vectors a row, 24 accumulators): half the row
  // pointers, and a broadcast per four multiply-adds instead of two. The
  // 3x3 convolution above (AVX-512, 2 threads, medians of three rounds):
  // forward 39.7-40.5 ms in 10 x 32, 38.4-38.9 in 6 x 64; input gradient
  // 77.9-80.7 against 75.2-75.9 (5 x 64). With 16 registers (AVX2), 2 x 32
  // was slower than 6 x 16 (42.7-43.3 against 39.2-40.4 ms). Rows that fit
  // one row block keep two column panels for the threads to share: one
  // wide panel would split the rows instead, and a weight gradient's long
  // K then streams its right operand once per row block (the 7x7 stem's,
  // 147 x 401408 times 401408 x 64: 92 ms in two panels, 100 ms in one).
  int64_t wideRows = (tiles.registerRows - 1) / 2;
  bool gathersInPlace = readsLeftInPlace && gathered && gathered->repeats > 1;
  if (gathersInPlace && wideRows >= 4 && match.n >= 2 * tiles.registerCols &&
      match.m > tiles.rowBlock) {
    tiles.registerCols *= 2;
    tiles.registerRows = wideRows;
  }
  if (readsLeftInPlace && tiles.registerRows > kMaxInPlaceRows)
    tiles.registerRows = kMaxInPlaceRows;
  // An LSTM step's 32 x 128 x 512 (AVX-512, 2 threads): 14-15 us in 14
  // rows (42 computed), 11-12 us in 11 or 8.
  tiles.registerRows = fewestPaddedRows(match.m, tiles.registerRows);
  tiles.rowBlock = std::max(tiles.registerRows,
                            roundDown(tiles.rowBlock, tiles.registerRows));
  tiles.colBlock = std::max(tiles.registerCols,
                            roundDown(tiles.colBlock, tiles.registerCols));
  // Blocks no larger than the product, split evenly: 256 rows in blocks of
  // at most 252 are two blocks of 132, not 252 and 4.
  auto even = [](int64_t size, int64_t block, int64_t multiple) {
    int64_t count = (size + block - 1) / block;
    return roundUp((size + count - 1) / count, multiple);
  };
  tiles.depthBlock = std::min(tiles.depthBlock, match.k);
  tiles.colBlock = even(match.n, tiles.colBlock, tiles.registerCols);
  // An epilogue reads its tile of the result right after the tile's last
  // depth block: the tile should still be in L2, beside the left block.
  // The MLP layer's 238 x 1024 tiles (975 KB) ran their GELU from memory:
  // 45-46 ms, 42-44 ms in tiles of 56 rows.
  if (match.epilogue) {
    int64_t rowBytes = tiles.colBlock * byteWidth(match.accumulatorType);
    tiles.rowBlock =
        std::min(tiles.rowBlock,
                 std::max(tiles.registerRows,
                          roundDown(l2 / 4 / rowBytes, tiles.registerRows)));
  }
  tiles.rowBlock = even(match.m, tiles.rowBlock, tiles.registerRows);
  // Enough tiles for every thread: halve the larger block while there are
  // too few. Rows that fit one row block stay in one while the columns give
  // every thread a tile: each row block reads all of the right operand, so
  // splitting the rows reads it again per block, and a long K makes that
  // cost more than the balance that more tiles buy. Transposed 8192 x 128
  // times 8192 x 64, a weight gradient (2 threads, AVX-512): 1.02 ms in 4
  // row blocks of 42, 0.67 ms in one; 16384 x 64 x 64: 1.18 against 0.79
  // ms.
  auto count = [&] {
    return match.batch * ((match.m + tiles.rowBlock - 1) / tiles.rowBlock) *
           ((match.n + tiles.colBlock - 1) / tiles.colBlock);
  };
  bool oneRowBlock = match.m <= tiles.rowBlock;
  bool rowsForThreads = oneRowBlock && readsLeftInPlace && !gathered &&
                        splitRowsAmongThreads(match, tiles, leftBytes);
  while (count() < tiles.minParallelTiles &&
         !((oneRowBlock || rowsForThreads) && count() >= tiles.threads)) {
    bool largerRows = oneRowBlock ? tiles.colBlock <= tiles.registerCols
                                  : tiles.rowBlock >= tiles.colBlock;
    bool rowsSplit = largerRows && tiles.rowBlock > tiles.registerRows;
    if (rowsSplit)
      tiles.rowBlock = roundUp(tiles.rowBlock / 2, tiles.registerRows);
    else if (tiles.colBlock > tiles.registerCols)
      tiles.colBlock = roundUp(tiles.colBlock / 2, tiles.registerCols);
    else
      break;
  }
  // A left operand larger than L2 is packed where its blocks are used,
  // unless reading it where it is costs less. With at most 4 column panels,
  // each element is read at most 4 times: from memory once and then from
  // cache costs less than packing it (P v on AVX2, 2048 x 2048 times 2048 x
  // 64: 6.3-8.8 ms in place, 10.5-13.2 ms packed in the tiles, alternated).
  // That holds however the columns are split among the tiles: a weight
  // gradient, 8192 x 128 transposed times 8192 x 64, whose few rows leave
  // two column blocks, took 1.41 ms packed before the tiles and 1.02 ms in
  // place. Otherwise, when one column block covers the result, each block
  // of the left operand is used by one tile, so it is packed there, into a
  // buffer that stays in L2: the whole packed copy would be written to
  // memory and read back.
  if (readsLeftInPlace)
    tiles.leftPacking = LeftPacking::InPlace;
  else if (leftBytes > l2 && match.n <= tiles.colBlock)
    tiles.leftPacking = LeftPacking::InTiles;
  // A copy that repeats its source's elements (a convolution's patches: a
  // 3x3 window writes each input element 9 times) costs more to write and
  // read back than its source costs to read through the copy's map.
  tiles.gatherLeft = gathered && gathered->repeats > 1;
  // Few tiles split unevenly over the threads leave some idle at the end
  // (17 tiles on 2 threads wait for one): more row blocks, until the count
  // divides evenly.
  int64_t rowTiles = (match.m + tiles.rowBlock - 1) / tiles.rowBlock;
  int64_t perRowTile = count() / rowTiles;
  for (int64_t more = rowTiles; more < rowTiles + tiles.threads; ++more) {
    int64_t block = roundUp((match.m + more - 1) / more, tiles.registerRows);
    int64_t blocks = (match.m + block - 1) / block;
    if ((blocks * perRowTile) % tiles.threads == 0) {
      tiles.rowBlock = block;
      break;
    }
  }
  // Rows that fit one row block read each panel of the right operand once:
  // packing would read and write all of it for that one read. Read in place,
  // a tile steps through K a row of the operand at a time, so rows far
  // apart map to the same cache sets: 16 x 256 times 256 x N (2 threads,
  // AVX-512) took 0.08-0.09 ms in place against 0.10-0.11 packed at N =
  // 1024, 0.15-0.19 against 0.20-0.22 at 2048, but 0.48-0.55 against
  // 0.44-0.46 at 4096 (16 KB rows).
  int64_t rightRowBytes =
      match.n *
      byteWidth(getElementTypeOrSelf(match.op->getOperand(1).getType()));
  tiles.readRightInPlace =
      (match.m <= tiles.rowBlock || rowsForThreads) && rightRowBytes <= 8192;
  return tiles;
}
