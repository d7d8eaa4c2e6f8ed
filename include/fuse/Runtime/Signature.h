//===- Signature.h - Types of an ahead-of-time program's entry --*- C++ -*-===//
//
// An ahead-of-time compiled program describes its entry with a string such as
// "f32[4096,4096],f32[4096,4096]->f32[]": the input tensor types, "->", the
// result tensor types. A type is an element type (f16 bf16 f32 f64 i1 i8 i16
// i32 i64 ui8 ui16 ui32 ui64) and its shape in brackets, "[]" for a scalar;
// either list may be empty. Plain C++: the runtime links no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_RUNTIME_SIGNATURE_H
#define FUSE_RUNTIME_SIGNATURE_H

#include "fuse/Support/ElementType.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace fuse::runtime {

using fuse::ElementType;
using fuse::getElementTypeInfo;

/// The type of one tensor: element type and shape (row-major, dense).
struct TensorType {
  ElementType elementType = ElementType::F32;
  std::vector<int64_t> shape;

  int64_t elementCount() const;
  size_t byteSize() const {
    return elementCount() * getElementTypeInfo(elementType).bytes;
  }
  /// The type as a signature writes it, e.g. "f32[2,3]".
  std::string str() const;
};

struct Signature {
  std::vector<TensorType> inputs;
  std::vector<TensorType> results;

  /// The signature as a string that parseSignature reads back.
  std::string str() const;
};

/// Parses `text` into `signature`; on a malformed string returns false and
/// sets `error` to what is wrong and where.
bool parseSignature(const std::string &text, Signature &signature,
                    std::string &error);

} // namespace fuse::runtime

#endif // FUSE_RUNTIME_SIGNATURE_H
