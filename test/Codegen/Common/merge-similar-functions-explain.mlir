// RUN: fuse-opt %s --fuse-codegen-merge-similar-functions="max-parameters=1 explain=1" -split-input-file -verify-diagnostics -o /dev/null

// The remarks of --fuse-codegen-merge-similar-functions: each function
// merged into another, and each group of one shape kept apart.

llvm.func @caller(%p: !llvm.ptr) {
  llvm.call @one0(%p) : (!llvm.ptr) -> ()
  llvm.call @one1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @one0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(3 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
// expected-remark @below {{merged into @one0, which takes the 1 constant(s) they differ in as arguments}}
llvm.func @one1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(5 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}

// -----

llvm.func @caller(%p: !llvm.ptr) {
  llvm.call @two0(%p) : (!llvm.ptr) -> ()
  llvm.call @two1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
// expected-remark @below {{kept apart from the other functions of its shape (1): they differ in more than 1 constants (max-parameters)}}
llvm.func @two0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(3 : i64) : i64
  %m = llvm.mlir.constant(4 : i64) : i64
  %k = llvm.mul %n, %m : i64
  %g = llvm.getelementptr %p[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @two1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(5 : i64) : i64
  %m = llvm.mlir.constant(6 : i64) : i64
  %k = llvm.mul %n, %m : i64
  %g = llvm.getelementptr %p[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
