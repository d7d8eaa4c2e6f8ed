// The loads and stores of a loop whose back edge lists parallel accesses
// join the listed groups: those of the header and of every block that
// reaches the back edge, including an inner loop's, which then belong to
// both loops' groups. Accesses outside the loop, and loops whose annotation
// lists no parallel accesses, are left alone. The compiled programs that
// use this pass run against the interpreter in
// test/Integration/CPU/innermost-parallel-dim.mlir.
// RUN: fuse-opt %s --fuse-cpu-parallel-access-groups | FileCheck %s

#outer = #llvm.access_group<id = distinct[0]<>>
#inner = #llvm.access_group<id = distinct[1]<>>
#outerLoop = #llvm.loop_annotation<parallelAccesses = #outer>
#innerLoop = #llvm.loop_annotation<parallelAccesses = #inner>
#rolled = #llvm.loop_annotation<unroll = <disable = true>>

// CHECK-DAG: #[[$OUTER:.*]] = #llvm.access_group<id = distinct[0]<>>
// CHECK-DAG: #[[$INNER:.*]] = #llvm.access_group<id = distinct[1]<>>

// CHECK-LABEL: llvm.func @rows
// CHECK: %[[BEFORE:.*]] = llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK: ^[[HEADER:.*]](%{{.*}}: i64):
// CHECK: llvm.load %{{.*}} {access_groups = [#[[$OUTER]]]} : !llvm.ptr -> i64
// CHECK: llvm.load %{{.*}} {access_groups = [#[[$INNER]], #[[$OUTER]]]} : !llvm.ptr -> f32
// CHECK: llvm.store %{{.*}} {access_groups = [#[[$INNER]], #[[$OUTER]]]} : f32, !llvm.ptr
// CHECK: llvm.br ^{{.*}} {loop_annotation = #{{.*}}}
// CHECK: llvm.store %{{.*}} {access_groups = [#[[$OUTER]]]} : f32, !llvm.ptr
// CHECK: llvm.br ^[[HEADER]](%{{.*}} : i64) {loop_annotation = #{{.*}}}
// CHECK: llvm.store %[[BEFORE]], %{{.*}} : f32, !llvm.ptr
// CHECK-NEXT: llvm.return
llvm.func @rows(%p: !llvm.ptr, %lengths: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  %before = llvm.load %p : !llvm.ptr -> f32
  llvm.br ^header(%c0 : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^row, ^exit
^row:
  %at = llvm.getelementptr %lengths[%i] : (!llvm.ptr, i64) -> !llvm.ptr, i64
  %length = llvm.load %at : !llvm.ptr -> i64
  llvm.br ^innerHeader(%c0 : i64)
^innerHeader(%j: i64):
  %inRow = llvm.icmp "slt" %j, %length : i64
  llvm.cond_br %inRow, ^element, ^rowEnd
^element:
  %q = llvm.getelementptr %p[%j] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q : !llvm.ptr -> f32
  %w = llvm.fadd %v, %before : f32
  llvm.store %w, %q : f32, !llvm.ptr
  %nextJ = llvm.add %j, %c1 : i64
  llvm.br ^innerHeader(%nextJ : i64) {loop_annotation = #innerLoop}
^rowEnd:
  %r = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.store %before, %r : f32, !llvm.ptr
  %nextI = llvm.add %i, %c1 : i64
  llvm.br ^header(%nextI : i64) {loop_annotation = #outerLoop}
^exit:
  llvm.store %before, %p : f32, !llvm.ptr
  llvm.return
}

// A loop kept rolled, with no parallel accesses, keeps its accesses as they
// are.
// CHECK-LABEL: llvm.func @rolled
// CHECK: llvm.load %{{.*}} : !llvm.ptr -> f32
// CHECK-NOT: access_groups
// CHECK: llvm.return
llvm.func @rolled(%p: !llvm.ptr, %n: i64) {
  %c0 = llvm.mlir.constant(0 : i64) : i64
  %c1 = llvm.mlir.constant(1 : i64) : i64
  llvm.br ^header(%c0 : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %q = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %v = llvm.load %q : !llvm.ptr -> f32
  llvm.store %v, %q : f32, !llvm.ptr
  %next = llvm.add %i, %c1 : i64
  llvm.br ^header(%next : i64) {loop_annotation = #rolled}
^exit:
  llvm.return
}
