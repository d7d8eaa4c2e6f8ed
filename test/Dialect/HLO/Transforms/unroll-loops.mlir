// A while loop that counts a few trips by ones, from a constant to a
// constant bound, becomes that many copies of its body; other loops stay.
// The unrolled programs run against the interpreter, and against the
// interpreted original's results.
// RUN: fuse-opt %s --split-input-file --hlo-unroll-loops | FileCheck %s
// RUN: fuse-opt %s --split-input-file --hlo-unroll-loops="max-trips=2" | FileCheck %s --check-prefix=TWO
// RUN: fuse-opt %s --split-input-file --hlo-unroll-loops="max-ops=11" | FileCheck %s --check-prefix=OPS
// RUN: fuse-opt %s --split-input-file --hlo-unroll-loops="max-ops=12" | FileCheck %s --check-prefix=TWELVE
// RUN: rm -rf %t && mkdir -p %t
// RUN: fuse-run %S/Inputs/counted-loops.mlir --all-entries --interpret --random-inputs=1 --outputs=%t
// RUN: fuse-opt %S/Inputs/counted-loops.mlir --hlo-unroll-loops | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %S/Inputs/counted-loops.mlir --hlo-unroll-loops | fuse-run - --all-entries --random-inputs=1 --expected=%t | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-5: result {{[0-9]}}: ok

// Three trips, the bound a constant of the condition (as JAX writes it):
// three multiplies in a row, the counter's adds left for canonicalization.
// CHECK-LABEL: func.func @three_trips
// CHECK-NOT: hlo.while
// CHECK: %[[Y1:.*]] = hlo.multiply %arg0, %arg0
// CHECK: %[[Y2:.*]] = hlo.multiply %[[Y1]], %[[Y1]]
// CHECK: %[[Y3:.*]] = hlo.multiply %[[Y2]], %[[Y2]]
// CHECK: return %[[Y3]]
// TWO-LABEL: func.func @three_trips
// TWO: hlo.while
// Its body is 4 ops (the terminator included): 12 unrolled.
// OPS-LABEL: func.func @three_trips
// OPS: hlo.while
// TWELVE-LABEL: func.func @three_trips
// TWELVE-NOT: hlo.while
// TWELVE: return
func.func @three_trips(%x: tensor<4xf32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %n = hlo.constant dense<3> : tensor<i32>
    %p = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %one, %i : tensor<i32>
    %z = hlo.multiply %y, %y : tensor<4xf32>
    hlo.return %next, %z : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// A loop that starts at its bound runs no trip: its operands are its
// results.
// CHECK-LABEL: func.func @no_trip
// CHECK-NOT: hlo.while
// CHECK: return %arg0
func.func @no_trip(%x: tensor<4xf32>) -> tensor<4xf32> {
  %five = hlo.constant dense<5> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %five, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = hlo.compare LT, %i, %five : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %z = hlo.exponential %y : tensor<4xf32>
    hlo.return %next, %z : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// -----

// Left alone: a bound that is an argument, a step of two, a condition
// that is not 'less than', and more trips than max-trips.
// CHECK-LABEL: func.func @refused
// CHECK-COUNT-4: hlo.while
func.func @refused(%x: tensor<4xf32>, %n: tensor<i32>) -> (tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %two = hlo.constant dense<2> : tensor<i32>
  %four = hlo.constant dense<4> : tensor<i32>
  %many = hlo.constant dense<100> : tensor<i32>
  %a:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %z = hlo.negate %y : tensor<4xf32>
    hlo.return %next, %z : tensor<i32>, tensor<4xf32>
  }
  %b:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = hlo.compare LT, %i, %four : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %next = hlo.add %i, %two : tensor<i32>
    %z = hlo.negate %y : tensor<4xf32>
    hlo.return %next, %z : tensor<i32>, tensor<4xf32>
  }
  %c:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = hlo.compare NE, %i, %four : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %z = hlo.negate %y : tensor<4xf32>
    hlo.return %next, %z : tensor<i32>, tensor<4xf32>
  }
  %d:2 = hlo.while(%i = %zero, %y = %x) : tensor<i32>, tensor<4xf32>
  cond {
    %p = hlo.compare LT, %i, %many : tensor<i32>
    hlo.return %p : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %z = hlo.negate %y : tensor<4xf32>
    hlo.return %next, %z : tensor<i32>, tensor<4xf32>
  }
  return %a#1, %b#1, %c#1, %d#1 : tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>
}
