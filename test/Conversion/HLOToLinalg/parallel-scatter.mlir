// With parallel-lowerings (the GPU pipeline's), hlo.scatter lowers to an
// scf.forall over the updates that combines each update into a new buffer
// (a copy of the operand) with one memref.atomic_rmw: the body's one add,
// min, max, and or or, applied to a value computed from the update before
// it, or a replace (assign). Any other body (a multiply) runs the sequential
// loop nest on the buffer in the first of two forall iterations: one thread
// of a kernel. The result is the buffer as a tensor.
// The RUN lines after the first run every function on the emulated GPU
// tiling against the interpreter, and lower them to cubins through ptxas.
// RUN: fuse-opt %s --convert-hlo-to-linalg=parallel-lowerings=true --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="emulate-gpu-tiling=true emulated-block-size=32 emulated-max-blocks=1" | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-5: : ok

// CHECK-LABEL: func.func @add
// CHECK-SAME: (%[[TABLE:.*]]: tensor<5x3xf32>, %[[IDS:.*]]: tensor<12xi32>, %[[ROWS:.*]]: tensor<12x3xf32>)
// CHECK: %[[SOURCE:.*]] = bufferization.to_buffer %[[TABLE]] read_only : tensor<5x3xf32> to memref<5x3xf32>
// CHECK: %[[BUFFER:.*]] = memref.alloc() : memref<5x3xf32>
// CHECK: memref.copy %[[SOURCE]], %[[BUFFER]]
// CHECK: scf.forall (%[[U:.*]], %[[W:.*]]) in (12, 3) {
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[U]]]
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: scf.if
// CHECK: %[[UPDATE:.*]] = tensor.extract %[[ROWS]][%[[U]], %[[W]]]
// CHECK: memref.atomic_rmw addf %[[UPDATE]], %[[BUFFER]][%[[ROW]], %[[W]]]
// CHECK: %[[RESULT:.*]] = bufferization.to_tensor %[[BUFFER]] restrict writable
// CHECK: return %[[RESULT]]
func.func @add(%table: tensor<5x3xf32>, %ids: tensor<12xi32>, %rows: tensor<12x3xf32>) -> tensor<5x3xf32> {
  %r = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %s = hlo.add %a, %u : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<5x3xf32>
}

// The update scaled by a value from outside the body, then added: the
// multiply runs before the atomic add.
// CHECK-LABEL: func.func @scaled_points
// CHECK: scf.forall (%{{.*}}) in (10) {
// CHECK: %[[V:.*]] = tensor.extract %{{.*}}[%{{.*}}] : tensor<10xi32>
// CHECK: %[[SCALED:.*]] = arith.muli %[[V]], %{{.*}} : i32
// CHECK-NEXT: memref.atomic_rmw addi %[[SCALED]], %{{.*}}[%{{.*}}, %{{.*}}] : (i32, memref<4x4xi32>) -> i32
func.func @scaled_points(%counts: tensor<4x4xi32>, %pairs: tensor<10x2xi32>, %ones: tensor<10xi32>, %scale: tensor<i32>) -> tensor<4x4xi32> {
  %h = hlo.scatter %counts[%pairs], %ones, update_window_dims = [], inserted_window_dims = [0, 1], scatter_dims_to_operand_dims = [0, 1], index_vector_dim = 1 : (tensor<4x4xi32>, tensor<10x2xi32>, tensor<10xi32>) -> tensor<4x4xi32> {
  ^bb0(%a: tensor<i32>, %v: tensor<i32>):
    %sv = hlo.multiply %v, %scale : tensor<i32>
    %r = hlo.add %a, %sv : tensor<i32>
    hlo.return %r : tensor<i32>
  }
  return %h : tensor<4x4xi32>
}

// maximum (NaN-propagating, as XLA's) and minimum on integers.
// CHECK-LABEL: func.func @extremes
// CHECK: memref.atomic_rmw maximumf
// CHECK: memref.atomic_rmw mins
func.func @extremes(%table: tensor<5x3xf32>, %ids: tensor<12xi32>, %rows: tensor<12x3xf32>, %itable: tensor<5x3xi32>, %irows: tensor<12x3xi32>) -> (tensor<5x3xf32>, tensor<5x3xi32>) {
  %max = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %s = hlo.maximum %a, %u : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %min = hlo.scatter %itable[%ids], %irows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xi32>, tensor<12xi32>, tensor<12x3xi32>) -> tensor<5x3xi32> {
  ^bb0(%a: tensor<i32>, %u: tensor<i32>):
    %s = hlo.minimum %u, %a : tensor<i32>
    hlo.return %s : tensor<i32>
  }
  return %max, %min : tensor<5x3xf32>, tensor<5x3xi32>
}

// Replace, with unique ids so that the result is defined: an atomic assign.
// CHECK-LABEL: func.func @replace
// CHECK: memref.atomic_rmw assign
func.func @replace(%table: tensor<5x3xf32>, %rows: tensor<5x3xf32>) -> tensor<5x3xf32> {
  %unique = hlo.iota dim = 0 : tensor<5xi32>
  %r = hlo.scatter %table[%unique], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 {unique_indices = true} : (tensor<5x3xf32>, tensor<5xi32>, tensor<5x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    hlo.return %u : tensor<f32>
  }
  return %r : tensor<5x3xf32>
}

// A multiply has no atomic instruction: the sequential nest, on the buffer,
// in the first of two iterations.
// CHECK-LABEL: func.func @multiply
// CHECK: %[[BUFFER:.*]] = memref.alloc() : memref<5x3xf32>
// CHECK: scf.forall (%[[I:.*]]) in (2) {
// CHECK: %[[FIRST:.*]] = arith.cmpi eq, %[[I]], %{{.*}} : index
// CHECK: scf.if %[[FIRST]] {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[CURRENT:.*]] = memref.load %[[BUFFER]]
// CHECK: %[[UPDATE:.*]] = tensor.extract
// CHECK: %[[PRODUCT:.*]] = arith.mulf %[[CURRENT]], %[[UPDATE]] : f32
// CHECK: memref.store %[[PRODUCT]], %[[BUFFER]]
// CHECK-NOT: memref.atomic_rmw
// CHECK: bufferization.to_tensor %[[BUFFER]] restrict writable
func.func @multiply(%table: tensor<5x3xf32>, %ids: tensor<12xi32>, %rows: tensor<12x3xf32>) -> tensor<5x3xf32> {
  %r = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %s = hlo.multiply %a, %u : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<5x3xf32>
}
