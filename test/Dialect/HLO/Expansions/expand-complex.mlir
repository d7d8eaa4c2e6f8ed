// Complex numbers become pairs of real tensors: the checks follow a
// product, a quotient, a sum, a complex matrix product (four real ones), a
// comparison and the transforms (products with cosine and sine matrices).
// The runs compare the compiled program, whose pipeline expands it, and the
// interpreter on the expanded program, with the interpreter on the original
// (which computes in std::complex<double> and sums transforms directly).
// RUN: fuse-opt %s --hlo-expand-complex | FileCheck %s
// RUN: fuse-run %s --random-inputs=2 --interpret --outputs=%t.ref
// RUN: fuse-opt %s --hlo-expand-complex | fuse-run - --random-inputs=2 --interpret --expected=%t.ref | FileCheck %s --check-prefix=EXEC
// RUN: fuse-run %s --random-inputs=2 --expected=%t.ref | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --hlo-expand-complex --fuse-elementwise | fuse-run - --random-inputs=2 --expected=%t.ref | FileCheck %s --check-prefix=EXEC
// The GPU's pipeline expands them too: its kernels, emulated on the CPU,
// and the PTX it makes.
// RUN: fuse-run %s --random-inputs=2 --expected=%t.ref --pipeline-options="emulate-gpu-tiling=true" | FileCheck %s --check-prefix=EXEC
// RUN: fuse-opt %s --hlo-lower-to-nvvm="format=isa" | FileCheck %s --check-prefix=PTX
// RUN: fuse-opt %S/Inputs/large-fft.mlir --hlo-expand-complex | FileCheck %s --check-prefix=LARGE
// RUN: fuse-run %S/Inputs/large-fft.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=LARGE-EXEC
// RUN: fuse-opt %S/Inputs/complex-loop.mlir --hlo-expand-complex | FileCheck %s --check-prefix=LOOP
// RUN: fuse-run %S/Inputs/complex-loop.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=LOOP-EXEC
// RUN: fuse-opt %S/Inputs/complex-branches.mlir --hlo-expand-complex | FileCheck %s --check-prefix=BRANCHES
// RUN: fuse-run %S/Inputs/complex-branches.mlir --inputs=%S/Inputs/complex-branches-z.npy,%S/Inputs/complex-branches-z.npy,%S/Inputs/complex-branches-1.npy --check | FileCheck %s --check-prefix=BRANCHES-EXEC
// RUN: fuse-run %S/Inputs/complex-branches.mlir --inputs=%S/Inputs/complex-branches-z.npy,%S/Inputs/complex-branches-z.npy,%S/Inputs/complex-branches-0.npy --check | FileCheck %s --check-prefix=BRANCHES-EXEC
// RUN: fuse-opt %S/Inputs/complex-gather.mlir --hlo-expand-complex | FileCheck %s --check-prefix=GATHER
// RUN: fuse-run %S/Inputs/complex-gather.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=BRANCHES-EXEC
// RUN: fuse-opt %S/Inputs/complex-functions.mlir --hlo-expand-complex | FileCheck %s --check-prefix=FUNCTIONS
// RUN: fuse-run %S/Inputs/complex-functions.mlir --random-inputs=1 --check | FileCheck %s --check-prefix=FUNCTIONS-EXEC
// RUN: fuse-run %S/Inputs/fft-by-hand.mlir --interpret | FileCheck %s --check-prefix=HAND
// RUN: fuse-run %S/Inputs/fft-by-hand.mlir | FileCheck %s --check-prefix=HAND
// RUN: fuse-run %S/Inputs/complex-division-limits.mlir --interpret | FileCheck %s --check-prefix=LIMITS
// RUN: fuse-run %S/Inputs/complex-division-limits.mlir | FileCheck %s --check-prefix=LIMITS
// RUN: not fuse-opt %S/Inputs/complex-unsupported.mlir --hlo-expand-complex 2>&1 | FileCheck %s --check-prefix=REFUSED

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %[[Z:.*]]: tensor<4x8xcomplex<f32>>, %[[W:.*]]: tensor<4x8xcomplex<f32>>, %[[X:.*]]: tensor<4x8xf32>
// The arguments are split where the body starts.
// CHECK-DAG: %[[WR:.*]] = hlo.real %[[W]]
// CHECK-DAG: %[[WI:.*]] = hlo.imag %[[W]]
// CHECK-DAG: %[[ZR:.*]] = hlo.real %[[Z]]
// CHECK-DAG: %[[ZI:.*]] = hlo.imag %[[Z]]
// (a + ic)(x + iy) = (ax - cy) + i(ay + cx)
// CHECK: %[[AX:.*]] = hlo.multiply %[[ZR]], %[[WR]]
// CHECK: %[[CY:.*]] = hlo.multiply %[[ZI]], %[[WI]]
// CHECK: %[[PR:.*]] = hlo.subtract %[[AX]], %[[CY]]
// CHECK: %[[AY:.*]] = hlo.multiply %[[ZR]], %[[WI]]
// CHECK: %[[CX:.*]] = hlo.multiply %[[ZI]], %[[WR]]
// CHECK: %[[PI:.*]] = hlo.add %[[AY]], %[[CX]]
// Smith's division picks the divisor's larger part.
// CHECK: hlo.compare GE
// The complex product: four real ones.
// CHECK-COUNT-4: hlo.dot_general {{.*}} -> tensor<4x4xf32>
// The sum: one per part.
// CHECK-COUNT-2: hlo.reduce add({{.*}}) dims = [1] : (tensor<4x4xf32>, tensor<f32>) -> tensor<4xf32>
// Equal where both parts are.
// CHECK: %[[EQR:.*]] = hlo.compare EQ
// CHECK: %[[EQI:.*]] = hlo.compare EQ
// CHECK: hlo.and %[[EQR]], %[[EQI]]
// RFFT of 8 points: the real signal against 8x5 cosines and sines.
// CHECK: hlo.dot_general %[[X]], %{{.*}}, contracting_dims = [1] x [0] : (tensor<4x8xf32>, tensor<8x5xf32>) -> tensor<4x5xf32>
// No complex value is computed on any more; the results are paired.
// The modulus of the quotient, scaled by its larger part.
// CHECK: hlo.maximum
// CHECK: hlo.minimum
// CHECK-NOT: hlo.multiply {{.*}}complex
// CHECK: %[[RESULT:.*]] = hlo.complex
// CHECK: return %[[RESULT]]

// EXEC-COUNT-6: result {{[0-9]}}: ok

// HAND: result 0: tensor<4xcomplex<f32>>
// HAND-NEXT: [1e+1{{[+-]}}{{[0-9.e-]+}}j, -2{{(\.0000002)?}}+{{(1\.9999998|2|2\.0000002)}}j, -2{{[+-]}}{{[0-9.e-]+}}j, -2{{(\.0000002)?}}-{{(1\.9999998|2|2\.0000002)}}j]
// HAND: result 1: tensor<4xf32>
// HAND-NEXT: [1, {{(1\.9999999|2)}}, 3, 4]

// LARGE: hlo.iota dim = 0 : tensor<1024x513xi64>
// LARGE: hlo.cosine {{.*}} : tensor<1024x513xf32>
// LARGE: hlo.iota dim = 0 : tensor<513x1024xi64>
// LARGE-EXEC-COUNT-2: result {{[0-9]}}: ok

// A loop carries the parts; its body returns them.
// LOOP: hlo.while(%{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}, %{{.*}} = %{{.*}}) : tensor<i32>, tensor<4xf32>, tensor<4xf32>
// LOOP: hlo.return %{{.*}}, %{{.*}}, %{{.*}} : tensor<i32>, tensor<4xf32>, tensor<4xf32>
// LOOP: hlo.complex
// LOOP-EXEC: result 0: ok

// Branches return the parts; the case's results are paired after it.
// BRANCHES: %[[R:.*]]:2 = hlo.case %{{.*}} -> tensor<4xf32>, tensor<4xf32>
// BRANCHES-COUNT-2: hlo.return %{{.*}}, %{{.*}} : tensor<4xf32>, tensor<4xf32>
// BRANCHES: hlo.complex %[[R]]#0, %[[R]]#1
// BRANCHES-EXEC: result 0: ok

// GATHER: func.func @main(%{{.*}}: tensor<5x4xcomplex<f32>>, %[[I:.*]]: tensor<3x1xi32>)
// GATHER-COUNT-2: hlo.gather %{{.*}}[%[[I]]], {{.*}} : (tensor<5x4xf32>, tensor<3x1xi32>) -> tensor<3x4xf32>

// Sine and cosine take sinh from expm1, which stays exact near 0.
// FUNCTIONS-COUNT-4: hlo.exponential_minus_one
// FUNCTIONS-NOT: complex<f32>> {{.*}}hlo.sine
// FUNCTIONS-EXEC-COUNT-5: result {{[0-9]}}: ok

// PTX: gpu.binary
// PTX-NOT: complex.mul

// LIMITS: [inf+infj, inf-infj, inf+infj, 0+0j, -0-0j, nan+nanj]

// REFUSED: error: hlo-expand-complex: only sums of complex numbers are supported

func.func @main(%z: tensor<4x8xcomplex<f32>>, %w: tensor<4x8xcomplex<f32>>,
                %x: tensor<4x8xf32>)
    -> (tensor<4x8xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4x8xi1>,
        tensor<4x8xf32>, tensor<4x8xcomplex<f32>>, tensor<4x8xf32>) {
  %p = hlo.multiply %z, %w : tensor<4x8xcomplex<f32>>
  %q = hlo.divide %p, %w : tensor<4x8xcomplex<f32>>
  %t = hlo.transpose %q, dims = [1, 0] : (tensor<4x8xcomplex<f32>>) -> tensor<8x4xcomplex<f32>>
  %d = hlo.dot_general %z, %t, contracting_dims = [1] x [0] : (tensor<4x8xcomplex<f32>>, tensor<8x4xcomplex<f32>>) -> tensor<4x4xcomplex<f32>>
  %zero = hlo.constant dense<(0.0, 0.0)> : tensor<complex<f32>>
  %sum = hlo.reduce add(%d init %zero) dims = [1] : (tensor<4x4xcomplex<f32>>, tensor<complex<f32>>) -> tensor<4xcomplex<f32>>
  %eq = hlo.compare EQ, %z, %z : tensor<4x8xcomplex<f32>>
  %r = hlo.fft %x, type = RFFT, length = [8] : (tensor<4x8xf32>) -> tensor<4x5xcomplex<f32>>
  %back = hlo.fft %r, type = IRFFT, length = [8] : (tensor<4x5xcomplex<f32>>) -> tensor<4x8xf32>
  %e = hlo.exponential %q : tensor<4x8xcomplex<f32>>
  %l = hlo.log %e : tensor<4x8xcomplex<f32>>
  %s = hlo.sqrt %l : tensor<4x8xcomplex<f32>>
  %f = hlo.fft %s, type = FFT, length = [4, 8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  %g = hlo.fft %f, type = IFFT, length = [8] : (tensor<4x8xcomplex<f32>>) -> tensor<4x8xcomplex<f32>>
  %m = hlo.abs %q : tensor<4x8xcomplex<f32>>
  return %g, %sum, %eq, %back, %p, %m : tensor<4x8xcomplex<f32>>, tensor<4xcomplex<f32>>, tensor<4x8xi1>, tensor<4x8xf32>, tensor<4x8xcomplex<f32>>, tensor<4x8xf32>
}
