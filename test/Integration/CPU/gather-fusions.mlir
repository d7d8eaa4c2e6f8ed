// A loop fusion of gathers (a GNN's messages: each edge's two nodes'
// rows, a bias, a ReLU): each row index is loaded and clamped once per row,
// outside the loop over the row's columns, which then reads the tables'
// rows contiguously. Random indices in [-8, 8] fall outside the 6 rows, so
// the run checks the clamping too.
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=1 --no-cache --mlir-print-ir-after=fuse-codegen-hoist-captured-reads 2>&1 >/dev/null | FileCheck %s
// EXEC: @main result 0: ok

// CHECK: scf.for %[[E:[a-z0-9]+]] =
// CHECK-COUNT-2: memref.load %{{.*}}[%[[E]]] : memref<16xi32>
// CHECK: scf.for %[[J:[a-z0-9]+]] =
// CHECK-NOT: : memref<16xi32>
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[J]]] : memref<6x8xf32>
// CHECK: memref.load %{{.*}}[%{{.*}}, %[[J]]] : memref<6x8xf32>
// CHECK-NOT: : memref<16xi32>
// CHECK: memref.store
// CHECK-NOT: fuse.captured_read
func.func @main(%x: tensor<6x8xf32>, %y: tensor<6x8xf32>, %s: tensor<16xi32>, %r: tensor<16xi32>, %b: tensor<8xf32>) -> tensor<16x8xf32> {
  %0 = hlo.fusion loop(%x, %y, %s, %r, %b) : (tensor<6x8xf32>, tensor<6x8xf32>, tensor<16xi32>, tensor<16xi32>, tensor<8xf32>) -> tensor<16x8xf32> {
  ^bb0(%tx: tensor<6x8xf32>, %ty: tensor<6x8xf32>, %is: tensor<16xi32>, %ir: tensor<16xi32>, %bias: tensor<8xf32>):
    %gs = hlo.gather %tx[%is], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 8] : (tensor<6x8xf32>, tensor<16xi32>) -> tensor<16x8xf32>
    %gr = hlo.gather %ty[%ir], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 8] : (tensor<6x8xf32>, tensor<16xi32>) -> tensor<16x8xf32>
    %sum = hlo.add %gs, %gr : tensor<16x8xf32>
    %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
    %pre = hlo.add %sum, %bb : tensor<16x8xf32>
    %zero = hlo.constant dense<0.0> : tensor<16x8xf32>
    %relu = hlo.maximum %pre, %zero : tensor<16x8xf32>
    hlo.yield %relu : tensor<16x8xf32>
  }
  return %0 : tensor<16x8xf32>
}
