//===- ElementType.h - the element types of programs' arrays ----*- C++ -*-===//
//
// The one table of the element types that fuse's programs take and return:
// their names in hlo types and entry signatures, their sizes, their .npy
// dtypes and their kinds. Plain C++: the ahead-of-time driver, which links
// neither MLIR nor LLVM, shares it with the tools, Execution, the C API and
// (through the C API) Python. The reference interpreter keeps its own
// types (interp::Tensor), so that it stays an independent check.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_ELEMENTTYPE_H
#define FUSE_SUPPORT_ELEMENTTYPE_H

#include <cstddef>
#include <optional>
#include <string_view>
#include <vector>

namespace fuse {

enum class ElementType {
  F16,
  BF16,
  F32,
  F64,
  I1,
  I8,
  I16,
  I32,
  I64,
  UI8,
  UI16,
  UI32,
  UI64,
  F8E4M3FN,
  F8E5M2,
  F8E4M3,
  F8E3M4,
  F8E4M3FNUZ,
  F8E5M2FNUZ,
  F8E4M3B11FNUZ,
  I4,
  UI4,
  I2,
  UI2,
  C64,
  C128
};

struct ElementTypeInfo {
  ElementType type;
  /// The name in hlo types and signatures: "f32", "ui8", "i1".
  const char *name;
  /// Bytes of one element in memory; i1 takes one.
  size_t bytes;
  /// The .npy dtype, in npy::Header's normal form ("<f4", "|b1"). NumPy
  /// has no bfloat16 or 8-bit floats: bf16 is stored as its 16-bit
  /// patterns, "<u2", as ui16 is, and the f8 types as their bytes, "|u1".
  /// The 4- and 2-bit integers take a byte each, as in memory: "|i1" and
  /// "|u1". Complex numbers are their two parts, real first: "<c8" and
  /// "<c16".
  const char *npyDescr;
  bool isFloat;
  bool isUnsigned;
};

/// Every element type, in the order of ElementType.
const std::vector<ElementTypeInfo> &getElementTypes();

const ElementTypeInfo &getElementTypeInfo(ElementType type);

/// The element type called `name`, if any.
std::optional<ElementType> parseElementTypeName(std::string_view name);

/// The element type whose name is the longest prefix of `text`, if any
/// ("i16[2]" is i16, not i1).
std::optional<ElementType> parseElementTypePrefix(std::string_view text);

/// The element type that .npy files of dtype `descr` hold. Where types
/// share a dtype (bf16 and ui16, the f8 types and ui8), `expected` picks
/// when it is one of them;
/// otherwise the first in ElementType's order does.
std::optional<ElementType>
getElementTypeOfNpyDescr(std::string_view descr,
                         std::optional<ElementType> expected = std::nullopt);

/// The .npy dtypes of the element types, each once, for messages:
/// "<f2 <u2 <f4 ...".
std::string_view getNpyDescrList();

} // namespace fuse

#endif // FUSE_SUPPORT_ELEMENTTYPE_H
