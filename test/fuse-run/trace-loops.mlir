// Kernels inside loops and branches are boxes of their own, once per
// iteration, nested in the box of their hlo.while or hlo.case (a box is
// written when it ends, so the inner boxes come first).
// RUN: fuse-run %s --random-inputs=1 --check --trace=%t.json | FileCheck %s --check-prefix=CHECKED
// RUN: %python %S/Inputs/check-trace.py %t.json | FileCheck %s

// CHECKED: @main result 0: ok

// CHECK:      @main call=0
// CHECK-NEXT:   compare.3 location=trace-loops.mlir:[[# @LINE + 16]]:11 op=hlo.compare
// CHECK-NEXT:   add.5 location=trace-loops.mlir:[[# @LINE + 19]]:13 op=hlo.add
// CHECK-NEXT:   exponential.6 location=trace-loops.mlir:[[# @LINE + 19]]:10 op=hlo.exponential
// CHECK-NEXT:   compare.3
// CHECK-NEXT:   add.5
// CHECK-NEXT:   exponential.6
// CHECK-NEXT:   compare.3
// CHECK-NEXT:   while.1 location=trace-loops.mlir:[[# @LINE + 7]]:10 op=hlo.while
// CHECK-NEXT:   negate.8 location=trace-loops.mlir:[[# @LINE + 19]]:10 op=hlo.negate
// CHECK-NEXT:   case.7 location=trace-loops.mlir:[[# @LINE + 15]]:8 op=hlo.case
// CHECK-NOT: {{.}}

func.func @main(%x: tensor<8xf32>) -> tensor<8xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<8xf32> cond {
    %two = hlo.constant dense<2> : tensor<i32>
    %lt = hlo.compare LT, %i, %two : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %e = hlo.exponential %v : tensor<8xf32>
    hlo.return %next, %e : tensor<i32>, tensor<8xf32>
  }
  %c = hlo.case %r#0 -> tensor<8xf32> {
    hlo.return %r#1 : tensor<8xf32>
  }, {
    %n = hlo.negate %r#1 : tensor<8xf32>
    hlo.return %n : tensor<8xf32>
  }
  return %c : tensor<8xf32>
}
