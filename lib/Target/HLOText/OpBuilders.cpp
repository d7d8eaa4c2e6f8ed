//===- OpBuilders.cpp - one builder per HLO opcode ------------------------===//
//
// XLA's opcodes map one to one onto hlo ops, with these exceptions:
// `parameter`, `tuple`, `get-tuple-element`, `copy`, `opt-barrier` and the
// custom calls that are hints make no op; `call` inlines its computation; `dot`
// becomes `hlo.dot_general`, with its operands converted first when XLA asks
// for a wider result type; a `compare` keeps its type= where it is not the
// element type's own order; elementwise ops and broadcasts on floats of mixed
// widths convert them.
//
//===----------------------------------------------------------------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/TypeInference.h"

#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;

namespace fuse::hlo_text {

namespace {

/// The type of a plain op written without a shape, where its operands give
/// it: that of the operands, pred of their shape, or that of select's and
/// clamp's middle operand.
template <typename OpTy>
FailureOr<RankedTensorType> inferPlainType(InstructionEmission &e,
                                           ArrayRef<Value> operands) {
  auto operandType = [&](unsigned index) {
    return cast<RankedTensorType>(operands[index].getType());
  };
  if constexpr (std::is_same_v<OpTy, hlo::SelectOp> ||
                std::is_same_v<OpTy, hlo::ClampOp>)
    return operandType(1);
  else if constexpr (std::is_same_v<OpTy, hlo::IsFiniteOp>)
    return operandType(0).clone(e.builder.getI1Type());
  else if constexpr (std::is_same_v<OpTy, hlo::ComplexOp>)
    return operandType(0).clone(
        ComplexType::get(operandType(0).getElementType()));
  else if constexpr (std::is_same_v<OpTy, hlo::AbsOp> ||
                     std::is_same_v<OpTy, hlo::RealOp> ||
                     std::is_same_v<OpTy, hlo::ImagOp>) {
    // The parts' type for complex numbers; abs keeps a real type.
    Type element = operandType(0).getElementType();
    if (auto complex = dyn_cast<ComplexType>(element))
      element = complex.getElementType();
    return operandType(0).clone(element);
  } else if constexpr (OpTy::template hasTrait<
                           OpTrait::SameOperandsAndResultType>())
    return operandType(0);
  else
    return e.emitError() << "'" << e.instruction.opcode
                         << "' needs its shape: its operands do not give it";
}

/// The float type that an op with floats of mixed widths computes in, as
/// XLA's backends do (they widen its operands, then round its result): the
/// widest of `types`, f32 for bf16 with f16. Null when one is not a float.
FloatType getMixedPrecisionType(ArrayRef<Type> types) {
  FloatType widest;
  for (Type type : types) {
    auto floatType = dyn_cast<FloatType>(type);
    if (!floatType)
      return {};
    if (!widest || floatType.getWidth() > widest.getWidth())
      widest = floatType;
    else if (floatType.getWidth() == widest.getWidth() && floatType != widest)
      widest = Float32Type::get(type.getContext());
  }
  return widest;
}

/// Ops whose operands and result type say everything: elementwise ops,
/// select, clamp, convert, reshape. XLA's mixed precision (an f32 operand of
/// a bf16 multiply) is computed in the widest of the types and converted.
template <typename OpTy, unsigned Arity>
FailureOr<HloValue> buildPlain(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(Arity);
  if (failed(operands))
    return failure();
  FailureOr<RankedTensorType> type =
      e.resultType([&] { return inferPlainType<OpTy>(e, *operands); });
  if (failed(type))
    return failure();
  if constexpr (OpTy::template hasTrait<OpTrait::SameOperandsAndResultType>()) {
    SmallVector<Type> elements{type->getElementType()};
    for (Value operand : *operands)
      elements.push_back(getElementTypeOrSelf(operand.getType()));
    FloatType computed = getMixedPrecisionType(elements);
    if (computed && !llvm::all_equal(elements)) {
      SmallVector<Value> widened;
      for (Value operand : *operands)
        widened.push_back(convertElements(e, operand, computed));
      auto op = OpTy::create(e.builder, e.loc, TypeRange{type->clone(computed)},
                             widened);
      if (failed(e.finish(op)))
        return failure();
      return e.finish(
          convertElements(e, op->getResult(0), type->getElementType())
              .getDefiningOp());
    }
  }
  return e.finish(
      OpTy::create(e.builder, e.loc, TypeRange{*type}, ValueRange{*operands}));
}

/// `fft(x), fft_type=RFFT, fft_length={8}`.
FailureOr<HloValue> buildFft(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<const AttributeValue *> kind = e.attribute("fft_type");
  FailureOr<ArrayRef<int64_t>> length = e.integers("fft_length");
  if (failed(operands) || failed(kind) || failed(length))
    return failure();
  std::optional<hlo::FftType> type = hlo::symbolizeFftType((*kind)->word);
  if (!type)
    return emitError((*kind)->loc) << "unknown fft_type '" << (*kind)->word
                                   << "' (FFT, IFFT, RFFT or IRFFT)";
  // The declared shape; the verifier reports one that the transform does
  // not give.
  FailureOr<RankedTensorType> resultType =
      e.resultType([&]() -> FailureOr<RankedTensorType> {
        return e.emitError() << "'fft' needs its shape";
      });
  if (failed(resultType))
    return failure();
  return e.finish(hlo::FftOp::create(e.builder, e.loc, *resultType,
                                     (*operands)[0], *type, *length));
}

/// A choice between two tuples of the same shape, element by element.
FailureOr<HloValue> selectTuples(InstructionEmission &e, Value pred,
                                 const HloValue &onTrue,
                                 const HloValue &onFalse) {
  if (onTrue.isTuple() != onFalse.isTuple() ||
      onTrue.elements.size() != onFalse.elements.size() ||
      (!onTrue.isTuple() &&
       onTrue.tensor.getType() != onFalse.tensor.getType()))
    return e.emitError() << "the tuples 'select' chooses from differ in shape";
  if (!onTrue.isTuple())
    return HloValue{hlo::SelectOp::create(e.builder, e.loc,
                                          onTrue.tensor.getType(), pred,
                                          onTrue.tensor, onFalse.tensor),
                    {}};
  HloValue result;
  for (auto [first, second] :
       llvm::zip_equal(onTrue.elements, onFalse.elements)) {
    FailureOr<HloValue> element = selectTuples(e, pred, first, second);
    if (failed(element))
      return failure();
    result.elements.push_back(std::move(*element));
  }
  return result;
}

/// `select`; older XLA also chose between two tuples by a rank-0 predicate.
FailureOr<HloValue> buildSelect(InstructionEmission &e) {
  if (e.operands.size() != 3 || !e.operands[1].isTuple())
    return buildPlain<hlo::SelectOp, 3>(e);
  const HloValue &pred = e.operands[0];
  auto predType = pred.isTuple()
                      ? RankedTensorType()
                      : cast<RankedTensorType>(pred.tensor.getType());
  if (!predType || predType.getRank() != 0 ||
      !predType.getElementType().isInteger(1))
    return e.emitError() << "a 'select' of tuples takes a rank-0 pred";
  return selectTuples(e, pred.tensor, e.operands[1], e.operands[2]);
}

FailureOr<HloValue> buildParameter(InstructionEmission &e) {
  int64_t number = e.instruction.parameterNumber;
  if (number < 0 || number >= static_cast<int64_t>(e.parameters.size()))
    return e.emitError() << "parameter(" << number << ") of a computation "
                         << "called with " << e.parameters.size() << " argument"
                         << (e.parameters.size() == 1 ? "" : "s");
  return e.parameters[number];
}

FailureOr<HloValue> buildConstant(InstructionEmission &e) {
  if (!e.instruction.tupleLiteral.empty()) {
    SmallVector<Value> arrays;
    for (DenseElementsAttr literal : e.instruction.tupleLiteral)
      arrays.push_back(hlo::ConstantOp::create(e.builder, e.loc,
                                               literal.getType(), literal));
    ArrayRef<Value> remaining = arrays;
    return regroup(e.instruction.shape, remaining);
  }
  return e.finish(hlo::ConstantOp::create(e.builder, e.loc,
                                          e.instruction.literal.getType(),
                                          e.instruction.literal));
}

FailureOr<HloValue> buildTuple(InstructionEmission &e) {
  return HloValue{Value(),
                  std::vector<HloValue>(e.operands.begin(), e.operands.end())};
}

FailureOr<HloValue> buildGetTupleElement(InstructionEmission &e) {
  FailureOr<ArrayRef<int64_t>> index = e.integers("index");
  if (failed(index))
    return failure();
  if (e.operands.size() != 1 || !e.operands[0].isTuple())
    return e.emitError() << "'get-tuple-element' takes one tuple operand";
  const std::vector<HloValue> &elements = e.operands[0].elements;
  if (index->front() < 0 ||
      index->front() >= static_cast<int64_t>(elements.size()))
    return e.emitError() << "index " << index->front() << " of a tuple of "
                         << elements.size() << " elements";
  return elements[index->front()];
}

/// A token orders side effects; with none to order, `after-all` joins
/// tokens into the empty tuple that stands for one.
FailureOr<HloValue> buildAfterAll(InstructionEmission &e) { return HloValue{}; }

/// `add-dependency(x, token)` orders `x` after the token; its value is `x`.
FailureOr<HloValue> buildAddDependency(InstructionEmission &e) {
  if (e.operands.size() != 2)
    return e.emitError() << "'add-dependency' takes 2 operands, not "
                         << e.operands.size();
  return e.operands[0];
}

/// The one operand of `opcode`, whose value passes through.
FailureOr<HloValue> passThrough(InstructionEmission &e, StringRef opcode) {
  if (e.operands.size() != 1)
    return e.emitError() << "'" << opcode << "' takes 1 operand, not "
                         << e.operands.size();
  return e.operands[0];
}

/// XLA's copy changes the layout at most; values are unchanged.
FailureOr<HloValue> buildCopy(InstructionEmission &e) {
  return passThrough(e, "copy");
}

/// XLA's optimization barrier only orders XLA's own scheduling.
FailureOr<HloValue> buildOptimizationBarrier(InstructionEmission &e) {
  return passThrough(e, "opt-barrier");
}

/// XLA's domain marks where a sharding (or another attribute) changes, for
/// XLA's partitioner.
FailureOr<HloValue> buildDomain(InstructionEmission &e) {
  return passThrough(e, "domain");
}

/// The size of one dimension of the operand, an s32 scalar: a constant, as
/// fuse's shapes are static.
FailureOr<HloValue> buildGetDimensionSize(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<ArrayRef<int64_t>> dimensions = e.integers("dimensions");
  if (failed(operands) || failed(dimensions))
    return failure();
  auto type = cast<RankedTensorType>((*operands)[0].getType());
  if (dimensions->size() != 1 || (*dimensions)[0] < 0 ||
      (*dimensions)[0] >= type.getRank())
    return e.emitError() << "'get-dimension-size' takes one dimension of "
                            "its rank-"
                         << type.getRank() << " operand";
  auto sizeType = RankedTensorType::get({}, e.builder.getI32Type());
  return e.finish(hlo::ConstantOp::create(
      e.builder, e.loc,
      DenseElementsAttr::get(sizeType,
                             e.builder.getI32IntegerAttr(static_cast<int32_t>(
                                 type.getDimSize((*dimensions)[0]))))));
}

FailureOr<HloValue> buildCall(InstructionEmission &e) {
  FailureOr<const ParsedComputation *> callee =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(callee))
    return failure();
  return e.emitter.emitComputation(**callee, e.operands, e.loc);
}

/// The opcodes `map` can lift from scalars to arrays: those that apply to
/// each element alone.
bool isLiftable(StringRef opcode) {
  // A table, a few opcodes a line.
  // clang-format off
  static constexpr StringLiteral kElementwise[] = {
      "parameter", "constant", "convert", "add", "subtract", "multiply",
      "divide", "remainder", "maximum", "minimum", "power", "atan2", "and",
      "or", "xor", "not", "abs", "negate", "sign", "floor", "ceil", "sqrt",
      "rsqrt", "cbrt", "exponential", "log", "log-plus-one",
      "exponential-minus-one", "logistic", "tanh", "tan", "sine", "cosine",
      "compare", "select", "clamp", "is-finite", "round-nearest-afz",
      "round-nearest-even", "shift-left", "shift-right-logical",
      "shift-right-arithmetic", "popcnt", "count-leading-zeros"};
  // clang-format on
  return llvm::is_contained(kElementwise, opcode);
}

/// `map(operands), to_apply=c`: c's scalar instructions lifted to the
/// operands' shape (each shape the map's dimensions, each constant
/// splatted) and emitted inline, as `call` is.
FailureOr<HloValue> buildMap(InstructionEmission &e) {
  FailureOr<const ParsedComputation *> callee =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  FailureOr<RankedTensorType> type = e.resultType();
  FailureOr<ArrayRef<int64_t>> dimensions = e.integers("dimensions", true);
  if (failed(callee) || failed(type) || failed(dimensions))
    return failure();
  for (auto [index, dim] : llvm::enumerate(*dimensions))
    if (dim != static_cast<int64_t>(index))
      return e.emitError() << "'map' applies to every dimension in order";
  ParsedComputation lifted = **callee;
  for (ParsedInstruction &instruction : lifted.instructions) {
    auto scalar = dyn_cast_or_null<RankedTensorType>(instruction.shape);
    if (!isLiftable(instruction.opcode) || !scalar || scalar.getRank() != 0)
      return e.emitError() << "'map' can apply only scalar elementwise "
                              "instructions, not '"
                           << instruction.opcode << "' in '" << lifted.name
                           << "'";
    auto array = type->clone(scalar.getElementType());
    instruction.shape = array;
    if (instruction.literal)
      instruction.literal = DenseElementsAttr::get(
          array, instruction.literal.getSplatValue<Attribute>());
  }
  return e.emitter.emitComputation(lifted, e.operands, e.loc);
}

FailureOr<HloValue> buildCompare(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  if (failed(operands))
    return failure();
  FailureOr<RankedTensorType> type = e.resultType([&] {
    return FailureOr<RankedTensorType>(
        cast<RankedTensorType>((*operands)[0].getType())
            .clone(e.builder.getI1Type()));
  });
  FailureOr<const AttributeValue *> direction = e.attribute("direction");
  if (failed(type) || failed(direction))
    return failure();
  std::optional<hlo::ComparisonDirection> parsed =
      hlo::symbolizeComparisonDirection((*direction)->word);
  if (!parsed)
    return emitError((*direction)->loc)
           << "unknown comparison direction '" << (*direction)->word << "'";
  // type= is kept only where it differs from the element type's own order.
  hlo::ComparisonTypeAttr order;
  auto comparisonType = e.instruction.attributes.find("type");
  if (comparisonType != e.instruction.attributes.end()) {
    const AttributeValue &value = comparisonType->second;
    std::optional<hlo::ComparisonType> parsedType =
        hlo::symbolizeComparisonType(value.word);
    if (!parsedType)
      return emitError(value.loc)
             << "unknown comparison type '" << value.word << "'";
    Type elementType = getElementTypeOrSelf((*operands)[0].getType());
    bool isFloatOrder = *parsedType == hlo::ComparisonType::FLOAT ||
                        *parsedType == hlo::ComparisonType::TOTALORDER;
    if (isFloatOrder != isa<FloatType>(elementType))
      return emitError(value.loc) << "comparison type " << value.word
                                  << " does not apply to " << elementType;
    hlo::ComparisonType natural =
        isa<FloatType>(elementType) ? hlo::ComparisonType::FLOAT
        : elementType.isInteger(1) || elementType.isUnsignedInteger()
            ? hlo::ComparisonType::UNSIGNED
            : hlo::ComparisonType::SIGNED;
    // As XLA's verifier: integers compare in their own order only.
    if (!isFloatOrder && *parsedType != natural)
      return emitError(value.loc)
             << "comparison type " << value.word << " does not apply to "
             << elementType << ", which compares "
             << hlo::stringifyComparisonType(natural);
    if (*parsedType != natural)
      order = hlo::ComparisonTypeAttr::get(e.builder.getContext(), *parsedType);
  }
  return e.finish(hlo::CompareOp::create(e.builder, e.loc, Type(*type), *parsed,
                                         (*operands)[0], (*operands)[1],
                                         order));
}

FailureOr<HloValue> buildReducePrecision(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<int64_t> exponentBits = e.integer("exponent_bits");
  FailureOr<int64_t> mantissaBits = e.integer("mantissa_bits");
  if (failed(operands) || failed(exponentBits) || failed(mantissaBits))
    return failure();
  return e.finish(hlo::ReducePrecisionOp::create(
      e.builder, e.loc, (*operands)[0], *exponentBits, *mantissaBits));
}

/// `algorithm=rng_three_fry` (`rng_philox`, `rng_default`); the shape is
/// the tuple of the new state and the bits.
FailureOr<HloValue> buildRngBitGenerator(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<const AttributeValue *> algorithm = e.attribute("algorithm");
  if (failed(operands) || failed(algorithm))
    return failure();
  StringRef name = (*algorithm)->word;
  std::optional<hlo::RngAlgorithm> parsed;
  if (name.consume_front("rng_"))
    parsed = hlo::symbolizeRngAlgorithm(name);
  if (!parsed)
    return emitError((*algorithm)->loc)
           << "unknown rng algorithm '" << (*algorithm)->word << "'";
  SmallVector<Type> resultTypes;
  if (failed(e.resultTypes(resultTypes)))
    return failure();
  if (resultTypes.size() != 2)
    return e.emitError() << "rng-bit-generator must have a tuple shape of the "
                            "new state and the bits";
  return e.finishRegrouped(hlo::RngBitGeneratorOp::create(
      e.builder, e.loc, resultTypes, (*operands)[0], *parsed));
}

FailureOr<HloValue> buildBroadcast(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(operands) || failed(type))
    return failure();
  // Older XLA leaves `dimensions={}` out when broadcasting a scalar.
  bool scalar = cast<RankedTensorType>((*operands)[0].getType()).getRank() == 0;
  FailureOr<ArrayRef<int64_t>> dimensions = e.integers("dimensions", scalar);
  if (failed(dimensions))
    return failure();
  // A broadcast of a float of another width (XLA's mixed precision)
  // converts it first.
  Value operand = (*operands)[0];
  Type element = type->getElementType();
  if (getMixedPrecisionType({getElementTypeOrSelf(operand.getType()), element}))
    operand = convertElements(e, operand, element);
  return e.finish(hlo::BroadcastInDimOp::create(e.builder, e.loc, Type(*type),
                                                operand, *dimensions));
}

FailureOr<HloValue> buildTranspose(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<ArrayRef<int64_t>> permutation = e.integers("dimensions");
  if (failed(operands) || failed(permutation))
    return failure();
  FailureOr<RankedTensorType> type = e.resultType([&] {
    return hlo::inferTranspose(
        e.loc, cast<RankedTensorType>((*operands)[0].getType()), *permutation);
  });
  if (failed(type))
    return failure();
  return e.finish(hlo::TransposeOp::create(e.builder, e.loc, Type(*type),
                                           (*operands)[0], *permutation));
}

FailureOr<HloValue> buildReverse(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<RankedTensorType> type = e.resultType();
  FailureOr<ArrayRef<int64_t>> dimensions = e.integers("dimensions");
  if (failed(operands) || failed(type) || failed(dimensions))
    return failure();
  return e.finish(hlo::ReverseOp::create(e.builder, e.loc, Type(*type),
                                         (*operands)[0], *dimensions));
}

FailureOr<HloValue> buildSlice(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(1);
  FailureOr<RankedTensorType> type = e.resultType();
  FailureOr<const AttributeValue *> slice = e.attribute("slice");
  if (failed(operands) || failed(type) || failed(slice))
    return failure();
  SmallVector<int64_t> starts, limits, strides;
  for (ArrayRef<int64_t> range : (*slice)->perDimension) {
    starts.push_back(range[0]);
    limits.push_back(range[1]);
    strides.push_back(range[2]);
  }
  return e.finish(hlo::SliceOp::create(
      e.builder, e.loc, Type(*type), (*operands)[0], starts, limits, strides));
}

/// Older XLA passed the start indices of dynamic slices as one rank-1
/// tensor: its elements, each a rank-0 tensor.
SmallVector<Value> splitStartIndices(InstructionEmission &e,
                                     ArrayRef<Value> starts) {
  auto type = starts.size() == 1
                  ? cast<RankedTensorType>(starts.front().getType())
                  : RankedTensorType();
  if (!type || type.getRank() != 1)
    return SmallVector<Value>(starts);
  SmallVector<Value> scalars;
  auto scalar = RankedTensorType::get({}, type.getElementType());
  for (int64_t i = 0; i < type.getDimSize(0); ++i) {
    Value element = hlo::SliceOp::create(
        e.builder, e.loc, starts.front(), ArrayRef<int64_t>{i},
        ArrayRef<int64_t>{i + 1}, ArrayRef<int64_t>{1});
    scalars.push_back(
        hlo::ReshapeOp::create(e.builder, e.loc, scalar, element));
  }
  return scalars;
}

FailureOr<HloValue> buildDynamicSlice(InstructionEmission &e) {
  if (e.operands.empty())
    return e.emitError() << "'dynamic-slice' needs an operand";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  FailureOr<RankedTensorType> type = e.resultType();
  FailureOr<ArrayRef<int64_t>> sizes = e.integers("dynamic_slice_sizes");
  if (failed(operands) || failed(type) || failed(sizes))
    return failure();
  return e.finish(hlo::DynamicSliceOp::create(
      e.builder, e.loc, Type(*type), (*operands)[0],
      splitStartIndices(e, ArrayRef<Value>(*operands).drop_front()), *sizes));
}

FailureOr<HloValue> buildDynamicUpdateSlice(InstructionEmission &e) {
  if (e.operands.size() < 2)
    return e.emitError()
           << "'dynamic-update-slice' needs an operand and an update";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  FailureOr<RankedTensorType> type = e.resultType();
  if (failed(operands) || failed(type))
    return failure();
  SmallVector<Value> values = {(*operands)[0], (*operands)[1]};
  llvm::append_range(
      values, splitStartIndices(e, ArrayRef<Value>(*operands).drop_front(2)));
  return e.finish(hlo::DynamicUpdateSliceOp::create(
      e.builder, e.loc, TypeRange{*type}, ValueRange{values}));
}

FailureOr<HloValue> buildConcatenate(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  FailureOr<ArrayRef<int64_t>> dimensions = e.integers("dimensions");
  if (failed(operands) || failed(dimensions))
    return failure();
  if (dimensions->size() != 1)
    return e.emitError() << "'concatenate' needs exactly one dimension";
  FailureOr<RankedTensorType> type = e.resultType([&] {
    return hlo::inferConcatenate(e.loc, ValueRange(*operands).getTypes(),
                                 dimensions->front());
  });
  if (failed(type))
    return failure();
  return e.finish(
      hlo::ConcatenateOp::create(e.builder, e.loc, Type(*type), *operands,
                                 static_cast<uint64_t>(dimensions->front())));
}

FailureOr<HloValue> buildPad(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<RankedTensorType> type = e.resultType();
  FailureOr<const AttributeValue *> padding = e.attribute("padding");
  if (failed(operands) || failed(type) || failed(padding))
    return failure();
  SmallVector<int64_t> low, high, interior;
  for (ArrayRef<int64_t> amounts : (*padding)->perDimension) {
    low.push_back(amounts[0]);
    high.push_back(amounts[1]);
    interior.push_back(amounts[2]);
  }
  return e.finish(hlo::PadOp::create(e.builder, e.loc, Type(*type),
                                     (*operands)[0], (*operands)[1], low, high,
                                     interior));
}

FailureOr<HloValue> buildIota(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(0);
  FailureOr<RankedTensorType> type = e.resultType();
  FailureOr<ArrayRef<int64_t>> dimension = e.integers("iota_dimension");
  if (failed(operands) || failed(type) || failed(dimension))
    return failure();
  return e.finish(
      hlo::IotaOp::create(e.builder, e.loc, Type(*type),
                          e.builder.getI64IntegerAttr(dimension->front())));
}

FailureOr<HloValue> buildDot(InstructionEmission &e) {
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(2);
  FailureOr<DotDimensionNumbers> dims = DotDimensionNumbers::read(e);
  if (failed(operands) || failed(dims))
    return failure();
  FailureOr<RankedTensorType> type = e.resultType([&] {
    return hlo::inferDotGeneral(
        e.loc, cast<RankedTensorType>((*operands)[0].getType()),
        cast<RankedTensorType>((*operands)[1].getType()), dims->lhsBatch,
        dims->rhsBatch, dims->lhsContracting, dims->rhsContracting);
  });
  if (failed(type))
    return failure();
  Type elementType = type->getElementType();
  return e.finish(hlo::DotGeneralOp::create(
      e.builder, e.loc, Type(*type),
      convertElements(e, (*operands)[0], elementType),
      convertElements(e, (*operands)[1], elementType), dims->lhsBatch,
      dims->rhsBatch, dims->lhsContracting, dims->rhsContracting));
}

/// `reduce(inputs..., inits...)`: the `to_apply` computation becomes the
/// body, with the accumulators as its first parameters as in XLA.
FailureOr<HloValue> buildReduce(InstructionEmission &e) {
  size_t count = e.operands.size() / 2;
  if (e.operands.empty() || e.operands.size() % 2 != 0)
    return e.emitError() << "'reduce' takes inputs and as many init values";
  FailureOr<SmallVector<Value>> operands = e.tensorOperands(e.operands.size());
  FailureOr<ArrayRef<int64_t>> dimensions = e.integers("dimensions");
  FailureOr<const ParsedComputation *> reducer =
      e.emitter.lookupCalled(e.instruction, "to_apply", e.loc);
  if (failed(operands) || failed(dimensions) || failed(reducer))
    return failure();
  ArrayRef<Value> inputs = ArrayRef<Value>(*operands).take_front(count);
  ArrayRef<Value> inits = ArrayRef<Value>(*operands).drop_front(count);
  SmallVector<Type> resultTypes;
  if (e.instruction.shape
          ? failed(e.resultTypes(resultTypes))
          : failed(hlo::inferReduce(e.loc, ValueRange(inputs).getTypes(),
                                    ValueRange(inits).getTypes(), *dimensions,
                                    resultTypes)))
    return failure();
  if (resultTypes.size() != count)
    return e.emitError() << "'reduce' of " << count << " inputs has "
                         << resultTypes.size() << " results";

  auto reduce = hlo::ReduceOp::create(e.builder, e.loc, resultTypes, inputs,
                                      inits, *dimensions);

  SmallVector<Type> scalars;
  for (int pass = 0; pass < 2; ++pass)
    for (Value init : inits)
      scalars.push_back(RankedTensorType::get(
          {}, cast<RankedTensorType>(init.getType()).getElementType()));
  if (failed(e.emitCombiner(reduce.getBody(), scalars, **reducer, count)))
    return failure();
  return e.finish(reduce);
}

const llvm::StringMap<OpBuilderFn> &opBuilders() {
  static const llvm::StringMap<OpBuilderFn> builders = {
      // Values without ops of their own.
      {"parameter", buildParameter},
      {"constant", buildConstant},
      {"tuple", buildTuple},
      {"get-tuple-element", buildGetTupleElement},
      {"copy", buildCopy},
      {"after-all", buildAfterAll},
      {"add-dependency", buildAddDependency},
      {"opt-barrier", buildOptimizationBarrier},
      {"custom-call", buildCustomCall},
      {"call", buildCall},
      {"map", buildMap},
      {"async-start", buildAsyncStart},
      {"call-start", buildAsyncStart},
      {"async-update", buildAsyncUpdate},
      {"call-update", buildAsyncUpdate},
      {"async-done", buildAsyncDone},
      {"call-done", buildAsyncDone},
      {"copy-start", buildCopyStart},
      {"copy-done", buildCopyDone},
      // Collectives.
      {"all-reduce", buildAllReduce},
      {"all-reduce-start", buildAllReduce},
      {"all-reduce-update", buildAsyncUpdate},
      {"all-reduce-done", buildCollectiveDone},
      {"all-gather", buildAllGather},
      {"all-gather-start", buildAllGather},
      {"all-gather-update", buildAsyncUpdate},
      {"all-gather-done", buildCollectiveDone},
      {"reduce-scatter", buildReduceScatter},
      {"reduce-scatter-start", buildReduceScatter},
      {"reduce-scatter-update", buildAsyncUpdate},
      {"reduce-scatter-done", buildCollectiveDone},
      {"collective-broadcast", buildCollectiveBroadcast},
      {"ragged-all-to-all", buildRaggedAllToAll},
      {"all-to-all", buildAllToAll},
      {"collective-permute", buildCollectivePermute},
      {"collective-permute-start", buildCollectivePermute},
      {"collective-permute-done", buildCollectiveDone},
      {"infeed", buildInfeed},
      {"outfeed", buildOutfeed},
      {"send", buildSend},
      {"send-done", buildSendDone},
      {"recv", buildRecv},
      {"recv-done", buildRecvDone},
      {"replica-id", buildDeviceId},
      {"partition-id", buildDeviceId},
      // Unary elementwise.
      {"abs", buildPlain<hlo::AbsOp, 1>},
      {"real", buildPlain<hlo::RealOp, 1>},
      {"imag", buildPlain<hlo::ImagOp, 1>},
      {"complex", buildPlain<hlo::ComplexOp, 2>},
      {"fft", buildFft},
      {"negate", buildPlain<hlo::NegOp, 1>},
      {"sign", buildPlain<hlo::SignOp, 1>},
      {"floor", buildPlain<hlo::FloorOp, 1>},
      {"ceil", buildPlain<hlo::CeilOp, 1>},
      {"round-nearest-even", buildPlain<hlo::RoundNearestEvenOp, 1>},
      {"exponential", buildPlain<hlo::ExpOp, 1>},
      {"exponential-minus-one", buildPlain<hlo::Expm1Op, 1>},
      {"log", buildPlain<hlo::LogOp, 1>},
      {"log-plus-one", buildPlain<hlo::Log1pOp, 1>},
      {"logistic", buildPlain<hlo::LogisticOp, 1>},
      {"tanh", buildPlain<hlo::TanhOp, 1>},
      {"sqrt", buildPlain<hlo::SqrtOp, 1>},
      {"rsqrt", buildPlain<hlo::RsqrtOp, 1>},
      {"sine", buildPlain<hlo::SineOp, 1>},
      {"cosine", buildPlain<hlo::CosineOp, 1>},
      {"not", buildPlain<hlo::NotOp, 1>},
      {"cbrt", buildPlain<hlo::CbrtOp, 1>},
      {"tan", buildPlain<hlo::TanOp, 1>},
      {"erf", buildPlain<hlo::ErfOp, 1>},
      {"popcnt", buildPlain<hlo::PopcntOp, 1>},
      {"count-leading-zeros", buildPlain<hlo::CountLeadingZerosOp, 1>},
      {"is-finite", buildPlain<hlo::IsFiniteOp, 1>},
      // Binary elementwise.
      {"add", buildPlain<hlo::AddOp, 2>},
      {"subtract", buildPlain<hlo::SubtractOp, 2>},
      {"multiply", buildPlain<hlo::MulOp, 2>},
      {"divide", buildPlain<hlo::DivOp, 2>},
      {"remainder", buildPlain<hlo::RemOp, 2>},
      {"power", buildPlain<hlo::PowOp, 2>},
      {"maximum", buildPlain<hlo::MaxOp, 2>},
      {"minimum", buildPlain<hlo::MinOp, 2>},
      {"and", buildPlain<hlo::AndOp, 2>},
      {"or", buildPlain<hlo::OrOp, 2>},
      {"xor", buildPlain<hlo::XorOp, 2>},
      {"shift-left", buildPlain<hlo::ShiftLeftOp, 2>},
      {"shift-right-logical", buildPlain<hlo::ShiftRightLogicalOp, 2>},
      {"shift-right-arithmetic", buildPlain<hlo::ShiftRightArithmeticOp, 2>},
      {"atan2", buildPlain<hlo::Atan2Op, 2>},
      // Comparison, choice, conversion.
      {"domain", buildDomain},
      {"get-dimension-size", buildGetDimensionSize},
      {"compare", buildCompare},
      {"select", buildSelect},
      {"clamp", buildPlain<hlo::ClampOp, 3>},
      {"convert", buildPlain<hlo::ConvertOp, 1>},
      {"bitcast", buildBitcast},
      {"bitcast-convert", buildBitcastConvert},
      {"reduce-precision", buildReducePrecision},
      {"rng-bit-generator", buildRngBitGenerator},
      {"rng", buildRng},
      // Shape and data movement.
      {"broadcast", buildBroadcast},
      {"reshape", buildPlain<hlo::ReshapeOp, 1>},
      {"transpose", buildTranspose},
      {"slice", buildSlice},
      {"dynamic-slice", buildDynamicSlice},
      {"dynamic-update-slice", buildDynamicUpdateSlice},
      {"concatenate", buildConcatenate},
      {"pad", buildPad},
      {"reverse", buildReverse},
      {"iota", buildIota},
      // Reductions and contractions.
      {"reduce", buildReduce},
      {"convolution", buildConvolution},
      {"fusion", buildFusion},
      {"gather", buildGather},
      {"scatter", buildScatter},
      {"reduce-window", buildReduceWindow},
      {"select-and-scatter", buildSelectAndScatter},
      {"sort", buildSort},
      {"topk", buildTopK},
      {"while", buildWhile},
      {"conditional", buildConditional},
      {"scan", buildScan},
      {"dot", buildDot},
      {"ragged-dot", buildRaggedDot},
      {"stochastic-convert", buildStochasticConvert},
      {"cholesky", buildCholesky},
      {"batch-norm-training", buildBatchNormTraining},
      {"batch-norm-inference", buildBatchNormInference},
      {"batch-norm-grad", buildBatchNormGrad},
      {"triangular-solve", buildTriangularSolve},
  };
  return builders;
}

} // namespace

OpBuilderFn lookupOpBuilder(StringRef opcode) {
  if (OpBuilderFn build = opBuilders().lookup(opcode))
    return build;
  // XLA's async form of an op without one of its own: `abs-start`, ...
  for (auto [suffix, build] : {std::make_pair("-start", buildOpStart),
                               std::make_pair("-update", buildOpUpdate),
                               std::make_pair("-done", buildOpDone)}) {
    StringRef base = opcode;
    if (base.consume_back(suffix) && opBuilders().lookup(base))
      return build;
  }
  return nullptr;
}

} // namespace fuse::hlo_text
