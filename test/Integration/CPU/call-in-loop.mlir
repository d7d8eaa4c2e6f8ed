// A private function called in a loop's body, with the entry's arguments
// read-only (as fuse-run passes them): fuse-codegen-bufferize-in-parallel
// asked the loop whether it reads them, and the loop's analysis followed
// the call, which its state cannot (a crash). The interpreter evaluates the
// call too: the compiled program is checked against it, in f32 and in f64.
//
// RUN: fuse-run %s --random-inputs=1 --check --atol=1e-4 | FileCheck %s
// RUN: fuse-run %s --random-inputs=1 --check=f64 --atol=1e-4 | FileCheck %s

// CHECK: @main result 0: ok
// CHECK: @main result 1: ok

func.func private @step(%h: tensor<9x20xf32>, %t: tensor<9x20xf32>) -> tensor<20x20xf32> {
  %g = hlo.dot_general %h, %t, contracting_dims = [0] x [0] : (tensor<9x20xf32>, tensor<9x20xf32>) -> tensor<20x20xf32>
  return %g : tensor<20x20xf32>
}

func.func @main(%h0: tensor<9x20xf32>, %w: tensor<20x20xf32>) -> (tensor<9x20xf32>, tensor<20x20xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %steps = hlo.constant dense<5> : tensor<i32>
  %zeros = hlo.constant dense<0.0> : tensor<20x20xf32>
  %r:3 = hlo.while(%i = %zero, %h = %h0, %dw = %zeros) : tensor<i32>, tensor<9x20xf32>, tensor<20x20xf32> cond {
    %lt = hlo.compare LT, %i, %steps : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %p = hlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<9x20xf32>, tensor<20x20xf32>) -> tensor<9x20xf32>
    %t = hlo.tanh %p : tensor<9x20xf32>
    %g = func.call @step(%h, %t) : (tensor<9x20xf32>, tensor<9x20xf32>) -> tensor<20x20xf32>
    %dw2 = hlo.add %dw, %g : tensor<20x20xf32>
    hlo.return %next, %t, %dw2 : tensor<i32>, tensor<9x20xf32>, tensor<20x20xf32>
  }
  return %r#1, %r#2 : tensor<9x20xf32>, tensor<20x20xf32>
}
