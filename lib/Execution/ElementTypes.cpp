//===- ElementTypes.cpp - MLIR element types and fuse's table -------------===//

#include "fuse/Execution/ElementTypes.h"

#include "mlir/IR/BuiltinTypes.h"

#include <string>

using namespace mlir;

std::optional<fuse::ElementType> fuse::exec::getElementType(Type type) {
  if (type.isF16())
    return ElementType::F16;
  if (type.isBF16())
    return ElementType::BF16;
  if (type.isF32())
    return ElementType::F32;
  if (type.isF64())
    return ElementType::F64;
  auto integer = dyn_cast<IntegerType>(type);
  if (!integer || integer.isSigned())
    return std::nullopt;
  return parseElementTypeName((integer.isUnsigned() ? "ui" : "i") +
                              std::to_string(integer.getWidth()));
}

Type fuse::exec::getMLIRType(ElementType type, MLIRContext *context) {
  switch (type) {
  case ElementType::F16:
    return Float16Type::get(context);
  case ElementType::BF16:
    return BFloat16Type::get(context);
  case ElementType::F32:
    return Float32Type::get(context);
  case ElementType::F64:
    return Float64Type::get(context);
  default:
    break;
  }
  const ElementTypeInfo &info = getElementTypeInfo(type);
  unsigned width = type == ElementType::I1 ? 1 : info.bytes * 8;
  return IntegerType::get(context, width,
                          info.isUnsigned ? IntegerType::Unsigned
                                          : IntegerType::Signless);
}
