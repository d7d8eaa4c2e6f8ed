//===- Lexer.cpp - tokens of XLA HLO text ---------------------------------===//

#include "Lexer.h"

#include "llvm/ADT/StringExtras.h"

#include <optional>

using namespace llvm;

namespace fuse::hlo_text {

namespace {

bool isWordChar(char c) {
  return isAlnum(c) || c == '_' || c == '.' || c == '-' || c == '+';
}

class Lexer {
public:
  explicit Lexer(StringRef buffer) : buffer(buffer) {}

  std::vector<Token> run() {
    std::vector<Token> tokens;
    do
      tokens.push_back(next());
    while (!tokens.back().is(TokenKind::EndOfFile) &&
           !tokens.back().is(TokenKind::Error));
    return tokens;
  }

private:
  Token next() {
    if (std::optional<Token> error = skipSpaceAndComments())
      return *error;
    size_t start = pos;
    if (pos == buffer.size())
      return make(TokenKind::EndOfFile, start);
    char c = buffer[pos];
    if (c == '-' && peek(1) == '>') {
      advance(2);
      return make(TokenKind::Arrow, start);
    }
    if (isWordChar(c)) {
      advanceWord();
      return make(TokenKind::Word, start);
    }
    if (c == '%') {
      advance(1);
      size_t nameStart = pos;
      advanceWord();
      if (pos == nameStart)
        return makeError(start, "expected a name after '%'");
      Token token = make(TokenKind::PercentName, start);
      token.text = buffer.slice(nameStart, pos);
      return token;
    }
    if (c == '"')
      return lexString();
    advance(1);
    switch (c) {
    case '(':
      return make(TokenKind::LParen, start);
    case ')':
      return make(TokenKind::RParen, start);
    case '{':
      return make(TokenKind::LBrace, start);
    case '}':
      return make(TokenKind::RBrace, start);
    case '[':
      return make(TokenKind::LSquare, start);
    case ']':
      return make(TokenKind::RSquare, start);
    case ',':
      return make(TokenKind::Comma, start);
    case '=':
      return make(TokenKind::Equal, start);
    case ':':
      return make(TokenKind::Colon, start);
    default:
      return make(TokenKind::Other, start);
    }
  }

  /// Returns an error token for an unterminated comment.
  std::optional<Token> skipSpaceAndComments() {
    while (pos < buffer.size()) {
      char c = buffer[pos];
      if (isSpace(c)) {
        advance(1);
      } else if (c == '/' && peek(1) == '/') {
        while (pos < buffer.size() && buffer[pos] != '\n')
          advance(1);
      } else if (c == '/' && peek(1) == '*') {
        size_t start = pos;
        size_t end = buffer.find("*/", pos + 2);
        if (end == StringRef::npos)
          return makeError(start, "unterminated comment");
        advance(end + 2 - pos);
      } else {
        break;
      }
    }
    return std::nullopt;
  }

  Token lexString() {
    size_t start = pos;
    advance(1);
    while (pos < buffer.size() && buffer[pos] != '"' && buffer[pos] != '\n')
      advance(buffer[pos] == '\\' && pos + 1 < buffer.size() ? 2 : 1);
    if (pos == buffer.size() || buffer[pos] != '"')
      return makeError(start, "unterminated string");
    advance(1);
    return make(TokenKind::String, start);
  }

  void advanceWord() {
    while (pos < buffer.size() && isWordChar(buffer[pos]) &&
           !(buffer[pos] == '-' && peek(1) == '>'))
      advance(1);
  }

  char peek(size_t ahead) const {
    return pos + ahead < buffer.size() ? buffer[pos + ahead] : '\0';
  }

  /// Moves `count` characters on, counting lines as it goes.
  void advance(size_t count) {
    for (size_t end = pos + count; pos < end; ++pos) {
      if (buffer[pos] == '\n') {
        ++line;
        lineStart = pos + 1;
      }
    }
  }

  Token make(TokenKind kind, size_t start) {
    // Tokens never span lines, so the current line is the token's line.
    return Token{kind, buffer.slice(start, pos), line,
                 static_cast<unsigned>(start - lineStart + 1)};
  }

  /// Errors are found before leaving the line of `start`.
  Token makeError(size_t start, StringRef message) {
    return Token{TokenKind::Error, buffer.slice(start, start + 1), line,
                 static_cast<unsigned>(start - lineStart + 1), message};
  }

  StringRef buffer;
  size_t pos = 0;
  unsigned line = 1;
  size_t lineStart = 0;
};

} // namespace

std::vector<Token> tokenize(StringRef buffer) { return Lexer(buffer).run(); }

std::string unquote(StringRef stringToken) {
  StringRef body = stringToken.drop_front().drop_back();
  std::string text;
  text.reserve(body.size());
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c == '\\' && i + 1 < body.size()) {
      c = body[++i];
      c = c == 'n' ? '\n' : c == 't' ? '\t' : c;
    }
    text.push_back(c);
  }
  return text;
}

} // namespace fuse::hlo_text
