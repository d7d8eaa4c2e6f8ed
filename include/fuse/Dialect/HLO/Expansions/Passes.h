//===- Passes.h - hlo ops expanded into other hlo ops -----------*- C++ -*-===//

#ifndef FUSE_DIALECT_HLO_EXPANSIONS_PASSES_H
#define FUSE_DIALECT_HLO_EXPANSIONS_PASSES_H

#include "fuse/Dialect/HLO/IR/HLODialect.h"
#include "mlir/Pass/Pass.h"

namespace fuse::hlo {

#define GEN_PASS_DECL
#include "fuse/Dialect/HLO/Expansions/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "fuse/Dialect/HLO/Expansions/Passes.h.inc"

} // namespace fuse::hlo

#endif // FUSE_DIALECT_HLO_EXPANSIONS_PASSES_H
