//===- Passes.h - passes of every target ------------------------*- C++ -*-===//

#ifndef FUSE_CODEGEN_COMMON_PASSES_H
#define FUSE_CODEGEN_COMMON_PASSES_H

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Codegen/Common/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Codegen/Common/Passes.h.inc"

} // namespace fuse

#endif // FUSE_CODEGEN_COMMON_PASSES_H
