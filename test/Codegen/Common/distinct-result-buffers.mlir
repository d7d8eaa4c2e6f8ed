// A buffer returned more than once gets a copy for each repeat; results
// returned once, and values that are not buffers, stay as they are.
// RUN: fuse-opt %s --fuse-codegen-distinct-result-buffers | FileCheck %s
// RUN: fuse-opt %s --fuse-codegen-distinct-result-buffers=private-only \
// RUN: | FileCheck %s --check-prefix=PRIVATE

// With private-only, public functions keep their repeats (they will return
// them); private ones still get copies.
// PRIVATE-LABEL: func.func @twice_and_once
// PRIVATE-NOT: memref.copy
// PRIVATE-LABEL: func.func private @private_twice
// PRIVATE: %[[A:.*]] = memref.alloc() : memref<4xf32>
// PRIVATE-NEXT: %[[COPY:.*]] = memref.alloc() : memref<4xf32>
// PRIVATE-NEXT: memref.copy %[[A]], %[[COPY]]
// PRIVATE-NEXT: return %[[A]], %[[COPY]]

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

// A result that views a buffer through reshapes that undo each other is
// returned as that buffer (and a repeat of it is copied); a reshape that
// changes the type stays.
// CHECK-LABEL: func.func @batched_form
// CHECK: %[[A:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK: %[[FLAT:.*]] = memref.collapse_shape %[[A]]
// CHECK: %[[COPY:.*]] = memref.alloc() : memref<4x8xf32>
// CHECK-NEXT: memref.copy %[[A]], %[[COPY]]
// CHECK-NEXT: return %[[A]], %[[COPY]], %[[FLAT]]
func.func @batched_form() -> (memref<4x8xf32>, memref<4x8xf32>, memref<32xf32>) {
  %a = memref.alloc() : memref<4x8xf32>
  %batched = memref.expand_shape %a [[0, 1], [2]] output_shape [1, 4, 8] : memref<4x8xf32> into memref<1x4x8xf32>
  %back = memref.collapse_shape %batched [[0, 1], [2]] : memref<1x4x8xf32> into memref<4x8xf32>
  %flat = memref.collapse_shape %a [[0, 1]] : memref<4x8xf32> into memref<32xf32>
  return %back, %back, %flat : memref<4x8xf32>, memref<4x8xf32>, memref<32xf32>
}

// CHECK-LABEL: func.func private @private_twice
// CHECK: memref.copy
func.func private @private_twice() -> (memref<4xf32>, memref<4xf32>) {
  %a = memref.alloc() : memref<4xf32>
  return %a, %a : memref<4xf32>, memref<4xf32>
}
