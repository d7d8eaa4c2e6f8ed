// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --pipeline-options=min-parallel-bytes=0 --all-entries --random-inputs=1 --check | FileCheck %s

// Loop fusions as --fuse-elementwise forms them, each lowered to one loop
// nest: elementwise chains with broadcasts, transposes, reshapes, slices,
// iotas, constants and converts inside; sibling results and intermediates
// also yielded; sizes that are not multiples of the vector width.

// A broadcast scalar, a broadcast row and column, a transpose and an iota.
// CHECK: @broadcast_transpose_iota result 0: ok
func.func @broadcast_transpose_iota(%x: tensor<37x19xf32>, %r: tensor<37xf32>, %c: tensor<19xf32>) -> tensor<19x37xf32> {
  %0 = hlo.fusion loop(%x, %r, %c) : (tensor<37x19xf32>, tensor<37xf32>, tensor<19xf32>) -> tensor<19x37xf32> {
  ^bb0(%a: tensor<37x19xf32>, %row: tensor<37xf32>, %col: tensor<19xf32>):
    %half = hlo.constant dense<0.5> : tensor<f32>
    %hb = hlo.broadcast_in_dim %half, dims = [] : (tensor<f32>) -> tensor<37x19xf32>
    %m = hlo.multiply %a, %hb : tensor<37x19xf32>
    %t = hlo.transpose %m, dims = [1, 0] : (tensor<37x19xf32>) -> tensor<19x37xf32>
    %rb = hlo.broadcast_in_dim %row, dims = [1] : (tensor<37xf32>) -> tensor<19x37xf32>
    %cb = hlo.broadcast_in_dim %col, dims = [0] : (tensor<19xf32>) -> tensor<19x37xf32>
    %i = hlo.iota dim = 1 : tensor<19x37xf32>
    %s = hlo.add %t, %rb : tensor<19x37xf32>
    %p = hlo.multiply %s, %cb : tensor<19x37xf32>
    %q = hlo.subtract %p, %i : tensor<19x37xf32>
    %e = hlo.tanh %q : tensor<19x37xf32>
    hlo.yield %e : tensor<19x37xf32>
  }
  return %0 : tensor<19x37xf32>
}

// Reshapes: an expansion, a collapse and 4x6 -> 2x12 (through 2x2x6), on
// intermediates, with every shape also yielded.
// CHECK: @reshapes result 0: ok
// CHECK: @reshapes result 1: ok
// CHECK: @reshapes result 2: ok
func.func @reshapes(%x: tensor<4x6xf32>, %y: tensor<2x12xf32>, %z: tensor<24xf32>) -> (tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>) {
  %0:3 = hlo.fusion loop(%x, %y, %z) : (tensor<4x6xf32>, tensor<2x12xf32>, tensor<24xf32>) -> (tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>) {
  ^bb0(%a: tensor<4x6xf32>, %b: tensor<2x12xf32>, %c: tensor<24xf32>):
    %e = hlo.exponential %a : tensor<4x6xf32>
    %rs = hlo.reshape %e : (tensor<4x6xf32>) -> tensor<2x12xf32>
    %cr = hlo.reshape %c : (tensor<24xf32>) -> tensor<2x12xf32>
    %s = hlo.add %rs, %b : tensor<2x12xf32>
    %t = hlo.subtract %s, %cr : tensor<2x12xf32>
    %flat = hlo.reshape %t : (tensor<2x12xf32>) -> tensor<24xf32>
    %n = hlo.negate %flat : tensor<24xf32>
    %back = hlo.reshape %s : (tensor<2x12xf32>) -> tensor<4x6xf32>
    %m = hlo.multiply %back, %a : tensor<4x6xf32>
    hlo.yield %t, %n, %m : tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>
  }
  return %0#0, %0#1, %0#2 : tensor<2x12xf32>, tensor<24xf32>, tensor<4x6xf32>
}

// A reshape that is neither a grouping of the other shape (6x4 -> 4x6)
// stays between two loop nests.
// CHECK: @reshape_regroup result 0: ok
func.func @reshape_regroup(%x: tensor<6x4xf32>) -> tensor<4x6xf32> {
  %0 = hlo.fusion loop(%x) : (tensor<6x4xf32>) -> tensor<4x6xf32> {
  ^bb0(%a: tensor<6x4xf32>):
    %n = hlo.negate %a : tensor<6x4xf32>
    %r = hlo.reshape %n : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %t = hlo.transpose %n, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %s = hlo.add %r, %t : tensor<4x6xf32>
    hlo.yield %s : tensor<4x6xf32>
  }
  return %0 : tensor<4x6xf32>
}

// Slices of an intermediate, one of them strided, and converts.
// CHECK: @slices result 0: ok
// CHECK: @slices result 1: ok
func.func @slices(%x: tensor<10x9xf32>, %v: tensor<9xf32>) -> (tensor<4x9xi32>, tensor<3x3xf32>) {
  %0:2 = hlo.fusion loop(%x, %v) : (tensor<10x9xf32>, tensor<9xf32>) -> (tensor<4x9xi32>, tensor<3x3xf32>) {
  ^bb0(%a: tensor<10x9xf32>, %w: tensor<9xf32>):
    %three = hlo.constant dense<3.0> : tensor<10x9xf32>
    %m = hlo.multiply %a, %three : tensor<10x9xf32>
    %sl = hlo.slice %m, starts = [3, 0], limits = [7, 9], strides = [1, 1] : (tensor<10x9xf32>) -> tensor<4x9xf32>
    %wb = hlo.broadcast_in_dim %w, dims = [1] : (tensor<9xf32>) -> tensor<4x9xf32>
    %p = hlo.add %sl, %wb : tensor<4x9xf32>
    %c = hlo.convert %p : (tensor<4x9xf32>) -> tensor<4x9xi32>
    %st = hlo.slice %m, starts = [1, 0], limits = [10, 9], strides = [3, 4] : (tensor<10x9xf32>) -> tensor<3x3xf32>
    %f = hlo.floor %st : tensor<3x3xf32>
    hlo.yield %c, %f : tensor<4x9xi32>, tensor<3x3xf32>
  }
  return %0#0, %0#1 : tensor<4x9xi32>, tensor<3x3xf32>
}

// Sibling results of the same inputs, an intermediate also yielded (and read
// by a later op), and results of several element types.
// CHECK: @multi_output result 0: ok
// CHECK: @multi_output result 1: ok
// CHECK: @multi_output result 2: ok
// CHECK: @multi_output result 3: ok
func.func @multi_output(%x: tensor<33x65xf32>, %y: tensor<33x65xf32>) -> (tensor<33x65xf32>, tensor<33x65xf32>, tensor<33x65xi1>, tensor<33x65xf32>) {
  %0:4 = hlo.fusion loop(%x, %y) : (tensor<33x65xf32>, tensor<33x65xf32>) -> (tensor<33x65xf32>, tensor<33x65xf32>, tensor<33x65xi1>, tensor<33x65xf32>) {
  ^bb0(%a: tensor<33x65xf32>, %b: tensor<33x65xf32>):
    %p = hlo.multiply %a, %b : tensor<33x65xf32>
    %s = hlo.add %a, %b : tensor<33x65xf32>
    %e = hlo.exponential %s : tensor<33x65xf32>
    %k = hlo.compare GT, %a, %b : tensor<33x65xf32>
    %t = hlo.tanh %e : tensor<33x65xf32>
    %u = hlo.multiply %t, %e : tensor<33x65xf32>
    hlo.yield %p, %e, %k, %u : tensor<33x65xf32>, tensor<33x65xf32>, tensor<33x65xi1>, tensor<33x65xf32>
  }
  return %0#0, %0#1, %0#2, %0#3 : tensor<33x65xf32>, tensor<33x65xf32>, tensor<33x65xi1>, tensor<33x65xf32>
}

// Integer and f16 chains, and an intermediate a sibling also reads.
// CHECK: @types result 0: ok
// CHECK: @types result 1: ok
func.func @types(%i: tensor<7x13xi32>, %h: tensor<7x13xf16>) -> (tensor<7x13xi32>, tensor<7x13xf16>) {
  %0:2 = hlo.fusion loop(%i, %h) : (tensor<7x13xi32>, tensor<7x13xf16>) -> (tensor<7x13xi32>, tensor<7x13xf16>) {
  ^bb0(%a: tensor<7x13xi32>, %b: tensor<7x13xf16>):
    %m = hlo.multiply %a, %a : tensor<7x13xi32>
    %n = hlo.negate %a : tensor<7x13xi32>
    %s = hlo.add %m, %n : tensor<7x13xi32>
    %c = hlo.convert %m : (tensor<7x13xi32>) -> tensor<7x13xf16>
    %r = hlo.round_nearest_even %b : tensor<7x13xf16>
    %e = hlo.add %c, %r : tensor<7x13xf16>
    hlo.yield %s, %e : tensor<7x13xi32>, tensor<7x13xf16>
  }
  return %0#0, %0#1 : tensor<7x13xi32>, tensor<7x13xf16>
}
