//===- HLOOps.h - hlo operations --------------------------------*- C++ -*-===//

#ifndef FUSE_DIALECT_HLO_IR_HLOOPS_H
#define FUSE_DIALECT_HLO_IR_HLOOPS_H

#include "fuse/Dialect/HLO/IR/ConvDimensions.h"
#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include "fuse/Dialect/HLO/IR/HLOEnums.h.inc"

namespace fuse::hlo {

/// The queues between a program and its outside, which hlo.infeed and
/// hlo.outfeed read and write.
struct TransferQueuesResource
    : mlir::SideEffects::Resource::Base<TransferQueuesResource> {
  llvm::StringRef getName() override { return "TransferQueues"; }
};

} // namespace fuse::hlo

#define GET_OP_CLASSES
#include "fuse/Dialect/HLO/IR/HLOOps.h.inc"

namespace fuse::hlo {

/// The combiner that the binary op `op` is (add, multiply, maximum, minimum,
/// and, or), if it is one.
std::optional<ReductionKind> getReductionKindOf(mlir::Operation *op);

/// The combiner a reduction or scatter `body` is when it applies one such
/// op to its two arguments, in either order, and returns the result.
std::optional<ReductionKind> getCombinerKind(mlir::Region &body);

/// Fills `body` with `acc <kind> element` on rank-0 tensors of `scalarType`.
void buildReductionBody(mlir::OpBuilder &builder, mlir::Location loc,
                        mlir::Region &body, mlir::RankedTensorType scalarType,
                        ReductionKind kind);

/// Whether `value` is a splat constant of zeros (either sign for floats).
bool isZeroSplat(mlir::Value value);

/// Whether `op` reads or makes complex numbers (tensors of complex<T>),
/// which only hlo-expand-complex and the ops that allow them take.
bool hasComplexValues(mlir::Operation *op);

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_IR_HLOOPS_H
