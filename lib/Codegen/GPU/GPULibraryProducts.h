//===- GPULibraryProducts.h - what the products' files share ---*- C++ -*-===//
//
// fuse-gpu-library-products is two files: the pass, which turns products
// into cuBLASLt calls (GPULibraryProducts.cpp), and the copies of inputs
// into layouts that a call reads (GPULibraryProductsLayout.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CODEGEN_GPU_GPULIBRARYPRODUCTS_H
#define FUSE_LIB_CODEGEN_GPU_GPULIBRARYPRODUCTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"

#include <array>
#include <optional>

namespace fuse::gpu_products {

/// The element strides of a product's lhs, rhs and result, in that order;
/// nullopt when one is not a memref of static strides.
std::optional<std::array<llvm::SmallVector<int64_t>, 3>>
staticStrides(mlir::linalg::LinalgOp op);

/// `loops` ordered as the operand that `map` indexes, whose element strides
/// are `strides`, lays them out: outermost (largest stride) first. A
/// convolution's patches read their window in (row, column, channel)
/// order, whatever the order of the loops. Empty when a loop does not index
/// the operand on its own.
llvm::SmallVector<unsigned> memoryOrder(llvm::ArrayRef<unsigned> loops,
                                        mlir::AffineMap map,
                                        llvm::ArrayRef<int64_t> strides);

/// An input of a product (0: lhs, 1: rhs) copied by a kernel into a
/// buffer that cuBLASLt reads as a matrix: batch, rows and columns in the
/// result's order, the contraction in the other input's (a convolution's
/// kernel as the input gradient reads it, attention's heads between its
/// rows). The product reads the copy, freed after it. Policy: only where
/// the product makes at least 16 multiply-adds per element copied.
struct OperandCopy {
  mlir::Operation *alloc, *copy, *dealloc;
  unsigned operand;
  mlir::Value original;
  mlir::AffineMap originalMap;
};
mlir::FailureOr<OperandCopy> copyIntoMatrixLayout(mlir::linalg::GenericOp op,
                                                  unsigned operand);
/// Takes back what copyIntoMatrixLayout did.
void undoCopy(mlir::linalg::GenericOp op, const OperandCopy &copy);

} // namespace fuse::gpu_products

#endif // FUSE_LIB_CODEGEN_GPU_GPULIBRARYPRODUCTS_H
