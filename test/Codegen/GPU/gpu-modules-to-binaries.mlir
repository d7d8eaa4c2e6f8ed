// Every gpu.module becomes a gpu.binary with one object per target; the
// modules compile side by side. (format=bin, through ptxas, is checked by
// Integration/GPU/ptx-corpus.test, whose pipeline runs this pass.)
// RUN: fuse-opt %s --fuse-gpu-modules-to-binaries="format=isa" | FileCheck %s

// CHECK-LABEL: module attributes {gpu.container_module}
// CHECK-NOT: gpu.module
// CHECK: gpu.binary @first [#gpu.object<#nvvm.target<chip = "sm_90">, {{.*}}assembly = "{{.*}}.target sm_90{{.*}}.entry first_kernel
// CHECK: gpu.binary @second [#gpu.object<#nvvm.target<chip = "sm_80">, {{.*}}assembly = "{{.*}}.target sm_80{{.*}}.entry second_kernel
// CHECK: gpu.binary @both [#gpu.object<#nvvm.target<chip = "sm_80">, {{.*}}.target sm_80{{.*}}>, #gpu.object<#nvvm.target<chip = "sm_90">, {{.*}}.target sm_90
module attributes {gpu.container_module} {
  gpu.module @first [#nvvm.target<chip = "sm_90">] {
    llvm.func @first_kernel(%p: !llvm.ptr) attributes {gpu.kernel, nvvm.kernel} {
      %one = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %one, %p : f32, !llvm.ptr
      llvm.return
    }
  }
  gpu.module @second [#nvvm.target<chip = "sm_80">] {
    llvm.func @second_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
  gpu.module @both [#nvvm.target<chip = "sm_80">, #nvvm.target<chip = "sm_90">] {
    llvm.func @both_kernel() attributes {gpu.kernel, nvvm.kernel} {
      llvm.return
    }
  }
}
