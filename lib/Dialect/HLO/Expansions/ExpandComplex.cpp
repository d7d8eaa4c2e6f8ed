//===- ExpandComplex.cpp - complex numbers as pairs of real tensors -------===//
//
// A 1:N dialect conversion: each tensor of complex<T> becomes two tensors of
// T, its real and imaginary parts, and each op on complex numbers becomes
// real ops on the parts. Function arguments and results stay complex:
// hlo.real and hlo.imag split them where the body starts, hlo.complex pairs
// the results where it returns, and only those three ops reach the
// lowerings. The formulas are in ExpandComplexMath.cpp and
// ExpandComplexFourier.cpp.
//
//===----------------------------------------------------------------------===//

#include "ExpandComplex.h"

#include "fuse/Dialect/HLO/Expansions/Passes.h"
#include "fuse/Dialect/HLO/Expansions/Patterns.h"
#include "fuse/Dialect/HLO/IR/HLODialect.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"

#include <complex>

namespace fuse::hlo {
#define GEN_PASS_DEF_EXPANDCOMPLEXPASS
#include "fuse/Dialect/HLO/Expansions/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;
using namespace fuse::hlo::detail;

namespace {

bool isComplexTensor(Type type) {
  return isa<ComplexType>(getElementTypeOrSelf(type));
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

/// The parts of a converted operand.
ComplexParts partsOf(ValueRange converted) {
  return converted.size() == 2 ? ComplexParts{converted[0], converted[1]}
                               : ComplexParts{converted[0], Value()};
}

/// All the values the converted operands stand for, in order.
SmallVector<Value> flatten(ArrayRef<ValueRange> operands) {
  SmallVector<Value> values;
  for (ValueRange converted : operands)
    llvm::append_range(values, converted);
  return values;
}

/// `op` again, on `operands`, with the one result type `type`.
Value recreate(OpBuilder &b, Operation *op, ValueRange operands, Type type) {
  OperationState state(op->getLoc(), op->getName(), operands, TypeRange{type},
                       op->getAttrs());
  return b.create(state)->getResult(0);
}

/// Elementwise ops whose result is complex; expandComplexElementwise knows
/// which.
struct ExpandElementwise : ConversionPattern {
  ExpandElementwise(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<ComplexParts> args = llvm::map_to_vector(operands, partsOf);
    FailureOr<ComplexParts> parts =
        expandComplexElementwise(rewriter, op, args);
    if (failed(parts))
      return rewriter.notifyMatchFailure(op, "not an arithmetic op");
    rewriter.replaceOpWithMultiple(op, {{parts->re, parts->im}});
    return success();
  }
};

/// Ops that move elements without computing on them (broadcasts, reshapes,
/// slices, pads, gathers, ...): the same op on each part. Index operands
/// are shared.
struct ExpandDataMovement : ConversionPattern {
  ExpandDataMovement(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), 1, context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<BroadcastInDimOp, ReshapeOp, TransposeOp, SliceOp, DynamicSliceOp,
             DynamicUpdateSliceOp, ConcatenateOp, PadOp, ReverseOp, SelectOp,
             GatherOp>(op))
      return rewriter.notifyMatchFailure(op, "not a data movement op");
    SmallVector<Value> results;
    for (int part = 0; part < 2; ++part) {
      SmallVector<Value> partOperands;
      for (ValueRange converted : operands)
        partOperands.push_back(converted.size() == 2 ? converted[part]
                                                     : converted[0]);
      results.push_back(recreate(rewriter, op, partOperands,
                                 partType(op->getResult(0).getType())));
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
    ComplexParts z = partsOf(adaptor.getOperand());
    RealOps ops(rewriter, op.getLoc());
    rewriter.replaceOp(op, complexModulus(ops, z.re, z.im));
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
    ComplexParts lhs = partsOf(adaptor.getLhs()),
                 rhs = partsOf(adaptor.getRhs());
    ComparisonDirection direction = op.getComparisonDirection();
    RealOps ops(rewriter, op.getLoc());
    Value re = ops.compare(direction, lhs.re, rhs.re);
    Value im = ops.compare(direction, lhs.im, rhs.im);
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
    ComplexParts operand = partsOf(adaptor.getOperand());
    RankedTensorType type = partType(op.getType());
    Location loc = op.getLoc();
    Value re = ConvertOp::create(rewriter, loc, type, operand.re);
    Value im = operand.im ? ConvertOp::create(rewriter, loc, type, operand.im)
                          : RealOps(rewriter, loc).constant(type, 0.0);
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
    ComplexParts input = partsOf(adaptor.getInputs()[0]);
    ComplexParts init = partsOf(adaptor.getInitValues()[0]);
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
    ComplexParts lhs = partsOf(adaptor.getLhs()),
                 rhs = partsOf(adaptor.getRhs());
    RankedTensorType type = partType(op.getType());
    auto product = [&](Value l, Value r) {
      return recreate(rewriter, op, {l, r}, type);
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

struct ExpandFft : OpConversionPattern<FftOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(FftOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> results =
        expandFourierTransform(rewriter, op, partsOf(adaptor.getOperand()));
    if (results.size() == 1)
      rewriter.replaceOp(op, results[0]);
    else
      rewriter.replaceOpWithMultiple(op, {results});
    return success();
  }
};

/// The results of `expanded` that stand for each result of `op`: the parts
/// of a complex one, a real one itself.
SmallVector<SmallVector<Value>> groupResults(Operation *op,
                                             Operation *expanded) {
  SmallVector<SmallVector<Value>> results;
  unsigned next = 0;
  for (Type type : op->getResultTypes()) {
    unsigned count = isComplexTensor(type) ? 2 : 1;
    results.emplace_back(expanded->getResults().slice(next, count));
    next += count;
  }
  return results;
}

/// A loop that carries complex values carries their parts: the operands,
/// results and regions' arguments are split, and the body's hlo.return
/// (ExpandRegionReturn) yields the parts.
struct ExpandWhile : OpConversionPattern<WhileOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(WhileOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Value> operands = flatten(adaptor.getOperands());
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    auto loop = WhileOp::create(rewriter, op.getLoc(), types, operands);
    for (auto [from, to] : {std::pair{&op.getCond(), &loop.getCond()},
                            std::pair{&op.getBody(), &loop.getBody()}}) {
      rewriter.inlineRegionBefore(*from, *to, to->end());
      if (failed(rewriter.convertRegionTypes(to, *getTypeConverter())))
        return rewriter.notifyMatchFailure(op, "unconvertible region types");
    }
    rewriter.replaceOpWithMultiple(op, groupResults(op, loop));
    return success();
  }
};

/// A branch that returns complex values returns their parts, as the case
/// does (ExpandRegionReturn).
struct ExpandCase : OpConversionPattern<CaseOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(CaseOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> types;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), types)))
      return rewriter.notifyMatchFailure(op, "unconvertible result types");
    auto branches =
        CaseOp::create(rewriter, op.getLoc(), types, adaptor.getIndex().front(),
                       op.getBranches().size());
    for (auto [from, to] :
         llvm::zip_equal(op.getBranches(), branches.getBranches()))
      rewriter.inlineRegionBefore(from, to, to.end());
    rewriter.replaceOpWithMultiple(op, groupResults(op, branches));
    return success();
  }
};

/// The hlo.return of a loop's region or a branch with the parts of complex
/// values.
struct ExpandRegionReturn : OpConversionPattern<ReturnOp> {
  using OpConversionPattern::OpConversionPattern;

  LogicalResult
  matchAndRewrite(ReturnOp op, OneToNOpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<WhileOp, CaseOp>(op->getParentOp()))
      return rewriter.notifyMatchFailure(op, "not in a loop or a branch");
    rewriter.replaceOpWithNewOp<ReturnOp>(op, flatten(adaptor.getOperands()));
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
  if (isa<ReturnOp>(op) &&
      isa_and_nonnull<ReduceOp, WhileOp, CaseOp>(op->getParentOp()))
    return std::nullopt;
  if (isa<AddOp, SubtractOp, NegOp, MulOp, DivOp, ExpOp, LogOp, SqrtOp, AbsOp,
          RsqrtOp, SineOp, CosineOp, SignOp, BroadcastInDimOp, ReshapeOp,
          TransposeOp, SliceOp, DynamicSliceOp, DynamicUpdateSliceOp,
          ConcatenateOp, PadOp, ReverseOp, SelectOp, ConstantOp, ComplexOp,
          RealOp, ImagOp, CompareOp, ConvertOp, DotGeneralOp, DotOp, FftOp,
          WhileOp, CaseOp, GatherOp>(op))
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
               ExpandWhile, ExpandCase, ExpandRegionReturn,
               ExpandProduct<DotGeneralOp>, ExpandProduct<DotOp>>(converter,
                                                                  context);
}
