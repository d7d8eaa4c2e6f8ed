// Multi-dimensional parallel loops (a convolution's patch copy and padding,
// a 4-D transpose, a 5-D broadcast sum) with their innermost dimension run
// as a sequential loop in each thread (fuse-cpu-serialize-innermost-parallel-dim,
// by default when the other dimensions make 256 iterations; with
// min-parallel-iterations=1 always) and with every dimension shared (=0),
// against the interpreter. min-parallel-bytes=0 keeps these small loops
// parallel. With 256, the LSTM-like gates (8 rows of 96) have too few rows,
// and their rows are cut into 6 pieces of 16 shared with the rows. The loop
// over a piece reads and writes its buffers in its access group
// (fuse-cpu-parallel-access-groups), so LLVM vectorizes it without checking
// that the 7 buffers do not overlap.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=2 --check --pipeline-options="min-parallel-bytes=0 min-parallel-iterations=1" | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=3 --check --pipeline-options="min-parallel-bytes=0 min-parallel-iterations=0" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=4 --check --pipeline-options="min-parallel-bytes=0 min-parallel-iterations=1" | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=5 --check --pipeline-options="min-parallel-bytes=0 min-parallel-iterations=256" | FileCheck %s
// RUN: fuse-opt %s --hlo-lower-to-cpu="min-parallel-bytes=0 min-parallel-iterations=1" --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-serialize-innermost-parallel-dim -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-cpu="min-parallel-bytes=0 min-parallel-iterations=256" --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-serialize-innermost-parallel-dim -o /dev/null 2>&1 | FileCheck %s --check-prefix=PIECES
// RUN: fuse-opt %s --fuse-elementwise --hlo-lower-to-cpu="min-parallel-bytes=0 min-parallel-iterations=256" | FileCheck %s --check-prefix=GROUPS

// CHECK: @conv result 0: ok
// CHECK: @transpose result 0: ok
// CHECK: @broadcast_sum result 0: ok
// CHECK: @gates result 0: ok
// CHECK: @gates result 1: ok

// PIECES-LABEL: func.func private @gates_fusion0
// PIECES: scf.parallel (%{{.*}}, %[[P:.*]]) = (%c0, %c0{{.*}}) to (%c8, %c6{{.*}}) step
// PIECES-NEXT: %[[FIRST:.*]] = arith.muli %[[P]], %c16
// PIECES-NEXT: %[[LAST:.*]] = arith.addi %[[FIRST]], %c16
// PIECES-NEXT: scf.for %{{.*}} = %[[FIRST]] to %[[LAST]] step %c1 {

// The gates' kernel: 5 loads and 2 stores in the piece's loop, all in one
// access group, and the loop's back edge annotated.
// GROUPS-LABEL: llvm.func @gates_fusion0_kernel0
// GROUPS-NOT: llvm.return
// GROUPS: llvm.load %{{.*}} {access_groups = [#[[GROUP:access_group[0-9]*]]]} : !llvm.ptr -> f32
// GROUPS-NOT: llvm.return
// GROUPS-COUNT-4: llvm.load %{{.*}} {access_groups = [#[[GROUP]]]} : !llvm.ptr -> f32
// GROUPS-NOT: llvm.return
// GROUPS-COUNT-2: llvm.store %{{.*}} {access_groups = [#[[GROUP]]]} : f32, !llvm.ptr
// GROUPS-NEXT: llvm.add
// GROUPS-NEXT: llvm.br ^{{.*}} {loop_annotation = #loop_annotation{{[0-9]*}}}

// The padding and the patch copy: a parallel loop around a sequential
// innermost one.
// IR-LABEL: func.func @transpose
// IR: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}) = {{.*}} {
// IR-NEXT: scf.for
// IR-LABEL: func.func @broadcast_sum
// IR: scf.parallel (%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) = {{.*}} {
// IR-NEXT: scf.for
// IR-LABEL: func.func private @conv_fusion0
// IR: scf.parallel ({{.*}}) to (%c4, %c11, %c9) step
// IR-NEXT: scf.for %{{.*}} = %c0 to %c5 step %c1 {
// IR: scf.parallel ({{.*}}) to (%c4, %c9, %c7, %c3, %c3) step
// IR-NEXT: scf.for %{{.*}} = %c0 to %c5 step %c1 {
func.func @conv(%x: tensor<4x9x7x5xf32>, %w: tensor<3x3x5x6xf32>) -> tensor<4x9x7x6xf32> {
  %0 = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<4x9x7x5xf32>, tensor<3x3x5x6xf32>) -> tensor<4x9x7x6xf32>
  return %0 : tensor<4x9x7x6xf32>
}

func.func @transpose(%x: tensor<6x5x4x33xf32>) -> tensor<33x4x6x5xf32> {
  %0 = hlo.transpose %x, dims = [3, 2, 0, 1] : (tensor<6x5x4x33xf32>) -> tensor<33x4x6x5xf32>
  return %0 : tensor<33x4x6x5xf32>
}

func.func @broadcast_sum(%x: tensor<3x1x5x1x7xf32>, %y: tensor<3x4x5x6x7xf32>) -> tensor<3x4x5x6x7xf32> {
  %b = hlo.broadcast_in_dim %x, dims = [0, 1, 2, 3, 4] : (tensor<3x1x5x1x7xf32>) -> tensor<3x4x5x6x7xf32>
  %s = hlo.add %b, %y : tensor<3x4x5x6x7xf32>
  return %s : tensor<3x4x5x6x7xf32>
}

// An LSTM step's gates: slices of the two products' sums through sigmoid
// and tanh, the new cell and the new state.
func.func @gates(%x: tensor<8x384xf32>, %h: tensor<8x384xf32>, %c: tensor<8x96xf32>) -> (tensor<8x96xf32>, tensor<8x96xf32>) {
  %s = hlo.add %x, %h : tensor<8x384xf32>
  %i = hlo.slice %s, starts = [0, 0], limits = [8, 96], strides = [1, 1] : (tensor<8x384xf32>) -> tensor<8x96xf32>
  %f = hlo.slice %s, starts = [0, 96], limits = [8, 192], strides = [1, 1] : (tensor<8x384xf32>) -> tensor<8x96xf32>
  %g = hlo.slice %s, starts = [0, 192], limits = [8, 288], strides = [1, 1] : (tensor<8x384xf32>) -> tensor<8x96xf32>
  %o = hlo.slice %s, starts = [0, 288], limits = [8, 384], strides = [1, 1] : (tensor<8x384xf32>) -> tensor<8x96xf32>
  %si = hlo.logistic %i : tensor<8x96xf32>
  %sf = hlo.logistic %f : tensor<8x96xf32>
  %tg = hlo.tanh %g : tensor<8x96xf32>
  %so = hlo.logistic %o : tensor<8x96xf32>
  %kept = hlo.multiply %sf, %c : tensor<8x96xf32>
  %new = hlo.multiply %si, %tg : tensor<8x96xf32>
  %cell = hlo.add %kept, %new : tensor<8x96xf32>
  %tc = hlo.tanh %cell : tensor<8x96xf32>
  %state = hlo.multiply %so, %tc : tensor<8x96xf32>
  return %cell, %state : tensor<8x96xf32>, tensor<8x96xf32>
}
