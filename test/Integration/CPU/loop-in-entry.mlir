// A loop whose body forks threads stays in the entry, which is host glue
// compiled without optimization, and carries memref descriptors: aggregate
// phis in LLVM IR. The JIT splits them into one phi per field, which LLVM's
// fast instruction selector handles (with an aggregate phi it handed the
// whole block before the loop to SelectionDAG: 11.7 s for an LLM's
// generate loop). The product in the body reads only what the iteration
// computes, so it is outlined; the fusions that read the loop-carried
// state stay in the loop.
//
// RUN: fuse-opt %s --fuse-elementwise | fuse-opt --hlo-lower-to-cpu | FileCheck %s --check-prefix=GLUE
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: env OMP_NUM_THREADS=1 fuse-run %s --random-inputs=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=3 --check --no-cache --pass-remarks-missed=sdagisel 2>&1 | FileCheck %s --check-prefix=FAST

// GLUE-LABEL: llvm.func @main(
// GLUE: ^bb{{[0-9]+}}(%{{.*}}: i64, %{{.*}}: !llvm.struct<(ptr, ptr, i64, array<2 x i64>, array<2 x i64>)>
// GLUE: llvm.call @main_fusion0(
// GLUE: llvm.cond_br
// FAST-NOT: FastISel missed{{.*}}(in function: _fuse_packed_
// FAST: @main result 0: ok
// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
// EXEC: @main result 2: ok
func.func @main(%x: tensor<256x256xf32>, %w: tensor<256xf32>) -> (tensor<i32>, tensor<256x256xf32>, tensor<256xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:3 = hlo.while(%i = %zero, %h = %x, %s = %w) : tensor<i32>, tensor<256x256xf32>, tensor<256xf32>
  cond {
    %steps = hlo.constant dense<3> : tensor<i32>
    %lt = hlo.compare LT, %i, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %half = hlo.constant dense<0.5> : tensor<256x256xf32>
    %t = hlo.tanh %h : tensor<256x256xf32>
    %u = hlo.multiply %t, %half : tensor<256x256xf32>
    %p = hlo.dot_general %u, %u, contracting_dims = [1] x [0] : (tensor<256x256xf32>, tensor<256x256xf32>) -> tensor<256x256xf32>
    %scale = hlo.constant dense<0.01> : tensor<256x256xf32>
    %q = hlo.multiply %p, %scale : tensor<256x256xf32>
    %e = hlo.exponential %q : tensor<256x256xf32>
    %c = hlo.cosine %e : tensor<256x256xf32>
    %zf = hlo.constant dense<0.0> : tensor<f32>
    %row = hlo.reduce add(%c init %zf) dims = [0] : (tensor<256x256xf32>, tensor<f32>) -> tensor<256xf32>
    %b = hlo.broadcast_in_dim %s, dims = [1] : (tensor<256xf32>) -> tensor<256x256xf32>
    %v = hlo.add %c, %b : tensor<256x256xf32>
    hlo.return %next, %v, %row : tensor<i32>, tensor<256x256xf32>, tensor<256xf32>
  }
  return %r#0, %r#1, %r#2 : tensor<i32>, tensor<256x256xf32>, tensor<256xf32>
}
