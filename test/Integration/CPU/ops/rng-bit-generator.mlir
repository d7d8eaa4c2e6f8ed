// hlo.rng_bit_generator compiled and interpreted. Known values: 64-bit
// outputs from JAX (jax_enable_x64), with the state of
// Target/HLOText/jax-rng-bit-generator.test (its 8- to 32-bit outputs are
// checked there); a three-word Philox state, which JAX cannot pass, from
// Philox-4x32-10 with the 128-bit counter (state[1] low, state[2] high)
// that XLA's expander forms. Then random states over the shapes and types
// whose words XLA places differently, compiled against the interpreter,
// directly and fused.
// RUN: fuse-run %s --entry=known | FileCheck %s
// RUN: fuse-run %s --entry=known --interpret | FileCheck %s
// RUN: fuse-run %s --all-entries --random-inputs=1 --check | FileCheck %s --check-prefix=CHECKED
// RUN: fuse-opt %s --fuse-elementwise | fuse-run - --all-entries --random-inputs=2 --check | FileCheck %s --check-prefix=CHECKED

// CHECK:      @known result 0: tensor<2xui64>
// CHECK-NEXT: [180694046328, 1]
// CHECK-NEXT: @known result 1: tensor<3xui64>
// CHECK-NEXT: [2268083597827674217, 14004017945893611031, 3791971691922919051]
// CHECK-NEXT: @known result 2: tensor<2xui64>
// CHECK-NEXT: [180694046328, 0]
// CHECK-NEXT: @known result 3: tensor<3xui64>
// CHECK-NEXT: [4729693132795552533, 16888805192533149788, 1563158918504730120]
// CHECK-NEXT: @known result 4: tensor<3xui64>
// CHECK-NEXT: [25769803781, 1, 2]
// CHECK-NEXT: @known result 5: tensor<12xui32>
// CHECK-NEXT: [3140340557, 1892553608, 3950042834, 243602141, 2372954785, 3430237167, 71086662, 1406415375, 2939042806, 525036486, 3509226110, 517708897]
func.func @known() -> (tensor<2xui64>, tensor<3xui64>, tensor<2xui64>, tensor<3xui64>, tensor<3xui64>, tensor<12xui32>) {
  %s = hlo.constant dense<[180694046328, 18446744073709551614]> : tensor<2xui64>
  %s1, %t = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  %s2, %p = hlo.rng_bit_generator %s, algorithm = philox : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3xui64>)
  %s3 = hlo.constant dense<[25769803781, 18446744073709551614, 1]> : tensor<3xui64>
  %s4, %q = hlo.rng_bit_generator %s3, algorithm = philox : (tensor<3xui64>) -> (tensor<3xui64>, tensor<12xui32>)
  return %s1, %t, %s2, %p, %s4, %q : tensor<2xui64>, tensor<3xui64>, tensor<2xui64>, tensor<3xui64>, tensor<3xui64>, tensor<12xui32>
}

// CHECKED-NOT: MISMATCH
// CHECKED-COUNT-28: ok

func.func @three_fry_scalar(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<ui32>)
  return %s2, %b : tensor<2xui64>, tensor<ui32>
}

func.func @three_fry_odd(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xi32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x5xi32>)
  return %s2, %b : tensor<2xui64>, tensor<3x5xi32>
}

func.func @three_fry_even_inner(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4x2xui8>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<3x4x2xui8>)
  return %s2, %b : tensor<2xui64>, tensor<3x4x2xui8>
}

func.func @three_fry_wide(%s: tensor<2xi64>) -> (tensor<2xi64>, tensor<2x3xi64>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xi64>) -> (tensor<2xi64>, tensor<2x3xi64>)
  return %s2, %b : tensor<2xi64>, tensor<2x3xi64>
}

func.func @three_fry_empty(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xui16>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<0x3xui16>)
  return %s2, %b : tensor<2xui64>, tensor<0x3xui16>
}

func.func @three_fry_large(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<33x65xui32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<33x65xui32>)
  return %s2, %b : tensor<2xui64>, tensor<33x65xui32>
}

func.func @philox_odd(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = philox : (tensor<2xui64>) -> (tensor<2xui64>, tensor<7xui32>)
  return %s2, %b : tensor<2xui64>, tensor<7xui32>
}

func.func @philox_bytes(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xi8>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = philox : (tensor<2xui64>) -> (tensor<2xui64>, tensor<2x3xi8>)
  return %s2, %b : tensor<2xui64>, tensor<2x3xi8>
}

func.func @philox_wide(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui64>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = philox : (tensor<3xui64>) -> (tensor<3xui64>, tensor<5xui64>)
  return %s2, %b : tensor<3xui64>, tensor<5xui64>
}

func.func @default_large(%s: tensor<3xui64>) -> (tensor<3xui64>, tensor<64x31xui32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = default : (tensor<3xui64>) -> (tensor<3xui64>, tensor<64x31xui32>)
  return %s2, %b : tensor<3xui64>, tensor<64x31xui32>
}

// Uniform floats in [1, 2) from the high 23 bits, as jax.random builds them.
func.func @uniform(%s: tensor<2xui64>) -> (tensor<2xui64>, tensor<16x8xf32>) {
  %s2, %b = hlo.rng_bit_generator %s, algorithm = three_fry : (tensor<2xui64>) -> (tensor<2xui64>, tensor<16x8xui32>)
  %nine = hlo.constant dense<9> : tensor<16x8xui32>
  %one = hlo.constant dense<1065353216> : tensor<16x8xui32>
  %m = hlo.shift_right_logical %b, %nine : tensor<16x8xui32>
  %f = hlo.or %m, %one : tensor<16x8xui32>
  %r = hlo.bitcast_convert %f : (tensor<16x8xui32>) -> tensor<16x8xf32>
  return %s2, %r : tensor<2xui64>, tensor<16x8xf32>
}
