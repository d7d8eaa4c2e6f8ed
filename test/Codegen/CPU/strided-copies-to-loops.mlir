// RUN: fuse-opt %s --split-input-file --fuse-cpu-strided-copies-to-loops | FileCheck %s
// RUN: fuse-opt %S/Inputs/strided-copies.mlir --hlo-lower-to-cpu | FileCheck %s --check-prefix=LOWERED
// RUN: fuse-run %S/Inputs/strided-copies.mlir --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// A copy into a view of a larger buffer (the input of a padding) becomes a
// linalg.copy: parallel loops, not the runtime's element-wise memrefCopy.
// CHECK-LABEL: func.func @into_view
// CHECK-NOT: memref.copy
// CHECK: linalg.copy ins(%{{.*}} : memref<2x3xf32>) outs(%{{.*}} : memref<2x3xf32, strided<[5, 1], offset: 6>>)
func.func @into_view(%x: memref<2x3xf32>, %padded: memref<4x5xf32>) {
  %view = memref.subview %padded[1, 1] [2, 3] [1, 1] : memref<4x5xf32> to memref<2x3xf32, strided<[5, 1], offset: 6>>
  memref.copy %x, %view : memref<2x3xf32> to memref<2x3xf32, strided<[5, 1], offset: 6>>
  return
}

// -----

// Out of a strided view (a slice's columns) too.
// CHECK-LABEL: func.func @out_of_view
// CHECK: linalg.copy
func.func @out_of_view(%x: memref<4x5xf32>, %out: memref<4x2xf32>) {
  %view = memref.subview %x[0, 3] [4, 2] [1, 1] : memref<4x5xf32> to memref<4x2xf32, strided<[5, 1], offset: 3>>
  memref.copy %view, %out : memref<4x2xf32, strided<[5, 1], offset: 3>> to memref<4x2xf32>
  return
}

// -----

// Contiguous copies stay: they become one memcpy. So do scalars.
// CHECK-LABEL: func.func @contiguous
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<2x3xf32> to memref<2x3xf32>
// CHECK: memref.copy %{{.*}}, %{{.*}} : memref<f32, strided<[], offset: 1>> to memref<f32>
// CHECK-NOT: linalg.copy
func.func @contiguous(%x: memref<2x3xf32>, %y: memref<2x3xf32>, %s: memref<f32, strided<[], offset: 1>>, %t: memref<f32>) {
  memref.copy %x, %y : memref<2x3xf32> to memref<2x3xf32>
  memref.copy %s, %t : memref<f32, strided<[], offset: 1>> to memref<f32>
  return
}

// LOWERED-NOT: memrefCopy

// EXEC: @pad result 0: ok
// EXEC: @concatenate result 0: ok
// EXEC: @update result 0: ok
