// A buffer returned more than once gets a copy for each repeat; results
// returned once, and values that are not buffers, stay as they are.
// RUN: fuse-opt %s --fuse-distinct-result-buffers | FileCheck %s

// CHECK-LABEL: func.func @twice_and_once
// CHECK-SAME: (%[[X:.*]]: memref<4xf32>, %[[N:.*]]: index)
// CHECK: %[[A:.*]] = memref.alloc() : memref<4xf32>
// CHECK: %[[COPY1:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[COPY1]]
// CHECK-NEXT: %[[COPY2:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[COPY2]]
// CHECK-NEXT: %[[COPY3:.*]] = memref.alloc() : memref<4xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[COPY3]]
// CHECK-NEXT: return %[[A]], %[[COPY1]], %[[X]], %[[COPY2]], %[[COPY3]], %[[N]], %[[N]]
func.func @twice_and_once(%x: memref<4xf32>, %n: index)
    -> (memref<4xf32>, memref<4xf32>, memref<4xf32>, memref<4xf32>,
        memref<4xf32>, index, index) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a, %x, %a, %x, %n, %n : memref<4xf32>, memref<4xf32>,
      memref<4xf32>, memref<4xf32>, memref<4xf32>, index, index
}

// A dynamic size is read from the buffer; a copy of a strided buffer is
// row-major, cast to the strided type.
// CHECK-LABEL: func.func @dynamic
// CHECK-SAME: (%[[X:.*]]: memref<?x3xf32, strided<[?, 1], offset: ?>>)
// CHECK: %[[C0:.*]] = arith.constant 0 : index
// CHECK-NEXT: %[[D:.*]] = memref.dim %[[X]], %[[C0]]
// CHECK-NEXT: %[[COPY:.*]] = memref.alloc(%[[D]]) : memref<?x3xf32>
// CHECK-NEXT: memref.copy %[[X]], %[[COPY]]
// CHECK-NEXT: %[[CAST:.*]] = memref.cast %[[COPY]] : memref<?x3xf32> to memref<?x3xf32, strided<[?, 1], offset: ?>>
// CHECK-NEXT: return %[[X]], %[[CAST]]
func.func @dynamic(%x: memref<?x3xf32, strided<[?, 1], offset: ?>>)
    -> (memref<?x3xf32, strided<[?, 1], offset: ?>>,
        memref<?x3xf32, strided<[?, 1], offset: ?>>) {
  return %x, %x : memref<?x3xf32, strided<[?, 1], offset: ?>>,
      memref<?x3xf32, strided<[?, 1], offset: ?>>
}
