// hlo.while lowers to scf.while on tensors, with the element of the
// predicate as the scf.condition; hlo.case to scf.index_switch on the index,
// whose default region is the last branch (it also takes indices out of
// range). The ops in the regions are lowered in place; the last RUN line
// runs both programs against the interpreter.
// RUN: fuse-opt %s --convert-hlo-to-linalg | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// EXEC-COUNT-8: : ok

// CHECK-LABEL: func.func @while
// CHECK-SAME: (%[[X:.*]]: tensor<4xf32>, %[[N:.*]]: tensor<i32>)
// CHECK: %[[ZERO:.*]] = arith.constant dense<0> : tensor<i32>
// CHECK: %[[LOOP:.*]]:2 = scf.while (%[[I:.*]] = %[[ZERO]], %[[V:.*]] = %[[X]]) : (tensor<i32>, tensor<4xf32>) -> (tensor<i32>, tensor<4xf32>) {
// CHECK: %[[LT:.*]] = linalg.generic
// CHECK: arith.cmpi slt
// CHECK: %[[P:.*]] = tensor.extract %[[LT]][] : tensor<i1>
// CHECK-NEXT: scf.condition(%[[P]]) %[[I]], %[[V]] : tensor<i32>, tensor<4xf32>
// CHECK-NEXT: } do {
// CHECK-NEXT: ^bb0(%[[I2:.*]]: tensor<i32>, %[[V2:.*]]: tensor<4xf32>):
// CHECK: %[[NEXT:.*]] = linalg.generic {{.*}} ins(%[[I2]], %{{.*}} : tensor<i32>, tensor<i32>)
// CHECK: %[[EXP:.*]] = linalg.generic {{.*}} ins(%[[V2]] : tensor<4xf32>)
// CHECK: math.exp
// CHECK: scf.yield %[[NEXT]], %[[EXP]] : tensor<i32>, tensor<4xf32>
// CHECK: return %[[LOOP]]#1
func.func @while(%x: tensor<4xf32>, %n: tensor<i32>) -> tensor<4xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<4xf32> cond {
    %lt = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %e = hlo.exponential %v : tensor<4xf32>
    hlo.return %next, %e : tensor<i32>, tensor<4xf32>
  }
  return %r#1 : tensor<4xf32>
}

// CHECK-LABEL: func.func @case
// CHECK-SAME: (%[[INDEX:.*]]: tensor<i32>, %[[X:.*]]: tensor<4xf32>)
// CHECK: %[[I32:.*]] = tensor.extract %[[INDEX]][] : tensor<i32>
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %[[I32]] : i32 to index
// CHECK-NEXT: %[[SWITCH:.*]]:2 = scf.index_switch %[[I]] -> tensor<4xf32>, tensor<i1>
// CHECK-NEXT: case 0 {
// CHECK: arith.addf
// CHECK: scf.yield %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<i1>
// CHECK: case 1 {
// CHECK: math.sin
// CHECK: scf.yield
// CHECK: default {
// CHECK: arith.negf
// CHECK: scf.yield
// CHECK: return %[[SWITCH]]#0, %[[SWITCH]]#1
func.func @case(%index: tensor<i32>, %x: tensor<4xf32>) -> (tensor<4xf32>, tensor<i1>) {
  %r:2 = hlo.case %index -> tensor<4xf32>, tensor<i1> {
    %y = hlo.add %x, %x : tensor<4xf32>
    %t = hlo.constant dense<true> : tensor<i1>
    hlo.return %y, %t : tensor<4xf32>, tensor<i1>
  }, {
    %y = hlo.sine %x : tensor<4xf32>
    %f = hlo.constant dense<false> : tensor<i1>
    hlo.return %y, %f : tensor<4xf32>, tensor<i1>
  }, {
    %y = hlo.negate %x : tensor<4xf32>
    %f = hlo.constant dense<false> : tensor<i1>
    hlo.return %y, %f : tensor<4xf32>, tensor<i1>
  }
  return %r#0, %r#1 : tensor<4xf32>, tensor<i1>
}

// A loop that counts (JAX's scan and fori_loop): from a constant, LT a
// constant bound, by a constant step. It becomes scf.for over its
// ceil((8 - 2) / 3) = 2 trips with the counter as the induction variable
// (2 + 3 i in the body, 8 after it): no predicate is computed or read.
// CHECK-LABEL: func.func @counted
// CHECK-NOT:     scf.while
// CHECK:         %[[LOOP:.*]] = scf.for %[[IV:.*]] = %c0 to %c2 step %c1 iter_args(%[[ACC:.*]] = %{{.*}}) -> (tensor<3xf32>)
// CHECK:           %[[I:.*]] = arith.index_cast %[[IV]] : index to i32
// CHECK:           %[[SCALED:.*]] = arith.muli %[[I]], %c3_i32 : i32
// CHECK:           %[[COUNT:.*]] = arith.addi %c2_i32, %[[SCALED]] : i32
// CHECK:           tensor.from_elements %[[COUNT]] : tensor<i32>
// CHECK:           scf.yield
// CHECK:         %[[LAST:.*]] = arith.constant dense<8> : tensor<i32>
// CHECK:         return %[[LOOP]], %[[LAST]]
func.func @counted(%x: tensor<3xf32>) -> (tensor<3xf32>, tensor<i32>) {
  %start = hlo.constant dense<2> : tensor<i32>
  %bound = hlo.constant dense<8> : tensor<i32>
  %step = hlo.constant dense<3> : tensor<i32>
  %r:2 = hlo.while(%i = %start, %v = %x) : tensor<i32>, tensor<3xf32> cond {
    %lt = hlo.compare LT, %i, %bound : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %next = hlo.add %i, %step : tensor<i32>
    %f = hlo.convert %i : (tensor<i32>) -> tensor<f32>
    %b = hlo.broadcast_in_dim %f, dims = [] : (tensor<f32>) -> tensor<3xf32>
    %w = hlo.add %v, %b : tensor<3xf32>
    hlo.return %next, %w : tensor<i32>, tensor<3xf32>
  }
  return %r#1, %r#0 : tensor<3xf32>, tensor<i32>
}

// A loop that carries only its counter (XLA's trip-count tests have such
// loops): the body's return is scf.for's one, empty, yield, which the
// printer leaves out. It used to be a second yield after scf.for's own,
// which the verifier rejected.
// CHECK-LABEL: func.func @counter_only
// CHECK:         scf.for %{{.*}} = %c0 to %c5 step %c1 {
// CHECK-NOT:       scf.yield
// CHECK:         %[[LAST:.*]] = arith.constant dense<5> : tensor<i32>
// CHECK:         return %[[LAST]]
func.func @counter_only() -> tensor<i32> {
  %start = hlo.constant dense<0> : tensor<i32>
  %bound = hlo.constant dense<5> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r = hlo.while(%i = %start) : tensor<i32> cond {
    %lt = hlo.compare LT, %i, %bound : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    hlo.return %next : tensor<i32>
  }
  return %r : tensor<i32>
}

// A bound that is not a constant keeps the scf.while (@while above), and so
// does a condition that does more than compare the counter.
// CHECK-LABEL: func.func @not_counted
// CHECK:         scf.while
func.func @not_counted(%x: tensor<3xf32>) -> tensor<3xf32> {
  %start = hlo.constant dense<0> : tensor<i32>
  %bound = hlo.constant dense<4> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%i = %start, %v = %x) : tensor<i32>, tensor<3xf32> cond {
    %twice = hlo.add %i, %i : tensor<i32>
    %lt = hlo.compare LT, %twice, %bound : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %w = hlo.exponential %v : tensor<3xf32>
    hlo.return %next, %w : tensor<i32>, tensor<3xf32>
  }
  return %r#1 : tensor<3xf32>
}

// A body that returns a carried value unchanged (%scale here) gets an asm
// statement with a side effect, so that a loop that never ends (below) is
// not erased; the loop that does end still gives the interpreter's result.
// The @while loops above change every value and get none.
// CHECK-LABEL: func.func @forwarding
// CHECK: scf.while
// CHECK: } do {
// CHECK-NEXT: ^bb0(
// CHECK-NEXT: llvm.inline_asm has_side_effects "", "" : () -> ()
func.func @forwarding(%x: tensor<3xf32>, %scale: tensor<3xf32>) -> tensor<3xf32> {
  %start = hlo.constant dense<0> : tensor<i32>
  %bound = hlo.constant dense<6> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:3 = hlo.while(%i = %start, %v = %x, %s = %scale) : tensor<i32>, tensor<3xf32>, tensor<3xf32> cond {
    %twice = hlo.add %i, %i : tensor<i32>
    %lt = hlo.compare LT, %twice, %bound : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %next = hlo.add %i, %one : tensor<i32>
    %w = hlo.multiply %v, %s : tensor<3xf32>
    hlo.return %next, %w, %s : tensor<i32>, tensor<3xf32>, tensor<3xf32>
  }
  return %r#1 : tensor<3xf32>
}

// A loop whose condition is always true and whose body returns its values
// unchanged never ends, as in XLA and the interpreter: canonicalization
// used to erase it and return the input.
// RUN: not timeout 3 fuse-run %S/Inputs/endless-loop.mlir --random-inputs=1 2>&1 | FileCheck %s --check-prefix=ENDLESS --allow-empty
// ENDLESS-NOT: {{result|error}}
