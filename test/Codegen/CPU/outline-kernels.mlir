// RUN: fuse-opt %s --split-input-file --fuse-cpu-outline-kernels | FileCheck %s
// RUN: fuse-opt %s --split-input-file --fuse-cpu-outline-kernels=merge-identical=false | FileCheck %s --check-prefix=APART
// RUN: fuse-opt %s --split-input-file --convert-scf-to-openmp --fuse-cpu-outline-kernels | FileCheck %s --check-prefix=OMP
// The CPU pipeline outlines a program's kernels: three layers of the same
// shapes share the functions of their row packing and products (their
// 64 rows are one row block, so the weights are read in place), and the
// program computes what the interpreter does.
// RUN: fuse-opt %S/Inputs/repeated-layers.mlir --fuse-elementwise | fuse-opt --hlo-lower-to-cpu --mlir-print-ir-after=fuse-cpu-outline-kernels -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-run %S/Inputs/repeated-layers.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/repeated-layers.mlir --random-inputs=2 --check --pipeline-options="parallel=false" | FileCheck %s --check-prefix=EXEC
// PIPELINE-LABEL: func.func @main
// PIPELINE: scf.for {{.*}} to %c3 step %c1 iter_args
// PIPELINE: func.call @main_kernel0(
// PIPELINE: func.call @main_kernel1(
// PIPELINE: func.call @main_kernel0(
// PIPELINE: func.call @main_kernel1(
// PIPELINE: func.call @main_kernel0(
// PIPELINE: func.call @main_kernel1(
// PIPELINE: func.func private @main_kernel0
// PIPELINE: func.func private @main_kernel1
// PIPELINE-NOT: func.func private
// EXEC: @main result 0: ok

// Kernels that read the same types the same way share a function; the
// constants they read are copied in, the buffers passed.
// CHECK-LABEL: func.func @layers
// CHECK-SAME: (%[[A:.*]]: memref<1024xf32>, %[[B:.*]]: memref<1024xf32>, %[[C:.*]]: memref<1024xf32>)
// CHECK-NEXT: call @layers_kernel0(%[[A]], %[[B]])
// CHECK-NEXT: call @layers_kernel0(%[[B]], %[[C]])
// CHECK-NEXT: call @layers_kernel1(%[[C]])
// CHECK-NEXT: return
// CHECK: func.func private @layers_kernel0(%[[X:.*]]: memref<1024xf32>, %[[Y:.*]]: memref<1024xf32>)
// CHECK-SAME: passthrough = ["noinline"]
// CHECK-DAG: arith.constant 0 : index
// CHECK-DAG: arith.constant 1024 : index
// CHECK: scf.parallel
// CHECK: memref.load %[[X]]
// CHECK: memref.store %{{.*}}, %[[Y]]
// CHECK: return
// CHECK: func.func private @layers_kernel1(
// CHECK: arith.constant 2.0
// CHECK-NOT: func.func private
// APART-LABEL: func.func @layers
// APART: call @layers_kernel0
// APART: call @layers_kernel1
// APART: call @layers_kernel2
// APART-COUNT-3: func.func private
func.func @layers(%a: memref<1024xf32>, %b: memref<1024xf32>, %c: memref<1024xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  %two = arith.constant 2.0 : f32
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = memref.load %a[%i] : memref<1024xf32>
    %w = math.exp %v : f32
    memref.store %w, %b[%i] : memref<1024xf32>
  }
  scf.parallel (%i) = (%c0) to (%c1024) step (%c1) {
    %v = memref.load %b[%i] : memref<1024xf32>
    %w = math.exp %v : f32
    memref.store %w, %c[%i] : memref<1024xf32>
  }
  scf.for %i = %c0 to %c1024 step %c1 {
    %v = memref.load %c[%i] : memref<1024xf32>
    %w = arith.mulf %v, %two : f32
    memref.store %w, %c[%i] : memref<1024xf32>
  }
  return
}

// -----

// A loop's results are its function's; a value computed outside (not a
// constant) is an argument.
// CHECK-LABEL: func.func @sum
// CHECK: %[[N:.*]] = arith.index_cast
// CHECK: %[[S:.*]] = call @sum_kernel0(%[[N]], %{{.*}}) : (index, memref<?xf32>) -> f32
// CHECK: return %[[S]]
// CHECK: func.func private @sum_kernel0(%[[BOUND:.*]]: index, %[[M:.*]]: memref<?xf32>) -> f32
// CHECK: %[[R:.*]] = scf.for %{{.*}} = %{{.*}} to %[[BOUND]]
// CHECK: return %[[R]] : f32
func.func @sum(%m: memref<?xf32>, %n: i32) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %bound = arith.index_cast %n : i32 to index
  %s = scf.for %i = %c0 to %bound step %c1 iter_args(%acc = %zero) -> f32 {
    %v = memref.load %m[%i] : memref<?xf32>
    %t = arith.addf %acc, %v : f32
    scf.yield %t : f32
  }
  return %s : f32
}

// -----

// A loop that forks no threads is a kernel, whatever it holds. A loop
// around loops that fork threads (the steps of a while loop) stays, and
// each omp.parallel in it is a kernel.
// CHECK-LABEL: func.func @steps
// CHECK-NEXT: call @steps_kernel0(%{{.*}}) : (memref<64xf32>) -> ()
// CHECK-NEXT: return
// CHECK: func.func private @steps_kernel0
// CHECK: scf.for
// CHECK: scf.parallel
// OMP-LABEL: func.func @steps
// OMP: scf.for
// OMP: func.call @steps_kernel0(%{{.*}}) : (memref<64xf32>) -> ()
// OMP-NEXT: }
// OMP: func.func private @steps_kernel0
// OMP-NOT: scf.for
// OMP: omp.parallel
func.func @steps(%m: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c64 = arith.constant 64 : index
  scf.for %step = %c0 to %c10 step %c1 {
    scf.parallel (%i) = (%c0) to (%c64) step (%c1) {
      %v = memref.load %m[%i] : memref<64xf32>
      %w = arith.addf %v, %v : f32
      memref.store %w, %m[%i] : memref<64xf32>
    }
  }
  return
}
