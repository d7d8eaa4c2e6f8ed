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

/// LLVM's `-h` prints the help as soon as it is read, and LLVM reads an
/// unknown argument that starts with `h` (a mistyped `--hlo-...` flag) as
/// `-h` and more one-letter options: a tool printed its help and exited
/// with status 0. This spells `-h` as `--help` in `argv` and gives `-h` an
/// option that does nothing, so the rest of such an argument is refused as
/// unknown. Call before the arguments are parsed.
void spellShortHelpInFull(int argc, char **argv);

/// Hides from --help (not from --help-hidden; they stay accepted) every
/// command-line option registered so far but MLIR's (`--mlir-*`), --help's
/// and --version, and those in `keep`: the shared LLVM library registers
/// hundreds for its code generators, which a tool's --help would otherwise
/// list, as mlir-opt's does not. Options registered later stay visible.
void hideLLVMOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> keep = {});

} // namespace fuse

#endif // FUSE_INITALL_H
