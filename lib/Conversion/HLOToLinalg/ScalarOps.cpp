//===- ScalarOps.cpp - hlo element semantics in arith/math ----------------===//
//
// XLA's element semantics, spelled in arith and math: integer division by
// zero gives -1 and remainder by zero the dividend, INT_MIN / -1 wraps,
// float-to-integer conversion truncates and saturates (NaN gives 0),
// maximum/minimum propagate NaN, comparisons of floats are ordered except NE.
//
//===----------------------------------------------------------------------===//

#include "fuse/Conversion/HLOToLinalg/ScalarOps.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/ReducePrecision.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// Builds scalar code for one element at a fixed location.
class ScalarEmitter {
public:
  ScalarEmitter(OpBuilder &builder, Location loc) : b(builder), loc(loc) {}

  Value intConstant(Type type, int64_t value) {
    APInt bits(type.getIntOrFloatBitWidth(), value, /*isSigned=*/true);
    return arith::ConstantOp::create(b, loc, type,
                                     b.getIntegerAttr(type, bits));
  }
  Value floatConstant(Type type, double value) {
    return arith::ConstantOp::create(b, loc, type, b.getFloatAttr(type, value));
  }

  /// exp(x) - 1 without cancellation for small x (Kahan's trick:
  /// (u - 1) * (x / log(u)) with u = exp(x) cancels the rounding of u).
  Value expm1(Value x) {
    Type type = x.getType();
    Value one = floatConstant(type, 1.0);
    Value u = math::ExpOp::create(b, loc, x);
    Value uMinusOne = arith::SubFOp::create(b, loc, u, one);
    // x / log(u) is close to 1: no overflow in narrow formats.
    Value ratio = arith::MulFOp::create(
        b, loc, uMinusOne,
        arith::DivFOp::create(b, loc, x, math::LogOp::create(b, loc, u)));
    Value result =
        select(equal(uMinusOne, floatConstant(type, -1.0)), uMinusOne, ratio);
    result = select(equal(u, floatConstant(type, INFINITY)), u, result);
    return select(equal(u, one), x, result);
  }

  /// log(1 + x) without cancellation for small x: log(u) * (x / (u - 1))
  /// with u = 1 + x.
  Value log1p(Value x) {
    Type type = x.getType();
    Value one = floatConstant(type, 1.0);
    Value u = arith::AddFOp::create(b, loc, one, x);
    Value logU = math::LogOp::create(b, loc, u);
    Value ratio = arith::MulFOp::create(
        b, loc, logU,
        arith::DivFOp::create(b, loc, x,
                              arith::SubFOp::create(b, loc, u, one)));
    Value result = select(equal(u, floatConstant(type, INFINITY)), u, ratio);
    return select(equal(u, one), x, result);
  }

  /// atan2(y, x). math.atan2's folder turns two zeros into NaN; libm, XLA
  /// and the interpreter give +-0 or +-pi by the signs, as here.
  Value atan2(Value y, Value x) {
    Type type = y.getType();
    Value zero = floatConstant(type, 0.0);
    Value bothZero =
        arith::AndIOp::create(b, loc, equal(y, zero), equal(x, zero));
    Value xSign = math::CopySignOp::create(b, loc, floatConstant(type, 1.0), x);
    Value onZeros = select(
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, xSign, zero),
        math::CopySignOp::create(b, loc, floatConstant(type, M_PI), y),
        math::CopySignOp::create(b, loc, zero, y));
    return select(bothZero, onZeros, math::Atan2Op::create(b, loc, y, x));
  }

  Value equal(Value lhs, Value rhs) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, lhs, rhs);
  }
  Value select(Value condition, Value whenTrue, Value whenFalse) {
    return arith::SelectOp::create(b, loc, condition, whenTrue, whenFalse);
  }

  /// Signed division with XLA's results for x / 0 and INT_MIN / -1.
  Value divideInt(Value lhs, Value rhs, bool remainder) {
    Type type = lhs.getType();
    unsigned width = type.getIntOrFloatBitWidth();
    Value zero = intConstant(type, 0);
    Value minusOne = intConstant(type, -1);
    Value intMin = arith::ConstantOp::create(
        b, loc, type, b.getIntegerAttr(type, APInt::getSignedMinValue(width)));
    Value byZero =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, zero);
    Value overflow = arith::AndIOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lhs, intMin),
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rhs, minusOne));
    // Divide by 1 where the hardware division would trap.
    Value unsafe = arith::OrIOp::create(b, loc, byZero, overflow);
    Value safeRhs =
        arith::SelectOp::create(b, loc, unsafe, intConstant(type, 1), rhs);
    if (remainder) {
      Value rem = arith::RemSIOp::create(b, loc, lhs, safeRhs);
      Value special = arith::SelectOp::create(b, loc, byZero, lhs, zero);
      return arith::SelectOp::create(b, loc, unsafe, special, rem);
    }
    Value quotient = arith::DivSIOp::create(b, loc, lhs, safeRhs);
    Value special = arith::SelectOp::create(b, loc, byZero, minusOne, intMin);
    return arith::SelectOp::create(b, loc, unsafe, special, quotient);
  }

  /// Integer power by squaring; a negative exponent gives 1 for base 1 and
  /// 0 otherwise, as in XLA. The loop runs while exponent bits remain, not a
  /// fixed bit-width count: LLVM unrolls a fixed-count loop completely, and
  /// vectorizing the unrolled chain after a clamp with scalar bounds sent
  /// LLVM 22's loop vectorizer into endless recursion
  /// (test/Integration/CPU/corpus/clamp-power.mlir).
  Value powerInt(Value base, Value exponent) {
    Type type = base.getType();
    Value one = intConstant(type, 1);
    Value zero = intConstant(type, 0);
    // A negative exponent takes its result from the select below: no loop.
    Value bits = arith::MaxSIOp::create(b, loc, exponent, zero);
    auto loop = scf::WhileOp::create(
        b, loc, TypeRange{type, type, type}, ValueRange{one, base, bits},
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value more = arith::CmpIOp::create(
              nested, nestedLoc, arith::CmpIPredicate::ne, args[2], zero);
          scf::ConditionOp::create(nested, nestedLoc, more, args);
        },
        [&](OpBuilder &nested, Location nestedLoc, ValueRange args) {
          Value result = args[0], square = args[1], remaining = args[2];
          Value bit = arith::AndIOp::create(nested, nestedLoc, remaining, one);
          Value isSet = arith::CmpIOp::create(
              nested, nestedLoc, arith::CmpIPredicate::ne, bit, zero);
          Value product =
              arith::MulIOp::create(nested, nestedLoc, result, square);
          Value next = arith::SelectOp::create(nested, nestedLoc, isSet,
                                               product, result);
          Value nextSquare =
              arith::MulIOp::create(nested, nestedLoc, square, square);
          Value shifted =
              arith::ShRUIOp::create(nested, nestedLoc, remaining, one);
          scf::YieldOp::create(nested, nestedLoc,
                               ValueRange{next, nextSquare, shifted});
        });
    Value positive = loop.getResult(0);
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                           exponent, zero);
    Value forNegative = arith::SelectOp::create(
        b, loc,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, base, one), one,
        zero);
    return arith::SelectOp::create(b, loc, negative, forNegative, positive);
  }

  /// sign(x): -1, 0 or 1; floats keep -0.0, +0.0 and NaN.
  Value sign(Value x) {
    Type type = x.getType();
    if (isa<FloatType>(type)) {
      Value zero = floatConstant(type, 0.0);
      Value one = floatConstant(type, 1.0);
      Value magnitudeOne = math::CopySignOp::create(b, loc, one, x);
      // x == 0 (either zero) or NaN keeps x.
      Value keep =
          arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UEQ, x, zero);
      return arith::SelectOp::create(b, loc, keep, x, magnitudeOne);
    }
    Value zero = intConstant(type, 0);
    Value positive =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, x, zero);
    Value negative =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, x, zero);
    Value result =
        arith::SelectOp::create(b, loc, positive, intConstant(type, 1), zero);
    return arith::SelectOp::create(b, loc, negative, intConstant(type, -1),
                                   result);
  }

  /// XLA's reduce_precision of float `x`, on its bits (ReducePrecision.h).
  Value reducePrecision(Value x, int exponentBits, int mantissaBits) {
    auto type = cast<FloatType>(x.getType());
    auto masks = ReducePrecisionMasks::get(type, exponentBits, mantissaBits);
    Type bitsType = b.getIntegerType(masks.width);
    // The masks as the signed values of their bits, which intConstant takes.
    auto constant = [&](uint64_t value) {
      return intConstant(bitsType, llvm::SignExtend64(value, masks.width));
    };
    Value bits = arith::BitcastOp::create(b, loc, bitsType, x);
    if (masks.roundsMantissa) {
      Value lastKeptBit = arith::ShRUIOp::create(
          b, loc,
          arith::AndIOp::create(b, loc, bits, constant(masks.lastKeptBit)),
          constant(masks.droppedBits));
      Value bias = arith::AddIOp::create(b, loc, lastKeptBit,
                                         constant(masks.roundingBias));
      bits = arith::AndIOp::create(b, loc,
                                   arith::AddIOp::create(b, loc, bits, bias),
                                   constant(masks.keptMask));
    }
    if (masks.limitsExponent) {
      Value exponent =
          arith::AndIOp::create(b, loc, bits, constant(masks.exponentMask));
      Value overflows =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ugt, exponent,
                                constant(masks.overflowAbove));
      Value underflows =
          arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ule, exponent,
                                constant(masks.underflowAtOrBelow));
      Value signedZero =
          arith::AndIOp::create(b, loc, bits, constant(masks.signBit));
      Value signedInfinity = arith::OrIOp::create(b, loc, signedZero,
                                                  constant(masks.exponentMask));
      bits = arith::SelectOp::create(
          b, loc, overflows, signedInfinity,
          arith::SelectOp::create(b, loc, underflows, signedZero, bits));
    }
    Value rounded = arith::BitcastOp::create(b, loc, type, bits);
    Value isNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    return arith::SelectOp::create(b, loc, isNaN, x, rounded);
  }

  Value compare(ComparisonDirection direction, ComparisonType order, Value lhs,
                Value rhs) {
    if (order == ComparisonType::TOTALORDER) {
      lhs = fuse::emitTotalOrderKey(b, loc, lhs);
      rhs = fuse::emitTotalOrderKey(b, loc, rhs);
    } else if (order == ComparisonType::FLOAT) {
      arith::CmpFPredicate predicate;
      switch (direction) {
      case ComparisonDirection::EQ:
        predicate = arith::CmpFPredicate::OEQ;
        break;
      case ComparisonDirection::NE:
        predicate = arith::CmpFPredicate::UNE;
        break;
      case ComparisonDirection::LT:
        predicate = arith::CmpFPredicate::OLT;
        break;
      case ComparisonDirection::LE:
        predicate = arith::CmpFPredicate::OLE;
        break;
      case ComparisonDirection::GT:
        predicate = arith::CmpFPredicate::OGT;
        break;
      case ComparisonDirection::GE:
        predicate = arith::CmpFPredicate::OGE;
        break;
      }
      return arith::CmpFOp::create(b, loc, predicate, lhs, rhs);
    }
    bool isUnsigned = order == ComparisonType::UNSIGNED;
    arith::CmpIPredicate predicate;
    switch (direction) {
    case ComparisonDirection::EQ:
      predicate = arith::CmpIPredicate::eq;
      break;
    case ComparisonDirection::NE:
      predicate = arith::CmpIPredicate::ne;
      break;
    case ComparisonDirection::LT:
      predicate =
          isUnsigned ? arith::CmpIPredicate::ult : arith::CmpIPredicate::slt;
      break;
    case ComparisonDirection::LE:
      predicate =
          isUnsigned ? arith::CmpIPredicate::ule : arith::CmpIPredicate::sle;
      break;
    case ComparisonDirection::GT:
      predicate =
          isUnsigned ? arith::CmpIPredicate::ugt : arith::CmpIPredicate::sgt;
      break;
    case ComparisonDirection::GE:
      predicate =
          isUnsigned ? arith::CmpIPredicate::uge : arith::CmpIPredicate::sge;
      break;
    }
    return arith::CmpIOp::create(b, loc, predicate, lhs, rhs);
  }

  /// `ShiftOp(value, amount)`, or `outOfRange` when the amount, read as
  /// unsigned, is the bit width or more (where arith's shifts are poison).
  template <typename ShiftOp>
  Value shift(Value value, Value amount, Value outOfRange) {
    Type type = value.getType();
    Value inRange =
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, amount,
                              intConstant(type, type.getIntOrFloatBitWidth()));
    return arith::SelectOp::create(
        b, loc, inRange, ShiftOp::create(b, loc, value, amount), outOfRange);
  }

  Value maximum(Value lhs, Value rhs) {
    if (isa<FloatType>(lhs.getType()))
      return arith::MaximumFOp::create(b, loc, lhs, rhs);
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  }
  Value minimum(Value lhs, Value rhs) {
    if (isa<FloatType>(lhs.getType()))
      return arith::MinimumFOp::create(b, loc, lhs, rhs);
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  }

  /// Converts between any two hlo element types with XLA's rules.
  Value convert(Value x, Type to) {
    Type from = x.getType();
    if (from == to)
      return x;
    auto fromFloat = dyn_cast<FloatType>(from);
    auto toFloat = dyn_cast<FloatType>(to);
    if (fromFloat && toFloat && fromFloat.getWidth() == toFloat.getWidth()) {
      // f16 <-> bf16: exact through f32, then one rounding.
      Value wide = arith::ExtFOp::create(b, loc, b.getF32Type(), x);
      return arith::TruncFOp::create(b, loc, to, wide);
    }
    if (fromFloat && toFloat)
      return fromFloat.getWidth() < toFloat.getWidth()
                 ? arith::ExtFOp::create(b, loc, to, x).getResult()
                 : arith::TruncFOp::create(b, loc, to, x).getResult();
    if (toFloat)
      return from.isInteger(1)
                 ? arith::UIToFPOp::create(b, loc, to, x).getResult()
                 : arith::SIToFPOp::create(b, loc, to, x).getResult();
    if (to.isInteger(1))
      return fromFloat
                 ? arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x,
                                         floatConstant(from, 0.0))
                       .getResult()
                 : arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x,
                                         intConstant(from, 0))
                       .getResult();
    if (fromFloat)
      return floatToInt(x, to);
    unsigned fromWidth = from.getIntOrFloatBitWidth();
    unsigned toWidth = to.getIntOrFloatBitWidth();
    if (fromWidth > toWidth)
      return arith::TruncIOp::create(b, loc, to, x);
    return from.isInteger(1)
               ? arith::ExtUIOp::create(b, loc, to, x).getResult()
               : arith::ExtSIOp::create(b, loc, to, x).getResult();
  }

private:
  /// Truncates toward zero, saturating at the integer range; NaN gives 0.
  Value floatToInt(Value x, Type to) {
    unsigned width = to.getIntOrFloatBitWidth();
    // fptosi is poison out of range: compare against the bounds first.
    Value converted = arith::FPToSIOp::create(b, loc, to, x);
    Value lowest = floatConstant(
        x.getType(), APInt::getSignedMinValue(width).getSExtValue());
    Value highest = floatConstant(x.getType(), std::ldexp(1.0, width - 1));
    Value tooLow =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLE, x, lowest);
    Value tooHigh =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGE, x, highest);
    Value isNaN =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, x, x);
    Value result = arith::SelectOp::create(
        b, loc, tooLow,
        arith::ConstantOp::create(
            b, loc, to, b.getIntegerAttr(to, APInt::getSignedMinValue(width))),
        converted);
    result = arith::SelectOp::create(
        b, loc, tooHigh,
        arith::ConstantOp::create(
            b, loc, to, b.getIntegerAttr(to, APInt::getSignedMaxValue(width))),
        result);
    return arith::SelectOp::create(b, loc, isNaN, intConstant(to, 0), result);
  }

  OpBuilder &b;
  Location loc;
};

template <typename FloatOp, typename IntOp>
Value floatOrInt(OpBuilder &b, Location loc, ValueRange operands) {
  if (isa<FloatType>(operands.front().getType()))
    return FloatOp::create(b, loc, operands);
  return IntOp::create(b, loc, operands);
}

} // namespace

Value fuse::emitTotalOrderKey(OpBuilder &b, Location loc, Value value) {
  unsigned width = value.getType().getIntOrFloatBitWidth();
  Type bitsType = b.getIntegerType(width);
  Value bits = arith::BitcastOp::create(b, loc, bitsType, value);
  Value sign = arith::ShRSIOp::create(
      b, loc, bits, arith::ConstantIntOp::create(b, loc, bitsType, width - 1));
  Value magnitude = arith::ShRUIOp::create(
      b, loc, sign, arith::ConstantIntOp::create(b, loc, bitsType, 1));
  return arith::XOrIOp::create(b, loc, bits, magnitude);
}

bool fuse::isScalarizable(Operation *op) {
  return op->hasTrait<OpTrait::Elementwise>() || isa<SelectOp, ClampOp>(op);
}

FailureOr<Value> fuse::emitScalarOp(OpBuilder &b, Location loc, Operation *op,
                                    ValueRange args) {
  ScalarEmitter emit(b, loc);
  Value x = args.empty() ? Value() : args[0];
  auto result =
      llvm::TypeSwitch<Operation *, Value>(op)
          .Case([&](AddOp) {
            return floatOrInt<arith::AddFOp, arith::AddIOp>(b, loc, args);
          })
          .Case([&](SubtractOp) {
            return floatOrInt<arith::SubFOp, arith::SubIOp>(b, loc, args);
          })
          .Case([&](MulOp) {
            return floatOrInt<arith::MulFOp, arith::MulIOp>(b, loc, args);
          })
          .Case([&](DivOp) -> Value {
            if (isa<FloatType>(x.getType()))
              return arith::DivFOp::create(b, loc, args);
            return emit.divideInt(args[0], args[1], /*remainder=*/false);
          })
          .Case([&](RemOp) -> Value {
            if (isa<FloatType>(x.getType()))
              return arith::RemFOp::create(b, loc, args);
            return emit.divideInt(args[0], args[1], /*remainder=*/true);
          })
          .Case([&](PowOp) -> Value {
            if (isa<FloatType>(x.getType()))
              return math::PowFOp::create(b, loc, args);
            return emit.powerInt(args[0], args[1]);
          })
          .Case([&](MaxOp) { return emit.maximum(args[0], args[1]); })
          .Case([&](MinOp) { return emit.minimum(args[0], args[1]); })
          .Case([&](AndOp) { return arith::AndIOp::create(b, loc, args); })
          .Case([&](OrOp) { return arith::OrIOp::create(b, loc, args); })
          .Case([&](XorOp) { return arith::XOrIOp::create(b, loc, args); })
          .Case([&](Atan2Op) { return emit.atan2(args[0], args[1]); })
          .Case([&](ShiftLeftOp) {
            return emit.shift<arith::ShLIOp>(args[0], args[1],
                                             emit.intConstant(x.getType(), 0));
          })
          .Case([&](ShiftRightLogicalOp) {
            return emit.shift<arith::ShRUIOp>(args[0], args[1],
                                              emit.intConstant(x.getType(), 0));
          })
          .Case([&](ShiftRightArithmeticOp) {
            unsigned width = x.getType().getIntOrFloatBitWidth();
            return emit.shift<arith::ShRSIOp>(
                args[0], args[1],
                arith::ShRSIOp::create(
                    b, loc, x, emit.intConstant(x.getType(), width - 1)));
          })
          .Case([&](AbsOp) {
            return floatOrInt<math::AbsFOp, math::AbsIOp>(b, loc, args);
          })
          .Case([&](NegOp) -> Value {
            if (isa<FloatType>(x.getType()))
              return arith::NegFOp::create(b, loc, x);
            return arith::SubIOp::create(b, loc,
                                         emit.intConstant(x.getType(), 0), x);
          })
          .Case([&](SignOp) { return emit.sign(x); })
          .Case([&](FloorOp) { return math::FloorOp::create(b, loc, x); })
          .Case([&](CeilOp) { return math::CeilOp::create(b, loc, x); })
          .Case([&](RoundNearestEvenOp) {
            return math::RoundEvenOp::create(b, loc, x);
          })
          .Case([&](ExpOp) { return math::ExpOp::create(b, loc, x); })
          .Case([&](Expm1Op) { return emit.expm1(x); })
          .Case([&](LogOp) { return math::LogOp::create(b, loc, x); })
          .Case([&](Log1pOp) { return emit.log1p(x); })
          .Case([&](LogisticOp) -> Value {
            Value one = emit.floatConstant(x.getType(), 1.0);
            Value expNeg =
                math::ExpOp::create(b, loc, arith::NegFOp::create(b, loc, x));
            return arith::DivFOp::create(
                b, loc, one, arith::AddFOp::create(b, loc, one, expNeg));
          })
          .Case([&](TanhOp) { return math::TanhOp::create(b, loc, x); })
          .Case([&](SqrtOp) { return math::SqrtOp::create(b, loc, x); })
          .Case([&](RsqrtOp) { return math::RsqrtOp::create(b, loc, x); })
          .Case([&](SineOp) { return math::SinOp::create(b, loc, x); })
          .Case([&](CosineOp) { return math::CosOp::create(b, loc, x); })
          .Case([&](CbrtOp) { return math::CbrtOp::create(b, loc, x); })
          .Case([&](TanOp) { return math::TanOp::create(b, loc, x); })
          .Case([&](ErfOp) { return math::ErfOp::create(b, loc, x); })
          .Case([&](PopcntOp) { return math::CtPopOp::create(b, loc, x); })
          .Case([&](CountLeadingZerosOp) {
            return math::CountLeadingZerosOp::create(b, loc, x);
          })
          .Case([&](NotOp) {
            return arith::XOrIOp::create(b, loc, x,
                                         emit.intConstant(x.getType(), -1));
          })
          .Case([&](IsFiniteOp) { return math::IsFiniteOp::create(b, loc, x); })
          .Case([&](CompareOp compare) {
            return emit.compare(compare.getComparisonDirection(),
                                compare.getEffectiveCompareType(), args[0],
                                args[1]);
          })
          .Case([&](SelectOp) {
            return arith::SelectOp::create(b, loc, args[0], args[1], args[2]);
          })
          .Case([&](ClampOp) {
            // min(max(x, lo), hi), propagating NaN like maximum/minimum.
            return emit.minimum(emit.maximum(args[1], args[0]), args[2]);
          })
          .Case([&](ReducePrecisionOp reduce) {
            return emit.reducePrecision(x, reduce.getExponentBits(),
                                        reduce.getMantissaBits());
          })
          .Case([&](BitcastConvertOp bitcast) -> Value {
            return arith::BitcastOp::create(
                b, loc, bitcast.getType().getElementType(), x);
          })
          .Case([&](ConvertOp convert) {
            return emit.convert(x, convert.getType().getElementType());
          })
          // The only complex values left by hlo-expand-complex: function
          // arguments split into parts and results paired from them.
          .Case([&](ComplexOp) {
            return complex::CreateOp::create(
                b, loc, ComplexType::get(args[0].getType()), args[0], args[1]);
          })
          .Case([&](RealOp) { return complex::ReOp::create(b, loc, x); })
          .Case([&](ImagOp) { return complex::ImOp::create(b, loc, x); })
          .Default([](Operation *) { return Value(); });
  if (!result)
    return op->emitOpError("is not an elementwise op with a scalar form");
  return result;
}

namespace {

/// The scalar form of `op`, an op of a scalar body, on the scalars of its
/// operands.
FailureOr<Value> emitBodyOp(OpBuilder &b, Operation &op, ValueRange operands) {
  if (auto constant = dyn_cast<ConstantOp>(op)) {
    auto value = dyn_cast<SplatElementsAttr>(constant.getValue());
    if (!value)
      return op.emitOpError("has no scalar form: only splat constants do");
    return Value(arith::ConstantOp::create(b, op.getLoc(),
                                           value.getSplatValue<TypedAttr>()));
  }
  if (isa<BroadcastInDimOp, ReshapeOp, TransposeOp, ReverseOp>(op) &&
      cast<RankedTensorType>(op.getResult(0).getType()).getRank() == 0)
    // Shape ops between rank-0 tensors move the one element unchanged.
    return operands.front();
  if (fuse::isScalarizable(&op))
    return fuse::emitScalarOp(b, op.getLoc(), &op, operands);
  return op.emitOpError("is not supported inside a scalar body (reduce, "
                        "scatter, window or sort comparator) by the lowering "
                        "(only elementwise ops, splat constants and rank-0 "
                        "shape ops are)");
}

} // namespace

FailureOr<SmallVector<Value>>
fuse::emitScalarRegion(OpBuilder &b, Region &region, ValueRange arguments,
                       function_ref<Value(Value)> lookupOuter) {
  IRMapping scalars;
  Block &block = region.front();
  scalars.map(block.getArguments(), arguments);
  auto scalarOf = [&](Value value) {
    if (Value scalar = scalars.lookupOrNull(value))
      return scalar;
    return lookupOuter(value);
  };
  for (Operation &op : block) {
    SmallVector<Value> operands =
        llvm::map_to_vector(op.getOperands(), scalarOf);
    if (op.hasTrait<OpTrait::IsTerminator>())
      return operands;
    FailureOr<Value> scalar = emitBodyOp(b, op, operands);
    if (failed(scalar))
      return failure();
    scalars.map(op.getResult(0), *scalar);
  }
  return region.getParentOp()->emitOpError("body has no terminator");
}

FailureOr<Value> fuse::emitScalarValue(OpBuilder &b, Region &region,
                                       Value value, IRMapping &scalars,
                                       function_ref<Value(Value)> lookupOuter) {
  if (Value scalar = scalars.lookupOrNull(value))
    return scalar;
  Operation *op = value.getDefiningOp();
  if (value.getParentRegion() != &region)
    return lookupOuter(value);
  if (!op)
    return region.getParentOp()->emitOpError(
        "body argument has no scalar given for it");
  SmallVector<Value> operands;
  for (Value operand : op->getOperands()) {
    FailureOr<Value> scalar =
        emitScalarValue(b, region, operand, scalars, lookupOuter);
    if (failed(scalar))
      return failure();
    operands.push_back(*scalar);
  }
  FailureOr<Value> scalar = emitBodyOp(b, *op, operands);
  if (succeeded(scalar))
    scalars.map(value, *scalar);
  return scalar;
}
