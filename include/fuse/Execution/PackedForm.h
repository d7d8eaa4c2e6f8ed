//===- PackedForm.h - the calling convention of entries ---------*- C++ -*-===//
//
// The runtime calls every compiled entry the same way: through a packed
// form, `void(void **)`, which takes an array of pointers to the arguments
// followed by a pointer to where the result goes. The packed form absorbs
// the C interface and the entry it wraps, and is host glue: compiled
// without optimization, so its code must suit LLVM's fast instruction
// selector.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_EXECUTION_PACKEDFORM_H
#define FUSE_EXECUTION_PACKEDFORM_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace llvm {
class Function;
} // namespace llvm

namespace fuse::exec {

/// The name of the packed form of function `name`.
std::string getPackedName(llvm::StringRef name);

/// Adds the packed form of `function` to its module, with the calls it
/// makes inlined where it is their callee's only caller, and returns it.
llvm::Function *addPackedForm(llvm::Function &function);

/// Replaces each load of an aggregate in `function` that only
/// `extractvalue`s read with loads of the fields they take.
void loadFieldsApart(llvm::Function &function);

/// Replaces each phi of an aggregate in `function` with one phi per scalar
/// field, and the `extractvalue`s of it with those phis.
void splitAggregatePhis(llvm::Function &function);

} // namespace fuse::exec

#endif // FUSE_EXECUTION_PACKEDFORM_H
