//===- ParsedModule.h - HLO text as read, before any IR ---------*- C++ -*-===//
//
// The parser's output: computations and their instructions with names,
// shapes, operands and the attributes the importer reads. Shapes and
// constants are already MLIR types and attributes; everything else waits for
// the emitter, which needs a whole computation to resolve names.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_TARGET_HLOTEXT_PARSEDMODULE_H
#define FUSE_LIB_TARGET_HLOTEXT_PARSEDMODULE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>
#include <string>
#include <vector>

namespace fuse::hlo_text {

/// The line of the program (e.g. Python) that produced an instruction.
struct SourcePosition {
  std::string file;
  int64_t line = 0;
  /// 1-based; 0 when unknown.
  int64_t column = 0;
};

/// What the importer keeps of `metadata={...}`.
struct InstructionMetadata {
  std::string opName;
  std::optional<SourcePosition> source;
  /// `stack_frame_id`, which the parser resolves into `source`.
  std::optional<int64_t> stackFrameId;
};

/// The value of an attribute the importer reads. Which member holds it
/// depends on the key; see `Parser::parseAttribute`.
struct AttributeValue {
  mlir::Location loc;
  /// `dimensions={0,1}`, `index=2`.
  llvm::SmallVector<int64_t> integers;
  /// `direction=LT`, `to_apply=%add` (without the `%`); a backend config
  /// that is not typed FFI, as written (JSON).
  std::string word;
  /// `branch_computations={%a, %b}` (without the `%`).
  llvm::SmallVector<std::string> words;
  /// One entry per dimension: `slice={[0:2:1]}` gives {start, limit, stride},
  /// `padding=0_1_2` gives {low, high, interior}.
  llvm::SmallVector<llvm::SmallVector<int64_t, 3>> perDimension;
  /// `replica_groups={{0,1},{2,3}}` and `source_target_pairs={{0,1}}`, one
  /// list per group or pair; the iota form is expanded.
  llvm::SmallVector<llvm::SmallVector<int64_t>> groups;
  /// `window={size=3x3 pad=1_1x1_1}` and typed FFI backend configs
  /// `{uplo = 76 : ui8}`: the fields as written.
  llvm::StringMap<std::string> fields;
};

/// The frontend attribute that makes `send` and `recv` a transfer between
/// the devices of one program: its (source, target) pairs.
inline constexpr llvm::StringLiteral kSendRecvPairs =
    "_xla_send_recv_source_target_pairs";

struct ParsedOperand {
  std::string name;
  mlir::Location loc;
};

struct ParsedInstruction {
  ParsedInstruction(std::string name, mlir::Type shape, std::string opcode,
                    mlir::Location opcodeLoc)
      : name(std::move(name)), shape(shape), opcode(std::move(opcode)),
        opcodeLoc(opcodeLoc) {}

  std::string name;
  /// A `RankedTensorType`, or a `TupleType` of shapes; null when the text
  /// leaves it out, for the emitter to infer.
  mlir::Type shape;
  /// The dimensions of an array shape's layout, minor first (`{1,0}`);
  /// empty when the text gives none. Only `bitcast` reads it.
  llvm::SmallVector<int64_t> minorToMajor;
  std::string opcode;
  /// Where the opcode is; diagnostics about the instruction point here.
  mlir::Location opcodeLoc;
  llvm::SmallVector<ParsedOperand> operands;
  /// `constant`: the value, of type `shape`.
  mlir::DenseElementsAttr literal;
  /// `constant` of a tuple shape: the values of its arrays, depth first.
  llvm::SmallVector<mlir::DenseElementsAttr> tupleLiteral;
  /// `parameter`: its number.
  int64_t parameterNumber = -1;
  llvm::StringMap<AttributeValue> attributes;
  InstructionMetadata metadata;

  /// Whether `key=true` is given (a hint or an option that defaults to false).
  bool flag(llvm::StringRef key) const {
    auto it = attributes.find(key);
    return it != attributes.end() && it->second.word == "true";
  }
};

struct ParsedComputation {
  std::string name;
  mlir::Location loc;
  std::vector<ParsedInstruction> instructions;
  /// The `ROOT` instruction, or the last one when none is marked.
  size_t rootIndex = 0;

  const ParsedInstruction &root() const { return instructions[rootIndex]; }
};

struct ParsedModule {
  std::string name;
  /// The header's `replica_count` and `num_partitions`, when it gives them.
  std::optional<int64_t> replicaCount, partitionCount;
  std::vector<ParsedComputation> computations;
  llvm::StringMap<size_t> computationIndex;
  size_t entryIndex = 0;

  const ParsedComputation *lookupComputation(llvm::StringRef name) const {
    auto it = computationIndex.find(name);
    return it == computationIndex.end() ? nullptr : &computations[it->second];
  }
  const ParsedComputation &entry() const { return computations[entryIndex]; }
};

/// Sets `module`'s partition count, where its header gives none, to what
/// the shapes of its gathers and scatters over replicas and partitions say,
/// with a warning (PartitionCount.cpp).
void inferPartitionCount(ParsedModule &module);

} // namespace fuse::hlo_text

#endif // FUSE_LIB_TARGET_HLOTEXT_PARSEDMODULE_H
