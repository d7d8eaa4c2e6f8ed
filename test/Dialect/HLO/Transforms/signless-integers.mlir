// RUN: fuse-opt %s --hlo-signless-integers --split-input-file | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --all-entries --random-inputs=2 --check | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=EXEC

// --hlo-signless-integers on every op whose meaning depends on the sign,
// and on ops that only change type. EXEC compiles each function (the CPU
// pipeline runs the pass) against the interpreter of the unsigned program:
// random unsigned inputs are 0 to 8 and the 8 largest values, where signed
// and unsigned readings differ.

// EXEC-COUNT-6: @orders result {{[0-9]+}}: ok
// EXEC-COUNT-4: @arithmetic result {{[0-9]+}}: ok
// EXEC-COUNT-9: @conversions result {{[0-9]+}}: ok
// EXEC-COUNT-5: @indices_and_sorting result {{[0-9]+}}: ok
// EXEC-COUNT-3: @same_bits result {{[0-9]+}}: ok
// EXEC-COUNT-3: @u64_order result {{[0-9]+}}: ok
// EXEC-NOT: MISMATCH

// The signature, compare, maximum, minimum, clamp, abs and sign.
// CHECK-LABEL: func.func @orders(
// CHECK-SAME: %[[A:.*]]: tensor<6xi32>, %[[B:.*]]: tensor<6xi32>, %[[L:.*]]: tensor<i32>) -> (tensor<6xi1>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>, tensor<6xi32>)
// CHECK: %[[LT:.*]] = hlo.compare LT, %[[A]], %[[B]], UNSIGNED : tensor<6xi32>
// CHECK: %[[GT:.*]] = hlo.compare GT, %[[A]], %[[B]], UNSIGNED : tensor<6xi32>
// CHECK: %[[MAX:.*]] = hlo.select %[[GT]], %[[A]], %[[B]]
// CHECK: %[[LT2:.*]] = hlo.compare LT, %[[A]], %[[B]], UNSIGNED : tensor<6xi32>
// CHECK: %[[MIN:.*]] = hlo.select %[[LT2]], %[[A]], %[[B]]
// CHECK: %[[LOW:.*]] = hlo.broadcast_in_dim %[[L]]
// CHECK: hlo.compare GT, %[[A]], %[[LOW]], UNSIGNED
// CHECK: hlo.compare NE, %[[A]], %{{.*}}, UNSIGNED
// CHECK: %[[SIGN:.*]] = hlo.convert %{{.*}} : (tensor<6xi1>) -> tensor<6xi32>
// CHECK: return %[[LT]], %[[MAX]], %[[MIN]], %{{.*}}, %[[A]], %[[SIGN]]
func.func @orders(%a: tensor<6xui32>, %b: tensor<6xui32>, %l: tensor<ui32>) -> (tensor<6xi1>, tensor<6xui32>, tensor<6xui32>, tensor<6xui32>, tensor<6xui32>, tensor<6xui32>) {
  %lt = hlo.compare LT, %a, %b : tensor<6xui32>
  %max = hlo.maximum %a, %b : tensor<6xui32>
  %min = hlo.minimum %a, %b : tensor<6xui32>
  %c = hlo.clamp %l, %a, %b : tensor<ui32>, tensor<6xui32>, tensor<6xui32>
  %abs = hlo.abs %a : tensor<6xui32>
  %sign = hlo.sign %a : tensor<6xui32>
  return %lt, %max, %min, %c, %abs, %sign : tensor<6xi1>, tensor<6xui32>, tensor<6xui32>, tensor<6xui32>, tensor<6xui32>, tensor<6xui32>
}

// -----

// divide, remainder and power on values zero-extended to i64.
// CHECK-LABEL: func.func @arithmetic(
// CHECK: %[[WA:.*]] = hlo.convert %{{.*}} : (tensor<6xi8>) -> tensor<6xi64>
// CHECK: %[[MASK:.*]] = hlo.constant dense<255> : tensor<6xi64>
// CHECK: %[[ZA:.*]] = hlo.and %[[WA]], %[[MASK]]
// CHECK: %[[Q:.*]] = hlo.divide %[[ZA]], %{{.*}} : tensor<6xi64>
// CHECK: hlo.convert %[[Q]] : (tensor<6xi64>) -> tensor<6xi8>
// CHECK: hlo.remainder %{{.*}}, %{{.*}} : tensor<6xi64>
// CHECK: hlo.power %{{.*}}, %{{.*}} : tensor<6xi64>
// CHECK: hlo.add %{{.*}}, %{{.*}} : tensor<6xi16>
func.func @arithmetic(%a: tensor<6xui8>, %b: tensor<6xui8>, %c: tensor<6xui16>) -> (tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui16>) {
  %q = hlo.divide %a, %b : tensor<6xui8>
  %r = hlo.remainder %a, %b : tensor<6xui8>
  %p = hlo.power %a, %b : tensor<6xui8>
  %s = hlo.add %c, %c : tensor<6xui16>
  return %q, %r, %p, %s : tensor<6xui8>, tensor<6xui8>, tensor<6xui8>, tensor<6xui16>
}

// -----

// Conversions from unsigned values widen by zero extension; floats
// saturate to the unsigned range; u64 converts through 63-bit halves.
// CHECK-LABEL: func.func @conversions(
// CHECK: hlo.and %{{.*}}, %{{.*}} : tensor<6xi64>
// CHECK: hlo.convert %{{.*}} : (tensor<6xi64>) -> tensor<6xf32>
// CHECK: hlo.maximum %{{.*}}, %{{.*}} : tensor<6xi64>
// CHECK: hlo.minimum %{{.*}}, %{{.*}} : tensor<6xi64>
// CHECK: hlo.convert %{{.*}} : (tensor<6xi64>) -> tensor<6xi8>
// CHECK: hlo.shift_right_logical %{{.*}}, %{{.*}} : tensor<6xi64>
func.func @conversions(%a: tensor<6xui32>, %x: tensor<6xf32>, %w: tensor<6xui64>, %i: tensor<6xi16>) -> (tensor<6xf32>, tensor<6xui8>, tensor<6xf64>, tensor<6xui64>, tensor<6xi64>, tensor<6xui64>, tensor<6xui8>, tensor<6xi1>, tensor<6xui32>) {
  %f = hlo.convert %a : (tensor<6xui32>) -> tensor<6xf32>
  %big = hlo.constant dense<100.0> : tensor<6xf32>
  %scaled = hlo.multiply %x, %big : tensor<6xf32>
  %u8 = hlo.convert %scaled : (tensor<6xf32>) -> tensor<6xui8>
  %wf = hlo.convert %w : (tensor<6xui64>) -> tensor<6xf64>
  %huge = hlo.constant dense<[1.0e19, 2.0e19, -5.0, 9.3e18, 0x7FC00000, 3.5]> : tensor<6xf32>
  %fw = hlo.convert %huge : (tensor<6xf32>) -> tensor<6xui64>
  %wide = hlo.convert %a : (tensor<6xui32>) -> tensor<6xi64>
  %sext = hlo.convert %i : (tensor<6xi16>) -> tensor<6xui64>
  %narrow = hlo.convert %a : (tensor<6xui32>) -> tensor<6xui8>
  %pred = hlo.convert %a : (tensor<6xui32>) -> tensor<6xi1>
  %back = hlo.convert %pred : (tensor<6xi1>) -> tensor<6xui32>
  return %f, %u8, %wf, %fw, %wide, %sext, %narrow, %pred, %back : tensor<6xf32>, tensor<6xui8>, tensor<6xf64>, tensor<6xui64>, tensor<6xi64>, tensor<6xui64>, tensor<6xui8>, tensor<6xi1>, tensor<6xui32>
}

// -----

// Unsigned indices are zero-extended; topk sorts by an UNSIGNED compare; a
// sort comparator on unsigned keys compares them unsigned (a radix sort).
// CHECK-LABEL: func.func @indices_and_sorting(
// CHECK: hlo.and %{{.*}}, %{{.*}} : tensor<3xi64>
// CHECK: hlo.gather
// CHECK: hlo.sort
// CHECK: hlo.compare GT, %{{.*}}, %{{.*}}, UNSIGNED : tensor<i16>
// CHECK: hlo.compare LT, %{{.*}}, %{{.*}}, UNSIGNED : tensor<i32>
func.func @indices_and_sorting(%t: tensor<5x2xf32>, %i: tensor<3xui8>, %k: tensor<2x9xui16>, %u: tensor<12xui32>, %s: tensor<ui8>) -> (tensor<3x2xf32>, tensor<2x3xui16>, tensor<2x3xi32>, tensor<12xui32>, tensor<2x2xf32>) {
  %g = hlo.gather %t[%i], offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1, slice_sizes = [1, 2] : (tensor<5x2xf32>, tensor<3xui8>) -> tensor<3x2xf32>
  %v, %p = hlo.topk %k, k = 3 : tensor<2x9xui16>
  %sorted = hlo.sort(%u) dimension = 0, stable : tensor<12xui32> {
  ^bb0(%x: tensor<ui32>, %y: tensor<ui32>):
    %lt = hlo.compare LT, %x, %y : tensor<ui32>
    hlo.return %lt : tensor<i1>
  }
  %zero = hlo.constant dense<0> : tensor<ui8>
  %d = hlo.dynamic_slice %t[%s, %zero] sizes = [2, 2] : (tensor<5x2xf32>, tensor<ui8>, tensor<ui8>) -> tensor<2x2xf32>
  return %g, %v, %p, %sorted, %d : tensor<3x2xf32>, tensor<2x3xui16>, tensor<2x3xi32>, tensor<12xui32>, tensor<2x2xf32>
}

// -----

// Ops that mean the same on the bits only change type; constants are
// reinterpreted.
// CHECK-LABEL: func.func @same_bits(
// CHECK: %[[C:.*]] = hlo.constant dense<[-1, 7, -2147483648, 0, 1, 2]> : tensor<6xi32>
// CHECK: hlo.xor %{{.*}}, %[[C]] : tensor<6xi32>
// CHECK: hlo.shift_right_arithmetic %{{.*}}, %{{.*}} : tensor<6xi32>
// CHECK: hlo.bitcast_convert %{{.*}} : (tensor<6xi32>) -> tensor<6xf32>
func.func @same_bits(%a: tensor<6xui32>) -> (tensor<6xui32>, tensor<6xui32>, tensor<6xf32>) {
  %c = hlo.constant dense<[4294967295, 7, 2147483648, 0, 1, 2]> : tensor<6xui32>
  %x = hlo.xor %a, %c : tensor<6xui32>
  %three = hlo.constant dense<3> : tensor<6xui32>
  %s = hlo.shift_right_arithmetic %x, %three : tensor<6xui32>
  %f = hlo.bitcast_convert %x : (tensor<6xui32>) -> tensor<6xf32>
  return %x, %s, %f : tensor<6xui32>, tensor<6xui32>, tensor<6xf32>
}

// -----

// u64 values of 2^63 and more order above the others; SIGNED on unsigned
// values reads their bits as signed.
// CHECK-LABEL: func.func @u64_order(
// CHECK: hlo.compare GT, %{{.*}}, %{{.*}}, UNSIGNED : tensor<i64>
// CHECK: hlo.compare LT, %{{.*}}, %{{.*}}, SIGNED : tensor<6xi8>
func.func @u64_order(%w: tensor<9xui64>, %a: tensor<6xui8>, %b: tensor<6xui8>) -> (tensor<3xui64>, tensor<3xi32>, tensor<6xi1>) {
  %v, %i = hlo.topk %w, k = 3 : tensor<9xui64>
  %lt = hlo.compare LT, %a, %b, SIGNED : tensor<6xui8>
  return %v, %i, %lt : tensor<3xui64>, tensor<3xi32>, tensor<6xi1>
}
