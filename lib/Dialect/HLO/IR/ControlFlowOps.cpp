//===- ControlFlowOps.cpp - hlo.while and hlo.case ------------------------===//
//
// Verifiers of the control-flow ops, and the custom assembly of hlo.while,
// which names the loop-carried values once for both of its regions:
//
//   hlo.while(%i = %zero) : tensor<i32> cond { ... } do { ... }
//
//===----------------------------------------------------------------------===//

#include "fuse/Dialect/HLO/IR/HLOOps.h"

#include "mlir/IR/OpImplementation.h"

using namespace mlir;
using namespace fuse::hlo;

//===----------------------------------------------------------------------===//
// while
//===----------------------------------------------------------------------===//

LogicalResult WhileOp::inferReturnTypes(MLIRContext *, std::optional<Location>,
                                        Adaptor adaptor,
                                        SmallVectorImpl<Type> &results) {
  llvm::append_range(results, adaptor.getOperands().getTypes());
  return success();
}

LogicalResult WhileOp::verifyRegions() {
  TypeRange carried = getOperands().getTypes();
  // C1
  for (Region *region : {&getCond(), &getBody()}) {
    if (region->getArgumentTypes() != carried)
      return emitOpError("region arguments (")
             << region->getArgumentTypes()
             << ") must match the loop-carried values (" << carried << ")";
  }
  // C2
  auto condReturn = dyn_cast<ReturnOp>(getCond().front().getTerminator());
  if (!condReturn)
    return emitOpError("cond must end with hlo.return");
  auto predicate = RankedTensorType::get({}, IntegerType::get(getContext(), 1));
  if (condReturn.getResults().getTypes() != TypeRange{predicate})
    return emitOpError("cond must return one tensor<i1>, not (")
           << condReturn.getResults().getTypes() << ")";
  // C3
  auto bodyReturn = dyn_cast<ReturnOp>(getBody().front().getTerminator());
  if (!bodyReturn)
    return emitOpError("body must end with hlo.return");
  if (bodyReturn.getResults().getTypes() != carried)
    return emitOpError("body returns (")
           << bodyReturn.getResults().getTypes()
           << ") but the loop-carried values are (" << carried << ")";
  return success();
}

ParseResult WhileOp::parse(OpAsmParser &parser, OperationState &result) {
  SmallVector<OpAsmParser::Argument> arguments;
  SmallVector<OpAsmParser::UnresolvedOperand> operands;
  SMLoc operandsLoc = parser.getCurrentLocation();
  auto parseBinding = [&]() -> ParseResult {
    if (parser.parseArgument(arguments.emplace_back()) || parser.parseEqual() ||
        parser.parseOperand(operands.emplace_back()))
      return failure();
    return success();
  };
  if (parser.parseCommaSeparatedList(OpAsmParser::Delimiter::Paren,
                                     parseBinding))
    return failure();
  SmallVector<Type> types;
  if (!operands.empty() && (parser.parseColon() || parser.parseTypeList(types)))
    return failure();
  if (types.size() != operands.size())
    return parser.emitError(operandsLoc)
           << operands.size() << " loop-carried values but " << types.size()
           << " types";
  for (auto [argument, type] : llvm::zip_equal(arguments, types))
    argument.type = type;
  if (parser.resolveOperands(operands, types, operandsLoc, result.operands) ||
      parser.parseOptionalAttrDictWithKeyword(result.attributes))
    return failure();
  result.addTypes(types);
  if (parser.parseKeyword("cond") ||
      parser.parseRegion(*result.addRegion(), arguments) ||
      parser.parseKeyword("do") ||
      parser.parseRegion(*result.addRegion(), arguments))
    return failure();
  return success();
}

void WhileOp::print(OpAsmPrinter &p) {
  p << '(';
  llvm::interleaveComma(
      llvm::zip_equal(getCond().getArguments(), getOperands()), p,
      [&](auto binding) {
        p.printRegionArgument(std::get<0>(binding), {}, /*omitType=*/true);
        p << " = " << std::get<1>(binding);
      });
  p << ')';
  if (!getOperands().empty())
    p << " : " << getOperands().getTypes();
  p.printOptionalAttrDictWithKeyword((*this)->getAttrs());
  p << " cond ";
  p.printRegion(getCond(), /*printEntryBlockArgs=*/false);
  p << " do ";
  p.shadowRegionArgs(getBody(), getCond().getArguments());
  p.printRegion(getBody(), /*printEntryBlockArgs=*/false);
}

//===----------------------------------------------------------------------===//
// case
//===----------------------------------------------------------------------===//

LogicalResult CaseOp::verifyRegions() {
  // C1
  if (getBranches().empty())
    return emitOpError("must have at least one branch");
  for (auto [index, branch] : llvm::enumerate(getBranches())) {
    // C2
    if (branch.getNumArguments() != 0)
      return emitOpError("branch ") << index << " must take no arguments";
    // C3
    auto ret = dyn_cast<ReturnOp>(branch.front().getTerminator());
    if (!ret)
      return emitOpError("branch ") << index << " must end with hlo.return";
    if (ret.getResults().getTypes() != getResultTypes())
      return emitOpError("branch ")
             << index << " returns (" << ret.getResults().getTypes()
             << ") but the results are (" << getResultTypes() << ")";
  }
  return success();
}
