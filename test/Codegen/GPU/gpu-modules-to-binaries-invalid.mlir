// RUN: fuse-opt %s --fuse-gpu-modules-to-binaries="format=isa" --verify-diagnostics
// RUN: not fuse-opt %s --fuse-gpu-modules-to-binaries="format=cubin" 2>&1 | FileCheck %s --check-prefix=FORMAT

// FORMAT: error: format 'cubin' is not isa, bin or fatbin
module attributes {gpu.container_module} {
  // expected-error@+1 {{the kernel module has no target}}
  gpu.module @untargeted {
    llvm.func @kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
