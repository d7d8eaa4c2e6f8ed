//===- Parser.h - HLO text to a ParsedModule --------------------*- C++ -*-===//
//
// A recursive-descent parser of the HLO text format. It is split by topic:
// Parser.cpp reads the module, computations and instructions,
// ParseLiterals.cpp shapes and constants, ParseAttributes.cpp the
// `key=value` lists. Every error is emitted at its token's line and column
// and stops the parse.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_TARGET_HLOTEXT_PARSER_H
#define FUSE_LIB_TARGET_HLOTEXT_PARSER_H

#include "Lexer.h"
#include "ParsedModule.h"

#include "fuse/Target/HLOText/HLOTextImport.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/DenseMap.h"

namespace fuse::hlo_text {

/// The row-major positions in an array of shape `dims`, read in the
/// row-major order of its dimensions permuted by `permutation` (last
/// fastest): the layouts of the compact and mesh device groups.
llvm::SmallVector<int64_t> readTransposed(llvm::ArrayRef<int64_t> dims,
                                          llvm::ArrayRef<int64_t> permutation);

class Parser {
public:
  Parser(llvm::StringRef text, llvm::StringRef bufferName,
         mlir::MLIRContext *context, const HLOTextImportOptions &options);

  /// Parses the whole text; on failure a diagnostic has been emitted.
  mlir::FailureOr<ParsedModule> parseModule();

private:
  // The module and its computations (Parser.cpp).
  mlir::LogicalResult parseHeader(ParsedModule &module);
  mlir::LogicalResult parseStackFrameSection();
  mlir::LogicalResult parseComputation(ParsedModule &module);
  /// `{` instructions `}`, setting the root.
  mlir::LogicalResult parseComputationBody(ParsedComputation &computation);
  /// A computation written in place of a name (`to_apply={...}`); it is
  /// added to the module before the computation that holds it. Returns its
  /// name.
  mlir::FailureOr<std::string>
  parseInlineComputation(const ParsedInstruction &instruction,
                         llvm::StringRef key);
  /// Adds `computation`, after the inline computations parsed within it.
  mlir::LogicalResult addComputation(ParsedModule &module,
                                     ParsedComputation computation);
  mlir::LogicalResult parseInstruction(ParsedComputation &computation,
                                       bool &isRoot);
  /// The rest of an instruction named `name`: shape, opcode, operands and,
  /// unless it is `nested` in another's operands, attributes. Appends it
  /// to `computation` after the instructions nested in its operands.
  mlir::LogicalResult parseInstructionBody(ParsedComputation &computation,
                                           std::string name, bool nested);
  mlir::LogicalResult parseOperands(ParsedComputation &computation,
                                    ParsedInstruction &instruction);
  /// Whether the next tokens are an opcode and its `(`, not a shape.
  bool atOpcode() const;
  mlir::FailureOr<std::string> parseName(llvm::StringRef what);
  void resolveStackFrames(ParsedModule &module) const;
  /// The innermost source position of a `stack_frame_id`, if the tables
  /// have it.
  std::optional<SourcePosition> resolveStackFrame(int64_t frameId) const;
  /// Resolves `metadata`'s stack frame into its source, if it has none.
  void resolveSource(InstructionMetadata &metadata) const;
  /// Reads the rest of an instruction for its metadata and custom call
  /// target alone, skipping everything else (its attributes too, unless it
  /// is `nested`); false when it cannot.
  bool readLeniently(ParsedInstruction &instruction,
                     std::string &customCallTarget, bool nested);
  /// Adds an instruction the importer cannot import, read leniently, to
  /// `computation` and remembers it: parsing goes on so that the error can
  /// point at the user's line, which a caller of the computation may hold.
  /// Reports it at once when it was not `readable`.
  mlir::LogicalResult readUnsupportedInstruction(ParsedComputation &computation,
                                                 ParsedInstruction instruction,
                                                 std::string customCallTarget,
                                                 bool readable);
  /// Reports the first unsupported instruction: at its own source line,
  /// else at that of the nearest instruction that calls its computation.
  mlir::LogicalResult
  reportUnsupportedInstruction(const ParsedModule &module) const;

  // Shapes and constants (ParseLiterals.cpp).
  /// A shape; the dimensions of an array shape's layout go to
  /// `minorToMajor` when it is given.
  mlir::FailureOr<mlir::Type>
  parseShape(llvm::SmallVectorImpl<int64_t> *minorToMajor = nullptr);
  /// `{` dimensions (`:` tiling ...)? `}`: keeps the dimensions.
  mlir::LogicalResult parseLayout(llvm::SmallVectorImpl<int64_t> *minorToMajor);
  mlir::FailureOr<mlir::Type> parseElementType();
  mlir::FailureOr<mlir::DenseElementsAttr> parseLiteral(mlir::Type shape);
  /// `(literal, ...)` of a tuple `shape`: appends its arrays' values, depth
  /// first.
  mlir::LogicalResult
  parseTupleLiteral(mlir::TupleType shape,
                    llvm::SmallVectorImpl<mlir::DenseElementsAttr> &values);
  /// The value of an elided constant `{...}`, as the options say.
  mlir::FailureOr<mlir::DenseElementsAttr>
  fillElidedConstant(mlir::RankedTensorType type);
  mlir::FailureOr<int64_t> parseInteger(llvm::StringRef what);
  bool atLayout() const;

  // Attributes (ParseAttributes.cpp).
  mlir::LogicalResult parseAttribute(ParsedInstruction &instruction);
  mlir::LogicalResult parseIntegerList(llvm::SmallVectorImpl<int64_t> &values);
  /// `open` integer (`,` integer)* `close`; with `allowEmpty`, also
  /// `open close`.
  mlir::LogicalResult parseIntegers(TokenKind open, llvm::StringRef opening,
                                    TokenKind close, llvm::StringRef closing,
                                    llvm::SmallVectorImpl<int64_t> &values,
                                    bool allowEmpty);
  /// `{a, b, c}`, as in `branch_computations=`.
  mlir::LogicalResult parseNameList(llvm::SmallVectorImpl<std::string> &names);
  mlir::LogicalResult parseSliceRanges(AttributeValue &value);
  mlir::LogicalResult parsePadding(AttributeValue &value);
  /// `{{0,1},{2,3}}`, or the iota form `[2,2]<=[4]`, `[2,2]<=[2,2]T(1,0)`,
  /// or the mesh form `mesh['x'=2,'y'=2] {'y'}`.
  mlir::LogicalResult parseDeviceGroups(AttributeValue &value);
  /// `mesh['x'=2,'y'=4] {'y'}` (ParseMeshGroups.cpp).
  mlir::LogicalResult parseMeshGroups(AttributeValue &value);
  /// A mesh axis name, `'x'` or `"x"`, or an axis index.
  mlir::FailureOr<std::string> parseAxisName();
  mlir::LogicalResult parseMetadata(InstructionMetadata &metadata);
  /// `frontend_attributes={...}`: `_xla_send_recv_source_target_pairs` as
  /// an attribute of `instruction`, the other entries skipped.
  mlir::LogicalResult parseFrontendAttributes(ParsedInstruction &instruction);
  /// Device groups written in a string, `"{{0, 1}}"`.
  mlir::LogicalResult parseQuotedDeviceGroups(AttributeValue &value);
  mlir::FailureOr<llvm::StringMap<std::string>> parseKeyValueBlock();
  mlir::LogicalResult skipAttributeValue();
  /// Reads a typed FFI backend config `{key = value : type, ...}` into
  /// `fields`; false, having read nothing, when it is not one.
  bool readTypedConfig(llvm::StringMap<std::string> &fields);
  mlir::LogicalResult skipBalanced();

  // Tokens.
  const Token &peek(unsigned ahead = 0) const;
  Token consume();
  bool consumeIf(TokenKind kind);
  mlir::LogicalResult expect(TokenKind kind, llvm::StringRef what);
  mlir::Location locationOf(const Token &token) const;
  mlir::InFlightDiagnostic emitError(const Token &token) const;

  std::vector<Token> tokens;
  size_t pos = 0;
  mlir::StringAttr bufferName;
  mlir::MLIRContext *context;
  HLOTextImportOptions options;
  /// Elided constants filled so far: each gets its own random stream.
  uint64_t filledConstants = 0;

  /// Inline computations parsed since the last computation was added.
  std::vector<ParsedComputation> inlineComputations;
  /// Inline computations parsed so far, which numbers their names.
  uint64_t inlineComputationCount = 0;

  /// The first instruction with an opcode the importer does not know.
  struct UnsupportedInstruction {
    std::string computation;
    size_t index;
    std::string customCallTarget;
  };
  std::optional<UnsupportedInstruction> unsupported;

  /// The stack frame tables newer XLA writes after the header, which
  /// `metadata={stack_frame_id=N}` points into.
  struct FileLocation {
    int64_t fileNameId;
    int64_t line;
    int64_t column;
  };
  llvm::DenseMap<int64_t, std::string> fileNames;
  llvm::DenseMap<int64_t, FileLocation> fileLocations;
  llvm::DenseMap<int64_t, int64_t> frameFileLocations;
};

} // namespace fuse::hlo_text

#endif // FUSE_LIB_TARGET_HLOTEXT_PARSER_H
