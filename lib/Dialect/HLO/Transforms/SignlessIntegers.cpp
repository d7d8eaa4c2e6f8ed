//===- SignlessIntegers.cpp - unsigned integers to signless ones ----------===//
//
// arith, linalg and LLVM know only signless integers, whose signedness is in
// the ops. This conversion gives every unsigned hlo value the signless type
// of its width, and first rewrites the ops whose meaning depends on the
// sign into ops with that meaning on signless values:
// - compare reads them as UNSIGNED; maximum, minimum and clamp become
//   selects of such compares; abs is the value, sign is `x != 0`;
// - divide, remainder and power of 8 to 32 bits, and conversions from
//   them, work on the values zero-extended to i64, where signed arithmetic
//   is exact; conversions of floats to them saturate in i64 to their
//   range;
// - topk becomes a sort by an UNSIGNED compare;
// - gather, scatter and the dynamic slices read unsigned indices of 8 to 32
//   bits zero-extended to i64 (u64 indices of 2^63 or more read as negative
//   and clamp to 0, where XLA clamps them to the last start).
// u64 has no wider type: its division, remainder and power are rejected
// with an error at the op; its conversions to and from floats are built
// from 63-bit halves.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/Transforms/Passes.h"
#include "fuse/Dialect/HLO/Transforms/Patterns.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Transforms/DialectConversion.h"

#include <limits>

namespace fuse::hlo {
#define GEN_PASS_DEF_SIGNLESSINTEGERSPASS
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"
} // namespace fuse::hlo

using namespace mlir;
using namespace fuse::hlo;

namespace {

bool isUnsignedTensor(Type type) {
  return getElementTypeOrSelf(type).isUnsignedInteger();
}

/// Whether any value or attribute of `op` has an unsigned integer type.
bool hasUnsignedTypes(Operation *op) {
  auto isUnsigned = [](Type type) { return isUnsignedTensor(type); };
  if (llvm::any_of(op->getOperandTypes(), isUnsigned) ||
      llvm::any_of(op->getResultTypes(), isUnsigned))
    return true;
  if (auto func = dyn_cast<FunctionOpInterface>(op))
    if (llvm::any_of(func.getArgumentTypes(), isUnsigned) ||
        llvm::any_of(func.getResultTypes(), isUnsigned))
      return true;
  for (Region &region : op->getRegions())
    for (Block &block : region)
      if (llvm::any_of(block.getArgumentTypes(), isUnsigned))
        return true;
  return false;
}

struct SignlessTypeConverter : TypeConverter {
  SignlessTypeConverter() {
    addConversion([](Type type) { return type; });
    addConversion([](IntegerType type) -> Type {
      if (!type.isUnsigned())
        return type;
      return IntegerType::get(type.getContext(), type.getWidth());
    });
    addConversion([this](RankedTensorType type) -> Type {
      return type.clone(convertType(type.getElementType()));
    });
  }
};

/// The builders the rewrites share, on signless values.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value convert(Value value, Type element) {
    auto type = cast<RankedTensorType>(value.getType());
    return ConvertOp::create(b, loc, type.clone(element), value);
  }
  Value splat(Value like, int64_t value) {
    auto type = cast<RankedTensorType>(like.getType());
    return ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type, APInt(type.getElementTypeBitWidth(), value,
                                           /*isSigned=*/true)));
  }
  Value splatFloat(Value like, double value) {
    auto type = cast<RankedTensorType>(like.getType());
    return ConstantOp::create(
        b, loc,
        DenseElementsAttr::get(type,
                               FloatAttr::get(type.getElementType(), value)));
  }
  /// `value`, of `width` bits read as unsigned, as i64.
  Value zeroExtend(Value value, unsigned width) {
    Value wide = convert(value, b.getI64Type());
    return AndOp::create(b, loc, wide,
                         splat(wide, llvm::maskTrailingOnes<uint64_t>(width)));
  }
  Value compare(ComparisonDirection direction, Value lhs, Value rhs,
                ComparisonType order) {
    return CompareOp::create(b, loc, direction, lhs, rhs,
                             ComparisonTypeAttr::get(b.getContext(), order));
  }
  Value unsignedChoice(ComparisonDirection direction, Value lhs, Value rhs) {
    Value keepLhs = compare(direction, lhs, rhs, ComparisonType::UNSIGNED);
    return SelectOp::create(b, loc, lhs.getType(), keepLhs, lhs, rhs);
  }
  /// `value` broadcast to `shape` when it is rank 0.
  Value broadcastTo(Value value, RankedTensorType shape) {
    auto type = cast<RankedTensorType>(value.getType());
    if (type.getShape() == shape.getShape())
      return value;
    return BroadcastInDimOp::create(b, loc, shape.clone(type.getElementType()),
                                    value, ArrayRef<int64_t>{});
  }
};

/// The width of an unsigned element type of `type`.
unsigned unsignedWidth(Type type) {
  return getElementTypeOrSelf(type).getIntOrFloatBitWidth();
}

/// u64 division, remainder and power: there is no wider type to compute
/// them in, and the signed i64 ops mean something else.
bool hasNoSignlessForm(Operation *op) {
  return isa<DivOp, RemOp, PowOp>(op) &&
         isUnsignedTensor(op->getResult(0).getType()) &&
         unsignedWidth(op->getResult(0).getType()) == 64;
}

/// A rewrite of `Op` that applies when its first operand is unsigned; the
/// subclass gives the replacement values, on the converted operands.
template <typename Op> struct UnsignedPattern : OpConversionPattern<Op> {
  using OpConversionPattern<Op>::OpConversionPattern;
  using Adaptor = typename Op::Adaptor;

  LogicalResult
  matchAndRewrite(Op op, Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const final {
    if (!isUnsignedTensor(op->getOperand(0).getType()))
      return failure();
    Emitter emit{rewriter, op.getLoc()};
    FailureOr<SmallVector<Value>> replacement =
        rewriteUnsigned(op, adaptor, emit);
    if (failed(replacement))
      return failure();
    rewriter.replaceOp(op, *replacement);
    return success();
  }

  virtual FailureOr<SmallVector<Value>>
  rewriteUnsigned(Op op, Adaptor adaptor, Emitter &emit) const = 0;
};

struct CompareUnsigned : UnsignedPattern<CompareOp> {
  using UnsignedPattern::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(CompareOp op, Adaptor adaptor,
                                                Emitter &emit) const override {
    return SmallVector<Value>{emit.compare(op.getComparisonDirection(),
                                           adaptor.getLhs(), adaptor.getRhs(),
                                           op.getEffectiveCompareType())};
  }
};

/// maximum and minimum: the operand the unsigned compare keeps.
template <typename Op, ComparisonDirection direction>
struct ExtremumUnsigned : UnsignedPattern<Op> {
  using UnsignedPattern<Op>::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(Op op,
                                                typename Op::Adaptor adaptor,
                                                Emitter &emit) const override {
    return SmallVector<Value>{
        emit.unsignedChoice(direction, adaptor.getLhs(), adaptor.getRhs())};
  }
};

struct ClampUnsigned : UnsignedPattern<ClampOp> {
  using UnsignedPattern::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(ClampOp op, Adaptor adaptor,
                                                Emitter &emit) const override {
    auto type = cast<RankedTensorType>(adaptor.getOperand().getType());
    Value low =
        emit.unsignedChoice(ComparisonDirection::GT, adaptor.getOperand(),
                            emit.broadcastTo(adaptor.getMin(), type));
    return SmallVector<Value>{
        emit.unsignedChoice(ComparisonDirection::LT, low,
                            emit.broadcastTo(adaptor.getMax(), type))};
  }
};

struct AbsUnsigned : UnsignedPattern<AbsOp> {
  using UnsignedPattern::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(AbsOp op, Adaptor adaptor,
                                                Emitter &emit) const override {
    return SmallVector<Value>{adaptor.getOperand()};
  }
};

struct SignUnsigned : UnsignedPattern<SignOp> {
  using UnsignedPattern::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(SignOp op, Adaptor adaptor,
                                                Emitter &emit) const override {
    Value x = adaptor.getOperand();
    Value nonZero = emit.compare(ComparisonDirection::NE, x, emit.splat(x, 0),
                                 ComparisonType::UNSIGNED);
    return SmallVector<Value>{
        emit.convert(nonZero, getElementTypeOrSelf(x.getType()))};
  }
};

/// divide, remainder and power on values zero-extended to i64.
template <typename Op> struct WidenUnsigned : UnsignedPattern<Op> {
  using UnsignedPattern<Op>::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(Op op,
                                                typename Op::Adaptor adaptor,
                                                Emitter &emit) const override {
    unsigned width = unsignedWidth(op.getType());
    if (width == 64)
      return failure(); // Rejected by findUnsupportedOps.
    Value lhs = emit.zeroExtend(adaptor.getLhs(), width);
    Value rhs = emit.zeroExtend(adaptor.getRhs(), width);
    Value wide = Op::create(emit.b, op.getLoc(), lhs, rhs);
    return SmallVector<Value>{emit.convert(wide, emit.b.getIntegerType(width))};
  }
};

struct TopKUnsigned : UnsignedPattern<TopKOp> {
  using UnsignedPattern::UnsignedPattern;
  FailureOr<SmallVector<Value>> rewriteUnsigned(TopKOp op, Adaptor adaptor,
                                                Emitter &emit) const override {
    return op.buildSortedForm(emit.b, adaptor.getOperand(),
                              ComparisonType::UNSIGNED);
  }
};

struct ConvertUnsigned : OpConversionPattern<ConvertOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(ConvertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type from = getElementTypeOrSelf(op.getOperand().getType());
    Type to = getElementTypeOrSelf(op.getType());
    Type signlessTo = getTypeConverter()->convertType(to);
    Emitter emit{rewriter, op.getLoc()};
    Value x = adaptor.getOperand();
    if (from.isUnsignedInteger()) {
      unsigned width = from.getIntOrFloatBitWidth();
      bool widens = isa<FloatType>(to) ||
                    (!to.isInteger(1) && to.getIntOrFloatBitWidth() > width);
      if (!widens)
        return failure();
      if (isa<FloatType>(to) && width == 64) {
        rewriter.replaceOp(op, u64ToFloat(emit, x, to));
        return success();
      }
      Value wide = width == 64 ? x : emit.zeroExtend(x, width);
      rewriter.replaceOp(op, emit.convert(wide, signlessTo));
      return success();
    }
    if (!to.isUnsignedInteger() || !isa<FloatType>(from))
      return failure();
    unsigned width = to.getIntOrFloatBitWidth();
    if (width == 64) {
      rewriter.replaceOp(op, floatToU64(emit, x));
      return success();
    }
    // Saturate in i64, whose range holds every u8..u32 value.
    Value wide = emit.convert(x, rewriter.getI64Type());
    Value low = MaxOp::create(rewriter, op.getLoc(), wide, emit.splat(wide, 0));
    Value high = MinOp::create(
        rewriter, op.getLoc(), low,
        emit.splat(wide, llvm::maskTrailingOnes<uint64_t>(width)));
    rewriter.replaceOp(op, emit.convert(high, signlessTo));
    return success();
  }

  /// A u64 held in i64 as a float: values of 2^63 or more convert their
  /// half, with the lost bit kept sticky so the rounding is the same, then
  /// double.
  static Value u64ToFloat(Emitter &emit, Value x, Type to) {
    Value direct = emit.convert(x, to);
    Value half = OrOp::create(
        emit.b, emit.loc,
        ShiftRightLogicalOp::create(emit.b, emit.loc, x, emit.splat(x, 1)),
        AndOp::create(emit.b, emit.loc, x, emit.splat(x, 1)));
    Value halfFloat = emit.convert(half, to);
    Value doubled = AddOp::create(emit.b, emit.loc, halfFloat, halfFloat);
    Value small = emit.compare(ComparisonDirection::GE, x, emit.splat(x, 0),
                               ComparisonType::SIGNED);
    return SelectOp::create(emit.b, emit.loc, direct.getType(), small, direct,
                            doubled);
  }

  /// A float as a u64 held in i64: values of 2^63 or more convert less
  /// 2^63, then set the top bit (which saturates 2^64 and more to all
  /// ones); negative values and NaN become 0.
  static Value floatToU64(Emitter &emit, Value x) {
    Type i64 = emit.b.getI64Type();
    // 2^63 is out of the range of f16 and bf16 holds it: f32 holds both.
    if (getElementTypeOrSelf(x.getType()).getIntOrFloatBitWidth() < 32)
      x = emit.convert(x, emit.b.getF32Type());
    Value bound = emit.splatFloat(x, 9223372036854775808.0);
    Value direct = emit.convert(x, i64);
    Value clampedLow =
        MaxOp::create(emit.b, emit.loc, direct, emit.splat(direct, 0));
    Value above =
        emit.convert(SubtractOp::create(emit.b, emit.loc, x, bound), i64);
    Value topBit =
        XorOp::create(emit.b, emit.loc, above,
                      emit.splat(above, std::numeric_limits<int64_t>::min()));
    Value big =
        emit.compare(ComparisonDirection::GE, x, bound, ComparisonType::FLOAT);
    return SelectOp::create(emit.b, emit.loc, direct.getType(), big, topBit,
                            clampedLow);
  }
};

/// The indices of u8..u32 zero-extended to i64, other values as they are.
Value widenIndices(Emitter &emit, Value original, Value converted) {
  if (!isUnsignedTensor(original.getType()) ||
      unsignedWidth(original.getType()) == 64)
    return converted;
  return emit.zeroExtend(converted, unsignedWidth(original.getType()));
}

/// Any op with unsigned types, and those above after their rewrite: the
/// same op on the signless types, with unsigned constants reinterpreted.
struct RetypeOp : ConversionPattern {
  RetypeOp(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/0,
                          context) {}

  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (isa<FunctionOpInterface>(op) || !hasUnsignedTypes(op) ||
        hasNoSignlessForm(op))
      return failure();
    SmallVector<Value> newOperands(operands);
    Emitter emit{rewriter, op->getLoc()};
    if (auto gather = dyn_cast<GatherOp>(op))
      newOperands[1] =
          widenIndices(emit, gather.getStartIndices(), newOperands[1]);
    if (auto scatter = dyn_cast<ScatterOp>(op))
      newOperands[1] =
          widenIndices(emit, scatter.getScatterIndices(), newOperands[1]);
    if (isa<DynamicSliceOp, DynamicUpdateSliceOp>(op)) {
      unsigned first = isa<DynamicSliceOp>(op) ? 1 : 2;
      for (unsigned i = first; i < operands.size(); ++i)
        newOperands[i] = widenIndices(emit, op->getOperand(i), newOperands[i]);
    }
    SmallVector<Type> resultTypes;
    if (failed(getTypeConverter()->convertTypes(op->getResultTypes(),
                                                resultTypes)))
      return failure();
    OperationState state(op->getLoc(), op->getName(), newOperands, resultTypes,
                         op->getAttrs(), op->getSuccessors());
    if (Attribute properties = op->getPropertiesAsAttribute())
      state.propertiesAttr = signlessAttribute(properties);
    for (Region &region : op->getRegions()) {
      Region *moved = state.addRegion();
      rewriter.inlineRegionBefore(region, *moved, moved->end());
      if (failed(rewriter.convertRegionTypes(moved, *getTypeConverter())))
        return failure();
    }
    Operation *retyped = rewriter.create(state);
    rewriter.replaceOp(op, retyped->getResults());
    return success();
  }

  /// `attr` with every dense attribute of unsigned elements (a constant's
  /// value) reinterpreted as signless, nested dictionaries included.
  Attribute signlessAttribute(Attribute attr) const {
    if (auto dense = dyn_cast<DenseIntElementsAttr>(attr)) {
      if (!isUnsignedTensor(dense.getType()))
        return attr;
      return dense.bitcast(
          getTypeConverter()->convertType(dense.getElementType()));
    }
    auto dictionary = dyn_cast<DictionaryAttr>(attr);
    if (!dictionary)
      return attr;
    SmallVector<NamedAttribute> entries;
    for (NamedAttribute entry : dictionary)
      entries.emplace_back(entry.getName(),
                           signlessAttribute(entry.getValue()));
    return DictionaryAttr::get(attr.getContext(), entries);
  }
};

/// Reports each op this conversion cannot give a signless form.
LogicalResult findUnsupportedOps(Operation *root) {
  WalkResult walk = root->walk([](Operation *op) {
    if (hasNoSignlessForm(op)) {
      op->emitOpError(
          "on u64 is not supported: there is no wider type to compute it in");
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(walk.wasInterrupted());
}

struct SignlessIntegersPass
    : fuse::hlo::impl::SignlessIntegersPassBase<SignlessIntegersPass> {
  void runOnOperation() override {
    if (failed(findUnsupportedOps(getOperation())))
      return signalPassFailure();
    MLIRContext *context = &getContext();
    SignlessTypeConverter converter;
    RewritePatternSet patterns(context);
    populateSignlessIntegersPatterns(converter, patterns);
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([&](Operation *op) {
      if (auto func = dyn_cast<func::FuncOp>(op))
        return converter.isSignatureLegal(func.getFunctionType()) &&
               converter.isLegal(&func.getBody());
      return !hasUnsignedTypes(op);
    });
    if (failed(
            applyFullConversion(getOperation(), target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace

void fuse::hlo::populateSignlessIntegersPatterns(const TypeConverter &converter,
                                                 RewritePatternSet &patterns) {
  MLIRContext *context = patterns.getContext();
  patterns.add<
      CompareUnsigned, ExtremumUnsigned<MaxOp, ComparisonDirection::GT>,
      ExtremumUnsigned<MinOp, ComparisonDirection::LT>, ClampUnsigned,
      AbsUnsigned, SignUnsigned, WidenUnsigned<DivOp>, WidenUnsigned<RemOp>,
      WidenUnsigned<PowOp>, ConvertUnsigned, TopKUnsigned>(converter, context);
  patterns.add<RetypeOp>(converter, context);
}
