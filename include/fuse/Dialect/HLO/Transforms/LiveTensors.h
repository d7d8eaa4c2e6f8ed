//===- LiveTensors.h - peak memory of a block of tensor ops -----*- C++ -*-===//
//
// A model of the memory a block needs when each tensor result of its ops is
// materialised from its definition to its last use. Values defined outside
// the block (function arguments) are not counted: the caller owns them.
// Edits ("what if these ops became one op here?") let a cost model compare
// the peak before and after a rewrite without doing it.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_LIVETENSORS_H
#define FUSE_DIALECT_HLO_TRANSFORMS_LIVETENSORS_H

#include "mlir/IR/Block.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

#include <vector>

namespace fuse::hlo {

class LiveTensorSchedule {
public:
  /// The size of a value in bytes, as some holder of it stores it.
  using BytesFn = int64_t (*)(mlir::Value);

  /// The ops of `block` in order; the terminator keeps its operands live to
  /// the end. Each tensor takes `bytesOf` bytes (compiled code's by default).
  explicit LiveTensorSchedule(mlir::Block &block, BytesFn bytesOf = getBytes);

  /// The most bytes of tensors live at once.
  int64_t peakBytes() const;

  /// Replaces the ops `removed` by one op at the position of `at` (one of
  /// them) that reads `reads` and defines `defines`.
  void merge(llvm::ArrayRef<mlir::Operation *> removed, mlir::Operation *at,
             llvm::ArrayRef<mlir::Value> reads,
             llvm::ArrayRef<mlir::Value> defines);

  /// Moves `op` to just after `anchor`.
  void moveAfter(mlir::Operation *op, mlir::Operation *anchor);

  /// Bytes of a ranked tensor value (0 for other values).
  static int64_t getBytes(mlir::Value value);

private:
  struct Step {
    Step(mlir::Operation *op, llvm::ArrayRef<mlir::Value> reads,
         llvm::ArrayRef<mlir::Value> defines, BytesFn bytesOf);

    mlir::Operation *op;
    llvm::SmallVector<mlir::Value> reads;
    llvm::SmallVector<mlir::Value> defines;
    /// getBytes of each of `defines`, which peakBytes reads once per query.
    llvm::SmallVector<int64_t> defineBytes;
  };
  size_t indexOf(mlir::Operation *op) const;

  std::vector<Step> steps;
  BytesFn bytesOf;
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_LIVETENSORS_H
