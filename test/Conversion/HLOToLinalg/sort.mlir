// hlo.sort with a key comparator (key(lhs) LT/GT key(rhs), TOTALORDER or
// integer order) lowers to an LSD radix sort: a counting loop over the
// keys' bytes, an exclusive scan of the counts, then one scatter loop per
// byte that moves every input. Any other comparator lowers to a bottom-up
// merge sort of positions (passes of runs of doubling width) and a gather.
// A matrix sorts its rows in an scf.forall. hlo.topk with a small k scans
// each line once, keeping the best k with an insertion loop; a larger k
// becomes a sort of the operand with an iota. The last RUN line runs them
// all against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg --canonicalize | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-10: : ok
// EXEC-NOT: MISMATCH

// Four bytes: four histograms of 256 counts, four scatters.
// CHECK-LABEL: func.func @radix_f32
// CHECK: %[[COUNTS:.*]] = linalg.fill ins(%{{.*}} : i32) outs(%{{.*}} : tensor<1024xi32>)
// CHECK: scf.for {{.*}} iter_args(%{{.*}} = %[[COUNTS]]) -> (tensor<1024xi32>)
// CHECK:   arith.bitcast %{{.*}} : f32 to i32
// CHECK:   arith.shrsi
// CHECK: scf.for {{.*}} to %c256
// CHECK-COUNT-4: scf.for {{.*}} -> (tensor<1024xi32>, tensor<64xf32>)
// CHECK-NOT: scf.for
// CHECK: return
func.func @radix_f32(%x: tensor<64xf32>) -> tensor<64xf32> {
  %s = hlo.sort(%x) dimension = 0, stable : tensor<64xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s : tensor<64xf32>
}

// Two bytes of i16 keys from the second input; the rows in parallel.
// CHECK-LABEL: func.func @radix_rows
// CHECK: scf.forall (%{{.*}}) in (3)
// CHECK-COUNT-2: scf.for {{.*}} -> (tensor<512xi32>, tensor<20xf32>, tensor<20xi16>)
// CHECK: tensor.parallel_insert_slice
func.func @radix_rows(%x: tensor<3x20xf32>, %k: tensor<3x20xi16>) -> (tensor<3x20xf32>, tensor<3x20xi16>) {
  %s:2 = hlo.sort(%x, %k) dimension = 1, stable : tensor<3x20xf32>, tensor<3x20xi16> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i16>, %j: tensor<i16>):
    %gt = hlo.compare GT, %i, %j : tensor<i16>
    hlo.return %gt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<3x20xf32>, tensor<3x20xi16>
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
// CHECK-COUNT-4: scf.for {{.*}} -> (tensor<1024xi32>, tensor<100xf32>, tensor<100xi32>)
// CHECK: tensor.extract_slice %{{.*}}[0] [80] [1]
func.func @topk_sort(%x: tensor<100xf32>) -> (tensor<80xf32>, tensor<80xi32>) {
  %v, %i = hlo.topk %x, k = 80 : tensor<100xf32>
  return %v, %i : tensor<80xf32>, tensor<80xi32>
}
