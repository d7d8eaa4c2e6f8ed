// RUN: fuse-opt %s --fuse-elementwise=explain -verify-diagnostics -split-input-file -o /dev/null

// With `explain`, every producer/consumer pair left unfused gets a remark at
// the producer saying why. The programs are those of fuse-elementwise.mlir.
// Shape ops and constants become indexing inside their consumer. A value
// that is sliced is not: linalg would compute it whole in a nest of its own.
func.func @shape_ops(%x: tensor<8x16xf32>, %b: tensor<16xf32>) -> tensor<16x4xf32> {
  %t = hlo.transpose %x, dims = [1, 0] : (tensor<8x16xf32>) -> tensor<16x8xf32>
  %bb = hlo.broadcast_in_dim %b, dims = [0] : (tensor<16xf32>) -> tensor<16x8xf32>
  %i = hlo.iota dim = 1 : tensor<16x8xf32>
  %c = hlo.constant dense<2.0> : tensor<f32>
  %cb = hlo.broadcast_in_dim %c, dims = [] : (tensor<f32>) -> tensor<16x8xf32>
  %a = hlo.add %t, %bb : tensor<16x8xf32>
  %m = hlo.multiply %a, %i : tensor<16x8xf32>
  // expected-remark@+1 {{not fused into fusion (loop): its result is sliced inside the fusion, so it would be computed whole in a loop nest of its own}}
  %n = hlo.multiply %m, %cb : tensor<16x8xf32>
  %s = hlo.slice %n, starts = [0, 2], limits = [16, 6], strides = [1, 1] : (tensor<16x8xf32>) -> tensor<16x4xf32>
  %r = hlo.negate %s : tensor<16x4xf32>
  return %r : tensor<16x4xf32>
}

// -----

// A column sum read along the columns: rows are not independent, so the
// reduction stays the root of its own fusion.
func.func @column_sum_consumer(%x: tensor<16x8xf32>) -> tensor<16x8xf32> {
  %z = hlo.constant dense<0.0> : tensor<f32>
  // expected-remark@+1 {{not fused into fusion (loop): a reduction is the root of its fusion: its result joins only an epilogue over that result, a reduction over the same space, or (row fusion) consumers that read it row by row}}
  %s = hlo.reduce add(%x init %z) dims = [0] : (tensor<16x8xf32>, tensor<f32>) -> tensor<8xf32>
  %sb = hlo.broadcast_in_dim %s, dims = [1] : (tensor<8xf32>) -> tensor<16x8xf32>
  %d = hlo.divide %x, %sb : tensor<16x8xf32>
  return %d : tensor<16x8xf32>
}

// -----

// An expensive producer is not duplicated, and is not an extra result when
// that would create a cycle (the add depends on the concatenate, which
// reads exp). exp is not recomputed per element of a broadcast either.
func.func @expensive_not_duplicated(%x: tensor<8x8xf32>, %w: tensor<8x8xf32>, %v: tensor<8xf32>) -> (tensor<8x8xf32>, tensor<8x8xf32>) {
  // expected-remark@+2 {{not fused into `hlo.concatenate`: it is lowered as a kernel of its own}}
  // expected-remark@+1 {{not fused into fusion (loop): expensive producer `hlo.exponential` with 1 user outside the fusion; as an extra result: making it an extra result would create a cycle through `hlo.concatenate`}}
  %e = hlo.exponential %x : tensor<8x8xf32>
  // expected-remark@+1 {{not fused into fusion (loop): `hlo.concatenate` is not fusible: it is lowered as a kernel of its own}}
  %d = hlo.concatenate dim = 0, %e, %w : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  %s = hlo.slice %d, starts = [4, 0], limits = [12, 8], strides = [1, 1] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  %r = hlo.add %e, %s : tensor<8x8xf32>
  // expected-remark@+1 {{not fused into fusion (loop): expensive producer `hlo.log` would be recomputed for each of the 64 elements of `hlo.broadcast_in_dim`}}
  %l = hlo.log %v : tensor<8xf32>
  %lb = hlo.broadcast_in_dim %l, dims = [0] : (tensor<8xf32>) -> tensor<8x8xf32>
  %q = hlo.multiply %lb, %x : tensor<8x8xf32>
  return %r, %q : tensor<8x8xf32>, tensor<8x8xf32>
}

// -----

// A fusion never raises the peak memory: fusing the convert into the
// multiply would keep its f32 operand alive across the 16 KiB temporaries.
func.func @peak_memory(%x: tensor<1024xf32>, %y: tensor<2048xf32>) -> (tensor<4096xf32>, tensor<2048xf16>) {
  // expected-remark@+1 {{not fused into `hlo.convert`: `hlo.concatenate` is not fusible: it is lowered as a kernel of its own}}
  %a = hlo.concatenate dim = 0, %x, %x : (tensor<1024xf32>, tensor<1024xf32>) -> tensor<2048xf32>
  // expected-remark@+1 {{not fused into `hlo.multiply`: it would raise the estimated peak memory from 36864 to 40960 bytes}}
  %p = hlo.convert %a : (tensor<2048xf32>) -> tensor<2048xf16>
  // expected-remark@+1 {{not fused into `hlo.negate`: `hlo.concatenate` is not fusible: it is lowered as a kernel of its own}}
  %t = hlo.concatenate dim = 0, %y, %y : (tensor<2048xf32>, tensor<2048xf32>) -> tensor<4096xf32>
  %s = hlo.negate %t : tensor<4096xf32>
  %c = hlo.multiply %p, %p : tensor<2048xf16>
  return %s, %c : tensor<4096xf32>, tensor<2048xf16>
}

// -----

// Ops that are not hlo are fusion boundaries.
func.func @not_hlo(%x: tensor<8xf32>) -> tensor<8xf32> {
  // expected-remark@+1 {{not fused into `func.call`: it is not an hlo op}}
  %a = hlo.negate %x : tensor<8xf32>
  // expected-remark@+1 {{not fused into `hlo.abs`: `func.call` is not an hlo op}}
  %c = func.call @opaque(%a) : (tensor<8xf32>) -> tensor<8xf32>
  %b = hlo.abs %c : tensor<8xf32>
  return %b : tensor<8xf32>
}
func.func private @opaque(tensor<8xf32>) -> tensor<8xf32>

// -----

// A cheap producer whose copy would read more than its result is not
// copied into a consumer while a user that cannot compute a copy (the
// concatenate) keeps the result anyway; the extra result would be a cycle.
func.func @copy_reads_too_much(%a: tensor<8x8xf32>, %b: tensor<8x8xf32>, %c: tensor<8x8xf32>) -> tensor<8x8xf32> {
  %ab = hlo.add %a, %b : tensor<8x8xf32>
  // expected-remark@+2 {{not fused into `hlo.concatenate`: it is lowered as a kernel of its own}}
  // expected-remark@+1 {{not fused into fusion (loop): a copy of fusion (loop) would read 768 bytes the fusion does not read, more than the 256 bytes it replaces, which are written anyway for a user that cannot compute a copy; as an extra result: making it an extra result would create a cycle through `hlo.concatenate`}}
  %x = hlo.multiply %ab, %c : tensor<8x8xf32>
  // expected-remark@+1 {{not fused into fusion (loop): `hlo.concatenate` is not fusible: it is lowered as a kernel of its own}}
  %d = hlo.concatenate dim = 0, %x, %a : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<16x8xf32>
  %s = hlo.slice %d, starts = [4, 0], limits = [12, 8], strides = [1, 1] : (tensor<16x8xf32>) -> tensor<8x8xf32>
  %r = hlo.subtract %x, %s : tensor<8x8xf32>
  return %r : tensor<8x8xf32>
}

// -----

// A convolution of a dilated input is lowered by output phase, so its
// epilogue does not join it.
func.func @dilated_convolution_epilogue(%x: tensor<2x4x3x3xf32>, %w: tensor<3x3x3x4xf32>, %bias: tensor<4xf32>) -> tensor<2x8x6x4xf32> {
  // expected-remark @below {{not fused into fusion (loop): `hlo.convolution` is not fusible: its dilated input is lowered as a convolution per output phase, without the zeros}}
  %y = hlo.convolution %x, %w, dims = "b01f_01io->b01f", strides = [1, 1], padding = [1, 1] x [2, 2], lhs_dilation = [2, 2], rhs_dilation = [1, 1] : (tensor<2x4x3x3xf32>, tensor<3x3x3x4xf32>) -> tensor<2x8x6x4xf32>
  %bb = hlo.broadcast_in_dim %bias, dims = [3] : (tensor<4xf32>) -> tensor<2x8x6x4xf32>
  %s = hlo.add %y, %bb : tensor<2x8x6x4xf32>
  %z = hlo.constant dense<0.0> : tensor<2x8x6x4xf32>
  %r = hlo.maximum %s, %z : tensor<2x8x6x4xf32>
  return %r : tensor<2x8x6x4xf32>
}

// -----

// A long chain stays out of a fusion whose reductions each make a pass.
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
  // expected-remark @below {{not fused into fusion (input): a chain of 39 ops would be computed in each of the 2 passes of the reductions}}
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

// -----

// A gather read by a scatter-add is not copied into a column sum.
func.func @gather_not_duplicated(%t: tensor<6x4xf32>, %idx: tensor<16x1xi32>, %m: tensor<16x4xi1>) -> (tensor<6x4xf32>, tensor<4xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %zeros = hlo.constant dense<0.0> : tensor<16x4xf32>
  // expected-remark@+1 {{not fused into `hlo.scatter`: it is lowered as a kernel of its own}}
  %acc = hlo.constant dense<0.0> : tensor<6x4xf32>
  %g = hlo.gather %t[%idx], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 4] : (tensor<6x4xf32>, tensor<16x1xi32>) -> tensor<16x4xf32>
  // expected-remark@+2 {{not fused into `hlo.scatter`: it is lowered as a kernel of its own}}
  // expected-remark@+1 {{not fused into `hlo.reduce`: expensive producer `hlo.gather` with 1 user outside the fusion; as an extra result: it would raise the estimated peak memory from 448 to 464 bytes}}
  %d = hlo.select %m, %g, %zeros : tensor<16x4xi1>, tensor<16x4xf32>
  %s = hlo.scatter %acc[%idx], %d, update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1 : (tensor<6x4xf32>, tensor<16x1xi32>, tensor<16x4xf32>) -> tensor<6x4xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %sum = hlo.add %a, %b : tensor<f32>
    hlo.return %sum : tensor<f32>
  }
  %c = hlo.reduce add(%d init %z) dims = [0] : (tensor<16x4xf32>, tensor<f32>) -> tensor<4xf32>
  return %s, %c : tensor<6x4xf32>, tensor<4xf32>
}
