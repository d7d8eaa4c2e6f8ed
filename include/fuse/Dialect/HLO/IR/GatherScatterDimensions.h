//===- GatherScatterDimensions.h - gather's and scatter's dimensions -*- C++
//-*-===//
//
// gather and scatter read index vectors from a tensor of indices and place
// a slice (gather) or a window (scatter) of the operand there. Their
// dimension numbers are the same under different names; lowerings and the
// interpreter read them through one struct.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_GATHERSCATTERDIMENSIONS_H
#define FUSE_DIALECT_HLO_IR_GATHERSCATTERDIMENSIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace fuse::hlo {

class GatherOp;
class ScatterOp;

struct IndexedDimensions {
  /// The dimension of the indices that holds the index vectors (their rank
  /// when each index is a scalar).
  int64_t indexVectorDim;
  /// Component k of an index vector starts operand dimension
  /// startIndexMap[k]: gather's start_index_map, scatter's
  /// scatter_dims_to_operand_dims.
  llvm::SmallVector<int64_t> startIndexMap;
  /// Operand dimension operandBatching[i] follows dimension
  /// indicesBatching[i] of the indices.
  llvm::SmallVector<int64_t> operandBatching, indicesBatching;
  /// The operand dimensions the slice or window spans, in order: those
  /// neither collapsed (inserted) nor batching.
  llvm::SmallVector<int64_t> windowOperandDims;
  /// The result (gather) or update (scatter) dimensions along the slice or
  /// window: offset_dims, update_window_dims.
  llvm::SmallVector<int64_t> windowDims;

  static IndexedDimensions get(GatherOp op);
  static IndexedDimensions get(ScatterOp op);
};

/// Splits an index of a gather result or a scatter update into its
/// positions along the window dimensions (`windowDims`) and the others, the
/// index of its index vector, in order.
template <typename T>
void splitWindowIndex(llvm::ArrayRef<T> index,
                      llvm::ArrayRef<int64_t> windowDims,
                      llvm::SmallVectorImpl<T> &window,
                      llvm::SmallVectorImpl<T> &batch) {
  for (auto [dim, position] : llvm::enumerate(index))
    (llvm::is_contained(windowDims, static_cast<int64_t>(dim)) ? window : batch)
        .push_back(position);
}

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_GATHERSCATTERDIMENSIONS_H
