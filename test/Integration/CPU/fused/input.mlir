// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s
// RUN: fuse-run %s --pipeline-options=min-parallel-bytes=0 --all-entries --random-inputs=1 --check | FileCheck %s
// The same with other reduction splits, on one thread.
// RUN: fuse-run %s --all-entries --random-inputs=1 --check --pipeline-options="parallel=0 reduction-lanes=8 reduction-blocks=4" | FileCheck %s

// Input fusions as --fuse-elementwise forms them, each lowered to one loop
// nest: a reduce root with elementwise producers over rows, columns, the
// middle or all dimensions; sibling reduces; intermediates also yielded; an
// elementwise epilogue on a rank-0 result. Full reductions are split into
// blocks x lanes (sizes with few or no power-of-two factors split less or
// not at all); the others run one row (or a chunk of columns) per
// iteration.

// Row sums of squares of x - v, also yielding x - v.
// CHECK: @rows result 0: ok
// CHECK: @rows result 1: ok
func.func @rows(%x: tensor<10x333xf32>, %v: tensor<333xf32>) -> (tensor<10xf32>, tensor<10x333xf32>) {
  %0:2 = hlo.fusion input(%x, %v) : (tensor<10x333xf32>, tensor<333xf32>) -> (tensor<10xf32>, tensor<10x333xf32>) {
  ^bb0(%a: tensor<10x333xf32>, %w: tensor<333xf32>):
    %wb = hlo.broadcast_in_dim %w, dims = [1] : (tensor<333xf32>) -> tensor<10x333xf32>
    %s = hlo.subtract %a, %wb : tensor<10x333xf32>
    %sq = hlo.multiply %s, %s : tensor<10x333xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<10x333xf32>, tensor<f32>) -> tensor<10xf32>
    hlo.yield %r, %s : tensor<10xf32>, tensor<10x333xf32>
  }
  return %0#0, %0#1 : tensor<10xf32>, tensor<10x333xf32>
}

// Column sums (chunks of 64 columns, the last one partial) and a maximum
// over the middle dimension with an init from an argument.
// CHECK: @columns_and_middle result 0: ok
// CHECK: @columns_and_middle result 1: ok
func.func @columns_and_middle(%x: tensor<37x100xf32>, %y: tensor<4x100x6xf32>, %init: tensor<f32>) -> (tensor<100xf32>, tensor<4x6xf32>) {
  %0 = hlo.fusion input(%x) : (tensor<37x100xf32>) -> tensor<100xf32> {
  ^bb0(%a: tensor<37x100xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %e = hlo.exponential %a : tensor<37x100xf32>
    %s = hlo.reduce add(%e init %zero) dims = [0] : (tensor<37x100xf32>, tensor<f32>) -> tensor<100xf32>
    hlo.yield %s : tensor<100xf32>
  }
  %1 = hlo.fusion input(%y, %init) : (tensor<4x100x6xf32>, tensor<f32>) -> tensor<4x6xf32> {
  ^bb0(%a: tensor<4x100x6xf32>, %i: tensor<f32>):
    %n = hlo.negate %a : tensor<4x100x6xf32>
    %m = hlo.reduce maximum(%n init %i) dims = [1] : (tensor<4x100x6xf32>, tensor<f32>) -> tensor<4x6xf32>
    hlo.yield %m : tensor<4x6xf32>
  }
  return %0, %1 : tensor<100xf32>, tensor<4x6xf32>
}

// Layer norm's moments: sum(x) and sum(x * x) over rows, siblings.
// CHECK: @moments result 0: ok
// CHECK: @moments result 1: ok
func.func @moments(%x: tensor<24x768xf32>) -> (tensor<24xf32>, tensor<24xf32>) {
  %0:2 = hlo.fusion input(%x) : (tensor<24x768xf32>) -> (tensor<24xf32>, tensor<24xf32>) {
  ^bb0(%a: tensor<24x768xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %s = hlo.reduce add(%a init %zero) dims = [1] : (tensor<24x768xf32>, tensor<f32>) -> tensor<24xf32>
    %sq = hlo.multiply %a, %a : tensor<24x768xf32>
    %ss = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<24x768xf32>, tensor<f32>) -> tensor<24xf32>
    hlo.yield %s, %ss : tensor<24xf32>, tensor<24xf32>
  }
  return %0#0, %0#1 : tensor<24xf32>, tensor<24xf32>
}

// Mean and mean square of a whole tensor (sibling full reductions with
// epilogues); 1000 x 998 has 8 lanes and 4 blocks in it.
// CHECK: @full_moments result 0: ok
// CHECK: @full_moments result 1: ok
func.func @full_moments(%x: tensor<1000x998xf32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = hlo.fusion input(%x) : (tensor<1000x998xf32>) -> (tensor<f32>, tensor<f32>) {
  ^bb0(%a: tensor<1000x998xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<998000.0> : tensor<f32>
    %s = hlo.reduce add(%a init %zero) dims = [0, 1] : (tensor<1000x998xf32>, tensor<f32>) -> tensor<f32>
    %sq = hlo.multiply %a, %a : tensor<1000x998xf32>
    %ss = hlo.reduce add(%sq init %zero) dims = [0, 1] : (tensor<1000x998xf32>, tensor<f32>) -> tensor<f32>
    %m = hlo.divide %s, %count : tensor<f32>
    %ms = hlo.divide %ss, %count : tensor<f32>
    hlo.yield %m, %ms : tensor<f32>, tensor<f32>
  }
  return %0#0, %0#1 : tensor<f32>, tensor<f32>
}

// A full reduction that also yields its input's intermediate, and one over
// an odd number of elements (no split).
// CHECK: @full_with_intermediate result 0: ok
// CHECK: @full_with_intermediate result 1: ok
// CHECK: @full_with_intermediate result 2: ok
func.func @full_with_intermediate(%x: tensor<256x130xf32>, %y: tensor<33x31xf32>) -> (tensor<f32>, tensor<256x130xf32>, tensor<f32>) {
  %0:2 = hlo.fusion input(%x) : (tensor<256x130xf32>) -> (tensor<f32>, tensor<256x130xf32>) {
  ^bb0(%a: tensor<256x130xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %t = hlo.tanh %a : tensor<256x130xf32>
    %s = hlo.reduce add(%t init %zero) dims = [0, 1] : (tensor<256x130xf32>, tensor<f32>) -> tensor<f32>
    hlo.yield %s, %t : tensor<f32>, tensor<256x130xf32>
  }
  %1 = hlo.fusion input(%y) : (tensor<33x31xf32>) -> tensor<f32> {
  ^bb0(%a: tensor<33x31xf32>):
    %one = hlo.constant dense<1.0> : tensor<f32>
    %h = hlo.constant dense<0.01> : tensor<f32>
    %hb = hlo.broadcast_in_dim %h, dims = [] : (tensor<f32>) -> tensor<33x31xf32>
    %ob = hlo.broadcast_in_dim %one, dims = [] : (tensor<f32>) -> tensor<33x31xf32>
    %m = hlo.multiply %a, %hb : tensor<33x31xf32>
    %e = hlo.add %m, %ob : tensor<33x31xf32>
    %p = hlo.reduce multiply(%e init %one) dims = [0, 1] : (tensor<33x31xf32>, tensor<f32>) -> tensor<f32>
    %l = hlo.log %p : tensor<f32>
    hlo.yield %l : tensor<f32>
  }
  return %0#0, %0#1, %1 : tensor<f32>, tensor<256x130xf32>, tensor<f32>
}

// A single long row (a full reduction, split into blocks) and its mean.
// CHECK: @single_row result 0: ok
func.func @single_row(%x: tensor<1x65536xf32>) -> tensor<1xf32> {
  %0 = hlo.fusion input(%x) : (tensor<1x65536xf32>) -> tensor<1xf32> {
  ^bb0(%a: tensor<1x65536xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %n = hlo.constant dense<65536.0> : tensor<1xf32>
    %s = hlo.reduce add(%a init %zero) dims = [1] : (tensor<1x65536xf32>, tensor<f32>) -> tensor<1xf32>
    %m = hlo.divide %s, %n : tensor<1xf32>
    hlo.yield %m : tensor<1xf32>
  }
  return %0 : tensor<1xf32>
}

// Softmax as XLA fuses it: the row maximum, the row sum of exp(x - max)
// also yielding exp(x - max), then a loop fusion dividing by the sum. And
// both reductions in one fusion, the second reading the first.
// CHECK: @softmax result 0: ok
// CHECK: @softmax result 1: ok
func.func @softmax(%x: tensor<64x1000xf32>) -> (tensor<64x1000xf32>, tensor<64xf32>) {
  %max = hlo.fusion input(%x) : (tensor<64x1000xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x1000xf32>):
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %m = hlo.reduce maximum(%a init %ninf) dims = [1] : (tensor<64x1000xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %m : tensor<64xf32>
  }
  %sum:2 = hlo.fusion input(%x, %max) : (tensor<64x1000xf32>, tensor<64xf32>) -> (tensor<64xf32>, tensor<64x1000xf32>) {
  ^bb0(%a: tensor<64x1000xf32>, %m: tensor<64xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x1000xf32>
    %s = hlo.subtract %a, %mb : tensor<64x1000xf32>
    %e = hlo.exponential %s : tensor<64x1000xf32>
    %r = hlo.reduce add(%e init %zero) dims = [1] : (tensor<64x1000xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %r, %e : tensor<64xf32>, tensor<64x1000xf32>
  }
  %softmax = hlo.fusion loop(%sum#1, %sum#0) : (tensor<64x1000xf32>, tensor<64xf32>) -> tensor<64x1000xf32> {
  ^bb0(%e: tensor<64x1000xf32>, %r: tensor<64xf32>):
    %rb = hlo.broadcast_in_dim %r, dims = [0] : (tensor<64xf32>) -> tensor<64x1000xf32>
    %d = hlo.divide %e, %rb : tensor<64x1000xf32>
    hlo.yield %d : tensor<64x1000xf32>
  }
  %both = hlo.fusion input(%x) : (tensor<64x1000xf32>) -> tensor<64xf32> {
  ^bb0(%a: tensor<64x1000xf32>):
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %m = hlo.reduce maximum(%a init %ninf) dims = [1] : (tensor<64x1000xf32>, tensor<f32>) -> tensor<64xf32>
    %mb = hlo.broadcast_in_dim %m, dims = [0] : (tensor<64xf32>) -> tensor<64x1000xf32>
    %s = hlo.subtract %a, %mb : tensor<64x1000xf32>
    %e = hlo.exponential %s : tensor<64x1000xf32>
    %r = hlo.reduce add(%e init %zero) dims = [1] : (tensor<64x1000xf32>, tensor<f32>) -> tensor<64xf32>
    hlo.yield %r : tensor<64xf32>
  }
  return %softmax, %both : tensor<64x1000xf32>, tensor<64xf32>
}

// Arg-max over rows (a variadic reduce, which keeps its order) with an
// iota producer, and integer sums.
// CHECK: @argmax_and_integers result 0: ok
// CHECK: @argmax_and_integers result 1: ok
// CHECK: @argmax_and_integers result 2: ok
func.func @argmax_and_integers(%x: tensor<12x300xf32>, %i: tensor<12x300xi32>) -> (tensor<12xf32>, tensor<12xi32>, tensor<i32>) {
  %0:2 = hlo.fusion input(%x) : (tensor<12x300xf32>) -> (tensor<12xf32>, tensor<12xi32>) {
  ^bb0(%a: tensor<12x300xf32>):
    %abs = hlo.abs %a : tensor<12x300xf32>
    %idx = hlo.iota dim = 1 : tensor<12x300xi32>
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %big = hlo.constant dense<2147483647> : tensor<i32>
    %r:2 = hlo.reduce(%abs init %ninf), (%idx init %big) dims = [1] : (tensor<12x300xf32>, tensor<12x300xi32>, tensor<f32>, tensor<i32>) -> (tensor<12xf32>, tensor<12xi32>) {
    ^bb0(%acc: tensor<f32>, %acci: tensor<i32>, %e: tensor<f32>, %ei: tensor<i32>):
      %better = hlo.compare GT, %e, %acc : tensor<f32>
      %same = hlo.compare EQ, %e, %acc : tensor<f32>
      %first = hlo.compare LT, %ei, %acci : tensor<i32>
      %tie = hlo.and %same, %first : tensor<i1>
      %take = hlo.or %better, %tie : tensor<i1>
      %m = hlo.select %take, %e, %acc : tensor<i1>, tensor<f32>
      %mi = hlo.select %take, %ei, %acci : tensor<i1>, tensor<i32>
      hlo.return %m, %mi : tensor<f32>, tensor<i32>
    }
    hlo.yield %r#0, %r#1 : tensor<12xf32>, tensor<12xi32>
  }
  %1 = hlo.fusion input(%i) : (tensor<12x300xi32>) -> tensor<i32> {
  ^bb0(%a: tensor<12x300xi32>):
    %zero = hlo.constant dense<0> : tensor<i32>
    %sq = hlo.multiply %a, %a : tensor<12x300xi32>
    %s = hlo.reduce add(%sq init %zero) dims = [0, 1] : (tensor<12x300xi32>, tensor<i32>) -> tensor<i32>
    hlo.yield %s : tensor<i32>
  }
  return %0#0, %0#1, %1 : tensor<12xf32>, tensor<12xi32>, tensor<i32>
}
