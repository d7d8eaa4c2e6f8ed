// A weight gradient whose left operand (K x M, transposed) is larger than
// L2 with few result columns: the policy reads both operands in place and,
// on a host with several threads, splits the result's rows among them
// (TileContractionsPolicyTest.TransposedLeftInPlaceSplitsItsRows checks the
// choice). Compiled against the interpreter: odd M and N (a partial
// register tile in each direction), with and without the Adam-like
// epilogue fused into the tiles.
// Read in place, each step of K reads a register tile's elements from a
// row of its own, one long row apart: the tile prefetches the row 32 steps
// ahead (its first and last elements' lines), from the operand's own buffer
// (a read-only to_buffer, no copy once bufferized). Forced in place here,
// whatever the host's caches, and run in place too.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="product-pack-left=in-place" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s
// RUN: fuse-opt %s --convert-hlo-to-linalg --fuse-cpu-tile-contractions="pack-left=in-place" | FileCheck %s --check-prefix=IR
// RUN: fuse-opt %s --hlo-lower-to-cpu="product-pack-left=in-place" | FileCheck %s --check-prefix=LLVM

// IR-LABEL: func.func @weight_gradient
// IR: %[[BUF:.*]] = bufferization.to_buffer %{{.*}} read_only : tensor<1x12288x53xf32> to memref<1x12288x53xf32, strided<[?, ?, ?], offset: ?>>
// IR: scf.for %[[K:.*]] = %{{.*}} to %{{.*}} step %c1 iter_args(%{{.*}} = %cst,
// IR: %[[AHEAD:.*]] = arith.addi %[[K]], %c32
// IR: %[[CLAMPED:.*]] = arith.minsi %[[AHEAD]], %c12287
// IR: memref.prefetch %[[BUF]][%{{.*}}, %[[CLAMPED]], %{{.*}}], read, locality<3>, data
// IR-NEXT: memref.prefetch %[[BUF]][%{{.*}}, %[[CLAMPED]], %{{.*}}], read, locality<3>, data
// IR: vector.broadcast
// LLVM-COUNT-2: llvm.intr.prefetch

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
