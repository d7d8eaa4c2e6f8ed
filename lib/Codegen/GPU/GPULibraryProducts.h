//===- GPULibraryProducts.h - what the products' files share ---*- C++ -*-===//
//
// fuse-gpu-library-products is two files: the pass, which turns products
// into cuBLASLt calls (GPULibraryProducts.cpp), and the copy of an operand
// into a layout that a call reads (GPULibraryProductsLayout.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_GPU_GPULIBRARYPRODUCTS_H
#define FUSE_LIB_CODEGEN_GPU_GPULIBRARYPRODUCTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

namespace fuse::gpu_products {

/// `loops` ordered as the operand that `map` indexes, whose element strides
/// are `strides`, lays them out: outermost (largest stride) first. A
/// convolution's patches read their window in (row, column, channel)
/// order, whatever the order of the loops. Empty when a loop does not index
/// the operand on its own.
llvm::SmallVector<unsigned> memoryOrder(llvm::ArrayRef<unsigned> loops,
                                        mlir::AffineMap map,
                                        llvm::ArrayRef<int64_t> strides);

/// Policy: the product's rhs (a convolution's kernel read in the input
/// gradient's order) copied by a kernel into a buffer of its batch,
/// contracting and column loops in that order, which cuBLASLt reads as a
/// matrix, when it is no larger than the lhs. The product reads the copy,
/// freed after it. Returns the ops it added, for undo when the copy does
/// not make the product a call; failure when it copies nothing.
struct RhsCopy {
  mlir::Operation *alloc, *copy, *dealloc;
  mlir::Value original;
  mlir::AffineMap originalMap;
};
mlir::FailureOr<RhsCopy> copyRhsIntoMatrixLayout(mlir::linalg::GenericOp op);
/// Takes back what copyRhsIntoMatrixLayout did.
void undoRhsCopy(mlir::linalg::GenericOp op, const RhsCopy &copy);

} // namespace fuse::gpu_products

#endif // FUSE_LIB_CODEGEN_GPU_GPULIBRARYPRODUCTS_H
