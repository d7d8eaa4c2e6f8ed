//===- TileContractions.h - products as packed vector kernels ---*- C++ -*-===//
//
// The pieces behind --fuse-cpu-tile-contractions, for compilers that want fast
// CPU matrix products from linalg on tensors with their own tile choice:
//  - legality: `matchContraction` says whether a linalg op is a product this
//    code generation handles (a multiply-accumulate over batch, M, N and K
//    loops), and how each operand is laid out, or why not;
//  - policy: `ContractionTiles` are the register and cache tile sizes;
//    `getHostContractionTiles` derives them from the host's vector width,
//    register count and cache sizes, and `ContractionPolicy` can refuse a
//    legal product (a matrix-vector product is memory-bound);
//  - `populateTileContractionsPatterns`: the rewrite;
//  - `populateAccumulateIntoProductPatterns`: `x + A B` as a product that
//    starts from x, run before the rewrite.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_CPU_TILECONTRACTIONS_H
#define FUSE_CODEGEN_CPU_TILECONTRACTIONS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/Support/CommandLine.h"

#include <string>

namespace fuse {

/// How a product's operand is read: as a 3-D view [batch, free, K] (K
/// contiguous, `kInner`) or [batch, K, free], after an optional transpose
/// into that order when its dimensions are interleaved.
struct OperandLayout {
  bool kInner = true;
  /// The permutation a linalg.transpose applies first; empty when the
  /// operand's dimensions are already grouped.
  llvm::SmallVector<int64_t> transpose;
  /// The groups of (transposed) operand dimensions that collapse into the
  /// view's dimensions; the batch group may be empty.
  llvm::SmallVector<llvm::SmallVector<int64_t, 2>> groups;
};

/// A linalg op recognised as C[b, m, n] += cast(A[b, m, k]) * cast(B[b, k, n])
/// with grouped batch, M, N and K loops, or the reason it is not.
struct ContractionMatch {
  mlir::linalg::LinalgOp op;
  int64_t batch = 1, m = 1, n = 1, k = 1;
  OperandLayout lhs, rhs;
  /// The result's dimension groups: [batch..., m..., n...].
  llvm::SmallVector<llvm::SmallVector<int64_t, 2>> resultGroups;
  /// The casts the body applies to an operand before multiplying (ops of
  /// the arith dialect: extf, extsi, ...), by name; empty for none.
  std::string lhsCast, rhsCast;
  mlir::Type accumulatorType;
  /// The elementwise generic, the product's only user, that runs on each
  /// finished tile of the result; null when there is none. Set by the
  /// rewrite before the policy chooses the tiles.
  mlir::linalg::GenericOp epilogue;
  std::string refusal;

  explicit operator bool() const { return refusal.empty(); }
};

/// Legality: whether `op` is a product the kernel computes.
ContractionMatch matchContraction(mlir::linalg::LinalgOp op);

/// Where the left operand is packed: as the policy chooses; all of it
/// before the tiles; inside each result tile, a depth block at a time, into
/// a buffer that stays in L2 (the packed copy never goes to memory and
/// back; each block is packed once per column block of the result); or not
/// at all, the kernel reading each row's element where it is.
enum class LeftPacking { Policy, BeforeTiles, InTiles, InPlace };

/// The command-line values of a LeftPacking option, shared by the pass and
/// the CPU pipeline.
inline llvm::cl::ValuesClass leftPackingValues() {
  return llvm::cl::values(
      clEnumValN(LeftPacking::Policy, "policy",
                 "inside the tiles when one column block covers the result "
                 "and the operand is larger than L2, else before"),
      clEnumValN(LeftPacking::BeforeTiles, "before-tiles",
                 "all of it, before the tiles"),
      clEnumValN(LeftPacking::InTiles, "in-tiles",
                 "block by block, inside each tile"),
      clEnumValN(LeftPacking::InPlace, "in-place",
                 "not packed: each row's element read where it is"));
}

/// Register tile (rows x cols of the result held in vector registers) and
/// cache blocks (a depth block of K whose packed panels stay in L1, a
/// rows x cols block of the result whose operand panels stay in L2).
struct ContractionTiles {
  int64_t registerRows = 6;
  int64_t registerCols = 16;
  int64_t depthBlock = 256;
  int64_t rowBlock = 252;
  int64_t colBlock = 256;
  /// Parallel tiles wanted at least (a few per thread).
  int64_t minParallelTiles = 8;
  /// Threads the tiles are spread over; tile counts are made a multiple.
  int64_t threads = 1;
  /// Where the left operand is packed (never Policy here).
  LeftPacking leftPacking = LeftPacking::BeforeTiles;
  /// Whether the left operand is read through the copy that made it
  /// (GatheredOperand) rather than from the copy.
  bool gatherLeft = false;
  /// Whether the right operand is read where it is rather than packed into
  /// panels, where its layout allows (`refuseRightInPlace`).
  bool readRightInPlace = false;
};

/// Legality of reading the right operand of `match` where it is, a vector
/// of `cols` columns per step of K: its columns must be contiguous without
/// a transpose, and `cols` must divide N (the reads are never masked). The
/// reason it cannot be, or an empty string.
std::string refuseRightInPlace(const ContractionMatch &match, int64_t cols);

/// A left operand that a linalg.generic copies out of a smaller tensor
/// through a linear indexing map, repeating elements (a convolution's
/// patches, im2col): the kernel reads the copy's source instead, and the
/// copy is never written. Element [b, m, k] of the operand's 3-D view is
/// element rowOffset(b, m) + stepOffset(k) of the source, flattened:
/// the map is linear, so the offset splits into a part of the batch and M
/// dimensions and a part of the K dimensions.
struct GatheredOperand {
  mlir::linalg::GenericOp copy;
  mlir::Value source;
  /// Sizes and flat-offset coefficients of the batch dimensions, then the M
  /// ones, of the operand, outermost first.
  llvm::SmallVector<int64_t> batchSizes, batchCoefficients;
  llvm::SmallVector<int64_t> rowSizes, rowCoefficients;
  /// The same for the K dimensions.
  llvm::SmallVector<int64_t> stepSizes, stepCoefficients;
  /// The offset of element [0, 0, 0].
  int64_t base = 0;
  /// Whether K is the operand view's inner dimension ([batch, M, K]):
  /// packing reads steps of K as vectors only then.
  bool kInner = true;
  /// How many consecutive steps of K, from a multiple of this, are
  /// consecutive in the source: the innermost K dimension's size when K is
  /// inner and that dimension's coefficient is 1, else 1.
  int64_t contiguousSteps = 1;
  /// Elements of the operand per element of the source.
  double repeats = 1;
};

/// Legality: the left operand `operand`, laid out as `layout`, read through
/// the copy that made it, or the reason it cannot be.
mlir::FailureOr<GatheredOperand>
matchGatheredOperand(mlir::Value operand, const OperandLayout &layout,
                     std::string &reason);

/// Legality of reading `gathered` with `tiles`: in place, element by
/// element, any linear map will do; packed, `lanes` steps of K at a time
/// are read as one vector, which needs K inner and contiguous in the
/// source. The reason it cannot be read, or an empty string.
std::string refuseGatheredReads(const GatheredOperand &gathered,
                                const ContractionTiles &tiles, int64_t lanes);

/// The host's tiles for a product accumulating in `accumulatorType` with
/// operands of `operandType`: vector width and register count from the CPU
/// features LLVM reports (AVX-512, AVX2/AVX, SSE/NEON), cache sizes from the
/// operating system (32 KiB L1 and 512 KiB L2 when it does not say).
ContractionTiles getHostContractionTiles(mlir::Type accumulatorType,
                                         mlir::Type operandType);

/// Policy: the tiles for one legal product, or a refusal.
struct ContractionPolicy {
  virtual ~ContractionPolicy() = default;
  /// The reason not to generate a kernel, or an empty string.
  virtual std::string refuse(const ContractionMatch &match) const;
  /// The tiles for `match`, fitted to its sizes. `gathered` is the left
  /// operand read through its copy, when that is legal.
  virtual ContractionTiles
  choose(const ContractionMatch &match,
         const GatheredOperand *gathered = nullptr) const;
};

/// Tile sizes that replace the policy's (every field other than 0), and
/// where the left operand is packed.
struct TileContractionsOptions {
  ContractionTiles overrides{0, 0, 0, 0, 0, 0, 0};
  LeftPacking leftPacking = LeftPacking::Policy;
};

/// Rewrites each legal, accepted product (and the elementwise epilogue that
/// is its only user) into operand packing plus a parallel loop over result
/// tiles with a register-tiled vector kernel.
void populateTileContractionsPatterns(
    mlir::RewritePatternSet &patterns,
    std::shared_ptr<const ContractionPolicy> policy,
    const TileContractionsOptions &options);

/// Rewrites `x + A B`, an elementwise sum whose other operand is a legal
/// product starting from zeros, into the product starting from `x`, so that
/// an accumulator carried by a loop is updated in place.
void populateAccumulateIntoProductPatterns(mlir::RewritePatternSet &patterns);

} // namespace fuse

#endif // FUSE_CODEGEN_CPU_TILECONTRACTIONS_H
