//===- ParseLiterals.cpp - shapes and constants ---------------------------===//
//
// shape   ::= element-type `[` (size (`,` size)*)? `]` layout?
//           | `(` (shape (`,` shape)*)? `)`
//           | `token[]`                (the empty tuple: it holds no data)
// layout  ::= `{` dims (`:` ...)? `}`  (kept for `bitcast` only: it does
//                                      not change values)
// literal ::= scalar | `{` literal (`,` literal)* `}`
//           (a scalar alone fills an array of any shape)
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MathExtras.h"

#include <cstring>
#include <functional>
#include <random>

using namespace mlir;

namespace fuse::hlo_text {

FailureOr<Type> Parser::parseShape(SmallVectorImpl<int64_t> *minorToMajor) {
  if (consumeIf(TokenKind::LParen)) {
    SmallVector<Type> elements;
    if (!consumeIf(TokenKind::RParen)) {
      do {
        FailureOr<Type> element = parseShape();
        if (failed(element))
          return failure();
        elements.push_back(*element);
      } while (consumeIf(TokenKind::Comma));
      if (failed(expect(TokenKind::RParen, "')'")))
        return failure();
    }
    return Type(TupleType::get(context, TypeRange(elements)));
  }

  // A token orders side effects and holds no data; so does the empty tuple,
  // which stands for it.
  if (peek().isWord("token") && peek(1).is(TokenKind::LSquare) &&
      peek(2).is(TokenKind::RSquare)) {
    consume();
    consume();
    consume();
    return Type(TupleType::get(context));
  }
  FailureOr<Type> elementType = parseElementType();
  if (failed(elementType) || failed(expect(TokenKind::LSquare, "'['")))
    return failure();
  SmallVector<int64_t> sizes;
  if (!consumeIf(TokenKind::RSquare)) {
    do {
      // XLA writes dynamic sizes as `?` and bounded ones as `<=N`.
      if (peek().is(TokenKind::Other))
        return emitError(peek()) << "dynamic dimensions are not supported";
      const Token &sizeToken = peek();
      FailureOr<int64_t> size = parseInteger("dimension size");
      if (failed(size))
        return failure();
      if (*size < 0)
        return emitError(sizeToken) << "negative dimension size";
      sizes.push_back(*size);
    } while (consumeIf(TokenKind::Comma));
    if (failed(expect(TokenKind::RSquare, "']'")))
      return failure();
  }
  if (atLayout() && failed(parseLayout(minorToMajor)))
    return failure();
  return Type(RankedTensorType::get(sizes, *elementType));
}

LogicalResult Parser::parseLayout(SmallVectorImpl<int64_t> *minorToMajor) {
  size_t start = pos;
  consume();
  while (minorToMajor && peek().is(TokenKind::Word) &&
         llvm::isDigit(peek().text.front())) {
    FailureOr<int64_t> dimension = parseInteger("a layout dimension");
    if (failed(dimension))
      return failure();
    minorToMajor->push_back(*dimension);
    if (!consumeIf(TokenKind::Comma))
      break;
  }
  // Tiling and memory spaces place elements but do not reorder them.
  pos = start;
  return skipBalanced();
}

FailureOr<Type> Parser::parseElementType() {
  const Token &token = peek();
  if (!token.is(TokenKind::Word))
    return emitError(token) << "expected a shape";
  Builder builder(context);
  Type type =
      llvm::StringSwitch<Type>(token.text)
          .Case("pred", builder.getI1Type())
          .Case("s8", builder.getI8Type())
          .Case("s16", builder.getI16Type())
          .Case("s32", builder.getI32Type())
          .Case("s64", builder.getI64Type())
          .Case("u8", IntegerType::get(context, 8, IntegerType::Unsigned))
          .Case("u16", IntegerType::get(context, 16, IntegerType::Unsigned))
          .Case("u32", IntegerType::get(context, 32, IntegerType::Unsigned))
          .Case("u64", IntegerType::get(context, 64, IntegerType::Unsigned))
          .Case("f16", builder.getF16Type())
          .Case("bf16", builder.getBF16Type())
          .Case("f32", builder.getF32Type())
          .Case("f64", builder.getF64Type())
          .Case("s4", builder.getIntegerType(4))
          .Case("s2", builder.getIntegerType(2))
          .Case("u4", IntegerType::get(context, 4, IntegerType::Unsigned))
          .Case("u2", IntegerType::get(context, 2, IntegerType::Unsigned))
          .Case("f8e4m3fn", Float8E4M3FNType::get(context))
          .Case("f8e5m2", Float8E5M2Type::get(context))
          .Case("f8e4m3", Float8E4M3Type::get(context))
          .Case("f8e3m4", Float8E3M4Type::get(context))
          .Case("f8e4m3fnuz", Float8E4M3FNUZType::get(context))
          .Case("f8e5m2fnuz", Float8E5M2FNUZType::get(context))
          .Case("f8e4m3b11fnuz", Float8E4M3B11FNUZType::get(context))
          .Case("c64", ComplexType::get(builder.getF32Type()))
          .Case("c128", ComplexType::get(builder.getF64Type()))
          .Default(nullptr);
  if (!type) {
    return emitError(token)
           << "unsupported element type '" << token.text << "'";
  }
  consume();
  return type;
}

bool Parser::atLayout() const {
  // A layout holds dimension numbers and tiling; a computation body that
  // follows a signature's result shape starts with an instruction name.
  if (!peek().is(TokenKind::LBrace))
    return false;
  const Token &next = peek(1);
  return next.is(TokenKind::RBrace) || next.is(TokenKind::Colon) ||
         (next.is(TokenKind::Word) && llvm::isDigit(next.text.front()));
}

FailureOr<int64_t> Parser::parseInteger(StringRef what) {
  const Token &token = peek();
  int64_t value = 0;
  if (!token.is(TokenKind::Word) || token.text.getAsInteger(10, value))
    return emitError(token) << "expected " << what;
  consume();
  return value;
}

namespace {

/// Reads the scalars of a literal of one element type, in row-major order.
class ElementReader {
public:
  explicit ElementReader(Type elementType) : elementType(elementType) {}

  /// Appends the complex number written as `(re, im)`, whose parts are
  /// `re` and `im`; fails with the reason.
  LogicalResult readComplex(StringRef re, StringRef im, std::string &reason) {
    ElementReader parts(cast<ComplexType>(elementType).getElementType());
    if (failed(parts.read(re, reason)) || failed(parts.read(im, reason)))
      return failure();
    complexes.emplace_back(parts.floats[0], parts.floats[1]);
    return success();
  }

  /// Appends the value written as `text`; fails with the reason.
  LogicalResult read(StringRef text, std::string &reason) {
    if (elementType.isInteger(1)) {
      std::optional<bool> value = llvm::StringSwitch<std::optional<bool>>(text)
                                      .Cases({"true", "1"}, true)
                                      .Cases({"false", "0"}, false)
                                      .Default(std::nullopt);
      if (!value) {
        reason = "expected true, false, 1 or 0";
        return failure();
      }
      bools.push_back(*value);
      return success();
    }
    if (auto intType = dyn_cast<IntegerType>(elementType)) {
      unsigned width = intType.getWidth();
      if (intType.isUnsigned()) {
        uint64_t value = 0;
        if (text.getAsInteger(10, value) || !llvm::isUIntN(width, value)) {
          reason = "expected an unsigned integer that fits in " +
                   std::to_string(width) + " bits";
          return failure();
        }
        ints.emplace_back(width, value);
        return success();
      }
      int64_t value = 0;
      if (text.getAsInteger(10, value) || !llvm::isIntN(width, value)) {
        reason = "expected an integer that fits in " + std::to_string(width) +
                 " bits";
        return failure();
      }
      ints.emplace_back(width, value, /*isSigned=*/true);
      return success();
    }
    auto floatType = cast<FloatType>(elementType);
    llvm::APFloat value(floatType.getFloatSemantics());
    auto status =
        value.convertFromString(text, llvm::APFloat::rmNearestTiesToEven);
    if (!status) {
      llvm::consumeError(status.takeError());
      reason = "expected a floating-point number, inf, -inf or nan";
      return failure();
    }
    // As XLA's parser: a finite number beyond the type's range is an error,
    // not an infinity.
    if (*status & llvm::APFloat::opOverflow) {
      std::string typeName;
      llvm::raw_string_ostream(typeName) << elementType;
      reason = "'" + text.str() + "' is out of range for " + typeName;
      return failure();
    }
    floats.push_back(value);
    return success();
  }

  DenseElementsAttr build(RankedTensorType type) const {
    if (elementType.isInteger(1))
      return DenseElementsAttr::get(type, bools);
    if (isa<ComplexType>(elementType))
      return DenseElementsAttr::get(type, complexes);
    if (isa<IntegerType>(elementType))
      return DenseElementsAttr::get(type, ints);
    return DenseElementsAttr::get(type, floats);
  }

private:
  Type elementType;
  SmallVector<bool> bools;
  SmallVector<llvm::APInt> ints;
  SmallVector<llvm::APFloat> floats;
  SmallVector<std::complex<llvm::APFloat>> complexes;
};

} // namespace

FailureOr<DenseElementsAttr> Parser::fillElidedConstant(RankedTensorType type) {
  using Elided = HLOTextImportOptions::ElidedConstants;
  if (options.elidedConstants == Elided::Error)
    return emitError(peek())
           << "the constant's value is elided ('{...}'); print the HLO with "
              "its large constants, or fill them with zeros or random values "
              "(--hlo-elided-constants=zeros|random)";
  consume();
  consume();
  if (failed(expect(TokenKind::RBrace, "'}'")))
    return failure();
  Type element = type.getElementType();
  if (options.elidedConstants == Elided::Zeros)
    return DenseElementsAttr::get(type, Builder(context).getZeroAttr(element));
  std::mt19937_64 random(options.seed * 1000003 + filledConstants++);
  int64_t count = type.getNumElements();
  unsigned width = element.getIntOrFloatBitWidth();
  if (width == 1) {
    std::uniform_int_distribution<int64_t> coin(0, 1);
    SmallVector<bool> values;
    values.reserve(count);
    for (int64_t i = 0; i < count; ++i)
      values.push_back(coin(random));
    return DenseElementsAttr::get(type, values);
  }
  // Written straight into the attribute's storage, a whole byte per
  // element below 8 bits: a list of APFloats would take 32 bytes each (a
  // 201M-element constant took 6.4 GB and 27 s).
  size_t elementBytes = llvm::divideCeil(width, 8);
  std::vector<char> storage(count * elementBytes);
  auto store = [&](int64_t i, uint64_t bits) {
    char *at = storage.data() + i * elementBytes;
    auto write = [&](auto narrowed) {
      std::memcpy(at, &narrowed, sizeof(narrowed));
    };
    switch (elementBytes) {
    case 1:
      return write(static_cast<uint8_t>(bits));
    case 2:
      return write(static_cast<uint16_t>(bits));
    case 4:
      return write(static_cast<uint32_t>(bits));
    default:
      return write(bits);
    }
  };
  if (auto floatType = dyn_cast<FloatType>(element)) {
    std::uniform_real_distribution<double> uniform(-1.0, 1.0);
    for (int64_t i = 0; i < count; ++i) {
      double value = uniform(random);
      if (floatType.isF64()) {
        store(i, llvm::bit_cast<uint64_t>(value));
      } else if (floatType.isF32()) {
        store(i, llvm::bit_cast<uint32_t>(static_cast<float>(value)));
      } else {
        APFloat narrow(value);
        bool lost;
        narrow.convert(floatType.getFloatSemantics(),
                       APFloat::rmNearestTiesToEven, &lost);
        store(i, narrow.bitcastToAPInt().getZExtValue());
      }
    }
  } else {
    // Small values that every integer type holds (i2 holds 0 and 1).
    std::uniform_int_distribution<int64_t> uniform(0, width < 4 ? 1 : 7);
    for (int64_t i = 0; i < count; ++i)
      store(i, static_cast<uint64_t>(uniform(random)));
  }
  return DenseElementsAttr::getFromRawBuffer(type, storage);
}

LogicalResult
Parser::parseTupleLiteral(TupleType shape,
                          SmallVectorImpl<DenseElementsAttr> &values) {
  if (failed(expect(TokenKind::LParen, "'(' of a tuple constant")))
    return failure();
  for (auto [index, element] : llvm::enumerate(shape.getTypes())) {
    if (index > 0 && failed(expect(TokenKind::Comma, "','")))
      return failure();
    if (auto tuple = dyn_cast<TupleType>(element)) {
      if (failed(parseTupleLiteral(tuple, values)))
        return failure();
      continue;
    }
    FailureOr<DenseElementsAttr> literal = parseLiteral(element);
    if (failed(literal))
      return failure();
    values.push_back(*literal);
  }
  return expect(TokenKind::RParen, "')' of a tuple constant");
}

FailureOr<DenseElementsAttr> Parser::parseLiteral(Type shape) {
  auto type = dyn_cast<RankedTensorType>(shape);
  if (!type)
    return emitError(peek()) << "expected an array shape for a literal";
  if (peek().is(TokenKind::LBrace) && peek(1).isWord("..."))
    return fillElidedConstant(type);

  ElementReader reader(type.getElementType());
  bool isComplex = isa<ComplexType>(type.getElementType());
  // One element: a scalar, or `(re, im)` for a complex number.
  auto readElement = [&]() -> LogicalResult {
    std::string reason;
    if (isComplex) {
      if (failed(expect(TokenKind::LParen, "'(' before a complex number")))
        return failure();
      const Token &re = peek();
      if (!re.is(TokenKind::Word))
        return emitError(re) << "expected the real part";
      StringRef reText = re.text;
      consume();
      if (failed(expect(TokenKind::Comma, "',' between the parts")))
        return failure();
      const Token &im = peek();
      if (!im.is(TokenKind::Word) ||
          failed(reader.readComplex(reText, im.text, reason)))
        return emitError(im)
               << (reason.empty() ? "expected the imaginary part" : reason);
      consume();
      return expect(TokenKind::RParen, "')' after a complex number");
    }
    const Token &token = peek();
    if (!token.is(TokenKind::Word) || failed(reader.read(token.text, reason)))
      return emitError(token)
             << (reason.empty() ? "expected a constant element" : reason);
    consume();
    return success();
  };
  // XLA writes an array filled with one value as that scalar alone:
  // `f32[3,3] constant(1)`.
  if (type.getRank() > 0 &&
      peek().is(isComplex ? TokenKind::LParen : TokenKind::Word)) {
    if (failed(readElement()))
      return failure();
    return DenseElementsAttr::get(
        type, reader.build(RankedTensorType::get({}, type.getElementType()))
                  .getSplatValue<Attribute>());
  }
  // Walks the nested braces, one level per dimension, checking each size.
  std::function<LogicalResult(int64_t)> parseLevel =
      [&](int64_t dim) -> LogicalResult {
    if (dim == type.getRank())
      return readElement();
    if (failed(expect(TokenKind::LBrace, "'{'")))
      return failure();
    int64_t size = type.getDimSize(dim);
    for (int64_t i = 0; i < size; ++i) {
      if (i > 0 && !consumeIf(TokenKind::Comma))
        return emitError(peek())
               << "the constant has " << i << " elements in dimension " << dim
               << " but its shape has " << size;
      if (failed(parseLevel(dim + 1)))
        return failure();
    }
    if (!consumeIf(TokenKind::RBrace))
      return emitError(peek()) << "the constant has more than " << size
                               << " elements in dimension " << dim;
    return success();
  };
  if (failed(parseLevel(0)))
    return failure();
  return reader.build(type);
}

} // namespace fuse::hlo_text
