// RUN: fuse-opt %s --fuse-cpu-serialize-innermost-parallel-dim --split-input-file | FileCheck %s
// RUN: fuse-opt %s --fuse-cpu-serialize-innermost-parallel-dim=min-iterations=2 --split-input-file | FileCheck %s --check-prefix=TWO

// A convolution's patch copy: 128 x 14 x 3 outer iterations are enough for
// the threads; the innermost dimension (32 contiguous elements) becomes a
// sequential loop in each of them.
// CHECK-LABEL: func.func @patches
// CHECK: scf.parallel (%[[B:.*]], %[[H:.*]], %[[K:.*]]) = (%c0, %c0, %c0) to (%c128, %c14, %c3) step (%c1, %c1, %c1) {
// CHECK-NEXT: scf.for %[[C:.*]] = %c0 to %c32 step %c1 {
// CHECK-NEXT: %[[R:.*]] = arith.addi %[[H]], %[[K]]
// CHECK-NEXT: memref.load %{{.*}}[%[[B]], %[[R]], %[[C]]]
// CHECK-NEXT: memref.store %{{.*}}, %{{.*}}[%[[B]], %[[H]], %[[K]], %[[C]]]
// CHECK-NEXT: } {loop_annotation = #{{.*}}}
// CHECK-NOT: scf.parallel
// CHECK: return
func.func @patches(%in: memref<128x16x32xf32>, %out: memref<128x14x3x32xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c14 = arith.constant 14 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  scf.parallel (%b, %h, %k, %c) = (%c0, %c0, %c0, %c0) to (%c128, %c14, %c3, %c32) step (%c1, %c1, %c1, %c1) {
    %r = arith.addi %h, %k : index
    %v = memref.load %in[%b, %r, %c] : memref<128x16x32xf32>
    memref.store %v, %out[%b, %h, %k, %c] : memref<128x14x3x32xf32>
    scf.reduce
  }
  return
}

// -----

// Two outer iterations are too few to share (unless min-iterations allows
// them): the row is cut into 128 pieces of 32, shared with the rows, 256
// iterations in all.
// CHECK-LABEL: func.func @few_rows
// CHECK-DAG: %[[PIECES:.*]] = arith.constant 128 : index
// CHECK-DAG: %[[LENGTH:.*]] = arith.constant 32 : index
// CHECK: scf.parallel (%[[I:.*]], %[[P:.*]]) = (%c0, %c0{{.*}}) to (%c2, %[[PIECES]]) step (%c1, %c1{{.*}}) {
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[P]], %[[LENGTH]]
// CHECK-NEXT: %[[LAST:.*]] = arith.addi %[[FIRST]], %[[LENGTH]]
// CHECK-NEXT: scf.for %[[J:.*]] = %[[FIRST]] to %[[LAST]] step %c1 {
// CHECK-NEXT: memref.load %{{.*}}[%[[I]], %[[J]]]
// TWO-LABEL: func.func @few_rows
// TWO: scf.parallel (%{{.*}}) = (%c0) to (%c2) step (%c1) {
// TWO-NEXT: scf.for %{{.*}} = %c0 to %c4096 step %c1 {
func.func @few_rows(%in: memref<2x4096xf32>, %out: memref<2x4096xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4096 = arith.constant 4096 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c2, %c4096) step (%c1, %c1) {
    %v = memref.load %in[%i, %j] : memref<2x4096xf32>
    memref.store %v, %out[%i, %j] : memref<2x4096xf32>
    scf.reduce
  }
  return
}

// -----

// An LSTM step's gates, 32 x 128: the fewest pieces that make 256
// iterations are 8 of 16 elements. A row of 20 cannot be cut into pieces of
// 16: that loop stays as it is.
// CHECK-LABEL: func.func @gates
// CHECK-DAG: %[[PIECES:.*]] = arith.constant 8 : index
// CHECK-DAG: %[[LENGTH:.*]] = arith.constant 16 : index
// CHECK: scf.parallel (%{{.*}}, %[[P:.*]]) = (%c0, %c0{{.*}}) to (%c32, %[[PIECES]])
// CHECK-NEXT: %[[FIRST:.*]] = arith.muli %[[P]], %[[LENGTH]]
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%c0, %c0) to (%c32, %c20)
// CHECK-NOT: scf.for
func.func @gates(%in: memref<32x128xf32>, %out: memref<32x128xf32>, %short: memref<32x20xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c20 = arith.constant 20 : index
  %c32 = arith.constant 32 : index
  %c128 = arith.constant 128 : index
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c128) step (%c1, %c1) {
    %v = memref.load %in[%i, %j] : memref<32x128xf32>
    %e = math.exp %v : f32
    memref.store %e, %out[%i, %j] : memref<32x128xf32>
    scf.reduce
  }
  scf.parallel (%i, %j) = (%c0, %c0) to (%c32, %c20) step (%c1, %c1) {
    %v = memref.load %short[%i, %j] : memref<32x20xf32>
    memref.store %v, %short[%i, %j] : memref<32x20xf32>
    scf.reduce
  }
  return
}

// -----

// A dimension of unknown size counts as enough iterations.
// CHECK-LABEL: func.func @dynamic_rows
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%{{.*}}) step (%c1) {
// CHECK-NEXT: scf.for %{{.*}} = %c0 to %c8 step %c1 {
func.func @dynamic_rows(%in: memref<?x8xf32>, %out: memref<?x8xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %n = memref.dim %in, %c0 : memref<?x8xf32>
  scf.parallel (%i, %j) = (%c0, %c0) to (%n, %c8) step (%c1, %c1) {
    %v = memref.load %in[%i, %j] : memref<?x8xf32>
    memref.store %v, %out[%i, %j] : memref<?x8xf32>
    scf.reduce
  }
  return
}

// -----

// Left alone: a loop of one dimension, a loop with a reduction, and a loop
// nested in another parallel loop (the nested-loop pass serializes it).
// CHECK-LABEL: func.func @left_alone
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c4096) step (%c1) {
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%c0, %c0) to (%c512, %c8) step (%c1, %c1) init
// CHECK: scf.parallel (%{{.*}}) = (%c0) to (%c512) step (%c1) {
// CHECK: scf.parallel (%{{.*}}, %{{.*}}) = (%c0, %c0) to (%c512, %c8) step (%c1, %c1) {
// CHECK-NOT: scf.for
func.func @left_alone(%in: memref<512x8xf32>, %out: memref<4096xf32>) -> f32 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c512 = arith.constant 512 : index
  %c4096 = arith.constant 4096 : index
  %zero = arith.constant 0.0 : f32
  scf.parallel (%i) = (%c0) to (%c4096) step (%c1) {
    memref.store %zero, %out[%i] : memref<4096xf32>
    scf.reduce
  }
  %sum = scf.parallel (%i, %j) = (%c0, %c0) to (%c512, %c8) step (%c1, %c1) init (%zero) -> f32 {
    %v = memref.load %in[%i, %j] : memref<512x8xf32>
    scf.reduce(%v : f32) {
    ^bb0(%a: f32, %b: f32):
      %s = arith.addf %a, %b : f32
      scf.reduce.return %s : f32
    }
  }
  scf.parallel (%k) = (%c0) to (%c512) step (%c1) {
    scf.parallel (%i, %j) = (%c0, %c0) to (%c512, %c8) step (%c1, %c1) {
      memref.store %zero, %out[%k] : memref<4096xf32>
      scf.reduce
    }
    scf.reduce
  }
  return %sum : f32
}
