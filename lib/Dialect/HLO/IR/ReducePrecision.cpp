//===- ReducePrecision.cpp - the bit masks of reduce_precision ------------===//

#include "fuse/Dialect/HLO/IR/ReducePrecision.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/MathExtras.h"

using namespace fuse::hlo;

ReducePrecisionMasks ReducePrecisionMasks::get(mlir::FloatType type,
                                               int exponentBits,
                                               int mantissaBits) {
  ReducePrecisionMasks masks{};
  masks.width = type.getWidth();
  unsigned sourceMantissa = type.getFPMantissaWidth() - 1;
  unsigned sourceExponent = masks.width - 1 - sourceMantissa;
  masks.roundsMantissa = static_cast<unsigned>(mantissaBits) < sourceMantissa;
  if (masks.roundsMantissa) {
    masks.droppedBits = sourceMantissa - mantissaBits;
    masks.lastKeptBit = uint64_t{1} << masks.droppedBits;
    masks.roundingBias = (masks.lastKeptBit >> 1) - 1;
    masks.keptMask = ~(masks.lastKeptBit - 1);
  }
  masks.limitsExponent = static_cast<unsigned>(exponentBits) < sourceExponent;
  if (masks.limitsExponent) {
    masks.signBit = uint64_t{1} << (masks.width - 1);
    masks.exponentMask = llvm::maskTrailingOnes<uint64_t>(sourceExponent)
                         << sourceMantissa;
    uint64_t bias = llvm::maskTrailingOnes<uint64_t>(sourceExponent - 1);
    uint64_t reducedBias = llvm::maskTrailingOnes<uint64_t>(exponentBits - 1);
    masks.overflowAbove = (bias + reducedBias) << sourceMantissa;
    masks.underflowAtOrBelow = (bias - reducedBias) << sourceMantissa;
  }
  return masks;
}
