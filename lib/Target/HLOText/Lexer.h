//===- Lexer.h - tokens of XLA HLO text -------------------------*- C++ -*-===//
//
// Splits HLO text into tokens. HLO's names, opcodes, numbers and padding
// specs (`0_1x2_3`) are all runs of the same characters, so they come out as
// one kind, `Word`; the parser gives them meaning by position.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_TARGET_HLOTEXT_LEXER_H
#define FUSE_LIB_TARGET_HLOTEXT_LEXER_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace fuse::hlo_text {

enum class TokenKind {
  EndOfFile,
  /// A character or construct the lexer cannot read; `Token::error` says why.
  Error,
  /// Letters, digits and `_ . - +`: names, opcodes, numbers, keywords.
  Word,
  /// A `%`-prefixed name; `text` excludes the `%`.
  PercentName,
  /// A double-quoted string; `text` includes the quotes and raw escapes.
  String,
  LParen,
  RParen,
  LBrace,
  RBrace,
  LSquare,
  RSquare,
  Comma,
  Equal,
  Colon,
  Arrow,
  /// Any other single character (`?`, `<`, `*`, ...); no HLO construct the
  /// importer accepts uses one, so the parser reports it where it appears.
  Other,
};

struct Token {
  TokenKind kind;
  llvm::StringRef text;
  /// 1-based position of the first character.
  unsigned line;
  unsigned column;
  /// For `TokenKind::Error`: what is wrong.
  llvm::StringRef error = {};

  bool is(TokenKind k) const { return kind == k; }
  bool isWord(llvm::StringRef word) const {
    return kind == TokenKind::Word && text == word;
  }
};

/// Returns the tokens of `buffer`, ending with one `EndOfFile` token (or at
/// the first `Error` token). Skips whitespace, `/* */` comments (XLA writes
/// `/*index=5*/` in long parameter lists) and `//` line comments (so that
/// test files can carry RUN and CHECK lines).
std::vector<Token> tokenize(llvm::StringRef buffer);

/// The contents of a `String` token: quotes dropped, `\"`, `\\`, `\n` and
/// `\t` unescaped.
std::string unquote(llvm::StringRef stringToken);

} // namespace fuse::hlo_text

#endif // FUSE_LIB_TARGET_HLOTEXT_LEXER_H
