//===- Npy.cpp - NumPy .npy files of host buffers -------------------------===//
//
// Maps MLIR element types to dtype descrs around FuseSupport's codec.
//
//===----------------------------------------------------------------------===//

#include "fuse/Execution/Npy.h"

#include "fuse/Execution/ElementTypes.h"

#include "fuse/Support/Npy.h"

#include "mlir/IR/Builders.h"

#include <cstring>

using namespace mlir;

namespace fuse::exec {
namespace {

/// The dtype descr of `elementType` (Support/ElementType.h).
llvm::StringRef getDescr(Type elementType) {
  return getElementTypeInfo(*getElementType(elementType)).npyDescr;
}

/// The element type of a descr in npy::Header's normal form; `expected`
/// picks between the types stored alike (bf16 and ui16).
Type getElementTypeOfDescr(llvm::StringRef descr, MLIRContext *context,
                           Type expected) {
  std::optional<ElementType> expectedType;
  if (expected)
    expectedType = getElementType(expected);
  std::optional<ElementType> type =
      getElementTypeOfNpyDescr(std::string_view(descr), expectedType);
  return type ? getMLIRType(*type, context) : Type();
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
  Type elementType =
      getElementTypeOfDescr(header.descr, context, expectedElementType);
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
