// The CPU pipeline takes hlo to the LLVM dialect: nothing of hlo, linalg,
// tensor or memref is left, and allocation goes through malloc or, with
// allocation-hooks, through the generic functions a runtime can count.
// With trace-kernels, timing hooks bracket each kernel's work (its
// allocations and parallel loops); without, there are none.
//
// Each kernel is a function of its own (fuse-cpu-outline-kernels). The running
// example, mean(x * x * 3 + y), as one input fusion is one parallel kernel:
// a loop over 512 blocks of 32 vector lanes (leaves of 64
// steps; their 64 KiB of partial sums on the heap), the levels of the
// pairwise tree (halving 16384 partials; from 1 KiB down on the stack), and
// the division. Unfused, each op is a kernel of its own.
// RUN: fuse-opt %s --hlo-lower-to-cpu | FileCheck %s --implicit-check-not=fuse_trace
// RUN: fuse-opt %s --hlo-lower-to-cpu="parallel=0" | FileCheck %s --check-prefix=SERIAL --implicit-check-not=omp.
// RUN: fuse-opt %s --hlo-lower-to-cpu="allocation-hooks=1" | FileCheck %s --check-prefix=HOOKS
// RUN: fuse-opt %s --hlo-lower-to-cpu="trace-kernels=1" | FileCheck %s --check-prefix=TRACE
// RUN: fuse-opt %s --hlo-lower-to-cpu --dump-pass-pipeline -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE

// Passes that change one function at a time run per function, on every
// core; only those that add or change functions run on the whole module.
// PIPELINE: func.func(
// PIPELINE-NEXT: convert-shard-to-mpi
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: fuse-mpi-finalize
// PIPELINE: fuse-codegen-reuse-input-buffers
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: any(
// PIPELINE-NEXT: fuse-codegen-compute-into-slices
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: fuse-codegen-bufferize-in-parallel
// PIPELINE-NEXT: func.func(
// PIPELINE-NEXT: promote-buffers-to-stack
// PIPELINE-NEXT: fuse-codegen-distinct-result-buffers
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: buffer-results-to-out-params
// PIPELINE-NEXT: func.func(
// PIPELINE-NEXT: expand-realloc
// PIPELINE-NEXT: canonicalize
// PIPELINE-NEXT: ownership-based-buffer-deallocation
// PIPELINE-NEXT: canonicalize
// PIPELINE-NEXT: fuse-codegen-split-deallocs
// PIPELINE-NEXT: buffer-deallocation-simplification
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: bufferization-lower-deallocations
// PIPELINE-NEXT: func.func(
// PIPELINE-NEXT: cse
// PIPELINE-NEXT: canonicalize
// PIPELINE-NEXT: convert-bufferization-to-memref
// PIPELINE-NEXT: fuse-mpi-reduce-in-place
// PIPELINE-NEXT: ),
// The conversions that declare or convert functions take each private
// function in a module of its own.
// PIPELINE: convert-math-to-llvm
// PIPELINE-NEXT: ),
// PIPELINE-NEXT: fuse-codegen-convert-to-llvm-in-parallel
// PIPELINE: llvm.func(
// PIPELINE-NEXT: fuse-cpu-parallel-access-groups
// PIPELINE-NEXT: ),

// The fusion is outlined (hlo-outline-fusions): the entry allocates its
// result and calls it.
// CHECK-LABEL: llvm.func @running_example(
// CHECK: llvm.call @malloc
// CHECK: llvm.call @running_example_fusion0(
// CHECK: llvm.return

// SERIAL-LABEL: llvm.func @running_example
// SERIAL-NOT: omp.
// SERIAL: llvm.return

// HOOKS-NOT: @malloc
// HOOKS-LABEL: llvm.func @running_example(
// HOOKS-COUNT-1: llvm.call @_mlir_memref_to_llvm_alloc
// HOOKS-NOT: llvm.call @_mlir_memref_to_llvm_alloc
// HOOKS: llvm.return
// The fusion's sum allocates its 16384 partials and the 1024 that four
// combining levels leave; the later levels' results live on the stack.
// HOOKS-LABEL: llvm.func @running_example_fusion0(
// HOOKS-COUNT-2: llvm.call @_mlir_memref_to_llvm_alloc
// HOOKS-NOT: llvm.call @_mlir_memref_to_llvm_alloc
// HOOKS: llvm.return

// TRACE-DAG: llvm.func @fuse_trace_begin(i64)
// TRACE-DAG: llvm.func @fuse_trace_end(i64)
// TRACE-LABEL: llvm.func @running_example(
// TRACE: llvm.call @fuse_trace_begin(%[[ID:.*]])
// TRACE-NOT: fuse_trace
// TRACE: llvm.call @running_example_fusion0(
// TRACE-NOT: fuse_trace
// TRACE: llvm.call @fuse_trace_end(%[[ID]])
// TRACE-NOT: fuse_trace
// TRACE: llvm.return
func.func @running_example(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<f32> {
  %r = hlo.fusion input(%x, %y) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<1024x1024xf32>, %b: tensor<1024x1024xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<1048576.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<1024x1024xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<1024x1024xf32>
    %sum = hlo.add %xx3, %b : tensor<1024x1024xf32>
    %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
        : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %r : tensor<f32>
}

// One kernel per op with loops: the broadcast and the three elementwise ops,
// each writing a 4 MiB buffer, and the reduction.
// CHECK-LABEL: llvm.func @running_example_unfused(
// CHECK-COUNT-5: llvm.call @running_example_unfused_kernel
// CHECK: llvm.return
// The fusion's function: its kernel (the parallel loop over the blocks),
// then the tree's levels (kernels it shares with the unfused program) and
// the division.
// CHECK-LABEL: llvm.func @running_example_fusion0(
// CHECK: llvm.call @running_example_fusion0_kernel0(
// CHECK: llvm.alloca %{{.*}} x f32
// CHECK-NOT: {{hlo\.|linalg\.|tensor\.|memref\.|omp\.parallel}}
// CHECK: llvm.fdiv
// CHECK: llvm.return
// The unfused program's five kernels each fork the threads.
// CHECK-LABEL: llvm.func @running_example_unfused_kernel0(
// CHECK-COUNT-5: omp.parallel
// CHECK-NOT: omp.parallel
// The fused kernel's function: its one parallel loop.
// CHECK-LABEL: llvm.func @running_example_fusion0_kernel0(
// CHECK-SAME: passthrough = ["noinline"]
// CHECK: omp.parallel
// CHECK: omp.wsloop
// CHECK-NOT: omp.parallel
// CHECK: llvm.return
func.func @running_example_unfused(%x: tensor<1024x1024xf32>, %y: tensor<1024x1024xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<1048576.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<1024x1024xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<1024x1024xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<1024x1024xf32>
  %sum = hlo.add %xx3, %y : tensor<1024x1024xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<1024x1024xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}
