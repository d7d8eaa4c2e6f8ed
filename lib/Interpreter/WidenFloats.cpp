//===- WidenFloats.cpp - a program's floats computed in f64 ---------------===//

#include "fuse/Interpreter/WidenFloats.h"

#include "Evaluators.h"
#include "fuse/Dialect/HLO/IR/HLOOps.h"
#include "fuse/Interpreter/Interpreter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace fuse::hlo;

namespace {

/// `type` with f16, bf16 and f32 (alone, or as the element type of a
/// tensor) replaced by f64; other types as they are.
Type widenFloatType(Type type) {
  if (auto floatType = dyn_cast<FloatType>(type))
    return floatType.getWidth() < 64 ? Float64Type::get(type.getContext())
                                     : type;
  if (auto complexType = dyn_cast<ComplexType>(type))
    return ComplexType::get(widenFloatType(complexType.getElementType()));
  if (auto tensorType = dyn_cast<RankedTensorType>(type))
    return tensorType.clone(widenFloatType(tensorType.getElementType()));
  if (auto functionType = dyn_cast<FunctionType>(type)) {
    auto widen = [](TypeRange types) {
      return llvm::map_to_vector(types, widenFloatType);
    };
    return FunctionType::get(type.getContext(), widen(functionType.getInputs()),
                             widen(functionType.getResults()));
  }
  return type;
}

/// Ops that mean the bits of their float format, and conversions to a
/// narrower float (the program's own rounding, an f64 value stored as f32):
/// they keep their types.
bool keepsItsFormat(Operation *op) {
  if (isa<BitcastConvertOp, ReducePrecisionOp>(op))
    return true;
  auto convert = dyn_cast<ConvertOp>(op);
  if (!convert)
    return false;
  auto from = dyn_cast<FloatType>(getElementTypeOrSelf(convert.getOperand()));
  auto to = dyn_cast<FloatType>(getElementTypeOrSelf(convert.getType()));
  return from && to && to.getWidth() < from.getWidth();
}

/// A float constant's elements as f64.
Attribute widenConstant(Attribute value) {
  auto elements = dyn_cast<DenseElementsAttr>(value);
  if (!elements)
    return value;
  auto type = cast<RankedTensorType>(elements.getType());
  if (widenFloatType(type) == type)
    return value;
  auto widen = [](llvm::APFloat element) {
    bool losesInfo;
    element.convert(llvm::APFloat::IEEEdouble(),
                    llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    return element;
  };
  if (isa<ComplexType>(type.getElementType())) {
    SmallVector<std::complex<llvm::APFloat>> widened;
    for (const std::complex<llvm::APFloat> &element :
         elements.getValues<std::complex<llvm::APFloat>>())
      widened.emplace_back(widen(element.real()), widen(element.imag()));
    return DenseElementsAttr::get(cast<ShapedType>(widenFloatType(type)),
                                  widened);
  }
  SmallVector<double> widened;
  widened.reserve(elements.getNumElements());
  for (const llvm::APFloat &element : elements.getValues<llvm::APFloat>())
    widened.push_back(widen(element).convertToDouble());
  return DenseElementsAttr::get(cast<ShapedType>(widenFloatType(type)),
                                ArrayRef<double>(widened));
}

/// Gives `op`, whose operands are widened already, back its own types:
/// converts to them before it, and from its results after it.
void restoreFormat(Operation *op, ArrayRef<Type> operandTypes) {
  OpBuilder builder(op);
  for (auto [operand, type] :
       llvm::zip_equal(op->getOpOperands(), operandTypes))
    if (operand.get().getType() != type)
      operand.set(
          ConvertOp::create(builder, op->getLoc(), type, operand.get()));
  builder.setInsertionPointAfter(op);
  for (OpResult result : op->getResults()) {
    Type wide = widenFloatType(result.getType());
    if (wide == result.getType())
      continue;
    auto convert = ConvertOp::create(builder, op->getLoc(), wide, result);
    result.replaceAllUsesExcept(convert.getResult(), convert);
  }
}

} // namespace

LogicalResult fuse::interp::widenFloats(ModuleOp module) {
  // Kept ops are restored once everything around them is wide, to the
  // types they have now.
  SmallVector<std::pair<Operation *, SmallVector<Type>>> kept;
  module.walk([&](Operation *op) {
    if (keepsItsFormat(op))
      kept.emplace_back(op, llvm::to_vector(op->getOperandTypes()));
  });
  module.walk([&](Operation *op) {
    if (keepsItsFormat(op))
      return;
    if (auto function = dyn_cast<func::FuncOp>(op))
      function.setFunctionType(
          cast<FunctionType>(widenFloatType(function.getFunctionType())));
    if (auto constant = dyn_cast<ConstantOp>(op))
      constant.setValueAttr(
          cast<ElementsAttr>(widenConstant(constant.getValue())));
    for (OpResult result : op->getResults())
      result.setType(widenFloatType(result.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          argument.setType(widenFloatType(argument.getType()));
  });
  for (auto &[op, operandTypes] : kept)
    restoreFormat(op, operandTypes);
  return module.verify();
}

FailureOr<SmallVector<fuse::interp::Tensor>>
fuse::interp::interpretFunctionInF64(func::FuncOp func,
                                     ArrayRef<Tensor> arguments) {
  OwningOpRef<ModuleOp> wide(cast<ModuleOp>(func->getParentOp()->clone()));
  if (failed(widenFloats(*wide)))
    return failure();
  SmallVector<Tensor> wideArguments =
      llvm::map_to_vector(arguments, [](const Tensor &argument) {
        return evaluateConvert(argument, cast<RankedTensorType>(widenFloatType(
                                             argument.getType())));
      });
  FailureOr<SmallVector<Tensor>> results = interpretFunction(
      wide->lookupSymbol<func::FuncOp>(func.getSymName()), wideArguments);
  if (failed(results))
    return failure();
  // Rounded once, to the results' own types.
  for (auto [result, type] :
       llvm::zip_equal(*results, func.getFunctionType().getResults()))
    result = evaluateConvert(result, cast<RankedTensorType>(type));
  return results;
}
