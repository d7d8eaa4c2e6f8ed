//===- ModuleParts.h - an LLVM module in parts of equal cost ----*- C++ -*-===//
//
// The host JIT optimizes and compiles a program's kernels in parts, one at
// a time on each core. llvm::SplitModule balances the number of functions
// per part, or hashes their names; a program's kernels range from a few
// instructions to thousands, so parts of equal count took 1.3 and 2.0 s on
// the ResNet step. These parts balance instructions instead, and there are
// more parts than cores, so that a core that finishes early takes the next.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_MODULEPARTS_H
#define FUSE_EXECUTION_MODULEPARTS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>
#include <memory>

namespace llvm {
class Function;
class GlobalValue;
class Module;
} // namespace llvm

namespace fuse::exec {

/// The number of parts worth compiling `module` in on `threads` threads:
/// one below a size where a part's overhead (its bitcode, its context and
/// pass pipelines) outweighs the cores it frees, else up to four per
/// thread, each of a useful size, and no more than its functions.
unsigned countModuleParts(const llvm::Module &module, unsigned threads);

/// Moves the definitions of `functions` (of `module`) into a new module of
/// its context, which declares the rest of `module` (and defines its global
/// variables too when `defineVariables`); `module` keeps declarations of
/// them. Their blocks move rather than being copied: cloning a training
/// step's host glue and deleting the original took longer than translating
/// it (0.25 s of a 32k-op program's compile). The functions must be linkable
/// from another module (makeLinkableAcrossParts), and so must what they use.
std::unique_ptr<llvm::Module>
moveIntoNewModule(llvm::Module &module,
                  llvm::ArrayRef<llvm::Function *> functions,
                  bool defineVariables);

/// Splits `module` into `parts` modules that link together, and calls
/// `takePart` on each with its cost (its functions' instructions), the
/// costliest first. Functions go to the part of least cost so far, largest
/// first, and move there (moveIntoNewModule), leaving `module` their
/// declarations; global variables are defined in the first part. Local and
/// discardable definitions of `module` become external ones
/// (makeLinkableAcrossParts), so that the parts can refer to each other's.
void splitModuleByCost(
    llvm::Module &module, unsigned parts,
    llvm::function_ref<void(std::unique_ptr<llvm::Module> part, size_t cost)>
        takePart);

/// Makes `global` linkable from another module: a local definition becomes
/// an external one (named, if it had no name), hidden for a function and
/// preemptible for a variable (reached through the GOT in position-
/// independent code), a discardable one a weak one, which the module that
/// defines it keeps.
void makeLinkableAcrossParts(llvm::GlobalValue &global);

/// The cost of compiling `function` that splitModuleByCost balances.
size_t getCompileCost(const llvm::Function &function);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_MODULEPARTS_H
