// Each reason a loop is not distributed, and the options' errors.
// RUN: fuse-opt %s --distribute-splits="ranks=2" -split-input-file -verify-diagnostics
// RUN: not fuse-opt %s --distribute-splits="ranks=0" 2>&1 | FileCheck %s --check-prefix=NO-RANKS
// RUN: not fuse-opt %s --distribute-splits="ranks=2 strategy=round-robin" 2>&1 | FileCheck %s --check-prefix=BAD-STRATEGY
// NO-RANKS: error: distribute-splits: ranks must be at least 1, got 0 (the number of processes `mpirun -np` will start)
// BAD-STRATEGY: error: distribute-splits: unknown strategy 'round-robin': expected 'blocked' or 'cyclic'

// A program without loops is left as it is, without remarks.
func.func @no_loop(%x: tensor<8xf32>) -> tensor<8xf32> {
  %e = hlo.exponential %x : tensor<8xf32>
  return %e : tensor<8xf32>
}

// -----

func.func @from_one(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: the loop does not run from 0 by 1 to a constant bound}}
  %r:2 = scf.for %i = %c1 to %c4 step %c1 iter_args(%off = %zero, %acc = %acc0) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %a = hlo.add %acc, %p : tensor<f32>
    scf.yield %next, %a : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

func.func @one_iteration(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: the loop has 1 iteration(s): nothing to share}}
  %r:2 = scf.for %i = %c0 to %c1 step %c1 iter_args(%off = %zero, %acc = %acc0) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %a = hlo.add %acc, %p : tensor<f32>
    scf.yield %next, %a : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

func.func @subtracted(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: carried value 1 is combined by `hlo.subtract`, not by a dynamic_update_slice at the offset, an elementwise add, multiply, maximum, minimum, and, or, or a pairwise reduce}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero, %acc = %acc0) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %a = hlo.subtract %acc, %p : tensor<f32>
    scf.yield %next, %a : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

func.func @read_twice(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: carried value 1 is read by more than the op that folds the slice's result into it}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero, %acc = %acc0) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %b = hlo.add %acc, %p : tensor<f32>
    %a = hlo.multiply %b, %acc : tensor<f32>
    scf.yield %next, %a : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

func.func @offset_from_argument(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  %start = hlo.convert %acc0 : (tensor<f32>) -> tensor<i64>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: the loop does not carry a slice offset as --split-tensors emits it (a rank-0 i64 tensor from a constant, moved by a constant)}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %start, %acc = %acc0) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %a = hlo.add %acc, %p : tensor<f32>
    scf.yield %next, %a : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

func.func @written_at_zero(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  %full = hlo.constant dense<0.0> : tensor<8xf32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: carried value 1 is written at a start that does not depend on the slice offset}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero, %acc = %full) -> (tensor<i64>, tensor<8xf32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %b = hlo.reshape %p : (tensor<f32>) -> tensor<1xf32>
    %a = hlo.dynamic_update_slice %acc[%zero], %b : (tensor<8xf32>, tensor<1xf32>, tensor<i64>) -> tensor<8xf32>
    scf.yield %next, %a : tensor<i64>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

func.func @short_blocks(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  %full = hlo.constant dense<0.0> : tensor<8xf32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: carried value 1 is written in blocks of 1 along dimension 0 while the offset moves by 2}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero, %acc = %full) -> (tensor<i64>, tensor<8xf32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %b = hlo.reshape %p : (tensor<f32>) -> tensor<1xf32>
    %a = hlo.dynamic_update_slice %acc[%off], %b : (tensor<8xf32>, tensor<1xf32>, tensor<i64>) -> tensor<8xf32>
    scf.yield %next, %a : tensor<i64>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}

// -----

// A program distributed over 3 ranks cannot be distributed over 2 as well.
// expected-error @+1 {{the program is already distributed over a grid of another shape; distribute-splits was asked for 2 ranks}}
shard.grid @fuse_ranks(shape = 3)
func.func @already_distributed(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %acc0 = hlo.constant dense<0.0> : tensor<f32>
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero, %acc = %acc0) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %z = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.reduce add(%s init %z) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %a = hlo.add %acc, %p : tensor<f32>
    scf.yield %next, %a : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

// A loop that carries only its offset computes nothing to combine.
func.func @offset_only(%x: tensor<8xf32>) -> tensor<i64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: the loop carries nothing but its offset}}
  %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero) -> (tensor<i64>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    scf.yield %next : tensor<i64>
  }
  return %r : tensor<i64>
}

// -----

// A pairwise reduce must stack the accumulator first.
func.func @partial_first(%x: tensor<8xf32>) -> tensor<f32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = hlo.constant dense<0> : tensor<i64>
  %init = hlo.constant dense<0xFF800000> : tensor<f32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: carried value 1 is reshaped, but not stacked first in a pair}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %zero, %acc = %init) -> (tensor<i64>, tensor<f32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %p = hlo.reduce maximum(%s init %init) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    %a1 = hlo.reshape %acc : (tensor<f32>) -> tensor<1xf32>
    %p1 = hlo.reshape %p : (tensor<f32>) -> tensor<1xf32>
    %pair = hlo.concatenate dim = 0, %p1, %a1 : (tensor<1xf32>, tensor<1xf32>) -> tensor<2xf32>
    %m = hlo.reduce maximum(%pair init %init) dims = [0] : (tensor<2xf32>, tensor<f32>) -> tensor<f32>
    scf.yield %next, %m : tensor<i64>, tensor<f32>
  }
  return %r#1 : tensor<f32>
}

// -----

// Four blocks of 2 from offset 2 would write past the end of 8 rows: the
// last write is clamped onto the rows of another iteration.
func.func @past_the_end(%x: tensor<8xf32>) -> tensor<8xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %start = hlo.constant dense<2> : tensor<i64>
  %full = hlo.constant dense<0.0> : tensor<8xf32>
  // expected-remark @+1 {{cannot distribute this loop over 2 ranks: carried value 1 is written at offsets 2 to 10, outside its dimension 0 of size 8}}
  %r:2 = scf.for %i = %c0 to %c4 step %c1 iter_args(%off = %start, %acc = %full) -> (tensor<i64>, tensor<8xf32>) {
    %two = hlo.constant dense<2> : tensor<i64>
    %next = hlo.add %off, %two : tensor<i64>
    %s = hlo.dynamic_slice %x[%off] sizes = [2] : (tensor<8xf32>, tensor<i64>) -> tensor<2xf32>
    %e = hlo.exponential %s : tensor<2xf32>
    %a = hlo.dynamic_update_slice %acc[%off], %e : (tensor<8xf32>, tensor<2xf32>, tensor<i64>) -> tensor<8xf32>
    scf.yield %next, %a : tensor<i64>, tensor<8xf32>
  }
  return %r#1 : tensor<8xf32>
}
