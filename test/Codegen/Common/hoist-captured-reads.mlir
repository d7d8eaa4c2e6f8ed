// Marked loads with indices defined outside a loop that runs at least
// once, of buffers the loop does not write, leave it with the pure ops on
// them; the marks are dropped everywhere.
// RUN: fuse-opt %s --fuse-codegen-hoist-captured-reads | FileCheck %s

// The row index, its cast and clamp leave the column loop; the table's
// element, indexed by the column, stays.
// CHECK-LABEL: func.func @gathered_row
// CHECK: scf.parallel (%[[R:.*]]) =
// CHECK-NEXT: %[[ID:.*]] = memref.load %arg1[%[[R]]] : memref<8xi32>
// CHECK-NEXT: %[[ROW:.*]] = arith.index_cast %[[ID]]
// CHECK-NEXT: %[[CLAMPED:.*]] = arith.minsi %[[ROW]]
// CHECK-NEXT: scf.for %[[J:.*]] = %c0 to %c4 step %c1 {
// CHECK-NEXT: %[[V:.*]] = memref.load %arg0[%[[CLAMPED]], %[[J]]] : memref<6x4xf32>
// CHECK-NEXT: memref.store %[[V]], %arg2[%[[R]], %[[J]]]
// CHECK-NOT: fuse.captured_read
func.func @gathered_row(%table: memref<6x4xf32>, %ids: memref<8xi32>, %out: memref<8x4xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c8 = arith.constant 8 : index
  scf.parallel (%r) = (%c0) to (%c8) step (%c1) {
    scf.for %j = %c0 to %c4 step %c1 {
      %id = memref.load %ids[%r] {fuse.captured_read} : memref<8xi32>
      %row = arith.index_cast %id : i32 to index
      %clamped = arith.minsi %row, %c5 : index
      %v = memref.load %table[%clamped, %j] {fuse.captured_read} : memref<6x4xf32>
      memref.store %v, %out[%r, %j] : memref<8x4xf32>
    }
    scf.reduce
  }
  return
}

// Left in place: an unmarked load, a loop that may run no iteration, and a
// loop that writes the marked load's buffer (through a view).
// CHECK-LABEL: func.func @kept
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg1[%arg3] : memref<8xi32>
// CHECK: scf.for
// CHECK-NEXT: memref.load %arg1[%arg3] : memref<8xi32>
// CHECK: %[[VIEW:.*]] = memref.subview %arg1
// CHECK-NEXT: scf.for
// CHECK-NEXT: %[[ID:.*]] = memref.load %arg1[%arg3] : memref<8xi32>
// CHECK-NEXT: memref.store %[[ID]], %[[VIEW]]
// CHECK-NOT: fuse.captured_read
func.func @kept(%table: memref<6x4xf32>, %ids: memref<8xi32>, %out: memref<8x4xf32>, %r: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  scf.for %j = %c0 to %c4 step %c1 {
    %id = memref.load %ids[%r] : memref<8xi32>
    %f = arith.sitofp %id : i32 to f32
    memref.store %f, %out[%r, %j] : memref<8x4xf32>
  }
  scf.for %j = %c0 to %n step %c1 {
    %id = memref.load %ids[%r] {fuse.captured_read} : memref<8xi32>
    %f = arith.sitofp %id : i32 to f32
    memref.store %f, %out[%r, %j] : memref<8x4xf32>
  }
  %view = memref.subview %ids[0] [4] [1] : memref<8xi32> to memref<4xi32, strided<[1]>>
  scf.for %j = %c0 to %c4 step %c1 {
    %id = memref.load %ids[%r] {fuse.captured_read} : memref<8xi32>
    memref.store %id, %view[%j] : memref<4xi32, strided<[1]>>
  }
  return
}
