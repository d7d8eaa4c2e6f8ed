//===- HostJit.h - a JIT that compiles on every core ------------*- C++ -*-===//
//
// The JIT of host programs. mlir::ExecutionEngine optimizes and compiles
// its module on one thread; a program's functions (the outlined parallel
// kernels of its fusions and products) are independent, so this JIT splits
// the translated module into parts of about equal size, a few per core, and
// optimizes and compiles them on every core, each in its own LLVM context,
// each core taking the next part when it is done. The host glue
// (the entry and the straight-line functions that allocate and launch
// kernels) is a part of its own, compiled without optimization: it runs
// once per call, and at -O3 its thousands of calls cost seconds. Compiling
// and loading are apart, so that the objects can go to the compilation
// cache and come back from it; loading links them in an ORC LLJIT.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_HOSTJIT_H
#define FUSE_EXECUTION_HOSTJIT_H

#include "fuse/Execution/CompilationCache.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/Timing.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/Support/Error.h"

#include <memory>
#include <string>

namespace llvm {
class LLVMContext;
class Module;
class TargetMachine;
} // namespace llvm

namespace llvm::orc {
class LLJIT;
} // namespace llvm::orc

namespace fuse::exec {

/// The name LLVM's legacy pass manager gives loop strength reduction.
inline constexpr llvm::StringLiteral kLoopStrengthReduction =
    "Loop Strength Reduction";

/// Has LLVM's code generation of modules in `context` leave out loop
/// strength reduction, as the host's kernels need none of it (HostJit.cpp).
void leaveOutLoopStrengthReduction(llvm::LLVMContext &context);

/// Optimizes the IR of the kernels in `module` for `machine`: the part of
/// LLVM's -O2 that code MLIR has tiled and vectorized needs, with the loop
/// vectorizer for the loops it leaves scalar (HostJit.cpp).
llvm::Error optimizeKernels(llvm::Module &module, llvm::TargetMachine &machine);

/// The host's target machine builder (detectHostCpu's CPU and features,
/// position-independent code of the small code model), with LLVM's native
/// target initialized (once).
llvm::Expected<llvm::orc::JITTargetMachineBuilder> detectHostMachine();

class HostJit {
public:
  /// Translates `module` (LLVM dialect, its translations registered) and
  /// compiles its kernels (optimizeKernels) for the host CPU (as
  /// FUSE_CPU_MAX_ISA caps it), its glue without optimization, on up to
  /// `threads` threads (0: one per core, or one when the context's
  /// multithreading is disabled). Each function `name` in `packedNames` gets a
  /// packed form (see lookupPacked). The translation and the compile are timed
  /// in scopes nested in `timing`, when given. The program's `kernels` stay
  /// empty.
  static llvm::Expected<CompiledProgram>
  compile(mlir::ModuleOp module, llvm::ArrayRef<std::string> packedNames,
          unsigned threads = 0, mlir::TimingScope *timing = nullptr);

  /// A JIT of the objects of `program`, compiled here or loaded from the
  /// compilation cache; `libraries` are shared libraries its symbols may
  /// come from.
  static llvm::Expected<std::unique_ptr<HostJit>>
  load(CompiledProgram program, llvm::ArrayRef<std::string> libraries);

  ~HostJit();

  /// Defines the symbols that `symbols` makes, before they are looked up.
  void registerSymbols(
      llvm::function_ref<llvm::orc::SymbolMap(llvm::orc::MangleAndInterner)>
          symbols);

  /// The packed form of function `name` (one of `packedNames`): it takes an
  /// array of pointers to the arguments, followed by a pointer to where the
  /// result goes when there is one. Links the program on the first lookup.
  llvm::Expected<void (*)(void **)> lookupPacked(llvm::StringRef name);

  /// Runs the program's constructors (LLVM's llvm.global_ctors, which the
  /// GPU binaries' loading uses), once, after the lookups.
  llvm::Error initialize();

private:
  HostJit() = default;

  std::unique_ptr<llvm::orc::LLJIT> jit;
  /// Constructor and destructor names in the order they run.
  std::vector<std::string> constructors, destructors;
  bool initialized = false;
};

} // namespace fuse::exec

#endif // FUSE_EXECUTION_HOSTJIT_H
