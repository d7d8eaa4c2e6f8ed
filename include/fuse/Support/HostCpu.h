//===- HostCpu.h - the host CPU that code is compiled for -------*- C++ -*-===//
//
// One description of the host CPU for everything that depends on it: the
// tiles and vector widths of generated kernels, the JIT's target machine
// and the compilation cache's key. `FUSE_CPU_MAX_ISA` caps the vector
// instruction sets it uses, as XLA's `--xla_cpu_max_isa` does, so that code
// for an older x86 CPU can be built and measured on a newer one:
//
//   SSE4_2   no AVX of any width
//   AVX      AVX, without FMA or AVX2
//   AVX2     AVX2 and FMA, without AVX-512
//   AVX512   AVX-512, without AMX or AVX10
//
// Unset, fuse uses every feature the CPU has.
//
//===----------------------------------------------------------------------===//

#ifndef FUSE_SUPPORT_HOSTCPU_H
#define FUSE_SUPPORT_HOSTCPU_H

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace fuse {

struct HostCpu {
  /// LLVM's name of the CPU ("znver4").
  std::string name;
  /// Every feature LLVM knows on this host, on or off, after the cap.
  llvm::StringMap<bool> features;
  /// The cap as spelled in FUSE_CPU_MAX_ISA, upper case; empty when unset.
  std::string maxIsa;

  /// The features as LLVM's subtarget strings ("+avx2", "-avx512f"),
  /// sorted, so that those turned off come last and win.
  std::vector<std::string> getFeatureList() const;
};

/// The host CPU with the features above $FUSE_CPU_MAX_ISA turned off; an
/// error naming the accepted values when the variable holds another, or
/// when it is set on a host that is not x86.
llvm::Expected<HostCpu> detectHostCpu();

} // namespace fuse

#endif // FUSE_SUPPORT_HOSTCPU_H
