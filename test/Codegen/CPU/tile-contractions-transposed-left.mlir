// A weight gradient whose left operand (K x M, transposed) is larger than
// L2 with few result columns: the policy reads both operands in place and,
// on a host with several threads, splits the result's rows among them
// (TileContractionsPolicyTest.TransposedLeftInPlaceSplitsItsRows checks the
// choice). Compiled against the interpreter: odd M and N (a partial
// register tile in each direction), with and without the Adam-like
// epilogue fused into the tiles.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s

// CHECK: @weight_gradient result 0: ok
func.func @weight_gradient(%x: tensor<12288x53xf32>, %g: tensor<12288x37xf32>) -> tensor<53x37xf32> {
  %d = hlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<12288x53xf32>, tensor<12288x37xf32>) -> tensor<53x37xf32>
  return %d : tensor<53x37xf32>
}

// CHECK: @weight_gradient_update result 0: ok
// CHECK: @weight_gradient_update result 1: ok
func.func @weight_gradient_update(%x: tensor<12288x53xf32>, %g: tensor<12288x37xf32>, %m: tensor<53x37xf32>, %w: tensor<53x37xf32>) -> (tensor<53x37xf32>, tensor<53x37xf32>) {
  %d = hlo.dot_general %x, %g, contracting_dims = [0] x [0] : (tensor<12288x53xf32>, tensor<12288x37xf32>) -> tensor<53x37xf32>
  %decay = hlo.constant dense<9.0e-01> : tensor<53x37xf32>
  %rate = hlo.constant dense<1.0e-01> : tensor<53x37xf32>
  %0 = hlo.multiply %m, %decay : tensor<53x37xf32>
  %1 = hlo.multiply %d, %rate : tensor<53x37xf32>
  %moment = hlo.add %0, %1 : tensor<53x37xf32>
  %step = hlo.multiply %moment, %rate : tensor<53x37xf32>
  %updated = hlo.subtract %w, %step : tensor<53x37xf32>
  return %moment, %updated : tensor<53x37xf32>, tensor<53x37xf32>
}
