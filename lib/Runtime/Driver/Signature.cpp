//===- Signature.cpp - Types of an ahead-of-time program's entry ----------===//

#include "fuse/Runtime/Signature.h"

#include <cstring>
#include <limits>

using namespace fuse::runtime;

namespace {

struct ElementTypeInfo {
  ElementType type;
  const char *name;
  size_t size;
};

// Longer names first, so that "i16" is not read as "i1" followed by "6".
constexpr ElementTypeInfo kElementTypes[] = {
    {ElementType::BF16, "bf16", 2}, {ElementType::F16, "f16", 2},
    {ElementType::F32, "f32", 4},   {ElementType::F64, "f64", 8},
    {ElementType::I16, "i16", 2},   {ElementType::I32, "i32", 4},
    {ElementType::I64, "i64", 8},   {ElementType::I8, "i8", 1},
    {ElementType::I1, "i1", 1},     {ElementType::UI16, "ui16", 2},
    {ElementType::UI32, "ui32", 4}, {ElementType::UI64, "ui64", 8},
    {ElementType::UI8, "ui8", 1},
};

const ElementTypeInfo &info(ElementType type) {
  for (const ElementTypeInfo &entry : kElementTypes)
    if (entry.type == type)
      return entry;
  return kElementTypes[0];
}

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
    const ElementTypeInfo *found = nullptr;
    for (const ElementTypeInfo &entry : kElementTypes) {
      if (text.compare(position, std::strlen(entry.name), entry.name) == 0) {
        found = &entry;
        break;
      }
    }
    if (!found)
      return fail("expected an element type (f16, bf16, f32, f64, i1, i8, "
                  "i16, i32, i64, ui8, ui16, ui32 or ui64)");
    type.elementType = found->type;
    position += std::strlen(found->name);
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

const char *fuse::runtime::elementTypeName(ElementType type) {
  return info(type).name;
}

size_t fuse::runtime::elementSize(ElementType type) { return info(type).size; }

bool fuse::runtime::isFloat(ElementType type) {
  return type == ElementType::F16 || type == ElementType::BF16 ||
         type == ElementType::F32 || type == ElementType::F64;
}

int64_t TensorType::elementCount() const {
  int64_t count = 1;
  for (int64_t dimension : shape)
    count *= dimension;
  return count;
}

std::string TensorType::str() const {
  std::string text = std::string(elementTypeName(elementType)) + "[";
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
