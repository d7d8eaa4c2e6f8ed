//===- HLOToLinalg.h - hlo to linalg conversion -----------------*- C++ -*-===//

#ifndef FUSE_CONVERSION_HLOTOLINALG_HLOTOLINALG_H
#define FUSE_CONVERSION_HLOTOLINALG_HLOTOLINALG_H

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/DialectConversion.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Conversion/HLOToLinalg/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Conversion/HLOToLinalg/Passes.h.inc"

/// Adds the patterns lowering hlo ops to linalg, tensor, arith and math.
/// With `parallelLowerings` (for the GPU), scatter and select_and_scatter
/// become parallel loops of atomic updates of a buffer, and sort and topk a
/// bitonic sorting network, instead of sequential loop nests. A radix sort of
/// one line splits it into parts of at least `sortPartLength` elements that
/// run in parallel.
void populateHLOToLinalgPatterns(
    mlir::RewritePatternSet &patterns,
    const ConvertHLOToLinalgPassOptions &options = {});

/// Marks hlo illegal and the dialects the lowering produces legal.
void configureHLOToLinalgTarget(mlir::ConversionTarget &target);

} // namespace fuse

#endif // FUSE_CONVERSION_HLOTOLINALG_HLOTOLINALG_H
