//===- ElementTypes.cpp - MLIR element types and fuse's table -------------===//

#include "fuse/Execution/ElementTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

using namespace mlir;

std::optional<fuse::ElementType> fuse::exec::getElementType(Type type) {
  if (isa<FloatType, ComplexType>(type) || type.isInteger(1) ||
      (isa<IntegerType>(type) && !type.isSignedInteger())) {
    // The table's names are the types as MLIR prints them.
    std::string name;
    llvm::raw_string_ostream stream(name);
    type.print(stream);
    return parseElementTypeName(name);
  }
  return std::nullopt;
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
  case ElementType::F8E4M3FN:
    return Float8E4M3FNType::get(context);
  case ElementType::F8E5M2:
    return Float8E5M2Type::get(context);
  case ElementType::F8E4M3:
    return Float8E4M3Type::get(context);
  case ElementType::F8E3M4:
    return Float8E3M4Type::get(context);
  case ElementType::F8E4M3FNUZ:
    return Float8E4M3FNUZType::get(context);
  case ElementType::F8E5M2FNUZ:
    return Float8E5M2FNUZType::get(context);
  case ElementType::F8E4M3B11FNUZ:
    return Float8E4M3B11FNUZType::get(context);
  case ElementType::I1:
    return IntegerType::get(context, 1);
  case ElementType::C64:
    return ComplexType::get(Float32Type::get(context));
  case ElementType::C128:
    return ComplexType::get(Float64Type::get(context));
  case ElementType::I4:
  case ElementType::UI4:
    return IntegerType::get(context, 4,
                            type == ElementType::UI4 ? IntegerType::Unsigned
                                                     : IntegerType::Signless);
  case ElementType::I2:
  case ElementType::UI2:
    return IntegerType::get(context, 2,
                            type == ElementType::UI2 ? IntegerType::Unsigned
                                                     : IntegerType::Signless);
  default:
    break;
  }
  const ElementTypeInfo &info = getElementTypeInfo(type);
  return IntegerType::get(context, info.bytes * 8,
                          info.isUnsigned ? IntegerType::Unsigned
                                          : IntegerType::Signless);
}
