// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s

// hlo.fusion of every kind: loop fusions of elementwise chains (with
// broadcasts, constants and shape ops inside), input fusions whose root is a
// reduce, an output fusion (dot_general with an epilogue), fusions with
// several results, without inputs, feeding each other, and with the same
// input twice.

// CHECK: @loop_elementwise result 0: ok
func.func @loop_elementwise(%x: tensor<16x24xf32>, %y: tensor<16x24xf32>) -> tensor<16x24xf32> {
  %0 = hlo.fusion loop(%x, %y) : (tensor<16x24xf32>, tensor<16x24xf32>) -> tensor<16x24xf32> {
  ^bb0(%a: tensor<16x24xf32>, %b: tensor<16x24xf32>):
    %s = hlo.add %a, %b : tensor<16x24xf32>
    %t = hlo.tanh %s : tensor<16x24xf32>
    %m = hlo.multiply %t, %a : tensor<16x24xf32>
    %e = hlo.exponential %m : tensor<16x24xf32>
    hlo.yield %e : tensor<16x24xf32>
  }
  return %0 : tensor<16x24xf32>
}

// The running example as one loop fusion and one input fusion.
// CHECK: @running_example_fused result 0: ok
func.func @running_example_fused(%x: tensor<64x48xf32>, %y: tensor<64x48xf32>) -> tensor<f32> {
  %0 = hlo.fusion loop(%x, %y) : (tensor<64x48xf32>, tensor<64x48xf32>) -> tensor<64x48xf32> {
  ^bb0(%a: tensor<64x48xf32>, %b: tensor<64x48xf32>):
    %three = hlo.constant dense<3.0> : tensor<f32>
    %xx = hlo.multiply %a, %a : tensor<64x48xf32>
    %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<64x48xf32>
    %xx3 = hlo.multiply %xx, %3 : tensor<64x48xf32>
    %s = hlo.add %xx3, %b : tensor<64x48xf32>
    hlo.yield %s : tensor<64x48xf32>
  }
  %1 = hlo.fusion input(%0) : (tensor<64x48xf32>) -> tensor<f32> {
  ^bb0(%s: tensor<64x48xf32>):
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %count = hlo.constant dense<3072.0> : tensor<f32>
    %total = hlo.reduce add(%s init %zero) dims = [0, 1] : (tensor<64x48xf32>, tensor<f32>) -> tensor<f32>
    %mean = hlo.divide %total, %count : tensor<f32>
    hlo.yield %mean : tensor<f32>
  }
  return %1 : tensor<f32>
}

// Producers fused into a row reduction, with a second (elementwise) result.
// CHECK: @input_fusion_two_results result 0: ok
// CHECK: @input_fusion_two_results result 1: ok
func.func @input_fusion_two_results(%x: tensor<10x33xf32>, %b: tensor<33xf32>) -> (tensor<10xf32>, tensor<10x33xf32>) {
  %0:2 = hlo.fusion input(%x, %b) : (tensor<10x33xf32>, tensor<33xf32>) -> (tensor<10xf32>, tensor<10x33xf32>) {
  ^bb0(%a: tensor<10x33xf32>, %v: tensor<33xf32>):
    %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<33xf32>) -> tensor<10x33xf32>
    %s = hlo.subtract %a, %vb : tensor<10x33xf32>
    %sq = hlo.multiply %s, %s : tensor<10x33xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %r = hlo.reduce add(%sq init %zero) dims = [1] : (tensor<10x33xf32>, tensor<f32>) -> tensor<10xf32>
    hlo.yield %r, %s : tensor<10xf32>, tensor<10x33xf32>
  }
  return %0#0, %0#1 : tensor<10xf32>, tensor<10x33xf32>
}

// Column max of |x| with an argmax-style variadic reduce as the root.
// CHECK: @input_fusion_variadic_root result 0: ok
// CHECK: @input_fusion_variadic_root result 1: ok
func.func @input_fusion_variadic_root(%x: tensor<12x7xf32>) -> (tensor<7xf32>, tensor<7xi32>) {
  %0:2 = hlo.fusion input(%x) : (tensor<12x7xf32>) -> (tensor<7xf32>, tensor<7xi32>) {
  ^bb0(%a: tensor<12x7xf32>):
    %abs = hlo.abs %a : tensor<12x7xf32>
    %idx = hlo.iota dim = 0 : tensor<12x7xi32>
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %big = hlo.constant dense<2147483647> : tensor<i32>
    %r:2 = hlo.reduce(%abs init %ninf), (%idx init %big) dims = [0] : (tensor<12x7xf32>, tensor<12x7xi32>, tensor<f32>, tensor<i32>) -> (tensor<7xf32>, tensor<7xi32>) {
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
    hlo.yield %r#0, %r#1 : tensor<7xf32>, tensor<7xi32>
  }
  return %0#0, %0#1 : tensor<7xf32>, tensor<7xi32>
}

// A dense layer: dot_general with bias and relu as the epilogue.
// CHECK: @output_fusion result 0: ok
func.func @output_fusion(%x: tensor<8x32xf32>, %w: tensor<32x16xf32>, %b: tensor<16xf32>) -> tensor<8x16xf32> {
  %0 = hlo.fusion output(%x, %w, %b) : (tensor<8x32xf32>, tensor<32x16xf32>, tensor<16xf32>) -> tensor<8x16xf32> {
  ^bb0(%a: tensor<8x32xf32>, %m: tensor<32x16xf32>, %v: tensor<16xf32>):
    %d = hlo.dot_general %a, %m, contracting_dims = [1] x [0] : (tensor<8x32xf32>, tensor<32x16xf32>) -> tensor<8x16xf32>
    %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<16xf32>) -> tensor<8x16xf32>
    %s = hlo.add %d, %vb : tensor<8x16xf32>
    %zero = hlo.constant dense<0.0> : tensor<8x16xf32>
    %r = hlo.maximum %s, %zero : tensor<8x16xf32>
    hlo.yield %r : tensor<8x16xf32>
  }
  return %0 : tensor<8x16xf32>
}

// Several results of different element types, one of them an input.
// CHECK: @loop_multi_result result 0: ok
// CHECK: @loop_multi_result result 1: ok
// CHECK: @loop_multi_result result 2: ok
// CHECK: @loop_multi_result result 3: ok
func.func @loop_multi_result(%x: tensor<5x9xf32>, %y: tensor<5x9xf32>) -> (tensor<5x9xf32>, tensor<5x9xi1>, tensor<5x9xi32>, tensor<5x9xf32>) {
  %0:4 = hlo.fusion loop(%x, %y) : (tensor<5x9xf32>, tensor<5x9xf32>) -> (tensor<5x9xf32>, tensor<5x9xi1>, tensor<5x9xi32>, tensor<5x9xf32>) {
  ^bb0(%a: tensor<5x9xf32>, %b: tensor<5x9xf32>):
    %m = hlo.maximum %a, %b : tensor<5x9xf32>
    %k = hlo.compare GE, %a, %b : tensor<5x9xf32>
    %f = hlo.floor %m : tensor<5x9xf32>
    %i = hlo.convert %f : (tensor<5x9xf32>) -> tensor<5x9xi32>
    hlo.yield %m, %k, %i, %a : tensor<5x9xf32>, tensor<5x9xi1>, tensor<5x9xi32>, tensor<5x9xf32>
  }
  return %0#0, %0#1, %0#2, %0#3 : tensor<5x9xf32>, tensor<5x9xi1>, tensor<5x9xi32>, tensor<5x9xf32>
}

// Shape ops inside a loop fusion: transpose, reshape, slice, concatenate,
// reverse, pad and a broadcast of a row.
// CHECK: @loop_with_shape_ops result 0: ok
func.func @loop_with_shape_ops(%x: tensor<6x4xf32>, %r: tensor<6xf32>) -> tensor<4x6xf32> {
  %0 = hlo.fusion loop(%x, %r) : (tensor<6x4xf32>, tensor<6xf32>) -> tensor<4x6xf32> {
  ^bb0(%a: tensor<6x4xf32>, %v: tensor<6xf32>):
    %t = hlo.transpose %a, dims = [1, 0] : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %rs = hlo.reshape %a : (tensor<6x4xf32>) -> tensor<4x6xf32>
    %s = hlo.add %t, %rs : tensor<4x6xf32>
    %h = hlo.slice %s, starts = [0, 0], limits = [4, 3], strides = [1, 1] : (tensor<4x6xf32>) -> tensor<4x3xf32>
    %rv = hlo.reverse %h, dims = [1] : tensor<4x3xf32>
    %c = hlo.concatenate dim = 1, %h, %rv : (tensor<4x3xf32>, tensor<4x3xf32>) -> tensor<4x6xf32>
    %zero = hlo.constant dense<0.0> : tensor<f32>
    %p = hlo.pad %c, %zero, low = [0, 1], high = [0, -1], interior = [0, 0] : (tensor<4x6xf32>, tensor<f32>) -> tensor<4x6xf32>
    %vb = hlo.broadcast_in_dim %v, dims = [1] : (tensor<6xf32>) -> tensor<4x6xf32>
    %m = hlo.multiply %p, %vb : tensor<4x6xf32>
    hlo.yield %m : tensor<4x6xf32>
  }
  return %0 : tensor<4x6xf32>
}

// A fusion without inputs, fusions feeding fusions, the same input twice.
// CHECK: @no_inputs result 0: ok
// CHECK: @no_inputs result 1: ok
func.func @no_inputs(%x: tensor<2x3xi32>) -> (tensor<2x3xi32>, tensor<2x3xi32>) {
  %0 = hlo.fusion loop() : () -> tensor<2x3xi32> {
    %c = hlo.constant dense<[[1, 2, 3], [4, 5, 6]]> : tensor<2x3xi32>
    %i = hlo.iota dim = 1 : tensor<2x3xi32>
    %m = hlo.multiply %c, %i : tensor<2x3xi32>
    hlo.yield %m : tensor<2x3xi32>
  }
  %1 = hlo.fusion loop(%0, %x, %x) : (tensor<2x3xi32>, tensor<2x3xi32>, tensor<2x3xi32>) -> tensor<2x3xi32> {
  ^bb0(%a: tensor<2x3xi32>, %b: tensor<2x3xi32>, %c: tensor<2x3xi32>):
    %s = hlo.subtract %a, %b : tensor<2x3xi32>
    %p = hlo.multiply %s, %c : tensor<2x3xi32>
    hlo.yield %p : tensor<2x3xi32>
  }
  return %0, %1 : tensor<2x3xi32>, tensor<2x3xi32>
}

// A chain of fusions of different kinds with values also used outside.
// CHECK: @fusion_chain result 0: ok
// CHECK: @fusion_chain result 1: ok
// CHECK: @fusion_chain result 2: ok
func.func @fusion_chain(%x: tensor<7x11xf32>, %y: tensor<7x11xf32>) -> (tensor<7x11xf32>, tensor<7xf32>, tensor<7x11xf32>) {
  %0 = hlo.fusion loop(%x, %y) : (tensor<7x11xf32>, tensor<7x11xf32>) -> tensor<7x11xf32> {
  ^bb0(%a: tensor<7x11xf32>, %b: tensor<7x11xf32>):
    %m = hlo.multiply %a, %b : tensor<7x11xf32>
    %l = hlo.logistic %m : tensor<7x11xf32>
    hlo.yield %l : tensor<7x11xf32>
  }
  %1 = hlo.fusion input(%0) : (tensor<7x11xf32>) -> tensor<7xf32> {
  ^bb0(%a: tensor<7x11xf32>):
    %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
    %r = hlo.reduce maximum(%a init %ninf) dims = [1] : (tensor<7x11xf32>, tensor<f32>) -> tensor<7xf32>
    hlo.yield %r : tensor<7xf32>
  }
  %2 = hlo.fusion loop(%0, %1) : (tensor<7x11xf32>, tensor<7xf32>) -> tensor<7x11xf32> {
  ^bb0(%a: tensor<7x11xf32>, %r: tensor<7xf32>):
    %rb = hlo.broadcast_in_dim %r, dims = [0] : (tensor<7xf32>) -> tensor<7x11xf32>
    %d = hlo.divide %a, %rb : tensor<7x11xf32>
    hlo.yield %d : tensor<7x11xf32>
  }
  return %0, %1, %2 : tensor<7x11xf32>, tensor<7xf32>, tensor<7x11xf32>
}

// Integer, i1 and f16 fusions, and rank-0 and zero-size values.
// CHECK: @fusion_types result 0: ok
// CHECK: @fusion_types result 1: ok
// CHECK: @fusion_types result 2: ok
// CHECK: @fusion_types result 3: ok
func.func @fusion_types(%i: tensor<4x5xi8>, %p: tensor<4x5xi1>, %h: tensor<4x5xf16>, %s: tensor<f64>, %z: tensor<0x3xf32>) -> (tensor<4x5xi8>, tensor<4x5xf16>, tensor<f64>, tensor<0x3xf32>) {
  %0:2 = hlo.fusion loop(%i, %p, %h) : (tensor<4x5xi8>, tensor<4x5xi1>, tensor<4x5xf16>) -> (tensor<4x5xi8>, tensor<4x5xf16>) {
  ^bb0(%a: tensor<4x5xi8>, %q: tensor<4x5xi1>, %b: tensor<4x5xf16>):
    %m = hlo.multiply %a, %a : tensor<4x5xi8>
    %n = hlo.negate %a : tensor<4x5xi8>
    %sel = hlo.select %q, %m, %n : tensor<4x5xi1>, tensor<4x5xi8>
    %c = hlo.convert %sel : (tensor<4x5xi8>) -> tensor<4x5xf16>
    %e = hlo.add %c, %b : tensor<4x5xf16>
    hlo.yield %sel, %e : tensor<4x5xi8>, tensor<4x5xf16>
  }
  %1 = hlo.fusion loop(%s) : (tensor<f64>) -> tensor<f64> {
  ^bb0(%a: tensor<f64>):
    %c = hlo.cosine %a : tensor<f64>
    %m = hlo.multiply %c, %a : tensor<f64>
    hlo.yield %m : tensor<f64>
  }
  %2 = hlo.fusion loop(%z) : (tensor<0x3xf32>) -> tensor<0x3xf32> {
  ^bb0(%a: tensor<0x3xf32>):
    %e = hlo.exponential %a : tensor<0x3xf32>
    hlo.yield %e : tensor<0x3xf32>
  }
  return %0#0, %0#1, %1, %2 : tensor<4x5xi8>, tensor<4x5xf16>, tensor<f64>, tensor<0x3xf32>
}

// A reduce over a zero-size dimension inside an input fusion, and a reduce
// with dims = [].
// CHECK: @input_fusion_edge_cases result 0: ok
// CHECK: @input_fusion_edge_cases result 1: ok
func.func @input_fusion_edge_cases(%x: tensor<0x4xf32>, %y: tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>) {
  %0:2 = hlo.fusion input(%x, %y) : (tensor<0x4xf32>, tensor<3xf32>) -> (tensor<4xf32>, tensor<3xf32>) {
  ^bb0(%a: tensor<0x4xf32>, %b: tensor<3xf32>):
    %one = hlo.constant dense<1.0> : tensor<f32>
    %r = hlo.reduce multiply(%a init %one) dims = [0] : (tensor<0x4xf32>, tensor<f32>) -> tensor<4xf32>
    %s = hlo.reduce add(%b init %one) dims = [] : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    hlo.yield %r, %s : tensor<4xf32>, tensor<3xf32>
  }
  return %0#0, %0#1 : tensor<4xf32>, tensor<3xf32>
}
