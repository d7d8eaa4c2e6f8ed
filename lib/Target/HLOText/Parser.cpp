//===- Parser.cpp - the module, computations and instructions -------------===//
//
// module      ::= `HloModule` name (`,` key `=` value)* frames* computation*
// frames      ::= (`FileNames` | `FunctionNames` | `FileLocations` |
//                  `StackFrames`) (integer (string | `{` key=value* `}`))*
// computation ::= `ENTRY`? name signature? body (`,` key `=` value)*
// body        ::= `{` instruction* `}`   (also inline, as `to_apply=body`)
// signature   ::= `(` ... `)` `->` shape
// instruction ::= `ROOT`? name `=` body (`,` key `=` value)*
// body        ::= shape? opcode `(` operands `)`
// operands    ::= (operand (`,` operand)*)? | literal | integer
// operand     ::= shape? name | body
//
// Names may carry a `%` prefix or not; the prefix is dropped.
//
//===----------------------------------------------------------------------===//

#include "Parser.h"

#include "Locations.h"
#include "OpBuilders.h"
#include "llvm/Support/Path.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;

namespace fuse::hlo_text {

Parser::Parser(StringRef text, StringRef bufferName, MLIRContext *context,
               const HLOTextImportOptions &options)
    : tokens(tokenize(text)), bufferName(StringAttr::get(context, bufferName)),
      context(context), options(options) {}

FailureOr<ParsedModule> Parser::parseModule() {
  // The lexer stops at its first error; report it before anything else.
  if (tokens.back().is(TokenKind::Error))
    return emitError(tokens.back()) << tokens.back().error;

  ParsedModule module;
  Token header = peek();
  if (failed(parseHeader(module)))
    return failure();
  while (peek().kind == TokenKind::Word && peek(1).kind == TokenKind::Word &&
         llvm::isDigit(peek(1).text.front()))
    if (failed(parseStackFrameSection()))
      return failure();

  bool sawEntry = false;
  while (!peek().is(TokenKind::EndOfFile)) {
    bool isEntry = peek().isWord("ENTRY");
    if (isEntry && sawEntry)
      return emitError(peek()) << "a second ENTRY computation";
    if (failed(parseComputation(module)))
      return failure();
    if (isEntry) {
      sawEntry = true;
      module.entryIndex = module.computations.size() - 1;
    }
  }
  if (!sawEntry)
    return emitError(header)
           << "no ENTRY computation in module '" << module.name << "'";
  resolveStackFrames(module);
  if (unsupported)
    return reportUnsupportedInstruction(module);
  return module;
}

LogicalResult Parser::parseHeader(ParsedModule &module) {
  // XLA's test files leave the header out; the module is named after the
  // file then.
  if (!peek().isWord("HloModule")) {
    StringRef stem = llvm::sys::path::stem(bufferName.getValue());
    module.name = stem == "-" || stem == "<stdin>" ? "" : stem.str();
    for (char &c : module.name)
      if (!llvm::isAlnum(c) && c != '_' && c != '.')
        c = '_';
    if (module.name.empty())
      module.name = "hlo_module";
    return success();
  }
  consume();
  FailureOr<std::string> name = parseName("module name");
  if (failed(name))
    return failure();
  module.name = *name;
  // Older XLA ends the name with a colon.
  consumeIf(TokenKind::Colon);
  // entry_computation_layout and most other module attributes describe
  // layouts and partitioning, which do not change values.
  // Of the rest, only the device counts matter: they say what XLA's replica
  // and partition ids are (CollectiveBuilders.cpp).
  while (consumeIf(TokenKind::Comma)) {
    Token key = peek();
    if (failed(expect(TokenKind::Word, "module attribute name")) ||
        failed(expect(TokenKind::Equal, "'='")))
      return failure();
    if (key.isWord("replica_count") || key.isWord("num_partitions")) {
      FailureOr<int64_t> count = parseInteger("a device count");
      if (failed(count))
        return failure();
      if (*count < 1)
        return emitError(key) << key.text << " must be at least 1";
      (key.isWord("replica_count") ? module.replicaCount
                                   : module.partitionCount) = *count;
    } else if (failed(skipAttributeValue())) {
      return failure();
    }
  }
  return success();
}

LogicalResult Parser::parseStackFrameSection() {
  Token section = consume();
  while (peek().kind == TokenKind::Word && llvm::isDigit(peek().text.front()) &&
         (peek(1).is(TokenKind::String) || peek(1).is(TokenKind::LBrace))) {
    FailureOr<int64_t> id = parseInteger("table index");
    if (failed(id))
      return failure();
    if (peek().is(TokenKind::String)) {
      std::string text = unquote(consume().text);
      if (section.text == "FileNames")
        fileNames[*id] = std::move(text);
      continue;
    }
    FailureOr<llvm::StringMap<std::string>> fields = parseKeyValueBlock();
    if (failed(fields))
      return failure();
    auto field = [&](StringRef key) {
      int64_t value = 0;
      return StringRef(fields->lookup(key)).getAsInteger(10, value) ? 0 : value;
    };
    if (section.text == "FileLocations")
      fileLocations[*id] = {field("file_name_id"), field("line"),
                            field("column")};
    else if (section.text == "StackFrames")
      frameFileLocations[*id] = field("file_location_id");
  }
  return success();
}

void Parser::resolveStackFrames(ParsedModule &module) const {
  for (ParsedComputation &computation : module.computations)
    for (ParsedInstruction &instruction : computation.instructions)
      resolveSource(instruction.metadata);
}

void Parser::resolveSource(InstructionMetadata &metadata) const {
  if (metadata.stackFrameId && !metadata.source)
    metadata.source = resolveStackFrame(*metadata.stackFrameId);
}

std::optional<SourcePosition> Parser::resolveStackFrame(int64_t frameId) const {
  // The frame's own location is the innermost one: the line of user code
  // that made the op.
  auto frame = frameFileLocations.find(frameId);
  if (frame == frameFileLocations.end())
    return std::nullopt;
  auto location = fileLocations.find(frame->second);
  if (location == fileLocations.end())
    return std::nullopt;
  auto file = fileNames.find(location->second.fileNameId);
  if (file == fileNames.end())
    return std::nullopt;
  // XLA's columns count from 0, MLIR's from 1.
  return SourcePosition{file->second, location->second.line,
                        location->second.column + 1};
}

bool Parser::readLeniently(ParsedInstruction &instruction,
                           std::string &customCallTarget, bool nested) {
  // Quietly: a value whose grammar the parser does not know only costs the
  // user's line.
  ScopedDiagnosticHandler quiet(context,
                                [](Diagnostic &) { return success(); });
  bool readable = peek().is(TokenKind::LParen) && succeeded(skipBalanced());
  while (readable && !nested && consumeIf(TokenKind::Comma)) {
    Token key = consume();
    readable = key.is(TokenKind::Word) && consumeIf(TokenKind::Equal);
    if (!readable)
      break;
    if (key.text == "metadata")
      readable = succeeded(parseMetadata(instruction.metadata));
    else if (key.text == "custom_call_target" && peek().is(TokenKind::String))
      customCallTarget = unquote(consume().text);
    else
      readable = succeeded(skipAttributeValue());
  }
  return readable;
}

LogicalResult Parser::readUnsupportedInstruction(ParsedComputation &computation,
                                                 ParsedInstruction instruction,
                                                 std::string customCallTarget,
                                                 bool readable) {
  if (!readable) {
    resolveSource(instruction.metadata);
    return emitUnsupportedOp(instruction.opcodeLoc, instruction.metadata.source,
                             instruction.opcode, customCallTarget);
  }
  if (!unsupported)
    unsupported = UnsupportedInstruction{computation.name,
                                         computation.instructions.size(),
                                         std::move(customCallTarget)};
  computation.instructions.push_back(std::move(instruction));
  return success();
}

/// Whether `instruction` calls the computation `callee` (to_apply=, body=,
/// branch_computations=, ...).
static bool calls(const ParsedInstruction &instruction, StringRef callee) {
  return llvm::any_of(instruction.attributes, [&](const auto &entry) {
    const AttributeValue &value = entry.getValue();
    return value.word == callee || llvm::is_contained(value.words, callee);
  });
}

LogicalResult
Parser::reportUnsupportedInstruction(const ParsedModule &module) const {
  const ParsedInstruction &instruction =
      module.lookupComputation(unsupported->computation)
          ->instructions[unsupported->index];
  std::optional<SourcePosition> source = instruction.metadata.source;
  // JAX's metadata of ops inside called computations (LAPACK calls in a
  // closed_call, say) has no source line; the call has.
  SmallVector<StringRef> callees = {unsupported->computation};
  llvm::StringSet<> seen;
  while (!source && !callees.empty()) {
    StringRef callee = callees.pop_back_val();
    if (!seen.insert(callee).second)
      continue;
    for (const ParsedComputation &computation : module.computations)
      for (const ParsedInstruction &caller : computation.instructions)
        if (!source && calls(caller, callee)) {
          source = caller.metadata.source;
          callees.push_back(computation.name);
        }
  }
  return emitUnsupportedOp(instruction.opcodeLoc, source, instruction.opcode,
                           unsupported->customCallTarget);
}

LogicalResult Parser::parseComputation(ParsedModule &module) {
  if (peek().isWord("ENTRY"))
    consume();
  Token nameToken = peek();
  FailureOr<std::string> name = parseName("computation name");
  if (failed(name))
    return failure();
  if (module.computationIndex.count(*name))
    return emitError(nameToken)
           << "computation '" << *name << "' is defined twice";
  // The signature repeats what the parameter instructions say.
  if (peek().is(TokenKind::LParen) &&
      (failed(skipBalanced()) || failed(expect(TokenKind::Arrow, "'->'")) ||
       failed(parseShape())))
    return failure();
  ParsedComputation computation{*name, locationOf(nameToken), {}};
  if (failed(parseComputationBody(computation)))
    return failure();
  // `execution_thread="host"` names the stream an async call runs it on,
  // which does not change values.
  while (consumeIf(TokenKind::Comma))
    if (failed(expect(TokenKind::Word, "computation attribute name")) ||
        failed(expect(TokenKind::Equal, "'='")) || failed(skipAttributeValue()))
      return failure();
  return addComputation(module, std::move(computation));
}

LogicalResult Parser::addComputation(ParsedModule &module,
                                     ParsedComputation computation) {
  // The computations written inline in its attributes come first.
  std::vector<ParsedComputation> inlined = std::move(inlineComputations);
  inlineComputations.clear();
  for (ParsedComputation &nested : inlined) {
    module.computationIndex[nested.name] = module.computations.size();
    module.computations.push_back(std::move(nested));
  }
  module.computationIndex[computation.name] = module.computations.size();
  module.computations.push_back(std::move(computation));
  return success();
}

LogicalResult Parser::parseComputationBody(ParsedComputation &computation) {
  if (failed(expect(TokenKind::LBrace, "'{'")))
    return failure();
  bool sawRoot = false;
  while (!consumeIf(TokenKind::RBrace)) {
    const Token &start = peek();
    bool isRoot = false;
    if (failed(parseInstruction(computation, isRoot)))
      return failure();
    if (isRoot && sawRoot)
      return emitError(start) << "a second ROOT instruction";
    if (isRoot) {
      sawRoot = true;
      computation.rootIndex = computation.instructions.size() - 1;
    }
  }
  if (computation.instructions.empty())
    return mlir::emitError(computation.loc)
           << "computation '" << computation.name << "' has no instructions";
  if (!sawRoot)
    computation.rootIndex = computation.instructions.size() - 1;
  return success();
}

FailureOr<std::string>
Parser::parseInlineComputation(const ParsedInstruction &instruction,
                               StringRef key) {
  // A name no text can write, unique in the module: instruction names
  // repeat across computations.
  std::string name = instruction.name + "#" + key.str() + "#" +
                     std::to_string(inlineComputationCount++);
  ParsedComputation computation{name, locationOf(peek()), {}};
  if (failed(parseComputationBody(computation)))
    return failure();
  inlineComputations.push_back(std::move(computation));
  return name;
}

LogicalResult Parser::parseInstruction(ParsedComputation &computation,
                                       bool &isRoot) {
  isRoot = peek().isWord("ROOT") && !peek(1).is(TokenKind::Equal);
  if (isRoot)
    consume();
  FailureOr<std::string> name = parseName("instruction name");
  if (failed(name) || failed(expect(TokenKind::Equal, "'='")))
    return failure();
  return parseInstructionBody(computation, std::move(*name),
                              /*nested=*/false);
}

bool Parser::atOpcode() const {
  // A shape starts with a word and `[` (or is a tuple, `(`); an opcode is a
  // word followed by its operands.
  return peek().is(TokenKind::Word) && peek(1).is(TokenKind::LParen);
}

LogicalResult Parser::parseInstructionBody(ParsedComputation &computation,
                                           std::string name, bool nested) {
  // XLA may leave the shape out; the emitter infers it then.
  Type shape;
  SmallVector<int64_t> minorToMajor;
  if (!atOpcode()) {
    FailureOr<Type> parsed = parseShape(&minorToMajor);
    if (failed(parsed))
      return failure();
    shape = *parsed;
  }
  Token opcode = peek();
  if (failed(expect(TokenKind::Word, "opcode")))
    return failure();
  ParsedInstruction instruction(std::move(name), shape, opcode.text.str(),
                                locationOf(opcode));
  instruction.minorToMajor = std::move(minorToMajor);
  // An unsupported opcode is read leniently, since its attributes may have a
  // grammar the parser does not know. So is a custom call, whose target says
  // whether it imports.
  bool customCall = opcode.text == "custom-call";
  if (!isSupportedOpcode(opcode.text) || customCall) {
    size_t start = pos;
    std::string target;
    bool readable = readLeniently(instruction, target, nested);
    if (!customCall || !isSupportedCustomCall(target))
      return readUnsupportedInstruction(computation, std::move(instruction),
                                        std::move(target), readable);
    pos = start;
    instruction.metadata = InstructionMetadata();
  }
  if (failed(expect(TokenKind::LParen, "'('")))
    return failure();
  if (opcode.text == "constant") {
    if (!shape)
      return emitError(opcode) << "a constant needs its shape";
    if (auto tuple = dyn_cast<TupleType>(shape)) {
      if (failed(parseTupleLiteral(tuple, instruction.tupleLiteral)))
        return failure();
    } else {
      FailureOr<DenseElementsAttr> literal = parseLiteral(shape);
      if (failed(literal))
        return failure();
      instruction.literal = *literal;
    }
  } else if (opcode.text == "parameter") {
    FailureOr<int64_t> number = parseInteger("parameter number");
    if (failed(number))
      return failure();
    instruction.parameterNumber = *number;
  } else if (failed(parseOperands(computation, instruction))) {
    return failure();
  }
  if (failed(expect(TokenKind::RParen, "')'")))
    return failure();
  // The attributes after a nested instruction are its user's.
  while (!nested && consumeIf(TokenKind::Comma))
    if (failed(parseAttribute(instruction)))
      return failure();
  computation.instructions.push_back(std::move(instruction));
  return success();
}

LogicalResult Parser::parseOperands(ParsedComputation &computation,
                                    ParsedInstruction &instruction) {
  if (peek().is(TokenKind::RParen))
    return success();
  do {
    Token start = peek();
    // An operand may be an instruction of its own, written in place
    // (`broadcast(f32[] constant(0))`); it gets a name no text can write.
    size_t shapeStart = pos;
    bool hasShape =
        peek().is(TokenKind::LParen) ||
        (peek().is(TokenKind::Word) && peek(1).is(TokenKind::LSquare));
    if (hasShape && failed(parseShape()))
      return failure();
    if (atOpcode()) {
      pos = shapeStart;
      std::string name =
          instruction.name + "#" + std::to_string(instruction.operands.size());
      if (failed(parseInstructionBody(computation, name, /*nested=*/true)))
        return failure();
      instruction.operands.push_back({name, locationOf(start)});
      continue;
    }
    // Otherwise a shape before a name is older XLA's: the shape of the
    // operand's definition is the one that counts.
    Token nameToken = peek();
    FailureOr<std::string> name = parseName("operand name");
    if (failed(name))
      return failure();
    instruction.operands.push_back({*name, locationOf(nameToken)});
  } while (consumeIf(TokenKind::Comma));
  return success();
}

FailureOr<std::string> Parser::parseName(StringRef what) {
  if (!peek().is(TokenKind::PercentName) && !peek().is(TokenKind::Word))
    return emitError(peek()) << "expected " << what;
  return consume().text.str();
}

//===----------------------------------------------------------------------===//
// Tokens
//===----------------------------------------------------------------------===//

const Token &Parser::peek(unsigned ahead) const {
  // The last token is EndOfFile (errors were reported up front).
  return tokens[std::min(pos + ahead, tokens.size() - 1)];
}

Token Parser::consume() {
  Token token = peek();
  if (pos + 1 < tokens.size())
    ++pos;
  return token;
}

bool Parser::consumeIf(TokenKind kind) {
  if (!peek().is(kind))
    return false;
  consume();
  return true;
}

LogicalResult Parser::expect(TokenKind kind, StringRef what) {
  if (consumeIf(kind))
    return success();
  return emitError(peek()) << "expected " << what;
}

Location Parser::locationOf(const Token &token) const {
  return FileLineColLoc::get(bufferName, token.line, token.column);
}

InFlightDiagnostic Parser::emitError(const Token &token) const {
  return mlir::emitError(locationOf(token));
}

} // namespace fuse::hlo_text
