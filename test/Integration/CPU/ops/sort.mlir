// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="emulate-gpu-tiling=true emulated-block-size=32 emulated-max-blocks=1" | FileCheck %s

// Sorts compiled for the CPU against the interpreter: radix sorts (keys
// that JAX's comparators compute, descending keys, integer keys of every
// width, a key from the second input, a key using a value from outside),
// merge sorts (IEEE compare, a two-key comparator, i1 keys), sorts along
// the first and the middle dimension, odd lengths that leave runs unpaired,
// and topk by selection (k up to 64) and by sorting. Random integers in
// [-8, 8] repeat, so stability is checked. The emulated GPU tiling runs
// every sort as a bitonic network, and every topk as a sort.

// CHECK-COUNT-2: @jax_sort result {{[0-9]}}: ok
// CHECK-COUNT-2: @descending_f64 result {{[0-9]}}: ok
// CHECK-COUNT-4: @int_widths result {{[0-9]}}: ok
// CHECK-COUNT-2: @key_from_second result {{[0-9]}}: ok
// CHECK-COUNT-2: @outer_value_key result {{[0-9]}}: ok
// CHECK-COUNT-2: @ieee_merge result {{[0-9]}}: ok
// CHECK-COUNT-3: @lexicographic_merge result {{[0-9]}}: ok
// CHECK-COUNT-2: @pred_merge result {{[0-9]}}: ok
// CHECK-COUNT-2: @dims result {{[0-9]}}: ok
// CHECK-COUNT-12: @topk result {{[0-9]+}}: ok

// jnp.argsort: -0.0 and NaN made canonical, then TOTALORDER; 1000 elements.
func.func @jax_sort(%x: tensor<1000xf32>) -> (tensor<1000xf32>, tensor<1000xi32>) {
  %iota = hlo.iota dim = 0 : tensor<1000xi32>
  %s:2 = hlo.sort(%x, %iota) dimension = 0, stable : tensor<1000xf32>, tensor<1000xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %nan = hlo.constant dense<0x7FC00000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %a_nan = hlo.compare NE, %a, %a : tensor<f32>
    %a_zero = hlo.compare EQ, %a, %zero : tensor<f32>
    %a0 = hlo.select %a_zero, %zero, %a : tensor<i1>, tensor<f32>
    %a1 = hlo.select %a_nan, %nan, %a0 : tensor<i1>, tensor<f32>
    %b_nan = hlo.compare NE, %b, %b : tensor<f32>
    %b_zero = hlo.compare EQ, %b, %zero : tensor<f32>
    %b0 = hlo.select %b_zero, %zero, %b : tensor<i1>, tensor<f32>
    %b1 = hlo.select %b_nan, %nan, %b0 : tensor<i1>, tensor<f32>
    %lt = hlo.compare LT, %a1, %b1, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<1000xf32>, tensor<1000xi32>
}

// key(rhs) LT key(lhs) is descending.
func.func @descending_f64(%x: tensor<3x33xf64>, %y: tensor<3x33xf16>) -> (tensor<3x33xf64>, tensor<3x33xf16>) {
  %s:2 = hlo.sort(%x, %y) dimension = 1, stable : tensor<3x33xf64>, tensor<3x33xf16> {
  ^bb0(%a: tensor<f64>, %b: tensor<f64>, %c: tensor<f16>, %d: tensor<f16>):
    %lt = hlo.compare LT, %b, %a, TOTALORDER : tensor<f64>
    hlo.return %lt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<3x33xf64>, tensor<3x33xf16>
}

func.func @int_widths(%a: tensor<17xi8>, %b: tensor<17xi16>, %c: tensor<17xi64>, %d: tensor<17xi32>) -> (tensor<17xi8>, tensor<17xi16>, tensor<17xi64>, tensor<17xi32>) {
  %s:4 = hlo.sort(%a, %b, %c, %d) dimension = 0, stable : tensor<17xi8>, tensor<17xi16>, tensor<17xi64>, tensor<17xi32> {
  ^bb0(%a0: tensor<i8>, %a1: tensor<i8>, %b0: tensor<i16>, %b1: tensor<i16>, %c0: tensor<i64>, %c1: tensor<i64>, %d0: tensor<i32>, %d1: tensor<i32>):
    %gt = hlo.compare GT, %c0, %c1 : tensor<i64>
    hlo.return %gt : tensor<i1>
  }
  %t:4 = hlo.sort(%s#0, %s#1, %s#2, %s#3) dimension = 0 : tensor<17xi8>, tensor<17xi16>, tensor<17xi64>, tensor<17xi32> {
  ^bb0(%a0: tensor<i8>, %a1: tensor<i8>, %b0: tensor<i16>, %b1: tensor<i16>, %c0: tensor<i64>, %c1: tensor<i64>, %d0: tensor<i32>, %d1: tensor<i32>):
    %lt = hlo.compare LT, %a0, %a1, UNSIGNED : tensor<i8>
    hlo.return %lt : tensor<i1>
  }
  return %t#0, %t#1, %t#2, %t#3 : tensor<17xi8>, tensor<17xi16>, tensor<17xi64>, tensor<17xi32>
}

func.func @key_from_second(%x: tensor<40xf32>, %k: tensor<40xi16>) -> (tensor<40xf32>, tensor<40xi16>) {
  %s:2 = hlo.sort(%x, %k) dimension = 0, stable : tensor<40xf32>, tensor<40xi16> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i16>, %j: tensor<i16>):
    %lt = hlo.compare LT, %i, %j : tensor<i16>
    hlo.return %lt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<40xf32>, tensor<40xi16>
}

// The key is the distance to a value from outside the comparator.
func.func @outer_value_key(%x: tensor<2x50xf32>, %c: tensor<f32>) -> (tensor<2x50xf32>, tensor<f32>) {
  %s = hlo.sort(%x) dimension = 1, stable : tensor<2x50xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %da = hlo.subtract %a, %c : tensor<f32>
    %ea = hlo.abs %da : tensor<f32>
    %db = hlo.subtract %b, %c : tensor<f32>
    %eb = hlo.abs %db : tensor<f32>
    %lt = hlo.compare LT, %ea, %eb, TOTALORDER : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s, %c : tensor<2x50xf32>, tensor<f32>
}

func.func @ieee_merge(%x: tensor<4x37xf32>, %y: tensor<4x37xi32>) -> (tensor<4x37xf32>, tensor<4x37xi32>) {
  %s:2 = hlo.sort(%x, %y) dimension = 1, stable : tensor<4x37xf32>, tensor<4x37xi32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %i: tensor<i32>, %j: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : tensor<f32>
    hlo.return %lt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<4x37xf32>, tensor<4x37xi32>
}

// By the first input, then by the second.
func.func @lexicographic_merge(%k: tensor<129xi32>, %l: tensor<129xi32>, %v: tensor<129xf32>) -> (tensor<129xi32>, tensor<129xi32>, tensor<129xf32>) {
  %s:3 = hlo.sort(%k, %l, %v) dimension = 0, stable : tensor<129xi32>, tensor<129xi32>, tensor<129xf32> {
  ^bb0(%k0: tensor<i32>, %k1: tensor<i32>, %l0: tensor<i32>, %l1: tensor<i32>, %v0: tensor<f32>, %v1: tensor<f32>):
    %lt = hlo.compare LT, %k0, %k1 : tensor<i32>
    %eq = hlo.compare EQ, %k0, %k1 : tensor<i32>
    %lt2 = hlo.compare LT, %l0, %l1 : tensor<i32>
    %tie = hlo.and %eq, %lt2 : tensor<i1>
    %before = hlo.or %lt, %tie : tensor<i1>
    hlo.return %before : tensor<i1>
  }
  return %s#0, %s#1, %s#2 : tensor<129xi32>, tensor<129xi32>, tensor<129xf32>
}

func.func @pred_merge(%p: tensor<21xi1>, %v: tensor<21xi32>) -> (tensor<21xi1>, tensor<21xi32>) {
  %s:2 = hlo.sort(%p, %v) dimension = 0, stable : tensor<21xi1>, tensor<21xi32> {
  ^bb0(%a: tensor<i1>, %b: tensor<i1>, %i: tensor<i32>, %j: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : tensor<i1>
    hlo.return %gt : tensor<i1>
  }
  return %s#0, %s#1 : tensor<21xi1>, tensor<21xi32>
}

// Along the first dimension of a matrix and the middle one of a 3-D tensor.
func.func @dims(%x: tensor<9x5xi32>, %y: tensor<2x7x3xf32>) -> (tensor<9x5xi32>, tensor<2x7x3xf32>) {
  %s = hlo.sort(%x) dimension = 0, stable : tensor<9x5xi32> {
  ^bb0(%a: tensor<i32>, %b: tensor<i32>):
    %lt = hlo.compare LT, %a, %b : tensor<i32>
    hlo.return %lt : tensor<i1>
  }
  %t = hlo.sort(%y) dimension = 1, stable : tensor<2x7x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %gt = hlo.compare GT, %a, %b, TOTALORDER : tensor<f32>
    hlo.return %gt : tensor<i1>
  }
  return %s, %t : tensor<9x5xi32>, tensor<2x7x3xf32>
}

// k up to 64 selects in one scan, a larger k sorts.
func.func @topk(%x: tensor<3x20xf32>, %i: tensor<50xi32>, %y: tensor<2x100xf16>, %l: tensor<100xi64>) -> (tensor<3x4xf32>, tensor<3x4xi32>, tensor<50xi32>, tensor<50xi32>, tensor<3x0xf32>, tensor<3x0xi32>, tensor<2x70xf16>, tensor<2x70xi32>, tensor<2x3xf16>, tensor<2x3xi32>, tensor<65xi64>, tensor<65xi32>) {
  %v, %p = hlo.topk %x, k = 4 : tensor<3x20xf32>
  %w, %q = hlo.topk %i, k = 50 {largest = false} : tensor<50xi32>
  %e, %f = hlo.topk %x, k = 0 : tensor<3x20xf32>
  %a, %b = hlo.topk %y, k = 70 : tensor<2x100xf16>
  %c, %d = hlo.topk %y, k = 3 {largest = false} : tensor<2x100xf16>
  %g, %h = hlo.topk %l, k = 65 : tensor<100xi64>
  return %v, %p, %w, %q, %e, %f, %a, %b, %c, %d, %g, %h : tensor<3x4xf32>, tensor<3x4xi32>, tensor<50xi32>, tensor<50xi32>, tensor<3x0xf32>, tensor<3x0xi32>, tensor<2x70xf16>, tensor<2x70xi32>, tensor<2x3xf16>, tensor<2x3xi32>, tensor<65xi64>, tensor<65xi32>
}
