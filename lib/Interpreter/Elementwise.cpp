//===- Elementwise.cpp - elementwise ops in the interpreter ---------------===//
//
// XLA's element semantics, one function per op and element kind. Float
// functions compute in double; Tensor::setFloat then rounds to the element
// format. Integer functions compute on 64 bits with wraparound;
// Tensor::setInt then wraps to the element width, which gives the same
// result as computing at that width.
//
//===----------------------------------------------------------------------===//

#include "Evaluators.h"

#include "fuse/Dialect/HLO/IR/ReducePrecision.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/bit.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <cmath>
#include <limits>

using namespace mlir;

namespace fuse::interp {
namespace {

//===----------------------------------------------------------------------===//
// Element functions
//===----------------------------------------------------------------------===//

// Through uint64_t: signed overflow is undefined in C++, wraparound is not.
int64_t wrappingAdd(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) +
                              static_cast<uint64_t>(b));
}
int64_t wrappingSubtract(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) -
                              static_cast<uint64_t>(b));
}
int64_t wrappingMultiply(int64_t a, int64_t b) {
  return static_cast<int64_t>(static_cast<uint64_t>(a) *
                              static_cast<uint64_t>(b));
}
int64_t wrappingNegate(int64_t x) { return wrappingSubtract(0, x); }

/// abs(INT_MIN) wraps to INT_MIN.
int64_t intAbs(int64_t x) { return x < 0 ? wrappingNegate(x) : x; }

int64_t intSign(int64_t x) { return x < 0 ? -1 : (x > 0 ? 1 : 0); }

/// XLA: x / 0 is -1; INT_MIN / -1 wraps to INT_MIN.
int64_t intDivide(int64_t a, int64_t b) {
  if (b == 0)
    return -1;
  if (b == -1)
    return wrappingNegate(a);
  return a / b;
}

/// XLA: x % 0 is x; INT_MIN % -1 is 0. C++'s % takes the dividend's sign.
int64_t intRemainder(int64_t a, int64_t b) {
  if (b == 0)
    return a;
  if (b == -1)
    return 0;
  return a % b;
}

/// XLA: a negative exponent gives 1 for base 1 and 0 for every other base,
/// -1 included.
int64_t intPower(int64_t base, int64_t exponent) {
  if (exponent < 0)
    return base == 1 ? 1 : 0;
  int64_t result = 1;
  for (; exponent != 0; exponent /= 2) {
    if (exponent % 2 == 1)
      result = wrappingMultiply(result, base);
    base = wrappingMultiply(base, base);
  }
  return result;
}

/// NaN if either is NaN; -0.0 counts as less than +0.0.
double floatMaximum(double a, double b) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  if (a == b)
    return std::signbit(a) ? b : a;
  return a > b ? a : b;
}

double floatMinimum(double a, double b) {
  if (std::isnan(a))
    return a;
  if (std::isnan(b))
    return b;
  if (a == b)
    return std::signbit(a) ? a : b;
  return a < b ? a : b;
}

/// -1 or 1; zeros and NaN are returned unchanged.
double floatSign(double x) {
  if (std::isnan(x) || x == 0.0)
    return x;
  return x < 0.0 ? -1.0 : 1.0;
}

double roundNearestEven(double x) {
  llvm::APFloat rounded(x);
  rounded.roundToIntegral(llvm::APFloat::rmNearestTiesToEven);
  return rounded.convertToDouble();
}

struct UnaryElementFns {
  double (*onFloat)(double);
  int64_t (*onInt)(int64_t);
};

std::optional<UnaryElementFns> getUnaryElementFns(Operation *op) {
  using Fns = UnaryElementFns;
  if (isa<hlo::AbsOp>(op))
    return Fns{[](double x) { return std::fabs(x); }, intAbs};
  if (isa<hlo::NegOp>(op))
    return Fns{[](double x) { return -x; }, wrappingNegate};
  if (isa<hlo::SignOp>(op))
    return Fns{floatSign, intSign};
  if (isa<hlo::FloorOp>(op))
    return Fns{[](double x) { return std::floor(x); }, nullptr};
  if (isa<hlo::CeilOp>(op))
    return Fns{[](double x) { return std::ceil(x); }, nullptr};
  if (isa<hlo::RoundNearestEvenOp>(op))
    return Fns{roundNearestEven, nullptr};
  if (isa<hlo::ExpOp>(op))
    return Fns{[](double x) { return std::exp(x); }, nullptr};
  if (isa<hlo::Expm1Op>(op))
    return Fns{[](double x) { return std::expm1(x); }, nullptr};
  if (isa<hlo::LogOp>(op))
    return Fns{[](double x) { return std::log(x); }, nullptr};
  if (isa<hlo::Log1pOp>(op))
    return Fns{[](double x) { return std::log1p(x); }, nullptr};
  if (isa<hlo::LogisticOp>(op))
    return Fns{[](double x) { return 1.0 / (1.0 + std::exp(-x)); }, nullptr};
  if (isa<hlo::TanhOp>(op))
    return Fns{[](double x) { return std::tanh(x); }, nullptr};
  if (isa<hlo::SqrtOp>(op))
    return Fns{[](double x) { return std::sqrt(x); }, nullptr};
  if (isa<hlo::RsqrtOp>(op))
    return Fns{[](double x) { return 1.0 / std::sqrt(x); }, nullptr};
  if (isa<hlo::SineOp>(op))
    return Fns{[](double x) { return std::sin(x); }, nullptr};
  if (isa<hlo::CosineOp>(op))
    return Fns{[](double x) { return std::cos(x); }, nullptr};
  if (isa<hlo::CbrtOp>(op))
    return Fns{[](double x) { return std::cbrt(x); }, nullptr};
  if (isa<hlo::TanOp>(op))
    return Fns{[](double x) { return std::tan(x); }, nullptr};
  if (isa<hlo::ErfOp>(op))
    return Fns{[](double x) { return std::erf(x); }, nullptr};
  // Bitwise on integers; on i1 (0 or 1) wrapping keeps the lowest bit, which
  // makes it the logical not.
  if (isa<hlo::NotOp>(op))
    return Fns{nullptr, [](int64_t x) { return ~x; }};
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

RankedTensorType resultType(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType());
}

Tensor mapUnary(const Tensor &operand, UnaryElementFns fns) {
  Tensor result(operand.getType());
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i) {
    if (operand.isFloat())
      result.setFloat(i, fns.onFloat(operand.getFloat(i)));
    else
      result.setInt(i, fns.onInt(operand.getInt(i)));
  }
  return result;
}

Tensor mapBinary(const Tensor &lhs, const Tensor &rhs, BinaryElementFns fns) {
  Tensor result(lhs.getType());
  for (int64_t i = 0, e = lhs.getNumElements(); i < e; ++i) {
    if (lhs.isFloat())
      result.setFloat(i, fns.onFloat(lhs.getFloat(i), rhs.getFloat(i)));
    else
      result.setInt(i, fns.onInt(lhs.getInt(i), rhs.getInt(i)));
  }
  return result;
}

/// C++'s comparisons of doubles are the ordered ones XLA specifies: false
/// with a NaN operand, except !=. i1 holds 0 or 1, so comparing it as signed
/// is comparing it as unsigned.
template <typename T>
bool compareElements(hlo::ComparisonDirection direction, T a, T b) {
  switch (direction) {
  case hlo::ComparisonDirection::EQ:
    return a == b;
  case hlo::ComparisonDirection::NE:
    return a != b;
  case hlo::ComparisonDirection::LT:
    return a < b;
  case hlo::ComparisonDirection::LE:
    return a <= b;
  case hlo::ComparisonDirection::GT:
    return a > b;
  case hlo::ComparisonDirection::GE:
    return a >= b;
  }
  llvm_unreachable("unknown comparison direction");
}

Tensor evaluateCompare(hlo::CompareOp op, const Tensor &lhs,
                       const Tensor &rhs) {
  Tensor result(resultType(op));
  hlo::ComparisonDirection direction = op.getComparisonDirection();
  hlo::ComparisonType order = op.getEffectiveCompareType();
  unsigned width = op.getLhs().getType().getElementTypeBitWidth();
  for (int64_t i = 0, e = lhs.getNumElements(); i < e; ++i) {
    bool value;
    switch (order) {
    case hlo::ComparisonType::FLOAT:
      value = compareElements(direction, lhs.getFloat(i), rhs.getFloat(i));
      break;
    case hlo::ComparisonType::TOTALORDER:
      value = compareElements(direction, totalOrderKey(lhs.getFloat(i)),
                              totalOrderKey(rhs.getFloat(i)));
      break;
    case hlo::ComparisonType::SIGNED:
      // Unsigned elements are held zero-extended: read their bits as signed.
      value =
          compareElements(direction, llvm::SignExtend64(lhs.getInt(i), width),
                          llvm::SignExtend64(rhs.getInt(i), width));
      break;
    case hlo::ComparisonType::UNSIGNED:
      value = compareElements(direction,
                              llvm::maskTrailingOnes<uint64_t>(width) &
                                  static_cast<uint64_t>(lhs.getInt(i)),
                              llvm::maskTrailingOnes<uint64_t>(width) &
                                  static_cast<uint64_t>(rhs.getInt(i)));
      break;
    }
    result.setInt(i, value);
  }
  return result;
}

/// The index into an operand that is either rank 0 (and applies to every
/// element) or of the result's shape.
int64_t broadcastIndex(const Tensor &operand, int64_t index) {
  return operand.getRank() == 0 ? 0 : index;
}

Tensor evaluateSelect(const Tensor &pred, const Tensor &onTrue,
                      const Tensor &onFalse) {
  Tensor result(onTrue.getType());
  for (int64_t i = 0, e = onTrue.getNumElements(); i < e; ++i) {
    bool choice = pred.getInt(broadcastIndex(pred, i)) != 0;
    result.setElementFrom(i, choice ? onTrue : onFalse, i);
  }
  return result;
}

/// min(max(operand, lo), hi), with the NaN propagation of maximum/minimum.
Tensor evaluateClamp(const Tensor &lo, const Tensor &operand,
                     const Tensor &hi) {
  Tensor result(operand.getType());
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i) {
    int64_t loIndex = broadcastIndex(lo, i), hiIndex = broadcastIndex(hi, i);
    if (operand.isFloat())
      result.setFloat(i, floatMinimum(floatMaximum(operand.getFloat(i),
                                                   lo.getFloat(loIndex)),
                                      hi.getFloat(hiIndex)));
    else
      result.setInt(i, std::min(std::max(operand.getInt(i), lo.getInt(loIndex)),
                                hi.getInt(hiIndex)));
  }
  return result;
}

/// Rounds toward zero and saturates; NaN becomes 0.
int64_t floatToInt(double value, unsigned width) {
  if (std::isnan(value))
    return 0;
  double truncated = std::trunc(value);
  // 2^(width-1) is exact in double, so these comparisons are exact.
  double limit = std::ldexp(1.0, width - 1);
  if (truncated >= limit)
    return llvm::maxIntN(width);
  if (truncated < -limit)
    return llvm::minIntN(width);
  return static_cast<int64_t>(truncated);
}

/// Rounds toward zero and saturates to [0, 2^width - 1]; NaN becomes 0.
int64_t floatToUnsigned(double value, unsigned width) {
  if (std::isnan(value) || value <= 0.0)
    return 0;
  double truncated = std::trunc(value);
  // 2^width is exact in double, so this comparison is exact.
  if (truncated >= std::ldexp(1.0, width))
    return static_cast<int64_t>(llvm::maxUIntN(width));
  return static_cast<int64_t>(static_cast<uint64_t>(truncated));
}

/// Rounds `value` (read as unsigned when `isUnsigned`) to `type` once.
/// Going through double first would round twice for 64-bit integers.
double intToFloat(int64_t value, bool isUnsigned, FloatType type) {
  llvm::APFloat result(type.getFloatSemantics());
  result.convertFromAPInt(llvm::APInt(64, value, /*isSigned=*/!isUnsigned),
                          /*IsSigned=*/!isUnsigned,
                          llvm::APFloat::rmNearestTiesToEven);
  return result.convertToDouble();
}

/// The bits of every element read as the result type, of the same width.
Tensor evaluateBitcastConvert(const Tensor &operand, RankedTensorType type) {
  Tensor result(type);
  Type from = operand.getElementType(), to = type.getElementType();
  unsigned width = from.getIntOrFloatBitWidth();
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i) {
    llvm::APInt bits;
    if (auto floatType = dyn_cast<FloatType>(from)) {
      llvm::APFloat value(operand.getFloat(i));
      bool losesInfo;
      value.convert(floatType.getFloatSemantics(),
                    llvm::APFloat::rmNearestTiesToEven, &losesInfo);
      bits = value.bitcastToAPInt();
    } else {
      bits = llvm::APInt(width, static_cast<uint64_t>(operand.getInt(i)),
                         /*isSigned=*/false, /*implicitTrunc=*/true);
    }
    if (auto floatType = dyn_cast<FloatType>(to))
      result.setFloat(
          i,
          llvm::APFloat(floatType.getFloatSemantics(), bits).convertToDouble());
    else
      result.setInt(i, static_cast<int64_t>(bits.getZExtValue()));
  }
  return result;
}

/// The ops whose result on unsigned integers differs from the signed one
/// of the same bits. Values below 2^63 are held zero-extended, so only u64
/// needs unsigned arithmetic here, and shift_right_arithmetic, which sees
/// the bits as signed, at every width.
std::optional<Tensor> evaluateUnsigned(Operation *op,
                                       ArrayRef<Tensor> operands) {
  const Tensor &lhs = operands[0];
  Type element = lhs.getElementType();
  if (!element.isUnsignedInteger())
    return std::nullopt;
  unsigned width = element.getIntOrFloatBitWidth();
  auto map2 = [&](auto fn) {
    Tensor result(lhs.getType());
    for (int64_t i = 0, e = lhs.getNumElements(); i < e; ++i)
      result.setInt(i, static_cast<int64_t>(
                           fn(static_cast<uint64_t>(lhs.getInt(i)),
                              static_cast<uint64_t>(operands[1].getInt(i)))));
    return result;
  };
  if (isa<hlo::ShiftRightArithmeticOp>(op))
    return map2([&](uint64_t value, uint64_t amount) {
      int64_t signedValue = llvm::SignExtend64(value, width);
      return static_cast<uint64_t>(signedValue >>
                                   std::min<uint64_t>(amount, width - 1));
    });
  if (width != 64)
    return std::nullopt;
  if (isa<hlo::DivOp>(op))
    return map2([](uint64_t a, uint64_t b) { return b ? a / b : ~b; });
  if (isa<hlo::RemOp>(op))
    return map2([](uint64_t a, uint64_t b) { return b ? a % b : a; });
  if (isa<hlo::MaxOp>(op))
    return map2([](uint64_t a, uint64_t b) { return std::max(a, b); });
  if (isa<hlo::MinOp>(op))
    return map2([](uint64_t a, uint64_t b) { return std::min(a, b); });
  if (isa<hlo::PowOp>(op))
    return map2([](uint64_t base, uint64_t exponent) {
      uint64_t result = 1;
      for (; exponent; exponent >>= 1, base *= base)
        if (exponent & 1)
          result *= base;
      return result;
    });
  if (isa<hlo::AbsOp>(op))
    return lhs;
  if (isa<hlo::SignOp>(op)) {
    Tensor result(lhs.getType());
    for (int64_t i = 0, e = lhs.getNumElements(); i < e; ++i)
      result.setInt(i, lhs.getInt(i) != 0);
    return result;
  }
  if (isa<hlo::ClampOp>(op)) {
    const Tensor &lo = operands[0], &x = operands[1], &hi = operands[2];
    Tensor result(x.getType());
    for (int64_t i = 0, e = x.getNumElements(); i < e; ++i) {
      auto at = [&](const Tensor &t) {
        return static_cast<uint64_t>(t.getInt(broadcastIndex(t, i)));
      };
      result.setInt(
          i, static_cast<int64_t>(std::min(std::max(at(x), at(lo)), at(hi))));
    }
    return result;
  }
  return std::nullopt;
}

/// The bits of an integer element of width `width` (stored sign-extended).
uint64_t bitsOf(int64_t value, unsigned width) {
  return width == 64
             ? static_cast<uint64_t>(value)
             : static_cast<uint64_t>(value) & ((uint64_t{1} << width) - 1);
}

/// popcnt and count_leading_zeros, which depend on the element width.
std::optional<Tensor> evaluateBitCount(Operation *op, const Tensor &operand) {
  if (!isa<hlo::PopcntOp, hlo::CountLeadingZerosOp>(op))
    return std::nullopt;
  unsigned width = operand.getElementType().getIntOrFloatBitWidth();
  Tensor result(operand.getType());
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i) {
    uint64_t bits = bitsOf(operand.getInt(i), width);
    result.setInt(i, isa<hlo::PopcntOp>(op)
                         ? llvm::popcount(bits)
                         : llvm::countl_zero(bits) - (64 - width));
  }
  return result;
}

/// The shifts: a shift by the bit width or more (the amount read as
/// unsigned) shifts every bit out.
std::optional<Tensor> evaluateShift(Operation *op, const Tensor &lhs,
                                    const Tensor &rhs) {
  if (!isa<hlo::ShiftLeftOp, hlo::ShiftRightLogicalOp,
           hlo::ShiftRightArithmeticOp>(op))
    return std::nullopt;
  unsigned width = lhs.getElementType().getIntOrFloatBitWidth();
  Tensor result(lhs.getType());
  for (int64_t i = 0, e = lhs.getNumElements(); i < e; ++i) {
    int64_t value = lhs.getInt(i);
    uint64_t amount = bitsOf(rhs.getInt(i), width);
    int64_t shifted;
    if (isa<hlo::ShiftLeftOp>(op))
      shifted =
          amount >= width
              ? 0
              : static_cast<int64_t>(static_cast<uint64_t>(value) << amount);
    else if (isa<hlo::ShiftRightLogicalOp>(op))
      shifted = amount >= width
                    ? 0
                    : static_cast<int64_t>(bitsOf(value, width) >> amount);
    else // The stored value is sign-extended: shifting it keeps the sign.
      shifted = value >> std::min<uint64_t>(amount, width - 1);
    result.setInt(i, shifted);
  }
  return result;
}

Tensor evaluateIsFinite(const Tensor &operand, RankedTensorType type) {
  Tensor result(type);
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i)
    result.setInt(i, std::isfinite(operand.getFloat(i)));
  return result;
}

} // namespace

/// XLA's convert: anything to i1 is "!= 0"; i1 and unsigned integers
/// convert as unsigned, which their zero-extended values already are.
Tensor evaluateConvert(const Tensor &operand, RankedTensorType type) {
  Tensor result(type);
  Type to = type.getElementType();
  bool fromUnsigned = operand.getElementType().isUnsignedInteger();
  for (int64_t i = 0, e = operand.getNumElements(); i < e; ++i) {
    if (to.isInteger(1)) {
      result.setInt(i, operand.isFloat() ? operand.getFloat(i) != 0.0
                                         : operand.getInt(i) != 0);
    } else if (auto floatType = dyn_cast<FloatType>(to)) {
      result.setFloat(
          i, operand.isFloat()
                 ? operand.getFloat(i)
                 : intToFloat(operand.getInt(i), fromUnsigned, floatType));
    } else if (operand.isFloat()) {
      unsigned width = to.getIntOrFloatBitWidth();
      result.setInt(i, to.isUnsignedInteger()
                           ? floatToUnsigned(operand.getFloat(i), width)
                           : floatToInt(operand.getFloat(i), width));
    } else {
      result.setInt(i, operand.getInt(i));
    }
  }
  return result;
}

/// XLA's reduce_precision of one element of float type `type`, on its
/// bits (ReducePrecision.h).
double reducePrecision(double value, FloatType type, int exponentBits,
                       int mantissaBits) {
  if (std::isnan(value))
    return value;
  llvm::APFloat element(value);
  bool losesInfo;
  element.convert(type.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven,
                  &losesInfo);
  auto masks = hlo::ReducePrecisionMasks::get(type, exponentBits, mantissaBits);
  uint64_t bits = element.bitcastToAPInt().getZExtValue();
  if (masks.roundsMantissa) {
    uint64_t lastKept = (bits & masks.lastKeptBit) >> masks.droppedBits;
    bits = (bits + masks.roundingBias + lastKept) & masks.keptMask;
  }
  if (masks.limitsExponent) {
    uint64_t exponent = bits & masks.exponentMask;
    if (exponent > masks.overflowAbove)
      bits = (bits & masks.signBit) | masks.exponentMask;
    else if (exponent <= masks.underflowAtOrBelow)
      bits &= masks.signBit;
  }
  return llvm::APFloat(type.getFloatSemantics(), llvm::APInt(masks.width, bits))
      .convertToDouble();
}

int64_t totalOrderKey(double value) {
  int64_t bits = llvm::bit_cast<int64_t>(value);
  return bits < 0 ? bits ^ std::numeric_limits<int64_t>::max() : bits;
}

std::optional<BinaryElementFns> getBinaryElementFns(Operation *op) {
  using Fns = BinaryElementFns;
  if (isa<hlo::AddOp>(op))
    return Fns{[](double a, double b) { return a + b; }, wrappingAdd};
  if (isa<hlo::SubtractOp>(op))
    return Fns{[](double a, double b) { return a - b; }, wrappingSubtract};
  if (isa<hlo::MulOp>(op))
    return Fns{[](double a, double b) { return a * b; }, wrappingMultiply};
  if (isa<hlo::DivOp>(op))
    return Fns{[](double a, double b) { return a / b; }, intDivide};
  // fmod is exact and takes the sign of the dividend.
  if (isa<hlo::RemOp>(op))
    return Fns{[](double a, double b) { return std::fmod(a, b); },
               intRemainder};
  if (isa<hlo::PowOp>(op))
    return Fns{[](double a, double b) { return std::pow(a, b); }, intPower};
  if (isa<hlo::MaxOp>(op))
    return Fns{floatMaximum,
               [](int64_t a, int64_t b) { return std::max(a, b); }};
  if (isa<hlo::MinOp>(op))
    return Fns{floatMinimum,
               [](int64_t a, int64_t b) { return std::min(a, b); }};
  // Bitwise on integers, hence logical on i1's 0 and 1.
  if (isa<hlo::AndOp>(op))
    return Fns{nullptr, [](int64_t a, int64_t b) { return a & b; }};
  if (isa<hlo::OrOp>(op))
    return Fns{nullptr, [](int64_t a, int64_t b) { return a | b; }};
  if (isa<hlo::XorOp>(op))
    return Fns{nullptr, [](int64_t a, int64_t b) { return a ^ b; }};
  if (isa<hlo::Atan2Op>(op))
    return Fns{[](double a, double b) { return std::atan2(a, b); }, nullptr};
  return std::nullopt;
}

std::optional<Tensor> evaluateElementwiseOp(Operation *op,
                                            ArrayRef<Tensor> operands) {
  if (!operands.empty() && !isa<hlo::ConvertOp, hlo::BitcastConvertOp,
                                hlo::CompareOp, hlo::SelectOp>(op))
    if (std::optional<Tensor> result = evaluateUnsigned(op, operands))
      return result;
  if (std::optional<UnaryElementFns> fns = getUnaryElementFns(op))
    return mapUnary(operands[0], *fns);
  if (std::optional<BinaryElementFns> fns = getBinaryElementFns(op))
    return mapBinary(operands[0], operands[1], *fns);
  if (std::optional<Tensor> counted = evaluateBitCount(op, operands[0]))
    return counted;
  if (std::optional<Tensor> shifted =
          operands.size() == 2 ? evaluateShift(op, operands[0], operands[1])
                               : std::nullopt)
    return shifted;
  if (isa<hlo::IsFiniteOp>(op))
    return evaluateIsFinite(operands[0], resultType(op));
  if (auto compare = dyn_cast<hlo::CompareOp>(op))
    return evaluateCompare(compare, operands[0], operands[1]);
  if (isa<hlo::SelectOp>(op))
    return evaluateSelect(operands[0], operands[1], operands[2]);
  if (isa<hlo::ClampOp>(op))
    return evaluateClamp(operands[0], operands[1], operands[2]);
  if (isa<hlo::ConvertOp>(op))
    return evaluateConvert(operands[0], resultType(op));
  if (isa<hlo::BitcastConvertOp>(op))
    return evaluateBitcastConvert(operands[0], resultType(op));
  if (auto reduce = dyn_cast<hlo::ReducePrecisionOp>(op)) {
    Tensor result(resultType(op));
    auto type = cast<FloatType>(result.getElementType());
    for (int64_t i = 0, e = result.getNumElements(); i < e; ++i)
      result.setFloat(i, reducePrecision(operands[0].getFloat(i), type,
                                         reduce.getExponentBits(),
                                         reduce.getMantissaBits()));
    return result;
  }
  return std::nullopt;
}

} // namespace fuse::interp
