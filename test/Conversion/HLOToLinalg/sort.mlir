// hlo.sort with a key comparator (key(lhs) LT/GT key(rhs), TOTALORDER or
// integer order) lowers to an LSD radix sort in buffers: a counting loop over
// the keys' bytes, an exclusive scan of the counts, then one scatter loop per
// byte that moves every input between two buffers. A long single line is
// split into parts, each counted and scattered by an iteration of an
// scf.forall, and counted again before every byte. Any other comparator
// lowers to a bottom-up merge sort of positions (passes of runs of doubling
// width) and a gather. A matrix sorts its rows in an scf.forall. hlo.topk
// with a small k scans each line once, keeping the best k with an insertion
// loop; a larger k becomes a sort of the operand with an iota. The last two
// RUN lines run them all against the interpreter, the second with parts of 7
// elements (the last part of a line shorter).
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-opt %s --convert-hlo-to-linalg=sort-part-length=100 --canonicalize | FileCheck %s --check-prefix=PARTS
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options=sort-part-length=7 | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-12: : ok
// EXEC-NOT: MISMATCH

// Four bytes: four histograms of 256 counts, counted at once, four scatters
// between two buffers.
// CHECK-LABEL: func.func @radix_f32
// CHECK: %[[COUNTS:.*]] = memref.alloc() : memref<1x1024xi32>
// CHECK: scf.for %{{.*}} = %c0 to %c1024
// CHECK:   memref.store %c0_i32, %[[COUNTS]]
// CHECK: scf.for %{{.*}} = %c0 to %c64
// CHECK:   arith.bitcast %{{.*}} : f32 to i32
// CHECK:   arith.shrsi
// CHECK-COUNT-4: memref.store %{{.*}}, %[[COUNTS]]
// CHECK: scf.for {{.*}} to %c256 {{.*}} -> (i32, i32, i32, i32)
// CHECK: %[[ONE:.*]] = memref.alloc() : memref<64xf32>
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[ONE]]
// CHECK: %[[TWO:.*]] = memref.alloc() : memref<64xf32>
// CHECK: scf.for
// CHECK:   memref.load %[[ONE]]
// CHECK:   memref.store %{{.*}}, %[[TWO]]
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[ONE]]
// CHECK: scf.for
// CHECK:   memref.store %{{.*}}, %[[TWO]]
// CHECK-NOT: scf.for
// CHECK: %[[SORTED:.*]] = bufferization.to_tensor %[[TWO]] restrict writable
// CHECK: return %[[SORTED]]
func.func @radix_f32(%x: tensor<64xf32>) -> tensor<64xf32> {
  %s = hlo.sort(%x) dimension = 0, stable : tensor<64xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s : tensor<64xf32>
}

// Two bytes of i16 keys from the second input; the rows in parallel, each
// one part.
// CHECK-LABEL: func.func @radix_rows
// CHECK: scf.forall (%{{.*}}) in (3)
// CHECK:   memref.alloc() : memref<1x512xi32>
// CHECK-NOT: scf.forall
// CHECK:   memref.alloc() : memref<20xf32>
// CHECK:   memref.alloc() : memref<20xi16>
// CHECK:   bufferization.to_tensor
// CHECK:   tensor.parallel_insert_slice
func.func @radix_rows(%x: tensor<3x20xf32>, %k: tensor<3x20xi16>) -> (tensor<3x20xf32>, tensor<3x20xi16>) {
  %s:2 = hlo.sort(%x, %k) dimension = 1, stable : tensor<3x20xf32>, tensor<3x20xi16> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i16>, %j: tensor<i16>):
    %gt = hlo.compare GT, %i, %j : tensor<i16>
    hlo.return %gt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<3x20xf32>, tensor<3x20xi16>
}

// One line (a row of a 1x1000 matrix), with parts of at least 100 elements:
// sorted as a vector in 10 parts of 100. Each byte is counted in its source,
// part by part in an scf.forall, then scanned, then scattered part by part.
// The default parts (2^16 elements) leave this line in one piece.
// PARTS-LABEL: func.func @radix_parts
// PARTS: tensor.collapse_shape %{{.*}} {{\[}}[0, 1]] : tensor<1x1000xi32> into tensor<1000xi32>
// PARTS: %[[COUNTS:.*]] = memref.alloc() : memref<10x1024xi32>
// PARTS: memref.alloc() : memref<1000xi32>
// PARTS: memref.alloc() : memref<1000xf32>
// PARTS: scf.forall (%[[PART:.*]]) in (10)
// PARTS:   %[[BEGIN:.*]] = arith.muli %[[PART]], %c100
// PARTS:   scf.for %{{.*}} = %c0 to %c256
// PARTS:   scf.for %{{.*}} = %[[BEGIN]] to
// PARTS:     memref.store %{{.*}}, %[[COUNTS]][%[[PART]], %{{.*}}]
// PARTS: scf.for {{.*}} to %c256 {{.*}} -> (i32)
// PARTS:   scf.for {{.*}} to %c10 {{.*}} -> (i32)
// PARTS: scf.forall (%{{.*}}) in (10)
// PARTS-COUNT-6: scf.forall (%{{.*}}) in (10)
// PARTS-NOT: scf.forall
// PARTS-COUNT-2: tensor.expand_shape
// CHECK-LABEL: func.func @radix_parts
// CHECK-NOT: scf.forall
// CHECK: return
func.func @radix_parts(%x: tensor<1x1000xi32>, %y: tensor<1x1000xf32>) -> (tensor<1x1000xi32>, tensor<1x1000xf32>) {
  %s:2 = hlo.sort(%x, %y) dimension = 1, stable : tensor<1x1000xi32>, tensor<1x1000xf32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>, %c: tensor<f32>, %d: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, SIGNED : tensor<i32>
    hlo.return %lt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<1x1000xi32>, tensor<1x1000xf32>
}

// IEEE LT is no strict weak order (NaN): merge sort; the comparator is
// evaluated on the elements at two positions.
// CHECK-LABEL: func.func @merge_ieee
// CHECK: scf.for %{{.*}} = %c0 to %c5 step %c1 iter_args(%{{.*}} = %{{.*}}) -> (tensor<34xi32>)
// CHECK:   arith.shli
// CHECK:   scf.for
// CHECK:     arith.minsi
// CHECK:     scf.for {{.*}} -> (index, index, tensor<34xi32>)
// CHECK:       arith.cmpf olt
// CHECK: scf.for {{.*}} -> (tensor<17xf32>)
func.func @merge_ieee(%x: tensor<17xf32>) -> tensor<17xf32> {
  %s = hlo.sort(%x) dimension = 0, stable : tensor<17xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s : tensor<17xf32>
}

// Two keys: merge sort.
// CHECK-LABEL: func.func @merge_two_keys
// CHECK-NOT: tensor<512xi32>
// CHECK: scf.for {{.*}} -> (index, index, tensor<18xi32>)
func.func @merge_two_keys(%k: tensor<9xi32>, %l: tensor<9xi32>) -> (tensor<9xi32>, tensor<9xi32>) {
  %s:2 = hlo.sort(%k, %l) dimension = 0 : tensor<9xi32>, tensor<9xi32> {
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>, %l0: tensor<i32>, %l1: tensor<i32>):
    %lt = hlo.compare LT, %k0, %k1 : tensor<i32>
    %eq = hlo.compare EQ, %k0, %k1 : tensor<i32>
    %lt2 = hlo.compare LT, %l0, %l1 : tensor<i32>
    %tie = hlo.and %eq, %lt2 : tensor<i1>
    %before = hlo.or %lt, %tie : tensor<i1>
    hlo.return %before : tensor<i1>
  }
  return %s#0, %s#1 : tensor<9xi32>, tensor<9xi32>
}

// k = 5: one scan with an insertion loop; no sort.
// CHECK-LABEL: func.func @topk_select
// CHECK: scf.forall
// CHECK:   scf.for {{.*}} -> (tensor<5xi32>, tensor<5xi32>, index)
// CHECK:     scf.if
// CHECK:       scf.while
// CHECK-NOT: tensor<512xi32>
func.func @topk_select(%x: tensor<2x30xf32>) -> (tensor<2x5xf32>, tensor<2x5xi32>) {
  %v, %i = hlo.topk %x, k = 5 : tensor<2x30xf32>
  return %v, %i : tensor<2x5xf32>, tensor<2x5xi32>
}

// k = 80: a radix sort of the values with their positions, then a slice.
// CHECK-LABEL: func.func @topk_sort
// CHECK: memref.alloc() : memref<1x1024xi32>
// CHECK: memref.alloc() : memref<100xf32>
// CHECK: memref.alloc() : memref<100xi32>
// CHECK: tensor.extract_slice %{{.*}}[0] [80] [1]
func.func @topk_sort(%x: tensor<100xf32>) -> (tensor<80xf32>, tensor<80xi32>) {
  %v, %i = hlo.topk %x, k = 80 : tensor<100xf32>
  return %v, %i : tensor<80xf32>, tensor<80xi32>
}
