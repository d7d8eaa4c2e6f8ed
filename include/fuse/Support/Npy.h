//===- Npy.h - the NumPy .npy file format -----------------------*- C++ -*-===//
//
// The .npy codec that the compiler's tools and the ahead-of-time driver
// share. Plain C++: the driver links neither MLIR nor LLVM, so the mapping
// from dtype descrs to element types stays with each user.
//
// A file is the magic "\x93NUMPY", a major and minor version byte, the
// header length (2 bytes in 1.0, 4 in 2.0 and 3.0), then a Python dict
// literal such as {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// padded with spaces and a newline so that the data starts 64-byte aligned,
// then the elements in C order. Versions 1.0 to 3.0 are read; 1.0 is
// written, or 2.0 when the header needs it.
//
// Read dtypes: little-endian f2 f4 f8 i1 i2 i4 i8 u1 u2 u4 u8 and b1 (one
// byte, 0 or 1). Fortran order, big-endian data, object, structured and
// other dtypes, and truncated files are errors.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_NPY_H
#define FUSE_SUPPORT_NPY_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fuse::npy {

/// What a header says of the array that follows it.
struct Header {
  /// The dtype in a normal form: "|" and a one-byte kind ("|b1", "|i1",
  /// "|u1"), else "<" and the kind ("<f4"); '=' (native) reads as '<'.
  std::string descr;
  std::vector<int64_t> shape;
  /// Bytes of one element and of the whole array.
  int64_t elementBytes = 0;
  int64_t dataBytes = 0;
};

/// Parses the .npy file `contents`. On success fills `header`, points
/// `data` at the array's `header.dataBytes` bytes inside `contents`, and
/// returns true; otherwise sets `error` to why, without the file's name.
bool parse(std::string_view contents, Header &header, std::string_view &data,
           std::string &error);

/// The bytes of a .npy file that precede the data of an array of `descr`
/// (in the normal form of Header::descr) and `shape`.
std::string printPrefix(std::string_view descr,
                        const std::vector<int64_t> &shape);

/// Reads the file at `path` whole; on failure sets `error` to a message
/// that names the path.
bool readFile(const std::string &path, std::string &contents,
              std::string &error);

/// Writes `prefix` then `size` bytes at `data` to `path`, replacing it; on
/// failure sets `error` to a message that names the path.
bool writeFile(const std::string &path, std::string_view prefix,
               const void *data, size_t size, std::string &error);

} // namespace fuse::npy

#endif // FUSE_SUPPORT_NPY_H
