// hlo.gather lowers to a linalg.generic over the result whose body reads
// the index vector and then the element with tensor.extract, the start
// clamped into [0, dim - slice size]; hlo.scatter to a sequential loop nest
// over the updates' windows that combines each window into the loop-carried
// tensor with the scalar body (a linalg.generic on slices, or extract and
// insert for one element), inside an scf.if that skips windows out of
// bounds.
// The last RUN line runs both against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-5: : ok

// The window map of @scatter_window.
// CHECK: #[[$UPDATES:.*]] = affine_map<(d0, d1) -> (d0, 0, d1)>

// CHECK-LABEL: func.func @gather
// CHECK-SAME: (%[[TABLE:.*]]: tensor<6x5xf32>, %[[IDS:.*]]: tensor<9xi32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C5:.*]] = arith.constant 5 : index
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(
// CHECK: %[[I:.*]] = linalg.index 0 : index
// CHECK: %[[J:.*]] = linalg.index 1 : index
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[I]]] : tensor<9xi32>
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: %[[LOW:.*]] = arith.maxsi %[[ROW]], %[[C0]] : index
// CHECK: %[[CLAMPED:.*]] = arith.minsi %[[LOW]], %[[C5]] : index
// CHECK: %[[E:.*]] = tensor.extract %[[TABLE]][%[[CLAMPED]], %[[J]]] : tensor<6x5xf32>
// CHECK: linalg.yield %[[E]] : f32
func.func @gather(%table: tensor<6x5xf32>, %ids: tensor<9xi32>) -> tensor<9x5xf32> {
  %g = hlo.gather %table[%ids], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 5] : (tensor<6x5xf32>, tensor<9xi32>) -> tensor<9x5xf32>
  return %g : tensor<9x5xf32>
}

// CHECK-LABEL: func.func @scatter
// CHECK-SAME: (%[[TABLE:.*]]: tensor<5x3xf32>, %[[IDS:.*]]: tensor<12xi32>, %[[ROWS:.*]]: tensor<12x3xf32>)
// CHECK-DAG: %[[C4:.*]] = arith.constant 4 : index
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[TABLE]])
// CHECK-NOT: scf.for
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[U]]]
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: arith.cmpi sge, %[[ROW]]
// CHECK: arith.cmpi sle, %[[ROW]], %[[C4]]
// CHECK: %[[NEXT:.*]] = scf.if %{{.*}} -> (tensor<5x3xf32>) {
// CHECK-NEXT: %[[UPDATE:.*]] = tensor.extract_slice %[[ROWS]][%[[U]], 0] [1, 3] [1, 1]
// CHECK-NEXT: %[[CURRENT:.*]] = tensor.extract_slice %[[ACC]][%[[ROW]], 0] [1, 3] [1, 1]
// CHECK-NEXT: %[[SUMS:.*]] = linalg.generic {indexing_maps = [#[[ROWMAP:.*]], #[[ROWMAP]]], iterator_types = ["parallel"]} ins(%[[UPDATE]] : tensor<1x3xf32>) outs(%[[CURRENT]] : tensor<1x3xf32>)
// CHECK-NEXT: ^bb0(%[[IN:.*]]: f32, %[[OUT:.*]]: f32):
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[OUT]], %[[IN]] : f32
// CHECK-NEXT: linalg.yield %[[SUM]]
// CHECK: %[[INSERTED:.*]] = tensor.insert_slice %[[SUMS]] into %[[ACC]][%[[ROW]], 0] [1, 3] [1, 1]
// CHECK-NEXT: scf.yield %[[INSERTED]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ACC]]
func.func @scatter(%table: tensor<5x3xf32>, %ids: tensor<12xi32>, %rows: tensor<12x3xf32>) -> tensor<5x3xf32> {
  %add = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.add %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %add : tensor<5x3xf32>
}

// A one-element window is combined by extract and insert.
// CHECK-LABEL: func.func @scatter_elements
// CHECK-SAME: (%[[COUNTS:.*]]: tensor<5xf32>, %[[IDS:.*]]: tensor<12xi32>, %[[ONES:.*]]: tensor<12xf32>)
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[COUNTS]])
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[U]]]
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: scf.if %{{.*}} -> (tensor<5xf32>) {
// CHECK-NEXT: %[[CURRENT:.*]] = tensor.extract %[[ACC]][%[[ROW]]]
// CHECK-NEXT: %[[UPDATE:.*]] = tensor.extract %[[ONES]][%[[U]]]
// CHECK-NEXT: %[[MAX:.*]] = arith.maximumf %[[CURRENT]], %[[UPDATE]] : f32
// CHECK-NEXT: %[[INSERTED:.*]] = tensor.insert %[[MAX]] into %[[ACC]][%[[ROW]]]
// CHECK-NEXT: scf.yield %[[INSERTED]]
func.func @scatter_elements(%counts: tensor<5xf32>, %ids: tensor<12xi32>, %ones: tensor<12xf32>) -> tensor<5xf32> {
  %max = hlo.scatter %counts[%ids], %ones, update_window_dims = [], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5xf32>, tensor<12xi32>, tensor<12xf32>) -> tensor<5xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.maximum %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %max : tensor<5xf32>
}

// A 2-D window around the scattered dimension, narrower than the operand
// along its last dimension (windows starting past column 2 are dropped):
// the window's loops map to update dimensions 0 and 2 and operand
// dimensions 0 and 2.
// CHECK-LABEL: func.func @scatter_window
// CHECK-SAME: (%[[OPERAND:.*]]: tensor<4x6x5xf32>, %[[IDS:.*]]: tensor<7x2xi32>, %[[UPDATES_IN:.*]]: tensor<4x7x3xf32>)
// CHECK: scf.for %[[U:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC:.*]] = %[[OPERAND]])
// CHECK-NOT: scf.for
// CHECK: scf.if %{{.*}} -> (tensor<4x6x5xf32>) {
// CHECK-NEXT: %[[UPDATE:.*]] = tensor.extract_slice %[[UPDATES_IN]][0, %[[U]], 0] [4, 1, 3] [1, 1, 1]
// CHECK-NEXT: %[[CURRENT:.*]] = tensor.extract_slice %[[ACC]][0, %{{.*}}, %{{.*}}] [4, 1, 3] [1, 1, 1]
// CHECK-NEXT: linalg.generic {indexing_maps = [#[[$UPDATES]], #[[$UPDATES]]], iterator_types = ["parallel", "parallel"]} ins(%[[UPDATE]] : tensor<4x1x3xf32>) outs(%[[CURRENT]] : tensor<4x1x3xf32>)
// CHECK: arith.mulf
func.func @scatter_window(%operand: tensor<4x6x5xf32>, %ids: tensor<7x2xi32>, %updates: tensor<4x7x3xf32>) -> tensor<4x6x5xf32> {
  %product = hlo.scatter %operand[%ids], %updates, update_window_dims = [0, 2], inserted_window_dims = [1], scatter_dims_to_operand_dims = [1, 2], index_vector_dim = 1 : (tensor<4x6x5xf32>, tensor<7x2xi32>, tensor<4x7x3xf32>) -> tensor<4x6x5xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.multiply %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %product : tensor<4x6x5xf32>
}

// Slices of no elements along a collapsed dimension read nothing, not even
// out of an operand of no elements: zeros, as in XLA.
// CHECK-LABEL: func.func @gather_empty_slices
// CHECK: %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK: %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%{{.*}} : tensor<3x2xf32>)
// CHECK-NOT: tensor.extract
// CHECK: return %[[FILL]]
func.func @gather_empty_slices(%t: tensor<0x2xf32>, %i: tensor<3xi32>) -> tensor<3x2xf32> {
  %r = hlo.gather %t[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [0, 2] : (tensor<0x2xf32>, tensor<3xi32>) -> tensor<3x2xf32>
  return %r : tensor<3x2xf32>
}
