//===- ExpandComplex.cpp - complex numbers as pairs of real tensors -------===//
//
// A 1:N dialect conversion: each tensor of complex<T> becomes two tensors of
// T, its real and imaginary parts, and each op on complex numbers becomes
// real ops on the parts. Function arguments and results stay complex:
// hlo.real and hlo.imag split them where the body starts, hlo.complex pairs
// the results where it returns, and only those three ops reach the
// lowerings. Fourier transforms become products with cosine and sine
// matrices, computed from iotas.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/Support/MathExtras.h"

#include <complex>

namespace fuse::hlo {
#define GEN_PASS_DEF_EXPANDCOMPLEXPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

bool isComplexTensor(Type type) {
  return isa<ComplexType>(getElementTypeOrSelf(type));
}

bool hasComplexValues(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isComplexTensor) ||
         llvm::any_of(op->getResultTypes(), isComplexTensor);
}

/// `type` with complex<T> elements replaced by T.
RankedTensorType partType(Type type) {
  auto tensor = cast<RankedTensorType>(type);
  return tensor.clone(
      cast<ComplexType>(tensor.getElementType()).getElementType());
}

/// Maps a complex tensor to its real and imaginary parts.
class ComplexPartsConverter : public TypeConverter {
public:
  ComplexPartsConverter() {
    addConversion([](Type type) { return type; });
    addConversion(
        [](RankedTensorType type,
           SmallVectorImpl<Type> &results) -> std::optional<LogicalResult> {
          if (!isComplexTensor(type))
            return std::nullopt;
          results.append(2, partType(type));
          return success();
        });
    addSourceMaterialization(
        [](OpBuilder &b, Type type, ValueRange parts, Location loc) -> Value {
          if (parts.size() != 2)
            return {};
          return ComplexOp::create(b, loc, parts[0], parts[1]);
        });
    addTargetMaterialization([](OpBuilder &b, TypeRange types, ValueRange in,
                                Location loc, Type) -> SmallVector<Value> {
      if (types.size() != 2 || in.size() != 1 ||
          !isComplexTensor(in[0].getType()))
        return {};
      return {RealOp::create(b, loc, in[0]), ImagOp::create(b, loc, in[0])};
    });
  }
};

/// The real and imaginary parts of a converted operand; a real operand is
/// its own real part and has no imaginary one.
struct Parts {
  Value re, im;
};

Parts partsOf(ValueRange converted) {
  return converted.size() == 2 ? Parts{converted[0], converted[1]}
                               : Parts{converted[0], Value()};
}

/// A splat constant of the tensor type `type`.
Value splat(OpBuilder &b, Location loc, RankedTensorType type, double value) {
  Type element = type.getElementType();
  Attribute attr = isa<FloatType>(element)
                       ? Attribute(FloatAttr::get(element, value))
                       : Attribute(IntegerAttr::get(element, int64_t(value)));
  return ConstantOp::create(b, loc, DenseElementsAttr::get(type, attr));
}

RankedTensorType typeOf(Value value) {
  return cast<RankedTensorType>(value.getType());
}

Value compare(OpBuilder &b, Location loc, ComparisonDirection direction,
              Value x, Value y) {
  return CompareOp::create(b, loc, direction, x, y, ComparisonTypeAttr());
}

Value select(OpBuilder &b, Location loc, Value predicate, Value x, Value y) {
  return SelectOp::create(b, loc, x.getType(), predicate, x, y);
}

/// |re + i im| without overflow or underflow in the squares:
/// m sqrt(1 + (s / m)^2), m and s the larger and smaller magnitude.
Value modulus(OpBuilder &b, Location loc, Value re, Value im) {
  Value a = AbsOp::create(b, loc, re), c = AbsOp::create(b, loc, im);
  Value large = MaxOp::create(b, loc, a, c);
  Value small = MinOp::create(b, loc, a, c);
  Value ratio = DivOp::create(b, loc, small, large);
  Value one = splat(b, loc, typeOf(re), 1.0);
  Value root = SqrtOp::create(
      b, loc, AddOp::create(b, loc, one, MulOp::create(b, loc, ratio, ratio)));
  Value scaled = MulOp::create(b, loc, large, root);
  // 0 / 0 and inf / inf make the ratio NaN where the modulus is m itself.
  Value zero = splat(b, loc, typeOf(re), 0.0);
  Value inf = splat(b, loc, typeOf(re), INFINITY);
  Value exact = OrOp::create(
      b, loc, compare(b, loc, ComparisonDirection::EQ, large, zero),
      compare(b, loc, ComparisonDirection::EQ, large, inf));
  return select(b, loc, exact, large, scaled);
}

/// C99's Annex G, as XLA's division: where Smith's quotient of (a + ic) /
/// (x + iy) is NaN + NaN i, infinite or zero operands still give the
/// infinite or zero result their limits have.
Parts recoverInfinities(OpBuilder &b, Location loc, Parts num, Parts den,
                        Parts quotient) {
  RankedTensorType type = typeOf(num.re);
  auto constant = [&](double value) { return splat(b, loc, type, value); };
  auto eq = [&](Value x, Value y) {
    return compare(b, loc, ComparisonDirection::EQ, x, y);
  };
  auto both = [&](Value p, Value q) -> Value {
    return AndOp::create(b, loc, p, q);
  };
  auto either = [&](Value p, Value q) -> Value {
    return OrOp::create(b, loc, p, q);
  };
  auto isNaN = [&](Value x) {
    return compare(b, loc, ComparisonDirection::NE, x, x);
  };
  auto isInf = [&](Value x) {
    return eq(AbsOp::create(b, loc, x), constant(INFINITY));
  };
  auto isFinite = [&](Value x) -> Value {
    return IsFiniteOp::create(b, loc, x);
  };
  // copysign(magnitude, x) for magnitude >= 0, -0.0 counting as negative.
  auto withSignOf = [&](Value magnitude, Value x) {
    RankedTensorType bits =
        type.clone(b.getIntegerType(type.getElementTypeBitWidth()));
    Value negative = compare(b, loc, ComparisonDirection::LT,
                             BitcastConvertOp::create(b, loc, bits, x),
                             splat(b, loc, bits, 0));
    return select(b, loc, negative, NegOp::create(b, loc, magnitude),
                  magnitude);
  };
  // 1 with the sign of x where x is infinite, 0 with its sign elsewhere.
  auto unitIfInf = [&](Value x) {
    return withSignOf(select(b, loc, isInf(x), constant(1), constant(0)), x);
  };
  auto mul = [&](Value x, Value y) -> Value {
    return MulOp::create(b, loc, x, y);
  };
  auto add = [&](Value x, Value y) -> Value {
    return AddOp::create(b, loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return SubtractOp::create(b, loc, x, y);
  };
  auto [a, c] = num;
  auto [x, y] = den;
  // Division by zero: an infinity with the numerator's direction.
  Value zero = constant(0);
  Value byZero = both(both(eq(x, zero), eq(y, zero)),
                      either(compare(b, loc, ComparisonDirection::EQ, a, a),
                             compare(b, loc, ComparisonDirection::EQ, c, c)));
  Value inf = withSignOf(constant(INFINITY), x);
  Parts zeroCase{mul(inf, a), mul(inf, c)};
  // An infinite numerator over a finite divisor.
  Value infNum =
      both(either(isInf(a), isInf(c)), both(isFinite(x), isFinite(y)));
  Value a1 = unitIfInf(a), c1 = unitIfInf(c);
  Value infinity = constant(INFINITY);
  Parts infCase{mul(infinity, add(mul(a1, x), mul(c1, y))),
                mul(infinity, sub(mul(c1, x), mul(a1, y)))};
  // A finite numerator over an infinite divisor.
  Value infDen =
      both(either(isInf(x), isInf(y)), both(isFinite(a), isFinite(c)));
  Value x1 = unitIfInf(x), y1 = unitIfInf(y);
  Parts zeroResult{mul(zero, add(mul(a, x1), mul(c, y1))),
                   mul(zero, sub(mul(c, x1), mul(a, y1)))};
  Value lost = both(isNaN(quotient.re), isNaN(quotient.im));
  auto pick = [&](Value smith, Value byZeroValue, Value infValue,
                  Value zeroValue) {
    Value recovered = select(b, loc, byZero, byZeroValue,
                             select(b, loc, infNum, infValue,
                                    select(b, loc, infDen, zeroValue, smith)));
    return select(b, loc, lost, recovered, smith);
  };
  return {pick(quotient.re, zeroCase.re, infCase.re, zeroResult.re),
          pick(quotient.im, zeroCase.im, infCase.im, zeroResult.im)};
}

/// The parts of an elementwise op's complex result.
FailureOr<Parts> expandElementwise(OpBuilder &b, Operation *op,
                                   ArrayRef<Parts> args) {
  Location loc = op->getLoc();
  auto mul = [&](Value x, Value y) -> Value {
    return MulOp::create(b, loc, x, y);
  };
  auto add = [&](Value x, Value y) -> Value {
    return AddOp::create(b, loc, x, y);
  };
  auto sub = [&](Value x, Value y) -> Value {
    return SubtractOp::create(b, loc, x, y);
  };
  auto div = [&](Value x, Value y) -> Value {
    return DivOp::create(b, loc, x, y);
  };
  if (isa<AddOp>(op))
    return Parts{add(args[0].re, args[1].re), add(args[0].im, args[1].im)};
  if (isa<SubtractOp>(op))
    return Parts{sub(args[0].re, args[1].re), sub(args[0].im, args[1].im)};
  if (isa<NegOp>(op))
    return Parts{NegOp::create(b, loc, args[0].re),
                 NegOp::create(b, loc, args[0].im)};
  if (isa<MulOp>(op)) {
    auto [a, c] = args[0];
    auto [x, y] = args[1];
    return Parts{sub(mul(a, x), mul(c, y)), add(mul(a, y), mul(c, x))};
  }
  if (isa<DivOp>(op)) {
    // Smith's algorithm: divide by the larger part of the divisor first,
    // so that its square never overflows.
    auto [a, c] = args[0];
    auto [x, y] = args[1];
    Value byRe = compare(b, loc, ComparisonDirection::GE,
                         AbsOp::create(b, loc, x), AbsOp::create(b, loc, y));
    // |x| >= |y|: r = y / x, d = x + y r, ((a + c r) / d, (c - a r) / d).
    Value r1 = div(y, x), d1 = add(x, mul(y, r1));
    Value re1 = div(add(a, mul(c, r1)), d1), im1 = div(sub(c, mul(a, r1)), d1);
    // |x| < |y|: r = x / y, d = y + x r, ((a r + c) / d, (c r - a) / d).
    Value r2 = div(x, y), d2 = add(y, mul(x, r2));
    Value re2 = div(add(mul(a, r2), c), d2), im2 = div(sub(mul(c, r2), a), d2);
    Parts quotient{select(b, loc, byRe, re1, re2),
                   select(b, loc, byRe, im1, im2)};
    return recoverInfinities(b, loc, args[0], args[1], quotient);
  }
  if (isa<ExpOp>(op)) {
    Value scale = ExpOp::create(b, loc, args[0].re);
    return Parts{mul(scale, CosineOp::create(b, loc, args[0].im)),
                 mul(scale, SineOp::create(b, loc, args[0].im))};
  }
  if (isa<LogOp>(op))
    return Parts{LogOp::create(b, loc, modulus(b, loc, args[0].re, args[0].im)),
                 Atan2Op::create(b, loc, args[0].im, args[0].re)};
  if (isa<SqrtOp>(op)) {
    // The principal root: t = sqrt((|z| + |a|) / 2); for a >= 0 it is
    // t + i c / 2t, otherwise |c| / 2t + i sign(c) t.
    auto [a, c] = args[0];
    Value half = splat(b, loc, typeOf(a), 0.5);
    Value t = SqrtOp::create(
        b, loc,
        mul(half, add(modulus(b, loc, a, c), AbsOp::create(b, loc, a))));
    Value twiceT = add(t, t);
    Value zero = splat(b, loc, typeOf(a), 0.0);
    Value nonNegative = compare(b, loc, ComparisonDirection::GE, a, zero);
    Value other = div(c, twiceT);
    Value re = select(b, loc, nonNegative, t, AbsOp::create(b, loc, other));
    Value signedT = SelectOp::create(
        b, loc, compare(b, loc, ComparisonDirection::LT, c, zero),
        NegOp::create(b, loc, t), t);
    Value im = select(b, loc, nonNegative, other, signedT);
    // At 0 the quotients are 0 / 0: the root is 0 + i c.
    Value atZero = compare(b, loc, ComparisonDirection::EQ, t, zero);
    return Parts{select(b, loc, atZero, zero, re),
                 select(b, loc, atZero, c, im)};
  }
  return failure();
}

/// Elementwise ops whose result is complex.
struct ExpandElementwise : ConversionPattern {
  ExpandElementwise(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<AddOp, SubtractOp, NegOp, MulOp, DivOp, ExpOp, LogOp, SqrtOp>(op))
      return rewriter.notifyMatchFailure(op, "not an arithmetic op");
    SmallVector<Parts> args = llvm::map_to_vector(operands, partsOf);
    FailureOr<Parts> parts = expandElementwise(rewriter, op, args);
    if (failed(parts))
      return failure();
    rewriter.replaceOpWithMultiple(op, {{parts->re, parts->im}});
    return success();
  }
};

/// Ops that move elements without computing on them (broadcasts, reshapes,
/// slices, pads, ...): the same op on each part. Index operands are shared.
struct ExpandDataMovement : ConversionPattern {
  ExpandDataMovement(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<BroadcastInDimOp, ReshapeOp, TransposeOp, SliceOp, DynamicSliceOp,
             DynamicUpdateSliceOp, ConcatenateOp, PadOp, ReverseOp, SelectOp>(
            op))
      return rewriter.notifyMatchFailure(op, "not a data movement op");
    SmallVector<Value> results;
    for (int part = 0; part < 2; ++part) {
      SmallVector<Value> partOperands;
      for (ValueRange converted : operands)
        partOperands.push_back(converted.size() == 2 ? converted[part]
                                                     : converted[0]);
      OperationState state(op->getLoc(), op->getName(), partOperands,
                           TypeRange{partType(op->getResult(0).getType())},
                           op->getAttrs());
      results.push_back(rewriter.create(state)->getResult(0));
    }
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

struct ExpandConstant : OpConversionPattern<ConstantOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConstantOp op, OneToNOpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto value = dyn_cast<DenseElementsAttr>(op.getValue());
    if (!value)
      return rewriter.notifyMatchFailure(op, "not a dense constant");
    RankedTensorType type = partType(op.getType());
    SmallVector<APFloat> re, im;
    for (const std::complex<APFloat> &element :
         value.getValues<std::complex<APFloat>>()) {
      re.push_back(element.real());
      im.push_back(element.imag());
    }
    rewriter.replaceOpWithMultiple(
        op, {{ConstantOp::create(rewriter, op.getLoc(),
                                 DenseElementsAttr::get(type, re)),
              ConstantOp::create(rewriter, op.getLoc(),
                                 DenseElementsAttr::get(type, im))}});
    return success();
  }
};

/// The modulus of complex numbers, a real result.
struct ExpandAbs : OpConversionPattern<AbsOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(AbsOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Parts z = partsOf(adaptor.getOperand());
    rewriter.replaceOp(op, modulus(rewriter, op.getLoc(), z.re, z.im));
    return success();
  }
};

/// hlo.complex, hlo.real and hlo.imag take or give the parts as they are.
struct ExpandComplexOp : OpConversionPattern<ComplexOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ComplexOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithMultiple(
        op, {{adaptor.getReal()[0], adaptor.getImag()[0]}});
    return success();
  }
};

template <typename PartOp, int Part>
struct ExpandPart : OpConversionPattern<PartOp> {
  using OpConversionPattern<PartOp>::OpConversionPattern;

  LogicalResult matchAndRewrite(
      PartOp op,
      typename PartOp::template GenericAdaptor<ArrayRef<ValueRange>> adaptor,
      ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getOperand()[Part]);
    return success();
  }
};

struct ExpandCompare : OpConversionPattern<CompareOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CompareOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Parts lhs = partsOf(adaptor.getLhs()), rhs = partsOf(adaptor.getRhs());
    ComparisonDirection direction = op.getComparisonDirection();
    Location loc = op.getLoc();
    Value re = compare(rewriter, loc, direction, lhs.re, rhs.re);
    Value im = compare(rewriter, loc, direction, lhs.im, rhs.im);
    // Equal when both parts are; different when either is.
    if (direction == ComparisonDirection::EQ)
      rewriter.replaceOpWithNewOp<AndOp>(op, re, im);
    else
      rewriter.replaceOpWithNewOp<OrOp>(op, re, im);
    return success();
  }
};

struct ExpandConvert : OpConversionPattern<ConvertOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ConvertOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    // The verifier allows only complex results from complex operands.
    Parts operand = partsOf(adaptor.getOperand());
    RankedTensorType type = partType(op.getType());
    Location loc = op.getLoc();
    Value re = ConvertOp::create(rewriter, loc, type, operand.re);
    Value im = operand.im ? ConvertOp::create(rewriter, loc, type, operand.im)
                          : splat(rewriter, loc, type, 0.0);
    rewriter.replaceOpWithMultiple(op, {{re, im}});
    return success();
  }
};

/// A sum of complex numbers sums each part.
struct ExpandReduce : OpConversionPattern<ReduceOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReduceOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (op.getInputs().size() != 1 ||
        op.getReductionKind() != ReductionKind::Add)
      return rewriter.notifyMatchFailure(op, "not a sum of one input");
    Parts input = partsOf(adaptor.getInputs()[0]);
    Parts init = partsOf(adaptor.getInitValues()[0]);
    SmallVector<Value> results;
    for (auto [part, start] :
         {std::pair{input.re, init.re}, {input.im, init.im}})
      results.push_back(ReduceOp::create(rewriter, op.getLoc(), part, start,
                                         op.getDimensions(), ReductionKind::Add)
                            .getResult(0));
    rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// (a + ic)(x + iy) = (ax - cy) + i(ay + cx), four real products.
template <typename ProductOp>
struct ExpandProduct : OpConversionPattern<ProductOp> {
  using OpConversionPattern<ProductOp>::OpConversionPattern;

  LogicalResult matchAndRewrite(
      ProductOp op,
      typename ProductOp::template GenericAdaptor<ArrayRef<ValueRange>> adaptor,
      ConversionPatternRewriter &rewriter) const override {
    Parts lhs = partsOf(adaptor.getLhs()), rhs = partsOf(adaptor.getRhs());
    RankedTensorType type = partType(op.getType());
    auto product = [&](Value l, Value r) -> Value {
      OperationState state(op.getLoc(), op->getName(), ValueRange{l, r},
                           TypeRange{type}, op->getAttrs());
      return rewriter.create(state)->getResult(0);
    };
    Location loc = op.getLoc();
    Value re = SubtractOp::create(rewriter, loc, product(lhs.re, rhs.re),
                                  product(lhs.im, rhs.im));
    Value im = AddOp::create(rewriter, loc, product(lhs.re, rhs.im),
                             product(lhs.im, rhs.re));
    rewriter.replaceOpWithMultiple(op, {{re, im}});
    return success();
  }
};

/// Builds the discrete Fourier transforms of hlo.fft from real products.
class FourierEmitter {
public:
  FourierEmitter(OpBuilder &b, Location loc, FloatType element)
      : b(b), loc(loc), element(element) {}

  /// The DFT of (re, im) (im null for a real signal) along `dim`, keeping
  /// `outputs` frequencies: X[k] = scale sum_n x[n] exp(sign 2 pi i k n / N).
  Parts transform(Parts x, int64_t dim, int64_t outputs, bool inverse) {
    int64_t size = typeOf(x.re).getDimSize(dim);
    double scale = inverse ? 1.0 / double(size) : 1.0;
    auto [cosines, sines] = angleMatrices(size, outputs, size, scale);
    // Forward, W = C - iS: (a + ic) W = (aC + cS) + i(cC - aS).
    // Inverse, W = C + iS: (a + ic) W = (aC - cS) + i(cC + aS).
    Value re = along(x.re, cosines, dim), im = neg(along(x.re, sines, dim));
    if (inverse)
      im = neg(im);
    if (x.im) {
      Value cs = along(x.im, sines, dim), cc = along(x.im, cosines, dim);
      re = inverse ? sub(re, cs) : add(re, cs);
      im = add(im, cc);
    }
    return {re, im};
  }

  /// The real signal of N = `length` points whose non-negative frequencies
  /// (N / 2 + 1, along the last dimension) are `x`: the inverse of RFFT.
  /// The imaginary parts of frequency 0 and N / 2 are not read.
  Value inverseOfReal(Parts x, int64_t length) {
    int64_t dim = typeOf(x.re).getRank() - 1;
    int64_t half = typeOf(x.re).getDimSize(dim);
    // x[n] = 1/N sum_k w_k (a_k cos - c_k sin)(2 pi k n / N), w_k = 1 for
    // k = 0 and N / 2, 2 for the others, which stand for their conjugates.
    auto [cosines, sines] = angleMatrices(half, length, length, 1.0);
    Value weights = halfSpectrumWeights(half, length);
    Value reWeights = mulBy(weights, 1.0 / double(length));
    // The sine terms of frequencies 0 and N / 2 vanish: their weights are
    // 0, so that their imaginary parts are not read.
    Value imWeights =
        SelectOp::create(b, loc,
                         compare(b, loc, ComparisonDirection::EQ, weights,
                                 splat(b, loc, typeOf(weights), 1.0)),
                         splat(b, loc, typeOf(weights), 0.0), reWeights);
    Value re = along(x.re, mul(cosines, reWeights), dim);
    Value im = along(x.im, mul(sines, imWeights), dim);
    return sub(re, im);
  }

private:
  RankedTensorType matrixType(int64_t rows, int64_t cols) {
    return RankedTensorType::get({rows, cols}, element);
  }

  /// cos and sin of 2 pi (n k mod N) / N for n < rows and k < cols, times
  /// `scale`. The integer product's remainder keeps the angle within
  /// [0, 2 pi) at any size.
  std::pair<Value, Value> angleMatrices(int64_t rows, int64_t cols,
                                        int64_t period, double scale) {
    auto indices = RankedTensorType::get({rows, cols}, b.getI64Type());
    Value n = IotaOp::create(b, loc, indices, 0);
    Value k = IotaOp::create(b, loc, indices, 1);
    Value turns = RemOp::create(b, loc, MulOp::create(b, loc, n, k),
                                splat(b, loc, indices, double(period)));
    Value angles =
        mulBy(ConvertOp::create(b, loc, matrixType(rows, cols), turns),
              2.0 * llvm::numbers::pi / double(period));
    Value cosines = CosineOp::create(b, loc, angles);
    Value sines = SineOp::create(b, loc, angles);
    if (scale != 1.0) {
      cosines = mulBy(cosines, scale);
      sines = mulBy(sines, scale);
    }
    return {cosines, sines};
  }

  /// [half, length]: 1 in the rows of frequency 0 and (N even) N / 2, 2 in
  /// the others.
  Value halfSpectrumWeights(int64_t half, int64_t length) {
    auto indices = RankedTensorType::get({half, length}, b.getI64Type());
    Value k = IotaOp::create(b, loc, indices, 0);
    Value twiceK = AddOp::create(b, loc, k, k);
    Value once = OrOp::create(
        b, loc,
        compare(b, loc, ComparisonDirection::EQ, k, splat(b, loc, indices, 0)),
        compare(b, loc, ComparisonDirection::EQ, twiceK,
                splat(b, loc, indices, double(length))));
    RankedTensorType type = matrixType(half, length);
    return select(b, loc, once, splat(b, loc, type, 1.0),
                  splat(b, loc, type, 2.0));
  }

  /// `x` with dimension `dim` contracted against the rows of `matrix`; the
  /// matrix's columns take dimension `dim`'s place.
  Value along(Value x, Value matrix, int64_t dim) {
    RankedTensorType type = typeOf(x);
    int64_t rank = type.getRank();
    SmallVector<int64_t> shape;
    for (int64_t d = 0; d < rank; ++d)
      if (d != dim)
        shape.push_back(type.getDimSize(d));
    shape.push_back(typeOf(matrix).getDimSize(1));
    Value product =
        DotGeneralOp::create(b, loc, RankedTensorType::get(shape, element), x,
                             matrix, ArrayRef<int64_t>{}, ArrayRef<int64_t>{},
                             ArrayRef<int64_t>{dim}, ArrayRef<int64_t>{0});
    if (dim == rank - 1)
      return product;
    // The product's last dimension goes back to `dim`.
    SmallVector<int64_t> permutation;
    for (int64_t d = 0; d < rank - 1; ++d) {
      if (d == dim)
        permutation.push_back(rank - 1);
      permutation.push_back(d);
    }
    return TransposeOp::create(b, loc, product, permutation);
  }

  Value mulBy(Value x, double factor) {
    return mul(x, splat(b, loc, typeOf(x), factor));
  }
  Value mul(Value x, Value y) { return MulOp::create(b, loc, x, y); }
  Value add(Value x, Value y) { return AddOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return SubtractOp::create(b, loc, x, y); }
  Value neg(Value x) { return NegOp::create(b, loc, x); }

  OpBuilder &b;
  Location loc;
  FloatType element;
};

struct ExpandFft : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FftOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Parts x = partsOf(adaptor.getOperand());
    FftType type = op.getFftType();
    ArrayRef<int64_t> length = op.getFftLength();
    int64_t rank = op.getOperand().getType().getRank();
    int64_t first = rank - static_cast<int64_t>(length.size());
    auto element = cast<FloatType>(typeOf(x.re).getElementType());
    FourierEmitter emit(rewriter, op.getLoc(), element);
    bool inverse = type == FftType::IFFT || type == FftType::IRFFT;
    // RFFT transforms its last dimension first, from the real signal to
    // N / 2 + 1 frequencies; IRFFT transforms it last, to the real signal.
    if (type == FftType::RFFT)
      x = emit.transform(x, rank - 1, length.back() / 2 + 1, inverse);
    int64_t fullDims =
        type == FftType::FFT || type == FftType::IFFT ? rank : rank - 1;
    for (int64_t d = first; d < fullDims; ++d)
      x = emit.transform(x, d, typeOf(x.re).getDimSize(d), inverse);
    if (type == FftType::IRFFT) {
      rewriter.replaceOp(op, emit.inverseOfReal(x, length.back()));
      return success();
    }
    rewriter.replaceOpWithMultiple(op, {{x.re, x.im}});
    return success();
  }
};

/// Why `op`, which has complex operands or results, cannot be expanded;
/// std::nullopt when it can.
std::optional<std::string> whyNotExpandable(Operation *op) {
  if (isa<func::FuncOp, func::ReturnOp, func::CallOp>(op))
    return std::nullopt;
  if (auto reduce = dyn_cast<ReduceOp>(op)) {
    if (reduce.getInputs().size() == 1 &&
        reduce.getReductionKind() == ReductionKind::Add)
      return std::nullopt;
    return std::string("only sums of complex numbers are supported, by a "
                       "reduce of one input whose body adds");
  }
  if (isa<ReturnOp>(op) && isa_and_nonnull<ReduceOp>(op->getParentOp()))
    return std::nullopt;
  if (isa<AddOp, SubtractOp, NegOp, MulOp, DivOp, ExpOp, LogOp, SqrtOp, AbsOp,
          BroadcastInDimOp, ReshapeOp, TransposeOp, SliceOp, DynamicSliceOp,
          DynamicUpdateSliceOp, ConcatenateOp, PadOp, ReverseOp, SelectOp,
          ConstantOp, ComplexOp, RealOp, ImagOp, CompareOp, ConvertOp,
          DotGeneralOp, DotOp, FftOp>(op))
    return std::nullopt;
  return std::string("complex numbers are not supported here");
}

struct ExpandComplexPass
    : fuse::hlo::impl::ExpandComplexPassBase<ExpandComplexPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    bool refused = false;
    root->walk([&](Operation *op) {
      if (!hasComplexValues(op))
        return;
      if (std::optional<std::string> reason = whyNotExpandable(op)) {
        op->emitError("hlo-expand-complex: ") << *reason;
        refused = true;
      }
    });
    if (refused)
      return signalPassFailure();

    MLIRContext *context = &getContext();
    ComplexPartsConverter converter;
    RewritePatternSet patterns(context);
    populateExpandComplexPatterns(converter, patterns);
    ConversionTarget target(*context);
    // Function boundaries stay complex; the parts meet them through
    // hlo.complex, hlo.real and hlo.imag, which the lowerings know. A
    // reduce's body is left as it was: its sum is rebuilt from scratch.
    target.markUnknownOpDynamicallyLegal([](Operation *op) {
      return !hasComplexValues(op) ||
             isa<func::FuncOp, func::ReturnOp, func::CallOp>(op) ||
             isa_and_nonnull<ReduceOp>(op->getParentOp());
    });
    // At the function boundary: the parts of an argument or a call's
    // result, and complex numbers that only a return or a call takes.
    auto fromOutsideHLO = [](Value value) {
      return !isa_and_nonnull<HLODialect>(
          value.getDefiningOp() ? value.getDefiningOp()->getDialect()
                                : nullptr);
    };
    target.addDynamicallyLegalOp<RealOp>(
        [&](RealOp op) { return fromOutsideHLO(op.getOperand()); });
    target.addDynamicallyLegalOp<ImagOp>(
        [&](ImagOp op) { return fromOutsideHLO(op.getOperand()); });
    target.addDynamicallyLegalOp<ComplexOp>([](ComplexOp op) {
      return llvm::all_of(op->getUsers(), [](Operation *user) {
        return isa<func::ReturnOp, func::CallOp>(user);
      });
    });
    if (failed(applyPartialConversion(root, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void fuse::hlo::populateExpandComplexPatterns(const TypeConverter &converter,
                                              RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<ExpandElementwise, ExpandDataMovement, ExpandConstant,
               ExpandComplexOp, ExpandPart<RealOp, 0>, ExpandPart<ImagOp, 1>,
               ExpandAbs, ExpandCompare, ExpandConvert, ExpandReduce, ExpandFft,
               ExpandProduct<DotGeneralOp>, ExpandProduct<DotOp>>(converter,
                                                                  context);
}
