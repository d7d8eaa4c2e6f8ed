// RUN: fuse-opt %s --split-input-file --fuse-codegen-drop-unused-arguments | FileCheck %s
// The CPU pipeline passes each kernel the descriptor fields it reads: the
// buffers' aligned pointers, and the offset of a slice taken at run time;
// the program computes what the interpreter does.
// RUN: fuse-opt %S/Inputs/kernels-of-views.mlir --fuse-elementwise | fuse-opt --hlo-lower-to-cpu | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-run %S/Inputs/kernels-of-views.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/kernels-of-views.mlir --random-inputs=2 --check --pipeline-options="parallel=0" | FileCheck %s --check-prefix=EXEC
// PIPELINE: llvm.call @main_kernel0(%{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr) -> ()
// PIPELINE: llvm.call @main_kernel2(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, !llvm.ptr) -> ()
// PIPELINE: llvm.func @main_kernel0(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr) attributes
// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
// EXEC: @main result 2: ok

// A private function loses the arguments it does not read, with their
// attributes, and its calls the operands; what built them is then dead.
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME: %[[A:.*]]: !llvm.ptr, %[[B:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK-NEXT: llvm.call @kernel(%[[B]], %[[N]]) : (!llvm.ptr, i64) -> ()
// CHECK-NEXT: llvm.return
// CHECK: llvm.func @kernel(%[[P:.*]]: !llvm.ptr {llvm.noalias}, %[[K:.*]]: i64)
// CHECK-NEXT: llvm.getelementptr %[[P]][%[[K]]]
llvm.func @caller(%a: !llvm.ptr, %b: !llvm.ptr, %n: i64) {
  %c = llvm.mlir.constant(3 : i64) : i64
  %d = llvm.add %n, %c : i64
  llvm.call @kernel(%a, %b, %d, %n) : (!llvm.ptr, !llvm.ptr, i64, i64) -> ()
  llvm.return
}
llvm.func @kernel(%allocated: !llvm.ptr {llvm.readnone}, %aligned: !llvm.ptr {llvm.noalias}, %unused: i64, %k: i64) attributes {sym_visibility = "private"} {
  %p = llvm.getelementptr %aligned[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %p : f32, !llvm.ptr
  llvm.return
}

// -----

// Through a chain of private functions: once the kernel drops an argument,
// the fusion that only forwarded it drops it too. The public entry keeps
// its signature.
// CHECK-LABEL: llvm.func @entry(
// CHECK-SAME: %{{.*}}: !llvm.ptr, %[[X:.*]]: !llvm.ptr)
// CHECK-NEXT: llvm.call @fusion(%[[X]]) : (!llvm.ptr) -> ()
// CHECK: llvm.func @fusion(%[[Y:.*]]: !llvm.ptr)
// CHECK-NEXT: llvm.call @leaf(%[[Y]]) : (!llvm.ptr) -> ()
// CHECK: llvm.func @leaf(%{{.*}}: !llvm.ptr)
llvm.func @entry(%unread: !llvm.ptr, %x: !llvm.ptr) {
  llvm.call @fusion(%unread, %x) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}
llvm.func @fusion(%u: !llvm.ptr, %y: !llvm.ptr) attributes {sym_visibility = "private"} {
  llvm.call @leaf(%u, %y) : (!llvm.ptr, !llvm.ptr) -> ()
  llvm.return
}
llvm.func @leaf(%u: !llvm.ptr, %y: !llvm.ptr) attributes {sym_visibility = "private"} {
  %z = llvm.mlir.constant(1.0 : f32) : f32
  llvm.store %z, %y : f32, !llvm.ptr
  llvm.return
}

// -----

// Kept as they are: a public function, a private one whose address is
// taken, a variadic one, and a declaration.
// CHECK-LABEL: llvm.func @public(%{{.*}}: i64, %{{.*}}: i64)
// CHECK: llvm.func @address_taken(%{{.*}}: i64, %{{.*}}: i64)
// CHECK: llvm.func @variadic(%{{.*}}: i64, ...)
// CHECK: llvm.func @declared(i64, i64)
// CHECK: llvm.call @address_taken(%{{.*}}, %{{.*}}) :
// CHECK: llvm.call @variadic(%{{.*}}, %{{.*}}) vararg
// CHECK: llvm.call @declared(%{{.*}}, %{{.*}}) :
llvm.func @public(%a: i64, %b: i64) -> i64 {
  llvm.return %a : i64
}
llvm.func @address_taken(%a: i64, %b: i64) -> i64 attributes {sym_visibility = "private"} {
  llvm.return %a : i64
}
llvm.func @variadic(%a: i64, ...) attributes {sym_visibility = "private"} {
  llvm.return
}
llvm.func @declared(i64, i64) attributes {sym_visibility = "private"}
llvm.func @user(%a: i64) -> !llvm.ptr {
  %0 = llvm.call @address_taken(%a, %a) : (i64, i64) -> i64
  llvm.call @variadic(%a, %0) vararg(!llvm.func<void (i64, ...)>) : (i64, i64) -> ()
  llvm.call @declared(%a, %0) : (i64, i64) -> ()
  %f = llvm.mlir.addressof @address_taken : !llvm.ptr
  llvm.return %f : !llvm.ptr
}
