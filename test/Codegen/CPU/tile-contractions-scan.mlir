// A scan's step and its gradient's through fuse-cpu-tile-contractions, as JAX's
// lax.scan and its gradient write them: a weight read by every step, a
// [1, n] bias reshaped to [n] before its broadcast, and gradients summed
// over the steps.
//  - The weight's panels are packed once, before the loop.
//  - The bias reaches the tile's epilogue through a unit dimension (after
//    --canonicalize drops the reshape).
//  - Each gradient's product starts from the loop-carried sum instead of
//    zeros, so bufferization updates it in place: the loop copies no
//    accumulator on any iteration (only the state h, which the step reads
//    after writing its successor). The loop counts, so it is an scf.for
//    over its 5 steps.
// The sums start from the carried value instead of adding it at the end:
// over 5 steps of 9 terms of up to about 3, f32 rounding differs by up to
// ~1e-4 absolute, hence --atol.
//
// RUN: fuse-opt %s --canonicalize --fuse-elementwise | fuse-opt --hlo-lower-to-cpu --mlir-disable-threading --mlir-print-ir-after=fuse-cpu-tile-contractions -o /dev/null 2>&1 | FileCheck %s --check-prefix=IR
// RUN: fuse-opt %s --canonicalize --fuse-elementwise | fuse-opt --hlo-lower-to-cpu --mlir-disable-threading --mlir-print-ir-after=fuse-codegen-bufferize-in-parallel -o /dev/null 2>&1 | FileCheck %s --check-prefix=BUFFERS
// RUN: fuse-run %s --random-inputs=1 --check --atol=1e-4 | FileCheck %s
// RUN: fuse-opt %s --canonicalize --fuse-elementwise | fuse-run - --random-inputs=2 --check --atol=1e-4 | FileCheck %s
// RUN: fuse-opt %s --canonicalize --fuse-elementwise | fuse-run - --random-inputs=3 --check --atol=1e-4 --pipeline-options="product-register-rows=3 product-register-cols=4 product-depth-block=7 product-row-block=6 product-col-block=8" | FileCheck %s

// CHECK: @scan_step result 0: ok
// CHECK: @scan_step result 1: ok
// CHECK: @scan_step result 2: ok

// The weight's packing comes before the loop; in it, h is packed three times
// (for h W and as the left operand of both gradients), the tanh result twice.
// IR-LABEL: func.func @scan_step
// IR: scf.forall {{.*}} -> (tensor<1x{{[0-9]+}}x20x{{[0-9]+}}xf32>)
// IR: scf.for {{.*}} to %c5 step %c1 iter_args
// IR-NOT: scf.while
// The bias epilogue is fused: no generic after the product's loop reads it.
// IR: math.tanh
// IR: tensor.parallel_insert_slice
// IR-NOT: linalg.generic
// IR: scf.yield

// BUFFERS-LABEL: func.func @scan_step
// BUFFERS: scf.for {{.*}} to %c5 step %c1 iter_args
// BUFFERS-NOT: memref.copy {{.*}} : memref<20x20xf32
// BUFFERS: return

func.func @scan_step(%h0: tensor<9x20xf32>, %w: tensor<20x20xf32>, %b: tensor<1x20xf32>, %xs: tensor<5x9x20xf32>) -> (tensor<9x20xf32>, tensor<20x20xf32>, tensor<20x20xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %steps = hlo.constant dense<5> : tensor<i32>
  %zeros = hlo.constant dense<0.0> : tensor<20x20xf32>
  %r:4 = hlo.while(%i = %zero, %h = %h0, %dw = %zeros, %dx = %zeros) : tensor<i32>, tensor<9x20xf32>, tensor<20x20xf32>, tensor<20x20xf32> cond {
    %lt = hlo.compare LT, %i, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %x1 = hlo.dynamic_slice %xs[%i, %zero, %zero] sizes = [1, 9, 20] : (tensor<5x9x20xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x9x20xf32>
    %x = hlo.reshape %x1 : (tensor<1x9x20xf32>) -> tensor<9x20xf32>
    %p = hlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<9x20xf32>, tensor<20x20xf32>) -> tensor<9x20xf32>
    %bias = hlo.reshape %b : (tensor<1x20xf32>) -> tensor<20xf32>
    %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<20xf32>) -> tensor<9x20xf32>
    %s = hlo.add %p, %bb : tensor<9x20xf32>
    %t = hlo.tanh %s : tensor<9x20xf32>
    %g = hlo.dot_general %h, %t, contracting_dims = [0] x [0] : (tensor<9x20xf32>, tensor<9x20xf32>) -> tensor<20x20xf32>
    %dw2 = hlo.add %dw, %g : tensor<20x20xf32>
    %gx = hlo.dot_general %x, %t, contracting_dims = [0] x [0] : (tensor<9x20xf32>, tensor<9x20xf32>) -> tensor<20x20xf32>
    %dx2 = hlo.add %gx, %dx : tensor<20x20xf32>
    hlo.return %next, %t, %dw2, %dx2 : tensor<i32>, tensor<9x20xf32>, tensor<20x20xf32>, tensor<20x20xf32>
  }
  return %r#1, %r#2, %r#3 : tensor<9x20xf32>, tensor<20x20xf32>, tensor<20x20xf32>
}
