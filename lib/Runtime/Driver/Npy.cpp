//===- Npy.cpp - NumPy .npy files for the ahead-of-time driver ------------===//
//
// Maps the driver's element types to dtype descrs around FuseSupport's codec.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/Npy.h"

#include "fuse/Support/Npy.h"

using namespace fuse::runtime;

namespace {

const char *descrOf(ElementType type) {
  return getElementTypeInfo(type).npyDescr;
}

} // namespace

bool fuse::runtime::parseNpy(const std::string &contents,
                             const std::string &name, NpyArray &array,
                             std::string &error,
                             std::optional<ElementType> expected) {
  npy::Header header;
  std::string_view data;
  if (!npy::parse(contents, header, data, error)) {
    error = "'" + name + "': " + error;
    return false;
  }
  std::optional<ElementType> found =
      getElementTypeOfNpyDescr(header.descr, expected);
  if (!found) {
    error = "'" + name + "': dtype '" + header.descr +
            "' is not supported by ahead-of-time executables (they read " +
            std::string(getNpyDescrList()) + ")";
    return false;
  }
  array.type.elementType = *found;
  array.type.shape = std::move(header.shape);
  array.data.assign(data.begin(), data.end());
  return true;
}

bool fuse::runtime::readNpy(const std::string &path, NpyArray &array,
                            std::string &error,
                            std::optional<ElementType> expected) {
  std::string contents;
  return npy::readFile(path, contents, error) &&
         parseNpy(contents, path, array, error, expected);
}

std::string fuse::runtime::printNpy(const TensorType &type, const void *data) {
  return npy::printPrefix(descrOf(type.elementType), type.shape) +
         std::string(static_cast<const char *>(data), type.byteSize());
}

bool fuse::runtime::writeNpy(const std::string &path, const TensorType &type,
                             const void *data, std::string &error) {
  return npy::writeFile(path,
                        npy::printPrefix(descrOf(type.elementType), type.shape),
                        data, type.byteSize(), error);
}
