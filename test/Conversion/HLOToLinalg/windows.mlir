// hlo.reduce_window lowers to a linalg.generic whose loops are the result
// positions (parallel) and the window offsets (reduction, shaped by an empty
// window tensor), the offsets before the innermost position so that the
// innermost loop runs along contiguous elements; the body reads the element
// under the offset (clamped, with an in-bounds flag for padding and dilation
// holes) and keeps the accumulator where there is none. hlo.select_and_scatter
// whose windows do not overlap (max pooling) is an scf.forall over the source:
// each iteration chooses its window's element with an inner nest over the
// window that carries the choice (found, value, index), and adds its source
// value into a buffer (filled with the init value) there with a plain load and
// store. Overlapping windows lower to a sequential loop nest over the source,
// then one insert per element; with parallel-lowerings (the GPU's) to the
// scf.forall with an atomic add. A cumulative window (JAX's cumsum) becomes a
// scan: a parallel loop over the lines, each a sequential loop carrying the
// accumulator. The last RUN lines run them all against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-opt %s --convert-hlo-to-linalg=parallel-lowerings=true --canonicalize | FileCheck %s --check-prefix=PAR
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-5: : ok

// CHECK-DAG: #[[$OFFSETS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d3, d4, d5, d6)>
// CHECK-DAG: #[[$POSITIONS:.*]] = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7) -> (d0, d1, d2, d7)>
// CHECK-LABEL: func.func @max_pool
// CHECK: %[[INIT:.*]] = linalg.fill ins(%{{.*}} : f32) outs(%{{.*}} : tensor<2x3x3x3xf32>)
// CHECK: linalg.generic {indexing_maps = [#[[$OFFSETS]], #[[$POSITIONS]]], iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction", "parallel"]} ins(%{{.*}} : tensor<1x2x2x1xi1>) outs(%[[INIT]] : tensor<2x3x3x3xf32>)
// CHECK: %[[E:.*]] = tensor.extract %arg0[%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}] : tensor<2x6x6x3xf32>
// CHECK: %[[M:.*]] = arith.maximumf %[[ACC:.*]], %[[E]] : f32
// CHECK: %[[KEPT:.*]] = arith.select %{{.*}}, %[[M]], %[[ACC]] : f32
// CHECK: linalg.yield %[[KEPT]] : f32

// CHECK-LABEL: func.func @max_pool_gradient
// CHECK: %[[FILLED:.*]] = linalg.fill
// CHECK: %[[SOURCE:.*]] = bufferization.to_buffer %[[FILLED]] read_only
// CHECK: %[[BUFFER:.*]] = memref.alloc() : memref<4x6xf32>
// CHECK: memref.copy %[[SOURCE]], %[[BUFFER]]
// CHECK: scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 3) {
// CHECK: %[[CHOSEN:.*]]:4 = scf.for {{.*}} -> (i1, f32, index, index)
// CHECK: arith.cmpf oge
// CHECK: scf.if %[[CHOSEN]]#0 {
// CHECK-NEXT: %[[DY:.*]] = tensor.extract %arg1[%[[I]], %[[J]]] : tensor<2x3xf32>
// CHECK-NEXT: %[[OLD:.*]] = memref.load %[[BUFFER]][%[[CHOSEN]]#2, %[[CHOSEN]]#3]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[OLD]], %[[DY]] : f32
// CHECK-NEXT: memref.store %[[SUM]], %[[BUFFER]][%[[CHOSEN]]#2, %[[CHOSEN]]#3]
// CHECK: bufferization.to_tensor %[[BUFFER]] restrict writable

func.func @max_pool(%x: tensor<2x6x6x3xf32>, %ninf: tensor<f32>) -> tensor<2x3x3x3xf32> {
  %max = hlo.reduce_window(%x) init(%ninf), window = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = [0, 0, 0, 0] x [0, 0, 0, 0], base_dilation = [1, 1, 1, 1], window_dilation = [1, 1, 1, 1] : (tensor<2x6x6x3xf32>, tensor<f32>) -> tensor<2x3x3x3xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %m = hlo.maximum %a, %e : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %max : tensor<2x3x3x3xf32>
}
// The GPU's lowering takes disjoint windows the same way.
// PAR-LABEL: func.func @max_pool_gradient
// PAR: scf.forall
// PAR-NOT: memref.atomic_rmw
// PAR: memref.store
// PAR: bufferization.to_tensor
func.func @max_pool_gradient(%x: tensor<4x6xf32>, %dy: tensor<2x3xf32>, %zero: tensor<f32>) -> tensor<4x6xf32> {
  %r = hlo.select_and_scatter %x, %dy, %zero, window = [2, 2], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<4x6xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<4x6xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : tensor<f32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4x6xf32>
}

// CHECK-LABEL: func.func @cumsum
// CHECK: %[[OUT:.*]] = tensor.empty() : tensor<4x37xf32>
// CHECK: scf.forall (%[[ROW:.*]]) in (4) shared_outs(%[[SHARED:.*]] = %[[OUT]])
// CHECK-NEXT: %[[LINE:.*]] = tensor.extract_slice %arg0[%[[ROW]], 0] [1, 37] [1, 1] : tensor<4x37xf32> to tensor<37xf32>
// CHECK: %[[SCAN:.*]]:2 = scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %{{.*}} iter_args(%[[ACC_LINE:.*]] = %{{.*}}, %[[ACC:.*]] = %{{.*}}) -> (tensor<37xf32>, f32)
// CHECK-NEXT: %[[E:.*]] = tensor.extract %[[LINE]][%[[K]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[ACC]], %[[E]] : f32
// CHECK-NEXT: %[[INSERTED:.*]] = tensor.insert %[[SUM]] into %[[ACC_LINE]][%[[K]]]
// CHECK-NEXT: scf.yield %[[INSERTED]], %[[SUM]]
// CHECK: tensor.parallel_insert_slice %[[SCAN]]#0 into %[[SHARED]][%[[ROW]], 0] [1, 37] [1, 1]
func.func @cumsum(%x: tensor<4x37xf32>) -> tensor<4x37xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %r = hlo.reduce_window(%x) init(%zero), window = [1, 37], strides = [1, 1], padding = [0, 36] x [0, 0], base_dilation = [1, 1], window_dilation = [1, 1] : (tensor<4x37xf32>, tensor<f32>) -> tensor<4x37xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %s = hlo.add %a, %e : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<4x37xf32>
}

// A padded, dilated sum window (an average pool's gradient): the offsets
// loop outside the channels.
// CHECK-LABEL: func.func @padded_dilated_sum
// CHECK: linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction", "parallel"]}
func.func @padded_dilated_sum(%x: tensor<2x5x5x4xf32>, %zero: tensor<f32>) -> tensor<2x6x3x4xf32> {
  %s = hlo.reduce_window(%x) init(%zero), window = [1, 2, 3, 1], strides = [1, 1, 1, 1], padding = [0, 1, 0, 0] x [0, 1, 2, 0], base_dilation = [1, 1, 1, 1], window_dilation = [1, 1, 2, 1] : (tensor<2x5x5x4xf32>, tensor<f32>) -> tensor<2x6x3x4xf32> {
  ^bb0(%a: tensor<f32>, %e: tensor<f32>):
    %t = hlo.add %a, %e : tensor<f32>
    hlo.return %t : tensor<f32>
  }
  return %s : tensor<2x6x3x4xf32>
}

// Windows of 3 every 2 overlap: an element may be chosen by two windows.
// CHECK-LABEL: func.func @overlapping_pool_gradient
// CHECK: %[[RESULT:.*]] = linalg.fill
// CHECK: scf.for %[[I:.*]] = {{.*}} iter_args(%{{.*}} = %[[RESULT]])
// CHECK: scf.for %[[J:.*]] = {{.*}} iter_args(%[[ACC:.*]] = %{{.*}})
// CHECK: %[[CHOICE:.*]]:4 = scf.for {{.*}} -> (i1, f32, index, index)
// CHECK: scf.for {{.*}} -> (i1, f32, index, index)
// CHECK: %[[CANDIDATE:.*]] = tensor.extract %arg0
// CHECK: arith.cmpf oge, %{{.*}}, %[[CANDIDATE]] : f32
// CHECK: scf.if %[[CHOICE]]#0 -> (tensor<5x7xf32>)
// CHECK-NEXT: %[[OLD:.*]] = tensor.extract %[[ACC]][%[[CHOICE]]#2, %[[CHOICE]]#3]
// CHECK-NEXT: %[[DY:.*]] = tensor.extract %arg1[%[[I]], %[[J]]]
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[OLD]], %[[DY]] : f32
// CHECK-NEXT: tensor.insert %[[SUM]] into %[[ACC]][%[[CHOICE]]#2, %[[CHOICE]]#3]
// PAR-LABEL: func.func @overlapping_pool_gradient
// PAR: %[[FILLED:.*]] = linalg.fill
// PAR: %[[SOURCE:.*]] = bufferization.to_buffer %[[FILLED]] read_only
// PAR: %[[BUFFER:.*]] = memref.alloc() : memref<5x7xf32>
// PAR: memref.copy %[[SOURCE]], %[[BUFFER]]
// PAR: scf.forall (%[[I:.*]], %[[J:.*]]) in (2, 3) {
// PAR: %[[CHOSEN:.*]]:4 = scf.for
// PAR: arith.cmpf oge
// PAR: scf.if %[[CHOSEN]]#0 {
// PAR: %[[DY:.*]] = tensor.extract %{{.*}}[%[[I]], %[[J]]] : tensor<2x3xf32>
// PAR: memref.atomic_rmw addf %[[DY]], %[[BUFFER]][%[[CHOSEN]]#2, %[[CHOSEN]]#3]
// PAR: bufferization.to_tensor %[[BUFFER]] restrict writable
func.func @overlapping_pool_gradient(%x: tensor<5x7xf32>, %dy: tensor<2x3xf32>, %zero: tensor<f32>) -> tensor<5x7xf32> {
  %r = hlo.select_and_scatter %x, %dy, %zero, window = [3, 3], strides = [2, 2], padding = [0, 0] x [0, 0] : (tensor<5x7xf32>, tensor<2x3xf32>, tensor<f32>) -> tensor<5x7xf32> select {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %ge = hlo.compare GE, %a, %b : tensor<f32>
    hlo.return %ge : tensor<i1>
  } scatter {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %r : tensor<5x7xf32>
}
