// Kernels that only read their arguments are bufferized apart from the
// entry, each on its own thread (fuse-codegen-bufferize-in-parallel): here
// two kernels with the same constant (one global in the end), one with
// another constant under the same generated name (renamed), and an update
// in place by the entry of what they compute. (Fusions whose results the
// entry returns stay in it.) Each result against the
// interpreter, on several threads and on one.
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=2 --check --mlir-disable-threading | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=1 --no-cache --mlir-print-ir-after=fuse-codegen-bufferize-in-parallel 2>&1 >/dev/null | FileCheck %s
// EXEC: @main result 0: ok
// EXEC: @main result 1: ok

// CHECK-DAG: memref.global "private" constant @[[$C1:[_a-z0-9]+]] : memref<8xf32> = dense<[1.000000e+00, 2.000000e+00, 3.000000e+00
// CHECK-DAG: memref.global "private" constant @[[$C2:[_a-z0-9]+]] : memref<8xf32> = dense<[5.000000e-01, 2.500000e-01
// CHECK-NOT: memref.global
// CHECK-LABEL: func.func @main(
// CHECK-COUNT-3: call @main_fusion
// CHECK-NOT: tensor<
// CHECK: return
// CHECK: func.func private @main_fusion{{.*}}(%{{.*}}: memref<8xf32>) -> memref<8xf32>
// CHECK: memref.get_global @[[$C1]]
// CHECK: func.func private @main_fusion{{.*}}(%{{.*}}: memref<8xf32>) -> memref<8xf32>
// CHECK: memref.get_global @[[$C1]]
// CHECK: func.func private @main_fusion{{.*}}(%{{.*}}: memref<8xf32>) -> memref<8xf32>
// CHECK: memref.get_global @[[$C2]]
// CHECK-NOT: tensor<
func.func @main(%x: tensor<8xf32>, %u: tensor<2xf32>, %i: tensor<i32>)
    -> (tensor<8xf32>, tensor<8xf32>) {
  %0 = hlo.fusion loop(%x) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<8xf32>):
    %c = hlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
    %p = hlo.multiply %a, %c : tensor<8xf32>
    %e = hlo.exponential %p : tensor<8xf32>
    hlo.yield %e : tensor<8xf32>
  }
  %1 = hlo.fusion loop(%0) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<8xf32>):
    %c = hlo.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf32>
    %s = hlo.subtract %a, %c : tensor<8xf32>
    %t = hlo.tanh %s : tensor<8xf32>
    hlo.yield %t : tensor<8xf32>
  }
  %2 = hlo.fusion loop(%x) : (tensor<8xf32>) -> tensor<8xf32> {
  ^bb0(%a: tensor<8xf32>):
    %c = hlo.constant dense<[0.5, 0.25, 2.0, 4.0, 8.0, 0.125, 1.0, 16.0]> : tensor<8xf32>
    %q = hlo.divide %a, %c : tensor<8xf32>
    %n = hlo.negate %q : tensor<8xf32>
    hlo.yield %n : tensor<8xf32>
  }
  %3 = hlo.add %1, %2 : tensor<8xf32>
  %4 = hlo.dynamic_update_slice %3[%i], %u : (tensor<8xf32>, tensor<2xf32>, tensor<i32>) -> tensor<8xf32>
  return %3, %4 : tensor<8xf32>, tensor<8xf32>
}
