// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s

// Shifts, bit counts, cbrt, tan and erf compiled for the CPU against the
// interpreter, on i8, i32 and i64 (random amounts in [-8, 8]: negative ones
// read as unsigned are past the bit width, and 8 is the width of i8) and on
// f32 and f64; and the shifts by exactly the bit width and past it, whose
// results XLA defines.

// CHECK-COUNT-10: @bits result {{[0-9]}}: ok
// CHECK-COUNT-6: @float result {{[0-9]}}: ok
// CHECK-COUNT-3: @by_width result {{[0-9]}}: ok
func.func @bits(%x: tensor<9xi32>, %s: tensor<9xi32>, %b: tensor<5xi8>, %t: tensor<5xi8>, %w: tensor<3xi64>, %v: tensor<3xi64>) -> (tensor<9xi32>, tensor<9xi32>, tensor<9xi32>, tensor<9xi32>, tensor<9xi32>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<3xi64>, tensor<3xi64>) {
  %a = hlo.shift_left %x, %s : tensor<9xi32>
  %l = hlo.shift_right_logical %x, %s : tensor<9xi32>
  %r = hlo.shift_right_arithmetic %x, %s : tensor<9xi32>
  %p = hlo.popcnt %x : tensor<9xi32>
  %c = hlo.count_leading_zeros %x : tensor<9xi32>
  %b1 = hlo.shift_right_logical %b, %t : tensor<5xi8>
  %b2 = hlo.popcnt %b : tensor<5xi8>
  %b3 = hlo.count_leading_zeros %b : tensor<5xi8>
  %w1 = hlo.shift_right_arithmetic %w, %v : tensor<3xi64>
  %w2 = hlo.count_leading_zeros %w : tensor<3xi64>
  return %a, %l, %r, %p, %c, %b1, %b2, %b3, %w1, %w2 : tensor<9xi32>, tensor<9xi32>, tensor<9xi32>, tensor<9xi32>, tensor<9xi32>, tensor<5xi8>, tensor<5xi8>, tensor<5xi8>, tensor<3xi64>, tensor<3xi64>
}
func.func @float(%x: tensor<33xf32>, %d: tensor<7xf64>) -> (tensor<33xf32>, tensor<33xf32>, tensor<33xf32>, tensor<7xf64>, tensor<7xf64>, tensor<7xf64>) {
  %c = hlo.cbrt %x : tensor<33xf32>
  %t = hlo.tan %x : tensor<33xf32>
  %e = hlo.erf %x : tensor<33xf32>
  %dc = hlo.cbrt %d : tensor<7xf64>
  %dt = hlo.tan %d : tensor<7xf64>
  %de = hlo.erf %d : tensor<7xf64>
  return %c, %t, %e, %dc, %dt, %de : tensor<33xf32>, tensor<33xf32>, tensor<33xf32>, tensor<7xf64>, tensor<7xf64>, tensor<7xf64>
}
func.func @by_width(%x: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %amounts = hlo.constant dense<[31, 32, 33, -1]> : tensor<4xi32>
  %l = hlo.shift_left %x, %amounts : tensor<4xi32>
  %u = hlo.shift_right_logical %x, %amounts : tensor<4xi32>
  %a = hlo.shift_right_arithmetic %x, %amounts : tensor<4xi32>
  return %l, %u, %a : tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
}
