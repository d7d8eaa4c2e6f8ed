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

#define GET_OP_CLASSES
#include "fuse/Dialect/HLO/IR/HLOOps.h.inc"

#endif // FUSE_DIALECT_HLO_IR_HLOOPS_H
