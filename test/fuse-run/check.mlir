// Compiled code against the interpreter on random inputs, for every element
// type the runner takes, with --all-entries.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="parallel=0" | FileCheck %s

// CHECK: @f32 result 0: ok (12 elements, {{exact|max abs err .* at \[[0-9]+, [0-9]+\], max rel err .*}})
func.func @f32(%x: tensor<4x3xf32>, %y: tensor<4x3xf32>) -> tensor<4x3xf32> {
  %0 = hlo.multiply %x, %y : tensor<4x3xf32>
  %1 = hlo.exponential %0 : tensor<4x3xf32>
  %2 = hlo.divide %1, %y : tensor<4x3xf32>
  return %2 : tensor<4x3xf32>
}

// CHECK: @f64 result 0: ok (5 elements,
func.func @f64(%x: tensor<5xf64>) -> tensor<5xf64> {
  %0 = hlo.tanh %x : tensor<5xf64>
  %1 = hlo.subtract %0, %x : tensor<5xf64>
  return %1 : tensor<5xf64>
}

// Several results, of half-precision formats, of rank 0 and 3.
// CHECK: @halves result 0: ok (1 element,
// CHECK: @halves result 1: ok (24 elements,
func.func @halves(%x: tensor<f16>, %y: tensor<2x3x4xbf16>)
    -> (tensor<f16>, tensor<2x3x4xbf16>) {
  %0 = hlo.logistic %x : tensor<f16>
  %1 = hlo.multiply %y, %y : tensor<2x3x4xbf16>
  %2 = hlo.add %1, %y : tensor<2x3x4xbf16>
  return %0, %2 : tensor<f16>, tensor<2x3x4xbf16>
}

// CHECK: @integers result 0: ok (6 elements, exact)
// CHECK: @integers result 1: ok (6 elements, exact)
// CHECK: @integers result 2: ok (6 elements, exact)
func.func @integers(%a: tensor<6xi32>, %b: tensor<6xi8>, %c: tensor<6xi64>)
    -> (tensor<6xi32>, tensor<6xi8>, tensor<6xi64>) {
  %0 = hlo.remainder %a, %a : tensor<6xi32>
  %1 = hlo.multiply %b, %b : tensor<6xi8>
  %2 = hlo.abs %c : tensor<6xi64>
  %3 = hlo.add %0, %a : tensor<6xi32>
  return %3, %1, %2 : tensor<6xi32>, tensor<6xi8>, tensor<6xi64>
}

// CHECK: @predicates result 0: ok (8 elements, exact)
// CHECK: @predicates result 1: ok (8 elements, exact)
func.func @predicates(%p: tensor<8xi1>, %x: tensor<8xi16>)
    -> (tensor<8xi1>, tensor<8xi16>) {
  %0 = hlo.not %p : tensor<8xi1>
  %zero = hlo.constant dense<0> : tensor<8xi16>
  %1 = hlo.compare GT, %x, %zero : tensor<8xi16>
  %2 = hlo.xor %0, %1 : tensor<8xi1>
  %3 = hlo.select %2, %x, %zero : tensor<8xi1>, tensor<8xi16>
  return %2, %3 : tensor<8xi1>, tensor<8xi16>
}
