// RUN: fuse-opt %s --split-input-file --fuse-cpu-bools-as-bytes | FileCheck %s

// Loads of i1 read the byte and truncate it; stores extend and write the
// byte. The accesses keep their attributes; other types are left alone.
// CHECK-LABEL: llvm.func @masked_copy(
// CHECK-SAME: %[[MASK:.*]]: !llvm.ptr, %[[X:.*]]: !llvm.ptr, %[[OUT:.*]]: !llvm.ptr, %[[FLAGS:.*]]: !llvm.ptr)
// CHECK: %[[BYTE:.*]] = llvm.load %[[MASK]] {alignment = 1 : i64} : !llvm.ptr -> i8
// CHECK: %[[BIT:.*]] = llvm.trunc %[[BYTE]] : i8 to i1
// CHECK: %[[V:.*]] = llvm.load %[[X]] {alignment = 4 : i64} : !llvm.ptr -> f32
// CHECK: %[[S:.*]] = llvm.select %[[BIT]], %[[V]], %{{.*}} : i1, f32
// CHECK: llvm.store %[[S]], %[[OUT]] : f32, !llvm.ptr
// CHECK: %[[NOT:.*]] = llvm.xor %[[BIT]], %{{.*}} : i1
// CHECK: %[[WIDE:.*]] = llvm.zext %[[NOT]] : i1 to i8
// CHECK: llvm.store volatile %[[WIDE]], %[[FLAGS]] : i8, !llvm.ptr
// CHECK-NOT: -> i1
llvm.func @masked_copy(%mask: !llvm.ptr, %x: !llvm.ptr, %out: !llvm.ptr, %flags: !llvm.ptr) {
  %zero = llvm.mlir.constant(0.0 : f32) : f32
  %true = llvm.mlir.constant(true) : i1
  %m = llvm.load %mask {alignment = 1 : i64} : !llvm.ptr -> i1
  %v = llvm.load %x {alignment = 4 : i64} : !llvm.ptr -> f32
  %s = llvm.select %m, %v, %zero : i1, f32
  llvm.store %s, %out : f32, !llvm.ptr
  %n = llvm.xor %m, %true : i1
  llvm.store volatile %n, %flags : i1, !llvm.ptr
  llvm.return
}

// -----

// A vector of i1 is packed bits in memory, not bytes: left as it is.
// CHECK-LABEL: llvm.func @bit_vector(
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> vector<8xi1>
// CHECK-NOT: llvm.trunc
llvm.func @bit_vector(%p: !llvm.ptr) -> vector<8xi1> {
  %v = llvm.load %p : !llvm.ptr -> vector<8xi1>
  llvm.return %v : vector<8xi1>
}
