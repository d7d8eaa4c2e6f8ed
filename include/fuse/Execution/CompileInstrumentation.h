//===- CompileInstrumentation.h - what a tool adds to a compile -*- C++ -*-===//
//
// The pass manager set-up from a tool's command line, and the timer that
// --mlir-timing reports a compile's stages under: the passes, and after
// them the translation to LLVM IR, LLVM's optimization and code generation,
// and linking.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_COMPILEINSTRUMENTATION_H
#define FUSE_EXECUTION_COMPILEINSTRUMENTATION_H

#include "fuse/Execution/CompileProgress.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include <functional>

namespace fuse::exec {

struct CompileInstrumentation {
  /// Sets up each pass manager before it runs (IR printing, crash
  /// reproducers, ...); null: nothing to set up.
  std::function<mlir::LogicalResult(mlir::PassManager &)> configurePassManager;
  /// The scope the compile's stages are timed in; null: not timed.
  mlir::TimingScope *timing = nullptr;
  /// Where a compile that runs over `progressAfterSeconds` says what it is
  /// doing (CompileProgress); null: nowhere.
  CompileProgress::Sink progress;
  double progressAfterSeconds = 2.0;
  /// Whether the IR is verified after every pass, as fuse-opt does; else
  /// once, after the last (verifyLowered). Verifying after each pass took
  /// 0.6 of the 2 s that a ResNet step's passes take.
  bool verifyEachPass = false;

  /// Applies `configurePassManager`, `timing` and `verifyEachPass` to `pm`.
  mlir::LogicalResult configure(mlir::PassManager &pm) const {
    pm.enableVerifier(verifyEachPass);
    if (timing)
      pm.enableTiming(*timing);
    return configurePassManager ? configurePassManager(pm) : mlir::success();
  }

  /// Verifies `lowered` once, after a pass manager `configure`d with
  /// `verifyEachPass` off has run on it; a no-op when each pass verified.
  mlir::LogicalResult verifyLowered(mlir::Operation *lowered) const {
    return verifyEachPass ? mlir::success() : mlir::verify(lowered);
  }

  /// A scope nested in `timing` for the stage `name`; an empty scope, which
  /// times nothing, when not timed.
  mlir::TimingScope nest(llvm::StringRef name) const {
    return timing ? timing->nest(name) : mlir::TimingScope();
  }
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_COMPILEINSTRUMENTATION_H
