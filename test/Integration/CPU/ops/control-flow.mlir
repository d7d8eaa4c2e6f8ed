// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s

// Loops and branches compiled for the CPU against the interpreter, unfused
// and fused: loops that run zero times (random i32 inputs lie in [-8, 8]),
// carried values that swap places, products and reductions in a loop body,
// loops nested in branches and in loops, and branch indices below 0 and
// past the last branch.

// CHECK: @counted result 0: ok
// CHECK: @counted result 1: ok
func.func @counted(%x: tensor<3x5xf32>, %n: tensor<i32>) -> (tensor<i32>, tensor<3x5xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<3x5xf32> cond {
    %lt = hlo.compare LT, %i, %n : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %s = hlo.sine %v : tensor<3x5xf32>
    %h = hlo.constant dense<0.75> : tensor<3x5xf32>
    %m = hlo.multiply %s, %h : tensor<3x5xf32>
    %a = hlo.add %m, %x : tensor<3x5xf32>
    hlo.return %next, %a : tensor<i32>, tensor<3x5xf32>
  }
  return %r#0, %r#1 : tensor<i32>, tensor<3x5xf32>
}

// Fibonacci on tensors: (a, b) <- (b, a + b) swaps buffers every iteration.
// CHECK: @swap result 0: ok
// CHECK: @swap result 1: ok
func.func @swap(%a: tensor<6xi32>, %b: tensor<6xi32>) -> (tensor<6xi32>, tensor<6xi32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:3 = hlo.while(%i = %zero, %p = %a, %q = %b) : tensor<i32>, tensor<6xi32>, tensor<6xi32> cond {
    %ten = hlo.constant dense<10> : tensor<i32>
    %lt = hlo.compare LT, %i, %ten : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    %s = hlo.add %p, %q : tensor<6xi32>
    hlo.return %next, %q, %s : tensor<i32>, tensor<6xi32>, tensor<6xi32>
  }
  return %r#1, %r#2 : tensor<6xi32>, tensor<6xi32>
}

// An RNN cell: a product (tiled for the CPU), a bias, tanh and a row sum per
// step, the step's input sliced at the counter, the sums stored at it.
// CHECK: @rnn result 0: ok
// CHECK: @rnn result 1: ok
func.func @rnn(%xs: tensor<5x4x37xf32>, %w: tensor<37x37xf32>, %h0: tensor<4x37xf32>) -> (tensor<4x37xf32>, tensor<5x4xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %fz = hlo.constant dense<0.0> : tensor<f32>
  %sums0 = hlo.broadcast_in_dim %fz, dims = [] : (tensor<f32>) -> tensor<5x4xf32>
  %r:3 = hlo.while(%t = %zero, %h = %h0, %sums = %sums0) : tensor<i32>, tensor<4x37xf32>, tensor<5x4xf32> cond {
    %five = hlo.constant dense<5> : tensor<i32>
    %lt = hlo.compare LT, %t, %five : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %c0 = hlo.constant dense<0> : tensor<i32>
    %x3 = hlo.dynamic_slice %xs[%t, %c0, %c0] sizes = [1, 4, 37] : (tensor<5x4x37xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x4x37xf32>
    %x = hlo.reshape %x3 : (tensor<1x4x37xf32>) -> tensor<4x37xf32>
    %hw = hlo.dot_general %h, %w, contracting_dims = [1] x [0] : (tensor<4x37xf32>, tensor<37x37xf32>) -> tensor<4x37xf32>
    %pre = hlo.add %hw, %x : tensor<4x37xf32>
    %next = hlo.tanh %pre : tensor<4x37xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %rowsum = hlo.reduce add(%next init %z) dims = [1] : (tensor<4x37xf32>, tensor<f32>) -> tensor<4xf32>
    %row = hlo.reshape %rowsum : (tensor<4xf32>) -> tensor<1x4xf32>
    %stored = hlo.dynamic_update_slice %sums[%t, %c0], %row : (tensor<5x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<5x4xf32>
    %one = hlo.constant dense<1> : tensor<i32>
    %t1 = hlo.add %t, %one : tensor<i32>
    hlo.return %t1, %next, %stored : tensor<i32>, tensor<4x37xf32>, tensor<5x4xf32>
  }
  return %r#1, %r#2 : tensor<4x37xf32>, tensor<5x4xf32>
}

// Halves until the sum of squares drops to 1: the trip count depends on the
// data, and cond reduces.
// CHECK: @data_dependent result 0: ok
func.func @data_dependent(%x: tensor<16xf64>) -> tensor<16xf64> {
  %r = hlo.while(%v = %x) : tensor<16xf64> cond {
    %sq = hlo.multiply %v, %v : tensor<16xf64>
    %z = hlo.constant dense<0.0> : tensor<f64>
    %s = hlo.reduce add(%sq init %z) dims = [0] : (tensor<16xf64>, tensor<f64>) -> tensor<f64>
    %one = hlo.constant dense<1.0> : tensor<f64>
    %gt = hlo.compare GT, %s, %one : tensor<f64>
    hlo.return %gt : tensor<i1>
  } do {
    %h = hlo.constant dense<0.5> : tensor<16xf64>
    %m = hlo.multiply %v, %h : tensor<16xf64>
    hlo.return %m : tensor<16xf64>
  }
  return %r : tensor<16xf64>
}

// Indices -1 and 7 take the last branch; the random index may be either.
// CHECK: @case_indices result 0: ok
// CHECK: @case_indices result 1: ok
// CHECK: @case_indices result 2: ok
// CHECK: @case_indices result 3: ok
func.func @case_indices(%x: tensor<7xf32>, %index: tensor<i32>) -> (tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>) {
  %below = hlo.constant dense<-1> : tensor<i32>
  %past = hlo.constant dense<7> : tensor<i32>
  %first = hlo.constant dense<0> : tensor<i32>
  %r0 = hlo.case %below -> tensor<7xf32> {
    %e = hlo.exponential %x : tensor<7xf32>
    hlo.return %e : tensor<7xf32>
  }, {
    %n = hlo.negate %x : tensor<7xf32>
    hlo.return %n : tensor<7xf32>
  }, {
    %a = hlo.abs %x : tensor<7xf32>
    %s = hlo.sqrt %a : tensor<7xf32>
    hlo.return %s : tensor<7xf32>
  }
  %r1 = hlo.case %past -> tensor<7xf32> {
    %e = hlo.exponential %x : tensor<7xf32>
    hlo.return %e : tensor<7xf32>
  }, {
    %n = hlo.negate %x : tensor<7xf32>
    hlo.return %n : tensor<7xf32>
  }, {
    %a = hlo.abs %x : tensor<7xf32>
    %s = hlo.sqrt %a : tensor<7xf32>
    hlo.return %s : tensor<7xf32>
  }
  %r2 = hlo.case %first -> tensor<7xf32> {
    %e = hlo.exponential %x : tensor<7xf32>
    hlo.return %e : tensor<7xf32>
  }, {
    %n = hlo.negate %x : tensor<7xf32>
    hlo.return %n : tensor<7xf32>
  }, {
    %a = hlo.abs %x : tensor<7xf32>
    %s = hlo.sqrt %a : tensor<7xf32>
    hlo.return %s : tensor<7xf32>
  }
  %r3 = hlo.case %index -> tensor<7xf32> {
    %e = hlo.exponential %x : tensor<7xf32>
    hlo.return %e : tensor<7xf32>
  }, {
    %n = hlo.negate %x : tensor<7xf32>
    hlo.return %n : tensor<7xf32>
  }, {
    %a = hlo.abs %x : tensor<7xf32>
    %s = hlo.sqrt %a : tensor<7xf32>
    hlo.return %s : tensor<7xf32>
  }
  return %r0, %r1, %r2, %r3 : tensor<7xf32>, tensor<7xf32>, tensor<7xf32>, tensor<7xf32>
}

// A loop in a branch in a loop: the branch index is the counter, so every
// branch runs once.
// CHECK: @nested result 0: ok
func.func @nested(%x: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%i = %zero, %v = %x) : tensor<i32>, tensor<2x3xf32> cond {
    %three = hlo.constant dense<3> : tensor<i32>
    %lt = hlo.compare LT, %i, %three : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %b = hlo.case %i -> tensor<2x3xf32> {
      %inner:2 = hlo.while(%j = %i, %u = %v) : tensor<i32>, tensor<2x3xf32> cond {
        %four = hlo.constant dense<4> : tensor<i32>
        %lt = hlo.compare LT, %j, %four : tensor<i32>
        hlo.return %lt : tensor<i1>
      } do {
        %one = hlo.constant dense<1> : tensor<i32>
        %j1 = hlo.add %j, %one : tensor<i32>
        %c = hlo.cosine %u : tensor<2x3xf32>
        hlo.return %j1, %c : tensor<i32>, tensor<2x3xf32>
      }
      hlo.return %inner#1 : tensor<2x3xf32>
    }, {
      %t = hlo.transpose %v, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
      %back = hlo.reshape %t : (tensor<3x2xf32>) -> tensor<2x3xf32>
      hlo.return %back : tensor<2x3xf32>
    }, {
      %m = hlo.multiply %v, %x : tensor<2x3xf32>
      hlo.return %m : tensor<2x3xf32>
    }
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %i, %one : tensor<i32>
    hlo.return %next, %b : tensor<i32>, tensor<2x3xf32>
  }
  return %r#1 : tensor<2x3xf32>
}
