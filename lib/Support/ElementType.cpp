//===- ElementType.cpp - the element types of programs' arrays ------------===//

#include "fuse/Support/ElementType.h"

#include <string>

using namespace fuse;

const std::vector<ElementTypeInfo> &fuse::getElementTypes() {
  static const std::vector<ElementTypeInfo> types = {
      {ElementType::F16, "f16", 2, "<f2", true, false},
      {ElementType::BF16, "bf16", 2, "<u2", true, false},
      {ElementType::F32, "f32", 4, "<f4", true, false},
      {ElementType::F64, "f64", 8, "<f8", true, false},
      {ElementType::I1, "i1", 1, "|b1", false, false},
      {ElementType::I8, "i8", 1, "|i1", false, false},
      {ElementType::I16, "i16", 2, "<i2", false, false},
      {ElementType::I32, "i32", 4, "<i4", false, false},
      {ElementType::I64, "i64", 8, "<i8", false, false},
      {ElementType::UI8, "ui8", 1, "|u1", false, true},
      {ElementType::UI16, "ui16", 2, "<u2", false, true},
      {ElementType::UI32, "ui32", 4, "<u4", false, true},
      {ElementType::UI64, "ui64", 8, "<u8", false, true},
      {ElementType::F8E4M3FN, "f8E4M3FN", 1, "|u1", true, false},
      {ElementType::F8E5M2, "f8E5M2", 1, "|u1", true, false},
      {ElementType::F8E4M3, "f8E4M3", 1, "|u1", true, false},
      {ElementType::F8E3M4, "f8E3M4", 1, "|u1", true, false},
      {ElementType::F8E4M3FNUZ, "f8E4M3FNUZ", 1, "|u1", true, false},
      {ElementType::F8E5M2FNUZ, "f8E5M2FNUZ", 1, "|u1", true, false},
      {ElementType::F8E4M3B11FNUZ, "f8E4M3B11FNUZ", 1, "|u1", true, false},
      {ElementType::I4, "i4", 1, "|i1", false, false},
      {ElementType::UI4, "ui4", 1, "|u1", false, true},
      {ElementType::I2, "i2", 1, "|i1", false, false},
      {ElementType::UI2, "ui2", 1, "|u1", false, true},
      {ElementType::C64, "complex<f32>", 8, "<c8", true, false},
      {ElementType::C128, "complex<f64>", 16, "<c16", true, false},
  };
  return types;
}

const ElementTypeInfo &fuse::getElementTypeInfo(ElementType type) {
  return getElementTypes()[static_cast<size_t>(type)];
}

std::optional<ElementType> fuse::parseElementTypeName(std::string_view name) {
  for (const ElementTypeInfo &info : getElementTypes())
    if (name == info.name)
      return info.type;
  return std::nullopt;
}

std::optional<ElementType> fuse::parseElementTypePrefix(std::string_view text) {
  const ElementTypeInfo *longest = nullptr;
  for (const ElementTypeInfo &info : getElementTypes()) {
    std::string_view name = info.name;
    if (text.substr(0, name.size()) == name &&
        (!longest || name.size() > std::string_view(longest->name).size()))
      longest = &info;
  }
  if (!longest)
    return std::nullopt;
  return longest->type;
}

std::optional<ElementType>
fuse::getElementTypeOfNpyDescr(std::string_view descr,
                               std::optional<ElementType> expected) {
  if (expected && descr == getElementTypeInfo(*expected).npyDescr)
    return expected;
  for (const ElementTypeInfo &info : getElementTypes())
    if (descr == info.npyDescr)
      return info.type;
  return std::nullopt;
}

std::string_view fuse::getNpyDescrList() {
  static const std::string list = [] {
    std::string text;
    for (const ElementTypeInfo &info : getElementTypes()) {
      // Each dtype once: ui16's <u2 is bf16's already.
      if (getElementTypeOfNpyDescr(info.npyDescr) != info.type)
        continue;
      text += std::string(text.empty() ? "" : " ") + info.npyDescr;
    }
    return text;
  }();
  return list;
}
