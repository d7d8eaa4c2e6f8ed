//===- LightKernels.h - kernels compiled without LLVM's optimizer -*- C++
//-*-===//
//
// fuse-cpu-mark-light-kernels marks the functions of kernels that do little
// work with an LLVM function attribute; the host JIT compiles them without
// LLVM's IR optimizer (lib/Execution/HostJit.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_CODEGEN_CPU_LIGHTKERNELS_H
#define FUSE_CODEGEN_CPU_LIGHTKERNELS_H

#include "llvm/ADT/StringRef.h"

namespace fuse {

/// The string attribute of an LLVM function whose kernel is light.
inline constexpr llvm::StringLiteral kLightKernelAttribute =
    "fuse-light-kernel";

} // namespace fuse

#endif // FUSE_CODEGEN_CPU_LIGHTKERNELS_H
