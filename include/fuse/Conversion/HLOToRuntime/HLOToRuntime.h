//===- HLOToRuntime.h - hlo ops that call fuse's runtime --------*- C++ -*-===//

#ifndef FUSE_CONVERSION_HLOTORUNTIME_HLOTORUNTIME_H
#define FUSE_CONVERSION_HLOTORUNTIME_HLOTORUNTIME_H

#include "fuse/Dialect/HLO/IR/HLODialect.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace fuse {

#define GEN_PASS_DECL
#include "fuse/Conversion/HLOToRuntime/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Conversion/HLOToRuntime/Passes.h.inc"

/// The runtime functions that transfer one tensor of a record
/// (convert-hlo-transfers-to-calls); fuse's JIT provides their C
/// interfaces, `_mlir_ciface_` and the name.
inline constexpr llvm::StringLiteral kTransferReceiveFunction =
    "fuse_transfer_receive";
inline constexpr llvm::StringLiteral kTransferSendFunction =
    "fuse_transfer_send";

/// Rewrites hlo.infeed and hlo.outfeed into calls of the runtime functions
/// above, which must be declared in the module (`declareTransferFunctions`);
/// the tensors' types go into constant globals added to `moduleSymbols`.
void populateHLOTransfersToCallsPatterns(mlir::RewritePatternSet &patterns,
                                         mlir::SymbolTable &moduleSymbols);

/// Declares the runtime functions in `module`, if they are not.
void declareTransferFunctions(mlir::ModuleOp module);

/// The runtime functions that compute hlo.eigh and hlo.svd with LAPACK
/// (convert-hlo-spectral-to-calls; include/fuse/Runtime/Lapack.h).
inline constexpr llvm::StringLiteral kLapackEighFunction = "fuse_lapack_eigh";
inline constexpr llvm::StringLiteral kLapackSvdFunction = "fuse_lapack_svd";

/// Rewrites hlo.eigh and hlo.svd into calls of the runtime functions above,
/// which must be declared in the module (`declareLapackFunctions`).
void populateHLOSpectralToCallsPatterns(mlir::RewritePatternSet &patterns);

/// Declares the LAPACK runtime functions in `module`, if they are not.
void declareLapackFunctions(mlir::ModuleOp module);

} // namespace fuse

#endif // FUSE_CONVERSION_HLOTORUNTIME_HLOTORUNTIME_H
