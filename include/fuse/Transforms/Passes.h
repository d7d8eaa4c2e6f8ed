//===- Passes.h - target-side loop transformations --------------*- C++ -*-===//

#ifndef FUSE_TRANSFORMS_PASSES_H
#define FUSE_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Pass/Pass.h"

#include "fuse/Transforms/TileContractions.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Transforms/Passes.h.inc"

} // namespace fuse

#endif // FUSE_TRANSFORMS_PASSES_H
