// --check fails with exit code 1 when a result differs from the
// interpreter's beyond the tolerance, and says where and by how much. With
// no tolerance, f32 tanh (not correctly rounded) differs somewhere.
// RUN: sh -c 'fuse-run %s --random-inputs=1 --check --rtol=0 --atol=0; echo "exit $?"' | FileCheck %s
// CHECK: @main result 0: MISMATCH at [{{[0-9]+}}, {{[0-9]+}}]: got {{[-0-9.e]+}}, expected {{[-0-9.e]+}}, tolerance 0.0e+00 (atol 0.0e+00, rtol 0.0e+00); {{[0-9]+}} of 4096 elements differ, max abs err {{.*}}, max rel err {{.*}}
// CHECK-NEXT: @main result 1: ok (4096 elements, exact)
// CHECK-NEXT: exit 1

// The default tolerance, or one given, accepts it.
// RUN: fuse-run %s --random-inputs=1 --check | FileCheck %s --check-prefix=OK
// RUN: fuse-run %s --random-inputs=1 --check --rtol=1e-6 --atol=0 | FileCheck %s --check-prefix=OK
// OK: @main result 0: ok (4096 elements, max abs err {{.*}} at [{{[0-9]+}}, {{[0-9]+}}], max rel err {{.*}})

// With --all-entries every entry is checked and reported, and a mismatch in
// one fails the run.
// RUN: sh -c 'fuse-run %s --all-entries --random-inputs=1 --check --rtol=0 --atol=0; echo "exit $?"' | FileCheck %s --check-prefix=ALL
// ALL: @main result 0: MISMATCH
// ALL-NEXT: @main result 1: ok
// ALL-NEXT: @exact result 0: ok (4 elements, exact)
// ALL-NEXT: exit 1

// RUN: sh -c 'fuse-run %s --random-inputs=1 --check --rtol=-1; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=NEGATIVE
// NEGATIVE: fuse-run: error: --rtol must be a number >= 0
// NEGATIVE-NEXT: exit 2

func.func @main(%x: tensor<64x64xf32>) -> (tensor<64x64xf32>, tensor<64x64xf32>) {
  %0 = hlo.tanh %x : tensor<64x64xf32>
  %1 = hlo.negate %x : tensor<64x64xf32>
  return %0, %1 : tensor<64x64xf32>, tensor<64x64xf32>
}

func.func @exact(%x: tensor<4xi32>) -> tensor<4xi32> {
  %0 = hlo.multiply %x, %x : tensor<4xi32>
  return %0 : tensor<4xi32>
}
