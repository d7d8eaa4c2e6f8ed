//===- Npy.cpp - the NumPy .npy file format -------------------------------===//

#include "fuse/Support/Npy.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>

namespace fuse::npy {
namespace {

constexpr std::string_view kMagic("\x93NUMPY", 6);
constexpr size_t kDataAlignment = 64;

/// A cursor over the header's dict literal: only the subset of Python
/// literals that NumPy writes (strings, True/False, tuples of integers).
class DictCursor {
public:
  explicit DictCursor(std::string_view text) : rest(text) {}

  bool consume(char c) {
    skipSpace();
    if (rest.empty() || rest.front() != c)
      return false;
    rest.remove_prefix(1);
    return true;
  }

  bool consumeWord(std::string_view word) {
    skipSpace();
    if (rest.substr(0, word.size()) != word)
      return false;
    rest.remove_prefix(word.size());
    return true;
  }

  std::optional<std::string_view> parseString() {
    skipSpace();
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"'))
      return std::nullopt;
    size_t end = rest.find(rest.front(), 1);
    if (end == std::string_view::npos)
      return std::nullopt;
    std::string_view value = rest.substr(1, end - 1);
    rest.remove_prefix(end + 1);
    return value;
  }

  std::optional<bool> parseBool() {
    if (consumeWord("True"))
      return true;
    if (consumeWord("False"))
      return false;
    return std::nullopt;
  }

  std::optional<std::vector<int64_t>> parseShape() {
    if (!consume('('))
      return std::nullopt;
    std::vector<int64_t> shape;
    if (consume(')'))
      return shape;
    while (true) {
      skipSpace();
      size_t digits = 0;
      int64_t size = 0;
      for (; digits < rest.size() &&
             std::isdigit(static_cast<unsigned char>(rest[digits]));
           ++digits) {
        if (size > (INT64_MAX - 9) / 10)
          return std::nullopt;
        size = size * 10 + (rest[digits] - '0');
      }
      if (digits == 0)
        return std::nullopt;
      rest.remove_prefix(digits);
      shape.push_back(size);
      // "(3,)", "(3, 4)" and a trailing comma are all tuples.
      bool hasComma = consume(',');
      if (consume(')'))
        return shape;
      if (!hasComma)
        return std::nullopt;
    }
  }

  bool atEnd() {
    skipSpace();
    return rest.empty();
  }

private:
  void skipSpace() {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t' ||
                             rest.front() == '\n'))
      rest.remove_prefix(1);
  }

  std::string_view rest;
};

struct Dict {
  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<std::vector<int64_t>> shape;
};

bool parseDict(std::string_view text, Dict &dict, std::string &error) {
  auto malformed = [&](const std::string &why) {
    std::string_view shown = text;
    while (!shown.empty() && (shown.back() == ' ' || shown.back() == '\n'))
      shown.remove_suffix(1);
    error = "malformed header " + std::string(shown) + ": " + why;
    return false;
  };
  DictCursor cursor(text);
  if (!cursor.consume('{'))
    return malformed("expected '{'");
  while (!cursor.consume('}')) {
    std::optional<std::string_view> key = cursor.parseString();
    if (!key || !cursor.consume(':'))
      return malformed("expected a quoted key and ':'");
    if (*key == "descr") {
      std::optional<std::string_view> descr = cursor.parseString();
      if (!descr)
        return malformed("'descr' is not a string (structured dtypes are "
                         "not supported)");
      dict.descr = std::string(*descr);
    } else if (*key == "fortran_order") {
      dict.fortranOrder = cursor.parseBool();
      if (!dict.fortranOrder)
        return malformed("'fortran_order' is not True or False");
    } else if (*key == "shape") {
      dict.shape = cursor.parseShape();
      if (!dict.shape)
        return malformed("'shape' is not a tuple of sizes");
    } else {
      return malformed("unknown key '" + std::string(*key) + "'");
    }
    if (!cursor.consume(',')) {
      if (!cursor.consume('}'))
        return malformed("expected ',' or '}'");
      break;
    }
  }
  if (!cursor.atEnd())
    return malformed("text after the closing '}'");
  if (!dict.descr || !dict.fortranOrder || !dict.shape)
    return malformed("it needs 'descr', 'fortran_order' and 'shape'");
  return true;
}

/// Brings `descr` to Header::descr's normal form and sets `elementBytes`;
/// false with `error` set for a dtype fuse does not read.
bool normalizeDescr(std::string_view descr, std::string &normal,
                    int64_t &elementBytes, std::string &error) {
  auto unsupported = [&] {
    error = "unsupported dtype '" + std::string(descr) +
            "' (fuse reads f2 f4 f8 c8 c16 b1 i1 i2 i4 i8 u1 u2 u4 u8, "
            "and u2 as bf16 bit patterns)";
    return false;
  };
  if (descr.size() < 2)
    return unsupported();
  char order = descr.front();
  std::string_view kind = descr.substr(1);
  if (kind.front() == 'O') {
    error = "object arrays ('" + std::string(descr) + "') are not supported";
    return false;
  }
  if (order == '>') {
    error = "big-endian data ('" + std::string(descr) + "') is not supported";
    return false;
  }
  static constexpr std::string_view kKinds[] = {"f2", "f4", "f8", "c8", "c16",
                                                "b1", "i1", "i2", "i4", "i8",
                                                "u1", "u2", "u4", "u8"};
  bool known = false;
  for (std::string_view knownKind : kKinds)
    known |= kind == knownKind;
  if (!known)
    return unsupported();
  elementBytes = std::stoi(std::string(kind.substr(1)));
  // '=' is the native order, little-endian on the hosts fuse runs on; '|'
  // marks one-byte types.
  bool isOneByte = elementBytes == 1;
  if (!(order == '<' || order == '=' || (order == '|' && isOneByte)))
    return unsupported();
  normal = (isOneByte ? "|" : "<") + std::string(kind);
  return true;
}

uint32_t readLittleEndian(std::string_view bytes) {
  uint32_t value = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    value |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[i])) << (8 * i);
  return value;
}

} // namespace

bool parse(std::string_view contents, Header &header, std::string_view &data,
           std::string &error) {
  if (contents.substr(0, kMagic.size()) != kMagic) {
    error = "not a .npy file (no \\x93NUMPY magic)";
    return false;
  }
  const std::string truncatedHeader = "truncated: the file ends in its header";
  if (contents.size() < kMagic.size() + 4) {
    error = truncatedHeader;
    return false;
  }
  unsigned major = static_cast<uint8_t>(contents[kMagic.size()]);
  unsigned minor = static_cast<uint8_t>(contents[kMagic.size() + 1]);
  if (major < 1 || major > 3) {
    error = "unsupported .npy version " + std::to_string(major) + "." +
            std::to_string(minor);
    return false;
  }
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t headerStart = kMagic.size() + 2 + lengthBytes;
  if (contents.size() < headerStart) {
    error = truncatedHeader;
    return false;
  }
  size_t headerLength =
      readLittleEndian(contents.substr(kMagic.size() + 2, lengthBytes));
  if (contents.size() < headerStart + headerLength) {
    error = truncatedHeader;
    return false;
  }

  Dict dict;
  if (!parseDict(contents.substr(headerStart, headerLength), dict, error))
    return false;
  Header parsed;
  if (!normalizeDescr(*dict.descr, parsed.descr, parsed.elementBytes, error))
    return false;
  if (*dict.fortranOrder) {
    error = "Fortran-order arrays are not supported (save a C-order copy, "
            "e.g. numpy.ascontiguousarray)";
    return false;
  }
  parsed.shape = std::move(*dict.shape);
  parsed.dataBytes = parsed.elementBytes;
  for (int64_t size : parsed.shape) {
    if (__builtin_mul_overflow(parsed.dataBytes, size, &parsed.dataBytes)) {
      error = "the shape is too large";
      return false;
    }
  }
  std::string_view rest = contents.substr(headerStart + headerLength);
  if (static_cast<int64_t>(rest.size()) < parsed.dataBytes) {
    error = "truncated: the data should take " +
            std::to_string(parsed.dataBytes) + " bytes, the file holds " +
            std::to_string(rest.size());
    return false;
  }
  rest = rest.substr(0, parsed.dataBytes);
  if (parsed.descr == "|b1") {
    for (size_t i = 0; i < rest.size(); ++i) {
      if (static_cast<uint8_t>(rest[i]) > 1) {
        error = "element " + std::to_string(i) +
                " of a boolean array is neither 0 nor 1";
        return false;
      }
    }
  }
  header = std::move(parsed);
  data = rest;
  return true;
}

std::string printPrefix(std::string_view descr,
                        const std::vector<int64_t> &shape) {
  std::string dict = "{'descr': '" + std::string(descr) +
                     "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < shape.size(); ++i)
    dict += (i ? ", " : "") + std::to_string(shape[i]);
  dict += shape.size() == 1 ? ",), }" : "), }";

  // Version 1.0 stores the header length in 2 bytes; 2.0 only widens it.
  auto paddedLength = [&](size_t prefix) {
    size_t end = prefix + dict.size() + 1;
    return (end + kDataAlignment - 1) / kDataAlignment * kDataAlignment -
           prefix;
  };
  size_t prefix = kMagic.size() + 2 + 2;
  unsigned major = 1;
  if (paddedLength(prefix) > UINT16_MAX) {
    prefix += 2;
    major = 2;
  }
  size_t headerLength = paddedLength(prefix);
  dict.append(headerLength - dict.size() - 1, ' ');
  dict += '\n';

  std::string bytes(kMagic);
  bytes += static_cast<char>(major);
  bytes += '\0';
  for (size_t i = 0; i < prefix - kMagic.size() - 2; ++i)
    bytes += static_cast<char>((headerLength >> (8 * i)) & 0xff);
  return bytes + dict;
}

bool readFile(const std::string &path, std::string &contents,
              std::string &error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = "cannot read '" + path + "': " + std::strerror(errno);
    return false;
  }
  std::ostringstream bytes;
  bytes << file.rdbuf();
  if (file.bad()) {
    error = "cannot read '" + path + "'";
    return false;
  }
  contents = bytes.str();
  return true;
}

bool writeFile(const std::string &path, std::string_view prefix,
               const void *data, size_t size, std::string &error) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  if (file) {
    file.write(prefix.data(), prefix.size());
    file.write(static_cast<const char *>(data), size);
    file.close();
  }
  if (!file) {
    error = "cannot write '" + path + "': " + std::strerror(errno);
    return false;
  }
  return true;
}

} // namespace fuse::npy
