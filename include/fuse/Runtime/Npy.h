//===- Npy.h - NumPy .npy files for the ahead-of-time driver ----*- C++ -*-===//
//
// Reads .npy format versions 1.0, 2.0 and 3.0 and writes 1.0 (2.0 when the
// header needs it), little-endian, C order only, with the same dtypes as
// fuse::exec's reader (which the driver cannot use: it links no LLVM):
//
//   element type  descr   note
//   f16 f32 f64   <f2 <f4 <f8
//   i8 i16 i32 i64 |i1 <i2 <i4 <i8
//   i1            |b1     one byte, 0 or 1
//   bf16          <u2     NumPy has no bfloat16: the raw 16-bit patterns
//
// Every error message starts with the file's name.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_RUNTIME_NPY_H
#define FUSE_RUNTIME_NPY_H

#include "fuse/Runtime/Signature.h"

#include <string>
#include <vector>

namespace fuse::runtime {

/// A dense row-major array on the host.
struct NpyArray {
  TensorType type;
  std::vector<char> data;
};

/// Parses the whole .npy file `contents`; `name` names it in errors.
bool parseNpy(const std::string &contents, const std::string &name,
              NpyArray &array, std::string &error);

/// Reads the .npy file at `path`.
bool readNpy(const std::string &path, NpyArray &array, std::string &error);

/// The bytes of a .npy file holding `type.byteSize()` bytes at `data`.
std::string printNpy(const TensorType &type, const void *data);

/// Writes a .npy file to `path`, replacing it.
bool writeNpy(const std::string &path, const TensorType &type, const void *data,
              std::string &error);

} // namespace fuse::runtime

#endif // FUSE_RUNTIME_NPY_H
