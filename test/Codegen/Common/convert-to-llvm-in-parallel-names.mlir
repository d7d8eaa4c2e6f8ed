// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel | FileCheck %s
// RUN: fuse-opt %s --fuse-codegen-convert-to-llvm-in-parallel --mlir-disable-threading | FileCheck %s

// Converted apart, the kernel's assertion message and the entry's take the
// same name; the kernel's is renamed, and it reads its own.
// The messages are "kernel failed" (107, 101, 114, ...) and "main failed"
// (109, 97, 105, ...).
// CHECK-DAG: llvm.mlir.global private constant @[[$KERNEL:assert_msg(_0)?]](dense<[107, 101, 114,
// CHECK-DAG: llvm.mlir.global private constant @[[$MAIN:assert_msg(_0)?]](dense<[109, 97, 105,
// CHECK-LABEL: llvm.func @kernel(
// CHECK:         llvm.mlir.addressof @[[$KERNEL]]
// CHECK-LABEL: llvm.func @main(
// CHECK:         llvm.mlir.addressof @[[$MAIN]]
func.func private @kernel(%c: i1) {
  cf.assert %c, "kernel failed"
  return
}
func.func @main(%c: i1) {
  cf.assert %c, "main failed"
  call @kernel(%c) : (i1) -> ()
  return
}
