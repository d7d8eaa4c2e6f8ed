//===- Npy.h - NumPy .npy files for the ahead-of-time driver ----*- C++ -*-===//
//
// Reads .npy format versions 1.0, 2.0 and 3.0 and writes 1.0 (2.0 when the
// header needs it), little-endian, C order only, with the dtypes of
// fuse::getElementTypes (Support/ElementType.h), which fuse::exec's reader
// shares. Every error message starts with the file's name.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_RUNTIME_NPY_H
#define FUSE_RUNTIME_NPY_H

#include "fuse/Runtime/Signature.h"

#include <optional>
#include <string>
#include <vector>

namespace fuse::runtime {

/// A dense row-major array on the host.
struct NpyArray {
  TensorType type;
  std::vector<char> data;
};

/// Parses the whole .npy file `contents`; `name` names it in errors.
/// `expected`, when given, picks between element types stored alike (bf16
/// and ui16).
bool parseNpy(const std::string &contents, const std::string &name,
              NpyArray &array, std::string &error,
              std::optional<ElementType> expected = std::nullopt);

/// Reads the .npy file at `path`.
bool readNpy(const std::string &path, NpyArray &array, std::string &error,
             std::optional<ElementType> expected = std::nullopt);

/// The bytes of a .npy file holding `type.byteSize()` bytes at `data`.
std::string printNpy(const TensorType &type, const void *data);

/// Writes a .npy file to `path`, replacing it.
bool writeNpy(const std::string &path, const TensorType &type, const void *data,
              std::string &error);

} // namespace fuse::runtime

#endif // FUSE_RUNTIME_NPY_H
