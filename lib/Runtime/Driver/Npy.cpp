//===- Npy.cpp - NumPy .npy files for the ahead-of-time driver ------------===//
//
// Maps the driver's element types to dtype descrs around FuseSupport's codec.
//
//===----------------------------------------------------------------------===//

#include "fuse/Runtime/Npy.h"

#include "fuse/Support/Npy.h"

using namespace fuse::runtime;

namespace {

struct Descr {
  ElementType type;
  const char *descr;
};
/// In npy::Header's normal form.
constexpr Descr kDescrs[] = {
    {ElementType::F16, "<f2"},
    {ElementType::F32, "<f4"},
    {ElementType::F64, "<f8"},
    {ElementType::I8, "|i1"},
    {ElementType::I16, "<i2"},
    {ElementType::I32, "<i4"},
    {ElementType::I64, "<i8"},
    {ElementType::I1, "|b1"},
    {ElementType::UI8, "|u1"},
    {ElementType::UI16, "<u2"},
    {ElementType::UI32, "<u4"},
    {ElementType::UI64, "<u8"},
    // bf16 has no numpy dtype: its raw bits, which read as ui16 too.
    {ElementType::BF16, "<u2"},
};

const char *descrOf(ElementType type) {
  for (const Descr &entry : kDescrs)
    if (entry.type == type)
      return entry.descr;
  return "";
}

} // namespace

bool fuse::runtime::parseNpy(const std::string &contents,
                             const std::string &name, NpyArray &array,
                             std::string &error) {
  npy::Header header;
  std::string_view data;
  if (!npy::parse(contents, header, data, error)) {
    error = "'" + name + "': " + error;
    return false;
  }
  const Descr *found = nullptr;
  for (const Descr &entry : kDescrs)
    if (!found && header.descr == entry.descr)
      found = &entry;
  if (!found) {
    error = "'" + name + "': dtype '" + header.descr +
            "' is not supported by ahead-of-time executables (they read "
            "<f2 <f4 <f8 |i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 |b1, and <u2 as "
            "bf16)";
    return false;
  }
  array.type.elementType = found->type;
  array.type.shape = std::move(header.shape);
  array.data.assign(data.begin(), data.end());
  return true;
}

bool fuse::runtime::readNpy(const std::string &path, NpyArray &array,
                            std::string &error) {
  std::string contents;
  return npy::readFile(path, contents, error) &&
         parseNpy(contents, path, array, error);
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
