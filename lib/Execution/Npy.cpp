//===- Npy.cpp - NumPy .npy files of host buffers -------------------------===//
//
// Maps MLIR element types to dtype descrs around FuseSupport's codec.
//
//===----------------------------------------------------------------------===//

#include "fuse/Execution/Npy.h"

#include "fuse/Support/Npy.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSwitch.h"

#include <cstring>

using namespace mlir;

namespace fuse::exec {
namespace {

/// The dtype descr of `elementType`, see the table in Npy.h.
llvm::StringRef getDescr(Type elementType) {
  if (elementType.isF16())
    return "<f2";
  if (elementType.isBF16())
    return "<u2";
  if (elementType.isF32())
    return "<f4";
  if (elementType.isF64())
    return "<f8";
  bool isUnsigned = elementType.isUnsignedInteger();
  switch (elementType.getIntOrFloatBitWidth()) {
  case 1:
    return "|b1";
  case 8:
    return isUnsigned ? "|u1" : "|i1";
  case 16:
    return isUnsigned ? "<u2" : "<i2";
  case 32:
    return isUnsigned ? "<u4" : "<i4";
  default:
    return isUnsigned ? "<u8" : "<i8";
  }
}

/// The element type of a descr in npy::Header's normal form; `expected`
/// picks between bf16 and ui16 for "<u2".
Type getElementType(llvm::StringRef descr, MLIRContext *context,
                    Type expected) {
  Builder builder(context);
  auto unsignedType = [&](unsigned width) -> Type {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  return llvm::StringSwitch<Type>(descr)
      .Case("<f2", builder.getF16Type())
      .Case("<u2", expected && expected.isUnsignedInteger(16)
                       ? unsignedType(16)
                       : Type(builder.getBF16Type()))
      .Case("|u1", unsignedType(8))
      .Case("<u4", unsignedType(32))
      .Case("<u8", unsignedType(64))
      .Case("<f4", builder.getF32Type())
      .Case("<f8", builder.getF64Type())
      .Case("|b1", builder.getI1Type())
      .Case("|i1", builder.getI8Type())
      .Case("<i2", builder.getI16Type())
      .Case("<i4", builder.getI32Type())
      .Case("<i8", builder.getI64Type());
}

std::string getPrefix(const HostBuffer &buffer) {
  return npy::printPrefix(
      getDescr(buffer.getElementType()).str(),
      std::vector<int64_t>(buffer.getShape().begin(), buffer.getShape().end()));
}

} // namespace

llvm::Expected<HostBuffer> parseNpy(llvm::StringRef contents,
                                    llvm::StringRef name, MLIRContext *context,
                                    Type expectedElementType) {
  npy::Header header;
  std::string_view data;
  std::string error;
  if (!npy::parse(std::string_view(contents.data(), contents.size()), header,
                  data, error))
    return llvm::createStringError("'" + name + "': " + error);
  Type elementType = getElementType(header.descr, context, expectedElementType);
  HostBuffer buffer(RankedTensorType::get(header.shape, elementType));
  std::memcpy(buffer.data(), data.data(), data.size());
  return buffer;
}

llvm::Expected<HostBuffer> readNpy(llvm::StringRef path, MLIRContext *context,
                                   Type expectedElementType) {
  std::string contents, error;
  if (!npy::readFile(path.str(), contents, error))
    return llvm::createStringError(error);
  return parseNpy(contents, path, context, expectedElementType);
}

std::string printNpy(const HostBuffer &buffer) {
  return getPrefix(buffer) + std::string(buffer.data(), buffer.getByteSize());
}

llvm::Error writeNpy(llvm::StringRef path, const HostBuffer &buffer) {
  std::string error;
  if (!npy::writeFile(path.str(), getPrefix(buffer), buffer.data(),
                      buffer.getByteSize(), error))
    return llvm::createStringError(error);
  return llvm::Error::success();
}

} // namespace fuse::exec
