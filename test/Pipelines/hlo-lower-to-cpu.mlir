// The CPU pipeline takes hlo to the LLVM dialect: a long reduction is split
// into blocks that run on OpenMP threads, nothing of hlo, linalg, tensor or
// memref is left, and allocation goes through malloc or, with
// allocation-hooks, through the generic functions a runtime can count.
// RUN: fuse-opt %s --hlo-lower-to-cpu | FileCheck %s
// RUN: fuse-opt %s --hlo-lower-to-cpu="parallel=0" | FileCheck %s --check-prefix=SERIAL
// RUN: fuse-opt %s --hlo-lower-to-cpu="allocation-hooks=1" | FileCheck %s --check-prefix=HOOKS

// CHECK-LABEL: llvm.func @mean_of_squares
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK: llvm.call @malloc
// CHECK-NOT: {{hlo\.|linalg\.|tensor\.|memref\.}}
// CHECK: llvm.return

// SERIAL-LABEL: llvm.func @mean_of_squares
// SERIAL-NOT: omp.
// SERIAL: llvm.return

// HOOKS-NOT: @malloc
// HOOKS: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
// HOOKS-NOT: @malloc
func.func @mean_of_squares(%x: tensor<1024x1024xf32>) -> tensor<f32> {
  %r = hlo.fusion input(%x) : (tensor<1024x1024xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<1024x1024xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<1048576.0> : tensor<f32>
    %sq = hlo.multiply %a, %a : tensor<1024x1024xf32>
    %sum = hlo.reduce add(%sq init %zero) dims = [0, 1]
        : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %sum, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %r : tensor<f32>
}
