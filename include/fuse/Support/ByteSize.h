//===- ByteSize.h - byte counts read and written by people ------*- C++ -*-===//
//
// One rule for every option that takes a size (--memory-limit,
// tensor-size-threshold, split-size, min-bytes, ...): a number, decimals
// allowed, then an optional unit, with or without a space:
//
//   B                      bytes
//   kB MB GB TB            powers of 1000 (SI)
//   KiB MiB GiB TiB        powers of 1024 (IEC)
//   K M G T                powers of 1024, as `ulimit` and `sort -S` read
//
// Units are case-sensitive ("1gb" is rejected rather than guessed).
// Fractions of a byte round down. Plain C++, no LLVM.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_BYTESIZE_H
#define FUSE_SUPPORT_BYTESIZE_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace fuse {

/// The byte count `text` spells, or nothing when it is not one or is 2^62
/// or more.
std::optional<int64_t> parseByteSize(std::string_view text);

/// A byte count for people, in the largest binary unit that keeps it >= 1,
/// with one decimal when it is not whole: "1023 B", "256 MiB", "74.5 GiB".
std::string formatByteSize(int64_t bytes);

} // namespace fuse

#endif // FUSE_SUPPORT_BYTESIZE_H
