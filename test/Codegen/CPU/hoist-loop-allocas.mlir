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
