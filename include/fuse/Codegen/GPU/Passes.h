//===- Passes.h - code generation for NVIDIA GPUs ---------------*- C++ -*-===//

#ifndef FUSE_CODEGEN_GPU_PASSES_H
#define FUSE_CODEGEN_GPU_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Codegen/GPU/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Codegen/GPU/Passes.h.inc"

} // namespace fuse

#endif // FUSE_CODEGEN_GPU_PASSES_H
