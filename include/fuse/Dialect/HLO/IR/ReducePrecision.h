//===- ReducePrecision.h - the bit masks of reduce_precision ----*- C++ -*-===//
//
// XLA's reduce_precision works on the bits of a float: the mantissa is
// rounded to the kept bits (nearest, ties to even) by adding a bias below
// them and truncating, then exponents past the reduced range saturate to
// infinity or flush to zero; NaN stays. The lowering and the interpreter
// apply the same masks.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_REDUCEPRECISION_H
#define FUSE_DIALECT_HLO_IR_REDUCEPRECISION_H

#include <cstdint>

namespace mlir {
class FloatType;
} // namespace mlir

namespace fuse::hlo {

struct ReducePrecisionMasks {
  unsigned width;
  /// Mantissa rounding, when bits are dropped: add
  /// `roundingBias + ((bits & lastKeptBit) >> droppedBits)`, then keep
  /// `bits & keptMask`.
  bool roundsMantissa;
  unsigned droppedBits;
  uint64_t lastKeptBit, roundingBias, keptMask;
  /// Exponent range, when it shrinks: an exponent field (`bits &
  /// exponentMask`) above `overflowAbove` becomes infinity, one at or
  /// below `underflowAtOrBelow` zero, both keeping `signBit`.
  bool limitsExponent;
  uint64_t signBit, exponentMask, overflowAbove, underflowAtOrBelow;

  static ReducePrecisionMasks get(mlir::FloatType type, int exponentBits,
                                  int mantissaBits);
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_REDUCEPRECISION_H
