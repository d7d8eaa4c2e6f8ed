// RUN: fuse-opt %s --fuse-elementwise | FileCheck %s
// RUN: fuse-opt %s --fuse-elementwise --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s --check-prefix=LOC
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// Every rule of --fuse-elementwise, the fusions it must form and those it
// must not. fuse-elementwise-explain.mlir checks the reason given for each
// pair left unfused, fuse-elementwise-options.mlir the pass options. The
// last RUN line compiles every fused function and compares it with the
// interpreter.
// EXEC-COUNT-31: : ok
// EXEC-NOT: MISMATCH

// Loop fusion of an elementwise chain, expensive ops included: one fusion.
// CHECK-LABEL: func.func @loop_chain
// CHECK-NEXT: %[[F:.*]] = hlo.fusion loop(%arg0, %arg1)
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<16x8xf32>, %[[Y:.*]]: tensor<16x8xf32>):
// CHECK-NEXT: %[[M:.*]] = hlo.multiply %[[X]], %[[Y]]
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[M]]
// CHECK-NEXT: %[[S:.*]] = hlo.subtract %[[E]], %[[X]]
// CHECK-NEXT: hlo.yield %[[S]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]
func.func @loop_chain(%x: tensor<16x8xf32>, %y: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %m = hlo.multiply %x, %y : tensor<16x8xf32>
  %e = hlo.exponential %m : tensor<16x8xf32>
  %s = hlo.subtract %e, %x : tensor<16x8xf32>
  return %s : tensor<16x8xf32>
}

// Shape ops and constants become indexing inside their consumer. A value
// that is sliced is not: linalg would compute it whole in a nest of its own.
// CHECK-LABEL: func.func @shape_ops
// CHECK-NEXT: %[[F:.*]] = hlo.fusion loop(%arg1, %arg0) : (tensor<16xf32>, tensor<8x16xf32>) -> tensor<16x8xf32>
// CHECK-DAG: hlo.broadcast_in_dim
// CHECK-DAG: hlo.transpose
// CHECK-DAG: hlo.iota
// CHECK-DAG: hlo.constant dense<2.0
// CHECK: hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[G:.*]] = hlo.fusion loop(%[[F]]) : (tensor<16x8xf32>) -> tensor<16x4xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.slice
// CHECK-NEXT: hlo.negate
// CHECK: return %[[G]]
func.func @shape_ops(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<16x4xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
  %i = hlo.iota dim = 1 : tensor<16x8xf32>
  %c = hlo.constant dense<2.0> : tensor<f32>
  %cb = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %a = hlo.add %t, %bb : tensor<16x8xf32>
  %m = hlo.multiply %a, %i : tensor<16x8xf32>
  %n = hlo.multiply %m, %cb : tensor<16x8xf32>
  %s = hlo.slice %n, starts = [0, 2], limits = [16, 6], strides = [1, 1] : (tensor<16x8xf32>) -> tensor<16x4xf32>
  %r = hlo.negate %s : tensor<16x4xf32>
  return %r : tensor<16x4xf32>
}

// Input fusion: producers join the reduction, with its init constant, for
// full, row and column reductions; a rank-0 epilogue joins a full one.
// CHECK-LABEL: func.func @running_example
// CHECK-NEXT: %[[F:.*]] = hlo.fusion input(%arg0, %arg1) : (tensor<64x32xf32>, tensor<64x32xf32>) -> tensor<f32>
// CHECK: hlo.multiply
// CHECK: hlo.broadcast_in_dim
// CHECK: hlo.multiply
// CHECK: hlo.add
// CHECK: %[[T:.*]] = hlo.reduce add
// CHECK: %[[M:.*]] = hlo.divide %[[T]]
// CHECK-NEXT: hlo.yield %[[M]] : tensor<f32>
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]
// LOC-LABEL: func.func @running_example
// The fusion is located at all its sources: the divide, the multiply, ...
// LOC: } loc(fused[
// LOC-SAME: fuse-elementwise.mlir":[[# @LINE + 12]]:{{[0-9]+}}
// LOC-SAME: fuse-elementwise.mlir":[[# @LINE + 5]]:{{[0-9]+}}
func.func @running_example(%x: tensor<64x32xf32>, %y: tensor<64x32xf32>) -> tensor<f32> {
  %three = hlo.constant dense<3.0> : tensor<f32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %count = hlo.constant dense<2048.0> : tensor<f32>
  %xx = hlo.multiply %x, %x : tensor<64x32xf32>
  %3 = hlo.broadcast_in_dim %three, dims = [] : (tensor<f32>) -> tensor<64x32xf32>
  %xx3 = hlo.multiply %xx, %3 : tensor<64x32xf32>
  %sum = hlo.add %xx3, %y : tensor<64x32xf32>
  %total = hlo.reduce add(%sum init %zero) dims = [0, 1]
      : (tensor<64x32xf32>, tensor<f32>) -> tensor<f32>
  %mean = hlo.divide %total, %count : tensor<f32>
  return %mean : tensor<f32>
}

// CHECK-LABEL: func.func @row_reduce
// CHECK-NEXT: hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> tensor<16xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.abs
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: hlo.reduce add
// CHECK-SAME: dims = [1]
func.func @row_reduce(%x: tensor<16x8xf32>) -> tensor<16xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %a = hlo.abs %x : tensor<16x8xf32>
  %r = hlo.reduce add(%a init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  return %r : tensor<16xf32>
}

// CHECK-LABEL: func.func @column_reduce
// CHECK-NEXT: hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> tensor<8xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.exponential
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: hlo.reduce maximum
// CHECK-SAME: dims = [0]
func.func @column_reduce(%x: tensor<16x8xf32>) -> tensor<8xf32> {
  %z = hlo.constant dense<0xFF800000> : tensor<f32>
  %e = hlo.exponential %x : tensor<16x8xf32>
  %r = hlo.reduce maximum(%e init %z) dims = [0] : (tensor<16x8xf32>, tensor<f32>) -> tensor<8xf32>
  return %r : tensor<8xf32>
}

// Multi-output fusion of siblings: two reductions of x over the same space
// read it once. Repeated constants are merged.
// CHECK-LABEL: func.func @siblings
// CHECK-NEXT: %[[F:.*]]:2 = hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0(%[[X:.*]]: tensor<16x8xf32>):
// CHECK-NEXT: %[[Z:.*]] = hlo.constant
// CHECK-NEXT: %[[S:.*]] = hlo.reduce add(%[[X]] init %[[Z]])
// CHECK-NEXT: %[[XX:.*]] = hlo.multiply %[[X]], %[[X]]
// CHECK-NEXT: %[[Q:.*]] = hlo.reduce add(%[[XX]] init %[[Z]])
// CHECK-NEXT: hlo.yield %[[S]], %[[Q]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]#0, %[[F]]#1
func.func @siblings(%x: tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  %xx = hlo.multiply %x, %x : tensor<16x8xf32>
  %q = hlo.reduce add(%xx init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  return %s, %q : tensor<16xf32>, tensor<16xf32>
}

// Row fusion with multi-output: the row sum feeds the division along its
// rows, so the whole softmax-like program is one fusion computed row by row;
// the sum, also returned, is an extra result.
// CHECK-LABEL: func.func @extra_output
// CHECK-NEXT: %[[F:.*]]:2 = hlo.fusion input(%arg0) : (tensor<16x8xf32>) -> (tensor<16x8xf32>, tensor<16xf32>)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[E:.*]] = hlo.exponential
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: %[[S:.*]] = hlo.reduce add(%[[E]]
// CHECK-NEXT: %[[SB:.*]] = hlo.broadcast_in_dim %[[S]], dims = [0]
// CHECK-NEXT: %[[D:.*]] = hlo.divide %[[E]], %[[SB]]
// CHECK-NEXT: hlo.yield %[[D]], %[[S]]
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]#1, %[[F]]#0
func.func @extra_output(%x: tensor<16x8xf32>) -> (tensor<16xf32>, tensor<16x8xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %e = hlo.exponential %x : tensor<16x8xf32>
  %s = hlo.reduce add(%e init %z) dims = [1] : (tensor<16x8xf32>, tensor<f32>) -> tensor<16xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
  %d = hlo.divide %e, %sb : tensor<16x8xf32>
  return %s, %d : tensor<16xf32>, tensor<16x8xf32>
}

// A square layer norm: the column scale has the shape of the row values, but
// its broadcast puts it on the columns, so the whole program is still one
// row fusion.
// CHECK-LABEL: func.func @square_layer_norm
// CHECK-NEXT: %[[F:.*]] = hlo.fusion input(%arg0, %arg1) : (tensor<8x8xf32>, tensor<8xf32>) -> tensor<8x8xf32>
// CHECK:      hlo.reduce add
// CHECK:      hlo.broadcast_in_dim %{{.*}}, dims = [0]
// CHECK:      hlo.broadcast_in_dim %{{.*}}, dims = [1]
// CHECK:      hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]
func.func @square_layer_norm(%x: tensor<8x8xf32>, %gamma: tensor<8xf32>) -> tensor<8x8xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %s = hlo.reduce add(%x init %z) dims = [1] : (tensor<8x8xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %c = hlo.subtract %x, %sb : tensor<8x8xf32>
  %gb = hlo.broadcast_in_dim %gamma, dims = [1] : (tensor<8xf32>) -> tensor<8x8xf32>
  %y = hlo.multiply %c, %gb : tensor<8x8xf32>
  return %y : tensor<8x8xf32>
}

// Output fusion of a convolution: bias and relu join it as they join a
// dot_general.
// CHECK-LABEL: func.func @convolution_epilogue
// CHECK-NEXT: %[[F:.*]] = hlo.fusion output(%arg2, %arg0, %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.broadcast_in_dim
// CHECK-NEXT: hlo.convolution
// CHECK-NEXT: hlo.add
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: hlo.maximum
// CHECK-NEXT: hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]
func.func @convolution_epilogue(%x: tensor<2x6x5x3xf32>, %w: tensor<3x3x3x4xf32>, %bias: tensor<4xf32>) -> tensor<2x6x5x4xf32> {
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [1, 1], lhs_dilation = [1, 1], rhs_dilation = [1, 1] : (tensor<2x6x5x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x6x5x4xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [3] : (tensor<4xf32>) -> tensor<2x6x5x4xf32>
  %s = hlo.add %y, %bb : tensor<2x6x5x4xf32>
  %z = hlo.constant dense<0.0> : tensor<2x6x5x4xf32>
  %r = hlo.maximum %s, %z : tensor<2x6x5x4xf32>
  return %r : tensor<2x6x5x4xf32>
}

// A convolution of a dilated input (a strided convolution's input
// gradient, a transposed convolution) is lowered as one convolution per
// output phase, which skips the dilation's zeros: it stays out of fusions,
// and its epilogue is a loop fusion of its own.
// CHECK-LABEL: func.func @dilated_convolution_epilogue
// CHECK-NEXT: %[[C:.*]] = hlo.convolution
// CHECK-NEXT: %[[F:.*]] = hlo.fusion loop(%arg2, %[[C]])
// CHECK: hlo.maximum
// CHECK: return %[[F]]
func.func @dilated_convolution_epilogue(%x: tensor<2x4x3x3xf32>, %w: tensor<3x3x3x4xf32>, %bias: tensor<4xf32>) -> tensor<2x8x6x4xf32> {
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [2, 2], lhs_dilation = [2, 2], rhs_dilation = [1, 1] : (tensor<2x4x3x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x6x4xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [3] : (tensor<4xf32>) -> tensor<2x8x6x4xf32>
  %s = hlo.add %y, %bb : tensor<2x8x6x4xf32>
  %z = hlo.constant dense<0.0> : tensor<2x8x6x4xf32>
  %r = hlo.maximum %s, %z : tensor<2x8x6x4xf32>
  return %r : tensor<2x8x6x4xf32>
}

// A chain longer than 32 ops (JAX's random bits, unrolled, are about a
// hundred) stays out of a fusion with two reductions, each of which would
// compute it again in its own pass over the row (layer norm's mean, then
// its variance); it is a loop fusion of its own.
// CHECK-LABEL: func.func @long_chain_into_passes
// CHECK-NEXT: %[[CHAIN:.*]] = hlo.fusion loop(%arg0, %arg1)
// CHECK: %[[ROWS:.*]]:2 = hlo.fusion input(%[[CHAIN]])
// CHECK: return %[[ROWS]]#1, %[[ROWS]]#0, %[[CHAIN]]
func.func @long_chain_into_passes(%x: tensor<8x64xui32>, %y: tensor<8x64xf32>) -> (tensor<8xf32>, tensor<8xf32>, tensor<8x64xf32>) {
  %k = hlo.constant dense<13> : tensor<8x64xui32>
  %s0 = hlo.shift_left %x, %k : tensor<8x64xui32>
  %a0 = hlo.add %s0, %x : tensor<8x64xui32>
  %x0 = hlo.xor %a0, %s0 : tensor<8x64xui32>
  %s1 = hlo.shift_left %x0, %k : tensor<8x64xui32>
  %a1 = hlo.add %s1, %x0 : tensor<8x64xui32>
  %x1 = hlo.xor %a1, %s1 : tensor<8x64xui32>
  %s2 = hlo.shift_left %x1, %k : tensor<8x64xui32>
  %a2 = hlo.add %s2, %x1 : tensor<8x64xui32>
  %x2 = hlo.xor %a2, %s2 : tensor<8x64xui32>
  %s3 = hlo.shift_left %x2, %k : tensor<8x64xui32>
  %a3 = hlo.add %s3, %x2 : tensor<8x64xui32>
  %x3 = hlo.xor %a3, %s3 : tensor<8x64xui32>
  %s4 = hlo.shift_left %x3, %k : tensor<8x64xui32>
  %a4 = hlo.add %s4, %x3 : tensor<8x64xui32>
  %x4 = hlo.xor %a4, %s4 : tensor<8x64xui32>
  %s5 = hlo.shift_left %x4, %k : tensor<8x64xui32>
  %a5 = hlo.add %s5, %x4 : tensor<8x64xui32>
  %x5 = hlo.xor %a5, %s5 : tensor<8x64xui32>
  %s6 = hlo.shift_left %x5, %k : tensor<8x64xui32>
  %a6 = hlo.add %s6, %x5 : tensor<8x64xui32>
  %x6 = hlo.xor %a6, %s6 : tensor<8x64xui32>
  %s7 = hlo.shift_left %x6, %k : tensor<8x64xui32>
  %a7 = hlo.add %s7, %x6 : tensor<8x64xui32>
  %x7 = hlo.xor %a7, %s7 : tensor<8x64xui32>
  %s8 = hlo.shift_left %x7, %k : tensor<8x64xui32>
  %a8 = hlo.add %s8, %x7 : tensor<8x64xui32>
  %x8 = hlo.xor %a8, %s8 : tensor<8x64xui32>
  %s9 = hlo.shift_left %x8, %k : tensor<8x64xui32>
  %a9 = hlo.add %s9, %x8 : tensor<8x64xui32>
  %x9 = hlo.xor %a9, %s9 : tensor<8x64xui32>
  %s10 = hlo.shift_left %x9, %k : tensor<8x64xui32>
  %a10 = hlo.add %s10, %x9 : tensor<8x64xui32>
  %x10 = hlo.xor %a10, %s10 : tensor<8x64xui32>
  %s11 = hlo.shift_left %x10, %k : tensor<8x64xui32>
  %a11 = hlo.add %s11, %x10 : tensor<8x64xui32>
  %x11 = hlo.xor %a11, %s11 : tensor<8x64xui32>
  %bits = hlo.shift_right_logical %x11, %k : tensor<8x64xui32>
  %f = hlo.convert %bits : (tensor<8x64xui32>) -> tensor<8x64xf32>
  %v = hlo.multiply %f, %y : tensor<8x64xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %sum = hlo.reduce add(%v init %zero) dims = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  %n = hlo.constant dense<64.0> : tensor<8xf32>
  %mean = hlo.divide %sum, %n : tensor<8xf32>
  %mb = hlo.broadcast_in_dim %mean, dims = [0] : (tensor<8xf32>) -> tensor<8x64xf32>
  %d = hlo.subtract %v, %mb : tensor<8x64xf32>
  %d2 = hlo.multiply %d, %d : tensor<8x64xf32>
  %var = hlo.reduce add(%d2 init %zero) dims = [1] : (tensor<8x64xf32>, tensor<f32>) -> tensor<8xf32>
  return %mean, %var, %v : tensor<8xf32>, tensor<8xf32>, tensor<8x64xf32>
}

// Output fusion: bias and relu join the dot_general.
// CHECK-LABEL: func.func @dot_epilogue
// CHECK-NEXT: %[[F:.*]] = hlo.fusion output(%arg2, %arg0, %arg1)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.broadcast_in_dim
// CHECK-NEXT: hlo.dot_general
// CHECK-NEXT: hlo.add
// CHECK-NEXT: hlo.constant
// CHECK-NEXT: hlo.broadcast_in_dim
// CHECK-NEXT: hlo.maximum
// CHECK-NEXT: hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: return %[[F]]
func.func @dot_epilogue(%a: tensor<16x32xf32>, %b: tensor<32x8xf32>, %bias: tensor<8xf32>) -> tensor<16x8xf32> {
  %d = hlo.dot_general %a, %b, contracting_dims = [1] x [0] : (tensor<16x32xf32>, tensor<32x8xf32>) -> tensor<16x8xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
  %s = hlo.add %d, %bb : tensor<16x8xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zb = hlo.broadcast_in_dim %z, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %r = hlo.maximum %s, %zb : tensor<16x8xf32>
  return %r : tensor<16x8xf32>
}

// A cheap producer is duplicated into each consumer, here through a
// broadcast: the add is computed in both fusions and never materialised.
// CHECK-LABEL: func.func @duplicate_into_two
// CHECK-NEXT: %[[E:.*]] = hlo.fusion loop(%arg0, %arg1) : (tensor<16xf32>, tensor<16xf32>) -> tensor<16xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.add
// CHECK-NEXT: hlo.exponential
// CHECK: %[[M:.*]] = hlo.fusion loop(%arg0, %arg1, %arg2) : (tensor<16xf32>, tensor<16xf32>, tensor<4x16xf32>) -> tensor<4x16xf32>
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.add
// CHECK-NEXT: hlo.broadcast_in_dim
// CHECK-NEXT: hlo.multiply
// CHECK: return %[[E]], %[[M]]
func.func @duplicate_into_two(%x: tensor<16xf32>, %y: tensor<16xf32>, %z: tensor<4x16xf32>) -> (tensor<16xf32>, tensor<4x16xf32>) {
  %a = hlo.add %x, %y : tensor<16xf32>
  %e = hlo.exponential %a : tensor<16xf32>
  %b = hlo.broadcast_in_dim %a, dims = [1] : (tensor<16xf32>) -> tensor<4x16xf32>
  %m = hlo.multiply %b, %z : tensor<4x16xf32>
  return %e, %m : tensor<16xf32>, tensor<4x16xf32>
}

// A cheap producer is copied only where the copies read no more than
// computing it once: here each copy would read three inputs to replace one,
// with two users, so x is computed once, as an extra result of the row
// sum's fusion, and the column sum reads it.
// CHECK-LABEL: func.func @wide_producer_two_users
// CHECK-NEXT: %[[F:.*]]:2 = hlo.fusion input(%arg0, %arg1, %arg2)
// CHECK-NEXT: ^bb0
// CHECK-NEXT: %[[AB:.*]] = hlo.add
// CHECK-NEXT: %[[X:.*]] = hlo.multiply %[[AB]]
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %[[X]]
// CHECK: %[[R:.*]] = hlo.reduce add(%[[E]]
// CHECK-NEXT: hlo.yield %[[R]], %[[X]]
// CHECK-NEXT: }
// CHECK: %[[C:.*]] = hlo.reduce add(%[[F]]#1
// CHECK-NEXT: return %[[C]], %[[F]]#0
func.func @wide_producer_two_users(%a: tensor<64x32xf32>, %b: tensor<64x32xf32>, %c: tensor<64x32xf32>) -> (tensor<32xf32>, tensor<64xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %ab = hlo.add %a, %b : tensor<64x32xf32>
  %x = hlo.multiply %ab, %c : tensor<64x32xf32>
  %cols = hlo.reduce add(%x init %zero) dims = [0] : (tensor<64x32xf32>, tensor<f32>) -> tensor<32xf32>
  %e = hlo.exponential %x : tensor<64x32xf32>
  %rows = hlo.reduce add(%e init %zero) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  return %cols, %rows : tensor<32xf32>, tensor<64xf32>
}

// A product keeps its operand, so a copy of x for the row sum may read no
// more than x itself: a + broadcast(b) reads a little more, and becomes an
// extra result instead.
// CHECK-LABEL: func.func @producer_kept_by_a_product
// CHECK-NEXT: %[[F:.*]]:2 = hlo.fusion input(%arg1, %arg0)
// CHECK: hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[D:.*]] = hlo.dot_general %[[F]]#1, %arg2
// CHECK-NEXT: return %[[F]]#0, %[[D]]
func.func @producer_kept_by_a_product(%a: tensor<64x32xf32>, %b: tensor<32xf32>, %w: tensor<32x16xf32>) -> (tensor<64xf32>, tensor<64x16xf32>) {
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %bb = hlo.broadcast_in_dim %b, dims = [1] : (tensor<32xf32>) -> tensor<64x32xf32>
  %x = hlo.multiply %a, %bb : tensor<64x32xf32>
  %s = hlo.reduce add(%x init %zero) dims = [1] : (tensor<64x32xf32>, tensor<f32>) -> tensor<64xf32>
  %y = hlo.dot_general %x, %w, contracting_dims = [1] x [0] : (tensor<64x32xf32>, tensor<32x16xf32>) -> tensor<64x16xf32>
  return %s, %y : tensor<64xf32>, tensor<64x16xf32>
}

// An expensive producer is not duplicated, and is not an extra result when
// that would create a cycle (the add depends on the concatenate, which
// reads exp). exp is not recomputed per element of a broadcast either.
// CHECK-LABEL: func.func @expensive_not_duplicated
// CHECK-NEXT: %[[E:.*]] = hlo.exponential %arg0
// CHECK-NEXT: %[[C:.*]] = hlo.concatenate dim = 0, %[[E]], %arg1
// CHECK-NEXT: %[[F:.*]] = hlo.fusion loop(%[[C]], %[[E]])
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.slice
// CHECK-NEXT: hlo.add
// CHECK-NEXT: hlo.yield
// CHECK-NEXT: }
// CHECK-NEXT: %[[L:.*]] = hlo.log %arg2
// CHECK-NEXT: %[[G:.*]] = hlo.fusion loop(%[[L]], %arg0)
// CHECK: return %[[F]], %[[G]]
func.func @expensive_not_duplicated(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>, %v: tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  %e = hlo.exponential %x : tensor<8x8xf32>
  %d = hlo.concatenate dim = 0, %e, %w : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  %s = hlo.slice %d, starts = [4, 0], limits = [12, 8], strides = [1, 1] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  %r = hlo.add %e, %s : tensor<8x8xf32>
  %l = hlo.log %v : tensor<8xf32>
  %lb = hlo.broadcast_in_dim %l, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %q = hlo.multiply %lb, %x : tensor<8x8xf32>
  return %r, %q : tensor<8x8xf32>, tensor<8x8xf32>
}

// A gather is expensive too: read by a scatter-add and a column sum, it is
// computed once and the sum reads its result.
// CHECK-LABEL: func.func @gather_not_duplicated
// CHECK: %[[G:.*]] = hlo.fusion loop(
// CHECK: hlo.gather
// CHECK: hlo.select
// CHECK: hlo.scatter %{{.*}}, %[[G]]
// CHECK: hlo.reduce add(%[[G]] init
func.func @gather_not_duplicated(%t: tensor<6x4xf32>, %idx: tensor<16x1xi32>, %m: tensor<16x4xi1>) -> (tensor<6x4xf32>, tensor<4xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zeros = hlo.constant dense<0.0> : tensor<16x4xf32>
  %acc = hlo.constant dense<0.0> : tensor<6x4xf32>
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  %d = hlo.select %m, %g, %zeros : tensor<16x4xi1>, tensor<16x4xf32>
  %s = hlo.scatter %acc[%idx], %d, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x4xf32>, tensor<16x1xi32>, tensor<16x4xf32>) -> tensor<6x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  %c = hlo.reduce add(%d init %z) dims = [0] : (tensor<16x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %c : tensor<6x4xf32>, tensor<4xf32>
}

// A fusion never raises the peak memory: fusing the convert into the
// multiply would keep its f32 operand alive across the 16 KiB temporaries.
// CHECK-LABEL: func.func @peak_memory
// CHECK-NEXT: hlo.concatenate
// CHECK-NEXT: hlo.convert
// CHECK-NEXT: hlo.concatenate
// CHECK-NEXT: hlo.negate
// CHECK-NEXT: hlo.multiply
func.func @peak_memory(%x: tensor<1024xf32>, %y: tensor<2048xf32>) -> (tensor<4096xf32>, tensor<2048xf16>) {
  %a = hlo.concatenate dim = 0, %x, %x : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<2048xf32>
  %p = hlo.convert %a : (tensor<2048xf32>) -> tensor<2048xf16>
  %t = hlo.concatenate dim = 0, %y, %y : (tensor<2048xf32>, tensor<2048xf32>) -> tensor<4096xf32>
  %s = hlo.negate %t : tensor<4096xf32>
  %c = hlo.multiply %p, %p : tensor<2048xf16>
  return %s, %c : tensor<4096xf32>, tensor<2048xf16>
}

// Ops inside reduce bodies stay where they are.
// CHECK-LABEL: func.func @argmax
// CHECK-NEXT: hlo.fusion input
// CHECK-NOT: hlo.fusion
// CHECK: return
func.func @argmax(%x: tensor<4x8xf32>) -> (tensor<4xf32>, tensor<4xi32>) {
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %i = hlo.iota dim = 1 : tensor<4x8xi32>
  %n = hlo.negate %x : tensor<4x8xf32>
  %m:2 = hlo.reduce(%n init %ninf), (%i init %zero) dims = [1]
      : (tensor<4x8xf32>, tensor<4x8xi32>, tensor<f32>, tensor<i32>) -> (tensor<4xf32>, tensor<4xi32>) {
  ^bb0(%a: tensor<f32>, %ai: tensor<i32>, %b: tensor<f32>, %bi: tensor<i32>):
    %gt = hlo.compare GT, %a, %b : tensor<f32>
    %v = hlo.select %gt, %a, %b : tensor<i1>, tensor<f32>
    %vi = hlo.select %gt, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %vi : tensor<f32>, tensor<i32>
  }
  return %m#0, %m#1 : tensor<4xf32>, tensor<4xi32>
}

// Loop and branch bodies are fused like a function body. A producer outside
// the loop stays outside: it is computed once, not once per iteration.
// CHECK-LABEL: func.func @control_flow_bodies
// CHECK: %[[OUT:.*]] = hlo.exponential %arg0
// CHECK: hlo.while
// CHECK: } do {
// CHECK: %[[BODY:.*]] = hlo.fusion loop(%{{.*}}, %[[OUT]])
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.multiply
// CHECK-NEXT: hlo.tanh
// CHECK-NEXT: hlo.add
// CHECK-NEXT: hlo.yield
// CHECK: hlo.return %{{.*}}, %[[BODY]]
// CHECK: hlo.case
// CHECK-NEXT: hlo.fusion loop
// CHECK-NEXT: ^bb0
// CHECK-NEXT: hlo.sine
// CHECK-NEXT: hlo.negate
// CHECK-NEXT: hlo.yield
func.func @control_flow_bodies(%x: tensor<8x4xf32>, %i: tensor<i32>) -> tensor<8x4xf32> {
  %e = hlo.exponential %x : tensor<8x4xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %r:2 = hlo.while(%k = %zero, %v = %x) : tensor<i32>, tensor<8x4xf32> cond {
    %three = hlo.constant dense<3> : tensor<i32>
    %lt = hlo.compare LT, %k, %three : tensor<i32>
    hlo.return %lt : tensor<i1>
  } do {
    %one = hlo.constant dense<1> : tensor<i32>
    %next = hlo.add %k, %one : tensor<i32>
    %m = hlo.multiply %v, %v : tensor<8x4xf32>
    %t = hlo.tanh %m : tensor<8x4xf32>
    %s = hlo.add %t, %e : tensor<8x4xf32>
    hlo.return %next, %s : tensor<i32>, tensor<8x4xf32>
  }
  %c = hlo.case %i -> tensor<8x4xf32> {
    %s = hlo.sine %r#1 : tensor<8x4xf32>
    %n = hlo.negate %s : tensor<8x4xf32>
    hlo.return %n : tensor<8x4xf32>
  }, {
    hlo.return %r#1 : tensor<8x4xf32>
  }
  return %c : tensor<8x4xf32>
}
