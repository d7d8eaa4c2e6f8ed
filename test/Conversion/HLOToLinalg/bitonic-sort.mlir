// With parallel-lowerings (the GPU pipeline's), hlo.sort lowers to a bitonic
// sorting network over a buffer of every line's positions, padded to a power
// of two: an scf.forall stores the positions in order, then an scf.for nest
// runs the stages (level 1 to log2 of the padded length, and in level l the
// steps 0 to l - 1), each an scf.forall with an iteration per compared pair
// of every line, which swaps the pair when it is out of order. A position
// goes first when the comparator puts its element first, or on a tie when
// it is the smaller position (so the sort is stable); padding goes last.
// A generic then gathers the inputs through the first positions. topk
// becomes a sort of the operand and its positions.
// The RUN lines after the first run every function on the emulated GPU
// tiling against the interpreter (integer inputs repeat, so ties are
// checked); ptx-corpus.test compiles this file through ptxas.
// RUN: fuse-opt %s --convert-hlo-to-linalg=parallel-lowerings=true --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="emulate-gpu-tiling=true emulated-block-size=32 emulated-max-blocks=1" | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-10: : ok

// CHECK-LABEL: func.func @pairs
// CHECK-SAME: (%[[X:.*]]: tensor<3x5xf32>, %[[Y:.*]]: tensor<3x5xi32>)
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : index
// CHECK-DAG: %[[C1:.*]] = arith.constant 1 : index
// CHECK-DAG: %[[LEVELS_END:.*]] = arith.constant 4 : index
// CHECK-DAG: %[[LAST:.*]] = arith.constant 4 : i32
// CHECK-DAG: %[[LENGTH:.*]] = arith.constant 5 : i32
// CHECK: %[[POSITIONS:.*]] = memref.alloc() : memref<3x8xi32>
// CHECK: scf.forall (%[[L:.*]], %[[P:.*]]) in (3, 8) {
// CHECK:   %[[IDENTITY:.*]] = arith.index_castui %[[P]] : index to i32
// CHECK:   memref.store %[[IDENTITY]], %[[POSITIONS]][%[[L]], %[[P]]]
// CHECK: scf.for %[[LEVEL:.*]] = %[[C1]] to %[[LEVELS_END]] step %[[C1]] {
// CHECK:   scf.for %[[STEP:.*]] = %[[C0]] to %[[LEVEL]] step %[[C1]] {
// CHECK:     %[[LEVEL_LESS_ONE:.*]] = arith.subi %[[LEVEL]], %[[C1]]
// CHECK:     %[[SHIFT:.*]] = arith.subi %[[LEVEL_LESS_ONE]], %[[STEP]]
// CHECK:     scf.forall (%[[LINE:.*]], %[[PAIR:.*]]) in (3, 4) {
// CHECK:       %[[DISTANCE:.*]] = arith.shli %[[C1]], %[[SHIFT]]
// CHECK:       %[[BLOCK:.*]] = arith.shli %[[C1]], %[[LEVEL]]
// CHECK:       %[[LOW:.*]] = arith.ori
// CHECK:       %[[HIGH:.*]] = arith.addi %[[LOW]], %[[DISTANCE]]
// CHECK:       %[[IN_BLOCK:.*]] = arith.andi %[[LOW]], %[[BLOCK]]
// CHECK:       %[[DESCENDING:.*]] = arith.cmpi ne, %[[IN_BLOCK]], %[[C0]]
// CHECK:       %[[LOW_POSITION:.*]] = memref.load %[[POSITIONS]][%[[LINE]], %[[LOW]]]
// CHECK:       %[[HIGH_POSITION:.*]] = memref.load %[[POSITIONS]][%[[LINE]], %[[HIGH]]]
// CHECK:       arith.minui %[[HIGH_POSITION]], %[[LAST]]
// CHECK:       tensor.extract %[[X]]
// CHECK:       arith.minui %[[LOW_POSITION]], %[[LAST]]
// CHECK:       tensor.extract %[[X]]
// CHECK:       %[[HIGH_IN_LINE:.*]] = arith.cmpi ult, %[[HIGH_POSITION]], %[[LENGTH]]
// CHECK:       %[[LOW_PADDING:.*]] = arith.cmpi uge, %[[LOW_POSITION]], %[[LENGTH]]
// CHECK:       %[[SMALLER:.*]] = arith.cmpi ult, %[[HIGH_POSITION]], %[[LOW_POSITION]]
// CHECK:       %[[HIGH_FIRST:.*]] = arith.andi %[[HIGH_IN_LINE]]
// CHECK:       %[[SWAP:.*]] = arith.xori %[[HIGH_FIRST]], %[[DESCENDING]]
// CHECK:       scf.if %[[SWAP]] {
// CHECK:         memref.store %[[HIGH_POSITION]], %[[POSITIONS]][%[[LINE]], %[[LOW]]]
// CHECK:         memref.store %[[LOW_POSITION]], %[[POSITIONS]][%[[LINE]], %[[HIGH]]]
// CHECK: %[[SORTED:.*]] = bufferization.to_tensor %[[POSITIONS]] restrict writable
// CHECK: %[[KEPT:.*]] = tensor.extract_slice %[[SORTED]][0, 0] [3, 5] [1, 1]
// CHECK: linalg.generic
// CHECK-SAME: ins(%[[KEPT]] : tensor<3x5xi32>)
// CHECK: ^bb0(%[[FROM:.*]]: i32,
// CHECK:   %[[ROW:.*]] = linalg.index 0
// CHECK:   %[[COLUMN:.*]] = arith.index_castui %[[FROM]]
// CHECK:   %[[SORTED_X:.*]] = tensor.extract %[[X]][%[[ROW]], %[[COLUMN]]]
// CHECK:   %[[SORTED_Y:.*]] = tensor.extract %[[Y]][%[[ROW]], %[[COLUMN]]]
// CHECK:   linalg.yield %[[SORTED_X]], %[[SORTED_Y]]
func.func @pairs(%x: tensor<3x5xf32>, %y: tensor<3x5xi32>) -> (tensor<3x5xf32>, tensor<3x5xi32>) {
  %s:2 = hlo.sort(%x, %y) dimension = 1, stable : tensor<3x5xf32>, tensor<3x5xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<3x5xf32>, tensor<3x5xi32>
}

// Along the first dimension, by two keys (the second descending), with a
// line of a power-of-two length (no padding) and one of 1000.
// CHECK-LABEL: func.func @two_keys
// CHECK: memref.alloc() : memref<16x3xi32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (8, 3)
// CHECK: memref.alloc() : memref<1024xi32>
// CHECK: scf.forall (%{{.*}}) in (512)
func.func @two_keys(%k: tensor<16x3xi32>, %l: tensor<16x3xi32>, %v: tensor<1000xf32>) -> (tensor<16x3xi32>, tensor<16x3xi32>, tensor<1000xf32>) {
  %s:2 = hlo.sort(%k, %l) dimension = 0, stable : tensor<16x3xi32>, tensor<16x3xi32> {
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>, %l0: tensor<i32>, %l1: tensor<i32>):
    %lt = hlo.compare LT, %k0, %k1 : tensor<i32>
    %eq = hlo.compare EQ, %k0, %k1 : tensor<i32>
    %gt2 = hlo.compare GT, %l0, %l1 : tensor<i32>
    %tie = hlo.and %eq, %gt2 : tensor<i1>
    %before = hlo.or %lt, %tie : tensor<i1>
    hlo.return %before : tensor<i1>
  }
  %t = hlo.sort(%v) dimension = 0 : tensor<1000xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %gt : tensor<i1>
  }
  return %s#0, %s#1, %t : tensor<16x3xi32>, tensor<16x3xi32>, tensor<1000xf32>
}

// A key that uses a value from outside the comparator (read once, before
// the network), and lines of one element and no lines (no network).
// CHECK-LABEL: func.func @outer_value
// CHECK-SAME: %[[C:[^:]*]]: tensor<f32>
// CHECK: %[[CENTER:.*]] = tensor.extract %[[C]][]
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.forall
// CHECK: arith.subf %{{.*}}, %[[CENTER]]
// CHECK-NOT: scf.forall
// CHECK: return
func.func @outer_value(%x: tensor<2x50xf32>, %c: tensor<f32>, %one: tensor<4x1xi32>, %none: tensor<0x3xf32>) -> (tensor<2x50xf32>, tensor<4x1xi32>, tensor<0x3xf32>) {
  %s = hlo.sort(%x) dimension = 1, stable : tensor<2x50xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %da = hlo.subtract %a, %c : tensor<f32>
    %ea = hlo.abs %da : tensor<f32>
    %db = hlo.subtract %b, %c : tensor<f32>
    %eb = hlo.abs %db : tensor<f32>
    %lt = hlo.compare LT, %ea, %eb, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  %t = hlo.sort(%one) dimension = 1 : tensor<4x1xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : tensor<i32>
    hlo.return %lt : tensor<i1>
  }
  %u = hlo.sort(%none) dimension = 1 : tensor<0x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s, %t, %u : tensor<2x50xf32>, tensor<4x1xi32>, tensor<0x3xf32>
}

// topk, even of a small k, sorts the operand with its positions (largest
// first) and keeps the first k.
// CHECK-LABEL: func.func @topk
// CHECK: memref.alloc() : memref<3x32xi32>
// CHECK: scf.forall (%{{.*}}, %{{.*}}) in (3, 16)
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [3, 4] [1, 1] : tensor<3x20xf32> to tensor<3x4xf32>
// CHECK: tensor.extract_slice %{{.*}}[0, 0] [3, 4] [1, 1] : tensor<3x20xi32> to tensor<3x4xi32>
func.func @topk(%x: tensor<3x20xf32>) -> (tensor<3x4xf32>, tensor<3x4xi32>) {
  %v, %p = hlo.topk %x, k = 4 : tensor<3x20xf32>
  return %v, %p : tensor<3x4xf32>, tensor<3x4xi32>
}
