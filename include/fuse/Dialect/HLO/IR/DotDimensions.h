//===- DotDimensions.h - the dimension numbers of a product -----*- C++ -*-===//
//
// `hlo.dot_general` names its batching and contracting dimensions;
// `hlo.dot` is the product that contracts the last dimension of lhs with
// the first of rhs. Passes and lowerings read both through one struct.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_DOTDIMENSIONS_H
#define FUSE_DIALECT_HLO_IR_DOTDIMENSIONS_H

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir {
class Operation;
} // namespace mlir

namespace fuse::hlo {

/// Each operand's batching, contracting and free dimensions, free ones in
/// increasing order. The result holds the batching dimensions, then lhs's
/// free ones, then rhs's.
struct DotDimensions {
  llvm::SmallVector<int64_t> lhsBatch, rhsBatch;
  llvm::SmallVector<int64_t> lhsContracting, rhsContracting;
  llvm::SmallVector<int64_t> lhsFree, rhsFree;

  int64_t getNumBatch() const { return lhsBatch.size(); }

  /// The dimensions of a `dot_general` or a `dot` with ranked operands;
  /// nullopt for any other op.
  static std::optional<DotDimensions> get(mlir::Operation *op);
};

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_DOTDIMENSIONS_H
