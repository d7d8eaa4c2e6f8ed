// RUN: fuse-opt %s --fuse-codegen-merge-similar-functions | FileCheck %s
// RUN: fuse-opt %s --fuse-codegen-merge-similar-functions="explain=1" -o /dev/null 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// Callers merged in the first round (@x1 into @x0) while their callee is
// merged only in the second (@y1 into @y0, once their own callees are
// merged): the pass finds the module's calls once and keeps them up to
// date, so the calls of the erased @x1 are forgotten, not redirected.
// EXPLAIN-DAG: remark: merged into @x0, which takes the 1 constant(s)
// EXPLAIN-DAG: remark: merged into @a0, which takes the 1 constant(s)
// EXPLAIN-DAG: remark: merged into @y0, which takes the 1 constant(s)
// CHECK-LABEL: llvm.func @entry(
// CHECK: llvm.call @x0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @x0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @y0(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64) -> ()
// CHECK: llvm.func @x0(%[[P:.*]]: !llvm.ptr, %[[K:.*]]: i64)
// CHECK: %[[FIVE:.*]] = llvm.mlir.constant(5 : i64) : i64
// CHECK-NEXT: llvm.call @y0(%[[P]], %[[K]], %[[FIVE]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NOT: llvm.func @x1
// CHECK: llvm.func @y0(%[[Q:.*]]: !llvm.ptr, %[[L:.*]]: i64, %[[C:.*]]: i64)
// CHECK-NEXT: llvm.call @a0(%[[Q]], %[[L]], %[[C]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NOT: llvm.func @y1
// CHECK: llvm.func @a0(
// CHECK-NOT: llvm.func @a1
llvm.func @entry(%p: !llvm.ptr, %x: i64) {
  llvm.call @x0(%p) : (!llvm.ptr) -> ()
  llvm.call @x1(%p) : (!llvm.ptr) -> ()
  llvm.call @y0(%p, %x) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @x0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %k = llvm.mlir.constant(7 : i64) : i64
  llvm.call @y1(%p, %k) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @x1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %k = llvm.mlir.constant(9 : i64) : i64
  llvm.call @y1(%p, %k) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @y0(%p: !llvm.ptr, %k: i64) attributes {sym_visibility = "private"} {
  llvm.call @a0(%p, %k) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @y1(%p: !llvm.ptr, %k: i64) attributes {sym_visibility = "private"} {
  llvm.call @a1(%p, %k) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @a0(%p: !llvm.ptr, %k: i64) attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(3 : i64) : i64
  %i = llvm.add %k, %c : i64
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @a1(%p: !llvm.ptr, %k: i64) attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(5 : i64) : i64
  %i = llvm.add %k, %c : i64
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
