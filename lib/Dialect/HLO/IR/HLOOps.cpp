//===- HLOOps.cpp - hlo operations ----------------------------------------===//
//
// Verifiers and result type inference (delegating to TypeInference.cpp), and
// the custom assembly of hlo.reduce. Folds live in HLOFolds.cpp and
// canonicalization patterns in HLOCanonicalize.cpp.
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Dialect/HLO/IR/TypeInference.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace fuse::hlo;

#include "fuse/Dialect/HLO/IR/HLOEnums.cpp.inc"

namespace {

RankedTensorType tensorType(Value value) {
  return cast<RankedTensorType>(value.getType());
}

/// Stores `inferred` as the single inferred result type.
LogicalResult returnType(FailureOr<RankedTensorType> inferred,
                         SmallVectorImpl<Type> &results) {
  if (failed(inferred))
    return failure();
  results.push_back(*inferred);
  return success();
}

} // namespace

//===----------------------------------------------------------------------===//
// Constants and elementwise ops
//===----------------------------------------------------------------------===//

LogicalResult ConstantOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                           Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  results.push_back(adaptor.getValue().getType());
  return success();
}

LogicalResult IotaOp::verify() {
  return verifyIota(getLoc(), getType(), getIotaDimension());
}

LogicalResult IsFiniteOp::inferReturnTypes(MLIRContext *context,
                                           OptionalLoc loc, Adaptor adaptor,
                                           SmallVectorImpl<Type> &results) {
  auto operand = cast<RankedTensorType>(adaptor.getOperand().getType());
  results.push_back(operand.clone(IntegerType::get(context, 1)));
  return success();
}

LogicalResult CompareOp::inferReturnTypes(MLIRContext *context, OptionalLoc loc,
                                          Adaptor adaptor,
                                          SmallVectorImpl<Type> &results) {
  auto lhs = cast<RankedTensorType>(adaptor.getLhs().getType());
  results.push_back(lhs.clone(IntegerType::get(context, 1)));
  return success();
}

ComparisonType CompareOp::getEffectiveCompareType() {
  if (std::optional<ComparisonType> type = getCompareType())
    return *type;
  Type element = getLhs().getType().getElementType();
  // Complex numbers compare their float parts.
  if (isa<FloatType, ComplexType>(element))
    return ComparisonType::FLOAT;
  return element.isInteger(1) || element.isUnsignedInteger()
             ? ComparisonType::UNSIGNED
             : ComparisonType::SIGNED;
}

LogicalResult CompareOp::verify() {
  // C2
  if (isa<ComplexType>(getLhs().getType().getElementType()) &&
      getComparisonDirection() != ComparisonDirection::EQ &&
      getComparisonDirection() != ComparisonDirection::NE)
    return emitOpError("orders no complex numbers: only EQ and NE apply, not ")
           << stringifyComparisonDirection(getComparisonDirection());
  std::optional<ComparisonType> type = getCompareType();
  if (!type)
    return success();
  // C1
  bool isFloatOrder =
      *type == ComparisonType::FLOAT || *type == ComparisonType::TOTALORDER;
  if (isFloatOrder != isa<FloatType>(getLhs().getType().getElementType()))
    return emitOpError("compare_type ")
           << stringifyComparisonType(*type) << " does not apply to "
           << getLhs().getType().getElementType() << " elements";
  return success();
}

LogicalResult ConvertOp::verify() {
  // C1: as in XLA, a complex number has no one real value.
  if (isa<ComplexType>(getOperand().getType().getElementType()) &&
      !isa<ComplexType>(getType().getElementType()))
    return emitOpError("cannot convert complex elements to ")
           << getType().getElementType() << "; take hlo.real or hlo.imag first";
  return success();
}

LogicalResult ReducePrecisionOp::verify() {
  // C1
  if (getExponentBits() < 1 || getMantissaBits() < 0)
    return emitOpError("needs exponent_bits >= 1 and mantissa_bits >= 0, got ")
           << getExponentBits() << " and " << getMantissaBits();
  return success();
}

LogicalResult BitcastConvertOp::verify() {
  // C1
  unsigned from = getOperand().getType().getElementTypeBitWidth();
  unsigned to = getType().getElementTypeBitWidth();
  if (from != to)
    return emitOpError("reinterprets ")
           << from << "-bit elements as " << to
           << "-bit ones: the widths must be equal";
  return success();
}

LogicalResult SelectOp::verify() {
  return verifySelect(getLoc(), tensorType(getPred()), tensorType(getOnTrue()));
}

LogicalResult ClampOp::verify() {
  return verifyClamp(getLoc(), tensorType(getMin()), tensorType(getOperand()),
                     tensorType(getMax()));
}

//===----------------------------------------------------------------------===//
// Shape and data movement
//===----------------------------------------------------------------------===//

LogicalResult BroadcastInDimOp::verify() {
  return verifyBroadcastInDim(getLoc(), tensorType(getOperand()),
                              getBroadcastDimensions(), getType());
}

LogicalResult ReshapeOp::verify() {
  return verifyReshape(getLoc(), tensorType(getOperand()), getType());
}

LogicalResult TransposeOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                            Adaptor adaptor,
                                            SmallVectorImpl<Type> &results) {
  return returnType(inferTranspose(loc, tensorType(adaptor.getOperand()),
                                   adaptor.getPermutation()),
                    results);
}

LogicalResult SliceOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  return returnType(inferSlice(loc, tensorType(adaptor.getOperand()),
                               adaptor.getStartIndices(),
                               adaptor.getLimitIndices(), adaptor.getStrides()),
                    results);
}

LogicalResult DynamicSliceOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                               Adaptor adaptor,
                                               SmallVectorImpl<Type> &results) {
  return returnType(inferDynamicSlice(loc, tensorType(adaptor.getOperand()),
                                      adaptor.getStartIndices().getTypes(),
                                      adaptor.getSliceSizes()),
                    results);
}

LogicalResult DynamicUpdateSliceOp::verify() {
  return verifyDynamicUpdateSlice(getLoc(), tensorType(getOperand()),
                                  tensorType(getUpdate()),
                                  getStartIndices().getTypes());
}

LogicalResult ConcatenateOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                              Adaptor adaptor,
                                              SmallVectorImpl<Type> &results) {
  return returnType(inferConcatenate(loc, adaptor.getInputs().getTypes(),
                                     adaptor.getDimension()),
                    results);
}

LogicalResult PadOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return returnType(inferPad(loc, tensorType(adaptor.getOperand()),
                             tensorType(adaptor.getPaddingValue()),
                             adaptor.getEdgePaddingLow(),
                             adaptor.getEdgePaddingHigh(),
                             adaptor.getInteriorPadding()),
                    results);
}

LogicalResult ReverseOp::verify() {
  return verifyReverse(getLoc(), getType(), getDimensions());
}

//===----------------------------------------------------------------------===//
// dot_general, dot
//===----------------------------------------------------------------------===//

LogicalResult DotGeneralOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                             Adaptor adaptor,
                                             SmallVectorImpl<Type> &results) {
  return returnType(inferDotGeneral(loc, tensorType(adaptor.getLhs()),
                                    tensorType(adaptor.getRhs()),
                                    adaptor.getLhsBatchingDimensions(),
                                    adaptor.getRhsBatchingDimensions(),
                                    adaptor.getLhsContractingDimensions(),
                                    adaptor.getRhsContractingDimensions()),
                    results);
}

LogicalResult DotOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                      Adaptor adaptor,
                                      SmallVectorImpl<Type> &results) {
  return returnType(
      inferDot(loc, tensorType(adaptor.getLhs()), tensorType(adaptor.getRhs())),
      results);
}

//===----------------------------------------------------------------------===//
// reduce
//===----------------------------------------------------------------------===//

void fuse::hlo::buildReductionBody(OpBuilder &builder, Location loc,
                                   Region &body, RankedTensorType scalarType,
                                   ReductionKind kind) {
  OpBuilder::InsertionGuard guard(builder);
  Block *block =
      builder.createBlock(&body, {}, {scalarType, scalarType}, {loc, loc});
  Value acc = block->getArgument(0), element = block->getArgument(1);
  Value combined;
  switch (kind) {
  case ReductionKind::Add:
    combined = AddOp::create(builder, loc, acc, element);
    break;
  case ReductionKind::Mul:
    combined = MulOp::create(builder, loc, acc, element);
    break;
  case ReductionKind::Max:
    combined = MaxOp::create(builder, loc, acc, element);
    break;
  case ReductionKind::Min:
    combined = MinOp::create(builder, loc, acc, element);
    break;
  case ReductionKind::And:
    combined = AndOp::create(builder, loc, acc, element);
    break;
  case ReductionKind::Or:
    combined = OrOp::create(builder, loc, acc, element);
    break;
  }
  ReturnOp::create(builder, loc, combined);
}

bool fuse::hlo::isZeroSplat(Value value) {
  SplatElementsAttr splat;
  if (!matchPattern(value, m_Constant(&splat)))
    return false;
  if (isa<FloatType>(splat.getElementType()))
    return splat.getSplatValue<APFloat>().isZero();
  return splat.getSplatValue<APInt>().isZero();
}

std::optional<ReductionKind> fuse::hlo::getReductionKindOf(Operation *op) {
  if (isa<AddOp>(op))
    return ReductionKind::Add;
  if (isa<MulOp>(op))
    return ReductionKind::Mul;
  if (isa<MaxOp>(op))
    return ReductionKind::Max;
  if (isa<MinOp>(op))
    return ReductionKind::Min;
  if (isa<AndOp>(op))
    return ReductionKind::And;
  if (isa<OrOp>(op))
    return ReductionKind::Or;
  return std::nullopt;
}

void ReduceOp::build(OpBuilder &builder, OperationState &state, Value input,
                     Value init, ArrayRef<int64_t> dimensions,
                     ReductionKind kind) {
  state.addOperands({input, init});
  Properties &props = state.getOrAddProperties<Properties>();
  props.dimensions = builder.getDenseI64ArrayAttr(dimensions);
  props.operandSegmentSizes = {1, 1};
  SmallVector<Type> resultTypes;
  if (succeeded(inferReduce(state.location, input.getType(), init.getType(),
                            dimensions, resultTypes)))
    state.addTypes(resultTypes);
  buildReductionBody(builder, state.location, *state.addRegion(),
                     cast<RankedTensorType>(init.getType()), kind);
}

std::optional<ReductionKind> fuse::hlo::getCombinerKind(Region &body) {
  Block &block = body.front();
  if (block.getNumArguments() != 2 || block.getOperations().size() != 2)
    return std::nullopt;
  Operation &combiner = block.front();
  auto ret = dyn_cast<ReturnOp>(block.back());
  if (!ret || ret.getResults() != combiner.getResults() ||
      combiner.getNumOperands() != 2)
    return std::nullopt;
  Value acc = block.getArgument(0), element = block.getArgument(1);
  Value lhs = combiner.getOperand(0), rhs = combiner.getOperand(1);
  if (!((lhs == acc && rhs == element) || (lhs == element && rhs == acc)))
    return std::nullopt;
  return getReductionKindOf(&combiner);
}

std::optional<ReductionKind> ReduceOp::getReductionKind() {
  if (getInputs().size() != 1)
    return std::nullopt;
  return getCombinerKind(getBody());
}

LogicalResult ReduceOp::inferReturnTypes(MLIRContext *, OptionalLoc loc,
                                         Adaptor adaptor,
                                         SmallVectorImpl<Type> &results) {
  return inferReduce(loc, adaptor.getInputs().getTypes(),
                     adaptor.getInitValues().getTypes(),
                     adaptor.getDimensions(), results);
}

LogicalResult fuse::hlo::verifyReduceRegion(Operation *op, Region &body,
                                            TypeRange initValues) {
  Block &block = body.front();
  auto ret = dyn_cast<ReturnOp>(block.getTerminator());
  if (!ret)
    return op->emitOpError("body must end with hlo.return");
  return verifyReduceBody(op->getLoc(), initValues, block.getArgumentTypes(),
                          ret.getResults().getTypes());
}

LogicalResult ReduceOp::verifyRegions() {
  return verifyReduceRegion(*this, getBody(), getInitValues().getTypes());
}

// Short form:   hlo.reduce add(%x init %c) dims = [1] : (...) -> ...
// General form: hlo.reduce(%x init %c), ... dims = [1] : (...) -> ... {body}
ParseResult ReduceOp::parse(OpAsmParser &parser, OperationState &result) {
  std::optional<ReductionKind> kind;
  StringRef keyword;
  SMLoc kindLoc = parser.getCurrentLocation();
  if (succeeded(parser.parseOptionalKeyword(&keyword))) {
    kind = symbolizeReductionKind(keyword);
    if (!kind)
      return parser.emitError(kindLoc, "unknown reduction kind '")
             << keyword << "'";
  }
  SmallVector<OpAsmParser::UnresolvedOperand> inputs, inits;
  auto parsePair = [&]() -> ParseResult {
    OpAsmParser::UnresolvedOperand input, init;
    if (parser.parseLParen() || parser.parseOperand(input) ||
        parser.parseKeyword("init") || parser.parseOperand(init) ||
        parser.parseRParen())
      return failure();
    inputs.push_back(input);
    inits.push_back(init);
    return success();
  };
  SMLoc operandsLoc = parser.getCurrentLocation();
  if (parser.parseCommaSeparatedList(parsePair))
    return failure();
  if (kind && inputs.size() != 1)
    return parser.emitError(kindLoc, "the short form takes exactly one input");

  Properties &props = result.getOrAddProperties<Properties>();
  if (parser.parseKeyword("dims") || parser.parseEqual())
    return failure();
  Attribute dims = DenseI64ArrayAttr::parse(parser, Type());
  if (!dims)
    return failure();
  props.dimensions = cast<DenseI64ArrayAttr>(dims);
  props.operandSegmentSizes = {static_cast<int32_t>(inputs.size()),
                               static_cast<int32_t>(inits.size())};

  FunctionType type;
  SMLoc typeLoc = parser.getCurrentLocation();
  if (parser.parseOptionalAttrDict(result.attributes) ||
      parser.parseColonType(type))
    return failure();
  size_t n = inputs.size();
  if (type.getNumInputs() != 2 * n)
    return parser.emitError(typeLoc, "expected ")
           << 2 * n << " operand types, got " << type.getNumInputs();
  if (parser.resolveOperands(inputs, type.getInputs().take_front(n),
                             operandsLoc, result.operands) ||
      parser.resolveOperands(inits, type.getInputs().drop_front(n), operandsLoc,
                             result.operands))
    return failure();
  result.addTypes(type.getResults());

  Region *body = result.addRegion();
  if (!kind)
    return parser.parseRegion(*body, /*arguments=*/{});
  auto scalar = dyn_cast<RankedTensorType>(type.getInput(1));
  if (!scalar)
    return parser.emitError(typeLoc, "init value must be a ranked tensor");
  OpBuilder builder(parser.getContext());
  buildReductionBody(builder, parser.getEncodedSourceLoc(kindLoc), *body,
                     scalar, *kind);
  return success();
}

void ReduceOp::print(OpAsmPrinter &p) {
  std::optional<ReductionKind> kind = getReductionKind();
  if (kind)
    p << ' ' << stringifyReductionKind(*kind);
  llvm::interleaveComma(
      llvm::zip_equal(getInputs(), getInitValues()), p, [&](auto pair) {
        p << '(' << std::get<0>(pair) << " init " << std::get<1>(pair) << ')';
      });
  p << " dims = ";
  getDimensionsAttr().print(p);
  p.printOptionalAttrDict(
      (*this)->getAttrs(),
      {getDimensionsAttrName(), getOperandSegmentSizesAttrName()});
  p << " : ";
  p.printFunctionalType(*this);
  if (!kind) {
    p << ' ';
    p.printRegion(getBody(), /*printEntryBlockArgs=*/true);
  }
}

//===----------------------------------------------------------------------===//
// fusion
//===----------------------------------------------------------------------===//

FusionKind FusionOp::inferKind(Block &body) {
  FusionKind kind = FusionKind::Loop;
  for (Operation &op : body) {
    if (isa<DotGeneralOp, DotOp, ConvolutionOp>(op))
      return FusionKind::Output;
    if (isa<ReduceOp>(op))
      kind = FusionKind::Input;
  }
  return kind;
}

YieldOp FusionOp::getYield() {
  return cast<YieldOp>(getBody().front().getTerminator());
}

void FusionOp::inlineBody(RewriterBase &rewriter, ValueRange inputs) {
  // The yielded values are read after inlining: a yielded block argument
  // has become the matching input by then.
  YieldOp yield = getYield();
  rewriter.inlineBlockBefore(&getBody().front(), *this, inputs);
  SmallVector<Value> results(yield.getResults());
  rewriter.replaceOp(*this, results);
  rewriter.eraseOp(yield);
}

LogicalResult FusionOp::verifyRegions() {
  Block &block = getBody().front();
  // C1
  if (block.getArgumentTypes() != getInputs().getTypes())
    return emitOpError("body arguments (")
           << block.getArgumentTypes() << ") must match the inputs ("
           << getInputs().getTypes() << ")";
  // C2
  if (getNumResults() == 0)
    return emitOpError("must have at least one result");
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError("body must end with hlo.yield");
  // C3
  if (yield.getResults().getTypes() != getResultTypes())
    return emitOpError("body yields (")
           << yield.getResults().getTypes() << ") but the results are ("
           << getResultTypes() << ")";
  // C4
  // C4, also inside the bodies of nested reduces.
  WalkResult walk = getBody().walk([&](Operation *op) {
    Dialect *dialect = op->getDialect();
    if (dialect && isa<HLODialect>(dialect) &&
        !isa<FusionOp, WhileOp, CaseOp, InfeedOp, OutfeedOp>(op))
      return WalkResult::advance();
    op->emitOpError("cannot be inside hlo.fusion: a fusion body holds hlo "
                    "ops other than hlo.fusion, hlo.while, hlo.case and the "
                    "transfers");
    return WalkResult::interrupt();
  });
  if (walk.wasInterrupted())
    return failure();
  // C5
  if (getKind() == FusionKind::Loop && inferKind(block) != FusionKind::Loop)
    return emitOpError("is a loop fusion but holds a reduce or a contraction");
  return success();
}

#define GET_OP_CLASSES
#include "fuse/Dialect/HLO/IR/HLOOps.cpp.inc"
