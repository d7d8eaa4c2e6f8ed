//===- EmulateNarrowFloats.cpp - 8-bit floats computed in f32 -------------===//
//
// Upstream's float emulation turns arith and math ops on the 8-bit floats
// into f32 ops between extf and truncf; the patterns here turn those
// conversions, and the constants, into integer code on the bits, which
// LLVM can compile (it holds an 8-bit float as an i8).
//
//===----------------------------------------------------------------------===//

#include "fuse/Codegen/Common/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

#include "llvm/ADT/APFloat.h"

namespace fuse {
#define GEN_PASS_DEF_EMULATENARROWFLOATSPASS
#include "fuse/Codegen/Common/Passes.h.inc"
} // namespace fuse

using namespace mlir;

namespace {

bool isNarrowFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return floatType && floatType.getWidth() == 8;
}

/// How an 8-bit format lays out its values, from its APFloat semantics.
struct NarrowFormat {
  unsigned mantissaBits;
  /// The exponent of the smallest normal number (1 - bias).
  int minExponent;
  bool hasInfinity;
  /// NaN is the pattern of -0 (the FNUZ formats), not an exponent of ones.
  bool nanIsNegativeZero;
  /// Magnitudes (the bits without the sign): the largest finite value, a
  /// NaN, and infinity where there is one.
  uint32_t largestBits, nanBits, infinityBits;

  static NarrowFormat get(FloatType type) {
    const llvm::fltSemantics &semantics = type.getFloatSemantics();
    auto magnitude = [](const llvm::APFloat &value) {
      return static_cast<uint32_t>(value.bitcastToAPInt().getZExtValue() &
                                   0x7f);
    };
    NarrowFormat format;
    format.mantissaBits = llvm::APFloat::semanticsPrecision(semantics) - 1;
    format.minExponent = llvm::APFloat::semanticsMinExponent(semantics);
    format.hasInfinity = llvm::APFloat::semanticsHasInf(semantics);
    llvm::APFloat nan = llvm::APFloat::getQNaN(semantics);
    format.nanIsNegativeZero = nan.bitcastToAPInt().getZExtValue() == 0x80;
    format.nanBits = magnitude(nan);
    format.largestBits = magnitude(llvm::APFloat::getLargest(semantics));
    format.infinityBits =
        format.hasInfinity ? magnitude(llvm::APFloat::getInf(semantics)) : 0;
    return format;
  }
};

/// Builds scalar or vector code of one shape.
struct BitBuilder {
  PatternRewriter &rewriter;
  Location loc;
  /// The shape the values take: a scalar type or a vector type.
  Type like;

  Type typeOf(Type element) const {
    if (auto vector = dyn_cast<VectorType>(like))
      return vector.clone(element);
    return element;
  }
  Value constant(Type element, Attribute scalar) const {
    Type type = typeOf(element);
    if (auto vector = dyn_cast<VectorType>(type))
      return arith::ConstantOp::create(rewriter, loc,
                                       DenseElementsAttr::get(vector, scalar));
    return arith::ConstantOp::create(rewriter, loc, cast<TypedAttr>(scalar));
  }
  Value i32(uint32_t value) const {
    return constant(rewriter.getI32Type(),
                    rewriter.getI32IntegerAttr(static_cast<int32_t>(value)));
  }
  Value f32(float value) const {
    return constant(rewriter.getF32Type(), rewriter.getF32FloatAttr(value));
  }
  Value andI(Value a, uint32_t mask) const {
    return arith::AndIOp::create(rewriter, loc, a, i32(mask));
  }
  Value orI(Value a, Value b) const {
    return arith::OrIOp::create(rewriter, loc, a, b);
  }
  Value add(Value a, Value b) const {
    return arith::AddIOp::create(rewriter, loc, a, b);
  }
  Value shiftLeft(Value a, unsigned bits) const {
    return arith::ShLIOp::create(rewriter, loc, a, i32(bits));
  }
  Value shiftRight(Value a, unsigned bits) const {
    return arith::ShRUIOp::create(rewriter, loc, a, i32(bits));
  }
  Value compare(arith::CmpIPredicate predicate, Value a, uint32_t b) const {
    return arith::CmpIOp::create(rewriter, loc, predicate, a, i32(b));
  }
  Value select(Value condition, Value a, Value b) const {
    return arith::SelectOp::create(rewriter, loc, condition, a, b);
  }
  Value bitcast(Value value, Type element) const {
    return arith::BitcastOp::create(rewriter, loc, typeOf(element), value);
  }
};

/// `arith.extf` from an 8-bit float: the f32 value from the bits, then
/// extended or truncated (exactly) to the result type.
struct ExpandNarrowExtension : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type sourceType = op.getIn().getType();
    if (!isNarrowFloat(sourceType))
      return rewriter.notifyMatchFailure(op, "not from an 8-bit float");
    auto narrow = cast<FloatType>(getElementTypeOrSelf(sourceType));
    NarrowFormat format = NarrowFormat::get(narrow);
    BitBuilder b{rewriter, op.getLoc(), sourceType};
    unsigned m = format.mantissaBits;
    Value bits = arith::ExtUIOp::create(
        rewriter, op.getLoc(), b.typeOf(rewriter.getI32Type()),
        b.bitcast(op.getIn(), rewriter.getI8Type()));
    Value magnitude = b.andI(bits, 0x7f);
    // A normal number moves its fields into f32's and rebiases.
    Value normalBits =
        b.add(b.shiftLeft(magnitude, 23 - m),
              b.i32(static_cast<uint32_t>(126 + format.minExponent) << 23));
    Value normal = b.bitcast(normalBits, rewriter.getF32Type());
    // A subnormal number (exponent field 0) is its mantissa times the
    // smallest subnormal, 2^(minExponent - m).
    Value subnormal = arith::MulFOp::create(
        rewriter, op.getLoc(),
        arith::UIToFPOp::create(rewriter, op.getLoc(),
                                b.typeOf(rewriter.getF32Type()), magnitude),
        b.f32(std::ldexp(1.0f, format.minExponent - static_cast<int>(m))));
    Value value =
        b.select(b.compare(arith::CmpIPredicate::ult, magnitude, 1u << m),
                 subnormal, normal);
    if (format.hasInfinity) {
      value = b.select(
          b.compare(arith::CmpIPredicate::eq, magnitude, format.infinityBits),
          b.f32(INFINITY), value);
    }
    Value negative = b.compare(arith::CmpIPredicate::uge, bits, 0x80);
    value = b.select(
        negative, arith::NegFOp::create(rewriter, op.getLoc(), value), value);
    // NaN last: in the FNUZ formats its pattern is -0's.
    Value isNaN =
        format.nanIsNegativeZero
            ? b.compare(arith::CmpIPredicate::eq, bits, 0x80)
        : format.hasInfinity
            ? b.compare(arith::CmpIPredicate::ugt, magnitude,
                        format.infinityBits)
            : b.compare(arith::CmpIPredicate::eq, magnitude, format.nanBits);
    value = b.select(isNaN, b.f32(NAN), value);
    rewriter.replaceOp(op, toResultType(rewriter, op, value));
    return success();
  }

  /// `value` (f32) as the extension's result type, which holds it exactly.
  static Value toResultType(PatternRewriter &rewriter, arith::ExtFOp op,
                            Value value) {
    Type resultElement = getElementTypeOrSelf(op.getType());
    if (resultElement.isF32())
      return value;
    if (resultElement.getIntOrFloatBitWidth() > 32)
      return arith::ExtFOp::create(rewriter, op.getLoc(), op.getType(), value);
    return arith::TruncFOp::create(rewriter, op.getLoc(), op.getType(), value);
  }
};

/// `arith.truncf` to an 8-bit float, rounding to nearest, ties to even.
struct ExpandNarrowTruncation : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type resultType = op.getType();
    if (!isNarrowFloat(resultType))
      return rewriter.notifyMatchFailure(op, "not to an 8-bit float");
    if (op.getRoundingmodeAttr() &&
        *op.getRoundingmode() != arith::RoundingMode::to_nearest_even)
      return rewriter.notifyMatchFailure(op, "rounds other than to nearest");
    auto narrow = cast<FloatType>(getElementTypeOrSelf(resultType));
    NarrowFormat format = NarrowFormat::get(narrow);
    BitBuilder b{rewriter, op.getLoc(), resultType};
    unsigned m = format.mantissaBits;
    Location loc = op.getLoc();
    Value in = fromSourceType(rewriter, op, b.typeOf(rewriter.getF32Type()));
    Value bits = b.bitcast(in, rewriter.getI32Type());
    Value sign = b.shiftLeft(b.shiftRight(bits, 31), 7);
    Value magnitude = b.andI(bits, 0x7fffffff);
    // Normal results: round the f32 bits at the 8-bit mantissa's last bit
    // (ties to even), then rebias the exponent.
    unsigned dropped = 23 - m;
    Value rounded =
        b.shiftRight(b.add(b.add(magnitude, b.i32((1u << (dropped - 1)) - 1)),
                           b.andI(b.shiftRight(magnitude, dropped), 1)),
                     dropped);
    Value normal = arith::SubIOp::create(
        rewriter, loc, rounded,
        b.i32(static_cast<uint32_t>(126 + format.minExponent) << m));
    // Subnormal results: the magnitude in units of the smallest subnormal,
    // rounded to an integer by f32 addition (ties to even); 2^m means the
    // smallest normal, whose pattern that is too.
    Value scaled = arith::MulFOp::create(
        rewriter, loc, b.bitcast(magnitude, rewriter.getF32Type()),
        b.f32(std::ldexp(1.0f, static_cast<int>(m) - format.minExponent)));
    Value integral = arith::SubFOp::create(
        rewriter, loc,
        arith::AddFOp::create(rewriter, loc, scaled, b.f32(0x1p23f)),
        b.f32(0x1p23f));
    Value subnormal = arith::FPToUIOp::create(
        rewriter, loc, b.typeOf(rewriter.getI32Type()), integral);
    uint32_t smallestNormal = static_cast<uint32_t>(127 + format.minExponent)
                              << 23;
    Value result = b.select(
        b.compare(arith::CmpIPredicate::ult, magnitude, smallestNormal),
        subnormal, normal);
    // Beyond the largest finite value: infinity, or NaN without one.
    Value overflows =
        b.compare(arith::CmpIPredicate::ugt, result, format.largestBits);
    Value isNaN = b.compare(arith::CmpIPredicate::ugt, magnitude, 0x7f800000);
    if (format.nanIsNegativeZero) {
      // No -0: a zero keeps no sign, and NaN is the sign bit alone.
      result = b.select(b.compare(arith::CmpIPredicate::eq, result, 0), result,
                        b.orI(result, sign));
      result = b.select(arith::OrIOp::create(rewriter, loc, overflows, isNaN),
                        b.i32(0x80), result);
    } else {
      uint32_t overflow =
          format.hasInfinity ? format.infinityBits : format.nanBits;
      result = b.select(overflows, b.i32(overflow), result);
      result = b.orI(b.select(isNaN, b.i32(format.nanBits), result), sign);
    }
    Value byte = arith::TruncIOp::create(
        rewriter, loc, b.typeOf(rewriter.getI8Type()), result);
    rewriter.replaceOp(op, b.bitcast(byte, narrow));
    return success();
  }

  /// The truncation's operand as f32: extended exactly from f16 or bf16,
  /// or rounded from f64 (rounding twice is harmless: f32 has more than
  /// twice an 8-bit float's precision plus two bits).
  static Value fromSourceType(PatternRewriter &rewriter, arith::TruncFOp op,
                              Type f32Type) {
    Value in = op.getIn();
    Type element = getElementTypeOrSelf(in.getType());
    if (element.isF32())
      return in;
    if (element.getIntOrFloatBitWidth() > 32)
      return arith::TruncFOp::create(rewriter, op.getLoc(), f32Type, in);
    return arith::ExtFOp::create(rewriter, op.getLoc(), f32Type, in);
  }
};

/// An 8-bit float constant: its bytes, bitcast.
struct ExpandNarrowConstant : OpRewritePattern<arith::ConstantOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::ConstantOp op,
                                PatternRewriter &rewriter) const override {
    if (!isNarrowFloat(op.getType()))
      return rewriter.notifyMatchFailure(op, "not an 8-bit float constant");
    TypedAttr bytes;
    if (auto scalar = dyn_cast<FloatAttr>(op.getValue()))
      bytes = rewriter.getIntegerAttr(rewriter.getI8Type(),
                                      scalar.getValue().bitcastToAPInt());
    else if (auto dense = dyn_cast<DenseElementsAttr>(op.getValue()))
      bytes = dense.bitcast(rewriter.getI8Type());
    else
      return rewriter.notifyMatchFailure(op, "not a float or dense value");
    Value constant = arith::ConstantOp::create(rewriter, op.getLoc(), bytes);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), constant);
    return success();
  }
};

struct EmulateNarrowFloatsPass
    : fuse::impl::EmulateNarrowFloatsPassBase<EmulateNarrowFloatsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    Type f32 = Float32Type::get(context);
    // The 8-bit floats the program uses: those of values that ops make or
    // take (a function's arguments, too, where an op uses them).
    llvm::SetVector<Type> narrow;
    getOperation()->walk([&](Operation *op) {
      for (TypeRange types : {TypeRange(op->getResultTypes()),
                              TypeRange(op->getOperandTypes())})
        for (Type type : types)
          if (isNarrowFloat(type))
            narrow.insert(getElementTypeOrSelf(type));
    });
    if (narrow.empty())
      return;
    if (failed(computeInF32(narrow.getArrayRef(), f32)) ||
        failed(extendMath(f32))) {
      signalPassFailure();
      return;
    }
    RewritePatternSet patterns(context);
    patterns.add<ExpandNarrowExtension, ExpandNarrowTruncation,
                 ExpandNarrowConstant>(context);
    // Once over each op, without folding: a bitcast of a constant would
    // fold back into an 8-bit float constant.
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }

  /// arith (and vector) ops on the 8-bit floats in f32.
  LogicalResult computeInF32(ArrayRef<Type> narrow, Type f32) {
    TypeConverter converter;
    arith::populateEmulateUnsupportedFloatsConversions(converter, narrow, f32);
    RewritePatternSet patterns(&getContext());
    arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
    ConversionTarget target(getContext());
    arith::populateEmulateUnsupportedFloatsLegality(target, converter);
    return applyPartialConversion(getOperation(), target, std::move(patterns));
  }

  /// math ops on any float but f16, bf16, f32 and f64, in f32.
  LogicalResult extendMath(Type f32) {
    MLIRContext *context = &getContext();
    // The converter keeps a reference to the supported types.
    llvm::SetVector<Type> supported;
    supported.insert(Float16Type::get(context));
    supported.insert(BFloat16Type::get(context));
    supported.insert(f32);
    supported.insert(Float64Type::get(context));
    TypeConverter converter;
    math::populateExtendToSupportedTypesTypeConverter(converter, supported,
                                                      f32);
    ConversionTarget target(*context);
    math::populateExtendToSupportedTypesConversionTarget(target, converter);
    RewritePatternSet patterns(context);
    math::populateExtendToSupportedTypesPatterns(patterns, converter);
    return applyPartialConversion(getOperation(), target, std::move(patterns));
  }
};

} // namespace
