// hlo.gather lowers to a linalg.generic over the result whose body reads
// the index vector and then the element with tensor.extract, the start
// clamped into [0, dim - slice size]; hlo.scatter to a sequential loop nest
// over the updates that combines each update into the loop-carried tensor
// with the scalar body, inside an scf.if that skips windows out of bounds.
// The last RUN line runs both against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-2: : ok

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
// CHECK: scf.for %[[W:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC2:.*]] = %[[ACC]])
// CHECK: %[[ID:.*]] = tensor.extract %[[IDS]][%[[U]]]
// CHECK: %[[ROW:.*]] = arith.index_cast %[[ID]] : i32 to index
// CHECK: arith.cmpi sge, %[[ROW]]
// CHECK: arith.cmpi sle, %[[ROW]], %[[C4]]
// CHECK: %[[NEXT:.*]] = scf.if %{{.*}} -> (tensor<5x3xf32>) {
// CHECK-NEXT: %[[CURRENT:.*]] = tensor.extract %[[ACC2]][%[[ROW]], %[[W]]]
// CHECK-NEXT: %[[UPDATE:.*]] = tensor.extract %[[ROWS]][%[[U]], %[[W]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[CURRENT]], %[[UPDATE]] : f32
// CHECK-NEXT: %[[INSERTED:.*]] = tensor.insert %[[SUM]] into %[[ACC2]][%[[ROW]], %[[W]]]
// CHECK-NEXT: scf.yield %[[INSERTED]]
// CHECK-NEXT: } else {
// CHECK-NEXT: scf.yield %[[ACC2]]
func.func @scatter(%table: tensor<5x3xf32>, %ids: tensor<12xi32>, %rows: tensor<12x3xf32>) -> tensor<5x3xf32> {
  %add = hlo.scatter %table[%ids], %rows, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<5x3xf32>, tensor<12xi32>, tensor<12x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%a: tensor<f32>, %u: tensor<f32>):
    %r = hlo.add %a, %u : tensor<f32>
    hlo.return %r : tensor<f32>
  }
  return %add : tensor<5x3xf32>
}
