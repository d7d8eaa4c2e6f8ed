// RUN: fuse-opt %s --split-input-file --allow-unregistered-dialect --fuse-codegen-merge-similar-functions | FileCheck %s
// The CPU pipeline compiles the kernels of one computation at two shapes
// once, and the program computes what the interpreter does.
// RUN: fuse-opt %S/Inputs/kernels-of-shapes.mlir --fuse-elementwise | fuse-opt --hlo-lower-to-cpu | FileCheck %s --check-prefix=PIPELINE
// RUN: fuse-opt %S/Inputs/kernels-of-shapes.mlir --fuse-elementwise | fuse-opt --hlo-lower-to-cpu="merge-similar-kernels=0" | FileCheck %s --check-prefix=APART
// RUN: fuse-run %S/Inputs/kernels-of-shapes.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %S/Inputs/kernels-of-shapes.mlir --random-inputs=2 --check --pipeline-options="parallel=0" | FileCheck %s --check-prefix=EXEC
// The row sums of 48 and 80 exponentials call one function, whose kernel
// takes the row length.
// PIPELINE: llvm.call @[[ROWS:main_fusion[0-9]+]](%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> ()
// PIPELINE: llvm.call @[[ROWS]](%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, !llvm.ptr, i64) -> ()
// PIPELINE: llvm.func @[[ROWS]](%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64)
// PIPELINE: llvm.func @[[ROWS]]_kernel0(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr, %{{.*}}: i64)
// APART-NOT: llvm.func @main_{{.*}}: i64
// EXEC: @main result 0: ok
// EXEC: @main result 1: ok
// EXEC: @main result 2: ok
// EXEC: @main result 3: ok
// EXEC: @main result 4: ok
// EXEC: @main result 5: ok

// Two functions that differ in a bound and a stride, each read twice: the
// first takes both as arguments, in the order first read, and each call
// passes its own. The constant they share stays in the body.
// CHECK-LABEL: llvm.func @caller(
// CHECK-SAME: %[[P:.*]]: !llvm.ptr)
// CHECK-DAG: %[[N64:.*]] = llvm.mlir.constant(64 : i64) : i64
// CHECK-DAG: %[[S8:.*]] = llvm.mlir.constant(8 : i64) : i64
// CHECK: llvm.call @kernel0(%[[P]], %[[N64]], %[[S8]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK-DAG: %[[N128:.*]] = llvm.mlir.constant(128 : i64) : i64
// CHECK-DAG: %[[S16:.*]] = llvm.mlir.constant(16 : i64) : i64
// CHECK: llvm.call @kernel0(%[[P]], %[[N128]], %[[S16]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK: llvm.func @kernel0(%[[Q:.*]]: !llvm.ptr, %[[N:.*]]: i64, %[[S:.*]]: i64)
// CHECK: %[[TWO:.*]] = llvm.mlir.constant(2 : i64) : i64
// CHECK: %[[I:.*]] = llvm.mul %[[N]], %[[S]] : i64
// CHECK: %[[J:.*]] = llvm.add %[[I]], %[[N]] : i64
// CHECK: llvm.mul %[[J]], %[[TWO]] : i64
// CHECK-NOT: llvm.func @kernel1
llvm.func @caller(%p: !llvm.ptr) {
  llvm.call @kernel0(%p) : (!llvm.ptr) -> ()
  llvm.call @kernel1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @kernel0(%q: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(64 : i64) : i64
  %s = llvm.mlir.constant(8 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %i = llvm.mul %n, %s : i64
  %j = llvm.add %i, %n : i64
  %k = llvm.mul %j, %two : i64
  %g = llvm.getelementptr %q[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @kernel1(%q: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(128 : i64) : i64
  %s = llvm.mlir.constant(16 : i64) : i64
  %two = llvm.mlir.constant(2 : i64) : i64
  %i = llvm.mul %n, %s : i64
  %j = llvm.add %i, %n : i64
  %k = llvm.mul %j, %two : i64
  %g = llvm.getelementptr %q[%k] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}

// -----

// Constants that stay: a divisor, a lane, an alloca's size, the bound and
// the start of a loop LLVM is to vectorize (its back edge lists parallel
// accesses), and an operand of inline assembly (an immediate).
// Functions that differ in them stay apart.
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @divides0(%{{.*}}) : (i64) -> i64
// CHECK: llvm.call @divides1(%{{.*}}) : (i64) -> i64
// CHECK: llvm.call @lane0(%{{.*}}) : (vector<4xf32>) -> f32
// CHECK: llvm.call @lane1(%{{.*}}) : (vector<4xf32>) -> f32
// CHECK: llvm.call @stack0() : () -> ()
// CHECK: llvm.call @stack1() : () -> ()
// CHECK: llvm.call @loop0(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @loop1(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @asm0() : () -> ()
// CHECK: llvm.call @asm1() : () -> ()
// CHECK: llvm.call @start0(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @start1(%{{.*}}) : (!llvm.ptr) -> ()
llvm.func @caller(%x: i64, %v: vector<4xf32>, %p: !llvm.ptr) {
  %a = llvm.call @divides0(%x) : (i64) -> i64
  %b = llvm.call @divides1(%x) : (i64) -> i64
  %c = llvm.call @lane0(%v) : (vector<4xf32>) -> f32
  %d = llvm.call @lane1(%v) : (vector<4xf32>) -> f32
  llvm.call @stack0() : () -> ()
  llvm.call @stack1() : () -> ()
  llvm.call @loop0(%p) : (!llvm.ptr) -> ()
  llvm.call @loop1(%p) : (!llvm.ptr) -> ()
  llvm.call @asm0() : () -> ()
  llvm.call @asm1() : () -> ()
  llvm.call @start0(%p) : (!llvm.ptr) -> ()
  llvm.call @start1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
#group2 = #llvm.access_group<id = distinct[2]<>>
#parallel2 = #llvm.loop_annotation<parallelAccesses = #group2>
llvm.func @start0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %start = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(16 : i64) : i64
  llvm.br ^header(%start : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %g {access_groups = [#group2]} : !llvm.ptr -> f32
  llvm.store %x, %g {access_groups = [#group2]} : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^header(%next : i64) {loop_annotation = #parallel2}
^exit:
  llvm.return
}
#group3 = #llvm.access_group<id = distinct[3]<>>
#parallel3 = #llvm.loop_annotation<parallelAccesses = #group3>
llvm.func @start1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %start = llvm.mlir.constant(4 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(16 : i64) : i64
  llvm.br ^header(%start : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %g {access_groups = [#group3]} : !llvm.ptr -> f32
  llvm.store %x, %g {access_groups = [#group3]} : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^header(%next : i64) {loop_annotation = #parallel3}
^exit:
  llvm.return
}
llvm.func @asm0() attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(4 : i32) : i32
  llvm.inline_asm has_side_effects "nop # $0", "i" %c : (i32) -> ()
  llvm.return
}
llvm.func @asm1() attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(8 : i32) : i32
  llvm.inline_asm has_side_effects "nop # $0", "i" %c : (i32) -> ()
  llvm.return
}
llvm.func @divides0(%x: i64) -> i64 attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(48 : i64) : i64
  %q = llvm.udiv %x, %c : i64
  llvm.return %q : i64
}
llvm.func @divides1(%x: i64) -> i64 attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(64 : i64) : i64
  %q = llvm.udiv %x, %c : i64
  llvm.return %q : i64
}
llvm.func @lane0(%v: vector<4xf32>) -> f32 attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(1 : i32) : i32
  %e = llvm.extractelement %v[%c : i32] : vector<4xf32>
  llvm.return %e : f32
}
llvm.func @lane1(%v: vector<4xf32>) -> f32 attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(2 : i32) : i32
  %e = llvm.extractelement %v[%c : i32] : vector<4xf32>
  llvm.return %e : f32
}
llvm.func @stack0() attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(4 : i64) : i64
  %a = llvm.alloca %c x f32 : (i64) -> !llvm.ptr
  llvm.return
}
llvm.func @stack1() attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(8 : i64) : i64
  %a = llvm.alloca %c x f32 : (i64) -> !llvm.ptr
  llvm.return
}
#group = #llvm.access_group<id = distinct[0]<>>
#parallel = #llvm.loop_annotation<parallelAccesses = #group>
llvm.func @loop0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(16 : i64) : i64
  llvm.br ^header(%zero : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %g : !llvm.ptr -> f32
  %y = llvm.fadd %x, %x : f32
  llvm.store %y, %g : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^header(%next : i64) {loop_annotation = #parallel}
^exit:
  llvm.return
}
#group1 = #llvm.access_group<id = distinct[1]<>>
#parallel1 = #llvm.loop_annotation<parallelAccesses = #group1>
llvm.func @loop1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(24 : i64) : i64
  llvm.br ^header(%zero : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %g : !llvm.ptr -> f32
  %y = llvm.fadd %x, %x : f32
  llvm.store %y, %g : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^header(%next : i64) {loop_annotation = #parallel1}
^exit:
  llvm.return
}

// -----

// Functions equal but for their access groups (distinct attributes) are
// merged: each function's groups become shared ones, in the order first
// met. Those that differ only in a constant outside the loop are merged.
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @loop0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @loop0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.func @loop0(%[[P:.*]]: !llvm.ptr, %[[OFFSET:.*]]: i64)
// CHECK: llvm.getelementptr %[[P]][%[[OFFSET]]]
// CHECK: llvm.load %{{.*}} {access_groups = [#{{.*}}]}
// CHECK-NOT: llvm.func @loop1
llvm.func @caller(%p: !llvm.ptr) {
  llvm.call @loop0(%p) : (!llvm.ptr) -> ()
  llvm.call @loop1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
#group = #llvm.access_group<id = distinct[0]<>>
#parallel = #llvm.loop_annotation<parallelAccesses = #group>
llvm.func @loop0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(16 : i64) : i64
  %offset = llvm.mlir.constant(32 : i64) : i64
  %base = llvm.getelementptr %p[%offset] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.br ^header(%zero : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %g = llvm.getelementptr %base[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %g {access_groups = [#group]} : !llvm.ptr -> f32
  %y = llvm.fadd %x, %x : f32
  llvm.store %y, %g {access_groups = [#group]} : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^header(%next : i64) {loop_annotation = #parallel}
^exit:
  llvm.return
}
#group1 = #llvm.access_group<id = distinct[1]<>>
#parallel1 = #llvm.loop_annotation<parallelAccesses = #group1>
llvm.func @loop1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %zero = llvm.mlir.constant(0 : i64) : i64
  %one = llvm.mlir.constant(1 : i64) : i64
  %n = llvm.mlir.constant(16 : i64) : i64
  %offset = llvm.mlir.constant(48 : i64) : i64
  %base = llvm.getelementptr %p[%offset] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  llvm.br ^header(%zero : i64)
^header(%i: i64):
  %more = llvm.icmp "slt" %i, %n : i64
  llvm.cond_br %more, ^body, ^exit
^body:
  %g = llvm.getelementptr %base[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %x = llvm.load %g {access_groups = [#group1]} : !llvm.ptr -> f32
  %y = llvm.fadd %x, %x : f32
  llvm.store %y, %g {access_groups = [#group1]} : f32, !llvm.ptr
  %next = llvm.add %i, %one : i64
  llvm.br ^header(%next : i64) {loop_annotation = #parallel1}
^exit:
  llvm.return
}

// -----

// Callers that become alike once their callees are merged are merged in
// turn. A public function and one whose address is taken keep theirs.
// CHECK-LABEL: llvm.func @entry(
// CHECK: llvm.call @outer0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @outer0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.mlir.addressof @taken
// CHECK: llvm.func @outer0(%[[P:.*]]: !llvm.ptr, %[[N:.*]]: i64)
// CHECK-NEXT: llvm.call @inner0(%[[P]], %[[N]]) : (!llvm.ptr, i64) -> ()
// CHECK-NOT: llvm.func @outer1
// CHECK: llvm.func @inner0(
// CHECK-NOT: llvm.func @inner1
// CHECK: llvm.func @public0(
// CHECK: llvm.func @public1(
// CHECK: llvm.func @taken(
llvm.func @entry(%p: !llvm.ptr) {
  llvm.call @outer0(%p) : (!llvm.ptr) -> ()
  llvm.call @outer1(%p) : (!llvm.ptr) -> ()
  %f = llvm.mlir.addressof @taken : !llvm.ptr
  llvm.return
}
llvm.func @outer0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  llvm.call @inner0(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @outer1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  llvm.call @inner1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @inner0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(3 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @inner1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(5 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @public0(%p: !llvm.ptr) {
  %n = llvm.mlir.constant(3 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @public1(%p: !llvm.ptr) {
  %n = llvm.mlir.constant(5 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @taken(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(7 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}

// -----

// An op of unknown semantics may hold symbol uses: nothing is merged.
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @unknown0(%{{.*}}) : (!llvm.ptr) -> ()
// CHECK: llvm.call @unknown1(%{{.*}}) : (!llvm.ptr) -> ()
"test.unknown"() ({
  "test.region_end"() : () -> ()
}) : () -> ()
llvm.func @caller(%p: !llvm.ptr) {
  llvm.call @unknown0(%p) : (!llvm.ptr) -> ()
  llvm.call @unknown1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @unknown0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(3 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @unknown1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %n = llvm.mlir.constant(5 : i64) : i64
  %g = llvm.getelementptr %p[%n] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}

// -----

// Callers merged before their callees, in one round: the callees' calls in
// the caller merged away are rewritten before it is erased.
// CHECK-LABEL: llvm.func @entry(
// CHECK: llvm.call @c0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @c0(%{{.*}}, %{{.*}}) : (!llvm.ptr, i64) -> ()
// CHECK: llvm.call @b0(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i64) -> ()
// CHECK: llvm.func @c0(%[[P:.*]]: !llvm.ptr, %[[K:.*]]: i64)
// CHECK: %[[THREE:.*]] = llvm.mlir.constant(3 : i64) : i64
// CHECK-NEXT: llvm.call @b0(%[[P]], %[[K]], %[[THREE]]) : (!llvm.ptr, i64, i64) -> ()
// CHECK-NOT: llvm.func @c1
// CHECK: llvm.func @b0(
// CHECK-NOT: llvm.func @b1
llvm.func @entry(%p: !llvm.ptr, %x: i64) {
  llvm.call @c0(%p) : (!llvm.ptr) -> ()
  llvm.call @c1(%p) : (!llvm.ptr) -> ()
  llvm.call @b1(%p, %x) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @c0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %k = llvm.mlir.constant(7 : i64) : i64
  llvm.call @b0(%p, %k) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @c1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %k = llvm.mlir.constant(9 : i64) : i64
  llvm.call @b0(%p, %k) : (!llvm.ptr, i64) -> ()
  llvm.return
}
llvm.func @b0(%p: !llvm.ptr, %k: i64) attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(3 : i64) : i64
  %i = llvm.add %k, %c : i64
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}
llvm.func @b1(%p: !llvm.ptr, %k: i64) attributes {sym_visibility = "private"} {
  %c = llvm.mlir.constant(5 : i64) : i64
  %i = llvm.add %k, %c : i64
  %g = llvm.getelementptr %p[%i] : (!llvm.ptr, i64) -> !llvm.ptr, f32
  %z = llvm.mlir.constant(0.0 : f32) : f32
  llvm.store %z, %g : f32, !llvm.ptr
  llvm.return
}

// -----

// Equal values read as other types (both `index` attributes here) are
// other constants: each type its own argument.
// CHECK-LABEL: llvm.func @caller(
// CHECK: llvm.call @typed0(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i32) -> ()
// CHECK: llvm.call @typed0(%{{.*}}, %{{.*}}, %{{.*}}) : (!llvm.ptr, i64, i32) -> ()
// CHECK: llvm.func @typed0(%{{.*}}: !llvm.ptr, %{{.*}}: i64, %{{.*}}: i32)
llvm.func @caller(%p: !llvm.ptr) {
  llvm.call @typed0(%p) : (!llvm.ptr) -> ()
  llvm.call @typed1(%p) : (!llvm.ptr) -> ()
  llvm.return
}
llvm.func @typed0(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %a = llvm.mlir.constant(5 : index) : i64
  %b = llvm.mlir.constant(5 : index) : i32
  %g = llvm.getelementptr %p[%a] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %b, %g : i32, !llvm.ptr
  llvm.return
}
llvm.func @typed1(%p: !llvm.ptr) attributes {sym_visibility = "private"} {
  %a = llvm.mlir.constant(6 : index) : i64
  %b = llvm.mlir.constant(6 : index) : i32
  %g = llvm.getelementptr %p[%a] : (!llvm.ptr, i64) -> !llvm.ptr, i32
  llvm.store %b, %g : i32, !llvm.ptr
  llvm.return
}
