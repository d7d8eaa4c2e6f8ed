//===- InitAll.h - register everything fuse provides ------------*- C++ -*-===//

#ifndef FUSE_INITALL_H
#define FUSE_INITALL_H

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

} // namespace fuse

#endif // FUSE_INITALL_H
