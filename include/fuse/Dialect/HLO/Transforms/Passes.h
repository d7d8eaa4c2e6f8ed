//===- Passes.h - hlo transformation passes ---------------------*- C++ -*-===//

#ifndef FUSE_DIALECT_HLO_TRANSFORMS_PASSES_H
#define FUSE_DIALECT_HLO_TRANSFORMS_PASSES_H

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "fuse/Dialect/HLO/Transforms/MatrixChain.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringRef.h"

namespace fuse::hlo {

#define GEN_PASS_DECL
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"

/// The contract between --hlo-instrument-kernels and the runtime that times
/// kernels: the hooks the instrumented code calls with a kernel id, and the
/// module attribute that describes each id.
inline constexpr llvm::StringLiteral kTraceBeginHook = "fuse_trace_begin";
inline constexpr llvm::StringLiteral kTraceEndHook = "fuse_trace_end";
inline constexpr llvm::StringLiteral kKernelsAttrName = "fuse.kernels";

#define GEN_PASS_REGISTRATION
#include "fuse/Dialect/HLO/Transforms/Passes.h.inc"

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_TRANSFORMS_PASSES_H
