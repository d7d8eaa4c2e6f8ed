// Arg-min and arg-max reductions over rows whose values tie often (a few
// distinct values), each in a form fuse-cpu-split-reductions splits into
// lanes.

// The first index of each row's smallest value; an iota of the indices.
func.func @arg_min(%x: tensor<64x1000xf32>) -> (tensor<64xf32>, tensor<64xi32>) {
  %two = hlo.constant dense<2.0> : tensor<64x1000xf32>
  %scaled = hlo.multiply %x, %two : tensor<64x1000xf32>
  %few = hlo.floor %scaled : tensor<64x1000xf32>
  %idx = hlo.iota dim = 1 : tensor<64x1000xi32>
  %inf = hlo.constant dense<0x7F800000> : tensor<f32>
  %none = hlo.constant dense<2147483647> : tensor<i32>
  %r:2 = hlo.reduce(%few init %inf), (%idx init %none) dims = [1] : (tensor<64x1000xf32>, tensor<64x1000xi32>, tensor<f32>, tensor<i32>) -> (tensor<64xf32>, tensor<64xi32>) {
  ^bb0(%b: tensor<f32>, %bi: tensor<i32>, %d: tensor<f32>, %di: tensor<i32>):
    %closer = hlo.compare LT, %d, %b : tensor<f32>
    %same = hlo.compare EQ, %d, %b : tensor<f32>
    %first = hlo.compare LT, %di, %bi : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %closer, %tie : tensor<i1>
    %m = hlo.select %take, %d, %b : tensor<i1>, tensor<f32>
    %mi = hlo.select %take, %di, %bi : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<f32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<64xf32>, tensor<64xi32>
}

// The last index of each row's largest value: the index first in the
// body, the comparisons written the other way round. (No NaNs: the
// interpreter combines elements in a tree, where a NaN element can become
// an accumulator and stay; compiled code never takes a NaN element, as the
// loop in order from the init does not.)
func.func @arg_max_last(%x: tensor<8x4096xf32>) -> (tensor<8xi32>, tensor<8xf32>) {
  %two = hlo.constant dense<2.0> : tensor<8x4096xf32>
  %scaled = hlo.multiply %x, %two : tensor<8x4096xf32>
  %values = hlo.floor %scaled : tensor<8x4096xf32>
  %idx = hlo.iota dim = 1 : tensor<8x4096xi32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %none = hlo.constant dense<-1> : tensor<i32>
  %r:2 = hlo.reduce(%idx init %none), (%values init %ninf) dims = [1] : (tensor<8x4096xi32>, tensor<8x4096xf32>, tensor<i32>, tensor<f32>) -> (tensor<8xi32>, tensor<8xf32>) {
  ^bb0(%bi: tensor<i32>, %b: tensor<f32>, %di: tensor<i32>, %d: tensor<f32>):
    %larger = hlo.compare LT, %b, %d : tensor<f32>
    %same = hlo.compare EQ, %b, %d : tensor<f32>
    %later = hlo.compare GT, %di, %bi : tensor<i32>
    %tie = hlo.and %later, %same : tensor<i1>
    %take = hlo.or %tie, %larger : tensor<i1>
    %mi = hlo.select %take, %di, %bi : tensor<i1>, tensor<i32>
    %m = hlo.select %take, %d, %b : tensor<i1>, tensor<f32>
    hlo.return %mi, %m : tensor<i32>, tensor<f32>
  }
  return %r#0, %r#1 : tensor<8xi32>, tensor<8xf32>
}

// Integer values (about 60 distinct ones in each row of 3000): the first
// index of the smallest.
func.func @int_arg_min(%x: tensor<16x3000xf32>) -> (tensor<16xi32>, tensor<16xi32>) {
  %ten = hlo.constant dense<10.0> : tensor<16x3000xf32>
  %scaled = hlo.multiply %x, %ten : tensor<16x3000xf32>
  %values = hlo.convert %scaled : (tensor<16x3000xf32>) -> tensor<16x3000xi32>
  %idx = hlo.iota dim = 1 : tensor<16x3000xi32>
  %max = hlo.constant dense<2147483647> : tensor<i32>
  %r:2 = hlo.reduce(%values init %max), (%idx init %max) dims = [1] : (tensor<16x3000xi32>, tensor<16x3000xi32>, tensor<i32>, tensor<i32>) -> (tensor<16xi32>, tensor<16xi32>) {
  ^bb0(%b: tensor<i32>, %bi: tensor<i32>, %d: tensor<i32>, %di: tensor<i32>):
    %closer = hlo.compare LT, %d, %b : tensor<i32>
    %same = hlo.compare EQ, %d, %b : tensor<i32>
    %first = hlo.compare LT, %di, %bi : tensor<i32>
    %tie = hlo.and %same, %first : tensor<i1>
    %take = hlo.or %closer, %tie : tensor<i1>
    %m = hlo.select %take, %d, %b : tensor<i1>, tensor<i32>
    %mi = hlo.select %take, %di, %bi : tensor<i1>, tensor<i32>
    hlo.return %m, %mi : tensor<i32>, tensor<i32>
  }
  return %r#0, %r#1 : tensor<16xi32>, tensor<16xi32>
}
