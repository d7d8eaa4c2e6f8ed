// RUN: fuse-opt %s --split-input-file --fuse-cpu-mark-light-kernels | FileCheck %s
// RUN: fuse-opt %s --split-input-file --fuse-cpu-mark-light-kernels=max-ops=100000 | FileCheck %s --check-prefix=MORE
// RUN: fuse-opt %s --split-input-file --fuse-cpu-mark-light-kernels=max-ops=0 | FileCheck %s --check-prefix=NONE
// The CPU pipeline marks the two kernels of 16 elements, not the fusion
// over 256 x 256, and the LLVM dialect carries the mark; light kernels
// compile without LLVM's optimizer and compute what the interpreter does,
// also when they fork threads (OpenMP's location globals then link across
// the JIT's objects), as with every kernel optimized.
// RUN: fuse-opt %S/Inputs/light-and-heavy-kernels.mlir --fuse-elementwise | fuse-opt --hlo-lower-to-cpu | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-run %S/Inputs/light-and-heavy-kernels.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/light-and-heavy-kernels.mlir --random-inputs=2 --check --pipeline-options="min-parallel-bytes=0" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/light-and-heavy-kernels.mlir --random-inputs=3 --check --pipeline-options="light-kernel-ops=0" | FileCheck %s --check-prefix=EXEC
// NONE-NOT: fuse-light-kernel
// PIPELINE: llvm.func @main_kernel0({{.*}}passthrough = ["noinline", "fuse-light-kernel"]
// PIPELINE: llvm.func @main_fusion0_kernel0({{.*}}passthrough = ["noinline", "fuse-light-kernel"]
// PIPELINE: llvm.func @main_fusion1_kernel0({{.*}}passthrough = ["noinline"]
// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
// EXEC: @main result 2: ok

// 1 + 64 * 4 operations: light. 2^20 iterations of a parallel loop: not.
// A function without loops is not a kernel. A private function no call
// names may run some other way: it stays as it is.
// CHECK-LABEL: func.func @main
// CHECK: func.func private @small({{.*}}passthrough = ["noinline", "fuse-light-kernel"]
// CHECK: func.func private @large({{.*}}passthrough = ["noinline"]}
// CHECK: func.func private @straight(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
// CHECK: func.func private @uncalled(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
func.func @main(%a: memref<64xf32>, %b: memref<1024x1024xf32>) {
  call @small(%a) : (memref<64xf32>) -> ()
  call @large(%b) : (memref<1024x1024xf32>) -> ()
  call @straight(%a) : (memref<64xf32>) -> ()
  return
}
func.func private @small(%a: memref<64xf32>) attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
    %w = arith.addf %v, %v : f32
    memref.store %w, %a[%i] : memref<64xf32>
  }
  return
}
func.func private @large(%b: memref<1024x1024xf32>) attributes {passthrough = ["noinline"]} {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c1024 = arith.constant 1024 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c1024, %c1024) step (%c1, %c1) {
    %v = memref.load %b[%i, %j] : memref<1024x1024xf32>
    memref.store %v, %b[%j, %i] : memref<1024x1024xf32>
  }
  return
}
func.func private @straight(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %v = memref.load %a[%c0] : memref<64xf32>
  memref.store %v, %a[%c0] : memref<64xf32>
  return
}
func.func private @uncalled(%a: memref<64xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c64 = arith.constant 64 : index
  scf.for %i = %c0 to %c64 step %c1 {
    %v = memref.load %a[%i] : memref<64xf32>
    memref.store %v, %a[%i] : memref<64xf32>
  }
  return
}

// -----

// A kernel counts each call: 1 + 100 * 4 operations per call, called in
// a loop of 100 steps (40,100) and twice in sequence (802): the first is
// light only under a larger bound. Called in a loop of unknown trip count,
// or with one of its own, a kernel stays as it is.
// CHECK-LABEL: func.func @calls
// CHECK: func.func private @in_loop(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
// CHECK: func.func private @twice({{.*}}"fuse-light-kernel"
// CHECK: func.func private @in_while(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
// CHECK: func.func private @unknown_bound(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
// MORE-LABEL: func.func @calls
// MORE: func.func private @in_loop({{.*}}"fuse-light-kernel"
// MORE: func.func private @twice({{.*}}"fuse-light-kernel"
// MORE: func.func private @in_while(
// MORE-NOT: fuse-light-kernel
// MORE-SAME: {
func.func @calls(%a: memref<100xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    func.call @in_loop(%a) : (memref<100xf32>) -> ()
  }
  func.call @twice(%a) : (memref<100xf32>) -> ()
  func.call @twice(%a) : (memref<100xf32>) -> ()
  %done = scf.while (%k = %c0) : (index) -> index {
    %more = arith.cmpi slt, %k, %n : index
    scf.condition(%more) %k : index
  } do {
  ^bb0(%k: index):
    func.call @in_while(%a) : (memref<100xf32>) -> ()
    %next = arith.addi %k, %c1 : index
    scf.yield %next : index
  }
  func.call @unknown_bound(%a, %n) : (memref<100xf32>, index) -> ()
  return
}
func.func private @in_loop(%a: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %v = memref.load %a[%i] : memref<100xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %a[%i] : memref<100xf32>
  }
  return
}
func.func private @twice(%a: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %v = memref.load %a[%i] : memref<100xf32>
    %w = arith.mulf %v, %v : f32
    memref.store %w, %a[%i] : memref<100xf32>
  }
  return
}
func.func private @in_while(%a: memref<100xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c100 = arith.constant 100 : index
  scf.for %i = %c0 to %c100 step %c1 {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %a[%i] : memref<100xf32>
  }
  return
}
func.func private @unknown_bound(%a: memref<100xf32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %v = memref.load %a[%i] : memref<100xf32>
    memref.store %v, %a[%i] : memref<100xf32>
  }
  return
}

// -----

// OpenMP loops count their collapsed iterations: 8 x 8 of 3 operations.
// Functions that call each other in a cycle are left as they are.
// CHECK-LABEL: func.func @omp_and_cycle
// CHECK: func.func private @omp_kernel({{.*}}"fuse-light-kernel"
// CHECK: func.func private @ping(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
// CHECK: func.func private @pong(
// CHECK-NOT: fuse-light-kernel
// CHECK-SAME: {
func.func @omp_and_cycle(%a: memref<8x8xf32>, %flag: i1) {
  func.call @omp_kernel(%a) : (memref<8x8xf32>) -> ()
  func.call @ping(%a, %flag) : (memref<8x8xf32>, i1) -> ()
  return
}
func.func private @omp_kernel(%a: memref<8x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i, %j) : index = (%c0, %c0) to (%c8, %c8) step (%c1, %c1) {
        %v = memref.load %a[%i, %j] : memref<8x8xf32>
        memref.store %v, %a[%j, %i] : memref<8x8xf32>
        omp.yield
      }
    }
    omp.terminator
  }
  return
}
func.func private @ping(%a: memref<8x8xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i, %i] : memref<8x8xf32>
    memref.store %v, %a[%i, %c0] : memref<8x8xf32>
  }
  scf.if %flag {
    func.call @pong(%a, %flag) : (memref<8x8xf32>, i1) -> ()
  }
  return
}
func.func private @pong(%a: memref<8x8xf32>, %flag: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %a[%i, %i] : memref<8x8xf32>
    memref.store %v, %a[%c0, %i] : memref<8x8xf32>
  }
  func.call @ping(%a, %flag) : (memref<8x8xf32>, i1) -> ()
  return
}
