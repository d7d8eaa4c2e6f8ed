// Bad input gives a diagnostic at its source location and a non-zero exit,
// never a crash.
// RUN: not fuse-opt %s -split-input-file 2>&1 | FileCheck %s

// CHECK: bad-input.mlir:[[# @LINE + 2]]:8: error: custom op 'hlo.frobnicate' is unknown
func.func @unknown_op(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.frobnicate %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 2]]:18: error: expected ','
func.func @malformed(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.add %x : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 2]]:8: error: 'hlo.add' op requires the same type for all operands and results
func.func @wrong_types(%x: tensor<4xf32>, %y: tensor<4xf64>) -> tensor<4xf32> {
  %0 = "hlo.add"(%x, %y) : (tensor<4xf32>, tensor<4xf64>) -> tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 2]]:20: error: use of undeclared SSA value name
func.func @undefined_value(%x: tensor<4xf32>) -> tensor<4xf32> {
  %0 = hlo.add %x, %nope : tensor<4xf32>
  return %0 : tensor<4xf32>
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 2]]:8: error: 'hlo.dot' op contracting dimension sizes differ
func.func @shape_mismatch(%a: tensor<4x8xf32>, %b: tensor<7x2xf32>) -> tensor<4x2xf32> {
  %0 = hlo.dot %a, %b : (tensor<4x8xf32>, tensor<7x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// CHECK: bad-input.mlir:[[# @LINE + 1]]:1: error: custom op 'not' is unknown
not an mlir file
