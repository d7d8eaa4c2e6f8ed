// rng_bit_generator becomes a generic over the output that finds each
// element's block and word, runs Threefry-2x32 (shifts and ors for the
// rotations) or Philox-4x32 (extended multiplies) on the counter plus the
// block, and keeps its word; a second generic writes the new state, the
// counter advanced and a three-word Philox state carrying into its third
// word. Both read the state inside their bodies, where the GPU pipeline
// runs them as kernels. The EXEC line runs them against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-6: ok
// EXEC-NOT: MISMATCH

// 3x5: no even dimension, so the largest (5, dimension 1) pairs the words:
// blocks of shape 3x3, element (i, j) in block 3 i + j / 2, word j % 2.
// CHECK-LABEL: func.func @three_fry
// CHECK:       linalg.generic {{.*}} iterator_types = ["parallel", "parallel"]} outs(%{{.*}} : tensor<3x5xi32>)
// CHECK:         %[[I:.*]] = linalg.index 0
// CHECK:         %[[J:.*]] = linalg.index 1
// CHECK:         arith.divui %{{.*}}, %c2_i64
// CHECK:         arith.remui %{{.*}}, %c2_i64
// CHECK-DAG:     %[[KEY:.*]] = tensor.extract %arg0[%c0]
// CHECK-DAG:     %[[COUNTER:.*]] = tensor.extract %arg0[%c1]
// CHECK:         arith.addi %[[COUNTER]], %{{.*}} : i64
// CHECK-COUNT-20: arith.shli %{{.*}} : i32
// CHECK:         arith.select
// CHECK:         linalg.yield %{{.*}} : i32
// 9 blocks: the counter (element 1) advances by 9.
// CHECK:       linalg.generic {{.*}} ins(%arg0 : tensor<2xi64>) outs(%{{.*}} : tensor<2xi64>)
// CHECK:       ^bb0(%[[OLD:.*]]: i64, %{{.*}}: i64):
// CHECK:         %[[AT:.*]] = linalg.index 0
// CHECK:         %[[LOW:.*]] = tensor.extract %arg0[%c1]
// CHECK:         %[[NEXT:.*]] = arith.addi %[[LOW]], %c9_i64
// CHECK:         %[[ONE:.*]] = arith.cmpi eq, %[[AT]], %c1
// CHECK:         %[[NEW:.*]] = arith.select %[[ONE]], %[[NEXT]], %[[OLD]]
// CHECK:         linalg.yield %[[NEW]]
func.func @three_fry(%s: tensor<2xi64>) -> (tensor<2xi64>, tensor<3x5xi32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xi64>) -> (tensor<2xi64>, tensor<3x5xi32>)
  return %s2, %b : tensor<2xi64>, tensor<3x5xi32>
}

// Philox: four words per block in element order; with a two-word state
// the counter's high half is the key. 7 elements take 2 blocks.
// CHECK-LABEL: func.func @philox
// CHECK:       linalg.generic {{.*}} outs(%{{.*}} : tensor<7xi8>)
// CHECK:         arith.divui %{{.*}}, %c4_i64
// CHECK:         arith.cmpi ult
// CHECK-COUNT-20: arith.mului_extended
// CHECK:         arith.trunci %{{.*}} : i32 to i8
// CHECK:       linalg.generic {{.*}} ins(%arg0 : tensor<2xi64>)
// CHECK:         arith.addi %{{.*}}, %c2_i64
// CHECK-NOT:     %c2 :
// CHECK:         linalg.yield
func.func @philox(%s: tensor<2xi64>) -> (tensor<2xi64>, tensor<7xi8>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = philox : (tensor<2xi64>) -> (tensor<2xi64>, tensor<7xi8>)
  return %s2, %b : tensor<2xi64>, tensor<7xi8>
}

// A three-word state: the new counter carries into the third word.
// CHECK-LABEL: func.func @philox_three_words
// CHECK:       linalg.generic {{.*}} outs(%{{.*}} : tensor<5xi64>)
// CHECK:         tensor.extract %arg0[%c2]
// CHECK:       linalg.generic {{.*}} ins(%arg0 : tensor<3xi64>)
// CHECK:       ^bb0(%[[OLD:.*]]: i64, %{{.*}}: i64):
// CHECK:         %[[AT:.*]] = linalg.index 0
// CHECK:         %[[LOW:.*]] = tensor.extract %arg0[%c1]
// CHECK:         %[[NEXT:.*]] = arith.addi %[[LOW]], %c3_i64
// CHECK:         %[[CARRY:.*]] = arith.cmpi ult, %[[NEXT]], %[[LOW]]
// CHECK:         %[[WIDE:.*]] = arith.extui %[[CARRY]] : i1 to i64
// CHECK:         %[[UP:.*]] = arith.addi %[[OLD]], %[[WIDE]]
// CHECK:         %[[TWO:.*]] = arith.cmpi eq, %[[AT]], %c2
// CHECK:         arith.select %[[TWO]], %[[UP]]
func.func @philox_three_words(%s: tensor<3xi64>) -> (tensor<3xi64>, tensor<5xi64>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = default : (tensor<3xi64>) -> (tensor<3xi64>, tensor<5xi64>)
  return %s2, %b : tensor<3xi64>, tensor<5xi64>
}
