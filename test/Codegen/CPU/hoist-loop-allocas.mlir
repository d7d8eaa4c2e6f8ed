// RUN: fuse-opt %s --fuse-cpu-hoist-loop-allocas --split-input-file | FileCheck %s

// A row's buffers in a sequential loop: allocated once, at the function's
// entry, and reused by every row.
// CHECK-LABEL: func.func @rows
// CHECK-DAG: %[[MAX:.*]] = memref.alloca() : memref<1xf32>
// CHECK-DAG: %[[ROW:.*]] = memref.alloca() : memref<1x10xf32>
// CHECK: scf.for
// CHECK-NOT: memref.alloca
// CHECK: memref.store %{{.*}}, %[[MAX]]
// CHECK: memref.subview %[[ROW]]
func.func @rows(%out: memref<128x10xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  scf.for %i = %c0 to %c128 step %c1 {
    %max = memref.alloca() : memref<1xf32>
    memref.store %zero, %max[%c0] : memref<1xf32>
    %row = memref.alloca() : memref<1x10xf32>
    %view = memref.subview %row[0, 0] [1, 10] [1, 1] : memref<1x10xf32> to memref<10xf32>
    %v = memref.load %max[%c0] : memref<1xf32>
    memref.store %v, %view[%c0] : memref<10xf32>
    scf.yield
  }
  return
}

// -----

// In an OpenMP loop, each thread runs the omp.parallel region once: the
// buffer moves to its start, one per thread.
// CHECK-LABEL: func.func @threads
// CHECK: omp.parallel {
// CHECK-NEXT: %[[BUF:.*]] = memref.alloca() : memref<16xf32>
// CHECK-NEXT: omp.wsloop
// CHECK: memref.alloca_scope
// CHECK-NOT: memref.alloca()
// CHECK: memref.store %{{.*}}, %[[BUF]]
func.func @threads(%out: memref<128xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c128 = arith.constant 128 : index
  %zero = arith.constant 0.0 : f32
  omp.parallel {
    omp.wsloop {
      omp.loop_nest (%i) : index = (%c0) to (%c128) step (%c1) {
        memref.alloca_scope {
          %buf = memref.alloca() : memref<16xf32>
          memref.store %zero, %buf[%c0] : memref<16xf32>
          %v = memref.load %buf[%c0] : memref<16xf32>
          memref.store %v, %out[%i] : memref<128xf32>
        }
        omp.yield
      }
    }
    omp.terminator
  }
  return
}

// -----

// Left in place: a buffer the loop carries to its next iteration, one of
// dynamic size, and one already at the function's entry.
// CHECK-LABEL: func.func @kept
// CHECK: %[[FIRST:.*]] = memref.alloca() : memref<4xf32>
// CHECK: scf.for
// CHECK-NEXT: memref.alloca() : memref<4xf32>
// CHECK: memref.alloca(%{{.*}}) : memref<?xf32>
func.func @kept(%n: index) -> memref<4xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %zero = arith.constant 0.0 : f32
  %first = memref.alloca() : memref<4xf32>
  %last = scf.for %i = %c0 to %c8 step %c1 iter_args(%prev = %first) -> memref<4xf32> {
    %next = memref.alloca() : memref<4xf32>
    %dyn = memref.alloca(%n) : memref<?xf32>
    memref.store %zero, %dyn[%c0] : memref<?xf32>
    scf.yield %next : memref<4xf32>
  }
  return %last : memref<4xf32>
}

// -----

// A loop made from a parallel one shares the buffer hoisted out of its body
// between its iterations: its annotation loses its parallel accesses and
// keeps the rest. A loop whose body keeps no buffer keeps its group.
// CHECK-DAG: #[[$GROUP:.*]] = #llvm.access_group<id = distinct[{{[0-9]+}}]<>>
// CHECK-DAG: #[[$UNROLL:.*]] = #llvm.loop_unroll<disable = true>
// CHECK-DAG: #[[$ROLLED:.*]] = #llvm.loop_annotation<unroll = #[[$UNROLL]]>
// CHECK-DAG: #[[$PARALLEL:.*]] = #llvm.loop_annotation<parallelAccesses = #[[$GROUP]]>
// CHECK-LABEL: func.func @serialized_rows
// CHECK: memref.alloca() : memref<4xf32>
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$ROLLED]]}
// CHECK: scf.for
// CHECK: } {loop_annotation = #[[$PARALLEL]]}
func.func @serialized_rows(%in: memref<8x4xf32>, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  scf.for %i = %c0 to %c8 step %c1 {
    %line = memref.alloca() : memref<4xf32>
    %row = memref.subview %in[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %row, %line : memref<4xf32, strided<[1], offset: ?>> to memref<4xf32>
    %dest = memref.subview %out[%i, 0] [1, 4] [1, 1] : memref<8x4xf32> to memref<4xf32, strided<[1], offset: ?>>
    memref.copy %line, %dest : memref<4xf32> to memref<4xf32, strided<[1], offset: ?>>
  } {loop_annotation = #llvm.loop_annotation<unroll = <disable = true>, parallelAccesses = <id = distinct[0]<>>>}
  scf.for %i = %c0 to %c8 step %c1 {
    %v = memref.load %in[%i, %c0] : memref<8x4xf32>
    memref.store %v, %out[%i, %c0] : memref<8x4xf32>
  } {loop_annotation = #llvm.loop_annotation<parallelAccesses = <id = distinct[1]<>>>}
  return
}
