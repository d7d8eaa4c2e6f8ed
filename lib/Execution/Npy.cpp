//===- Npy.cpp - NumPy .npy files of host buffers -------------------------===//
//
// The format: the magic "\x93NUMPY", a major and minor version byte, the
// header length (2 bytes in 1.0, 4 in 2.0 and 3.0), then a Python dict
// literal such as {'descr': '<f4', 'fortran_order': False, 'shape': (3, 4), }
// padded with spaces and a newline so that the data starts 64-byte aligned,
// then the elements.
//
//===----------------------------------------------------------------------===//

#include "fuse/Execution/Npy.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MathExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <cstring>
#include <optional>

using namespace mlir;

namespace fuse::exec {
namespace {

constexpr llvm::StringLiteral kMagic("\x93NUMPY");
constexpr size_t kHeaderAlignment = 64;

/// The dtype descr of `elementType`, see the table in Npy.h.
llvm::StringRef getDescr(Type elementType) {
  if (elementType.isF16())
    return "<f2";
  if (elementType.isBF16())
    return "<u2";
  if (elementType.isF32())
    return "<f4";
  if (elementType.isF64())
    return "<f8";
  bool isUnsigned = elementType.isUnsignedInteger();
  switch (elementType.getIntOrFloatBitWidth()) {
  case 1:
    return "|b1";
  case 8:
    return isUnsigned ? "|u1" : "|i1";
  case 16:
    return isUnsigned ? "<u2" : "<i2";
  case 32:
    return isUnsigned ? "<u4" : "<i4";
  default:
    return isUnsigned ? "<u8" : "<i8";
  }
}

/// The element type of a dtype descr, or an explanation of why there is
/// none.
llvm::Expected<Type> parseDescr(llvm::StringRef descr, MLIRContext *context,
                                Type expected) {
  Builder builder(context);
  auto unsupported = [&] {
    return llvm::createStringError(
        "unsupported dtype '" + descr +
        "' (fuse reads f2 f4 f8 b1 i1 i2 i4 i8 u1 u2 u4 u8, and u2 as bf16 "
        "bit patterns)");
  };
  auto unsignedType = [&](unsigned width) {
    return IntegerType::get(context, width, IntegerType::Unsigned);
  };
  if (descr.size() < 2)
    return unsupported();
  char order = descr.front();
  llvm::StringRef kind = descr.drop_front();
  if (kind.starts_with("O"))
    return llvm::createStringError("object arrays ('" + descr +
                                   "') are not supported");
  if (order == '>')
    return llvm::createStringError("big-endian data ('" + descr +
                                   "') is not supported");
  // '=' is the native order, little-endian on the hosts fuse runs on; '|'
  // marks one-byte types.
  bool isOneByte = kind.ends_with("1") && kind.size() == 2;
  if (!(order == '<' || order == '=' || (order == '|' && isOneByte)))
    return unsupported();
  Type type = llvm::StringSwitch<Type>(kind)
                  .Case("f2", builder.getF16Type())
                  .Case("u2", expected && expected.isUnsignedInteger(16)
                                  ? Type(unsignedType(16))
                                  : Type(builder.getBF16Type()))
                  .Case("u1", unsignedType(8))
                  .Case("u4", unsignedType(32))
                  .Case("u8", unsignedType(64))
                  .Case("f4", builder.getF32Type())
                  .Case("f8", builder.getF64Type())
                  .Case("b1", builder.getI1Type())
                  .Case("i1", builder.getI8Type())
                  .Case("i2", builder.getI16Type())
                  .Case("i4", builder.getI32Type())
                  .Case("i8", builder.getI64Type())
                  .Default(nullptr);
  if (type)
    return type;
  return unsupported();
}

/// A cursor over the header's dict literal: only the subset of Python
/// literals that NumPy writes (strings, True/False, tuples of integers).
class HeaderParser {
public:
  explicit HeaderParser(llvm::StringRef text) : rest(text) {}

  bool consume(char c) {
    skipSpace();
    return rest.consume_front(llvm::StringRef(&c, 1));
  }

  std::optional<llvm::StringRef> parseString() {
    skipSpace();
    if (rest.empty() || (rest.front() != '\'' && rest.front() != '"'))
      return std::nullopt;
    char quote = rest.front();
    size_t end = rest.find(quote, 1);
    if (end == llvm::StringRef::npos)
      return std::nullopt;
    llvm::StringRef value = rest.slice(1, end);
    rest = rest.drop_front(end + 1);
    return value;
  }

  std::optional<bool> parseBool() {
    skipSpace();
    if (rest.consume_front("True"))
      return true;
    if (rest.consume_front("False"))
      return false;
    return std::nullopt;
  }

  std::optional<llvm::SmallVector<int64_t>> parseShape() {
    if (!consume('('))
      return std::nullopt;
    llvm::SmallVector<int64_t> shape;
    if (consume(')'))
      return shape;
    while (true) {
      skipSpace();
      size_t digits = rest.find_first_not_of("0123456789");
      int64_t size;
      if (rest.take_front(digits).getAsInteger(10, size))
        return std::nullopt;
      rest = rest.drop_front(digits);
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
  void skipSpace() { rest = rest.ltrim(" \t\n"); }

  llvm::StringRef rest;
};

struct Header {
  std::optional<std::string> descr;
  std::optional<bool> fortranOrder;
  std::optional<llvm::SmallVector<int64_t>> shape;
};

llvm::Expected<Header> parseHeader(llvm::StringRef text) {
  auto malformed = [&](const llvm::Twine &why) {
    return llvm::createStringError("malformed header " +
                                   llvm::Twine(text.rtrim(" \n")) + ": " + why);
  };
  HeaderParser parser(text);
  Header header;
  if (!parser.consume('{'))
    return malformed("expected '{'");
  while (!parser.consume('}')) {
    std::optional<llvm::StringRef> key = parser.parseString();
    if (!key || !parser.consume(':'))
      return malformed("expected a quoted key and ':'");
    if (*key == "descr") {
      std::optional<llvm::StringRef> descr = parser.parseString();
      if (!descr)
        return malformed("'descr' is not a string (structured dtypes are "
                         "not supported)");
      header.descr = descr->str();
    } else if (*key == "fortran_order") {
      header.fortranOrder = parser.parseBool();
      if (!header.fortranOrder)
        return malformed("'fortran_order' is not True or False");
    } else if (*key == "shape") {
      header.shape = parser.parseShape();
      if (!header.shape)
        return malformed("'shape' is not a tuple of sizes");
    } else {
      return malformed("unknown key '" + *key + "'");
    }
    if (!parser.consume(',')) {
      if (!parser.consume('}'))
        return malformed("expected ',' or '}'");
      break;
    }
  }
  if (!parser.atEnd())
    return malformed("text after the closing '}'");
  if (!header.descr || !header.fortranOrder || !header.shape)
    return malformed("it needs 'descr', 'fortran_order' and 'shape'");
  return header;
}

llvm::Error withFileName(llvm::StringRef name, llvm::Error error) {
  return llvm::createStringError("'" + name +
                                 "': " + llvm::toString(std::move(error)));
}

uint32_t readLittleEndian(llvm::StringRef bytes) {
  uint32_t value = 0;
  for (size_t i = 0; i < bytes.size(); ++i)
    value |= static_cast<uint32_t>(static_cast<uint8_t>(bytes[i])) << (8 * i);
  return value;
}

llvm::Expected<HostBuffer> parseNpyImpl(llvm::StringRef contents,
                                        MLIRContext *context,
                                        Type expectedElementType) {
  if (!contents.starts_with(kMagic))
    return llvm::createStringError("not a .npy file (no \\x93NUMPY magic)");
  if (contents.size() < kMagic.size() + 4)
    return llvm::createStringError("truncated: the file ends in its header");
  unsigned major = static_cast<uint8_t>(contents[kMagic.size()]);
  unsigned minor = static_cast<uint8_t>(contents[kMagic.size() + 1]);
  if (major < 1 || major > 3)
    return llvm::createStringError("unsupported .npy version " +
                                   llvm::Twine(major) + "." +
                                   llvm::Twine(minor));
  size_t lengthBytes = major == 1 ? 2 : 4;
  size_t headerStart = kMagic.size() + 2 + lengthBytes;
  if (contents.size() < headerStart)
    return llvm::createStringError("truncated: the file ends in its header");
  size_t headerLength =
      readLittleEndian(contents.substr(kMagic.size() + 2, lengthBytes));
  if (contents.size() < headerStart + headerLength)
    return llvm::createStringError("truncated: the file ends in its header");

  llvm::Expected<Header> header =
      parseHeader(contents.substr(headerStart, headerLength));
  if (!header)
    return header.takeError();
  llvm::Expected<Type> elementType =
      parseDescr(*header->descr, context, expectedElementType);
  if (!elementType)
    return elementType.takeError();
  if (*header->fortranOrder)
    return llvm::createStringError(
        "Fortran-order arrays are not supported (save a C-order copy, e.g. "
        "numpy.ascontiguousarray)");

  int64_t elementBytes = HostBuffer::getElementByteSize(*elementType);
  int64_t dataBytes = elementBytes;
  for (int64_t size : *header->shape)
    if (llvm::MulOverflow(dataBytes, size, dataBytes))
      return llvm::createStringError("the shape is too large");
  llvm::StringRef data = contents.drop_front(headerStart + headerLength);
  if (static_cast<int64_t>(data.size()) < dataBytes)
    return llvm::createStringError(
        "truncated: the data should take " + llvm::Twine(dataBytes) +
        " bytes, the file holds " + llvm::Twine(data.size()));

  HostBuffer buffer(RankedTensorType::get(*header->shape, *elementType));
  std::memcpy(buffer.data(), data.data(), dataBytes);
  if (elementType->isInteger(1)) {
    for (int64_t i = 0, e = buffer.getNumElements(); i < e; ++i)
      if (static_cast<uint8_t>(buffer.data()[i]) > 1)
        return llvm::createStringError(
            "element " + llvm::Twine(i) +
            " of a boolean array is neither 0 nor 1");
  }
  return buffer;
}

/// The magic string, version, header length and padded header dict that
/// precede the data of `buffer`.
std::string getNpyPrefix(const HostBuffer &buffer) {
  std::string dict;
  llvm::raw_string_ostream os(dict);
  os << "{'descr': '" << getDescr(buffer.getElementType())
     << "', 'fortran_order': False, 'shape': (";
  llvm::interleave(buffer.getShape(), os, ", ");
  if (buffer.getShape().size() == 1)
    os << ",";
  os << "), }";

  // Version 1.0 stores the header length in 2 bytes; 2.0 only widens it.
  size_t prefix = kMagic.size() + 2 + 2;
  unsigned major = 1;
  if (llvm::alignTo(prefix + dict.size() + 1, kHeaderAlignment) - prefix >
      UINT16_MAX) {
    prefix += 2;
    major = 2;
  }
  size_t headerLength =
      llvm::alignTo(prefix + dict.size() + 1, kHeaderAlignment) - prefix;
  dict.append(headerLength - dict.size() - 1, ' ');
  dict += '\n';

  std::string file(kMagic);
  file += static_cast<char>(major);
  file += '\0';
  for (size_t i = 0; i < prefix - kMagic.size() - 2; ++i)
    file += static_cast<char>((headerLength >> (8 * i)) & 0xff);
  file += dict;
  return file;
}

} // namespace

llvm::Expected<HostBuffer> parseNpy(llvm::StringRef contents,
                                    llvm::StringRef name, MLIRContext *context,
                                    Type expectedElementType) {
  llvm::Expected<HostBuffer> buffer =
      parseNpyImpl(contents, context, expectedElementType);
  if (!buffer)
    return withFileName(name, buffer.takeError());
  return buffer;
}

llvm::Expected<HostBuffer> readNpy(llvm::StringRef path, MLIRContext *context,
                                   Type expectedElementType) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file)
    return llvm::createStringError("cannot read '" + path +
                                   "': " + file.getError().message());
  return parseNpy((*file)->getBuffer(), path, context, expectedElementType);
}

std::string printNpy(const HostBuffer &buffer) {
  return getNpyPrefix(buffer) +
         std::string(buffer.data(), buffer.getByteSize());
}

llvm::Error writeNpy(llvm::StringRef path, const HostBuffer &buffer) {
  std::error_code error;
  llvm::raw_fd_ostream os(path, error, llvm::sys::fs::OF_None);
  if (error)
    return llvm::createStringError("cannot write '" + path +
                                   "': " + error.message());
  os << getNpyPrefix(buffer);
  os.write(buffer.data(), buffer.getByteSize());
  os.close();
  if (os.has_error())
    return llvm::createStringError("cannot write '" + path +
                                   "': " + os.error().message());
  return llvm::Error::success();
}

} // namespace fuse::exec
