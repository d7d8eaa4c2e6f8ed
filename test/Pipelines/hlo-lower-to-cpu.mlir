// The CPU pipeline takes hlo to the LLVM dialect: a long reduction is split
// into blocks that run on OpenMP threads, nothing of hlo, linalg, tensor or
// memref is left, and allocation goes through malloc or, with
// allocation-hooks, through the generic functions a runtime can count.
// With trace-kernels, timing hooks bracket each kernel's work (its
// allocations and parallel loops); without, there are none.
// RUN: fuse-opt %s --hlo-lower-to-cpu | FileCheck %s --implicit-check-not=fuse_trace
// RUN: fuse-opt %s --hlo-lower-to-cpu="parallel=0" | FileCheck %s --check-prefix=SERIAL
// RUN: fuse-opt %s --hlo-lower-to-cpu="allocation-hooks=1" | FileCheck %s --check-prefix=HOOKS
// RUN: fuse-opt %s --hlo-lower-to-cpu="trace-kernels=1" | FileCheck %s --check-prefix=TRACE

// CHECK-LABEL: llvm.func @mean_of_squares
// CHECK: llvm.call @malloc
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK-NOT: {{hlo\.|linalg\.|tensor\.|memref\.}}
// CHECK: llvm.return

// SERIAL-LABEL: llvm.func @mean_of_squares
// SERIAL-NOT: omp.
// SERIAL: llvm.return

// HOOKS-NOT: @malloc
// HOOKS: llvm.func @_mlir_memref_to_llvm_alloc(i64) -> !llvm.ptr
// HOOKS-NOT: @malloc

// TRACE: llvm.func @fuse_trace_begin(i64)
// TRACE: llvm.func @fuse_trace_end(i64)
// TRACE-LABEL: llvm.func @mean_of_squares
// TRACE: %[[ID:.*]] = llvm.mlir.constant(0 : i64) : i64
// TRACE: llvm.call @fuse_trace_begin(%[[ID]])
// TRACE-NOT: fuse_trace
// TRACE: llvm.call @malloc
// TRACE-NOT: fuse_trace
// TRACE: omp.parallel
// TRACE-NOT: fuse_trace
// TRACE: llvm.fdiv
// TRACE-NEXT: llvm.store
// TRACE-NEXT: llvm.call @fuse_trace_end(%[[ID]])
// TRACE-NOT: fuse_trace
// TRACE: llvm.return
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
