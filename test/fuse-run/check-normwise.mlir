// A result that sums may match normwise: ||got - want|| <= rtol ||want||.
// A long sum that cancels to near zero is off element by element by the
// rounding of its terms; the norm judges the result as a whole. The verdict
// says so, beside the element-wise one; a result that does not sum must
// still match element by element.
// RUN: rm -rf %t && mkdir -p %t/expected %t/close
// RUN: %python %S/Inputs/write-f32-npy.py %t/x.npy 2x4 1000 0 0 0 1 -1 0 0
// Row sums [1000, 0], expected [1000, 0.001]: 1e-3 off element-wise, 1e-6
// normwise.
// RUN: %python %S/Inputs/write-f32-npy.py %t/expected/result0.npy 2 1000 0.001
// RUN: %python %S/Inputs/write-f32-npy.py %t/close/result0.npy 2 1000 0.001
// -x, expected with one element 1e-3 off: no sum, so a mismatch.
// RUN: %python %S/Inputs/write-f32-npy.py %t/expected/result1.npy 2x4 -1000 0 0 0.001 -1 1 0 0
// RUN: %python %S/Inputs/write-f32-npy.py %t/close/result1.npy 2x4 -1000 0 0 0 -1 1 0 0
// The row sums again, through two calls: a sum found in a function that a
// called function calls.
// RUN: %python %S/Inputs/write-f32-npy.py %t/expected/result2.npy 2 1000 0.001
// RUN: %python %S/Inputs/write-f32-npy.py %t/close/result2.npy 2 1000 0.001
// RUN: sh -c 'fuse-run %s --inputs=%t/x.npy --expected=%t/expected; echo "exit $?"' | FileCheck %s
// CHECK: @main result 0: ok by norm (normwise err 1.0e-06 <= rtol 1.0e-04; element-wise: MISMATCH at [1]: got 0, expected 0.001, tolerance 1.0e-05 (atol 1.0e-05, rtol 1.0e-04); 1 of 2 elements differ, max abs err 1.0e-03, max rel err 1.0e+00)
// CHECK-NEXT: @main result 1: MISMATCH at [0, 3]: got -0, expected 0.001, {{.*}}; 1 of 8 elements differ, max abs err 1.0e-03, max rel err 1.0e+00, normwise err 1.0e-06
// CHECK-NEXT: @main result 2: ok by norm (normwise err 1.0e-06
// CHECK-NEXT: exit 1
// RUN: sh -c 'fuse-run %s --inputs=%t/x.npy --expected=%t/close; echo "exit $?"' | FileCheck %s --check-prefix=CLOSE
// CLOSE: @main result 0: ok by norm
// CLOSE-NEXT: @main result 1: ok (8 elements, exact)
// CLOSE-NEXT: @main result 2: ok by norm
// CLOSE-NEXT: exit 0
// A tighter rtol refuses the norm too.
// RUN: sh -c 'fuse-run %s --inputs=%t/x.npy --expected=%t/close --rtol=1e-7; echo "exit $?"' | FileCheck %s --check-prefix=TIGHT
// TIGHT: @main result 0: MISMATCH at [1]{{.*}}, normwise err 1.0e-06
// TIGHT: exit 1
func.func @main(%x: tensor<2x4xf32>)
    -> (tensor<2xf32>, tensor<2x4xf32>, tensor<2xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sums = hlo.reduce add(%x init %zero) dims = [1]
      : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  %negated = hlo.negate %x : tensor<2x4xf32>
  %called = func.call @outer(%x) : (tensor<2x4xf32>) -> tensor<2xf32>
  return %sums, %negated, %called : tensor<2xf32>, tensor<2x4xf32>, tensor<2xf32>
}

func.func private @outer(%x: tensor<2x4xf32>) -> tensor<2xf32> {
  %sums = func.call @inner(%x) : (tensor<2x4xf32>) -> tensor<2xf32>
  return %sums : tensor<2xf32>
}

func.func private @inner(%x: tensor<2x4xf32>) -> tensor<2xf32> {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sums = hlo.reduce add(%x init %zero) dims = [1]
      : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32>
  return %sums : tensor<2xf32>
}
