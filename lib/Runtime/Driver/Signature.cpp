//===- Signature.cpp - Types of an ahead-of-time program's entry ----------===//

#include "fuse/Runtime/Signature.h"

#include <cstring>
#include <limits>

using namespace fuse::runtime;

namespace {

/// A cursor over the signature text that records the first error.
class Parser {
public:
  Parser(const std::string &text) : text(text) {}

  bool parse(Signature &signature) {
    if (!parseList(signature.inputs, /*atEnd=*/false))
      return false;
    if (text.compare(position, 2, "->") != 0)
      return fail("expected '->'");
    position += 2;
    if (!parseList(signature.results, /*atEnd=*/true))
      return false;
    if (position != text.size())
      return fail("unexpected text after the results");
    return true;
  }

  std::string error;

private:
  // A comma-separated list of types ending at "->" or at the end.
  bool parseList(std::vector<TensorType> &types, bool atEnd) {
    if (atEnd ? position == text.size() : text.compare(position, 2, "->") == 0)
      return true;
    while (true) {
      TensorType type;
      if (!parseType(type))
        return false;
      types.push_back(type);
      if (position >= text.size() || text[position] != ',')
        return true;
      ++position;
    }
  }

  bool parseType(TensorType &type) {
    std::optional<ElementType> found =
        fuse::parseElementTypePrefix(std::string_view(text).substr(position));
    if (!found)
      return fail("expected an element type (f16, bf16, f32, f64, i1, i8, "
                  "i16, i32, i64, ui8, ui16, ui32 or ui64)");
    type.elementType = *found;
    position += std::strlen(getElementTypeInfo(*found).name);
    if (position >= text.size() || text[position] != '[')
      return fail("expected '[' after the element type");
    ++position;
    if (position < text.size() && text[position] == ']') {
      ++position;
      return true;
    }
    while (true) {
      int64_t dimension = 0;
      if (!parseDimension(dimension))
        return false;
      type.shape.push_back(dimension);
      if (position < text.size() && text[position] == ',') {
        ++position;
        continue;
      }
      if (position < text.size() && text[position] == ']') {
        ++position;
        return true;
      }
      return fail("expected ',' or ']' in a shape");
    }
  }

  bool parseDimension(int64_t &dimension) {
    size_t start = position;
    dimension = 0;
    while (position < text.size() && text[position] >= '0' &&
           text[position] <= '9') {
      int digit = text[position] - '0';
      if (dimension > (std::numeric_limits<int64_t>::max() - digit) / 10)
        return fail("dimension too large");
      dimension = dimension * 10 + digit;
      ++position;
    }
    if (position == start)
      return fail("expected a dimension size");
    return true;
  }

  bool fail(const std::string &what) {
    error =
        what + " at offset " + std::to_string(position) + " of '" + text + "'";
    return false;
  }

  const std::string &text;
  size_t position = 0;
};

std::string joinTypes(const std::vector<TensorType> &types) {
  std::string text;
  for (size_t i = 0; i < types.size(); ++i)
    text += (i ? "," : "") + types[i].str();
  return text;
}

} // namespace

int64_t TensorType::elementCount() const {
  int64_t count = 1;
  for (int64_t dimension : shape)
    count *= dimension;
  return count;
}

std::string TensorType::str() const {
  std::string text = std::string(getElementTypeInfo(elementType).name) + "[";
  for (size_t i = 0; i < shape.size(); ++i)
    text += (i ? "," : "") + std::to_string(shape[i]);
  return text + "]";
}

std::string Signature::str() const {
  return joinTypes(inputs) + "->" + joinTypes(results);
}

bool fuse::runtime::parseSignature(const std::string &text,
                                   Signature &signature, std::string &error) {
  Parser parser(text);
  Signature parsed;
  if (!parser.parse(parsed)) {
    error = parser.error;
    return false;
  }
  signature = std::move(parsed);
  return true;
}
