//===- Npy.cpp - NumPy .npy files for the ahead-of-time driver ------------===//

#include "fuse/Runtime/Npy.h"

#include <cctype>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

using namespace fuse::runtime;

namespace {

constexpr char kMagic[] = "\x93NUMPY";
constexpr size_t kMagicSize = 6;

struct Descr {
  ElementType type;
  const char *descr;
};
constexpr Descr kDescrs[] = {
    {ElementType::F16, "<f2"},  {ElementType::F32, "<f4"},
    {ElementType::F64, "<f8"},  {ElementType::I8, "|i1"},
    {ElementType::I16, "<i2"},  {ElementType::I32, "<i4"},
    {ElementType::I64, "<i8"},  {ElementType::I1, "|b1"},
    {ElementType::BF16, "<u2"},
};

const char *descrOf(ElementType type) {
  for (const Descr &entry : kDescrs)
    if (entry.type == type)
      return entry.descr;
  return "";
}

/// Reads the values of the header dictionary, a Python literal such as
/// {'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }.
class HeaderParser {
public:
  explicit HeaderParser(const std::string &header) : header(header) {}

  /// Positions the cursor after "'key':"; false if the key is absent.
  bool findKey(const std::string &key) {
    size_t at = header.find("'" + key + "'");
    if (at == std::string::npos)
      return false;
    position = at + key.size() + 2;
    skipSpaces();
    if (!consume(':'))
      return false;
    skipSpaces();
    return true;
  }

  bool readQuoted(std::string &value) {
    if (!consume('\''))
      return false;
    size_t end = header.find('\'', position);
    if (end == std::string::npos)
      return false;
    value = header.substr(position, end - position);
    position = end + 1;
    return true;
  }

  bool readWord(std::string &value) {
    size_t start = position;
    while (position < header.size() && std::isalpha(header[position]))
      ++position;
    value = header.substr(start, position - start);
    return !value.empty();
  }

  bool readTuple(std::vector<int64_t> &values) {
    if (!consume('('))
      return false;
    while (true) {
      skipSpaces();
      if (consume(')'))
        return true;
      size_t start = position;
      int64_t value = 0;
      while (position < header.size() && std::isdigit(header[position]))
        value = value * 10 + (header[position++] - '0');
      if (position == start)
        return false;
      values.push_back(value);
      skipSpaces();
      if (consume(')'))
        return true;
      if (!consume(','))
        return false;
    }
  }

private:
  void skipSpaces() {
    while (position < header.size() && header[position] == ' ')
      ++position;
  }

  bool consume(char c) {
    if (position >= header.size() || header[position] != c)
      return false;
    ++position;
    return true;
  }

  const std::string &header;
  size_t position = 0;
};

uint32_t readLittleEndian(const std::string &bytes, size_t at, size_t count) {
  uint32_t value = 0;
  for (size_t i = 0; i < count; ++i)
    value |= static_cast<uint32_t>(static_cast<unsigned char>(bytes[at + i]))
             << (8 * i);
  return value;
}

} // namespace

bool fuse::runtime::parseNpy(const std::string &contents,
                             const std::string &name, NpyArray &array,
                             std::string &error) {
  auto fail = [&](const std::string &what) {
    error = name + ": " + what;
    return false;
  };
  if (contents.size() < kMagicSize + 2 ||
      contents.compare(0, kMagicSize, kMagic, kMagicSize) != 0)
    return fail("not a .npy file (no \\x93NUMPY magic string)");
  unsigned major = static_cast<unsigned char>(contents[kMagicSize]);
  if (major < 1 || major > 3)
    return fail(".npy format version " + std::to_string(major) +
                " is not supported (1, 2 and 3 are)");
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t headerStart = kMagicSize + 2 + lengthBytes;
  if (contents.size() < headerStart)
    return fail("truncated header");
  size_t headerLength = readLittleEndian(contents, kMagicSize + 2, lengthBytes);
  if (contents.size() < headerStart + headerLength)
    return fail("truncated header");
  std::string header = contents.substr(headerStart, headerLength);

  HeaderParser parser(header);
  std::string descr, fortranOrder;
  NpyArray parsed;
  if (!parser.findKey("descr") || !parser.readQuoted(descr))
    return fail("the header has no 'descr' string");
  if (!parser.findKey("fortran_order") || !parser.readWord(fortranOrder))
    return fail("the header has no 'fortran_order' value");
  if (!parser.findKey("shape") || !parser.readTuple(parsed.type.shape))
    return fail("the header has no 'shape' tuple");
  if (fortranOrder != "False")
    return fail("Fortran-order arrays are not supported (write C order)");
  const Descr *found = nullptr;
  for (const Descr &entry : kDescrs)
    if (descr == entry.descr)
      found = &entry;
  if (!found)
    return fail("dtype '" + descr +
                "' is not supported (little-endian <f2 <f4 <f8 |i1 <i2 <i4 "
                "<i8 |b1, or <u2 for bf16)");
  parsed.type.elementType = found->type;

  size_t dataStart = headerStart + headerLength;
  size_t expected = parsed.type.byteSize();
  size_t actual = contents.size() - dataStart;
  if (actual != expected)
    return fail("holds " + std::to_string(actual) + " bytes of data; " +
                parsed.type.str() + " needs " + std::to_string(expected));
  parsed.data.assign(contents.begin() + dataStart, contents.end());
  array = std::move(parsed);
  return true;
}

bool fuse::runtime::readNpy(const std::string &path, NpyArray &array,
                            std::string &error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = path + ": cannot open: " + std::strerror(errno);
    return false;
  }
  std::ostringstream contents;
  contents << file.rdbuf();
  if (file.bad()) {
    error = path + ": cannot read";
    return false;
  }
  return parseNpy(contents.str(), path, array, error);
}

std::string fuse::runtime::printNpy(const TensorType &type, const void *data) {
  std::string header = std::string("{'descr': '") + descrOf(type.elementType) +
                       "', 'fortran_order': False, 'shape': (";
  for (size_t i = 0; i < type.shape.size(); ++i)
    header += (i ? ", " : "") + std::to_string(type.shape[i]);
  header += type.shape.size() == 1 ? ",), }" : "), }";

  // Pad with spaces and a final newline so the data starts 64-byte aligned.
  bool version1 = kMagicSize + 4 + header.size() + 1 <= 65535;
  size_t prefix = kMagicSize + 2 + (version1 ? 2 : 4);
  size_t total = prefix + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';

  std::string bytes(kMagic, kMagicSize);
  bytes += static_cast<char>(version1 ? 1 : 2);
  bytes += '\0';
  size_t length = header.size();
  for (size_t i = 0; i < (version1 ? 2u : 4u); ++i)
    bytes += static_cast<char>((length >> (8 * i)) & 0xff);
  bytes += header;
  bytes.append(static_cast<const char *>(data), type.byteSize());
  return bytes;
}

bool fuse::runtime::writeNpy(const std::string &path, const TensorType &type,
                             const void *data, std::string &error) {
  std::ofstream file(path, std::ios::binary | std::ios::trunc);
  std::string bytes = printNpy(type, data);
  if (file)
    file.write(bytes.data(), bytes.size());
  if (!file) {
    error = path + ": cannot write: " + std::strerror(errno);
    return false;
  }
  return true;
}
