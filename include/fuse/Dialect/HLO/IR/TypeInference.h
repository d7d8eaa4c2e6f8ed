//===- TypeInference.h - hlo shape rules ------------------------*- C++ -*-===//
//
// The shape and type rules of the hlo ops as free functions, shared by the op
// verifiers, result type inference and the passes that build new ops. Each
// check names the constraint of docs/HLO.md it enforces. A function that
// fails has emitted a diagnostic at `loc` when one is given.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_DIALECT_HLO_IR_TYPEINFERENCE_H
#define FUSE_DIALECT_HLO_IR_TYPEINFERENCE_H

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Region.h"
#include "mlir/IR/TypeRange.h"
#include "mlir/Support/LLVM.h"
#include <optional>

namespace fuse::hlo {

using llvm::ArrayRef;
using llvm::SmallVectorImpl;
using mlir::FailureOr;
using mlir::LogicalResult;
using mlir::RankedTensorType;
using mlir::Type;
using mlir::TypeRange;
using OptionalLoc = std::optional<mlir::Location>;

LogicalResult verifyIota(OptionalLoc loc, RankedTensorType result,
                         int64_t iotaDimension);

LogicalResult verifySelect(OptionalLoc loc, RankedTensorType pred,
                           RankedTensorType onTrue);

LogicalResult verifyClamp(OptionalLoc loc, RankedTensorType min,
                          RankedTensorType operand, RankedTensorType max);

LogicalResult verifyBroadcastInDim(OptionalLoc loc, RankedTensorType operand,
                                   ArrayRef<int64_t> dims,
                                   RankedTensorType result);

LogicalResult verifyReshape(OptionalLoc loc, RankedTensorType operand,
                            RankedTensorType result);

FailureOr<RankedTensorType> inferTranspose(OptionalLoc loc,
                                           RankedTensorType operand,
                                           ArrayRef<int64_t> permutation);

FailureOr<RankedTensorType>
inferSlice(OptionalLoc loc, RankedTensorType operand, ArrayRef<int64_t> starts,
           ArrayRef<int64_t> limits, ArrayRef<int64_t> strides);

FailureOr<RankedTensorType> inferDynamicSlice(OptionalLoc loc,
                                              RankedTensorType operand,
                                              TypeRange startIndices,
                                              ArrayRef<int64_t> sliceSizes);

LogicalResult verifyDynamicUpdateSlice(OptionalLoc loc,
                                       RankedTensorType operand,
                                       RankedTensorType update,
                                       TypeRange startIndices);

FailureOr<RankedTensorType> inferConcatenate(OptionalLoc loc, TypeRange inputs,
                                             int64_t dimension);

FailureOr<RankedTensorType> inferPad(OptionalLoc loc, RankedTensorType operand,
                                     RankedTensorType paddingValue,
                                     ArrayRef<int64_t> low,
                                     ArrayRef<int64_t> high,
                                     ArrayRef<int64_t> interior);

LogicalResult verifyReverse(OptionalLoc loc, RankedTensorType operand,
                            ArrayRef<int64_t> dims);

/// Result types of a reduce: each input's shape without `dims`, with the
/// element type of the matching init value.
LogicalResult inferReduce(OptionalLoc loc, TypeRange inputs,
                          TypeRange initValues, ArrayRef<int64_t> dims,
                          SmallVectorImpl<Type> &results);

/// Checks a reduce body's signature against the init values: 2N arguments
/// (N accumulators, then N elements) and N returned values, each a rank-0
/// tensor of the matching init's element type.
LogicalResult verifyReduceBody(OptionalLoc loc, TypeRange initValues,
                               TypeRange blockArguments,
                               TypeRange returnedTypes);

/// Checks that the body of `op` (hlo.reduce, hlo.reduce_window) ends with
/// hlo.return and has the signature verifyReduceBody expects.
LogicalResult verifyReduceRegion(mlir::Operation *op, mlir::Region &body,
                                 TypeRange initValues);

FailureOr<RankedTensorType>
inferDotGeneral(OptionalLoc loc, RankedTensorType lhs, RankedTensorType rhs,
                ArrayRef<int64_t> lhsBatching, ArrayRef<int64_t> rhsBatching,
                ArrayRef<int64_t> lhsContracting,
                ArrayRef<int64_t> rhsContracting);

FailureOr<RankedTensorType> inferDot(OptionalLoc loc, RankedTensorType lhs,
                                     RankedTensorType rhs);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_TYPEINFERENCE_H
