//===- InitAll.h - register everything fuse provides ------------*- C++ -*-===//

#ifndef FUSE_INITALL_H
#define FUSE_INITALL_H

#include "llvm/ADT/ArrayRef.h"

namespace llvm::cl {
class OptionCategory;
} // namespace llvm::cl

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace fuse {

/// Registers the hlo dialect alone.
void registerFuseDialects(mlir::DialectRegistry &registry);

/// Registers the hlo dialect and every upstream dialect and extension that
/// fuse's lowerings produce, as mlir-opt does.
void registerAllDialects(mlir::DialectRegistry &registry);

/// Registers fuse's passes and pipelines alone.
void registerFusePasses();

/// Registers fuse's passes and pipelines and every upstream pass.
void registerAllPasses();

/// Hides from --help (not from --help-hidden; they stay accepted) every
/// command-line option registered so far but MLIR's (`--mlir-*`), --help's
/// and --version, and those in `keep`: the shared LLVM library registers
/// hundreds for its code generators, which a tool's --help would otherwise
/// list, as mlir-opt's does not. Options registered later stay visible.
void hideLLVMOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> keep = {});

} // namespace fuse

#endif // FUSE_INITALL_H
