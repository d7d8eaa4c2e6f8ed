//===- Passes.h - code generation for the host CPU --------------*- C++ -*-===//

#ifndef FUSE_CODEGEN_CPU_PASSES_H
#define FUSE_CODEGEN_CPU_PASSES_H

#include "fuse/Codegen/CPU/TileContractions.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Codegen/CPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Codegen/CPU/Passes.h.inc"

} // namespace fuse

#endif // FUSE_CODEGEN_CPU_PASSES_H
