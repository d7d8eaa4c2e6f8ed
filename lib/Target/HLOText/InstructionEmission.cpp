//===- InstructionEmission.cpp - helpers of the op builders ---------------===//

#include "OpBuilders.h"

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/Verifier.h"

using namespace mlir;

namespace fuse::hlo_text {

void flattenShape(Type shape, SmallVectorImpl<Type> &types) {
  if (auto tuple = dyn_cast<TupleType>(shape)) {
    for (Type element : tuple.getTypes())
      flattenShape(element, types);
    return;
  }
  types.push_back(shape);
}

InFlightDiagnostic InstructionEmission::emitError() const {
  return mlir::emitError(loc);
}

FailureOr<SmallVector<Value>>
InstructionEmission::tensorOperands(unsigned count) const {
  if (operands.size() != count)
    return emitError() << "'" << instruction.opcode << "' takes " << count
                       << " operand" << (count == 1 ? "" : "s") << ", not "
                       << operands.size();
  SmallVector<Value> tensors;
  for (auto [index, operand] : llvm::enumerate(operands)) {
    if (operand.isTuple())
      return emitError() << "operand " << index << " of '" << instruction.opcode
                         << "' is a tuple";
    tensors.push_back(operand.tensor);
  }
  return tensors;
}

FailureOr<RankedTensorType> InstructionEmission::resultType(
    llvm::function_ref<FailureOr<RankedTensorType>()> infer) const {
  if (!instruction.shape) {
    if (infer)
      return infer();
    return emitError() << "'" << instruction.opcode
                       << "' needs its shape: fuse infers the shapes of "
                          "elementwise ops, compare, select, clamp, "
                          "transpose, concatenate, reduce, dot, tuples, "
                          "calls, loops and copies only";
  }
  if (auto type = dyn_cast<RankedTensorType>(instruction.shape))
    return type;
  return emitError() << "'" << instruction.opcode
                     << "' does not produce a tuple";
}

LogicalResult
InstructionEmission::resultTypes(SmallVectorImpl<Type> &types) const {
  if (!instruction.shape)
    return emitError() << "'" << instruction.opcode << "' needs its shape";
  flattenShape(instruction.shape, types);
  return success();
}

FailureOr<const AttributeValue *>
InstructionEmission::attribute(StringRef key) const {
  auto it = instruction.attributes.find(key);
  if (it == instruction.attributes.end())
    return emitError() << "'" << instruction.opcode << "' needs attribute '"
                       << key << "'";
  return &it->second;
}

FailureOr<ArrayRef<int64_t>>
InstructionEmission::integers(StringRef key, bool optional) const {
  if (optional && !instruction.attributes.count(key))
    return ArrayRef<int64_t>();
  FailureOr<const AttributeValue *> value = attribute(key);
  if (failed(value))
    return failure();
  return ArrayRef<int64_t>((*value)->integers);
}

FailureOr<int64_t> InstructionEmission::integer(StringRef key) const {
  FailureOr<const AttributeValue *> value = attribute(key);
  if (failed(value))
    return failure();
  if ((*value)->integers.size() != 1)
    return mlir::emitError((*value)->loc)
           << "'" << key << "' must be one integer";
  return (*value)->integers.front();
}

bool InstructionEmission::flag(StringRef key) const {
  return instruction.flag(key);
}

LogicalResult
InstructionEmission::emitCombiner(Region &region, TypeRange scalars,
                                  const ParsedComputation &computation,
                                  size_t numResults) const {
  OpBuilder::InsertionGuard guard(builder);
  Block *body = builder.createBlock(&region, {}, scalars,
                                    SmallVector<Location>(scalars.size(), loc));
  SmallVector<HloValue> arguments;
  for (BlockArgument argument : body->getArguments())
    arguments.push_back(HloValue{argument, {}});
  FailureOr<HloValue> root =
      emitter.emitComputation(computation, arguments, std::nullopt);
  if (failed(root))
    return failure();
  SmallVector<Value> results;
  root->flatten(results);
  if (results.size() != numResults)
    return emitError() << "computation '" << computation.name << "' returns "
                       << results.size() << " values, not " << numResults;
  hlo::ReturnOp::create(builder, loc, results);
  return success();
}

namespace {

/// Splits `text` at `x` into integers, one per dimension; with `second`, a
/// `_`-joined pair per dimension (padding), filling both.
LogicalResult parseDimensions(StringRef text, SmallVectorImpl<int64_t> &first,
                              SmallVectorImpl<int64_t> *second = nullptr) {
  SmallVector<StringRef> parts;
  text.split(parts, 'x');
  for (StringRef part : parts) {
    auto [a, b] = part.split('_');
    int64_t value = 0, other = 0;
    if (a.getAsInteger(10, value) || (second && b.getAsInteger(10, other)) ||
        (!second && !b.empty()))
      return failure();
    first.push_back(value);
    if (second)
      second->push_back(other);
  }
  return success();
}

} // namespace

FailureOr<ParsedWindow> InstructionEmission::window(int64_t rank) const {
  ParsedWindow window;
  auto it = instruction.attributes.find("window");
  llvm::StringMap<std::string> fields;
  if (it != instruction.attributes.end())
    fields = it->second.fields;
  for (const auto &field : fields) {
    StringRef key = field.getKey(), text = field.getValue();
    LogicalResult parsed = failure();
    if (key == "size")
      parsed = parseDimensions(text, window.sizes);
    else if (key == "stride")
      parsed = parseDimensions(text, window.strides);
    else if (key == "pad")
      parsed = parseDimensions(text, window.low, &window.high);
    else if (key == "lhs_dilate")
      parsed = parseDimensions(text, window.lhsDilation);
    else if (key == "rhs_dilate")
      parsed = parseDimensions(text, window.rhsDilation);
    else if (key == "rhs_reversal")
      parsed = parseDimensions(text, window.rhsReversal);
    else
      return emitError() << "unsupported window field '" << key << "'";
    if (failed(parsed))
      return emitError() << "cannot read window field " << key << "=" << text;
  }
  auto orDefault = [&](SmallVectorImpl<int64_t> &values, int64_t value) {
    if (values.empty())
      values.assign(rank, value);
  };
  orDefault(window.strides, 1);
  orDefault(window.low, 0);
  orDefault(window.high, 0);
  orDefault(window.lhsDilation, 1);
  orDefault(window.rhsDilation, 1);
  orDefault(window.rhsReversal, 0);
  return window;
}

/// A value of `shape` made of the leading tensors of `tensors`, which are
/// dropped from it.
HloValue regroup(Type shape, ArrayRef<Value> &tensors) {
  auto tuple = dyn_cast<TupleType>(shape);
  if (!tuple) {
    HloValue value{tensors.front(), {}};
    tensors = tensors.drop_front();
    return value;
  }
  HloValue value;
  for (Type element : tuple.getTypes())
    value.elements.push_back(regroup(element, tensors));
  return value;
}

FailureOr<HloValue> InstructionEmission::finishRegrouped(Operation *op,
                                                         Type shape) const {
  if (failed(finish(op)))
    return failure();
  SmallVector<Value> results(op->getResults());
  ArrayRef<Value> tensors = results;
  return regroup(shape ? shape : instruction.shape, tensors);
}

Value InstructionEmission::splat(RankedTensorType type,
                                 Attribute scalar) const {
  return hlo::ConstantOp::create(builder, loc,
                                 DenseElementsAttr::get(type, scalar));
}

Value InstructionEmission::splat(RankedTensorType type, double value) const {
  Type element = type.getElementType();
  if (isa<FloatType>(element))
    return splat(type, builder.getFloatAttr(element, value));
  return splat(type,
               builder.getIntegerAttr(element, static_cast<int64_t>(value)));
}

FailureOr<DotDimensionNumbers>
DotDimensionNumbers::read(InstructionEmission &e) {
  FailureOr<ArrayRef<int64_t>> lhsBatch = e.integers("lhs_batch_dims", true);
  FailureOr<ArrayRef<int64_t>> rhsBatch = e.integers("rhs_batch_dims", true);
  FailureOr<ArrayRef<int64_t>> lhsContracting =
      e.integers("lhs_contracting_dims", true);
  FailureOr<ArrayRef<int64_t>> rhsContracting =
      e.integers("rhs_contracting_dims", true);
  if (failed(lhsBatch) || failed(rhsBatch) || failed(lhsContracting) ||
      failed(rhsContracting))
    return failure();
  return DotDimensionNumbers{*lhsBatch, *rhsBatch, *lhsContracting,
                             *rhsContracting};
}

Value convertElements(InstructionEmission &e, Value value, Type element) {
  auto type = cast<RankedTensorType>(value.getType());
  if (type.getElementType() == element)
    return value;
  return hlo::ConvertOp::create(e.builder, e.loc, Type(type.clone(element)),
                                value);
}

FailureOr<HloValue> InstructionEmission::finish(Operation *op) const {
  if (failed(verify(op)))
    return failure();
  return HloValue::of(op->getResults());
}

} // namespace fuse::hlo_text
