//===- Handles.h - what the C API's opaque handles hold ---------*- C++ -*-===//
//
// The structs behind FuseContext, FuseModule and FuseExecutable, and the
// capture of diagnostics into the context's error text.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_LIB_CAPI_HANDLES_H
#define FUSE_LIB_CAPI_HANDLES_H

#include "fuse-c/Fuse.h"
#include "fuse/Execution/JitProgram.h"
#include "fuse/Execution/MPIJob.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>
#include <string>

struct FuseContextImpl {
  FuseContextImpl();
  mlir::MLIRContext context;
  /// The diagnostics of the last failed call.
  std::string error;
  /// fuseContextSetProgressCallback's.
  FuseProgressCallback progress = nullptr;
  void *progressUserData = nullptr;
};

struct FuseModuleImpl {
  FuseContextImpl *owner;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

struct FuseExecutableImpl {
  FuseContextImpl *owner;
  std::unique_ptr<fuse::exec::JitProgram> program;
  std::string entry;
  mlir::FunctionType type;
};

namespace fuse::capi {

/// Collects the diagnostics of one API call into `owner->error` (cleared
/// first) instead of printing them. Only errors and their notes are kept:
/// warnings and remarks of a call that succeeds are not the caller's
/// concern.
class ErrorCapture {
public:
  explicit ErrorCapture(FuseContextImpl *owner);
  /// Appends a message without a location (e.g. from an llvm::Error).
  void add(const llvm::Twine &message);

private:
  FuseContextImpl *owner;
  mlir::ScopedDiagnosticHandler handler;
};

/// Public function `entry` of `module` whose arguments and results are
/// tensors the API can exchange (fuse::exec::isRunnableType), or null after
/// adding the reason to `capture`.
mlir::func::FuncOp lookupEntry(FuseModuleImpl *module, llvm::StringRef entry,
                               ErrorCapture &capture);
/// The MPI job of this process, joined on the first call; null where
/// mpirun did not start it (Spmd.cpp).
llvm::Expected<fuse::exec::MPIJob *> getSpmdJob();
/// The devices an entry compiles for: the job's size for an SPMD `func` in
/// a process that mpirun started, else 0 (the pipeline's own option).
llvm::Expected<int64_t> getSpmdDevices(mlir::func::FuncOp func);
/// A string the caller frees with fuseStringDestroy.
char *copyString(llvm::StringRef text);

/// The passes to add to a module pass manager: "fuse-elementwise,cse" as it
/// is, and the inside of an anchored "builtin.module(...)".
llvm::StringRef stripModuleAnchor(llvm::StringRef pipeline);

} // namespace fuse::capi

#endif // FUSE_LIB_CAPI_HANDLES_H
