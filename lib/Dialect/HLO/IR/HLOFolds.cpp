//===- HLOFolds.cpp - hlo folders -----------------------------------------===//
//
// Constant folding with XLA's element semantics (integer division by zero,
// NaN-propagating maximum, ...) and the trivial algebraic identities. Only
// splats and constants of at most kMaxFoldElements elements are folded, so
// that canonicalization never materialises large tensors.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"
#include "llvm/ADT/APSInt.h"
#include <cmath>

using namespace mlir;
using namespace fuse::hlo;
using llvm::APFloat;
using llvm::APInt;

namespace {

constexpr int64_t kMaxFoldElements = 1 << 16;

/// The value of a constant operand, if it is cheap enough to fold.
DenseElementsAttr foldableConstant(Attribute attr) {
  auto dense = dyn_cast_if_present<DenseElementsAttr>(attr);
  if (!dense || (!dense.isSplat() && dense.getNumElements() > kMaxFoldElements))
    return {};
  // The folds compute on APFloat or APInt; complex elements are neither.
  if (isa<ComplexType>(dense.getElementType()))
    return {};
  return dense;
}

/// Applies `fn` to every element of a constant; null when `fn` gives up.
template <typename In, typename Out>
Attribute mapElements(Attribute operand, ShapedType resultType,
                      llvm::function_ref<std::optional<Out>(const In &)> fn) {
  DenseElementsAttr input = foldableConstant(operand);
  if (!input)
    return {};
  if (input.isSplat()) {
    std::optional<Out> value = fn(input.getSplatValue<In>());
    if (!value)
      return {};
    return DenseElementsAttr::get(resultType, ArrayRef<Out>(*value));
  }
  SmallVector<Out> values;
  values.reserve(input.getNumElements());
  for (In element : input.getValues<In>()) {
    std::optional<Out> value = fn(element);
    if (!value)
      return {};
    values.push_back(*value);
  }
  return DenseElementsAttr::get(resultType, values);
}

/// Applies `fn` to every pair of elements of two constants.
template <typename In, typename Out>
Attribute
zipElements(Attribute lhsAttr, Attribute rhsAttr, ShapedType resultType,
            llvm::function_ref<std::optional<Out>(const In &, const In &)> fn) {
  DenseElementsAttr lhs = foldableConstant(lhsAttr);
  DenseElementsAttr rhs = foldableConstant(rhsAttr);
  if (!lhs || !rhs)
    return {};
  if (lhs.isSplat() && rhs.isSplat()) {
    std::optional<Out> value =
        fn(lhs.getSplatValue<In>(), rhs.getSplatValue<In>());
    if (!value)
      return {};
    return DenseElementsAttr::get(resultType, ArrayRef<Out>(*value));
  }
  SmallVector<Out> values;
  values.reserve(resultType.getNumElements());
  auto lhsValues = lhs.getValues<In>();
  auto rhsValues = rhs.getValues<In>();
  for (int64_t i = 0, e = resultType.getNumElements(); i < e; ++i) {
    std::optional<Out> value = fn(lhsValues[i], rhsValues[i]);
    if (!value)
      return {};
    values.push_back(*value);
  }
  return DenseElementsAttr::get(resultType, values);
}

using FloatUnaryFn =
    llvm::function_ref<std::optional<APFloat>(const APFloat &)>;
using IntUnaryFn = llvm::function_ref<std::optional<APInt>(const APInt &)>;
using FloatBinaryFn = llvm::function_ref<std::optional<APFloat>(
    const APFloat &, const APFloat &)>;
using IntBinaryFn =
    llvm::function_ref<std::optional<APInt>(const APInt &, const APInt &)>;

/// Folds a unary elementwise op: `floatFn` for float elements, `intFn` for
/// integer and i1 elements (either may be null when it does not apply).
Attribute foldUnary(Attribute operand, ShapedType type, FloatUnaryFn floatFn,
                    IntUnaryFn intFn) {
  if (isa<FloatType>(type.getElementType()))
    return floatFn ? mapElements<APFloat, APFloat>(operand, type, floatFn)
                   : Attribute();
  return intFn ? mapElements<APInt, APInt>(operand, type, intFn) : Attribute();
}

Attribute foldBinary(Attribute lhs, Attribute rhs, ShapedType type,
                     FloatBinaryFn floatFn, IntBinaryFn intFn) {
  if (isa<FloatType>(type.getElementType()))
    return floatFn ? zipElements<APFloat, APFloat>(lhs, rhs, type, floatFn)
                   : Attribute();
  return intFn ? zipElements<APInt, APInt>(lhs, rhs, type, intFn) : Attribute();
}

/// Evaluates `fn` in double precision and rounds back to x's format.
APFloat viaDouble(const APFloat &x, double (*fn)(double)) {
  bool losesInfo;
  APFloat wide = x;
  wide.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &losesInfo);
  APFloat result(fn(wide.convertToDouble()));
  result.convert(x.getSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
  return result;
}

APFloat viaDouble(const APFloat &x, const APFloat &y,
                  double (*fn)(double, double)) {
  bool losesInfo;
  APFloat wideX = x, wideY = y;
  wideX.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  wideY.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven,
                &losesInfo);
  APFloat result(fn(wideX.convertToDouble(), wideY.convertToDouble()));
  result.convert(x.getSemantics(), APFloat::rmNearestTiesToEven, &losesInfo);
  return result;
}

/// A float fold through a double-precision libm function.
std::function<std::optional<APFloat>(const APFloat &)>
libm(double (*fn)(double)) {
  return [fn](const APFloat &x) -> std::optional<APFloat> {
    return viaDouble(x, fn);
  };
}

/// Whether `attr` is a splat constant equal to `value` (+0.0 and -0.0 both
/// count as 0 for floats).
bool isSplatOf(Attribute attr, int64_t value) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  if (!splat || isa<ComplexType>(splat.getElementType()))
    return false;
  if (isa<FloatType>(splat.getElementType())) {
    APFloat element = splat.getSplatValue<APFloat>();
    return element.isZero() ? value == 0 : element.isExactlyValue(value);
  }
  APInt element = splat.getSplatValue<APInt>();
  return element.getBitWidth() == 1 ? element.getZExtValue() == (value & 1)
                                    : element.getSExtValue() == value;
}

bool isSplatOfAllOnes(Attribute attr) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  return splat && splat.getElementType().isInteger() &&
         splat.getSplatValue<APInt>().isAllOnes();
}

APFloat floatSign(const APFloat &x) {
  if (x.isNaN() || x.isZero())
    return x;
  return APFloat::getOne(x.getSemantics(), x.isNegative());
}

/// XLA's integer power: a negative exponent gives 1 for base 1 and 0 for
/// every other base (-1 included).
APInt intPower(const APInt &base, const APInt &exponent) {
  unsigned width = base.getBitWidth();
  if (exponent.isNegative())
    return base.isOne() ? base : APInt(width, 0);
  APInt result(width, 1), square = base;
  for (APInt e = exponent; !e.isZero(); e.lshrInPlace(1)) {
    if (e[0])
      result *= square;
    square *= square;
  }
  return result;
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants and unary elementwise ops
//===----------------------------------------------------------------------===//

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

#define FUSE_FOLD_UNARY(OP, FLOAT_FN, INT_FN)                                  \
  OpFoldResult OP::fold(FoldAdaptor adaptor) {                                 \
    return foldUnary(adaptor.getOperand(), getType(), FLOAT_FN, INT_FN);       \
  }

/// Whether `type`'s elements are unsigned integers.
static bool isUnsignedElement(ShapedType type) {
  return type.getElementType().isUnsignedInteger();
}

OpFoldResult AbsOp::fold(FoldAdaptor adaptor) {
  if (isUnsignedElement(getType()))
    return getOperand();
  return foldUnary(
      adaptor.getOperand(), getType(),
      [](const APFloat &x) -> std::optional<APFloat> { return abs(x); },
      [](const APInt &x) -> std::optional<APInt> { return x.abs(); });
}
FUSE_FOLD_UNARY(
    NegOp, [](const APFloat &x) -> std::optional<APFloat> { return -x; },
    [](const APInt &x) -> std::optional<APInt> { return -x; })
OpFoldResult SignOp::fold(FoldAdaptor adaptor) {
  bool isUnsigned = isUnsignedElement(getType());
  return foldUnary(
      adaptor.getOperand(), getType(),
      [](const APFloat &x) -> std::optional<APFloat> { return floatSign(x); },
      [&](const APInt &x) -> std::optional<APInt> {
        bool negative = !isUnsigned && x.isNegative();
        return APInt(x.getBitWidth(), negative ? -1 : (x.isZero() ? 0 : 1),
                     /*isSigned=*/true);
      });
}

/// Rounds to an integral value in the given rounding mode.
static std::optional<APFloat> roundFloat(const APFloat &x,
                                         APFloat::roundingMode mode) {
  APFloat result = x;
  result.roundToIntegral(mode);
  return result;
}

FUSE_FOLD_UNARY(
    FloorOp,
    [](const APFloat &x) { return roundFloat(x, APFloat::rmTowardNegative); },
    nullptr)
FUSE_FOLD_UNARY(
    CeilOp,
    [](const APFloat &x) { return roundFloat(x, APFloat::rmTowardPositive); },
    nullptr)
FUSE_FOLD_UNARY(
    RoundNearestEvenOp,
    [](const APFloat &x) {
      return roundFloat(x, APFloat::rmNearestTiesToEven);
    },
    nullptr)
FUSE_FOLD_UNARY(ExpOp, libm(std::exp), nullptr)
FUSE_FOLD_UNARY(Expm1Op, libm(std::expm1), nullptr)
FUSE_FOLD_UNARY(LogOp, libm(std::log), nullptr)
FUSE_FOLD_UNARY(Log1pOp, libm(std::log1p), nullptr)
FUSE_FOLD_UNARY(LogisticOp,
                libm([](double x) { return 1.0 / (1.0 + std::exp(-x)); }),
                nullptr)
FUSE_FOLD_UNARY(TanhOp, libm(std::tanh), nullptr)
FUSE_FOLD_UNARY(SqrtOp, libm(std::sqrt), nullptr)
FUSE_FOLD_UNARY(RsqrtOp, libm([](double x) { return 1.0 / std::sqrt(x); }),
                nullptr)
FUSE_FOLD_UNARY(SineOp, libm(std::sin), nullptr)
FUSE_FOLD_UNARY(CosineOp, libm(std::cos), nullptr)
FUSE_FOLD_UNARY(CbrtOp, libm(std::cbrt), nullptr)
FUSE_FOLD_UNARY(TanOp, libm(std::tan), nullptr)
FUSE_FOLD_UNARY(ErfOp, libm(std::erf), nullptr)
FUSE_FOLD_UNARY(PopcntOp, nullptr, [](const APInt &x) -> std::optional<APInt> {
  return APInt(x.getBitWidth(), x.popcount());
})
FUSE_FOLD_UNARY(CountLeadingZerosOp, nullptr,
                [](const APInt &x) -> std::optional<APInt> {
                  return APInt(x.getBitWidth(), x.countl_zero());
                })
FUSE_FOLD_UNARY(NotOp, nullptr,
                [](const APInt &x) -> std::optional<APInt> { return ~x; })

#undef FUSE_FOLD_UNARY

OpFoldResult IsFiniteOp::fold(FoldAdaptor adaptor) {
  return mapElements<APFloat, APInt>(
      adaptor.getOperand(), getType(),
      [](const APFloat &x) -> std::optional<APInt> {
        return APInt(1, x.isFinite());
      });
}

//===----------------------------------------------------------------------===//
// Binary elementwise ops
//===----------------------------------------------------------------------===//

OpFoldResult AddOp::fold(FoldAdaptor adaptor) {
  // x + 0 -> x. For floats this turns -0.0 + 0.0 (= +0.0) into -0.0, as XLA's
  // simplifier does.
  if (isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a + b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a + b;
      });
}

/// Whether `attr` is a splat of +0.0 (floats) or 0 (integers): x - (+0) is
/// exactly x, while x - (-0.0) turns -0.0 into +0.0.
static bool isSplatOfPositiveZero(Attribute attr) {
  auto splat = dyn_cast_if_present<SplatElementsAttr>(attr);
  if (splat && isa<FloatType>(splat.getElementType()))
    return splat.getSplatValue<APFloat>().isPosZero();
  return isSplatOf(attr, 0);
}

OpFoldResult SubtractOp::fold(FoldAdaptor adaptor) {
  if (isSplatOfPositiveZero(adaptor.getRhs()))
    return getLhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a - b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a - b;
      });
}

OpFoldResult MulOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  // x * 0 -> 0 only for integers: for floats Inf * 0 and NaN * 0 are NaN.
  if (getType().getElementType().isInteger() && isSplatOf(adaptor.getRhs(), 0))
    return getRhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a * b;
      },
      [](const APInt &a, const APInt &b) -> std::optional<APInt> {
        return a * b;
      });
}

OpFoldResult DivOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return a / b;
      },
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        // XLA: x / 0 is -1 (all ones) and INT_MIN / -1 is INT_MIN.
        if (b.isZero())
          return APInt::getAllOnes(a.getBitWidth());
        if (isUnsignedElement(getType()))
          return a.udiv(b);
        if (a.isMinSignedValue() && b.isAllOnes())
          return a;
        return a.sdiv(b);
      });
}

OpFoldResult RemOp::fold(FoldAdaptor adaptor) {
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        APFloat result = a;
        result.mod(b);
        return result;
      },
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        // XLA: x % 0 is x and INT_MIN % -1 is 0.
        if (b.isZero())
          return a;
        if (isUnsignedElement(getType()))
          return a.urem(b);
        if (a.isMinSignedValue() && b.isAllOnes())
          return APInt(a.getBitWidth(), 0);
        return a.srem(b);
      });
}

OpFoldResult PowOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 1))
    return getLhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return viaDouble(a, b, std::pow);
      },
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        // An unsigned exponent is never negative.
        if (isUnsignedElement(getType()) && b.isNegative())
          return std::nullopt;
        return intPower(a, b);
      });
}

OpFoldResult MaxOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::maximum(a, b);
      },
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (isUnsignedElement(getType()))
          return a.uge(b) ? a : b;
        return a.sge(b) ? a : b;
      });
}

OpFoldResult MinOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs())
    return getLhs();
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return llvm::minimum(a, b);
      },
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        if (isUnsignedElement(getType()))
          return a.ule(b) ? a : b;
        return a.sle(b) ? a : b;
      });
}

OpFoldResult AndOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() || isSplatOfAllOnes(adaptor.getRhs()))
    return getLhs();
  if (isSplatOf(adaptor.getRhs(), 0))
    return getRhs();
  return foldBinary(adaptor.getLhs(), adaptor.getRhs(), getType(), nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      return a & b;
                    });
}

OpFoldResult OrOp::fold(FoldAdaptor adaptor) {
  if (getLhs() == getRhs() || isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  if (isSplatOfAllOnes(adaptor.getRhs()))
    return getRhs();
  return foldBinary(adaptor.getLhs(), adaptor.getRhs(), getType(), nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      return a | b;
                    });
}

OpFoldResult XorOp::fold(FoldAdaptor adaptor) {
  if (isSplatOf(adaptor.getRhs(), 0))
    return getLhs();
  return foldBinary(adaptor.getLhs(), adaptor.getRhs(), getType(), nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      return a ^ b;
                    });
}

// Shifts by the bit width or more (rhs read as unsigned) shift every bit
// out: XLA defines the result instead of leaving it undefined.
OpFoldResult ShiftLeftOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getLhs(), adaptor.getRhs(), getType(), nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      if (b.uge(a.getBitWidth()))
                        return APInt::getZero(a.getBitWidth());
                      return a.shl(b);
                    });
}

OpFoldResult ShiftRightLogicalOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getLhs(), adaptor.getRhs(), getType(), nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      if (b.uge(a.getBitWidth()))
                        return APInt::getZero(a.getBitWidth());
                      return a.lshr(b);
                    });
}

OpFoldResult ShiftRightArithmeticOp::fold(FoldAdaptor adaptor) {
  return foldBinary(adaptor.getLhs(), adaptor.getRhs(), getType(), nullptr,
                    [](const APInt &a, const APInt &b) -> std::optional<APInt> {
                      if (b.uge(a.getBitWidth()))
                        return a.ashr(a.getBitWidth() - 1);
                      return a.ashr(b);
                    });
}

OpFoldResult Atan2Op::fold(FoldAdaptor adaptor) {
  return foldBinary(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [](const APFloat &a, const APFloat &b) -> std::optional<APFloat> {
        return viaDouble(a, b, std::atan2);
      },
      nullptr);
}

//===----------------------------------------------------------------------===//
// compare, select, convert
//===----------------------------------------------------------------------===//

namespace {

/// Whether `order` (negative, zero or positive, as `a` is below, equal to or
/// above `b`) satisfies `direction`.
bool satisfies(ComparisonDirection direction, int order) {
  switch (direction) {
  case ComparisonDirection::EQ:
    return order == 0;
  case ComparisonDirection::NE:
    return order != 0;
  case ComparisonDirection::LT:
    return order < 0;
  case ComparisonDirection::LE:
    return order <= 0;
  case ComparisonDirection::GT:
    return order > 0;
  case ComparisonDirection::GE:
    return order >= 0;
  }
  llvm_unreachable("unknown comparison direction");
}

/// The float's bits as a signed integer in IEEE-754's total order: negative
/// values have their magnitude bits flipped.
APInt totalOrderKey(const APFloat &value) {
  APInt bits = value.bitcastToAPInt();
  if (bits.isSignBitSet())
    bits ^= APInt::getSignedMaxValue(bits.getBitWidth());
  return bits;
}

int signedOrder(const APInt &a, const APInt &b) {
  return a.slt(b) ? -1 : (a == b ? 0 : 1);
}

} // namespace

OpFoldResult CompareOp::fold(FoldAdaptor adaptor) {
  ComparisonDirection direction = getComparisonDirection();
  ComparisonType order = getEffectiveCompareType();
  // x <op> x is known in every order but FLOAT, where NaN makes it unknown.
  if (getLhs() == getRhs() && order != ComparisonType::FLOAT) {
    bool value[] = {satisfies(direction, 0)};
    return DenseElementsAttr::get(getType(), ArrayRef<bool>(value));
  }
  if (order == ComparisonType::FLOAT)
    return zipElements<APFloat, APInt>(
        adaptor.getLhs(), adaptor.getRhs(), getType(),
        [&](const APFloat &a, const APFloat &b) -> std::optional<APInt> {
          APFloat::cmpResult result = a.compare(b);
          // Unordered satisfies only NE.
          if (result == APFloat::cmpUnordered)
            return APInt(1, direction == ComparisonDirection::NE);
          int sign = result == APFloat::cmpLessThan
                         ? -1
                         : (result == APFloat::cmpEqual ? 0 : 1);
          return APInt(1, satisfies(direction, sign));
        });
  if (order == ComparisonType::TOTALORDER)
    return zipElements<APFloat, APInt>(
        adaptor.getLhs(), adaptor.getRhs(), getType(),
        [&](const APFloat &a, const APFloat &b) -> std::optional<APInt> {
          return APInt(1, satisfies(direction, signedOrder(totalOrderKey(a),
                                                           totalOrderKey(b))));
        });
  bool isUnsigned = order == ComparisonType::UNSIGNED;
  return zipElements<APInt, APInt>(
      adaptor.getLhs(), adaptor.getRhs(), getType(),
      [&](const APInt &a, const APInt &b) -> std::optional<APInt> {
        int sign =
            isUnsigned ? (a.ult(b) ? -1 : (a == b ? 0 : 1)) : signedOrder(a, b);
        return APInt(1, satisfies(direction, sign));
      });
}

OpFoldResult SelectOp::fold(FoldAdaptor adaptor) {
  if (getOnTrue() == getOnFalse())
    return getOnTrue();
  if (auto pred = dyn_cast_if_present<SplatElementsAttr>(adaptor.getPred()))
    return pred.getSplatValue<APInt>().isOne() ? getOnTrue() : getOnFalse();
  return {};
}

namespace {

/// Converts one element between any two hlo element types with XLA's rules:
/// float to integer rounds toward zero and saturates (NaN becomes 0), any
/// type to i1 tests for non-zero, i1 and unsigned integers convert as
/// unsigned.
std::optional<APFloat> convertToFloat(Attribute element, FloatType resultType) {
  bool losesInfo;
  if (auto f = dyn_cast<FloatAttr>(element)) {
    APFloat value = f.getValue();
    value.convert(resultType.getFloatSemantics(), APFloat::rmNearestTiesToEven,
                  &losesInfo);
    return value;
  }
  auto i = cast<IntegerAttr>(element);
  APFloat value(resultType.getFloatSemantics());
  bool isSigned = i.getType().getIntOrFloatBitWidth() != 1 &&
                  !i.getType().isUnsignedInteger();
  value.convertFromAPInt(i.getValue(), isSigned, APFloat::rmNearestTiesToEven);
  return value;
}

std::optional<APInt> convertToInt(Attribute element, unsigned width,
                                  bool toUnsigned) {
  if (auto f = dyn_cast<FloatAttr>(element)) {
    APFloat value = f.getValue();
    if (width == 1)
      return APInt(1, !value.isZero());
    if (value.isNaN())
      return APInt(width, 0);
    llvm::APSInt result(width, toUnsigned);
    bool isExact;
    value.convertToInteger(result, APFloat::rmTowardZero, &isExact);
    return result;
  }
  auto integer = cast<IntegerAttr>(element);
  APInt value = integer.getValue();
  if (width == 1)
    return APInt(1, !value.isZero());
  return value.getBitWidth() == 1 || integer.getType().isUnsignedInteger()
             ? value.zextOrTrunc(width)
             : value.sextOrTrunc(width);
}

} // namespace

OpFoldResult ConvertOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  Type resultElement = getType().getElementType();
  if (isa<ComplexType>(resultElement))
    return {};
  if (auto floatType = dyn_cast<FloatType>(resultElement))
    return mapElements<Attribute, APFloat>(
        adaptor.getOperand(), getType(), [&](const Attribute &element) {
          return convertToFloat(element, floatType);
        });
  unsigned width = resultElement.getIntOrFloatBitWidth();
  bool toUnsigned = resultElement.isUnsignedInteger();
  return mapElements<Attribute, APInt>(
      adaptor.getOperand(), getType(), [&](const Attribute &element) {
        return convertToInt(element, width, toUnsigned);
      });
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

/// A splat constant of `type` when `operand` is a splat constant.
static Attribute reshapeSplat(Attribute operand, ShapedType type) {
  if (auto splat = dyn_cast_if_present<SplatElementsAttr>(operand))
    return splat.resizeSplat(type);
  return {};
}

OpFoldResult BroadcastInDimOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType() &&
      llvm::equal(getBroadcastDimensions(),
                  llvm::seq<int64_t>(0, getType().getRank())))
    return getOperand();
  return reshapeSplat(adaptor.getOperand(), getType());
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  // reshape(reshape(x)) -> reshape(x)
  if (auto inner = getOperand().getDefiningOp<ReshapeOp>()) {
    getOperandMutable().assign(inner.getOperand());
    return getResult();
  }
  if (DenseElementsAttr constant = foldableConstant(adaptor.getOperand()))
    return constant.reshape(getType());
  return {};
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  if (llvm::equal(getPermutation(), llvm::seq<int64_t>(0, getType().getRank())))
    return getOperand();
  return reshapeSplat(adaptor.getOperand(), getType());
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (getOperand().getType() == getType())
    return getOperand();
  if (Attribute splat = reshapeSplat(adaptor.getOperand(), getType()))
    return splat;
  // The kept elements of a constant within the size limit.
  DenseElementsAttr constant = foldableConstant(adaptor.getOperand());
  if (!constant)
    return {};
  SmallVector<Attribute> operandValues(constant.getValues<Attribute>());
  SmallVector<int64_t> operandStrides =
      computeStrides(getOperand().getType().getShape());
  SmallVector<Attribute> values;
  values.reserve(getType().getNumElements());
  SmallVector<int64_t> index(getType().getRank(), 0);
  for (int64_t i = 0, e = getType().getNumElements(); i < e; ++i) {
    int64_t linear = 0;
    for (int64_t d = 0; d < getType().getRank(); ++d)
      linear += (getStartIndices()[d] + index[d] * getStrides()[d]) *
                operandStrides[d];
    values.push_back(operandValues[linear]);
    // The next index in row-major order.
    for (int64_t d = getType().getRank() - 1; d >= 0; --d) {
      if (++index[d] < getType().getDimSize(d))
        break;
      index[d] = 0;
    }
  }
  return DenseElementsAttr::get(getType(), values);
}

OpFoldResult ConcatenateOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1)
    return getInputs().front();
  return {};
}

OpFoldResult PadOp::fold(FoldAdaptor) {
  auto isZero = [](int64_t p) { return p == 0; };
  if (llvm::all_of(getEdgePaddingLow(), isZero) &&
      llvm::all_of(getEdgePaddingHigh(), isZero) &&
      llvm::all_of(getInteriorPadding(), isZero))
    return getOperand();
  return {};
}

OpFoldResult ReverseOp::fold(FoldAdaptor adaptor) {
  // Reversing only dimensions of size 0 or 1 changes nothing.
  if (llvm::all_of(getDimensions(),
                   [&](int64_t d) { return getType().getDimSize(d) <= 1; }))
    return getOperand();
  // reverse(reverse(x, dims), dims) -> x
  if (auto inner = getOperand().getDefiningOp<ReverseOp>()) {
    SmallVector<int64_t> outer(getDimensions()),
        innerDims(inner.getDimensions());
    llvm::sort(outer);
    llvm::sort(innerDims);
    if (outer == innerDims)
      return inner.getOperand();
  }
  return reshapeSplat(adaptor.getOperand(), getType());
}

OpFoldResult DynamicUpdateSliceOp::fold(FoldAdaptor) {
  // An update as large as the operand replaces it (offsets clamp to 0).
  if (getUpdate().getType() == getType())
    return getUpdate();
  return {};
}
