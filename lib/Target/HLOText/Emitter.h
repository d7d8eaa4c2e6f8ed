//===- Emitter.h - parsed computations to hlo ops ---------------*- C++ -*-===//
//
// Emits the entry computation as `func.func @main`. Other computations have
// no function of their own: `call` inlines them, and `reduce`, `while` and
// `conditional` make their regions from the computations they name.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_TARGET_HLOTEXT_EMITTER_H
#define FUSE_LIB_TARGET_HLOTEXT_EMITTER_H

#include "ParsedModule.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringMap.h"

#include <optional>

namespace fuse::hlo_text {

/// The value of an HLO instruction: a tensor, or a tuple of values. Tuples
/// exist only while importing; they become several results or operands.
struct HloValue {
  mlir::Value tensor;
  std::vector<HloValue> elements;

  /// A tuple of `values`.
  static HloValue tupleOf(mlir::ValueRange values);
  /// The one of `values`, or a tuple of them.
  static HloValue of(mlir::ValueRange values);

  bool isTuple() const { return !tensor; }
  /// The tensor type, or a `TupleType` as the parser gives tuple shapes.
  mlir::Type getType(mlir::MLIRContext *context) const;
  /// Appends the tensors of this value, depth first.
  void flatten(llvm::SmallVectorImpl<mlir::Value> &tensors) const;
  /// Puts `to` in the place of every `from` in this value.
  void replace(mlir::Value from, mlir::Value to);
};

/// The device-to-device transfers of one computation being emitted whose
/// other half has not been seen yet, by channel and pairs: a send's data,
/// or a recv's stand-in for the data it will receive.
struct PendingTransfers {
  /// The channel of a transfer that names none (XLA's channels are
  /// positive).
  static constexpr int64_t kNoChannel = -1;
  using Key = std::pair<int64_t, mlir::Attribute>;
  struct Half {
    mlir::Value value;
    mlir::Location loc;
  };
  /// In the order of the text, so that the first unmatched is reported.
  llvm::MapVector<Key, Half> sends, recvs;
  /// Stand-ins whose data has arrived, with that data; the emitter puts the
  /// data in their place and erases them.
  llvm::SmallVector<std::pair<mlir::Value, mlir::Value>> arrived;
};

class Emitter {
public:
  Emitter(const ParsedModule &module, mlir::OpBuilder &builder)
      : module(module), builder(builder) {}

  /// Emits the entry computation as `func.func @main` at the builder's
  /// insertion point: parameter N becomes the next argument (a tuple-shaped
  /// one, one argument per tensor), and a tuple root becomes one result per
  /// tensor.
  mlir::LogicalResult emitEntryFunction();

  /// Emits the instructions of `computation` at the builder's insertion
  /// point, with `parameter(N)` bound to `arguments[N]`, and returns the
  /// value of its root. Locations of inlined ops are wrapped in a
  /// `CallSiteLoc` of `callSite`.
  mlir::FailureOr<HloValue>
  emitComputation(const ParsedComputation &computation,
                  llvm::ArrayRef<HloValue> arguments,
                  std::optional<mlir::Location> callSite);

  /// The computation named `name`; an error at `loc` when there is none.
  mlir::FailureOr<const ParsedComputation *>
  lookupComputation(llvm::StringRef name, mlir::Location loc) const;
  /// The computation that attribute `key` (`to_apply`, `body`, ...) of
  /// `instruction` names.
  mlir::FailureOr<const ParsedComputation *>
  lookupCalled(const ParsedInstruction &instruction, llvm::StringRef key,
               mlir::Location loc) const;

  /// The instruction named `name` in the computation being emitted.
  const ParsedInstruction *lookupInstruction(llvm::StringRef name) const;

  /// The pending transfers of the computation being emitted.
  PendingTransfers &getPendingTransfers() { return *pendingTransfers.back(); }

  mlir::OpBuilder &getBuilder() { return builder; }
  const ParsedModule &getModule() const { return module; }

private:
  /// The parameter instructions of `entry`, by number.
  mlir::FailureOr<llvm::SmallVector<const ParsedInstruction *>>
  entryParameters(const ParsedComputation &entry) const;

  const ParsedModule &module;
  mlir::OpBuilder &builder;
  /// The computations being emitted, innermost last: a computation that
  /// reaches itself again would never finish inlining.
  llvm::SmallVector<const ParsedComputation *> active;
  /// The instructions of each of `active` by name.
  llvm::SmallVector<const llvm::StringMap<const ParsedInstruction *> *>
      activeDefinitions;
  /// The pending transfers of each of `active`.
  llvm::SmallVector<PendingTransfers *> pendingTransfers;
};

} // namespace fuse::hlo_text

#endif // FUSE_LIB_TARGET_HLOTEXT_EMITTER_H
