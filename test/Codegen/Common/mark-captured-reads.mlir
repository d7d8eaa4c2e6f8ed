// A load in a linalg op's body of a buffer defined outside the op is
// marked; loads of buffers defined inside the body, and ops on tensors, are
// not.
// RUN: fuse-opt %s --fuse-codegen-mark-captured-reads | FileCheck %s

// CHECK-LABEL: func.func @gather_rows
// CHECK: %[[ROW:.*]] = memref.load %arg1[%{{.*}}] {fuse.captured_read} : memref<8xi32>
// CHECK: memref.load %arg0[%{{.*}}, %{{.*}}] {fuse.captured_read} : memref<6x4xf32>
// CHECK: memref.load %[[LOCAL:.*]][%{{.*}}] : memref<1xf32>
// CHECK-NOT: fuse.captured_read
// CHECK: return
func.func @gather_rows(%table: memref<6x4xf32>, %ids: memref<8xi32>, %out: memref<8x4xf32>) {
  linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%out : memref<8x4xf32>) {
  ^bb0(%o: f32):
    %i = linalg.index 0 : index
    %j = linalg.index 1 : index
    %id = memref.load %ids[%i] : memref<8xi32>
    %row = arith.index_cast %id : i32 to index
    %v = memref.load %table[%row, %j] : memref<6x4xf32>
    %local = memref.alloca() : memref<1xf32>
    %c0 = arith.constant 0 : index
    memref.store %v, %local[%c0] : memref<1xf32>
    %w = memref.load %local[%c0] : memref<1xf32>
    linalg.yield %w : f32
  }
  return
}

// Not on buffers yet: nothing is marked.
// CHECK-LABEL: func.func @on_tensors
// CHECK-NOT: fuse.captured_read
// CHECK: return
func.func @on_tensors(%table: memref<6x4xf32>, %init: tensor<8x4xf32>) -> tensor<8x4xf32> {
  %r = linalg.generic {indexing_maps = [affine_map<(d0, d1) -> (d0, d1)>], iterator_types = ["parallel", "parallel"]} outs(%init : tensor<8x4xf32>) {
  ^bb0(%o: f32):
    %c0 = arith.constant 0 : index
    %v = memref.load %table[%c0, %c0] : memref<6x4xf32>
    linalg.yield %v : f32
  } -> tensor<8x4xf32>
  return %r : tensor<8x4xf32>
}
