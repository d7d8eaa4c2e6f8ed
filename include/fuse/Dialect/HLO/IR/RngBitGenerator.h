//===- RngBitGenerator.h - where rng_bit_generator's bits go ----*- C++ -*-===//
//
// hlo.rng_bit_generator calls its generator once per block, on the counter
// plus the block's number, and each call gives 32-bit words: two
// (Threefry-2x32) or four (Philox-4x32). Which block and word an output
// element takes follows XLA's CPU backend; the lowering and the interpreter
// read it here.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_RNGBITGENERATOR_H
#define FUSE_DIALECT_HLO_IR_RNGBITGENERATOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>
#include <utility>

namespace fuse::hlo {

class RngBitGeneratorOp;
enum class RngAlgorithm : uint32_t;

struct RngBitLayout {
  /// THREE_FRY or PHILOX (DEFAULT is resolved).
  RngAlgorithm algorithm;
  /// Elements of 64 bits take two consecutive words; narrower ones take
  /// the low bits of one.
  bool wideElements;
  /// Threefry with narrow elements pairs the two words of a block along
  /// one output dimension: element index i there takes word i % 2 of the
  /// block at i / 2, the other indices unchanged, numbered row-major in
  /// `blockShape`. It is the first dimension of even size, else the first
  /// of the largest ones; a scalar is one element of shape [1]. -1
  /// otherwise: blocks follow the row-major element number, one per
  /// element (Threefry, wide), one per two (Philox, wide) or four (Philox,
  /// narrow).
  int64_t wordDim = -1;
  llvm::SmallVector<int64_t> blockShape;
  /// The blocks the output uses, by which the counter advances.
  int64_t numBlocks = 0;

  static RngBitLayout get(RngBitGeneratorOp op);

  /// The block and the (first) word of the element at `index`.
  std::pair<int64_t, int64_t> locate(llvm::ArrayRef<int64_t> index,
                                     llvm::ArrayRef<int64_t> shape) const;
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_RNGBITGENERATOR_H
