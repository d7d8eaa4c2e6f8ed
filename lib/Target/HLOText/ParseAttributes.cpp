//===- ParseAttributes.cpp - `key=value` lists of instructions ------------===//
//
// The keys the importer reads have a grammar each; every other key's value
// (sharding, backend_config, operand_precision, ...) is skipped as a
// balanced token sequence, since none of them changes values. Of
// frontend_attributes, only the pairs of a send or recv are read.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

#include "llvm/ADT/StringSwitch.h"

#include <utility>

using namespace mlir;

namespace fuse::hlo_text {

namespace {

enum class AttributeGrammar {
  IntegerList,
  Integer,
  Word,
  WordList,
  String,
  BackendConfig,
  DimLabels,
  KeyValues,
  SliceRanges,
  Padding,
  DeviceGroups,
  Metadata,
  FrontendAttributes,
  Shape,
  Skipped,
};

AttributeGrammar grammarOf(StringRef key) {
  return llvm::StringSwitch<AttributeGrammar>(key)
      .Cases({"dimensions", "dynamic_slice_sizes", "lhs_batch_dims",
              "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims",
              "offset_dims", "collapsed_slice_dims", "start_index_map",
              "operand_batching_dims", "start_indices_batching_dims",
              "slice_sizes", "update_window_dims", "inserted_window_dims",
              "scatter_dims_to_operand_dims", "input_batching_dims",
              "scatter_indices_batching_dims", "lhs_ragged_dims",
              "rhs_group_dims", "fft_length"},
             AttributeGrammar::IntegerList)
      .Case("dim_labels", AttributeGrammar::DimLabels)
      .Case("window", AttributeGrammar::KeyValues)
      .Cases({"index", "iota_dimension", "index_vector_dim",
              "feature_group_count", "batch_group_count", "k", "exponent_bits",
              "mantissa_bits", "feature_index", "channel_id", "num_carries"},
             AttributeGrammar::Integer)
      .Cases({"direction", "type", "to_apply", "condition", "body",
              "true_computation", "false_computation", "select", "scatter",
              "calls", "indices_are_sorted", "unique_indices", "is_stable",
              "largest", "algorithm", "lower", "left_side", "unit_diagonal",
              "transpose_a", "epsilon", "distribution",
              "use_global_device_ids", "is_reverse", "fft_type",
              "is_host_transfer"},
             AttributeGrammar::Word)
      .Cases({"branch_computations", "called_computations"},
             AttributeGrammar::WordList)
      .Cases({"custom_call_target", "infeed_config", "outfeed_config"},
             AttributeGrammar::String)
      .Case("backend_config", AttributeGrammar::BackendConfig)
      .Case("slice", AttributeGrammar::SliceRanges)
      .Case("padding", AttributeGrammar::Padding)
      .Cases({"replica_groups", "source_target_pairs"},
             AttributeGrammar::DeviceGroups)
      .Case("metadata", AttributeGrammar::Metadata)
      .Case("frontend_attributes", AttributeGrammar::FrontendAttributes)
      .Case("outfeed_shape", AttributeGrammar::Shape)
      .Default(AttributeGrammar::Skipped);
}

} // namespace

LogicalResult Parser::parseAttribute(ParsedInstruction &instruction) {
  Token key = peek();
  if (failed(expect(TokenKind::Word, "attribute name")) ||
      failed(expect(TokenKind::Equal, "'='")))
    return failure();

  AttributeValue value{locationOf(peek()), {}, {}, {}, {}, {}, {}};
  LogicalResult parsed = success();
  switch (grammarOf(key.text)) {
  case AttributeGrammar::IntegerList:
    // A collective-permute of slices gives one list per slice.
    if (key.text == "slice_sizes" && peek().is(TokenKind::LBrace) &&
        peek(1).is(TokenKind::LBrace))
      parsed = parseDeviceGroups(value);
    else
      parsed = parseIntegerList(value.integers);
    break;
  case AttributeGrammar::Integer: {
    FailureOr<int64_t> integer = parseInteger("an integer");
    parsed = integer;
    if (succeeded(integer))
      value.integers.push_back(*integer);
    break;
  }
  case AttributeGrammar::Word: {
    // A called computation may be written in place.
    FailureOr<std::string> word =
        peek().is(TokenKind::LBrace)
            ? parseInlineComputation(instruction, key.text)
            : parseName("a name");
    parsed = word;
    if (succeeded(word))
      value.word = *word;
    break;
  }
  case AttributeGrammar::WordList:
    parsed = parseNameList(value.words);
    break;
  case AttributeGrammar::String:
    if (!peek().is(TokenKind::String))
      return emitError(peek()) << "expected a string";
    value.word = unquote(consume().text);
    break;
  case AttributeGrammar::DimLabels: {
    // b01f_01io->b01f: a word, an arrow and a word.
    Token operands = peek();
    if (failed(expect(TokenKind::Word, "dimension labels")) ||
        failed(expect(TokenKind::Arrow, "'->'")))
      return failure();
    Token output = peek();
    if (failed(expect(TokenKind::Word, "dimension labels")))
      return failure();
    value.word = (operands.text + "->" + output.text).str();
    break;
  }
  case AttributeGrammar::KeyValues: {
    FailureOr<llvm::StringMap<std::string>> fields = parseKeyValueBlock();
    parsed = fields;
    if (succeeded(fields))
      value.fields = std::move(*fields);
    break;
  }
  case AttributeGrammar::SliceRanges:
    parsed = parseSliceRanges(value);
    break;
  case AttributeGrammar::Padding:
    parsed = parsePadding(value);
    break;
  case AttributeGrammar::DeviceGroups:
    parsed = parseDeviceGroups(value);
    break;
  case AttributeGrammar::Metadata:
    return parseMetadata(instruction.metadata);
  case AttributeGrammar::FrontendAttributes:
    return parseFrontendAttributes(instruction);
  case AttributeGrammar::BackendConfig: {
    // Typed FFI calls (LAPACK's) write `{uplo = 76 : ui8, ...}`; other
    // backends' configs (JSON, or JSON in a string) are kept as text.
    if (readTypedConfig(value.fields))
      break;
    size_t first = pos;
    if (failed(skipAttributeValue()))
      return failure();
    const Token &begin = tokens[first], &end = tokens[pos - 1];
    StringRef text(begin.text.data(), end.text.end() - begin.text.data());
    value.word = begin.is(TokenKind::String) ? unquote(text) : text.str();
    break;
  }
  case AttributeGrammar::Shape:
    // Read, not kept: a bare shape (`s32[]`) is not a skippable group.
    return parseShape();
  case AttributeGrammar::Skipped:
    return skipAttributeValue();
  }
  if (failed(parsed))
    return failure();
  if (!instruction.attributes.try_emplace(key.text, std::move(value)).second)
    return emitError(key) << "attribute '" << key.text << "' is given twice";
  return success();
}

bool Parser::readTypedConfig(llvm::StringMap<std::string> &fields) {
  size_t start = pos;
  auto fail = [&] {
    pos = start;
    fields.clear();
    return false;
  };
  if (!consumeIf(TokenKind::LBrace))
    return fail();
  while (!consumeIf(TokenKind::RBrace)) {
    if (!fields.empty() && !consumeIf(TokenKind::Comma))
      return fail();
    Token key = consume();
    if (!key.is(TokenKind::Word) || !consumeIf(TokenKind::Equal))
      return fail();
    Token value = consume();
    if (!value.is(TokenKind::Word))
      return fail();
    // The value's type, `: ui8`.
    if (consumeIf(TokenKind::Colon) && !consume().is(TokenKind::Word))
      return fail();
    fields[key.text] = value.text.str();
  }
  return true;
}

LogicalResult Parser::parseIntegerList(SmallVectorImpl<int64_t> &values) {
  return parseIntegers(TokenKind::LBrace, "'{'", TokenKind::RBrace, "'}'",
                       values, /*allowEmpty=*/true);
}

LogicalResult Parser::parseIntegers(TokenKind open, StringRef opening,
                                    TokenKind close, StringRef closing,
                                    SmallVectorImpl<int64_t> &values,
                                    bool allowEmpty) {
  if (failed(expect(open, opening)))
    return failure();
  if (allowEmpty && consumeIf(close))
    return success();
  do {
    FailureOr<int64_t> value = parseInteger("an integer");
    if (failed(value))
      return failure();
    values.push_back(*value);
  } while (consumeIf(TokenKind::Comma));
  return expect(close, closing);
}

LogicalResult Parser::parseNameList(SmallVectorImpl<std::string> &names) {
  if (failed(expect(TokenKind::LBrace, "'{'")))
    return failure();
  if (consumeIf(TokenKind::RBrace))
    return success();
  do {
    FailureOr<std::string> name = parseName("a name");
    if (failed(name))
      return failure();
    names.push_back(*name);
  } while (consumeIf(TokenKind::Comma));
  return expect(TokenKind::RBrace, "'}'");
}

LogicalResult Parser::parseSliceRanges(AttributeValue &value) {
  // slice={[start:limit:stride], ...}; the stride may be left out.
  if (failed(expect(TokenKind::LBrace, "'{'")))
    return failure();
  if (consumeIf(TokenKind::RBrace))
    return success();
  do {
    if (failed(expect(TokenKind::LSquare, "'['")))
      return failure();
    SmallVector<int64_t, 3> range;
    do {
      FailureOr<int64_t> bound = parseInteger("a slice bound");
      if (failed(bound))
        return failure();
      range.push_back(*bound);
    } while (range.size() < 3 && consumeIf(TokenKind::Colon));
    if (range.size() < 2)
      return emitError(peek()) << "expected ':'";
    if (range.size() == 2)
      range.push_back(1);
    if (failed(expect(TokenKind::RSquare, "']'")))
      return failure();
    value.perDimension.push_back(range);
  } while (consumeIf(TokenKind::Comma));
  return expect(TokenKind::RBrace, "'}'");
}

LogicalResult Parser::parsePadding(AttributeValue &value) {
  // padding=low_high[_interior]x... per dimension; empty for rank 0.
  if (!peek().is(TokenKind::Word))
    return success();
  Token token = consume();
  SmallVector<StringRef> dimensions;
  token.text.split(dimensions, 'x');
  for (StringRef dimension : dimensions) {
    SmallVector<StringRef> parts;
    dimension.split(parts, '_');
    SmallVector<int64_t, 3> amounts;
    for (StringRef part : parts) {
      int64_t amount = 0;
      if (part.getAsInteger(10, amount))
        return emitError(token)
               << "expected padding as low_high or low_high_interior per "
                  "dimension, joined by 'x'";
      amounts.push_back(amount);
    }
    if (amounts.size() != 2 && amounts.size() != 3)
      return emitError(token)
             << "expected padding as low_high or low_high_interior per "
                "dimension, joined by 'x'";
    if (amounts.size() == 2)
      amounts.push_back(0);
    value.perDimension.push_back(amounts);
  }
  return success();
}

SmallVector<int64_t> readTransposed(ArrayRef<int64_t> dims,
                                    ArrayRef<int64_t> permutation) {
  // Position j of the transposed layout holds the index whose coordinates
  // in `dims` are j's permuted back.
  SmallVector<int64_t> strides(dims.size(), 1);
  for (int64_t d = static_cast<int64_t>(dims.size()) - 2; d >= 0; --d)
    strides[d] = strides[d + 1] * dims[d + 1];
  int64_t count = 1;
  for (int64_t dim : dims)
    count *= dim;
  SmallVector<int64_t> indices, coordinates(dims.size(), 0);
  indices.reserve(count);
  for (int64_t position = 0; position < count; ++position) {
    int64_t index = 0;
    for (size_t i = 0; i < dims.size(); ++i)
      index += coordinates[i] * strides[permutation[i]];
    indices.push_back(index);
    // The next coordinates in the transposed shape, last fastest.
    for (int64_t i = static_cast<int64_t>(dims.size()) - 1; i >= 0; --i) {
      if (++coordinates[i] < dims[permutation[i]])
        break;
      coordinates[i] = 0;
    }
  }
  return indices;
}

LogicalResult Parser::parseDeviceGroups(AttributeValue &value) {
  if (peek().isWord("mesh"))
    return parseMeshGroups(value);
  if (peek().is(TokenKind::LBrace)) {
    // {{0,1},{2,3}}; {} is one group of every device.
    consume();
    if (consumeIf(TokenKind::RBrace))
      return success();
    do {
      if (failed(parseIntegerList(value.groups.emplace_back())))
        return failure();
    } while (consumeIf(TokenKind::Comma));
    return expect(TokenKind::RBrace, "'}'");
  }
  // [groups,size]<=[dims] T(permutation): the ids 0, 1, ... laid out in
  // `dims`, transposed, and read row by row into the groups.
  Token start = peek();
  SmallVector<int64_t> shape, dims, permutation;
  auto parseBracketed = [&](SmallVectorImpl<int64_t> &values) {
    return parseIntegers(TokenKind::LSquare, "'[' or '{'", TokenKind::RSquare,
                         "']'", values, /*allowEmpty=*/false);
  };
  if (failed(parseBracketed(shape)))
    return failure();
  if (!peek().is(TokenKind::Other) || peek().text != "<" ||
      !peek(1).is(TokenKind::Equal))
    return emitError(peek()) << "expected '<=' after the groups' shape";
  consume();
  consume();
  if (failed(parseBracketed(dims)))
    return failure();
  if (peek().isWord("T")) {
    consume();
    if (failed(parseIntegers(TokenKind::LParen, "'('", TokenKind::RParen, "')'",
                             permutation, /*allowEmpty=*/false)))
      return failure();
  } else {
    permutation = llvm::to_vector(llvm::seq<int64_t>(0, dims.size()));
  }
  int64_t count = 1;
  for (int64_t dim : dims)
    count *= dim;
  SmallVector<int64_t> sorted(permutation);
  llvm::sort(sorted);
  if (shape.size() != 2 || shape[0] * shape[1] != count ||
      sorted != llvm::to_vector(llvm::seq<int64_t>(0, dims.size())) ||
      llvm::any_of(dims, [](int64_t dim) { return dim <= 0; }))
    return emitError(start)
           << "expected groups as [groups,size]<=[dims] or "
              "[groups,size]<=[dims]T(permutation), the shape holding as "
              "many ids as the dims";
  SmallVector<int64_t> ids = readTransposed(dims, permutation);
  for (int64_t group = 0; group < shape[0]; ++group)
    value.groups.emplace_back(ids.begin() + group * shape[1],
                              ids.begin() + (group + 1) * shape[1]);
  return success();
}

LogicalResult Parser::parseMetadata(InstructionMetadata &metadata) {
  FailureOr<llvm::StringMap<std::string>> fields = parseKeyValueBlock();
  if (failed(fields))
    return failure();
  metadata.opName = fields->lookup("op_name");
  auto integerField = [&](StringRef key) -> std::optional<int64_t> {
    int64_t value = 0;
    auto it = fields->find(key);
    if (it == fields->end() || StringRef(it->second).getAsInteger(10, value))
      return std::nullopt;
    return value;
  };
  std::string file = fields->lookup("source_file");
  std::optional<int64_t> line = integerField("source_line");
  if (!file.empty() && line) {
    std::optional<int64_t> column = integerField("source_column");
    // XLA's columns count from 0, MLIR's from 1.
    metadata.source = SourcePosition{file, *line, column ? *column + 1 : 0};
  }
  metadata.stackFrameId = integerField("stack_frame_id");
  return success();
}

FailureOr<llvm::StringMap<std::string>> Parser::parseKeyValueBlock() {
  // `{key=value key=value}`: strings, words, or nested braces (skipped).
  if (failed(expect(TokenKind::LBrace, "'{'")))
    return failure();
  llvm::StringMap<std::string> fields;
  while (!consumeIf(TokenKind::RBrace)) {
    Token key = peek();
    if (failed(expect(TokenKind::Word, "a key or '}'")) ||
        failed(expect(TokenKind::Equal, "'='")))
      return failure();
    if (peek().is(TokenKind::String)) {
      fields[key.text] = unquote(consume().text);
    } else if (peek().is(TokenKind::Word)) {
      fields[key.text] = consume().text.str();
    } else if (failed(skipAttributeValue())) {
      return failure();
    }
    consumeIf(TokenKind::Comma);
  }
  return fields;
}

LogicalResult Parser::parseFrontendAttributes(ParsedInstruction &instruction) {
  // {key=value, ...}. Only the pairs of a device-to-device send or recv
  // change values; they become an attribute of the instruction.
  if (failed(expect(TokenKind::LBrace, "'{'")))
    return failure();
  while (!consumeIf(TokenKind::RBrace)) {
    Token key = peek();
    if (failed(expect(TokenKind::Word, "frontend attribute name")) ||
        failed(expect(TokenKind::Equal, "'='")))
      return failure();
    if (key.text != kSendRecvPairs) {
      if (failed(skipAttributeValue()))
        return failure();
    } else {
      AttributeValue value{locationOf(peek()), {}, {}, {}, {}, {}, {}};
      if (failed(peek().is(TokenKind::String) ? parseQuotedDeviceGroups(value)
                                              : parseDeviceGroups(value)))
        return failure();
      if (!instruction.attributes.try_emplace(key.text, std::move(value))
               .second)
        return emitError(key) << "'" << key.text << "' is given twice";
    }
    if (!peek().is(TokenKind::RBrace) &&
        failed(expect(TokenKind::Comma, "',' or '}'")))
      return failure();
  }
  return success();
}

LogicalResult Parser::parseQuotedDeviceGroups(AttributeValue &value) {
  // "{{0, 1}}": the string's own tokens, reported at the string.
  Token string = consume();
  std::string text = unquote(string.text);
  std::vector<Token> inner = tokenize(text);
  for (Token &token : inner) {
    token.line = string.line;
    token.column = string.column;
  }
  std::swap(tokens, inner);
  size_t outerPos = std::exchange(pos, 0);
  LogicalResult parsed = parseDeviceGroups(value);
  if (succeeded(parsed) && !peek().is(TokenKind::EndOfFile))
    parsed = emitError(peek()) << "expected the end of the device groups";
  std::swap(tokens, inner);
  pos = outerPos;
  return parsed;
}

LogicalResult Parser::skipAttributeValue() {
  // value ::= atom (`->` atom)*, atom ::= bracketed group | single token.
  do {
    switch (peek().kind) {
    case TokenKind::LParen:
    case TokenKind::LBrace:
    case TokenKind::LSquare:
      if (failed(skipBalanced()))
        return failure();
      break;
    case TokenKind::Word:
    case TokenKind::PercentName:
    case TokenKind::String:
      consume();
      break;
    default:
      return emitError(peek()) << "expected an attribute value";
    }
  } while (consumeIf(TokenKind::Arrow));
  return success();
}

LogicalResult Parser::skipBalanced() {
  SmallVector<TokenKind> closers;
  do {
    Token token = consume();
    switch (token.kind) {
    case TokenKind::LParen:
      closers.push_back(TokenKind::RParen);
      break;
    case TokenKind::LBrace:
      closers.push_back(TokenKind::RBrace);
      break;
    case TokenKind::LSquare:
      closers.push_back(TokenKind::RSquare);
      break;
    case TokenKind::RParen:
    case TokenKind::RBrace:
    case TokenKind::RSquare:
      if (token.kind != closers.back())
        return emitError(token) << "unbalanced brackets";
      closers.pop_back();
      break;
    case TokenKind::EndOfFile:
      return emitError(token) << "unbalanced brackets: the text ends first";
    default:
      break;
    }
  } while (!closers.empty());
  return success();
}

} // namespace fuse::hlo_text
