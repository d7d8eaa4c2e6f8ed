//===- KernelPoints.h - a generic's body at points of a kernel --*- C++ -*-===//
//
// The code a GPU kernel runs for one point of a linalg.generic on buffers,
// or for several neighbouring points at once as vector lanes: loads of the
// operands (vectors where VectorAccess allows), the body, and stores of
// what it yields. fuse-gpu-tile-kernels builds its loop nests around these.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_COMMON_KERNELPOINTS_H
#define FUSE_CODEGEN_COMMON_KERNELPOINTS_H

#include "fuse/Codegen/Common/VectorAccess.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace fuse::kernels {

mlir::Value indexConstant(mlir::OpBuilder &b, mlir::Location loc,
                          int64_t value);

/// The indices of the row-major position `linear` in a space of `sizes`.
llvm::SmallVector<mlir::Value> delinearize(mlir::OpBuilder &b,
                                           mlir::Location loc,
                                           mlir::Value linear,
                                           llvm::ArrayRef<int64_t> sizes);

/// Emits the body of `op` at the point `ivs` and returns the values it
/// yields. Init `i` reads `accumulators[i]` when that is set, else memory.
llvm::SmallVector<mlir::Value>
emitPoint(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::GenericOp op,
          mlir::ValueRange ivs, llvm::ArrayRef<mlir::Value> accumulators);

/// Stores `value` into init `init` of `op` at the point `ivs`.
void storeInit(mlir::OpBuilder &b, mlir::Location loc,
               mlir::linalg::GenericOp op, unsigned init, mlir::Value value,
               mlir::ValueRange ivs);

/// Loads init `init` of `op` at the point `ivs`.
mlir::Value loadInit(mlir::OpBuilder &b, mlir::Location loc,
                     mlir::linalg::GenericOp op, unsigned init,
                     mlir::ValueRange ivs);

/// The first points of the vectors `position`, `position + stride`, ...
/// (`copies` of them) of `lanes` points each, as indices into a row-major
/// space of `sizes`.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
vectorStarts(mlir::OpBuilder &b, mlir::Location loc, mlir::Value position,
             int64_t copies, int64_t stride, int64_t lanes,
             llvm::ArrayRef<int64_t> sizes);

/// The operands of `op` at `access.lanes` consecutive points from `ivs`:
/// one vector per operand that walks the loop, one value for the others;
/// null for unused operands and for inits that `accumulators` replace.
llvm::SmallVector<mlir::Value>
loadLanes(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::GenericOp op,
          mlir::ValueRange ivs, const VectorAccess &access,
          llvm::ArrayRef<mlir::Value> accumulators);

/// Emits the body of `op` at `access.lanes` consecutive points along `loop`
/// from `ivs`, on the operands `loaded` from loadLanes. Init `i` of lane 0
/// reads `accumulators[i]` when that is set (else memory), and of every
/// later lane the value the lane before yielded. Returns the yielded values
/// of each lane.
llvm::SmallVector<llvm::SmallVector<mlir::Value>>
computeLanes(mlir::OpBuilder &b, mlir::Location loc, mlir::linalg::GenericOp op,
             mlir::ValueRange ivs, unsigned loop, const VectorAccess &access,
             llvm::ArrayRef<mlir::Value> accumulators,
             llvm::ArrayRef<mlir::Value> loaded);

/// Stores init `init` of every lane: one vector where it walks the loop,
/// else the last lane's value.
void storeLanes(mlir::OpBuilder &b, mlir::Location loc,
                mlir::linalg::GenericOp op, unsigned init,
                llvm::ArrayRef<llvm::SmallVector<mlir::Value>> lanes,
                mlir::ValueRange ivs, const VectorAccess &access);

/// The most vectors a thread loads before using them (32 registers of f32
/// lanes), beside what a row fusion keeps of its row (up to row-vectors):
/// a layer norm's last op, loading 16 points each of the row, the scale and
/// the shift at once, took 228 registers, so that an SM held a single
/// 256-thread block; in groups of 8 vectors it takes 115, and an SM two.
constexpr int64_t kMaxVectorsInFlight = 8;

/// How many points of `op` load together: as many as kMaxVectorsInFlight
/// allows, at a vector per point for each buffer its loop walks and its body
/// reads; at least one.
size_t pointsPerLoadGroup(mlir::linalg::GenericOp op,
                          const VectorAccess &access);

/// Emits `op` (without reductions) at `access.lanes` points along `loop`
/// from each of `points` (one point each when scalar), storing what every
/// lane yields. The loads of as many points as kMaxVectorsInFlight allows
/// come first, so that they are in flight together.
void emitParallelLanes(mlir::OpBuilder &b, mlir::Location loc,
                       mlir::linalg::GenericOp op,
                       llvm::ArrayRef<llvm::SmallVector<mlir::Value>> points,
                       unsigned loop, const VectorAccess &access);

} // namespace fuse::kernels

#endif // FUSE_CODEGEN_COMMON_KERNELPOINTS_H
